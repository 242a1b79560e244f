"""`python -m po_ingest_tests.realpos.download [dev|heldout]`: fetch the real documents we may not ship.

Each `<name>.json` records where its PDF comes from (`_source`: repository, commit, path,
sha256). A PDF whose licence does not let us ship it is fetched from that commit on GitHub
and kept only if its sha256 matches; `--check` only verifies what is already here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).parent
SPLITS = ("dev", "heldout")


def sources(split: str) -> list[tuple[Path, dict]]:
    """(where the PDF belongs, its `_source`) for every document of `split`."""
    found = []
    for truth_path in sorted((HERE / split).glob("*.json")):
        source = json.loads(truth_path.read_text())["_source"]
        found.append((truth_path.with_suffix(".pdf"), source))
    return found


def _sha256(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def _url(source: dict) -> str:
    path = urllib.parse.quote(source["path"])
    return f"https://raw.githubusercontent.com/{source['repo']}/{source['commit']}/{path}"


def fetch(pdf: Path, source: dict) -> None:
    with urllib.request.urlopen(_url(source), timeout=60) as response:
        content = response.read()
    if hashlib.sha256(content).hexdigest() != source["sha256"]:
        raise ValueError(f"{pdf.name}: {_url(source)} does not have the recorded sha256")
    pdf.write_bytes(content)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("splits", nargs="*", help="dev, heldout (default: both)")
    parser.add_argument("--check", action="store_true", help="verify only, download nothing")
    args = parser.parse_args(argv)
    if unknown := set(args.splits) - set(SPLITS):
        parser.error(f"unknown split {sorted(unknown)}; choose from {', '.join(SPLITS)}")
    problems = 0
    for split in args.splits or SPLITS:
        for pdf, source in sources(split):
            if _sha256(pdf) == source["sha256"]:
                continue
            if args.check:
                print(f"{split}/{pdf.name}: missing or changed (get it from {_url(source)})")
                problems += 1
                continue
            try:
                fetch(pdf, source)
                print(f"{split}/{pdf.name}: downloaded")
            except (OSError, ValueError) as exc:
                print(f"{split}/{pdf.name}: {exc}", file=sys.stderr)
                problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
