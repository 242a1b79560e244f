"""What a party's name (the supplier's) must look like to be taken from beside its label."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import (
    FORM_FIELD,
    ORDER_LABELS,
    Found,
    is_a_label_cell,
)
from po_ingest.lib.extraction.local.layout import Cell, Row, Word
from po_ingest.lib.extraction.local.vocabulary import all_phrases, alternatives, vocabulary

_DELIVERY_HEADING = re.compile(
    rf"^(?:{alternatives(all_phrases(vocabulary()['delivery_headings']))})\W*$", re.IGNORECASE
)

# A name's words are capitalised but for a few joining words ("Aceros y Perfiles del Norte
# S.A. de C.V."); more in lower case than not is a sentence printed under a label.
_PROSE_WORDS = 4


def name(value: str) -> str | None:
    """A party's name: words, not "V-10023 Acme" (a number first), "Name: Acme" or
    "CONTACT NAME Acme" (a label and its value, which would be read wrong), a sentence
    ("Este número se citará de manera imprescindible …"), what is left of a label ("(Bill"
    of "Supplier (Bill from)", "/ Supplier Code"), a form's field or the delivery block's
    heading beside the supplier's ("LIVRER À")."""
    value = _without_code(_without_honorific(value.strip()))
    first = value.split()[0] if value else ""
    if not value or ":" in value or any(c.isdigit() for c in first) or _address(value):
        return None
    if _label_leftover(value) or _is_a_label(value) or _opens_with_a_field(value):
        return None
    lower = sum(w[:1].islower() for w in value.split())
    if lower >= _PROSE_WORDS and 2 * lower > len(value.split()) or _sentence(value):
        return None
    return None if FORM_FIELD.match(value) or _DELIVERY_HEADING.match(value) else value


_LABEL_ENDINGS = {word.lower() for word in vocabulary()["label_endings"]["words"]}
# "(Cód. S-22807)", "(Vendor No. 4711)": a labelled code in brackets after the name.
_BRACKETED_CODE = re.compile(r"\s*\((?P<label>[^()\d]+?)\s*[:#]?\s*[^\s()]*\d[^\s()]*\)$")


def _without_code(value: str) -> str:
    """The name without the supplier's code its system prints after it in brackets ("Aço
    Forte Distribuidora Ltda. (Cód. S-22807)"): the bracket's label ends as labels do."""
    match = _BRACKETED_CODE.search(value)
    if match is None or match["label"].split()[-1].lower() not in _LABEL_ENDINGS:
        return value
    return value[: match.start()]


_INITIALS = re.compile(r"^(?:[^\W\d_]\.\s*){2,}$")  # "N. I. F.": a tax number's label


def _is_a_label(value: str) -> bool:
    """A label under or beside the supplier's: one the vocabulary knows ("Supplier" of
    "Fornitore Supplier", "Order No.") or one ending as labels do ("FSSAI No" of "Vendor
    FSSAI No", "Payment Terms", "Fax-Nr." of "Supplier Fax-Nr.", a form's field: "Supplier
    Fax", "P. IVA / CODICE FISCALE", "BRANCH / PLANT"), or initials alone ("N. I. F.")."""
    if ORDER_LABELS.is_label(value) or ORDER_LABELS.is_qualified_label(value):
        return True
    if _INITIALS.match(value):
        return True
    last = re.split(r"[\s-]+", value.strip(" :-"))[-1].lower()
    return last in _LABEL_ENDINGS or (" " in value and bool(FORM_FIELD.match(last)))


def _opens_with_a_field(value: str) -> bool:
    """The value opens with a form's field label of two words or more ("CONTACT NAME Random
    Comapny": the field's label and the name beside it read as one cell): a label and its
    value, not a name. A name may open with one such word ("Contact Energy Ltd")."""
    words = value.split()
    return any(FORM_FIELD.match(" ".join(words[:n])) for n in range(2, len(words)))


def _address(value: str) -> bool:
    """An e-mail or web address, under a label whose own value was left blank."""
    return "@" in value or value.lower().startswith(("www.", "http"))


def _label_leftover(value: str) -> bool:
    """A name starts with a letter (or a quote) and closes every bracket it opens: "- Acme"
    or "/ Supplier Code" is the end of a label or a code's dash, "(Bill" a label's note cut
    short, "Customer Service ()" a form's field left blank."""
    if not (value[0].isalnum() or value[0] in "\"'“„«"):
        return True
    return "()" in value.replace(" ", "") or value.count("(") != value.count(")")


_JOINING = {word.lower() for word in vocabulary()["name_joining_words"]["words"]}
_LEGAL_FORMS = {form.lower() for form in vocabulary()["legal_forms"]["words"]}


def _sentence(value: str) -> bool:
    """Words of a sentence, not a name: one starting with a lower-case word that joins no
    name ("innerhalb von 14 Tagen", "mit folgender"), ending in a joining word ("… für"),
    or with two such words ("Este número se")."""
    words = [w.strip(",;.") or w for w in value.split()]
    odd = [n for n, w in enumerate(words) if _lower_word(w)]
    return 0 in odd or len(odd) >= 2 or (len(words) > 1 and words[-1].lower() in _JOINING)


def _lower_word(word: str) -> bool:
    """A lower-case word that is no joining word, no legal form ("mbH", "e.K." hold a
    capital) and no abbreviation."""
    lowered = word.lower()
    return word.islower() and word[:1].isalpha() and lowered not in _JOINING | _LEGAL_FORMS


_HONORIFICS = {word.lower() for word in vocabulary()["name_honorifics"]["words"]}


def _without_honorific(value: str) -> str:
    first, _, rest = value.partition(" ")
    return rest.strip() if first.lower() in _HONORIFICS else value


# A word or two's room: a gap this many times the text's height is a word missing, not the
# space between a form's columns.
_WORD_ROOM = 5.0


def runs_on(found: Found, rows: list[Row]) -> bool:
    """The name's line goes on in lower case a word's room after it ("Este" … "se citará de
    manera …" with "número" not printed): the start of a sentence, not a name."""
    last = found.words[-1]
    row = next((r for r in rows if r.page == found.page and last in r.words), None)
    if row is None:
        return False
    after = [c for c in row.cells() if c.x0 >= last.x1]
    return bool(after) and (
        after[0].x0 - last.x1 <= _WORD_ROOM * last.height and after[0].text[:1].islower()
    )


def ends_a_phrase(found: Found, rows: list[Row]) -> bool:
    """The label beside or over the name comes after a lower-case word on its line, or after
    one and a word more ("Verkäufer/in oder" … "Lieferant: Kerstin von Tycowicz", the
    "Ansprechpartner/in" between not printed or one the reader does not know; "Not confirmed
    by Supplier" over the country of origin): the label is the end of a longer one, the
    supplier's contact's or another party's, or of a sentence, not the supplier's own."""
    place = _label_cell(found, rows)
    if place is None:
        return False
    cells, label = place
    if label < 1:
        return False
    before = [w.text for w in cells[label - 1].words[-2:]]
    return any(text.isalpha() and text.islower() for text in before[-2:])


def _label_cell(found: Found, rows: list[Row]) -> tuple[list[Cell], int] | None:
    """The cells of the row of the party's label the name was read beside or under, and
    which cell the label stands in."""
    first = found.words[0]
    index = next((n for n, r in enumerate(rows) if r.page == found.page and first in r.words), None)
    if index is None:
        return None
    cells = rows[index].cells()
    at = next(n for n, c in enumerate(cells) if first in c.words)
    if cells[at].words[0] is not first and _PARTY_LABEL.match(cells[at].text):
        return cells, at
    if at and _PARTY_LABEL.match(cells[at - 1].text):
        return cells, at - 1
    for above in rows[max(index - 2, 0) : index][::-1]:
        if above.page != found.page:
            return None
        over = above.cells()
        for n, cell in enumerate(over):
            if cell.x0 < found.words[-1].x1 and first.x0 < cell.x1 and _label_alone(cell):
                return over, n
    return None


def _label_alone(cell: Cell) -> bool:
    match = _PARTY_LABEL.match(cell.text)
    return match is not None and not match["rest"].strip(" :#")


_PARTY_LABEL = ORDER_LABELS.patterns["supplier_name"]
_BESIDE = 150.0  # points between a label and a value on its right, as header.py has it
_UNDER_EDGE = 6.0  # points a value under a label may start left of it
_UNDER = 40.0  # points past a label's right edge a value under it may start, as header.py has it
_UNDER_ROWS = 3.0  # a value under its label this many times the label's height below it


def more_of_the_label(found: Found, rows: list[Row]) -> bool:
    """The name follows the party's label in its cell with no colon between, and that cell
    stands where labels stand: with a value of its own beside it (": Acme Ltd", a code) or
    under it, or between other labels on its row. "Supplier Kennung" over "2000069677" or
    "Vendor Standort" over the address block is a longer label the vocabulary does not know,
    not the supplier "Kennung"; a name ending in its legal form is a name wherever it stands.
    After "Vendor #" comes the vendor's number, never its name."""
    last = found.words[-1]
    index = next((n for n, r in enumerate(rows) if r.page == found.page and last in r.words), None)
    if index is None:
        return False
    cells = rows[index].cells()
    at = next(n for n, c in enumerate(cells) if last in c.words)
    text = cells[at].text
    label = text[: max(text.rfind(found.value), 0)].rstrip()
    if not label or not _PARTY_LABEL.match(label):
        return False  # the name has a cell of its own
    if label.rstrip(":").endswith("#"):
        return True
    if label.endswith((":", " -", " –")) or last.text.strip(",;").lower() in _LEGAL_FORMS:
        return False
    return _value_beside(cells, at) or _value_under(cells[at], rows, index)


def _value_beside(cells: list[Cell], at: int) -> bool:
    """The next cell on the row is the label's value (after a colon, or holding a digit), or
    the row's next label, or the row's label before it is one: a row of labels."""
    after = cells[at + 1] if at + 1 < len(cells) else None
    if after is not None and after.x0 - cells[at].x1 <= _BESIDE:
        text = after.text
        if text.startswith(":") or any(c.isdigit() for c in text) or is_a_label_cell(after):
            return True
        if FORM_FIELD.match(text):
            return True  # "Name": a form's field label
    before = cells[at - 1] if at else None
    return before is not None and cells[at].x0 - before.x1 <= _BESIDE and is_a_label_cell(before)


def _value_under(cell: Cell, rows: list[Row], index: int) -> bool:
    """A cell starting under the label, or a little right of its end, in the next rows close
    below: its value, as a box of labels over values or a heading over an address block
    prints it ("Supplier …" over the supplier's name indented past the label)."""
    row = rows[index]
    for below in rows[index + 1 : index + 3]:
        if below.page != row.page or below.y - row.y > _UNDER_ROWS * row.height:
            return False
        if any(cell.x0 - _UNDER_EDGE <= c.x0 < cell.x1 + _UNDER for c in below.cells()):
            return True
    return False


def _cell_of(found: Found, word: Word, rows: list[Row]) -> tuple[int, list[Cell], int] | None:
    """The row of a value's word, that row's cells and the one holding the word."""
    index = next((n for n, r in enumerate(rows) if r.page == found.page and word in r.words), None)
    if index is None:
        return None
    cells = rows[index].cells()
    return index, cells, next(n for n, c in enumerate(cells) if word in c.words)


def another_name_under_the_label(found: Found, rows: list[Row]) -> bool:
    """One word with no legal form beside its label, and a name under the label, set flush
    with it ("Fournisseur / Supplier :" then the supplier's number beside it, the supplier's
    block under it; "Supplier: TYCOEL", the supplier's code, over "TE Connectivity
    Solutions"): the word may be a value of the label's line the reader does not know, not
    the name; which is the supplier's is not known. The label may stand in a cell of its own
    or open the word's cell. A name of more words beside the label is taken, as the colon
    says."""
    if len(found.words) > 1 or found.words[0].text.strip(",;").lower() in _LEGAL_FORMS:
        return False
    first = found.words[0]
    if (place := _cell_of(found, first, rows)) is None:
        return False
    index, cells, at = place
    label_x = _label_left(cells, at, first)
    if label_x is None:
        return False  # not beside its label
    row = rows[index]
    for below in rows[index + 1 : index + 3]:
        if below.page != row.page or below.y - row.y > _UNDER_ROWS * row.height:
            return False
        under = [c for c in below.cells() if abs(c.x0 - label_x) <= _UNDER_EDGE]
        if under:
            other = name(under[0].text)
            return other is not None and other != found.value
    return False


def _label_left(cells: list[Cell], at: int, first: Word) -> float | None:
    """Where the party's label beside a value's first word starts: the cell before the
    word's ("Supplier :" | "Kennung"), or the word's own when the label opens it ("Supplier:
    TYCOEL"); None when no party's label stands just before the word."""
    cell = cells[at]
    if cell.words[0] is first:
        return cells[at - 1].x0 if at and _PARTY_LABEL.match(cells[at - 1].text) else None
    before = cell.text[: cell.text.find(first.text)].strip()
    match = _PARTY_LABEL.match(before) if before else None
    return cell.x0 if match is not None and not match["rest"].strip(" :#-") else None


def under_a_longer_label(found: Found, rows: list[Row]) -> bool:
    """The name was read under a cell holding the party's label and more words, no colon
    between ("Supplier QX-4417" where "Supplier Contact" stood, "Vendor QX-4417" where
    "Vendor Code." stood), that stands where labels stand (a value or a label beside it):
    a longer label the vocabulary does not know, whose value is what stands under it, a
    contact's name or the next label, not the supplier's name. A colon in the cell says
    where its label ends ("Fournisseur / Supplier :"); a cell ending as labels do
    ("Supplier QX-4417 Name") is a label wherever it stands."""
    first = found.words[0]
    index = next((n for n, r in enumerate(rows) if r.page == found.page and first in r.words), None)
    if index is None:
        return False
    row = rows[index]
    own = row.cells()
    at = next(n for n, c in enumerate(own) if first in c.words)
    if at and own[at].words[0] is first and is_a_label_cell(own[at - 1]):
        return False  # read beside its own label ("Supplier Name:"), not under one
    for above in rows[max(index - 2, 0) : index][::-1]:
        if above.page != row.page or row.y - above.y > _UNDER_ROWS * above.height:
            return False
        cells = above.cells()
        for at, cell in enumerate(cells):
            if not cell.x0 - _UNDER_EDGE <= first.x0 < cell.x1 + _UNDER:
                continue
            match = _PARTY_LABEL.match(cell.text)
            if match is None or not match["rest"].strip(" :#"):
                return False
            return ":" not in cell.text and (_is_a_label(cell.text) or _value_beside(cells, at))
    return False


def runs_past_legal_form(found: Found) -> bool:
    """The name goes on past its legal form with a word that is none, no joining word and
    no abbreviation ("Aço Forte Distribuidora Ltda. Zorbel", "(Cód." there a word the reader
    does not know): a legal form ends a company's name, so what follows is another field's
    (a code, its label) run into it, and where the name ends the words do not tell. "Aceros
    y Perfiles del Norte S.A. de C.V." and "Müller GmbH & Co. KG" end as names do."""
    words = [w.strip(",;") for w in str(found.value).split()]
    forms = [n for n, w in enumerate(words) if w.lower() in _LEGAL_FORMS]
    if not forms:
        return False
    return any(not _ends_a_name(w) for w in words[forms[0] + 1 :])


def _ends_a_name(word: str) -> bool:
    lowered = word.lower()
    abbreviation = "." in word and word.replace(".", "").isupper()
    return lowered in _LEGAL_FORMS or lowered in _JOINING or abbreviation


_NUMBER_WORDS = {w.lower() for w in vocabulary()["title_number"]["words"]}
_FLUSH = 4.0  # points between left edges set flush


def _numbers_the_party(cell: Cell) -> bool:
    """A party's label ending in a number's word ("Vendor #", "Supplier No.:"): the party's
    number's label."""
    if _PARTY_LABEL.match(cell.text) is None:
        return False
    last = cell.text.strip(" :").lower().split()[-1]
    return last in _NUMBER_WORDS or last.endswith("#")


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


def beside_a_number_label(found: Found, rows: list[Row]) -> bool:
    """The name was read beside a party's number label ("Vendor #", whose value is the
    vendor's number, never its name), or under one, or under a party's label with its code
    beside it, on a row that goes on with a cell flush with that label's value: a form's
    rows of labels and values ("Vendor # S-60601" over "Payment Zorbel   45 days",
    "Leverancier S-20322" over "Zorbel   Eva Jansen"), the cell under the label the next
    label, not the name. A name under the label, nothing beside it ("Vendor#: 3002130" over
    "CHEP USA INC"), or beside it another block's heading, is the name."""
    first = found.words[0]
    if (place := _cell_of(found, first, rows)) is None:
        return False
    index, own, at = place
    if at and own[at].words[0] is first and _numbers_the_party(own[at - 1]):
        return True
    after = [c for c in own[at + 1 :] if c.x0 > found.words[-1].x1]
    for above in rows[max(index - 2, 0) : index][::-1]:
        if above.page != rows[index].page:
            return False
        cells = above.cells()
        for n, cell in enumerate(cells):
            if abs(cell.x0 - first.x0) > _FLUSH or not _PARTY_LABEL.match(cell.text):
                continue
            value = cells[n + 1] if n + 1 < len(cells) else None
            if value is None or not (_numbers_the_party(cell) or _has_digit(value.text)):
                return False  # beside the party's label another block's heading, no value
            return any(abs(c.x0 - value.x0) <= _FLUSH for c in after)
    return False


def title_beside_the_label(found: Found, rows: list[Row]) -> bool:
    """The name was read beside its label, no colon between, on a row of titles over a row
    of values: a value starts under the label and another under the name's cell ("Fornecedor
    Zorbel Entrega" over "S-14020 2026-03-26"). The cell beside is the next column's title,
    one the vocabulary does not know, and the label's value stands under it; a name ending
    in its legal form is a name wherever it stands."""
    if found.words[-1].text.strip(",;").lower() in _LEGAL_FORMS:
        return False
    if (place := _cell_of(found, found.words[0], rows)) is None:
        return False
    index, cells, at = place
    if at == 0 or cells[at].words[0] is not found.words[0]:
        return False
    label, own, row = cells[at - 1], cells[at], rows[index]
    if not _PARTY_LABEL.match(label.text) or label.text.rstrip().endswith(":"):
        return False
    below = rows[index + 1] if index + 1 < len(rows) else None
    if below is None or below.page != row.page or below.y - row.y > _UNDER_ROWS * row.height:
        return False
    values = [c for c in below.cells() if not is_a_label_cell(c)]
    return any(abs(c.x0 - label.x0) <= _UNDER_EDGE for c in values) and any(
        abs(c.x0 - own.x0) <= _UNDER_EDGE for c in values
    )


def _label_like(cell: Cell) -> bool:
    return is_a_label_cell(cell) or bool(FORM_FIELD.match(cell.text))


def _flush_on(cell: Cell, rows: list[Row], index: int, at: int) -> Cell | None:
    """The cell flush with `cell` (on row `index`) on row `at`, if that row is a line or two
    away on the page."""
    if not 0 <= at < len(rows):
        return None
    row, other = rows[index], rows[at]
    if other.page != row.page or abs(other.y - row.y) > _UNDER_ROWS * row.height:
        return None
    return next((c for c in other.cells() if abs(c.x0 - cell.x0) <= _FLUSH), None)


def label_in_a_column_of_labels(found: Found, rows: list[Row]) -> bool:
    """One word with no legal form, a cell of its own with a value beside it, in a column of
    labels: the cell flush under it a label or a form's field ("Endereço", "E-mail"), the one
    flush over it, if any, too ("FORNECEDOR" over "Zorbel | Aço Forte Distribuidora Ltda."):
    the word is the next field's label, one the vocabulary does not know, not the name."""
    if (place := _one_word(found, rows)) is None:
        return False
    index, cells, at = place
    own = cells[at]
    if len(own.words) > 1 or at + 1 >= len(cells) or cells[at + 1].x0 - own.x1 > _BESIDE:
        return False
    above, below = _flush_on(own, rows, index, index - 1), _flush_on(own, rows, index, index + 1)
    return below is not None and _label_like(below) and (above is None or _label_like(above))


def _one_word_beside_the_label(found: Found, rows: list[Row]) -> tuple[int, Cell, float] | None:
    """For one word with no legal form read beside the party's label: its row, its cell and
    where the label starts; None for any other name."""
    if (place := _one_word(found, rows)) is None:
        return None
    index, cells, at = place
    label_x = _label_left(cells, at, found.words[0])
    return None if label_x is None else (index, cells[at], label_x)


def _one_word(found: Found, rows: list[Row]) -> tuple[int, list[Cell], int] | None:
    """For a name of one word with no legal form: its row, that row's cells and the one
    holding the word; None for any other name."""
    first = found.words[0]
    if len(found.words) > 1 or first.text.strip(",;").lower() in _LEGAL_FORMS:
        return None
    return _cell_of(found, first, rows)


def in_a_column_of_numbers(found: Found, rows: list[Row]) -> bool:
    """One word beside the party's label, flush under a label and its number ("Kundennummer
    233557" over "Lieferant Zorbel"): a column of labels beside a column of numbers, where
    the party's number stands as well as its name ("Lieferant 301433"); which one a word the
    reader does not know is, is not known."""
    if (place := _one_word_beside_the_label(found, rows)) is None:
        return False
    index, _, label_x = place
    first = found.words[0]
    above = rows[index - 1] if index else None
    if above is None or above.page != found.page:
        return False
    if rows[index].y - above.y > _UNDER_ROWS * rows[index].height:
        return False
    cells = above.cells()
    return any(abs(c.x0 - label_x) <= _FLUSH for c in cells) and any(
        abs(c.x0 - first.x0) <= _FLUSH and _has_digit(c.text) for c in cells
    )


def alone_with_its_label(found: Found, rows: list[Row]) -> bool:
    """One word beside the party's label, no colon between, and nothing under them ("Vendor
    Copy" in the page's corner): a mark on a copy of the order, not a party's block, whose
    address stands under its name."""
    if (place := _one_word_beside_the_label(found, rows)) is None:
        return False
    index, cell, label_x = place
    first = found.words[0]
    if ":" in cell.text[: cell.text.find(first.text)] or (
        cell.words[0] is first and _label_before(rows[index].cells(), cell).endswith(":")
    ):
        return False
    row = rows[index]
    for below in rows[index + 1 : index + 3]:
        if below.page != row.page or below.y - row.y > _UNDER_ROWS * row.height:
            return True
        if any(c.x0 < found.words[-1].x1 and label_x < c.x1 for c in below.cells()):
            return False
    return True


def _label_before(cells: list[Cell], cell: Cell) -> str:
    at = cells.index(cell)
    return cells[at - 1].text.rstrip() if at else ""
