# The two commands of the README: `make run` and `make test`. `make bench` prints the figures.
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
# Reinstall when pyproject.toml changes.
DEPS_KEY := $(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test bench demo clean

# The app's bytecode is written up front (compileall only redoes changed files): with PYTHONDONTWRITEBYTECODE set,
# or a read-only install as on the Pi, every start would otherwise compile the app's sources again.
COMPILE := $(VPY) -m compileall -q companion bench >/dev/null

run: $(VENV)/.app-$(DEPS_KEY)
	@tools/system-deps.sh run
	@$(COMPILE)
	@$(VPY) -m companion run; rc=$$?; [ $$rc -eq 3 ] || exit $$rc

test: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	@$(COMPILE)
	$(VPY) -m pytest

bench: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	@$(COMPILE)
	$(VPY) -m bench

demo: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(COMPILE)
	$(VPY) -m companion demo --out artifacts/demo

$(VENV)/bin/python:
	@$(PYTHON) -m venv $(VENV)
	@$(VPY) -m pip install -q --upgrade pip

$(VENV)/.app-$(DEPS_KEY): $(VENV)/bin/python pyproject.toml
	@$(VPY) -m pip install -q -e .
	@rm -f $(VENV)/.app-* && touch $@

$(VENV)/.test-$(DEPS_KEY): $(VENV)/bin/python pyproject.toml
	@$(VPY) -m pip install -q -e '.[test]'
	@rm -f $(VENV)/.test-* $(VENV)/.app-* && touch $@ $(VENV)/.app-$(DEPS_KEY)

clean:
	rm -rf $(VENV) artifacts .pytest_cache
