# `make run` and `make test` each set up .venv on their own, so both work on a fresh clone.
# .venv is built from requirements-dev.lock (every package pinned, with hashes): a clone made
# next month installs what CI tested today. `make lock` regenerates the locks from pyproject.toml.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
UV_VERSION := 0.13.9
PIP_VERSION := 26.3
LOCK_TOOLS := .venv-lock
export DAGSTER_HOME ?= $(CURDIR)/var/dagster

.PHONY: run test test-machine lint format clean bench lock bytecode

# pip first, from its own lock: the pip a new venv brings (23.2 on Python 3.11) refuses the
# other locks in hash-checking mode (a dependency wanted with extras, e.g. gql[requests]).
$(STAMP): pyproject.toml requirements-installer.lock requirements-dev.lock
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11) and "error: make needs Python 3.11 (PYTHON=$(PYTHON) is " + sys.version.split()[0] + ")")'
	$(PYTHON) -m venv --clear $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r requirements-installer.lock
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/pip install --quiet --no-deps -e .
	$(BIN)/pip check
	touch $(STAMP)

# Every run worker is a new Python process: with PYTHONDONTWRITEBYTECODE set (as on this
# machine) it would compile the project's modules again each time (0.2 CPU-s a process).
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q -j 0 po_ingest po_ingest_tests bench

$(DAGSTER_HOME)/dagster.yaml: dagster.yaml
	mkdir -p $(DAGSTER_HOME)
	ln -sf $(CURDIR)/dagster.yaml $(DAGSTER_HOME)/dagster.yaml

# `dagster dev` reaches the code location through make run's own code server
# (po_ingest/code_server.py: run workers fork from a warm process instead of each starting Python).
CODE_SERVER_PORT ?= 4000
$(DAGSTER_HOME)/workspace.yaml: Makefile
	mkdir -p $(DAGSTER_HOME)
	printf 'load_from:\n  - grpc_server: {host: 127.0.0.1, port: $(CODE_SERVER_PORT), location_name: po_ingest}\n' > $@

## run: the product on its embedded default (SQLite, files under var/); upload page on :8000, Dagster UI on :3000
run: $(STAMP) bytecode $(DAGSTER_HOME)/dagster.yaml $(DAGSTER_HOME)/workspace.yaml
	$(BIN)/po-ingest db upgrade
	@umask 027; token="$${PO_INGEST_API_TOKEN:-$$($(BIN)/python -m po_ingest.intake.auth)}" || exit 1; \
	$(BIN)/python -m po_ingest.code_server -h 127.0.0.1 -p $(CODE_SERVER_PORT) -m po_ingest.definitions \
	  --location-name po_ingest & code=$$!; \
	PO_INGEST_API_TOKEN="$$token" PO_INGEST_DAGSTER_GRAPHQL_URL="$${PO_INGEST_DAGSTER_GRAPHQL_URL-http://127.0.0.1:3000/graphql}" \
	  $(BIN)/po-ingest serve --host 127.0.0.1 --port 8000 & intake=$$!; \
	trap 'kill $$intake $$code 2>/dev/null' EXIT INT TERM; \
	until $(BIN)/python -c 'import socket; socket.create_connection(("127.0.0.1", $(CODE_SERVER_PORT)), 1)' 2>/dev/null; do \
	  kill -0 $$code 2>/dev/null || { echo "the code server (port $(CODE_SERVER_PORT)) did not start" >&2; exit 1; }; sleep 0.5; done; \
	echo "Upload page: http://127.0.0.1:8000/   Dagster UI: http://127.0.0.1:3000/"; \
	$(BIN)/dagster dev -w $(DAGSTER_HOME)/workspace.yaml -h 127.0.0.1 -p 3000

## test-machine: what the tests need beyond .venv: PostgreSQL at 127.0.0.1:5432 (started), Debian's Chromium (installed)
test-machine:
	@bash po_ingest_tests/machine_setup.sh

## test: lint, then the whole suite on $(TEST_WORKERS) workers (the long modules first, one per worker)
TEST_WORKERS ?= 2
test: $(STAMP) bytecode test-machine
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest -n $(TEST_WORKERS) --durations=15

## bench: latency, throughput, intake rate, sensor at 100k rows, extraction cost (~15 min; needs PostgreSQL)
bench: $(STAMP) bytecode test-machine
	$(BIN)/python -m bench

## lock: re-resolve every dependency from pyproject.toml (requirements-installer.lock: pip;
## requirements.lock: the product and its
## images; requirements-dev.lock: the same versions plus the test tools, for .venv). Pins still
## allowed by pyproject.toml are kept; `make lock LOCK_FLAGS=--upgrade` moves all to the newest.
lock:
	$(PYTHON) -m venv $(LOCK_TOOLS)
	$(LOCK_TOOLS)/bin/pip install --quiet uv==$(UV_VERSION)
	echo pip==$(PIP_VERSION) | $(LOCK_TOOLS)/bin/uv pip compile --quiet --generate-hashes \
	  --custom-compile-command "make lock" -o requirements-installer.lock -
	$(LOCK_TOOLS)/bin/uv pip compile --quiet $(LOCK_FLAGS) --universal --generate-hashes --python-version 3.11 \
	  --custom-compile-command "make lock" --extra docker -o requirements.lock pyproject.toml
	$(LOCK_TOOLS)/bin/uv pip compile --quiet $(LOCK_FLAGS) --universal --generate-hashes --python-version 3.11 \
	  --custom-compile-command "make lock" --extra docker --extra test -c requirements.lock \
	  -o requirements-dev.lock pyproject.toml

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) $(LOCK_TOOLS) var .pytest_cache .ruff_cache
