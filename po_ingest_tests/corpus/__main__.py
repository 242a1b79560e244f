"""`python -m po_ingest_tests.corpus OUT_DIR [--seed N]`: write the corpus, summarise it per kind."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from po_ingest_tests.corpus import generate_corpus


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m po_ingest_tests.corpus", description=__doc__)
    parser.add_argument("out_dir", type=Path, help="folder for the documents and their .json truth")
    parser.add_argument("--seed", type=int, default=7, help="same seed, same corpus (default 7)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    documents = generate_corpus(args.out_dir, seed=args.seed)
    seconds = time.monotonic() - started
    for kind in ("digital", "scan", "photo"):
        chosen = [d for d in documents if d.kind == kind]
        layouts = Counter(d.layout for d in chosen)
        types = Counter(d.content_type for d in chosen)
        print(
            f"{kind}: {len(chosen)} documents, {len(layouts)} layouts "
            f"({', '.join(f'{k} {v}' for k, v in sorted(types.items()))})"
        )
    print(f"written to {args.out_dir} in {seconds:.1f} s (seed {args.seed})")


if __name__ == "__main__":
    main()
