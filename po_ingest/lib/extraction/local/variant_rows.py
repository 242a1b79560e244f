"""A product printed on a row of its own (quantity, code, name, no prices) over the one row
that prices it: a variant of it (its size, its colour) printing the same quantity, no code
of its own, a price and an amount. The two are one line: the product's code and name, the
variant's prices. A list bullet opening a line's text ("• Setup Charge") is no word of it."""

from __future__ import annotations

from po_ingest.lib.extraction.local.item_cells import RawItem

_AMOUNTS = ("unit_price", "line_total")
_VARIANT_CELLS = {"quantity", "description", *_AMOUNTS}
_BULLETS = {"•", "·", "◦", "▪", "‣", "∙"}


def _unpriced_product(item: RawItem) -> bool:
    return {"quantity", "item_code", "description"} <= set(item.cells) and not any(
        name in item.cells for name in _AMOUNTS
    )


def _variant_of(item: RawItem, product: RawItem) -> bool:
    return (
        item.page == product.page
        and set(item.cells) == _VARIANT_CELLS
        and not item.above
        and item.text("quantity") == product.text("quantity")
    )


def prices_on_variant_rows(items: list[RawItem]) -> list[RawItem]:
    """The items with each unpriced product and its one variant row read as one line; a
    product with two variant rows of its quantity stays as printed (which one prices it is
    not told)."""
    merged: list[RawItem] = []
    for n, item in enumerate(items):
        product = merged[-1] if merged else None
        if (
            product is not None
            and _unpriced_product(product)
            and _variant_of(item, product)
            and not any(_variant_of(later, product) for later in _until_next_code(items[n + 1 :]))
        ):
            for name in _AMOUNTS:
                product.cells[name] = item.cells[name]
            continue
        merged.append(item)
    return merged


def _until_next_code(items: list[RawItem]) -> list[RawItem]:
    coded = [n for n, item in enumerate(items) if "item_code" in item.cells]
    return items[: coded[0]] if coded else items


def bullets_off_text(items: list[RawItem]) -> None:
    """Each item's description without the list bullet that opens it."""
    for item in items:
        words = item.cells.get("description", [])
        if len(words) > 1 and words[0].text in _BULLETS:
            item.cells["description"] = words[1:]
