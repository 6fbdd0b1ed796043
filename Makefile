# cardgen: every target creates or refreshes .venv itself.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# Three stamps: `make demo` installs only what cardgen needs to run; `make test` and
# `goldens` also the test tools; `make check` and `bench` the test and dev tools (each set
# covers the ones before it).
RUNTIME := $(VENV)/.installed-runtime
TESTING := $(VENV)/.installed-test
DEV := $(VENV)/.installed-dev
MUTATE := $(VENV)/.installed-mutate
GAMES := shards splatterkins splatoon blublers yokai-sketch

.PHONY: demo test test-under-load check bench goldens mutate clean-venv

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUNTIME): pyproject.toml | $(BIN)/python
	@echo "installing cardgen and the libraries it needs to run into $(VENV)/ (pip install -e .)"
	$(PIP) -e .
	touch $(RUNTIME)

$(TESTING): pyproject.toml | $(BIN)/python
	@echo "installing cardgen with its test tools into $(VENV)/ (pip install -e '.[test]')"
	$(PIP) -e '.[test]'
	touch $(TESTING) $(RUNTIME)

$(DEV): pyproject.toml | $(BIN)/python
	@echo "installing cardgen with its test and dev tools into $(VENV)/ (pip install -e '.[test,dev]')"
	$(PIP) -e '.[test,dev]'
	touch $(DEV) $(TESTING) $(RUNTIME)

$(MUTATE): pyproject.toml | $(BIN)/python
	@echo "installing cardgen with its test tools and mutmut into $(VENV)/ (pip install -e '.[test,mutate]')"
	$(PIP) -e '.[test,mutate]'
	touch $(MUTATE) $(RUNTIME)

# Build every example game into output/ with one `cardgen build`: check and lint each game,
# render its cards (only those that changed since the last build), write an A4 and a Letter
# duplex PDF, the Splatoon board posters and a Tabletop Simulator saved object for each game.
# Then validate every example deck (illegal examples are meant to be illegal: exit 1 is fine,
# bad input fails the demo).
demo: $(RUNTIME)
	$(BIN)/cardgen build $(GAMES)
	@$(BIN)/cardgen validate decks/*/decks/* > output/decks.txt; status=$$?; \
	  tail -n 1 output/decks.txt; [ $$status -le 1 ] || exit $$status

# The suite reads PDFs and pages back as a printer and a browser would: .ci/system-tools
# installs Debian's qpdf, poppler-utils and chromium where they are missing (as root).
# The suite runs on every core, at most 4 (pytest-xdist: a worker per core; the builds in
# it share their cores too, so more workers gain little); the 20 slowest tests are listed last.
# Bytecode is kept for the run, under .venv/pycache (not beside the sources): with
# PYTHONDONTWRITEBYTECODE set, as on this project's machines, each worker would rewrite the
# assertions of every test module again, and each of the hundreds of `cardgen` processes the
# suite starts would compile cardgen's modules again (about 10 s and a minute of CPU).
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache
test: $(TESTING)
	@.ci/system-tools
	$(TEST_ENV) $(BIN)/python -m pytest -n auto --maxprocesses=4 --durations=20

# The whole suite three times in a row while a busy loop runs on every core (as a CI machine
# shared with other work): every run must pass (tools/under_load.py; docs/testing.md).
test-under-load: $(TESTING)
	@.ci/system-tools
	$(TEST_ENV) $(BIN)/python tools/under_load.py --runs 3

# Regenerate the golden images after a reviewed rendering change; look at the diff.
goldens: $(TESTING)
	CARDGEN_UPDATE_GOLDENS=1 $(BIN)/python -m pytest tests/render/test_goldens.py tests/render/test_own_assets_game.py -q

# Lint, types, the layers the stages import in (import-linter: pyproject's contracts), the
# complexity gate (xenon: no function past radon's grade D, no module's average past C, the
# package's average A) and dead code (vulture; tools/vulture_whitelist.py names what is used
# where it cannot see).
check: $(DEV)
	$(BIN)/ruff check cardgen tests benchmarks tools
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/xenon --max-absolute C --max-modules C --max-average A cardgen
	$(BIN)/vulture cardgen tools/vulture_whitelist.py --min-confidence 60

# Bytecode first: the benchmarks time `cardgen` as an installed tool starts, not a first run
# that compiles its modules (with PYTHONDONTWRITEBYTECODE set, every run would).
# The edit-to-screen benchmark (bench_serve.py) drives headless Chromium through selenium:
# without chromium and chromedriver it is skipped, its row saying what is missing.
bench: $(DEV)
	$(BIN)/python -m compileall -q cardgen
	$(BIN)/python benchmarks/run.py

# Mutation testing with mutmut (docs/testing.md): the score of each module that decides what
# a user gets, or of the one named, e.g. `make mutate MODULE=cardgen/check/bounds.py`.
# Not part of `make test`: a full run took about 100 minutes with MUTATE_JOBS=1 on two
# shared cores.
# `make mutate MODULE=... SURVIVORS=1` tries only the last run's survivors again.
MODULE ?=
MUTATE_JOBS ?= 2
mutate: $(MUTATE)
	$(BIN)/python -m tests.mutation --jobs $(MUTATE_JOBS)$(if $(SURVIVORS), --survivors) $(MODULE)

clean-venv:
	rm -rf $(VENV)
