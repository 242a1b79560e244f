"""Headless Chromium (Debian's, through Playwright) on a page of a running intake, signed in."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from po_ingest_tests.support.intake import CHROMIUM_ARGS
from po_ingest_tests.support.prerequisites import CHROMIUM


@contextlib.contextmanager
def signed_in_page(url: str, token: str, viewport: dict, screenshot: Path) -> Iterator[Page]:
    """A page with `token` in localStorage (set on a page without scripts first: a tokenless
    first load answers 401, and a page then forgets whatever token is stored by the time that
    answer arrives). `page.errors` collects the scripts' errors; the last screen is saved to
    `screenshot`."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=viewport)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(f"{url}/openapi.json")
        page.evaluate(f"localStorage.setItem('po_ingest.apiToken', '{token}')")
        try:
            yield page
        finally:
            page.screenshot(path=screenshot, full_page=True)
            browser.close()
