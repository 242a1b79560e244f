"""/docs in headless Chromium, turned on (PO_INGEST_API_DOCS=1): code on it cannot read the
API token the upload page keeps in localStorage, because its sandbox CSP gives it an origin of
its own. Off by default: `test_reliability_secrets.py::test_api_docs_are_off_unless_asked_for`.
"""

from playwright.sync_api import sync_playwright

from po_ingest_tests.support.intake import CHROMIUM_ARGS, TOKEN, BackgroundServer, intake_app
from po_ingest_tests.support.prerequisites import CHROMIUM, require_browser

READ_TOKEN = """() => {
  try { return localStorage.getItem("po_ingest.apiToken"); }
  catch (error) { return "refused: " + error.name; }
}"""


def test_code_on_docs_cannot_read_the_pages_token(sqlite_url, files):
    require_browser()
    app = intake_app(sqlite_url, files.root, api_docs=True)
    with BackgroundServer(app) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{server.url}/openapi.json")  # same origin, no script to race with
            page.evaluate(f"localStorage.setItem('po_ingest.apiToken', '{TOKEN}')")
            assert page.evaluate(READ_TOKEN) == TOKEN  # the page itself still has it
            for path in ("/docs", "/redoc"):
                page.goto(f"{server.url}{path}", wait_until="commit")
                assert page.evaluate(READ_TOKEN) == "refused: SecurityError", path
                assert page.evaluate("window.origin") == "null"
        finally:
            browser.close()
