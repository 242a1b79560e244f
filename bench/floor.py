"""6. The floor: the same digital documents claimed, extracted (local parser) and persisted
in one process with no Dagster → ms per document."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from bench.common import digital, median, unique_pdf
from po_ingest.lib.extraction.base import Document
from po_ingest.lib.extraction.router import GeminiSettings, build_extractor
from po_ingest.lib.files import FileStore, order_key
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest.lib.store.migrate import upgrade


def run(documents: int = 20) -> dict:
    root = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    url = f"sqlite:///{root / 'app.sqlite'}"
    upgrade(url)
    store, files = Store(url), FileStore(root / "files")
    extractor = build_extractor("auto", GeminiSettings(api_key=None))
    docs = digital()
    times = []
    try:
        for n in range(documents + 1):  # the first is a warm-up
            doc = docs[n % len(docs)]
            content = unique_pdf(doc.path.read_bytes(), f"floor-{n}")
            batch = accept_upload(store, files, [content], filename=doc.path.name)
            run_id = f"floor-run-{n}"
            started = time.perf_counter()
            assert store.batches.claim(batch.id, run_id, statuses=["pending"])
            batch = store.batches.get(batch.id)
            result = extractor.extract(
                Document(files.read(batch.original_file), batch.content_type, batch.id)
            )
            assert store.batches.save_extraction(batch.id, run_id, result.model_dump_json())
            target = order_key(batch.id, batch.content_type)
            files.copy(batch.original_file, target)
            store.orders.persist(batch.id, run_id, result, target)
            files.delete(batch.original_file)
            if n:
                times.append(time.perf_counter() - started)
            assert store.batches.get(batch.id).status == "processed"
    finally:
        dispose_all()
        shutil.rmtree(root, ignore_errors=True)
    return {
        "documents": documents,
        "ms_per_document_median": median(times) * 1000,
        "ms_per_document_mean": sum(times) / len(times) * 1000,
    }
