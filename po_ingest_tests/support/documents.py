"""Real PDF purchase orders for tests: visible text plus the ground truth as an embedded file."""

from __future__ import annotations

import json

import pymupdf

GROUND_TRUTH_NAME = "po_ingest_ground_truth.json"


def order(po_number: str, *, project_code: str | None = "P-100", lines: int = 2, **extra) -> dict:
    items = [
        {
            "line_number": n,
            "item_code": f"IT-{n:03d}",
            "description": f"Item {n} for {po_number}",
            "quantity": "2",
            "unit": "pcs",
            "unit_price": "10.50",
            "line_total": "21.00",
        }
        for n in range(1, lines + 1)
    ]
    subtotal = 21 * lines
    return {
        "po_number": po_number,
        "order_date": "2026-11-02",
        "supplier_name": "Acme Building Supplies",
        "project_code": project_code,
        "currency": "EUR",
        "items": items,
        "subtotal": f"{subtotal}.00",
        "tax": f"{subtotal * 0.2:.2f}",
        "total": f"{subtotal * 1.2:.2f}",
        **extra,
    }


def purchase_order_pdf(ground_truth: dict, script: dict | None = None) -> bytes:
    """A one-page PDF showing the order; `script` tells the scripted extractor how to behave."""
    doc = pymupdf.open()
    page = doc.new_page()
    y = 72
    lines = [
        f"PURCHASE ORDER {ground_truth['po_number']}",
        f"Date: {ground_truth.get('order_date')}",
        f"Supplier: {ground_truth.get('supplier_name')}",
        f"Project: {ground_truth.get('project_code')}",
    ] + [
        f"{i['line_number']}. {i['description']}  {i['line_total']}" for i in ground_truth["items"]
    ]
    for text in lines:
        page.insert_text((72, y), text, fontsize=11)
        y += 16
    payload = {"order": ground_truth, "script": script or {}}
    doc.embfile_add(GROUND_TRUTH_NAME, json.dumps(payload).encode())
    return doc.tobytes()


def read_payload(pdf: bytes) -> dict:
    with pymupdf.open(stream=pdf, filetype="pdf") as doc:
        return json.loads(doc.embfile_get(GROUND_TRUTH_NAME))
