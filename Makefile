# The two commands a new user needs:
#   make play   set up .venv and start the browser game on http://127.0.0.1:8000/
#   make test   set up .venv and run every check and test
# Also: make play-terminal (the terminal game).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play play-terminal test lint typecheck unit setup clean

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

unit: $(STAMP)
	$(BIN)/pytest -n auto

test: lint typecheck unit

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
