"""The document designs. Each module has NAME, spec(index) -> OrderSpec, render(order, index).

`split`: "dev" layouts are the ones extraction may be tuned on; "heldout" ones (the print
styles in `heldout/`) only measure it, so that the numbers say how it reads layouts it has
never seen. Never tune on a held-out layout, never move one to dev.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from po_ingest_tests.corpus.layouts import (
    bestelbon_be,
    bestellung_ch,
    bon_commande,
    boxed_grid,
    discounts,
    distributor_po,
    german,
    inkooporder,
    item_grid,
    label_value,
    multi_page,
    nota_encomenda,
    orden_compra,
    orden_compra_mx,
    ordine_acquisto,
    ordine_fornitore,
    pedido_compra_br,
    right_totals,
    vat_lines,
)
from po_ingest_tests.corpus.layouts.heldout import FAMILIES
from po_ingest_tests.corpus.orders import Order, OrderSpec

SPLITS = ("dev", "heldout")


@dataclass(frozen=True)
class Layout:
    name: str
    spec: Callable[[int], OrderSpec]
    render: Callable[[Order, int], bytes]
    # What the printed table shows; the ground truth leaves out what the page does not say.
    line_numbers: bool = True
    item_codes: bool = True
    # "dev": the reader may be tuned on it; "heldout": it is only scored.
    split: str = "dev"


LAYOUTS: tuple[Layout, ...] = (
    Layout(label_value.NAME, label_value.spec, label_value.render),
    Layout(boxed_grid.NAME, boxed_grid.spec, boxed_grid.render),
    Layout(
        right_totals.NAME,
        right_totals.spec,
        right_totals.render,
        line_numbers=False,
        item_codes=False,
    ),
    Layout(vat_lines.NAME, vat_lines.spec, vat_lines.render),
    Layout(discounts.NAME, discounts.spec, discounts.render),
    Layout(multi_page.NAME, multi_page.spec, multi_page.render),
    Layout(german.NAME, german.spec, german.render),
    Layout(item_grid.NAME, item_grid.spec, item_grid.render, line_numbers=False),
    Layout(orden_compra.NAME, orden_compra.spec, orden_compra.render, line_numbers=False),
    Layout(inkooporder.NAME, inkooporder.spec, inkooporder.render),
    Layout(bon_commande.NAME, bon_commande.spec, bon_commande.render, line_numbers=False),
    Layout(ordine_acquisto.NAME, ordine_acquisto.spec, ordine_acquisto.render, line_numbers=False),
    Layout(nota_encomenda.NAME, nota_encomenda.spec, nota_encomenda.render, line_numbers=False),
    Layout(distributor_po.NAME, distributor_po.spec, distributor_po.render),
    Layout(bestellung_ch.NAME, bestellung_ch.spec, bestellung_ch.render),
    Layout(
        ordine_fornitore.NAME, ordine_fornitore.spec, ordine_fornitore.render, line_numbers=False
    ),
    Layout(pedido_compra_br.NAME, pedido_compra_br.spec, pedido_compra_br.render),
    Layout(orden_compra_mx.NAME, orden_compra_mx.spec, orden_compra_mx.render),
    Layout(bestelbon_be.NAME, bestelbon_be.spec, bestelbon_be.render, line_numbers=False),
    *(
        Layout(f.name, f.spec, f.render, line_numbers=f.line_numbers, split="heldout")
        for f in FAMILIES
    ),
)
