"""Labelled header fields: the value follows its label in the same cell, in the next cell of
the row, or in the cell right below it (boxed layouts put labels above values)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

# A label ending in a full stop may run into its number ("Pedido de Compra No.4300004732").
_SEPARATOR = r"\.?(?:\s*[:#]\s*|\s+[-–]\s+|\s+|$|(?<=\.)(?=\d))(?P<rest>.*)$"
# "Supplier (Bill from)": words in brackets after a label belong to the label, and so does
# a date's mask in any of the languages ("Date dd/mm/yyyy", "Datum TT.MM.JJJJ").
_ANNOTATION = re.compile(r"^(?:\(.*\)|[dmytjag]{1,4}(?:[./-][dmytjag]{1,4}){2})\s*:?$", re.I)


@dataclass(frozen=True, eq=False)
class Labels:
    """What one kind of document labels its header fields with (a pattern per field), the
    words that qualify a label into another field's ("Supplier No."), and its title: a
    label that is the title ("PURCHASE ORDER") takes a value only in its own cell."""

    patterns: dict[str, re.Pattern[str]]
    qualified: re.Pattern[str]
    title: re.Pattern[str]

    def is_label(self, text: str) -> bool:
        return any((m := p.match(text)) and not m["rest"] for p in self.patterns.values())

    def is_qualified_label(self, text: str) -> bool:
        """Another field's label made of one of these and a qualifier ("Vendor ID")."""
        return any(
            (m := p.match(text)) and m["rest"] and self.qualified.match(m["rest"])
            for p in self.patterns.values()
        )

    def names_two(self, text: str) -> bool:
        """A label for two fields ("Order No. & Date :"), nothing after it in its cell."""
        return (
            sum(
                bool((m := p.match(text)) and not m["rest"].strip(" :#"))
                for p in self.patterns.values()
            )
            > 1
        )


def labels_of(
    sections: dict[str, dict[str, list[str]]], titles: list[str], qualifiers: list[str]
) -> Labels:
    """`Labels` from vocabulary sections: per field, per language, its phrases."""
    return Labels(
        patterns={
            field: re.compile(rf"^(?:{alternatives(all_phrases(section))}){_SEPARATOR}", re.I)
            for field, section in sections.items()
        },
        qualified=re.compile(rf"^(?:{alternatives(qualifiers)})(?!\w)", re.IGNORECASE),
        title=re.compile(rf"^(?:{alternatives(titles)})\W*$", re.IGNORECASE),
    )


ORDER_LABELS = labels_of(
    vocabulary()["labels"],
    all_phrases(vocabulary()["titles"]["purchase_order"]),
    vocabulary()["label_qualifiers"]["words"],
)
TITLE = ORDER_LABELS.title


@dataclass
class Found:
    """A value and the words on the page it was read from."""

    value: Any
    page: int
    words: list[Word]


def is_label(text: str) -> bool:
    return ORDER_LABELS.is_label(text)


def _rest_words(cell: Cell, rest: str) -> list[Word]:
    """The words of `cell` that make up `rest`, its text after the label."""
    start, offset, taken = len(cell.text) - len(rest), 0, []
    for word in cell.words:
        offset += len(word.text)
        if offset > start:
            taken.append(word)
        offset += 1
    return taken or cell.words


def _other_script(cell: Cell) -> bool:
    """Words with no Latin letter and no digit, or no digit and a word in letters of another
    script among Latin ones: the label again in another script ("ORDER DATE" over its
    Arabic, a word of it not printed or one the reader does not know), not its value."""
    if any(c.isdigit() for c in cell.text):
        return False
    return not any("a" <= c.lower() <= "z" for c in cell.text) or any(
        _in_another_script(w.text) for w in cell.words
    )


def _in_another_script(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return bool(letters) and not any(unicodedata.name(c, "").startswith("LATIN") for c in letters)


def is_a_label_cell(cell: Cell, labels: Labels = ORDER_LABELS) -> bool:
    """A label the vocabulary knows, or any words ending in a colon ("Zahlung:"): another
    field's label, not a value."""
    return (
        labels.is_label(cell.text)
        or labels.is_qualified_label(cell.text)
        or (cell.text.rstrip().endswith(":") and not any(c.isdigit() for c in cell.text))
    )


def _below(cell: Cell, rows: list[Row], index: int, labels: Labels) -> Cell | None:
    """The cell under a label: the first in the next rows overlapping it horizontally, past
    a translation of the label. Labels set flush left over their values make columns: a
    value may start further right of a short label ("date" over "25.08.2025" set 46 pt
    right of it), short of the next label on its row; a value starting under the cell
    before it is that cell's ("PO number" over "2205031082", running on under "date")."""
    reach = cell.x1 + _UNDER
    after = [c.x0 for c in rows[index].cells() if c.x0 >= cell.x1]
    if after:
        reach = max(reach, min(min(after), cell.x1 + _UNDER_COLUMN))
    start = max((c.x1 for c in rows[index].cells() if c.x1 <= cell.x0), default=-1.0)
    for row in rows[index + 1 : index + 3]:
        found = [c for c in row.cells() if start < c.x0 < reach and c.x1 > cell.x0 - 2]
        if any(_other_script(c) for c in found):
            continue  # the label again in another script, a word of it perhaps unknown
        if found:
            if is_a_label_cell(found[0], labels):
                return None
            return _with_legal_form(_past_slash(found[0], row.cells()), rows)
    return None


def _centred_under_next(value: Cell, label: Cell, row: Row) -> bool:
    """A value reaching under the next label on the label's row, centred under that label:
    the next column's value, printed wider than its title, over this label's empty cell
    ("Obra" over nothing beside "Condição Pagamento" over "30 dias após emissão da fatura")."""
    after = [c for c in row.cells() if c.x0 >= label.x1]
    if not after or value.x1 <= after[0].x0:
        return False
    return abs(value.x0 + value.x1 - after[0].x0 - after[0].x1) / 2 <= _CENTRED


def _past_slash(cell: Cell, cells: list[Cell]) -> Cell:
    """A value ending in "/" goes on in the next cell of its row: under "PO number/date",
    "4503665116 /" and, spaced apart, "01/27/2021" are one value."""
    if not cell.text.rstrip().endswith("/"):
        return cell
    after = [c for c in cells if c.x0 >= cell.x1]
    return Cell(cell.words + after[0].words) if after else cell


_LEGAL_FORMS = {f.lower() for f in vocabulary()["legal_forms"]["words"]}
# A form's field label in a party's block ("Razão Social", "Company Name", "Phone").
FORM_FIELD = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['form_fields']))})\W*$", re.IGNORECASE
)


def _ends_in_legal_form(cell: Cell) -> bool:
    return cell.words[-1].text.strip(",;").lower() in _LEGAL_FORMS


def _with_legal_form(cell: Cell, rows: list[Row]) -> Cell:
    """A company's name wrapped onto the next line, which ends in its legal form
    ("Quenet Communication" over "Systems Installation LLC"), as one cell; over it a form's
    field label ("FORNECEDOR" over "Razão Social" over "Aço Forte Distribuidora Ltda.") is
    the name's label, not its first line: the name alone."""
    index = next((n for n, r in enumerate(rows) if any(w in r.words for w in cell.words)), None)
    if index is None or index + 1 >= len(rows) or _ends_in_legal_form(cell):
        return cell
    row, below = rows[index], rows[index + 1]
    if below.page != row.page or below.y - row.y > 1.6 * row.height:
        return cell
    under = [c for c in below.cells() if abs(c.x0 - cell.x0) <= 2]
    if under and _ends_in_legal_form(under[0]):
        separate = FORM_FIELD.match(cell.text) or not _wrapped_onto(cell, under[0])
        return under[0] if separate else Cell(cell.words + under[0].words)
    return cell


_SPACE = 0.25  # a space's width, in the text's heights


def _wrapped_onto(line: Cell, below: Cell) -> bool:
    """The line below goes on from `line` only if its first word had no room left at the
    end of `line` within the wider of the two: a line broken with room to spare was ended
    on purpose ("Zorbel Social", a form's field label the vocabulary does not know, over
    "Aço Forte Distribuidora Ltda."), a wrapped line was not."""
    first = below.words[0]
    room = max(line.x1, below.x1) - line.x1
    return room < _SPACE * first.height + (first.x1 - first.x0)


def _next_cell(
    cells: list[Cell], position: int, labels: Labels, flush_right: Callable[[Cell], bool]
) -> Cell | None:
    """The cell right of a label on its row, skipping a lone `:`; a cell across the page
    (another block's title) is not its value, unless it ends the row in a column of values
    set flush right beside a column of labels (`flush_right`)."""
    for cell in cells[position + 1 : position + 3]:
        if cell.text.strip(" :#"):
            gap = cell.x0 - cells[position].x1
            far = gap > _BESIDE and not (gap <= _FAR and cell is cells[-1] and flush_right(cell))
            if is_a_label_cell(cell, labels) or labels.is_label(cell.text.strip(" :#")) or far:
                return None
            return cell
    return None


def _in_value_column(label: Cell, value: Cell, rows: list[Row], index: int) -> bool:
    """A number or date (words there are another block's: "CUSTOMER") whose row has a
    neighbour in the label's block with a label at its left edge and its value, the row's
    last cell, ending where this one does: labels flush left, values flush right
    ("Bestell-Nr.:" … "6557133" over "Beleg-Datum:" … "3.09.2025")."""
    if not any(c.isdigit() for c in value.text):
        return False
    row = rows[index]
    near = rows[max(0, index - _BLOCK_ROWS) : index] + rows[index + 1 : index + 1 + _BLOCK_ROWS]
    for other in (r for r in near if r.page == row.page):
        cells = other.cells()
        for left, right in zip(cells, cells[1:], strict=False):
            if (
                right is cells[-1]
                and abs(left.x0 - label.x0) <= _EDGE
                and abs(right.x1 - value.x1) <= _EDGE
            ):
                return True
    return False


def _run_on(cell: Cell, cells: list[Cell], labels: Labels) -> Cell:
    """The value of a label for two fields and the cell after it: "1" and, spaced apart,
    "22/04/2017" right of "Order No. & Date :"."""
    after = [c for c in cells if c.x0 >= cell.x1]
    if after and after[0].x0 - cell.x1 <= _BESIDE and not labels.is_label(after[0].text):
        return Cell(cell.words + after[0].words)
    return cell


def _number_beside(title: Cell, cell: Cell) -> bool:
    """Digits alone set right after the title, a word's space or two from it."""
    return len(cell.words) == 1 and cell.text.isdigit() and cell.x0 - title.x1 <= _TITLE_GAP


Candidate = tuple[str, list[Word]]
_BESIDE = 150.0  # points between a label and a value on its right, at most
_FAR = 300.0  # points to a value set flush right in its column, at most
_BLOCK_ROWS = 4  # rows above and below a label that make its block
_EDGE = 2.0  # points between edges set flush
_CENTRED = 4.0  # points between the middles of a label and a value centred under it
_TITLE_GAP = 20.0  # points between a title and its number beside it, at most
_UNDER = 40.0  # points past a label's right edge a value under it may start
_UNDER_COLUMN = 80.0  # the same, short of the next label on the label's row


def _candidates(
    rest: str, cells: list[Cell], position: int, rows: list[Row], index: int, labels: Labels
) -> list[list[Candidate]]:
    """Where a label's value may stand, nearest first, in tiers: after it in its cell; right
    of it when the label ends with a colon; then below it (boxed forms) or right of it, which
    must not disagree."""
    label = cells[position]
    tiers: list[list[Candidate]] = []
    if _colon_ends_a_longer_label(label.text, rest, labels):
        return tiers
    if rest.strip(" :#"):
        tiers.append([(rest.strip(" :#"), _rest_words(label, rest))])
        if _longer_label(label.text, rest, labels) or _opens_text(label.text, rest):
            return tiers
        if _value_runs_on(label.text, rest):
            # "PO Zorbel" over "2205031082": a longer label the vocabulary does not know,
            # or a label and its value; which, the value under it or beside it tells.
            elsewhere = [_below(label, rows, index, labels)]
            if not _ends_as_labels_do(label.text, rest):
                elsewhere.append(_next_cell(cells, position, labels, lambda value: False))
            tiers[0] += [(c.text.strip(" :#"), c.words) for c in elsewhere if c is not None]
    beside = _next_cell(
        cells, position, labels, lambda value: _in_value_column(label, value, rows, index)
    )
    if beside and labels.names_two(label.text):
        beside = _run_on(beside, cells, labels)
    if beside and label.text.rstrip().endswith((":", "#")):
        tiers.append([(beside.text.strip(" :#"), beside.words)])
    if labels.title.match(label.text):
        # "PURCHASE ORDER" over the buyer's address: only "PURCHASE ORDER: 123", or a
        # number beside it on its line ("Purchase Order   641802"): one word.
        if beside and not tiers and _number_beside(label, beside):
            tiers.append([(beside.text, beside.words)])
        return tiers
    below = _below(label, rows, index, labels)
    if below is not None and _centred_under_next(below, label, rows[index]):
        return tiers  # the next label's value: this label's cell is empty, that label no value
    tiers.append([(c.text.strip(" :#"), c.words) for c in (below, beside) if c is not None])
    return tiers


# A label's last word that says its value comes next ("PO No.", "Order Number").
_LABEL_ENDINGS = {word.lower() for word in vocabulary()["label_endings"]["words"]}


def _value_runs_on(text: str, rest: str) -> bool:
    """The value follows its label in one cell with nothing between ("PO Zorbel", "Numero
    Zorbel", not "PO: 4711"): as much the start of a longer label."""
    return not text[: len(text) - len(rest)].rstrip().endswith((":", "#", "-"))


# Words run on after a label in its cell, with no colon between, that make a line of text
# rather than a longer label.
_TEXT_WORDS = 4


def _opens_text(text: str, rest: str) -> bool:
    """The label's word opens a line of text in its cell ("Obra Residencial Jardins, Portão 2
    - Rua …", a delivery address starting with the word for building site): what stands
    under or beside that line is no value of the label's."""
    return _value_runs_on(text, rest) and len(rest.split()) >= _TEXT_WORDS


def _ends_as_labels_do(text: str, rest: str) -> bool:
    """The label's words end as a whole label does ("Bestellung Nr." beside "653291", then
    another field's "31257"): what stands beside the value is no reading of it."""
    return text[: len(text) - len(rest)].split()[-1].lower() in _LABEL_ENDINGS


def _colon_ends_a_longer_label(text: str, rest: str, labels: Labels) -> bool:
    """Words after the label, then a colon and a value ("Date Wanted: 21-Oct-2025",
    "Date Entered: …"): the colon ends a longer label the vocabulary does not know, whose
    value is not known to be ours."""
    head, colon, _ = rest.partition(":")
    head = head.strip()
    if not colon or not head or head.startswith("/") or any(c.isdigit() for c in head):
        return False
    if _ANNOTATION.match(head + ":"):
        return False
    return not labels.is_label(text[: len(text) - len(rest)].rstrip() + " " + head)


def _longer_label(text: str, rest: str, labels: Labels) -> bool:
    """Words after a label, before any slash, with no digit, make a longer label ("Order
    to", "Number of pages", "P.O. rev/…"): its value is not ours; unless label and words
    are one the vocabulary knows ("Date of order/Buyer"). After a slash comes the label
    in another language or a second field's ("ORDER /COMMANDE N° :")."""
    head = rest.split("/")[0].strip(" :#")
    if not head or any(c.isdigit() for c in head):
        return False
    return not labels.is_label(text[: len(text) - len(rest)].rstrip() + " " + head)


def _read(tiers: list[list[Candidate]], parse: Callable[[str], Any]) -> tuple[Any, list[Word]]:
    """The first tier's value; none when two places in one tier read differently."""
    for tier in tiers:
        read = [
            (value, words) for text, words in tier if text and (value := parse(text)) is not None
        ]
        if len({value for value, _ in read}) > 1:
            return None, []  # the value below and the one beside disagree: not guessed
        if read:
            return read[0]
    return None, []


def _split_labels(cell: Cell, labels: Labels) -> list[Cell]:
    """A cell of two labels set close ("Data documento Numero documento" over "05/08/2025"
    and "2500507"), as the two cells they are; any other cell as it is. A qualifier alone
    is no label of its own ("Site Number", "Numéro fournisseur" are one label each), and a
    party's label says whose the other one is ("Supplier Order No.")."""
    party = labels.patterns.get("supplier_name")
    if labels.is_label(cell.text) or (party and party.match(cell.text)):
        return [cell]
    for cut in range(1, len(cell.words)):
        head, tail = Cell(cell.words[:cut]), Cell(cell.words[cut:])
        if _only_qualifier(head.text, labels) or _only_qualifier(tail.text, labels):
            continue
        if party and party.match(tail.text):
            continue
        if labels.is_label(head.text) and labels.is_label(tail.text):
            return [head, tail]
    return [cell]


def _only_qualifier(text: str, labels: Labels) -> bool:
    qualifier = labels.qualified.match(text)
    return bool(qualifier) and not text[qualifier.end() :].strip(" :#")


def _translated(rest: str, labels: Labels) -> bool:
    """A slash, then the label again in another language ("Fornitore / Supplier"): more of
    the label, not its value."""
    head, slash, tail = rest.strip().partition("/")
    return bool(slash) and not head and labels.is_label(tail.strip())


def _value_of_label_before(cells: list, position: int, rest: str) -> bool:
    """The cell is the value of the label before it on its row ("Denominación:" then
    "Pedido local1 ABMMEXMR", an order's name): a word opening it that reads as a label,
    without a colon of its own and followed by more than a value, is that text's, not a
    label ("To:" then "ORDER 1167839" is still the order's number)."""
    before = cells[position - 1].text.rstrip() if position else ""
    return before.endswith(":") and ":" not in cells[position].text and len(rest.split()) > 1


def labelled_values(
    rows: list[Row], parsers: dict[str, Callable[[str], Any]], labels: Labels = ORDER_LABELS
) -> Iterator[tuple[str, Found]]:
    """Every label's value in reading order, as (field, value), for the fields `parsers`
    reads; a field without a parser is only a label (its words are no other label's value)."""
    for index, row in enumerate(rows):
        cells = [part for cell in row.cells() for part in _split_labels(cell, labels)]
        for position, cell in enumerate(cells):
            for field, pattern in labels.patterns.items():
                if field not in parsers:
                    continue
                match = pattern.match(cell.text)
                if match is None or labels.qualified.match(match["rest"]):
                    continue
                if match["rest"].strip(" :#") and labels.is_label(cell.text):
                    continue  # "Order Date" is the date's label, not "Order" and a value
                if _value_of_label_before(cells, position, match["rest"]):
                    continue
                annotated = _ANNOTATION.match(match["rest"]) or _translated(match["rest"], labels)
                rest = "" if annotated else match["rest"]
                tiers = _candidates(rest, cells, position, rows, index, labels)
                value, words = _read(tiers, parsers[field])
                if value is not None:
                    yield field, Found(value, row.page, words)


def find_labelled(
    rows: list[Row], parsers: dict[str, Callable[[str], Any]], labels: Labels = ORDER_LABELS
) -> dict[str, Found]:
    """Each field's value: the first label whose nearby text `parsers[field]` accepts."""
    found: dict[str, Found] = {}
    remaining = dict(parsers)  # labelled_values looks each field up as it goes
    for field, value in labelled_values(rows, remaining, labels):
        found[field] = value
        del remaining[field]
        if not remaining:
            break
    return found


def same_number(one: str, other: str) -> bool:
    """The same number printed with or without a prefix or separators ("PO-4500" and
    "4500")."""
    one, other = (re.sub(r"\W", "", v).upper() for v in (one, other))
    return one.endswith(other) or other.endswith(one)


def disagreeing(
    rows: list[Row], field: str, parse: Callable[[str], Any], found: Found
) -> Found | None:
    """Another label of `field` whose value is not `found`'s: two purchase-order numbers
    mean one of the labels is not what it seems ("PO 1402" of a post-office box above
    the order's "PO Number"), and the first is not the one to trust."""
    for _, other in labelled_values(rows, {field: parse}):
        if isinstance(found.value, str) and same_number(str(other.value), found.value):
            continue
        if other.value != found.value:
            return other
    return None
