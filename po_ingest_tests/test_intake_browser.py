"""The upload page in headless Chromium, against a real dagster-daemon doing the work.

Upload → the pill goes Queued → … → "Imported as PO #n" → the order page shows its lines;
a document that fails three times ends "Dead, needs manual retry", and Retry imports it.
"""

import re

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import Store
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import (
    CHROMIUM_ARGS,
    TOKEN,
    BackgroundServer,
    intake_app,
    put_in_state,
)
from po_ingest_tests.support.prerequisites import CHROMIUM, require_browser

pytestmark = pytest.mark.e2e
IMPORTED = re.compile(r"^Imported as PO #(\d+)$")
FIRST_RUN_TIMEOUT_MS = 90_000  # the daemon loads the code location before its first run
RUN_TIMEOUT_MS = 60_000

# Records every text the status pill shows (the page replaces the pill on each poll).
RECORD_PILL = """() => {
  window.pillHistory = [];
  const record = () => {
    const text = document.getElementById("pill")?.textContent;
    if (text && window.pillHistory.at(-1) !== text) window.pillHistory.push(text);
  };
  new MutationObserver(record).observe(document.getElementById("current"),
    { subtree: true, childList: true, characterData: true });
}"""

DROP_FILE = """([bytes, name]) => {
  const transfer = new DataTransfer();
  transfer.items.add(new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
  return transfer;
}"""


@pytest.fixture(scope="module")
def stack(e2e_stack):
    """The shared daemon (scripted extractor, retries after 1 and 2 s) and the intake app
    under uvicorn on a free port."""
    require_browser()
    with BackgroundServer(intake_app(e2e_stack.db_url, e2e_stack.files.root)) as server:
        yield {"url": server.url, "store": e2e_stack.store, "files": e2e_stack.files}


@pytest.fixture
def page(stack, tmp_path):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        page.requested_urls = []
        page.errors = []
        page.on("request", lambda request: page.requested_urls.append(request.url))
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        try:
            yield page
        finally:
            page.screenshot(path=tmp_path / "last.png", full_page=True)
            browser.close()


def _enter_token(page: Page) -> None:
    page.fill("#token-input", TOKEN)
    page.click("#token-save")
    expect(page.locator(".token-saved")).to_contain_text("API token saved")


def _pill_history(page: Page) -> list[str]:
    return page.evaluate("window.pillHistory")


def _imported_order_id(page: Page, timeout_ms: int) -> int:
    pill = page.locator("#pill")
    expect(pill).to_have_text(IMPORTED, timeout=timeout_ms)
    return int(IMPORTED.match(pill.inner_text()).group(1))


def test_upload_follow_the_pill_open_the_order_then_retry_a_dead_batch(stack, page, tmp_path):
    store: Store = stack["store"]
    page.goto(stack["url"] + "/")
    _enter_token(page)
    page.evaluate(RECORD_PILL)

    # 1. A good purchase order, picked with the file input.
    pdf = purchase_order_pdf(order("PO-BROWSER-1"))
    page.set_input_files(
        "#file-input",
        files=[{"name": "PO-BROWSER-1.pdf", "mimeType": "application/pdf", "buffer": pdf}],
    )
    expect(page.locator("#file-name")).to_contain_text("PO-BROWSER-1.pdf")
    page.click("#upload-button")
    expect(page.locator("#progress-text")).to_have_text("Uploaded")
    expect(page.locator("#pill")).to_have_text("Queued")
    expect(page.locator("#pill")).to_have_class(re.compile(r"\bpill-queued\b"))
    page.screenshot(path=tmp_path / "1-queued.png", full_page=True)

    order_id = _imported_order_id(page, FIRST_RUN_TIMEOUT_MS)
    expect(page.locator("#pill")).to_have_class(re.compile(r"\bpill-done\b"))
    history = _pill_history(page)
    assert history[0] == "Queued" and history[-1] == f"Imported as PO #{order_id}", history
    assert set(history) <= {"Queued", "Processing", f"Imported as PO #{order_id}"}, history
    batch_id = page.locator("#current-id").inner_text()
    assert store.batches.get(batch_id).processed_record_id == order_id
    expect(page.locator(f'#batches tr[data-batch-id="{batch_id}"] .pill')).to_have_text(
        f"Imported as PO #{order_id}", timeout=15_000
    )
    page.screenshot(path=tmp_path / "2-imported.png", full_page=True)

    # 2. The pill links to the order page: header, lines, and the original as a blob.
    page.click("#pill a")
    expect(page).to_have_url(f"{stack['url']}/orders/{order_id}")
    expect(page.locator("#order-title")).to_contain_text("Purchase order PO-BROWSER-1")
    rows = page.locator("#order-lines tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Item 1 for PO-BROWSER-1")
    expect(rows.nth(1)).to_contain_text("IT-002")
    expect(page.locator("#order-header")).to_contain_text("Acme Building Supplies")
    expect(page.locator("#order-lines tfoot")).to_contain_text("50.40 EUR")
    page.screenshot(path=tmp_path / "3-order.png", full_page=True)
    with page.context.expect_page() as popup:
        page.click("#open-file")
    expect(popup.value).to_have_url(re.compile(r"^blob:"), timeout=15_000)
    popup.value.close()

    # 3. A document that fails three times, dropped on the drop zone: dead, then Retry.
    page.goto(stack["url"] + "/")
    page.evaluate(RECORD_PILL)
    doomed = purchase_order_pdf(order("PO-BROWSER-2"), {"fail_times": 3})
    transfer = page.evaluate_handle(DROP_FILE, [list(doomed), "PO-BROWSER-2.pdf"])
    page.dispatch_event("#drop-zone", "drop", {"dataTransfer": transfer})
    expect(page.locator("#file-name")).to_contain_text("PO-BROWSER-2.pdf")
    page.click("#upload-button")
    pill = page.locator("#pill")
    expect(pill).to_have_text("Dead, needs manual retry", timeout=RUN_TIMEOUT_MS)
    expect(pill).to_have_class(re.compile(r"\bpill-dead\b"))
    expect(page.locator("#current-detail")).to_contain_text("model unavailable (503) on call 3")
    dead_id = page.locator("#current-id").inner_text()
    assert (store.batches.get(dead_id).status, store.batches.get(dead_id).attempts) == ("dead", 3)
    page.screenshot(path=tmp_path / "4-dead.png", full_page=True)

    page.click("#retry-button")
    expect(pill).to_have_text("Queued")
    expect(page.locator("#retry-button")).to_be_hidden()
    retried_order = _imported_order_id(page, RUN_TIMEOUT_MS)
    page.screenshot(path=tmp_path / "5-retried.png", full_page=True)
    history = _pill_history(page)
    assert history[0] == "Queued" and "Dead, needs manual retry" in history, history
    assert history[-1] == f"Imported as PO #{retried_order}", history
    retried = store.batches.get(dead_id)
    assert (retried.status, retried.attempts, retried.generation) == ("processed", 1, 1)
    assert store.orders.get(retried_order)["po_number"] == "PO-BROWSER-2"

    # The token only ever travelled in headers; the page raised no script error.
    assert not [url for url in page.requested_urls if TOKEN in url]
    assert page.errors == []


def test_the_pill_shows_failed_with_the_retry_time_and_processing(stack, page, tmp_path):
    """States too short-lived to catch in a real run, set on batches no processor takes."""
    store, files = stack["store"], stack["files"]
    batches = {}
    for status in ("failed", "processing"):
        pdf = purchase_order_pdf(order(f"PO-BROWSER-{status.upper()}"))
        batch = accept_upload(
            store, files, [pdf], filename=f"{status}.pdf", batch_type="delivery_notes"
        )
        put_in_state(store, batch, status)
        batches[status] = batch.id
    page.goto(stack["url"] + "/")
    _enter_token(page)
    pill = page.locator("#pill")

    page.click(f'#batches tr[data-batch-id="{batches["failed"]}"] button.link')
    expect(pill).to_have_text(
        re.compile(r"^Failed: model unavailable \(503\), retrying at \d{1,2}:\d{2}:\d{2}")
    )
    expect(pill).to_have_class(re.compile(r"\bpill-failed\b"))
    expect(page.locator("#retry-button")).to_be_hidden()
    page.screenshot(path=tmp_path / "failed.png", full_page=True)

    page.click(f'#batches tr[data-batch-id="{batches["processing"]}"] button.link')
    expect(pill).to_have_text("Processing")
    expect(pill).to_have_class(re.compile(r"\bpill-processing\b"))

    page.click('#filters button[data-status="failed"]')
    rows = page.locator("#batches tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-batch-id", batches["failed"])
    expect(page.locator('#filters button[data-status="failed"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    assert page.errors == []
