# Two commands set everything up on a fresh machine:
#   make run   - venv + install, ingest the sample corpus in data/corpus, answer a sample question (embedded defaults;
#                the sample's vocabulary from data/corpus.env)
#   make test  - venv + install (with dev extras), ruff, mypy (strict on rag_bot/agent and rag_bot/retrieval), the
#                whole test suite (tests/unit and tests/e2e)
# make test-unit runs ruff and the unit tier only (no process, no server: under a minute); see CONTRIBUTING.md.
# make image builds the container image with podman (deploy/build_image.sh; docs/deployment.md); make test-container
# builds it and runs it end to end (tests/e2e/test_container.py: CI's own step, left out of make test).
# make test-random runs the whole suite in a seeded random order (SEED=random draws one; the header prints it).
# make test, test-e2e and test-random run the tests in TEST_WORKERS processes (pytest-xdist, a file's tests on one
# worker); TEST_WORKERS=0 runs them in one process, as pytest alone does (CONTRIBUTING.md).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
QUESTION ?= What was said about silence on 1969-01-23?
IMAGE ?= rag-bot:latest

SEED ?= random
TEST_WORKERS ?= 2
WORKERS := -n $(TEST_WORKERS) --dist loadfile
# the CPU-time growth tests (marker cpu_growth) run after the workers, in one process with the machine to
# themselves: a second worker sharing the two cores inflated one ratio from ~5x to 8.2x. Exit code 5 (nothing
# collected, e.g. PYTEST_ARGS naming other files) is not a failure.
GROWTH := $(BIN)/python -m pytest -q -p no:cacheprovider

.PHONY: run test test-unit test-e2e test-random test-container image install install-dev system-deps lint bench clean voice-fixture

# Debian packages rag-bot runs: Tesseract with English and Hindi data (OCR of images and scanned PDF pages),
# Poppler's pdftoppm (draws a PDF page for OCR and for the bot's /source) and FreeDict's English-Hindi dictionary
# (GPL-2+, read at run time: more words for matching Hindi and English across scripts; docs/architecture.md, The
# bilingual dictionary). Installed by `make install` when run as root with apt-get; anyone else runs the one
# command printed. Each is optional: without it that part says it is missing or does less. The tests also draw
# Hindi text with a Devanagari font (fonts-lohit-deva).
SYSTEM_PACKAGES := tesseract-ocr tesseract-ocr-eng tesseract-ocr-hin poppler-utils dict-freedict-eng-hin
TEST_PACKAGES := fonts-lohit-deva

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python system-deps
	$(BIN)/pip install -q -e .

install-dev: $(BIN)/python
	$(MAKE) --no-print-directory system-deps PACKAGES="$(SYSTEM_PACKAGES) $(TEST_PACKAGES)"
	$(BIN)/pip install -q -e '.[dev]'

PACKAGES ?= $(SYSTEM_PACKAGES)
system-deps:
	@missing=$$(for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -z "$$missing" ]; then exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing $$missing (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else echo "rag-bot reads scanned documents and matches Hindi and English words with packages not installed here; run once:"; \
	  echo "  sudo apt-get install $$missing"; fi

run: install
	set -a && . ./data/corpus.env && set +a && $(BIN)/rag-bot ingest data/corpus && $(BIN)/rag-bot ask "$(QUESTION)"

lint: install-dev
	$(BIN)/ruff check rag_bot ingest tests benchmarks
	$(BIN)/mypy

test: install-dev
	$(BIN)/ruff check rag_bot ingest tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -p no:cacheprovider -m "not container and not cpu_growth" $(WORKERS) $(PYTEST_ARGS)
	$(GROWTH) -m "cpu_growth and not container" $(PYTEST_ARGS) || [ $$? -eq 5 ]

test-unit: install-dev
	$(BIN)/ruff check rag_bot ingest tests benchmarks
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/unit $(PYTEST_ARGS)

test-random: install-dev
	$(BIN)/python -m pytest -q -p no:cacheprovider -m "not container and not cpu_growth" --shuffle=$(SEED) $(WORKERS) $(PYTEST_ARGS)
	$(GROWTH) -m "cpu_growth and not container" --shuffle=$(SEED) $(PYTEST_ARGS) || [ $$? -eq 5 ]

test-e2e: install-dev
	$(BIN)/python -m pytest -q -p no:cacheprovider -m "not container and not cpu_growth" tests/e2e $(WORKERS) $(PYTEST_ARGS)
	$(GROWTH) -m "cpu_growth and not container" tests/e2e $(PYTEST_ARGS) || [ $$? -eq 5 ]

test-container: install-dev
	$(BIN)/python -m pytest -q -s -p no:cacheprovider -m container tests/e2e/test_container.py $(PYTEST_ARGS)

image:
	./deploy/build_image.sh $(IMAGE)

bench: install-dev
	$(BIN)/python benchmarks/run_all.py

# the voice test's Ogg/Opus file (tests/data/voice/README.md): espeak-ng speaks the question, opusenc encodes it
VOICE_DIR := tests/data/voice
voice-fixture:
	@command -v espeak-ng >/dev/null && command -v opusenc >/dev/null || \
	  { command -v apt-get >/dev/null && $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y --no-install-recommends espeak-ng opus-tools; } || \
	  { echo "voice-fixture needs espeak-ng and opusenc (Debian: apt-get install espeak-ng opus-tools)" >&2; exit 1; }
	espeak-ng -v en -s 150 -w $(VOICE_DIR)/question-en.wav "What was said about silence on the twenty third of January 1969?"
	opusenc --quiet --serial 1969 --bitrate 16 --downmix-mono $(VOICE_DIR)/question-en.wav $(VOICE_DIR)/question-en.ogg
	rm -f $(VOICE_DIR)/question-en.wav

clean:
	rm -rf $(VENV) .rag-bot .mypy_cache
