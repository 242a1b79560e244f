"""`python -m po_ingest.code_server ARGS`: `dagster api grpc ARGS` (the code location's gRPC
server, `make run`'s), whose run workers fork from a warm process.

Dagster's code server starts each run worker with multiprocessing's `spawn` context (hard-coded
in `DagsterApiServer`), so every batch's run pays a new interpreter and `import dagster`: about
a third of the CPU an order costs in a burst. Here the workers come from a `forkserver` that
imported Dagster and the heavy libraries once. The project's own modules are not preloaded:
each worker imports them, so a reloaded code location runs its new code. This reaches into
`DagsterApiServer._mp_ctx`, private to the pinned Dagster 1.13.27; the end-to-end tests' code
server is this one (po_ingest_tests/support/daemon.py), so an upgrade that moves it fails
there. Only the runs this server starts are affected: docker/ starts each run in a container.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.forkserver
import signal
import sys

# What `import po_ingest.definitions` and an extraction load besides the project itself.
PRELOADED = ("dagster", "pandas", "sqlalchemy", "pydantic", "httpx", "rapidfuzz", "pymupdf")


def forking_context():
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOADED))
    return context


def _start_runs_from_the_forkserver() -> None:
    from dagster._grpc.server import DagsterApiServer

    spawning_init = DagsterApiServer.__init__

    def __init__(self, *args, **kwargs):
        spawning_init(self, *args, **kwargs)
        self._mp_ctx = forking_context()

    DagsterApiServer.__init__ = __init__


def main(argv: list[str] | None = None) -> int:
    # Dagster maps SIGTERM to SIGINT's handler, which a shell's background job ignores:
    # `make run` starts this server with `&` and stops it with SIGTERM.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    _start_runs_from_the_forkserver()
    forking_context()
    multiprocessing.forkserver.ensure_running()  # its imports now, not in the first run's time
    from dagster._cli import main as dagster_main

    sys.argv = ["dagster", "api", "grpc", *(sys.argv[1:] if argv is None else argv)]
    return dagster_main()


if __name__ == "__main__":
    sys.exit(main())
