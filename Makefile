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

# Build every example game into output/: check each game's data, validate every example
# deck (illegal examples are meant to be illegal: exit 1 is fine, bad input fails the demo),
# then an A4 and a Letter duplex PDF of every game's box, the Splatoon board poster, and a
# Tabletop Simulator saved object of every game.
demo: $(STAMP)
	$(BIN)/cardgen games
	@for game in $(GAMES); do $(BIN)/cardgen check $$game || exit 1; done
	@$(BIN)/cardgen validate decks/*/decks/*; status=$$?; [ $$status -le 1 ] || exit $$status
	@for game in $(GAMES); do \
	  $(BIN)/cardgen pnp $$game --paper a4 --duplex long || exit 1; \
	  $(BIN)/cardgen pnp $$game --paper letter --duplex long || exit 1; \
	  $(BIN)/cardgen tts $$game || exit 1; \
	done
	$(BIN)/cardgen pnp splatoon --board --paper a4
	$(BIN)/cardgen pnp splatoon --board --paper letter

test: $(STAMP)
	$(BIN)/python -m pytest

# Regenerate the golden images after a reviewed rendering change; look at the diff.
goldens: $(STAMP)
	CARDGEN_UPDATE_GOLDENS=1 $(BIN)/python -m pytest tests/render/test_goldens.py -q

check: $(STAMP)
	$(BIN)/ruff check cardgen tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean-venv:
	rm -rf $(VENV)
