"""One renderer for the held-out ERP print styles: a `Family` says what the page looks like."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal

import pymupdf

from po_ingest_tests.corpus import formats
from po_ingest_tests.corpus import render as page
from po_ingest_tests.corpus.blocks import accent, address_block, footers, totals_column
from po_ingest_tests.corpus.layouts.heldout.vocabulary import WORDS
from po_ingest_tests.corpus.orders import Order, OrderLine, OrderSpec
from po_ingest_tests.corpus.render import LEFT, RIGHT, Canvas
from po_ingest_tests.corpus.table import Column, Table

PURCHASE_ORDER = "purchase_order"
BOTTOM = page.PAGE_HEIGHT - 95  # rows stop above the footer
TOTALS_HEIGHT = 120


@dataclass(frozen=True)
class Family:
    """A print style: number and date styles, what its table shows; its words are data
    (`vocabulary.WORDS`, under the family's name)."""

    name: str
    language: str
    currency: str
    region: str
    tax_rates: tuple[str, ...]
    po_styles: tuple[str, ...]
    number_style: str = "en"
    date_style: str = "dmy_slash"
    currency_sign: str | None = None  # "$" instead of the ISO code
    currency_after: bool = False  # `1 234,56 EUR` rather than `EUR 1 234,56`
    negative: str = "minus"
    grid: bool = False
    info_boxes: bool = False  # SAP-like: a row of boxed label/value cells
    merged_code: bool = False  # item code and description in one cell
    line_numbers: bool = True
    price_width: float = 62  # narrow: the price title wraps onto two lines
    note_rows: bool = False
    carry_forward: bool = False
    line_count: tuple[int, int] = (3, 8)
    discounts: bool = False
    order_discounts: tuple[str, ...] = ()
    freight: tuple[int, int] | None = None
    header_fill: tuple[float, float, float] | None = None

    @property
    def words(self) -> Mapping[str, str]:
        return WORDS[self.name]

    @property
    def titles(self) -> dict[str, tuple[str, str]]:
        """Document type -> (title, number label), for each type the family prints."""
        return {
            term.removeprefix("title:"): (title, self.words[term.replace("title:", "number:")])
            for term, title in self.words.items()
            if term.startswith("title:")
        }

    def spec(self, index: int) -> OrderSpec:
        return OrderSpec(
            self.currency,
            self.region,
            tuple(Decimal(r) for r in self.tax_rates),
            self.po_styles[(index - 1) % len(self.po_styles)],
            line_count=self.line_count,
            language=self.language,
            discounts=self.discounts,
            order_discounts=tuple(Decimal(d) for d in self.order_discounts),
            freight=self.freight,
        )

    def render(self, order: Order, index: int) -> bytes:
        return render(order, index, self, PURCHASE_ORDER, order.po_number)


def _amount(value: Decimal, order: Order, family: Family) -> str:
    number = formats.signed_money(value, family.number_style, family.negative)
    sign = family.currency_sign or order.currency
    return f"{number} {sign}" if family.currency_after else f"{sign} {number}"


def _table(family: Family, priced: bool) -> tuple[Table, tuple[str, ...]]:
    w = family.words
    columns: list[tuple[str, Column]] = []
    if family.line_numbers:
        columns.append(("pos", Column(w["pos"], 30)))
    if not family.merged_code:
        columns.append(("code", Column(w["code"], 72)))
    columns.append(("description", Column(w["description"], 0)))
    columns.append(("qty", Column(w["qty"], 50, "right")))
    columns.append(("unit", Column(w["unit"], 34)))
    if priced:
        columns.append(("price", Column(w["price"], family.price_width, "right")))
        if family.discounts:
            columns.append(("discount", Column(w["line_discount"], 38, "right")))
        columns.append(("amount", Column(w["amount"], 72, "right")))
    used = sum(c.width for _, c in columns)
    keys = tuple(k for k, _ in columns)
    cols = tuple(
        Column(c.title, RIGHT - LEFT - used, c.align) if k == "description" else c
        for k, c in columns
    )
    return Table(LEFT, cols, grid=family.grid, header_fill=family.header_fill), keys


def _cells(line: OrderLine, keys: tuple[str, ...], family: Family) -> list[str]:
    style = family.number_style
    description = f"{line.item_code} {line.description}" if family.merged_code else line.description
    values = {
        "pos": str(line.position),
        "code": line.item_code,
        "description": description,
        "qty": formats.quantity(line.quantity, style),
        "unit": line.unit,
        "price": formats.money(line.list_price, style),
        "discount": formats.percent(line.discount_pct / 100, style) if line.discount_pct else "",
        "amount": formats.money(line.line_total, style),
    }
    return [values[k] for k in keys]


def _text_row(keys: tuple[str, ...], text: str, amount: str = "") -> list[str]:
    """A row that is not an item: a note, or a carried-forward amount."""
    return [text if k == "description" else amount if k == "amount" else "" for k in keys]


def _rows(
    order: Order, keys: tuple[str, ...], family: Family
) -> Iterator[tuple[list[str], Decimal]]:
    """Table rows with the amount each adds to the running subtotal."""
    for n, line in enumerate(order.lines):
        yield _cells(line, keys, family), line.line_total
        if family.note_rows and n == 1:
            yield _text_row(keys, family.words["line_note"]), Decimal(0)


def _info(order: Order, family: Family, number_label: str, number: str) -> list[tuple[str, str]]:
    w = family.words
    rows = [
        (number_label, number),
        (w["date"], formats.date_text(order.order_date, family.date_style)),
    ]
    if number != order.po_number:
        rows.append((w["order_ref"], order.po_number))
    rows += [
        (w["vendor_no"], order.supplier_number),
        (w["delivery"], formats.date_text(order.delivery_date, family.date_style)),
        (w["project"], order.project_code or ""),
        (w["contact"], order.contact),
    ]
    return [(label, value) for label, value in rows if value]


def _letterhead(
    canvas: Canvas, order: Order, index: int, family: Family, doc_type: str, number: str
) -> float:
    buyer, supplier, site = order.buyer, order.supplier, order.ship_to
    seller_prints = (
        doc_type != PURCHASE_ORDER
    )  # an invoice or delivery note comes from the supplier
    issuer, recipient = (supplier, buyer) if seller_prints else (buyer, supplier)
    canvas.text(LEFT, 52, issuer.name, size=14, bold=True, color=accent(index))
    canvas.lines(LEFT, 66, (issuer.street, issuer.city, issuer.phone, issuer.email), size=8)
    title, number_label = family.titles[doc_type]
    canvas.text(RIGHT, 56, title, size=17, bold=True, align="right")
    info = _info(order, family, number_label, number)
    if family.info_boxes:
        width = (RIGHT - LEFT) / len(info)
        for n, (label, value) in enumerate(info):
            x = LEFT + n * width
            canvas.rect(x, 118, x + width, 146, width=0.5)
            canvas.text(x + 4, 128, label, size=7, bold=True)
            canvas.text(x + 4, 141, value, size=8.5)
        top = 172
    else:
        y = 82
        for label, value in info:
            canvas.text(350, y, f"{label}:", size=8.5)
            canvas.text(440, y, value, size=8.5, bold=label == number_label)
            y += 12
        top = max(y + 14, 172)
    w = family.words
    party_title = w["customer"] if seller_prints else w["vendor"]
    address_block(canvas, LEFT, top, party_title, recipient.address_lines)
    address_block(canvas, 320, top, w["ship_to"], site.address_lines)
    return top + 80


def _new_page(doc: pymupdf.Document, title: str, number: str) -> Canvas:
    canvas = Canvas(page.new_page(doc))
    canvas.text(LEFT, 50, f"{title} {number}", size=10, bold=True)
    return canvas


def render(order: Order, index: int, family: Family, doc_type: str, number: str) -> bytes:
    """The document of type `doc_type` (purchase order, invoice, …) numbered `number`."""
    w = family.words
    title = family.titles[doc_type][0]
    doc = page.new_document(f"{title} {number}", order.buyer.name)
    canvas = Canvas(page.new_page(doc))
    priced = doc_type != "delivery_note"
    table, keys = _table(family, priced)
    y = table.header(canvas, _letterhead(canvas, order, index, family, doc_type, number))
    running = Decimal(0)
    for cells, adds in _rows(order, keys, family):
        if y + table.row_height(canvas, cells) > BOTTOM:
            if family.carry_forward and priced:
                table.row(
                    canvas,
                    y,
                    _text_row(keys, w["carried_to"], formats.money(running, family.number_style)),
                )
            canvas = _new_page(doc, title, number)
            y = table.header(canvas, 62)
            if family.carry_forward and priced:
                y = table.row(
                    canvas,
                    y,
                    _text_row(keys, w["carried_from"], formats.money(running, family.number_style)),
                )
        y = table.row(canvas, y, cells)
        running += adds
    if priced:
        if y + TOTALS_HEIGHT > BOTTOM:
            canvas = _new_page(doc, title, number)
            y = 62
        y = totals_column(canvas, y + 22, _totals(order, family), label_x=450)
    else:
        y += 22
    y = canvas.lines(LEFT, y + 6, [f"{w['terms']}: {order.payment_terms}"], size=8.5)
    if order.notes:
        canvas.lines(
            LEFT, y, page.wrap(f"{w['notes']}: {order.notes}", RIGHT - LEFT, "helv", 8.5), size=8.5
        )
    buyer = order.buyer if doc_type == PURCHASE_ORDER else order.supplier
    footers(doc, [f"{buyer.name} · {buyer.street} · {buyer.city} · {buyer.tax_id}"], w["page"])
    return page.pdf_bytes(doc)


def _totals(order: Order, family: Family) -> list[tuple[str, str]]:
    w, style = family.words, family.number_style
    rows = [(w["subtotal"], _amount(order.subtotal, order, family))]
    if order.allowances:
        label = w["order_discount"].format(pct=formats.percent(order.allowance_pct / 100, style))
        rows.append((label, _amount(-order.allowances, order, family)))
    if order.charges:
        rows.append((w["freight"], _amount(order.charges, order, family)))
    for tax in order.tax_lines:
        rows.append(
            (
                w["tax"].format(rate=formats.percent(tax.rate, style)),
                _amount(tax.amount, order, family),
            )
        )
    rows.append((w["total"], _amount(order.total, order, family)))
    return rows
