#!/bin/sh
# First start of the PostgreSQL volume only: the app database next to Dagster's storage
# (POSTGRES_DB), owned by the same user. Tables come from `po-ingest db upgrade`.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -c "CREATE DATABASE \"$PO_INGEST_APP_DB\" OWNER \"$POSTGRES_USER\""
