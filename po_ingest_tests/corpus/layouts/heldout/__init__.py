"""Print styles the local reader is never tuned on (split "heldout"), one language each.

Their words are in `vocabulary.py`; here, how each family prints numbers, dates and tables.
"""

from __future__ import annotations

from po_ingest_tests.corpus.layouts.heldout.printed import Family

LIGHT_FILL = (0.9, 0.92, 0.95)

FAMILIES: tuple[Family, ...] = (
    # SAP-like: boxed header cells, a ruled grid, no line numbers, US dates, freight.
    Family(
        "sap_grid",
        "en",
        "USD",
        "US",
        ("0.0725",),
        ("sap",),
        currency_sign="$",
        date_style="mdy_slash",
        grid=True,
        info_boxes=True,
        line_numbers=False,
        freight=(150, 900),
    ),
    # Two TVA rates, freight, `1 234,56 EUR`.
    Family(
        "bon_de_commande",
        "fr",
        "EUR",
        "FR",
        ("0.20", "0.055"),
        ("slash", "plain"),
        number_style="fr",
        currency_after=True,
        freight=(40, 250),
        header_fill=LIGHT_FILL,
    ),
    # A note row inside the table, an order discount.
    Family(
        "orden_de_compra",
        "es",
        "EUR",
        "ES",
        ("0.21",),
        ("ord", "po_year"),
        number_style="de",
        currency_after=True,
        note_rows=True,
        order_discounts=("3", "5"),
    ),
    # Item code and description in one cell, the price title on two lines.
    Family(
        "inkooporder",
        "nl",
        "EUR",
        "NL",
        ("0.21", "0.09"),
        ("plain", "po_year"),
        number_style="de",
        date_style="dmy_dash",
        merged_code=True,
        price_width=44,
        header_fill=LIGHT_FILL,
    ),
    # 30-42 lines over two pages with carried-forward rows, freight.
    Family(
        "ordine_di_acquisto",
        "it",
        "EUR",
        "IT",
        ("0.22",),
        ("slash",),
        number_style="de",
        currency_after=True,
        carry_forward=True,
        line_count=(30, 42),
        freight=(60, 300),
    ),
    # Line discounts and an order discount, negatives in parentheses, two-line price title.
    Family(
        "pedido_de_compra",
        "pt",
        "EUR",
        "PT",
        ("0.23",),
        ("po_year", "ord"),
        number_style="de",
        negative="parens",
        price_width=46,
        discounts=True,
        order_discounts=("2", "4"),
    ),
    # Swiss: 1'234.50, a ruled grid, the discount with a trailing minus.
    Family(
        "swiss_bestellung",
        "de",
        "CHF",
        "CH",
        ("0.081",),
        ("b_year", "bst"),
        number_style="ch",
        date_style="dots",
        negative="trailing",
        grid=True,
        order_discounts=("2", "3"),
    ),
)
