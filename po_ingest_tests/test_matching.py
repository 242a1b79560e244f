"""Delivery-note matching, pure: the keys, the matcher, the progress per line, the model."""

import datetime as dt
import re
from decimal import Decimal as D

import pytest
from pydantic import ValidationError

from po_ingest.lib.delivery_note_model import DeliveryNote
from po_ingest.lib.matching import (
    UNIT_MISMATCH,
    UNKNOWN_ITEM,
    LineMatch,
    Method,
    NoteLine,
    OrderLine,
    description_score,
    match_note,
)
from po_ingest.lib.matching_keys import normalise_po_ref, normalise_unit, supplier_key
from po_ingest.lib.progress import LineStatus, OrderStatus, line_progress, order_status
from po_ingest.lib.reconcile import (
    ORDER_COMPLETE,
    OVER_DELIVERY,
    UNKNOWN_ORDER,
    Note,
    NoteStatus,
    Order,
    reconcile,
)
from po_ingest.lib.settings import MatchSettings


@pytest.mark.parametrize(
    ("printed", "key"),
    [
        ("4500012345", "4500012345"),
        ("po 4500012345", "4500012345"),
        ("PO4500012345", "4500012345"),
        ("PO-4500-012345", "4500012345"),
        ("P.O. 4500012345", "4500012345"),
        ("P.O.4500012345", "4500012345"),
        ("P/O 4500012345", "4500012345"),
        ("PO# 4500012345", "4500012345"),
        ("PO No. 4500012345", "4500012345"),
        ("Order No. 4500012345", "4500012345"),
        ("Purchase Order: 4500 012 345", "4500012345"),
        ("Your order 4500.012.345", "4500012345"),
        ("Best.-Nr. 4500012345", "4500012345"),
        ("Bestellung 4500012345", "4500012345"),
        ("Bestellnr: 4500012345", "4500012345"),
        ("Bestellnummer 4500012345", "4500012345"),
        ("Ihre Bestellung Nr. 4500012345", "4500012345"),
        ("Commande N° 4500012345", "4500012345"),
        ("Votre commande nº 4500012345", "4500012345"),
        ("N° 4500012345", "4500012345"),
        ("#4500012345", "4500012345"),
        ("4500/012/345", "4500012345"),
        ("  4500_012_345 ", "4500012345"),
        # leading zeros dropped: spreadsheets lose them; zeros inside are the number's own
        ("PO-000123", "123"),
        ("000123", "123"),
        ("PO 2024-0017", "20240017"),
        ("0000", "0"),
        # a prefix only as a whole word, and never the whole number
        ("POL-17", "pol17"),
        ("Order-A17", "a17"),
        ("PO", "po"),
        ("", ""),
        (None, ""),
    ],
)
def test_normalise_po_ref(printed, key):
    assert normalise_po_ref(printed) == key


@pytest.mark.parametrize(
    ("unit", "key"),
    [
        *[
            (u, "pc")
            for u in [
                "pcs",
                "pc",
                "piece",
                "pieces",
                "ea",
                "each",
                "Stk",
                "Stück",
                "St.",
                "unit",
                "units",
                "PCS",
                "EA",
            ]
        ],
        *[(u, "m3") for u in ["m3", "m³", "M³", "cum", "cbm", "cubic metre", "cubic meters"]],
        *[(u, "t") for u in ["t", "tonne", "tonnes", "ton", "tons", "to", "T"]],
        *[(u, "kg") for u in ["kg", "kgs", "kilo", "KG"]],
        *[(u, "m") for u in ["m", "lm", "lfm", "metre", "meter"]],
        *[(u, "m2") for u in ["m2", "m²", "sqm", "sq m"]],
        *[(u, "l") for u in ["l", "ltr", "litre", "liter"]],
        *[(u, "bag") for u in ["bag", "bags", "sack", "Sack"]],
        *[(u, "pal") for u in ["pal", "pallet", "palette"]],
        *[(u, "box") for u in ["box", "ctn", "carton"]],
        *[(u, "roll") for u in ["roll", "rolls"]],
        *[(u, "set") for u in ["set", "sets"]],
        *[(u, "h") for u in ["h", "hr", "hours", "Std"]],
        ("  Bund ", "bund"),  # unknown: its lower-cased, stripped text
        ("Fass", "fass"),
        ("", None),
        (None, None),
    ],
)
def test_normalise_unit(unit, key):
    assert normalise_unit(unit) == key


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Baustoffe Müller GmbH & Co. KG", "BAUSTOFFE MÜLLER"),
        ("Acme Building Supplies Ltd.", "acme building supplies"),
        ("Béton S.A.", "Béton"),
    ],
)
def test_supplier_key_ignores_case_punctuation_and_legal_form(a, b):
    assert supplier_key(a) == supplier_key(b) != ""


@pytest.mark.parametrize(
    ("a", "b", "at_least", "below"),
    [
        ("Ready-mix concrete C30/37 XC4", "Concrete C30/37", 100, None),
        ("Portland cement CEM II/A-LL 42.5 R, 25 kg bags", "Cement CEM II 42,5R 25kg", 100, None),
        ("Formwork panel 2.7 x 0.9 m", "Formwork panel 2,70x0,90m", 100, None),
        ("Sand washed 0-2mm", "Washed sand 0/2 mm", 100, None),
        ("Rebar 12 mm", "Rebar 16mm", None, 1),  # the numbers contradict: 0
        ("Gravel 0/32", "Kies 0/32", None, 85),
    ],
)
def test_description_score(a, b, at_least, below):
    score = description_score(a, b)
    assert score == description_score(b, a)
    if at_least is not None:
        assert score >= at_least
    if below is not None:
        assert score < below


ORDER_LINES = [
    OrderLine(101, 1, "Ready-mix concrete C30/37", D(10), "m3", "BET-3037"),
    OrderLine(102, 2, "Rebar B500B 12 mm", D(2), "t", "ST-12"),
    OrderLine(103, 3, "Rebar B500B 16 mm", D(2), "t", "ST-16"),
    OrderLine(104, 4, "Cement CEM II 25 kg", D(40), "bag", None),
]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (NoteLine(1, "Beton", D(6), "cbm", po_line_ref=1), (101, Method.PO_LINE_REF, ())),
        (NoteLine(1, "Stahl", D(1), "to", item_code="st 16"), (103, Method.ITEM_CODE, ())),
        (NoteLine(1, "Stahl", D(1), "to", item_code="00ST-0016"), (None, None, (UNKNOWN_ITEM,))),
        (NoteLine(1, "Concrete C30/37", D(6), "m³"), (101, Method.DESCRIPTION, ())),
        (NoteLine(1, "Rebar 16mm", D(1), None), (103, Method.DESCRIPTION, ())),
        (NoteLine(1, "Cement CEM II 25kg", D(40), "Sack"), (104, Method.DESCRIPTION, ())),
        # the line reference wins over a code pointing elsewhere
        (
            NoteLine(1, "x", D(1), "t", item_code="ST-16", po_line_ref=2),
            (102, Method.PO_LINE_REF, ()),
        ),
        # a different unit at every step: unit_mismatch
        (NoteLine(1, "Beton", D(6), "kg", po_line_ref=1), (None, None, (UNIT_MISMATCH,))),
        (NoteLine(1, "Steel", D(900), "kg", item_code="ST-12"), (None, None, (UNIT_MISMATCH,))),
        (NoteLine(1, "Concrete C30/37", D(6), "pcs"), (None, None, (UNIT_MISMATCH,))),
        # a wrong unit on the referenced line, but the code finds one in the unit
        (
            NoteLine(1, "x", D(1), "t", item_code="ST-12", po_line_ref=1),
            (102, Method.ITEM_CODE, ()),
        ),
        (NoteLine(1, "Safety gloves", D(5), "pcs"), (None, None, (UNKNOWN_ITEM,))),
        (NoteLine(1, "Rebar 20 mm", D(1), "t"), (None, None, (UNKNOWN_ITEM,))),
        (NoteLine(1, "Beton", D(6), "m3", po_line_ref=9), (None, None, (UNKNOWN_ITEM,))),
        # a person's match is kept whatever the line says
        (NoteLine(1, "Gloves", D(5), "pcs", manual_order_line_id=104), (104, Method.MANUAL, ())),
    ],
)
def test_match_note_line_by_line(line, expected):
    (match,) = match_note([line], ORDER_LINES, threshold=85)
    assert (match.order_line_id, match.method, match.exceptions) == expected
    assert (match.score is not None) == (match.order_line_id is not None)


def test_threshold_decides_a_description_match():
    line = NoteLine(1, "Gravel 0/32", D(1), "t")
    gravel = [OrderLine(7, 1, "Kies 0/32", D(1), "t")]
    assert match_note([line], gravel, threshold=85)[0].exceptions == (UNKNOWN_ITEM,)
    assert match_note([line], gravel, threshold=50)[0].order_line_id == 7


def test_no_order_lines_leaves_lines_unmatched_without_exceptions():
    assert match_note([NoteLine(1, "Beton", D(6), "m3")], []) == [LineMatch(1)]


def test_a_line_reference_in_two_orders_goes_to_the_line_alike():
    lines = [OrderLine(1, 1, "Sand 0/2", D(5), "t"), OrderLine(2, 1, "Gravel 2/8", D(5), "t")]
    (match,) = match_note([NoteLine(9, "Gravel 2/8 washed", D(1), "t", po_line_ref=1)], lines)
    assert (match.order_line_id, match.method) == (2, Method.PO_LINE_REF)


@pytest.mark.parametrize(
    ("ordered", "delivered", "tolerance", "open_", "status"),
    [
        (D(10), D(0), D(0), D(10), LineStatus.OPEN),
        (D(10), D(4), D(0), D(6), LineStatus.PARTIAL),
        (D(10), D(10), D(0), D(0), LineStatus.COMPLETE),
        (D(10), D("10.01"), D(0), D(0), LineStatus.OVER),
        (D(10), D(11), D(10), D(0), LineStatus.COMPLETE),
        (D(10), D("11.01"), D(10), D(0), LineStatus.OVER),
        (None, D(0), D(0), None, LineStatus.OPEN),
        (None, D(3), D(0), None, LineStatus.PARTIAL),
    ],
)
def test_line_progress(ordered, delivered, tolerance, open_, status):
    progress = line_progress(ordered, delivered, tolerance)
    assert (progress.ordered, progress.delivered, progress.open, progress.status) == (
        ordered,
        delivered,
        open_,
        status,
    )


@pytest.mark.parametrize(
    ("lines", "status"),
    [
        (["open", "open"], OrderStatus.NOT_DELIVERED),
        ([], OrderStatus.NOT_DELIVERED),
        (["open", "partial"], OrderStatus.PARTIAL),
        (["complete", "open"], OrderStatus.PARTIAL),
        (["complete", "complete"], OrderStatus.COMPLETE),
        (["complete", "over"], OrderStatus.OVER),
        (["open", "over"], OrderStatus.OVER),
    ],
)
def test_order_status(lines, status):
    assert order_status(LineStatus(s) for s in lines) == status


def _order(order_id, po_number, *lines):
    return Order(order_id, po_number, tuple(lines))


def _note(note_id, refs, day, *lines):
    date = dt.date(2026, 12, day) if day else None
    return Note(note_id, tuple(refs), tuple(lines), date)


CONCRETE = _order(1, "PO-4711", OrderLine(11, 1, "Concrete C30/37", D(10), "m3"))
STEEL = _order(2, "PO-4712", OrderLine(21, 1, "Rebar 12 mm", D(2), "t"))


@pytest.mark.parametrize(
    ("notes", "tolerance", "expected"),
    [
        (  # everything matched, nothing wrong
            [_note(1, ["4711"], 1, NoteLine(1, "Concrete C30/37", D(6), "m3"))],
            D(0),
            {1: (NoteStatus.MATCHED, ())},
        ),
        (  # one line found, one not
            [
                _note(
                    1,
                    ["4711"],
                    1,
                    NoteLine(1, "Concrete C30/37", D(6), "m3"),
                    NoteLine(2, "Pump hire", D(1), "h"),
                )
            ],
            D(0),
            {1: (NoteStatus.PARTIAL, (UNKNOWN_ITEM,))},
        ),
        (  # the order is not stored (yet)
            [_note(1, ["PO 9999"], 1, NoteLine(1, "Concrete C30/37", D(6), "m3"))],
            D(0),
            {1: (NoteStatus.UNMATCHED, (f"{UNKNOWN_ORDER}:PO 9999",))},
        ),
        (  # the note names no order at all
            [_note(1, [], 1, NoteLine(1, "Concrete C30/37", D(6), "m3"))],
            D(0),
            {1: (NoteStatus.UNMATCHED, (UNKNOWN_ORDER,))},
        ),
        (
            [_note(1, ["4711"], 1, NoteLine(1, "Concrete C30/37", D(6), "t"))],
            D(0),
            {1: (NoteStatus.UNMATCHED, (UNIT_MISMATCH,))},
        ),
        (  # the second note pushes the line over; a third finds it complete already
            [
                _note(1, ["4711"], 1, NoteLine(1, "Concrete C30/37", D(10), "m3")),
                _note(2, ["4711"], 2, NoteLine(2, "Concrete C30/37", D(1), "m3")),
                _note(3, ["4711"], 3, NoteLine(3, "Concrete C30/37", D(1), "m3")),
            ],
            D(0),
            {
                1: (NoteStatus.MATCHED, ()),
                2: (NoteStatus.MATCHED, (ORDER_COMPLETE, OVER_DELIVERY)),
                3: (NoteStatus.MATCHED, (ORDER_COMPLETE,)),
            },
        ),
        (  # over in one go, within a note
            [_note(1, ["4711"], 1, NoteLine(1, "Concrete C30/37", D(12), "m3"))],
            D(0),
            {1: (NoteStatus.MATCHED, (OVER_DELIVERY,))},
        ),
        (  # within 10 % tolerance: no over-delivery, yet the order was complete already
            [
                _note(1, ["4711"], 1, NoteLine(1, "Concrete C30/37", D(10), "m3")),
                _note(2, ["4711"], 2, NoteLine(2, "Concrete C30/37", D(1), "m3")),
            ],
            D(10),
            {1: (NoteStatus.MATCHED, ()), 2: (NoteStatus.MATCHED, (ORDER_COMPLETE,))},
        ),
        (  # beyond the tolerance
            [_note(1, ["4711"], 1, NoteLine(1, "Concrete C30/37", D("11.5"), "m3"))],
            D(10),
            {1: (NoteStatus.MATCHED, (OVER_DELIVERY,))},
        ),
        (  # one note for two orders, and an order number nobody stored
            [
                _note(
                    1,
                    ["PO 4711", "Bestellung 4712", "4713"],
                    1,
                    NoteLine(1, "Concrete C30/37", D(4), "m3"),
                    NoteLine(2, "Rebar 12mm", D(1), "t"),
                )
            ],
            D(0),
            {1: (NoteStatus.MATCHED, (f"{UNKNOWN_ORDER}:4713",))},
        ),
    ],
)
def test_reconcile_statuses_and_exceptions(notes, tolerance, expected):
    settings = MatchSettings(over_delivery_tolerance=tolerance)
    result = reconcile(notes, [CONCRETE, STEEL], settings)
    assert {i: (n.status, n.exceptions) for i, n in result.notes.items()} == expected


def test_notes_are_applied_by_delivery_date_whatever_order_they_come_in():
    """Note 5 is stored first but delivered later: it is the one that went over."""
    early = _note(9, ["4711"], 1, NoteLine(90, "Concrete C30/37", D(8), "m3"))
    late = _note(5, ["4711"], 7, NoteLine(50, "Concrete C30/37", D(8), "m3"))
    undated = _note(1, ["4711"], None, NoteLine(10, "Concrete C30/37", D(1), "m3"))
    for notes in ([early, late, undated], [undated, late, early]):
        result = reconcile(notes, [CONCRETE])
        assert result.notes[9].exceptions == ()
        assert result.notes[5].exceptions == (OVER_DELIVERY,)
        assert result.notes[1].exceptions == (ORDER_COMPLETE,)
    assert result.lines[11] == line_progress(D(10), D(17))


def test_a_two_order_note_counts_on_both_orders_lines():
    note = _note(
        1,
        ["4711", "4712"],
        1,
        NoteLine(1, "Concrete C30/37", D(4), "m3"),
        NoteLine(2, "Rebar 12mm", D(2), "t"),
    )
    result = reconcile([note], [CONCRETE, STEEL])
    assert [m.order_line_id for m in result.notes[1].lines] == [11, 21]
    assert {i: p.status for i, p in result.lines.items()} == {
        11: LineStatus.PARTIAL,
        21: LineStatus.COMPLETE,
    }
    assert result.lines[11].open == D(6)


def _note_data(**changes):
    return {
        "dn_number": "LS-1",
        "lines": [{"description": "Concrete", "quantity": "6"}],
        **changes,
    }


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"dn_number": None}, "dn_number"),
        ({"dn_number": "  "}, "dn_number"),
        ({"lines": []}, "lines"),
        ({"lines": [{"quantity": "1"}]}, "description"),
        ({"lines": [{"description": "x"}]}, "quantity"),
        ({"lines": [{"description": "x", "quantity": "-1"}]}, "greater than or equal to 0"),
        ({"lines": [{"description": "x", "quantity": "1", "line_number": 0}]}, "line_number"),
        ({"lines": [{"description": "x", "quantity": "1", "po_line_ref": 0}]}, "po_line_ref"),
        ({"lines": [{"description": "x", "quantity": "1e20"}]}, "quantity"),
        ({"currency": "euro"}, "currency"),
        ({"po_refs": ["x" * 101]}, "at most 100 characters"),
        ({"gross_weight": "-1"}, "gross_weight"),
        (
            {"gross_weight": "1200", "tare_weight": "200", "net_weight": "900"},
            "net_weight 900 is not gross_weight 1200 − tare_weight 200 (= 1000)",
        ),
        (
            {"gross_weight": "100", "tare_weight": "200"},
            "tare_weight 200 is more than gross_weight 100",
        ),
    ],
)
def test_delivery_note_refuses_with_a_clear_error(changes, message):
    with pytest.raises(ValidationError, match=re.escape(message)):
        DeliveryNote.model_validate(_note_data(**changes))


def test_delivery_note_cleans_text_and_refs():
    note = DeliveryNote.model_validate(
        _note_data(
            dn_number=" LS-\x004711 ",
            po_refs="PO 1",
            currency=" eur ",
            received_by="\x07",
            gross_weight="1200",
            tare_weight="200",
            net_weight="1000.0",
            lines=[{"description": " Beton\x1b C30/37 ", "quantity": 6, "batch_or_lot": " L-7 "}],
        )
    )
    assert (note.dn_number, note.po_refs, note.currency, note.received_by) == (
        "LS-4711",
        ["PO 1"],
        "EUR",
        None,
    )
    assert (note.lines[0].description, note.lines[0].batch_or_lot) == ("Beton C30/37", "L-7")
    refs = DeliveryNote.model_validate(_note_data(po_refs=[" 4711", "", "4711", "4712"]))
    assert refs.po_refs == ["4711", "4712"]


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, MatchSettings(85.0, D(0))),
        (
            {"PO_INGEST_MATCH_THRESHOLD": "90", "PO_INGEST_OVER_DELIVERY_TOLERANCE": "2.5"},
            MatchSettings(90.0, D("2.5")),
        ),
    ],
)
def test_match_settings_from_env(monkeypatch, env, expected):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert MatchSettings.from_env() == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PO_INGEST_MATCH_THRESHOLD", "101"),
        ("PO_INGEST_MATCH_THRESHOLD", "high"),
        ("PO_INGEST_OVER_DELIVERY_TOLERANCE", "-1"),
        ("PO_INGEST_OVER_DELIVERY_TOLERANCE", "NaN"),
    ],
)
def test_match_settings_refuse_nonsense(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValueError, match=name):
        MatchSettings.from_env()
