"""HTML to PDF the way a browser-based ERP prints: headless Chromium's print to PDF."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from playwright.sync_api import sync_playwright

from po_ingest_tests.corpus.html.family import Family
from po_ingest_tests.support.intake import CHROMIUM_ARGS
from po_ingest_tests.support.prerequisites import CHROMIUM

Printer = Callable[[Family, str], bytes]


@contextlib.contextmanager
def chromium_printer() -> Iterator[Printer]:
    """One browser for every document; Debian's Chromium, never one Playwright downloads."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()

        def print_pdf(family: Family, html: str) -> bytes:
            page.set_content(html)
            margin = dict.fromkeys(("top", "right", "bottom", "left"), family.margin)
            footer = {}
            if family.footer:
                margin["bottom"] = "22mm"
                footer = {
                    "display_header_footer": True,
                    "header_template": "<span></span>",
                    "footer_template": family.footer,
                }
            return page.pdf(format=family.paper, print_background=True, margin=margin, **footer)

        try:
            yield print_pdf
        finally:
            browser.close()
