"""A line amount that includes tax: tables printing each line's tax rates or amounts (Indian
GST forms: "CGST %", "SGST Amt", "Taxable Value", "T.Value") often total the line with its
tax. Such an amount is not net, so it is taken only when it adds up from the line's own
numbers, and the printed price, which is before tax, is not kept as the line's price."""

from __future__ import annotations

from decimal import Decimal
from itertools import product

from po_ingest.lib.extraction.checks import line_adds_up
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.item_cells import RawItem
from po_ingest.lib.extraction.local.values import parse_amount

_TAX_COLUMNS = ("tax_rate", "tax_amount", "taxable_value")
_CENT = Decimal("0.01")
_HUNDRED = Decimal(100)


def _summed(raw: RawItem, name: str, decimal_comma: bool) -> Decimal | None:
    """The sum of the numbers in a column (several "CGST %", "SGST %" columns share one)."""
    words = raw.cells.get(name)
    if not words:
        return None
    texts = [w.text.rstrip("%").strip() for w in words]
    values = [parse_amount(text, decimal_comma) for text in texts if text]
    return None if None in values or not values else sum(values, Decimal(0))


def _net_values(
    base: Decimal, quantity: Decimal, discount: Decimal | None, per_unit_off: Decimal | None
) -> set[Decimal]:
    """The line's value before tax under each reading of its discounts: a discount as a
    percentage or as an amount off the line, a discount amount off each unit or the line."""
    percent_or_line = {base}
    if discount is not None:
        percent_or_line = {base * (1 - discount / _HUNDRED), base - discount}
    off = {Decimal(0)} if per_unit_off is None else {quantity * per_unit_off, per_unit_off}
    return {value - taken for value, taken in product(percent_or_line, off)}


def includes_tax(raw: RawItem, found: dict[str, Found], decimal_comma: bool) -> bool | None:
    """Whether the line's amount is its value plus the tax it prints, checked: the value
    (quantity × price, less discounts, equal to a printed taxable value) plus the tax
    amounts, or times one plus the rates. False for a table printing no tax per line, or a
    line whose amount is its net value; None when neither reading adds up."""
    if "line_total" not in found or not any(raw.cells.get(name) for name in _TAX_COLUMNS):
        return False  # a priced line without its amount: the order's total checks it
    quantity, price, amount = (found[n].value for n in ("quantity", "unit_price", "line_total"))
    if line_adds_up(quantity, price, amount):
        return False
    rates = _summed(raw, "tax_rate", decimal_comma)
    taxes = _summed(raw, "tax_amount", decimal_comma)
    taxable = _summed(raw, "taxable_value", decimal_comma)
    discount = _summed(raw, "discount", decimal_comma)
    per_unit_off = _summed(raw, "discount_amount", decimal_comma)
    nets = _net_values(quantity * price, quantity, discount, per_unit_off)
    if any(abs(net - amount) <= _CENT for net in nets):
        return False
    for net in nets:
        if taxable is not None and abs(net - taxable) > _CENT:
            continue
        value = net if taxable is None else taxable
        if taxes is not None:
            gross = value + taxes
        elif rates is not None:
            gross = value * (1 + rates / _HUNDRED)
        else:
            continue
        if abs(gross - amount) <= _CENT:
            return True
    return None


def net_of_tax_below(raw: RawItem, found: dict[str, Found], decimal_comma: bool) -> Found | None:
    """The line's taxable value as its amount, where the line prints no tax of its own but
    its tax broken down on rows under it (`tax_breakdown.py`), and its amount is its
    taxable value, quantity × price to the cent, plus those taxes: that amount is the
    line's gross, its taxable value the net amount the order's subtotal sums."""
    if not raw.tax_below or any(raw.cells.get(n) for n in ("tax_rate", "tax_amount")):
        return None
    taxable = _summed(raw, "taxable_value", decimal_comma)
    taxes = [parse_amount(w.text, decimal_comma) for w in raw.tax_below]
    if (
        taxable is None
        or None in taxes
        or not {"quantity", "unit_price", "line_total"} <= set(found)
    ):
        return None
    quantity, price, amount = (found[n].value for n in ("quantity", "unit_price", "line_total"))
    if not line_adds_up(quantity, price, taxable) or abs(taxable + sum(taxes) - amount) > _CENT:
        return None
    words = raw.cells["taxable_value"]
    return Found(taxable, raw.page_of(words), words)


def discount_adds_up(raw: RawItem, found: dict[str, Found], decimal_comma: bool) -> bool:
    """The line's amount is its quantity × price less the discount it prints, to the cent,
    or to half a cent a unit where the net price was rounded before it was multiplied."""
    quantity, price, amount = (found[n].value for n in ("quantity", "unit_price", "line_total"))
    discount = _summed(raw, "discount", decimal_comma)
    per_unit_off = _summed(raw, "discount_amount", decimal_comma)
    slack = max(_CENT, abs(quantity) * _CENT / 2)
    nets = _net_values(quantity * price, quantity, discount, per_unit_off)
    return any(abs(net - amount) <= slack for net in nets)


def line_discount(raw: RawItem, decimal_comma: bool) -> Decimal | None:
    """The line's discount percentage, where it prints one."""
    return _summed(raw, "discount", decimal_comma)
