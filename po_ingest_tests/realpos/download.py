"""`python -m po_ingest_tests.realpos.download [dev|heldout]`: fetch the real documents we may not ship.

Each `<name>.json` records where its PDF comes from (`_source`: repository, commit, path,
sha256). A PDF whose licence does not let us ship it is fetched from that commit (from a local
git mirror of the repository when $PO_INGEST_GIT_MIRRORS has one, `<owner>+<name>/repo`, else
from GitHub) and kept only if its sha256 matches; `--check` only verifies what is already here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).parent
SPLITS = ("dev", "heldout")
MIRRORS = Path(os.environ.get("PO_INGEST_GIT_MIRRORS", "/work/.mirror"))


def sources(split: str, root: Path = HERE) -> list[tuple[Path, dict]]:
    """(where the PDF belongs, its `_source`) for every document of `root/split`."""
    found = []
    for truth_path in sorted((root / split).glob("*.json")):
        source = json.loads(truth_path.read_text())["_source"]
        found.append((truth_path.with_suffix(".pdf"), source))
    return found


def _sha256(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def _url(source: dict) -> str:
    path = urllib.parse.quote(source["path"])
    return f"https://raw.githubusercontent.com/{source['repo']}/{source['commit']}/{path}"


def _from_mirror(source: dict) -> bytes | None:
    git_dir = MIRRORS / source["repo"].replace("/", "+") / "repo"
    if (git_dir / ".git").is_dir():  # a checkout rather than a bare mirror
        git_dir = git_dir / ".git"
    if not git_dir.is_dir():
        return None
    for path in dict.fromkeys((source["path"], urllib.parse.unquote(source["path"]))):
        shown = subprocess.run(
            ["git", f"--git-dir={git_dir}", "show", f"{source['commit']}:{path}"],
            capture_output=True,
        )
        if shown.returncode == 0:
            return shown.stdout
    return None


def fetch(pdf: Path, source: dict) -> None:
    content = _from_mirror(source)
    if content is None:
        with urllib.request.urlopen(_url(source), timeout=60) as response:
            content = response.read()
    if hashlib.sha256(content).hexdigest() != source["sha256"]:
        raise ValueError(f"{pdf.name}: {_url(source)} does not have the recorded sha256")
    pdf.write_bytes(content)


def main(argv: list[str] | None = None, root: Path = HERE, description: str = __doc__) -> int:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("splits", nargs="*", help="dev, heldout (default: both)")
    parser.add_argument("--check", action="store_true", help="verify only, download nothing")
    args = parser.parse_args(argv)
    if unknown := set(args.splits) - set(SPLITS):
        parser.error(f"unknown split {sorted(unknown)}; choose from {', '.join(SPLITS)}")
    problems = 0
    for split in args.splits or SPLITS:
        for pdf, source in sources(split, root):
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
