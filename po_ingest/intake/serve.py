"""`po-ingest serve`: the intake API and the upload page under uvicorn."""

from __future__ import annotations

import argparse
import logging
import sys

import sqlalchemy as sa
import uvicorn

from po_ingest.intake.app import create_app
from po_ingest.intake.settings import ApiTokenRefused, IntakeSettings
from po_ingest.lib.store.migrate import current_revision

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
log = logging.getLogger("po_ingest.intake")


class ServeError(RuntimeError):
    """The intake cannot start; the message says what to do."""


def _check_database(url: str) -> None:
    """Refuse to start on a database without tables; start anyway (503s) if it is down."""
    try:
        revision = current_revision(url)
    except sa.exc.OperationalError as exc:
        log.warning("the database is not reachable yet (answering 503 until it is): %s", exc)
        return
    if revision is None:
        raise ServeError("the database has no tables yet: run `po-ingest db upgrade` first")


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Serve the intake until interrupted. Configuration comes from the environment
    (PO_INGEST_API_TOKEN is required; see README)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = IntakeSettings.from_env()
    try:
        app = create_app(settings)
    except ApiTokenRefused as exc:
        raise ServeError(str(exc)) from None
    _check_database(settings.database_url)
    log.info("upload page on http://%s:%d/ (files in %s)", host, port, settings.files_dir)
    uvicorn.run(app, host=host, port=port, server_header=False, log_level="info")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="po-ingest serve", description=__doc__)
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    args = parser.parse_args(argv)
    try:
        serve(args.host, args.port)
    except ServeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
