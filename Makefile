# The two commands a new user needs:
#   make play   set up .venv with what playing needs and start the browser game on
#               http://127.0.0.1:8000/
#   make test   add the dev tools to .venv and run every check and test
# Also: make play-terminal (the terminal game); make setup (.venv with the dev tools, no
# tests run); make docs (the documentation site with the API reference, in build/site);
# make mypyc / make mypyc-clean (rebuild or remove the compiled engine, docs/performance.md,
# "Compiled with mypyc").
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play play-setup play-terminal test lint typecheck jscheck docs unit setup clean mypyc mypyc-clean

# Two installs into one .venv. $(STAMP), for playing: the package, editable, with its runtime
# dependencies only, and the tools that compile its engine (setuptools, mypy's mypyc), so the
# build below uses them with no isolated build environment of its own. $(DEV_STAMP), for
# working on it: the dev extra on top (test, lint and type tools, the rl and ray extras).
# The compiled modules are built below: the same build `pip install -e .` makes, but redone
# whenever one of their sources changed.
BUILD_TOOLS := pip 'setuptools>=77' wheel 'mypy>=1.10'
DEV_STAMP := $(VENV)/.installed-dev

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade $(BUILD_TOOLS)
	RAILWAYS_MYPYC=0 $(BIN)/pip install --quiet --no-build-isolation -e .
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	RAILWAYS_MYPYC=0 $(BIN)/pip install --quiet --no-build-isolation -e '.[dev]'
	touch $(DEV_STAMP)

# The engine's hot core compiled with mypyc, in place (setup.py lists the modules). If it
# cannot be built (no C compiler, say), setup.py says why and the engine stays pure Python,
# unless RAILWAYS_MYPYC=1 (CI) makes that an error; RAILWAYS_MYPYC=0 skips it.
COMPILED := $(VENV)/.compiled
MYPYC_SOURCES := $(shell $(PYTHON) setup.py --mypyc-sources)
NATIVE_SOURCES := $(wildcard src/railways/core/*.c)  # setup.py's NATIVE_HELPERS
PRINT_ENGINE := $(BIN)/python -c 'import sys, railways._build as b; sys.exit(b.main(sys.argv[1:]))'

$(COMPILED): setup.py $(MYPYC_SOURCES) $(NATIVE_SOURCES) | $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace
	@$(PRINT_ENGINE)
	@touch $(COMPILED)

# What playing needs; `make setup` adds the dev tools.
play-setup: $(STAMP) $(COMPILED)

setup: $(DEV_STAMP) $(COMPILED)

play: play-setup
	@echo "Open http://127.0.0.1:8000/ in your browser (Ctrl-C stops the server)."
	$(BIN)/railways serve

play-terminal: play-setup
	$(BIN)/railways play

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

# The browser game's JavaScript: TypeScript's compiler over its JSDoc types, and ESLint
# (package.json's devDependencies, installed from package-lock.json; nothing is built).
JS_STAMP := node_modules/.railways-installed

$(JS_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(JS_STAMP)

jscheck: $(JS_STAMP)
	node_modules/.bin/tsc --noEmit -p jsconfig.json
	node_modules/.bin/eslint --max-warnings 0 src/railways/web/static eslint.config.js

# The documentation site, API reference included (mkdocs.yml): a broken link, an unknown name
# or a docstring mkdocstrings cannot read fails it. Open build/site/index.html.
docs: $(DEV_STAMP)
	$(BIN)/mkdocs build --quiet --strict

unit: setup
	@$(PRINT_ENGINE)
	$(BIN)/pytest -n auto

test: lint typecheck jscheck docs unit

# Rebuild the compiled modules now, failing if they cannot be built. RAILWAYS_PURE_PYTHON=1
# ignores a build at run time; mypyc-clean removes it (`make setup` builds it again).
mypyc: $(STAMP)
	RAILWAYS_MYPYC=1 $(BIN)/python setup.py --quiet build_ext --inplace
	@$(PRINT_ENGINE) --require
	@touch $(COMPILED)

mypyc-clean:
	rm -rf build $(COMPILED)
	find src -name '*.so' -delete

clean: mypyc-clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules
