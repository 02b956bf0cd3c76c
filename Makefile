# The two commands of the README: `make run` and `make test`. `make bench` prints the figures.
# The virtual environment is made from Debian's Python 3 when it can make one (Raspberry Pi OS runs the app with it,
# so the tests run on the interpreter the Pi has; its optimised build also plays simulated games in ~11% fewer
# instructions than a plain source build), else from the first `python3` on PATH. `make PYTHON=...` picks another.
SYSTEM_PYTHON := $(shell /usr/bin/python3 -c 'import sys, venv, ensurepip; assert sys.version_info >= (3, 11); print(sys.executable)' 2>/dev/null)
PYTHON ?= $(or $(SYSTEM_PYTHON),python3)
VENV := .venv
VPY := $(VENV)/bin/python
# Reinstall when pyproject.toml changes.
DEPS_KEY := $(shell cksum pyproject.toml | cut -d' ' -f1)

.PHONY: run test test-fast lint bench demo clean

# The app's bytecode is written up front (compileall only redoes changed files): with PYTHONDONTWRITEBYTECODE set,
# or a read-only install as on the Pi, every start would otherwise compile the app's sources again.
COMPILE := $(VPY) -m compileall -q companion bench >/dev/null

run: $(VENV)/.app-$(DEPS_KEY)
	@tools/system-deps.sh run
	@$(VPY) -m companion.locale.build
	@$(COMPILE)
	@$(VPY) -m companion run; rc=$$?; [ $$rc -eq 3 ] || exit $$rc

# Every test at the `ci` depth (tests/depth.py; `make test PYTEST_ARGS="--depth nightly"` runs every drill in full),
# then the 15 slowest, on three pytest-xdist workers for two cores (a UI test waits on its app's window and its files
# part of the time, which a third worker fills): a module's tests stay on one worker, so its module fixtures are set
# up once (tests/workers.py; `make test WORKERS=` runs one process). docs/contributing.md has the figures.
PYTEST_ARGS ?=
WORKERS ?= -n 3 --dist loadfile
# pytest keeps the test modules it rewrote (its asserts) as bytecode, unless PYTHONDONTWRITEBYTECODE is set: then each
# run, and each pytest a test starts, rewrote all 300 modules again (12 to 16 s of a 16 s collection).
TESTS_WRITE_BYTECODE := PYTHONDONTWRITEBYTECODE=
test: lint
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	@$(COMPILE)
	$(TESTS_WRITE_BYTECODE) $(VPY) -m pytest --durations=15 $(WORKERS) $(PYTEST_ARGS)

# The fast loop: the same gates, then every test that needs no window, no Debian tool and is no slow drill (the `ui`,
# `tools` and `slow` marks, which the tests' conftests give: docs/contributing.md). No virtual screen and no Debian
# packages: it runs where Xvfb and shellcheck are not installed. Two workers, as `make test`.
test-fast: lint
	@$(VPY) -m companion.locale.build
	$(TESTS_WRITE_BYTECODE) $(VPY) -m pytest -m "not ui and not slow and not tools" $(WORKERS)

# The linter, the format check and the type checker: what `make test` and `make test-fast` (so CI) run before the
# tests. An unused import, an unsorted import block, an unformatted file or a type error fails it, named
# (tests/system/test_make_lint.py). mypy's settings are in pyproject.toml.
lint: $(VENV)/.test-$(DEPS_KEY)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

bench: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	@$(COMPILE)
	$(VPY) -m bench

demo: $(VENV)/.test-$(DEPS_KEY)
	@tools/system-deps.sh test
	@$(VPY) -m companion.locale.build
	@$(COMPILE)
	$(VPY) -m companion demo --out artifacts/demo

$(VENV)/bin/python:
	@$(PYTHON) -m venv $(VENV)
	@$(VPY) -m pip install -q --upgrade pip

$(VENV)/.app-$(DEPS_KEY): $(VENV)/bin/python pyproject.toml
	@PYTHONWARNINGS='ignore:Editable installation' $(VPY) -m pip install -q -e .
	@rm -f $(VENV)/.app-* && touch $@

$(VENV)/.test-$(DEPS_KEY): $(VENV)/bin/python pyproject.toml
	@PYTHONWARNINGS='ignore:Editable installation' $(VPY) -m pip install -q -e '.[test]'
	@rm -f $(VENV)/.test-* $(VENV)/.app-* && touch $@ $(VENV)/.app-$(DEPS_KEY)

clean:
	rm -rf $(VENV) artifacts .pytest_cache
