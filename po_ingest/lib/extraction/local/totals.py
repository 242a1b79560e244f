"""The totals block under the item table: subtotal, discounts, shipping and other charges,
one or several tax lines, total."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from po_ingest.lib.extraction.local.column_sums import sums_beside, tax_of_sums
from po_ingest.lib.extraction.local.header import Found
from po_ingest.lib.extraction.local.layout import Row, Word, unspaced
from po_ingest.lib.extraction.local.totals_grid import unfold_grids
from po_ingest.lib.extraction.local.totals_kinds import is_amount, kind_of, rated_tax
from po_ingest.lib.extraction.local.values import find_currency, parse_amount
from po_ingest.lib.extraction.local.vocabulary import alternatives, vocabulary

_WORDY = re.compile(r"[^\W\d_]{2,}")  # two letters or more: a cell that may name a line
# "Total net value", "Net total", "Total HT", SAP's "Tot.net item val.", "Nettoendbetrag"
# (net final amount): a total, not a subtotal ("Subtotal").
_NET_TOTAL = re.compile(
    r"^(?!.*\bsub).*(?:\b(?:total|totale|gesamt|totaal|tot\.|summe)|endbetrag)", re.IGNORECASE
)
_RATE = re.compile(r"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s*%")
_CENT = Decimal("0.01")
_PADDED_GAP = 1.5  # lines of space between a boxed cell's label and its amount under it
_PASSED_ROWS = 2  # lines of other columns between a label and its amount under it
# What may close an amount's cell: a mark ("*") or words of what it includes ("incl. VAT").
_AFTER_AMOUNT = re.compile(
    rf"^(?:\W+|\W*(?:{alternatives(vocabulary()['totals']['after_amount'])})(?!\w).{{0,30}})$",
    re.IGNORECASE,
)
# "Delivery date: 02.03.2026" under the totals: a date line, not a charge left unread.
_DATE_WORD = re.compile(r"(?<![\d.,])\d{1,4}([./-])\d{1,2}\1\d{2,4}(?![\d.,])")
# "Total:23,684.10": a label run into its amount by a colon, printed with no space.
_GLUED = re.compile(r"^(?P<label>[^\W\d_]{2,}\.?:)(?P<amount>[$€£]?\d[\d.,]*\d)$")


@dataclass
class Totals:
    subtotal: Found | None = None
    allowances: list[Found] = field(default_factory=list)
    charges: list[Found] = field(default_factory=list)
    taxes: list[Found] = field(default_factory=list)
    tax_sum: Found | None = None  # a "Total VAT" line under several rates
    total: Found | None = None
    unknown: list[str] = field(default_factory=list)  # what does not fit together
    net_total: bool = False  # the subtotal is labelled a total ("Total net value excl. tax")
    unread: bool = False  # a totals label without a readable amount

    @property
    def tax(self) -> Found | None:
        if self.tax_sum is not None:
            return self.tax_sum
        return summed(self.taxes)


def _unglued(row: Row) -> Row:
    """A row with each label run into its amount ("Total:23,684.10") as the two words they
    are; the amount takes the right end of the box, in proportion to its characters."""
    if not any(_GLUED.match(w.text) for w in row.words):
        return row
    words = []
    for w in row.words:
        if m := _GLUED.match(w.text):
            cut = w.x1 - (w.x1 - w.x0) * len(m["amount"]) / len(w.text)
            words += [
                Word(w.x0, w.y0, cut, w.y1, m["label"]),
                Word(cut, w.y0, w.x1, w.y1, m["amount"]),
            ]
        else:
            words.append(w)
    return Row(row.page, words)


def summed(lines: list[Found]) -> Found | None:
    """Several lines of one kind (two tax rates, freight and packing) as one amount."""
    if not lines:
        return None
    words = [w for line in lines for w in line.words]
    return Found(sum((f.value for f in lines), Decimal(0)), lines[0].page, words)


def _label_and_amount(
    row: Row, decimal_comma: bool
) -> tuple[list[str], list[Word], Decimal | None]:
    """The row's rightmost clean amount (a rate such as `19%` is not one), its words, and
    the cells with words left of it, nearest first: one of them names it."""
    words = [w.text for w in row.words]
    # A rate and its amount a column apart ("Sales Tax (%)  12  402.00") are no "12 402.00".
    cell_of = [n for n, cell in enumerate(row.cells()) for _ in cell.words]
    for end in range(len(words), 0, -1):
        for start in (end - 3, end - 2, end - 1):  # "CHF 1,234.56", "1 234,56 €", "99"
            if start < 0 or cell_of[start] != cell_of[end - 1]:
                continue
            token = " ".join(words[start:end])
            if is_amount(token, decimal_comma) and not _words_follow(row, cell_of, end):
                cells = Row(row.page, row.words[:start]).cells()
                texts = [unspaced(c.text) for c in reversed(cells)]
                labels = [t for t in texts if _WORDY.search(t) and find_currency(t) != t.strip()]
                own = cells[-1].text if start and cell_of[start - 1] == cell_of[start] else ""
                if _WORDY.search(own) and find_currency(own) != own.strip():
                    labels = [own]  # "Datum 13 november 2025": words in its own cell name it
                return labels, row.words[start:end], parse_amount(token, decimal_comma)
    return [], [], None


def _words_follow(row: Row, cell_of: list[int], end: int) -> bool:
    """Words other than a currency after a number in its cell: a sentence ("a period of
    twenty-four (24) months"), not a totals line, which ends on its amount, its currency
    and at most a few words saying what it includes ("incl. VAT") or a mark ("*")."""
    after = [w.text for n, w in enumerate(row.words[end:], end) if cell_of[n] == cell_of[end - 1]]
    if after and find_currency(after[0].rstrip(".")) is not None:
        after = after[1:]
    return bool(after) and not _AFTER_AMOUNT.match(" ".join(after))


def _label_over_translation(above: Row, row: Row, amount: list[Word]) -> str | None:
    """A bilingual totals line: "TOTAL" over its Arabic, the amount beside the Arabic. The
    label is the last cell of the row right above, starting where the translation does."""
    translated = [w for w in row.words if w.x1 <= amount[0].x0]
    if not translated or any(_latin(w.text) for w in translated):
        return None
    if above.page != row.page or row.y - above.y > 2 * max(above.height, row.height):
        return None
    label = above.cells()[-1]
    if abs(label.x0 - translated[0].x0) > 4 or kind_of([label.text]) is None:
        return None
    return label.text


def _label_under(following: list[Row], row: Row, decimal_comma: bool) -> str | None:
    """An amount alone on its line over a totals label printing none (SAP's "237,619.20"
    over "Total General / USD"): that label names it."""
    cells = row.cells()
    if not following or len(cells) != 1 or not is_amount(cells[0].text, decimal_comma):
        return None
    below = following[0]
    if below.page != row.page or below.y - row.y > 1.6 * max(row.height, below.height):
        return None
    label = below.cells()[0]
    if label.x1 > cells[0].x0 or _label_and_amount(below, decimal_comma)[2] is not None:
        return None
    return label.text if kind_of([label.text]) not in (None, "ignore") else None


def _row_over(rows: list[Row], amount: list[Word]) -> Row | None:
    """The nearest of `rows` (those above an amount, nearest last) printing a word over the
    amount; lines of other columns between them ("Recapito telefonico: …" at the left
    margin) are passed over."""
    x0, x1 = amount[0].x0, amount[-1].x1
    for row in reversed(rows[-_PASSED_ROWS - 1 :]):
        if any(w.x0 < x1 and w.x1 > x0 for w in row.words):
            return row
    return None


def _label_over(above: Row, row: Row, amount: list[Word], decimal_comma: bool) -> str | None:
    """An amount alone on its line (its currency aside) under a totals label printing none,
    over it ("TOTALE ORDINE (Iva esclusa)" over "EUR 3.008,54"), at most a blank line and
    a half apart (a boxed cell's padding): that label names it."""
    rest = [w for w in row.words if w not in amount]
    if any(find_currency(w.text) != w.text.strip() for w in rest):
        return None
    gap = min(w.y0 for w in amount) - max(w.y1 for w in above.words)
    if above.page != row.page or gap > _PADDED_GAP * max(row.height, above.height):
        return None
    x0, x1 = amount[0].x0, amount[-1].x1
    over = [c for c in above.cells() if c.x0 < x1 and c.x1 > x0]
    if not over and above.cells()[-1].x1 < x0:
        over = above.cells()[-1:]  # the label at a box's top left, its amount at bottom right
    if len(over) != 1 or _label_and_amount(above, decimal_comma)[2] is not None:
        return None
    return over[0].text if kind_of([over[0].text]) not in (None, "ignore") else None


def _label_above(above: list[Row], row: Row, amount: list[Word], decimal_comma: bool) -> str | None:
    """The label over an amount (`_label_over`) on the nearest row printing a word over it,
    else on the row right above, ending left of it: a boxed cell's label at its top left,
    its amount at its bottom right."""
    for candidate in (_row_over(above, amount), above[-1] if above else None):
        if candidate is not None and (label := _label_over(candidate, row, amount, decimal_comma)):
            return label
    return None


def _label_beside(near: list[Row], row: Row, amount: list[Word], decimal_comma: bool) -> str | None:
    """An amount alone on its line (its currency aside) set in another size than its label
    left of it ("Total" beside a larger "36.00"): their words overlap in height, yet make two
    rows. The label ends the row right above or below, printing no amount."""
    if any(find_currency(w.text) != w.text.strip() for w in row.words if w not in amount):
        return None
    top, bottom = min(w.y0 for w in amount), max(w.y1 for w in amount)
    for other in near:
        if other.page != row.page or not any(w.y0 < bottom and w.y1 > top for w in other.words):
            continue
        label = other.cells()[-1]
        if label.x1 < amount[0].x0 and _label_and_amount(other, decimal_comma)[2] is None:
            return label.text if kind_of([label.text]) not in (None, "ignore") else None
    return None


def _latin(text: str) -> bool:
    return any("a" <= c.lower() <= "z" for c in text)


def _line_after_total(rows: list[Row], total: Found, decimal_comma: bool) -> str | None:
    """A totals line right under the total (a tax, a larger total) says that what was read
    as the total is not the last line of the block ("Totale merce" over "IVA 22%"). A
    discount of 0.00 changes nothing once the total is repeated under it ("Net total"):
    without that, a tax may still follow further down."""
    above, passed = rows[0], None
    left = _block_left(rows[0], total.words)
    for n, row in enumerate(rows[1:], start=2):
        if row.page == above.page and all(w.x1 <= left for w in row.words):
            continue  # a column of text beside the block ("Leveringsadres: …", "2018 Antwerpen")
        if row.page != above.page or row.y - above.y > 2.5 * row.height:
            return passed
        labels, _, value = _label_and_amount(row, decimal_comma)
        if value is None:
            if kind_of([row.text]) in (None, "ignore"):
                return None
            above = row  # a totals label whose amount is not printed: the block goes on
            continue
        kind = kind_of(labels)
        if kind is None and _total_under(rows[n - 1 :], decimal_comma):
            return "unnamed"  # "Riep. gr. fiscale: IT22  1.356,70" over "Totale con IVA"
        if kind == "ignore":
            return None
        if kind is None:
            # An amount under a label we do not know ("Special 0.00", "After Discount
            # 233,555.08"): the block goes on, and a tax or larger total under it still
            # says the total was read too early.
            above = row
            continue
        repeats = kind in ("total", "subtotal") and value == total.value
        if not (repeats or (value == 0 and kind in ("allowances", "charges", "tax"))):
            return kind
        passed = None if repeats else passed or kind  # the total repeated under it closes
        above = row
    return passed


def _block_left(row: Row, amount: list[Word]) -> float:
    """Where the totals block starts on the total's line: its label's left edge (the
    amount's when the line prints none); text ending left of it stands beside the block."""
    cells = Row(row.page, [w for w in row.words if w.x1 <= amount[0].x0]).cells()
    named = [c for c in cells if _WORDY.search(c.text)]
    return named[-1].x0 if named else amount[0].x0


def _total_under(rows: list[Row], decimal_comma: bool) -> bool:
    """The next line of the block, close under the first of `rows`, is a total with its
    amount: an amount the vocabulary does not name stands between two totals."""
    if len(rows) < 2 or rows[1].page != rows[0].page:
        return False
    if rows[1].y - rows[0].y > 2.5 * rows[1].height:
        return False
    labels, _, value = _label_and_amount(rows[1], decimal_comma)
    return value is not None and kind_of(labels) == "total"


def _added_to(rows: list[Row], total: Found, decimal_comma: bool) -> bool:
    """A "Total" with tax or charges added under it ("Add : GST Amount") and a larger
    total after them ("Grand Total"): the lines' total, the order's subtotal."""
    if _line_after_total(rows, total, decimal_comma) not in ("tax", "charges"):
        return False
    for row in rows[1:]:
        labels, _, value = _label_and_amount(row, decimal_comma)
        if value is not None and kind_of(labels) == "total":
            return value > total.value
    return False


def _total_after_sums(
    rows: list[Row], n: int, lines: Decimal, sums: list[Found], decimal_comma: bool
) -> tuple[Found, int, Found] | None:
    """The order's total under a row of column sums (`column_sums.py`): the first total
    after row `n` of `rows`, with the sum that is the tax and the total's row; None unless
    the lines' amount `lines` and one of the sums add up to it."""
    for m, row in enumerate(rows[n + 1 :], n + 1):
        labels, words, value = _label_and_amount(row, decimal_comma)
        if value is not None and kind_of(labels) == "total":
            tax = tax_of_sums(lines, sums, value)
            return None if tax is None else (tax, m, Found(value, row.page, words))
    return None


def _in_block(totals: Totals, row: Row) -> bool:
    """A label without its amount leaves the total open only under the subtotal, on its
    page: above it ("Tax: acquisition tax 23 %" under an item) it is a note, and a later page
    holds the terms, not the totals."""
    return totals.subtotal is not None and row.page == totals.subtotal.page


def _net_plus_tax(totals: Totals, value: Decimal) -> bool:
    """A second net line under the tax that is the subtotal plus it: the amount payable.
    "Total líquido" is the net before tax in Portuguese, the amount to pay in Spanish,
    printed after the IVA ("Base Imponible", "Cuota IVA", "Total Líquido")."""
    if totals.subtotal is None or not totals.taxes or totals.tax_sum is not None:
        return False
    added = sum((f.value for f in totals.charges), Decimal(0))
    taken = sum((f.value for f in totals.allowances), Decimal(0))
    taxes = sum((f.value for f in totals.taxes), Decimal(0))
    return value == totals.subtotal.value - taken + added + taxes


def rate_of_subtotal(row: Row, amount: list[Word], totals: Totals, value: Decimal) -> bool:
    """A line printing one rate ("r %") before its amount, the amount r % of the subtotal
    read above it (or of the net after its discounts and charges) to the cent: a tax line,
    whatever its words, unless they name a discount, a charge or a quantity."""
    if totals.subtotal is None or value <= 0:
        return False
    label = " ".join(w.text for w in row.words if w.x1 <= amount[0].x0)
    rates = _RATE.findall(label)
    words = label.split()
    if len(rates) != 1 or any(
        kind_of([" ".join(words[n:])]) in ("allowances", "charges", "ignore")
        for n in range(len(words))
    ):
        return False
    rate = Decimal(rates[0].replace(",", "."))
    net = totals.subtotal.value
    adjusted = net + sum(f.value for f in totals.charges) - sum(f.value for f in totals.allowances)
    return any(
        (base * rate / 100).quantize(_CENT, ROUND_HALF_UP) == value for base in (net, adjusted)
    )


def _sum_of_the_block(unnamed: list[Found], totals: Totals) -> Found | None:
    """The first line under all the lines read, its label one the vocabulary does not know,
    whose amount is the subtotal less discounts plus charges and taxes to the cent: the
    total, whatever it is called ("Zorbel 36.00" under "Subtotal 30.00", "VAT 6.00")."""
    if totals.subtotal is None:
        return None
    tax = totals.tax.value if totals.tax is not None else Decimal(0)
    expected = (
        totals.subtotal.value
        - sum((f.value for f in totals.allowances), Decimal(0))
        + sum((f.value for f in totals.charges), Decimal(0))
        + tax
    )
    return next((f for f in unnamed if f.value == expected), None)


def find_totals(rows: list[Row], decimal_comma: bool) -> Totals:
    totals = Totals()
    rows = [_unglued(row) for row in rows]
    unfolded = unfold_grids(rows, decimal_comma)
    ended = False  # a line of text under the subtotal, neither amount nor label: terms follow
    unnamed: list[Found] = []  # lines whose label the vocabulary does not know, under the last read
    for n, row in enumerate(unfolded):
        labels, words, value = _label_and_amount(row, decimal_comma)
        if value is None:
            if _in_block(totals, row) and not _DATE_WORD.search(row.text) and not ended:
                named = kind_of([row.cells()[0].text]) not in (None, "ignore")
                totals.unread |= named
                ended = not named  # "Abrechnung" over terms, then "Versand - Kennzeichnung …"
            continue
        kind = kind_of(labels)
        if kind is None and n and (over := _label_over_translation(unfolded[n - 1], row, words)):
            kind, labels = kind_of([over]), [over]
        if not labels and (under := _label_under(unfolded[n + 1 : n + 2], row, decimal_comma)):
            kind, labels = kind_of([under]), [under]
        if not labels and (over := _label_above(unfolded[:n], row, words, decimal_comma)):
            kind, labels = kind_of([over]), [over]
        near = unfolded[max(n - 1, 0) : n] + unfolded[n + 1 : n + 2]
        if not labels and (beside := _label_beside(near, row, words, decimal_comma)):
            kind, labels = kind_of([beside]), [beside]
        found = Found(value, row.page, words)
        if not labels and row is rows[0] and len(row.words) == len(words):
            if value == 0:
                continue  # a form's blank line's amount ("$ 0.00"), not the lines' sum
            kind = "subtotal"  # a bare sum right under the amounts; the gate checks it
        if kind is None and labels and rated_tax(labels[0], value, decimal_comma):
            kind = "tax"
        rated = labels or any(w.x1 <= words[0].x0 for w in row.words)  # "I.V.A. 16%"
        if kind in (None, "total") and rated and rate_of_subtotal(row, words, totals, value):
            kind = "tax"  # "Zorbel 20%" or "TOTAL Zorbel 10%": the rate of the net, a tax
        if kind is None and labels:
            unnamed.append(found)
        if kind in (None, "ignore"):
            continue  # a phone number, a bank account: arithmetic would catch a missed amount
        unnamed.clear()  # only a line under every line read may be the total
        if kind in ("tax_sum", "total", "subtotal"):
            if kind == "subtotal" and totals.subtotal is not None:
                if not _net_plus_tax(totals, value):
                    continue
                kind = "total"
            if (
                kind == "total"
                and totals.subtotal is None
                and _added_to(unfolded[n:], found, decimal_comma)
            ):
                kind = "subtotal"
            if kind == "total" and (sums := sums_beside(row, words, decimal_comma)):
                after_sums = _total_after_sums(unfolded, n, value, sums, decimal_comma)
                if after_sums is None or totals.subtotal is not None or totals.taxes:
                    # A subtotal or tax read over the sums would be read twice.
                    totals.unknown.append("a total beside another column's sum")
                    break
                totals.subtotal = found
                tax, n, found = after_sums
                totals.taxes.append(tax)
            setattr(totals, kind, found)
            if kind == "subtotal":
                totals.net_total = _NET_TOTAL.search(labels[0]) is not None if labels else False
            if kind == "total":
                if after := _line_after_total(unfolded[n:], found, decimal_comma):
                    totals.unknown.append(f"a {after} line under the total")
                break  # what follows the total is footer (VAT IDs, bank details)
        elif kind == "allowances":
            totals.allowances.append(Found(abs(value), row.page, words))
        elif kind == "charges":
            totals.charges.append(found)
        else:
            totals.taxes.append(found)
    if (
        totals.total is None
        and totals.net_total
        and not (
            totals.unread or totals.taxes or totals.tax_sum or totals.charges or totals.allowances
        )
    ):
        totals.total = totals.subtotal  # the order states its net total and nothing more
    if totals.total is None and totals.subtotal is not None:
        totals.total = _sum_of_the_block(unnamed, totals)
    taxes = sum(t.value for t in totals.taxes)
    if totals.tax_sum is not None and totals.taxes and taxes != totals.tax_sum.value:
        totals.unknown.append("tax lines do not add up to the tax total")
    return totals


def total_above(rows: list[Row], decimal_comma: bool) -> Found | None:
    """The order's total printed above its items, in the header ("VALUE OF ORDER: 72.030,74
    USD / gross"), for an order printing none under them: the first labelled one."""
    for row in rows:
        labels, words, value = _label_and_amount(_unglued(row), decimal_comma)
        if value is not None and kind_of(labels) == "total":
            return Found(value, row.page, words)
    return None
