"""A reference line read into an item's description: its label missing from the words
("Vendor Product No. RPM 777 526/02000" without "No."), the line under the item's text no
longer reads as a reference and joins the text. What is left of it still shows: the item's
own code again, set in pieces, or less its leading group ("10.363.02" under the code
"821.10.363.02": the supplier's number, the buyer's prefix left off)."""

from __future__ import annotations

import re

from po_ingest.lib.extraction.local.header import Found

# A code's groups, split where it has a dot, hyphen or slash, each holding a digit.
_GROUPED_CODE = re.compile(r"^\w*\d\w*(?:[./-]\w*\d\w*)+$")


def reference_in_description(items: list[dict[str, Found]]) -> str | None:
    """Why an item's description holds a reference line, if it does."""
    for number, item in enumerate(items, start=1):
        description = item.get("description")
        if description is None:
            continue
        code = str(item["item_code"].value) if "item_code" in item else ""
        if code and _code_in_pieces(code, str(description.value)):
            return f"line {number}'s description holds its item code again, set in pieces"
        if code and any(_code_less_its_prefix(code, w) for w in str(description.value).split()):
            return f"line {number}'s description holds its item code again, less its prefix"
    return None


def _code_in_pieces(code: str, description: str) -> bool:
    """A run of two or more of the description's words that joined spell the code."""
    words = description.split()
    for start in range(len(words)):
        for end in range(start + 2, len(words) + 1):
            joined = "".join(words[start:end])
            if joined == code:
                return True
            if not code.startswith(joined):
                break
    return False


def _code_less_its_prefix(code: str, word: str) -> bool:
    """The word is the code's later groups, two or more of them ("10.363.02" of
    "821.10.363.02")."""
    return (
        bool(_GROUPED_CODE.match(word))
        and len(code) > len(word) + 1
        and code.endswith(word)
        and code[-len(word) - 1] in "./-"
    )
