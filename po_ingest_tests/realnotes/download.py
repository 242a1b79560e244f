"""`python -m po_ingest_tests.realnotes.download [dev|heldout] [--check]`: fetch the real delivery
notes we may not ship (none of them states a licence), the way `realpos.download` does for orders:
from the commit each `<name>.json` records, kept only if its sha256 matches."""

from __future__ import annotations

import sys
from pathlib import Path

from po_ingest_tests.realpos import download

HERE = Path(__file__).parent


def sources(split: str) -> list[tuple[Path, dict]]:
    return download.sources(split, HERE)


def main(argv: list[str] | None = None) -> int:
    return download.main(argv, root=HERE, description=__doc__)


if __name__ == "__main__":
    sys.exit(main())
