# The two commands a new user needs:
#   make play   set up .venv and start the browser game on http://127.0.0.1:8000/
#   make test   set up .venv and run every check and test
# Also: make play-terminal (the terminal game); make mypyc / make mypyc-clean (the optional
# compiled engine, docs/performance.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play play-terminal test lint typecheck jscheck unit setup clean mypyc mypyc-clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	@echo "Open http://127.0.0.1:8000/ in your browser (Ctrl-C stops the server)."
	$(BIN)/railways serve

play-terminal: $(STAMP)
	$(BIN)/railways play

lint: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools

typecheck: $(STAMP)
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

unit: $(STAMP)
	$(BIN)/pytest -n auto

test: lint typecheck jscheck unit

# The engine's hot core and the greedy bot compiled with mypyc, in place (setup.py lists the
# modules). Opt-in: `make test` and CI stay pure Python; RAILWAYS_PURE_PYTHON=1 ignores a
# build that is here.
mypyc: $(STAMP)
	RAILWAYS_MYPYC=1 $(BIN)/python setup.py build_ext --inplace

mypyc-clean:
	rm -rf build
	find src -name '*.so' -delete

clean: mypyc-clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules
