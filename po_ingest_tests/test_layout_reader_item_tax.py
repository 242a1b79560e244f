"""Rows an Indian GST form prints under each item: its tax broken down by component.
Each page drawn word by word."""

from __future__ import annotations

from decimal import Decimal

from po_ingest_tests.test_layout_reader import _header, _page, _read, _totals

_TITLES = [(50, 140, "Code"), (120, 140, "Description"), (-300, 140, "Qty")]
_TITLES += [(-350, 140, "Rate"), (-410, 140, "GST Rate"), (-470, 140, "GST Amt")]
_TITLES += [(-540, 140, "Amount")]


def _item_with_breakdown(y: float, code: str, text: str) -> list[tuple[float, float, str]]:
    """10 × 50.00 = 500.00 at 18 % GST, broken down as CGST and SGST on the rows under it."""
    item = [(50, y, code), (120, y, text), (-300, y, "10"), (-350, y, "50.00")]
    item += [(-410, y, "18.00"), (-470, y, "90.00"), (-540, y, "500.00")]
    for n, component in enumerate(("CGST", "SGST")):
        item += [(250, y + 11 * (n + 1), component), (-410, y + 11 * (n + 1), "9.00")]
        item += [(-470, y + 11 * (n + 1), "45.00")]
    return item


def test_a_gst_breakdown_under_each_item_is_the_items_not_the_totals():
    items = _item_with_breakdown(160, "AB-100", "Steel bolts") + _item_with_breakdown(
        200, "CD-200", "Washers"
    )
    totals = _totals(250, [("Sub Total", "1,000.00"), ("CGST", "90.00"), ("SGST", "90.00")])
    totals += _totals(292, [("Total", "1,180.00")])
    order = _read(_page(_header() + _TITLES + items + totals)[0]).order
    assert [(i.item_code, i.description, i.line_total) for i in order.items] == [
        ("AB-100", "Steel bolts", Decimal("500.00")),
        ("CD-200", "Washers", Decimal("500.00")),
    ]
    assert (order.subtotal, order.tax, order.total) == (
        Decimal("1000.00"),
        Decimal("180.00"),
        Decimal("1180.00"),
    )


def test_digits_wrapped_under_a_number_of_an_unread_column_leave_the_description_wrapping():
    """An HSN code too wide for its narrow column ("621220" over "00"), under the last line
    of a title wrapped over three ("HS" / "N C" / "ode"), beside the description's second
    line: those digits end the code, the rest is the description's."""
    titles = [(20, 130, "HS"), (70, 130, "Code"), (130, 130, "Description"), (-330, 130, "Qty")]
    titles += [(-440, 130, "Unit Price"), (-540, 130, "Amount")]
    titles += [(20, 140, "N C"), (20, 150, "ode")]
    item = [(20, 165, "621220"), (70, 165, "AB-100"), (130, 165, "Steel bolts")]
    item += [(-330, 165, "10"), (-440, 165, "2.50"), (-540, 165, "25.00")]
    item += [(20, 176, "00"), (130, 176, "M8 zinc plated")]
    content, _ = _page(_header() + titles + item + _totals(200, [("Total", "25.00")]))
    [line] = _read(content).order.items
    assert (line.item_code, line.description) == ("AB-100", "Steel bolts M8 zinc plated")
