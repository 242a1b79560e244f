"""The delivery pages in headless Chromium, on an order and notes stored directly (no
Dagster): the order's Deliveries section shows ordered / delivered / open per line with the
notes and the status pills; a note's page shows its lines with the order lines they matched
and the over_delivery exception; a dead batch whose error says it is a delivery note offers
"Retry as delivery note", and clicking it queues the batch as one."""

import pytest
from playwright.sync_api import expect

from po_ingest.lib.store import Store
from po_ingest_tests.support.browser import signed_in_page
from po_ingest_tests.support.deliveries import dead_batch, partly_and_over_delivered
from po_ingest_tests.support.intake import BackgroundServer, intake_app
from po_ingest_tests.support.prerequisites import require_browser

RETRY_AS_NOTE = "this is a delivery note, not a purchase order: retry as delivery note"


@pytest.fixture
def pages(sqlite_url, files, tmp_path):
    require_browser()
    store = Store(sqlite_url)
    order_id, first, second = partly_and_over_delivered(store, files)
    token = store.users.add("rita", "reviewer")
    viewport = {"width": 1300, "height": 1000}
    with (
        BackgroundServer(intake_app(sqlite_url, files.root)) as server,
        signed_in_page(server.url, token, viewport, tmp_path / "last.png") as page,
    ):
        yield page, store, files, server.url, (order_id, first, second)


def test_the_order_page_shows_what_arrived_and_the_note_page_what_it_matched(pages, tmp_path):
    page, store, _, url, (order_id, first, second) = pages
    page.goto(f"{url}/orders/{order_id}")
    expect(page.locator("#delivery-status")).to_have_text("Over-delivered")
    rows = page.locator("#order-deliveries tbody tr")
    expect(rows).to_have_count(3)
    shown = [
        ("Concrete C30/37", "10", "11", "0", "Over", "LS-1 (6), LS-2 (5)"),
        ("Rebar 12 mm", "2", "1", "1", "Partial", "LS-1 (1)"),
        ("Cement CEM II 25 kg", "40", "40", "0", "Complete", "LS-2 (40)"),
    ]
    for row, expected in zip([rows.nth(i) for i in range(3)], shown, strict=True):
        expect(row.locator("td")).to_have_text([str(shown.index(expected) + 1), *expected])
    expect(rows.nth(0).locator(".pill")).to_have_class("pill pill-dead")
    page.screenshot(path=tmp_path / "order-deliveries.png", full_page=True)

    rows.nth(0).get_by_role("link", name="LS-2").click()
    expect(page).to_have_url(f"{url}/delivery-notes/{second}")
    expect(page.locator("#note-title")).to_contain_text("Delivery note LS-2")
    expect(page.locator("#match-status")).to_have_text("Matched")
    expect(page.locator("#note-exceptions .chip-exception")).to_have_text(["over_delivery"])
    lines = page.locator("#note-lines tbody tr")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_have_class("has-exception")
    expect(lines.nth(0).locator("[data-field=order-line]")).to_have_text(
        "PO-000471 line 1 · Concrete C30/37"
    )
    expect(lines.nth(0).locator("[data-field=method]")).to_have_text("description (100)")
    expect(lines.nth(0).locator(".chip-exception")).to_have_text("over_delivery")
    expect(lines.nth(1).locator("[data-field=order-line]")).to_contain_text("PO-000471 line 3")
    expect(lines.nth(1).locator(".chip-exception")).to_have_count(0)
    expect(page.locator("#note-document .page-image")).to_be_visible()
    page.screenshot(path=tmp_path / "note.png", full_page=True)

    page.goto(f"{url}/delivery-notes/{first}")
    expect(page.locator("#note-header")).to_contain_text("M. Weber")
    expect(page.locator("#note-header")).to_contain_text("19000 kg net (gross 31000, tare 12000)")
    first_line = page.locator("#note-lines tbody tr").nth(0)
    expect(first_line.locator("[data-field=method]")).to_have_text("order line number")
    first_line.get_by_role("link", name="PO-000471 line 1").click()
    expect(page).to_have_url(f"{url}/orders/{order_id}")
    expect(page.locator("#delivery-status")).to_have_text("Over-delivered")

    page.goto(f"{url}/delivery-notes/4242")
    expect(page.locator("#note-error")).to_have_text("no delivery note 4242")
    assert page.errors == []


def test_a_dead_batch_that_is_a_delivery_note_is_retried_as_one(pages):
    page, store, files, url, (_, first, _) = pages
    batch_id = dead_batch(store, files, "purchase_orders", RETRY_AS_NOTE)
    other = dead_batch(store, files, "purchase_orders", "the file is encrypted")
    page.goto(url)

    note_batch = store.deliveries.get(first)["batch_id"]
    imported = page.locator(f"tr[data-batch-id='{note_batch}'] .pill a")
    expect(imported).to_have_text(f"Imported as delivery note #{first}")
    expect(imported).to_have_attribute("href", f"/delivery-notes/{first}")
    expect(page.locator(f"tr[data-batch-id='{other}'] [data-retry-as]")).to_have_count(0)
    row_button = page.locator(f"tr[data-batch-id='{batch_id}'] [data-retry-as]")
    expect(row_button).to_have_text("Retry as delivery note")

    page.locator(f"tr[data-batch-id='{batch_id}'] button.mono").click()  # follow it
    expect(page.locator("#pill")).to_have_text("Dead, needs manual retry")
    expect(page.locator("#retry-as-button")).to_have_text("Retry as delivery note")
    page.locator("#retry-as-button").click()
    expect(page.locator("#pill")).to_have_text("Queued")
    expect(page.locator("#retry-as-button")).to_be_hidden()
    batch = store.batches.get(batch_id)
    assert (batch.status, batch.batch_type, batch.attempts) == ("pending", "delivery_notes", 0)
    assert batch.warnings == ["retyped:purchase_orders->delivery_notes:by:rita"]
    expect(page.locator(f"tr[data-batch-id='{batch_id}'] td").nth(2)).to_have_text("Delivery note")
    assert store.batches.get(other).status == "dead"
    assert page.errors == []
