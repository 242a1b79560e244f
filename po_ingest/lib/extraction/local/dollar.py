"""Whether a bare "$" is the US dollar: on an order from a country whose own money is the
dollar (Ecuador, El Salvador, Panama), told by the country domain of its e-mail and web
addresses ("compras@empresa.com.ec"); which other money it is, on an order from one country
that prints its own money "$" (New Zealand, Canada, Mexico); and the warnings a currency read
from the page, or not printed at all, leaves for the reviewer."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.layout import Row
from po_ingest.lib.extraction.local.prose import outside_prose
from po_ingest.lib.extraction.local.vocabulary import vocabulary
from po_ingest.lib.models import Box
from po_ingest.lib.settings import default_currency

# The last label of an e-mail or web address: "empresa.com.ec" ends in "ec".
_ADDRESS = re.compile(r"[\w-]+(?:\.[\w-]+)*\.(?P<tld>[a-z]{2,6})(?![\w.-]*\w)", re.IGNORECASE)
_EMAIL_OR_WEB = re.compile(r"@|www\.|https?://", re.IGNORECASE)


def _country_domains(rows: list[Row]) -> set[str]:
    """The country domains of the e-mail and web addresses printed ("co.nz" is "nz")."""
    countries = set()
    for row in rows:
        for word in row.words:
            if not _EMAIL_OR_WEB.search(word.text):
                continue
            countries |= {
                m["tld"].lower() for m in _ADDRESS.finditer(word.text) if len(m["tld"]) == 2
            }
    return countries


def dollarised(rows: list[Row]) -> bool:
    """Every country domain printed on the document is a dollar country's, and there is one."""
    countries = _country_domains(rows)
    return bool(countries) and countries <= set(vocabulary()["dollar_countries"]["domains"])


def _names_any(text: str, names: list[str]) -> bool:
    lowered = " ".join(text.lower().split())
    return any(re.search(rf"(?<![\w.]){re.escape(n)}(?!\w)", lowered) for n in names)


def _names_the_us(text: str) -> bool:
    """A United States address: a state's code and a ZIP code ("OR 97062"), or "USA"."""
    words = vocabulary()["dollar_countries"]
    states, zip_code = "|".join(words["us_states"]), r"\d{5}(?:-\d{4})?"
    state_and_zip = rf"\b(?:(?:{states}),?\s+{zip_code}|{zip_code}\s+(?:{states}))\b"
    return bool(re.search(state_and_zip, text)) or _names_any(text, words["us_names"])


def own_dollar_money(rows: list[Row]) -> str | None:
    """The money of the one country all of the page's places are in, when that country
    prints its own money "$" ("purchasing@kauricoast.co.nz", "New Zealand": NZD): its e-mail
    and web addresses' country domains, the names of those countries, a US address. None
    when nothing places the order, or two countries do (a US supplier, a ".de" address). A
    country a sentence names ("a customs hold at the Texas-Mexico border") places no one."""
    money = vocabulary()["dollar_money"]
    rows = outside_prose(rows)
    text = "\n".join(" ".join(w.text for w in row.words) for row in rows)
    countries = _country_domains(rows) - set(money["generic_domains"])
    countries |= {c for c, names in money["names"].items() if _names_any(text, names)}
    if _names_the_us(text):
        countries.add("us")
    if len(countries) != 1:
        return None
    return money["currencies"].get(countries.pop())


def _bare_dollar_at(rows: list[Row], box: Box) -> bool:
    """The words inside `box` print a "$" and no "USD" or "US$"."""
    x0, y0, x1, y1 = box.bbox
    texts = [
        w.text
        for row in rows
        if row.page == box.page
        for w in row.words
        if x0 <= w.center_x <= x1 and y0 <= w.center_y <= y1
    ]
    return any("$" in t for t in texts) and not any("USD" in t or "US$" in t for t in texts)


def _us_address(rows: list[Row]) -> bool:
    """A United States address is printed ("OR 97062", "USA") and no other country whose
    money is printed "$"."""
    text = "\n".join(" ".join(w.text for w in row.words) for row in rows)
    if _names_any(text, vocabulary()["dollar_countries"]["other_dollar_names"]):
        return False
    return _names_the_us(text)


def currency_warnings(rows: list[Row], currency: str, box: Box | None) -> list[str]:
    """`currency_not_printed`: the configured default stands. `currency_from_dollar_sign`: a
    bare "$" was taken for the US dollar, which Canada, Australia or Singapore print just the
    same; not when the US dollar is the configured default, or the addresses are in the
    United States or a dollar country."""
    if box is None:
        return ["currency_not_printed"]
    if (
        currency == "USD"
        and default_currency() != "USD"
        and _bare_dollar_at(rows, box)
        and not dollarised(rows)
        and not _us_address(rows)
    ):
        return ["currency_from_dollar_sign"]
    return []
