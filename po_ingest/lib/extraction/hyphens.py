"""A hyphen as printed, whatever code points the PDF maps its glyph to."""

from __future__ import annotations

# Office on a Mac (Quartz) maps one hyphen glyph to three code points: the hyphen-minus
# drawn, then a soft hyphen and a hyphen of no width ("K-\xad\u2010 3249" prints "K-3249").
_ONE_GLYPH = "-\u00ad\u2010"


def as_printed(text: str) -> str:
    """`text` with each hyphen glyph the one hyphen it prints."""
    return text.replace(_ONE_GLYPH, "-")
