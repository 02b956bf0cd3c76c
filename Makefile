# The two commands of the README: `make run` and `make test`. `make bench` prints the figures.
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
# Reinstall when pyproject.toml changes.
DEPS_KEY := $(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test bench demo clean

run: $(VENV)/.app-$(DEPS_KEY)
	@tools/system-deps.sh run
	@$(VPY) -m companion run; rc=$$?; [ $$rc -eq 3 ] || exit $$rc

test: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	$(VPY) -m pytest

bench: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	$(VPY) -m bench

demo: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
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
