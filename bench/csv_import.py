"""Benchmark (not a test): one large timesheet CSV imported at once, its time and memory.

Builds a timesheet of about `--mb` MiB (300 workers, 41 projects, a year of dates, a few
distinct hours: as repetitive as real timesheets), imports it with `import_csv` into a new
database and file store, and prints the rows, the seconds and the growth of peak RSS.

    .venv/bin/python bench/csv_import.py [--mb 19] [--database-url postgresql+psycopg2://…]
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from po_ingest.lib.csv_imports.importer import import_csv  # noqa: E402
from po_ingest.lib.files import FileStore  # noqa: E402
from po_ingest.lib.store import Store  # noqa: E402
from po_ingest.lib.store.migrate import upgrade  # noqa: E402

HEADER = b"date,worker,employee_id,project_code,activity,hours,overtime_hours,notes\n"


def timesheet(megabytes: float) -> bytes:
    rng = random.Random(1)
    lines, size = [HEADER], len(HEADER)
    while size < megabytes * 1024 * 1024:
        worker = rng.randrange(300)
        line = (
            f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},Worker {worker},"
            f"E-{1000 + worker},P-{rng.randint(100, 140)},Formwork,"
            f"{rng.choice(['8', '8.5', '7.5', '10', '6', '4.25'])},,\n"
        ).encode()
        lines.append(line)
        size += len(line)
    return b"".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=19)
    parser.add_argument("--database-url", help="an empty database (default: a new SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/bench.sqlite"
        upgrade(url)
        content = timesheet(args.mb)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        started = time.monotonic()
        imported = import_csv(Store(url), FileStore(Path(folder) / "files"), "timesheets", content)
        seconds = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(
        f"{len(content) / 2**20:.1f} MiB, {imported.rows} rows: {seconds:.1f} s, "
        f"peak RSS {before} → {after} MiB (+{after - before})"
    )


if __name__ == "__main__":
    main()
