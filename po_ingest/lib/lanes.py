"""Run lanes: runs that may wait on the model never take the capacity of runs that do not.

The run queue limits each lane on its own (`concurrency.runs.tag_concurrency_limits` on the
`po_ingest/lane` tag in dagster.yaml), so scans asleep in their retry waits during a model
outage leave the `local` lane free for digital documents, which need no model.
"""

from __future__ import annotations

LOCAL = "local"
MODEL = "model"
# Enough to tell a scan from a digital PDF; the sensor guesses many lanes per tick.
_SAMPLE_PAGES = 3


def guess_lane(content_type: str, content: bytes) -> str:
    """Photos and PDFs without a text layer need the model; digital PDFs are read locally.
    A file that cannot be opened goes to `local` too: it ends `dead` at once, no model needed.
    (A digital PDF the local reader declines moves to the model lane when the model fails.)"""
    # Imported here: the CLI and the intake import this module for the lane names, and only
    # a launch guesses a lane (pymupdf and the document models are not needed before).
    from po_ingest.lib.extraction.base import ExtractionError
    from po_ingest.lib.extraction.documents import IMAGE_TYPES, has_text_layer, open_pdf

    if content_type in IMAGE_TYPES:
        return MODEL
    try:
        with open_pdf(content) as doc:
            return LOCAL if has_text_layer(doc, _SAMPLE_PAGES) else MODEL
    except ExtractionError:
        return LOCAL
