"""The local extractor: reads a digital PDF's text layer with no model at all.

It accepts a document only when everything it read validates and adds up (lines, subtotal,
tax, total); otherwise it declines, saying why, and the document goes to Gemini.
"""

from __future__ import annotations

import re
import time
from decimal import Decimal

from pydantic import ValidationError

from po_ingest.lib.extraction.base import Document, ExtractionDeclined
from po_ingest.lib.extraction.checks import arithmetic_warnings
from po_ingest.lib.extraction.documents import has_text_layer, open_pdf
from po_ingest.lib.extraction.local.header import find_labelled
from po_ingest.lib.extraction.local.layout import Row, page_rows, title_texts
from po_ingest.lib.extraction.local.table import RawItem, find_items, header_columns
from po_ingest.lib.extraction.local.totals import find_totals
from po_ingest.lib.extraction.local.values import find_currency, parse_amount, parse_date
from po_ingest.lib.models import ExtractedPurchaseOrder, ExtractionResult
from po_ingest.lib.settings import default_currency

_PO_NUMBER = re.compile(r"^[A-Z0-9][A-Z0-9\-/._]{2,39}$", re.IGNORECASE)
_CODE = re.compile(r"^[A-Z0-9][A-Z0-9\-/._]{1,39}$", re.IGNORECASE)
_PO_TITLE = re.compile(r"purchase\s*order|bestellung|order\s*confirmation|^order$", re.I)
_NOT_PO_TITLE = re.compile(
    r"invoice|rechnung|receipt|quittung|credit\s*note|gutschrift|statement", re.I
)


def _po_number(text: str) -> str | None:
    token = text.split()[0] if text.split() else ""
    return token if _PO_NUMBER.match(token) and any(c.isdigit() for c in token) else None


def _code(text: str) -> str | None:
    """A project or site code: one token with a digit in it (not "n/a", "-", "Buyer")."""
    token = text.split()[0].strip(",;") if text.split() else ""
    return token if _CODE.match(token) and any(c.isdigit() for c in token) else None


def _text(text: str) -> str | None:
    return text.strip() or None


def _decimal_comma(rows: list[Row]) -> bool:
    text = " ".join(r.text for r in rows)
    commas = len(re.findall(r"\d,\d{2}(?!\d)", text))
    dots = len(re.findall(r"\d\.\d{2}(?!\d)", text))
    return commas > dots


def _decline(reason: str) -> ExtractionDeclined:
    return ExtractionDeclined(f"local extractor declined: {reason}")


def _item(raw: RawItem, number: int, decimal_comma: bool) -> dict:
    cells = raw.cells
    amount = lambda name: parse_amount(cells[name], decimal_comma) if name in cells else None  # noqa: E731
    quantity, unit_price, line_total = (
        amount("quantity"),
        amount("unit_price"),
        amount("line_total"),
    )
    if None in (quantity, line_total) or not cells.get("description"):
        raise _decline(f"line {number} is incomplete: {cells}")
    if "discount" in cells and unit_price is not None and quantity:
        unit_price = (line_total / quantity).quantize(Decimal("0.0001"))
    line_number = cells.get("line_number", "").rstrip(".")
    return {
        "line_number": int(line_number) if line_number.isdigit() else number,
        "item_code": cells.get("item_code"),
        "description": cells["description"],
        "quantity": quantity,
        "unit": cells.get("unit"),
        "unit_price": unit_price,
        "line_total": line_total,
    }


class LocalExtractor:
    name = "local"

    def extract(self, document: Document) -> ExtractionResult:
        started = time.monotonic()
        if document.content_type != "application/pdf":
            raise _decline("not a PDF (photos need AI extraction)")
        with open_pdf(document.content) as pdf:
            if not has_text_layer(pdf):
                raise _decline("the PDF has no text layer (a scan)")
            titles = title_texts(pdf[0])
            rows = [row for number, page in enumerate(pdf) for row in page_rows(page, number)]
        order = self._read(rows, titles)
        return ExtractionResult(
            order=order,
            extractor=self.name,
            model=None,
            accepted=True,
            confidence=1.0,
            warnings=[],
            input_tokens=0,
            output_tokens=0,
            duration_ms=int((time.monotonic() - started) * 1000),
        )

    def _read(self, rows: list[Row], titles: list[str]) -> ExtractedPurchaseOrder:
        not_po = next((t for t in titles if _NOT_PO_TITLE.search(t)), None)
        if not_po:
            raise _decline(f"the document is titled {not_po!r}, not a purchase order")
        if not any(_PO_TITLE.search(t) for t in titles) and not any(
            _PO_TITLE.search(r.text) for r in rows[:15]
        ):
            raise _decline("no purchase-order title found")
        table = find_items(rows)
        if table is None:
            raise _decline("no line-item table found")
        decimal_comma = _decimal_comma(rows)
        header_rows = [r for r in rows if r.page == 0][: max(1, _first_table_row(rows))]
        fields = find_labelled(
            header_rows,
            {
                "po_number": _po_number,
                "order_date": parse_date,
                "supplier_name": _text,
                "project_code": _code,
                "currency": find_currency,
            },
        )
        if "po_number" not in fields:
            raise _decline("no labelled purchase-order number")
        if "order_date" not in fields:
            raise _decline("no unambiguous order date")
        totals = find_totals(rows[table.end_row :], decimal_comma)
        if totals.unknown:
            raise _decline(f"totals block has lines it cannot place: {totals.unknown}")
        if totals.total is None:
            raise _decline("no total found")
        items = [_item(raw, n, decimal_comma) for n, raw in enumerate(table.items, start=1)]
        currency = fields.get("currency") or find_currency(
            " ".join(r.text for r in rows[table.end_row :])
        )
        data = {
            **fields,
            "currency": currency or default_currency(),
            "items": items,
            "subtotal": totals.subtotal,
            "tax": totals.tax,
            "total": totals.total,
        }
        try:
            order = ExtractedPurchaseOrder.model_validate(data)
        except ValidationError as exc:
            raise _decline(f"result does not validate: {exc.errors()[0]['msg']}") from None
        problems = arithmetic_warnings(order)
        if problems:
            raise _decline(f"the numbers do not add up ({', '.join(problems)})")
        if any(i.unit_price is None for i in order.items):
            raise _decline("a line has no unit price to check")
        return order


def _first_table_row(rows: list[Row]) -> int:
    return next((i for i, r in enumerate(rows) if header_columns(r) is not None), len(rows))
