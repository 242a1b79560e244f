# `make run` and `make test` each set up .venv on their own, so both work on a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
export DAGSTER_HOME ?= $(CURDIR)/var/dagster

.PHONY: run test lint format clean bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

$(DAGSTER_HOME)/dagster.yaml: dagster.yaml
	mkdir -p $(DAGSTER_HOME)
	ln -sf $(CURDIR)/dagster.yaml $(DAGSTER_HOME)/dagster.yaml

## run: the product on its embedded default (SQLite, files under var/); upload page on :8000, Dagster UI on :3000
run: $(STAMP) $(DAGSTER_HOME)/dagster.yaml
	$(BIN)/po-ingest db upgrade
	@token="$${PO_INGEST_API_TOKEN:-$$($(BIN)/python -m po_ingest.intake.auth)}" || exit 1; \
	PO_INGEST_API_TOKEN="$$token" $(BIN)/po-ingest serve --host 127.0.0.1 --port 8000 & intake=$$!; \
	trap 'kill $$intake 2>/dev/null' EXIT INT TERM; \
	echo "Upload page: http://127.0.0.1:8000/   Dagster UI: http://127.0.0.1:3000/"; \
	$(BIN)/dagster dev -w workspace.yaml -h 127.0.0.1 -p 3000

## test: lint, then the whole suite (needs PostgreSQL at 127.0.0.1:5432)
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

## bench: latency, throughput, intake rate, sensor at 100k rows, extraction cost (~15 min; needs PostgreSQL)
bench: $(STAMP)
	$(BIN)/python -m bench

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
