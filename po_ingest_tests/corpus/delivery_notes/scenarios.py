"""Orders and the delivery notes that arrive for them, for testing the matcher.

`generate_scenarios(OUT)` writes `OUT/orders/` (order PDFs in the order corpus's layouts, with
their ExtractedPurchaseOrder truth), `OUT/notes/` (the notes, with DeliveryNote truth) and
`OUT/scenarios.json`: per scenario its orders, its notes in the order they arrive, the
exceptions each note must raise and every order line's ordered/delivered/open/status after
all of them (the rules are in `outcome.py`). Deterministic from the seed.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from dataclasses import replace
from decimal import ROUND_FLOOR, Decimal
from pathlib import Path

from po_ingest_tests.corpus import write_document
from po_ingest_tests.corpus.delivery_notes import goods
from po_ingest_tests.corpus.delivery_notes.families import BY_NAME
from po_ingest_tests.corpus.delivery_notes.making import Shipment, full, make_note
from po_ingest_tests.corpus.delivery_notes.note import DELIVERY_NOTE, DeliveryNote, note_truth
from po_ingest_tests.corpus.delivery_notes.outcome import outcome
from po_ingest_tests.corpus.formats import decimal_text
from po_ingest_tests.corpus.ground_truth import ground_truth
from po_ingest_tests.corpus.layouts import LAYOUTS
from po_ingest_tests.corpus.orders import Order, OrderLine, make_order

# The order corpus's layout each family's orders are printed in.
_ORDER_LAYOUT = {"docket": "label_value", "lieferschein": "german", "weighbridge": "label_value"}
_LOAD = Decimal(26)  # the most one truck carries, in t
_STEP = Decimal("0.02")  # a weighbridge weighs to 20 kg


def _order(seed: int, name: str, family: str, want: Callable[[Order], bool] = bool) -> Order:
    """The first order drawn for `name` that `want` accepts (tries are seeded too)."""
    chosen = BY_NAME[family]
    for attempt in range(200):
        rng = random.Random(f"{seed}:scenario:{name}:{attempt}")
        order = chosen.supplied(make_order(rng, chosen.spec(1), products=chosen.products))
        if want(order):
            return order
    raise RuntimeError(f"no order for scenario {name}; change the seed")


def _ship(order: Order, line: OrderLine, quantity: Decimal, unit: str | None = None) -> Shipment:
    return Shipment(order, line, goods.product_of(line), quantity, unit)


def _halves(order: Order, second: bool) -> list[Shipment]:
    """Half of every line (whole units rounded down), or what is left after that half."""
    shipments = []
    for line in order.lines:
        first = goods.half(line.quantity, goods.canonical_unit(line))
        quantity = line.quantity - first if second else first
        if quantity:
            shipments.append(_ship(order, line, quantity))
    return shipments


def _partly(order: Order) -> list[Shipment]:
    """The first line in full, half of the second, nothing of the rest."""
    first, second = order.lines[:2]
    half = goods.half(second.quantity, goods.canonical_unit(second))
    return [_ship(order, first, first.quantity), _ship(order, second, half)]


def _tenth_more(line: OrderLine) -> bool:
    """10 % more of it is still a quantity the unit allows."""
    return not goods.is_whole(goods.canonical_unit(line)) or line.quantity % 10 == 0


def _loads(order: Order) -> list[list[Shipment]]:
    """The single aggregate line in two or more truck loads of at most 26 t (20 kg steps)."""
    line = order.lines[0]
    count = max(2, math.ceil(line.quantity / _LOAD))
    steps = (line.quantity / count / _STEP).to_integral_value(rounding=ROUND_FLOOR)
    each = steps * _STEP
    sizes = [each] * (count - 1) + [line.quantity - each * (count - 1)]
    return [[_ship(order, line, size)] for size in sizes]


def _plans(seed: int) -> dict[str, tuple[str, list[Order], list[tuple[list[Shipment], dict]]]]:
    """scenario -> (family, its orders, its notes as (shipments, make_note options))."""
    full_order = _order(seed, "full_delivery", "docket")
    partial = _order(seed, "partial_delivery", "lieferschein", lambda o: len(o.lines) >= 3)
    split = _order(seed, "split_delivery", "docket")
    over = _order(seed, "over_delivery", "lieferschein", lambda o: _tenth_more(o.lines[-1]))
    first = _order(seed, "two_orders", "docket")
    second = _order(seed, "two_orders_b", "docket", lambda o: o.po_number != first.po_number)
    second = replace(
        second, supplier=first.supplier, ship_to=first.ship_to, project_code=first.project_code
    )
    extra = _order(seed, "unknown_item", "lieferschein")
    stranger = next(p for p in goods.GOODS if p.code not in {x.item_code for x in extra.lines})
    tonnes = _order(
        seed, "unit_mismatch", "docket", lambda o: any(line.unit == "t" for line in o.lines)
    )
    in_t = next(line for line in tonnes.lines if line.unit == "t")
    unknown = _order(seed, "unknown_order", "weighbridge")
    aggregate = _order(seed, "weighbridge_loads", "weighbridge", lambda o: len(o.lines) == 1)
    last = over.lines[-1]
    again = _order(seed, "delivered_again", "docket")
    return {
        "full_delivery": ("docket", [full_order], [(full(full_order), {"valued": True})]),
        "partial_delivery": (
            "lieferschein",
            [partial],
            [(_partly(partial), {})],
        ),
        "split_delivery": (
            "docket",
            [split],
            [(_halves(split, False), {}), (_halves(split, True), {"days_after_order": 30})],
        ),
        "over_delivery": (
            "lieferschein",
            [over],
            [([*full(over)[:-1], _ship(over, last, last.quantity * Decimal("1.1"))], {})],
        ),
        "two_orders": (
            "docket",
            [first, second],
            [([*full(first), _ship(second, second.lines[0], second.lines[0].quantity)], {})],
        ),
        "unknown_item": (
            "lieferschein",
            [extra],
            [
                (
                    [
                        _ship(extra, extra.lines[0], extra.lines[0].quantity),
                        Shipment(None, None, stranger, Decimal(4)),
                    ],
                    {"valued": False},
                )
            ],
        ),
        "unit_mismatch": (
            "docket",
            [tonnes],
            [([_ship(tonnes, in_t, in_t.quantity * 1000, "kg")], {"valued": False})],
        ),
        "unknown_order": ("weighbridge", [], [(full(unknown), {"po_refs": [unknown.po_number]})]),
        "delivered_again": (
            "docket",
            [again],
            [
                (full(again), {}),
                ([_ship(again, again.lines[0], again.lines[0].quantity)], {"days_after_order": 40}),
            ],
        ),
        "weighbridge_loads": (
            "weighbridge",
            [aggregate],
            [(load, {"days_after_order": 3 + n}) for n, load in enumerate(_loads(aggregate))],
        ),
    }


def generate_scenarios(out_dir: Path, *, seed: int = 7) -> dict:
    """Write the orders, notes and `scenarios.json` under `out_dir`; returns the JSON."""
    out_dir = Path(out_dir)
    for part in ("orders", "notes"):
        (out_dir / part).mkdir(parents=True, exist_ok=True)
    layouts = {layout.name: layout for layout in LAYOUTS}
    scenarios = []
    for index, (name, (family_name, orders, plan)) in enumerate(_plans(seed).items(), start=1):
        family = BY_NAME[family_name]
        order_names = []
        for n, order in enumerate(orders, start=1):
            layout = layouts[_ORDER_LAYOUT[family_name]]
            order_name = f"{name}_order_{n}"
            pdf = layout.render(order, index)
            meta = {"_scenario": name, "_split": "dev"}
            write_document(
                out_dir / "orders",
                order_name,
                ".pdf",
                pdf,
                ground_truth(order),
                "digital",
                layout.name,
                None,
                meta,
            )
            order_names.append(order_name)
        notes, refs = [], []
        for n, (shipments, options) in enumerate(plan, start=1):
            rng = random.Random(f"{seed}:scenario:{name}:note:{n}")
            source_orders = orders or [shipments[0].order]
            note = make_note(rng, family, source_orders, shipments, **options)
            note_name = f"{name}_note_{n}"
            meta = {"_scenario": name, "_split": "dev", "_doc_type": DELIVERY_NOTE}
            write_document(
                out_dir / "notes",
                note_name,
                ".pdf",
                family.render(note, index),
                note_truth(note),
                "digital",
                family.name,
                None,
                meta,
            )
            refs.append((note.po_refs, shipments))
            notes.append(
                {
                    "name": note_name,
                    "dn_number": note.dn_number,
                    "po_refs": list(note.po_refs),
                    "lines": _note_lines(note),
                }
            )
        lines, exceptions = outcome(orders, refs)
        for note, expected in zip(notes, exceptions, strict=True):
            note["exceptions"] = expected
        scenarios.append(
            {
                "name": name,
                "family": family_name,
                "orders": order_names,
                "notes": notes,
                "order_lines": lines,
            }
        )
    result = {"seed": seed, "unit_spellings": goods.UNIT_SPELLINGS, "scenarios": scenarios}
    (out_dir / "scenarios.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return result


def _note_lines(note: DeliveryNote) -> list[dict]:
    """What each note line delivers against, printed or not (None: on no order)."""
    return [
        {
            "line_number": line.line_number,
            "po_number": line.po_number,
            "po_line": line.po_line,
            "quantity": decimal_text(line.quantity),
            "unit": line.unit,
        }
        for line in note.lines
    ]
