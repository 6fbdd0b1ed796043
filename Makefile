# cardgen: every target creates or refreshes .venv itself.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAMES := shards splatterkins splatoon blublers yokai-sketch

.PHONY: demo test check bench goldens clean-venv

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,dev]'
	touch $(STAMP)

# Build every example game into output/ with one `cardgen build`: check and lint each game,
# render its cards (only those that changed since the last build), write an A4 and a Letter
# duplex PDF, the Splatoon board posters and a Tabletop Simulator saved object for each game.
# Then validate every example deck (illegal examples are meant to be illegal: exit 1 is fine,
# bad input fails the demo).
demo: $(STAMP)
	$(BIN)/cardgen build $(GAMES)
	@$(BIN)/cardgen validate decks/*/decks/* > output/decks.txt; status=$$?; \
	  tail -n 1 output/decks.txt; [ $$status -le 1 ] || exit $$status

test: $(STAMP)
	$(BIN)/python -m pytest

# Regenerate the golden images after a reviewed rendering change; look at the diff.
goldens: $(STAMP)
	CARDGEN_UPDATE_GOLDENS=1 $(BIN)/python -m pytest tests/render/test_goldens.py -q

check: $(STAMP)
	$(BIN)/ruff check cardgen tests benchmarks
	$(BIN)/mypy

# Bytecode first: the benchmarks time `cardgen` as an installed tool starts, not a first run
# that compiles its modules (with PYTHONDONTWRITEBYTECODE set, every run would).
bench: $(STAMP)
	$(BIN)/python -m compileall -q cardgen
	$(BIN)/python benchmarks/run.py

clean-venv:
	rm -rf $(VENV)
