# cardgen: every target creates or refreshes .venv itself.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAMES := shards splatterkins splatoon blublers yokai-sketch

.PHONY: demo test check bench clean-venv

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,dev]'
	touch $(STAMP)

# Build every example game: check each game's data, validate every example deck.
# Illegal example decks are meant to be illegal (exit 1); bad input (exit 2) fails the demo.
demo: $(STAMP)
	$(BIN)/cardgen games
	@for game in $(GAMES); do $(BIN)/cardgen check $$game || exit 1; done
	@$(BIN)/cardgen validate decks/*/decks/*; status=$$?; [ $$status -le 1 ] || exit $$status

test: $(STAMP)
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/ruff check cardgen tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean-venv:
	rm -rf $(VENV)
