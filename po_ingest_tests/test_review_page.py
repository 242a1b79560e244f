"""The review page in headless Chromium, on orders stored directly (no Dagster): a reviewer
sees a line that does not add up, finds the quantity's box on the page, fixes it and approves
with the keyboard only; a refused value is shown at its field; another reviewer's change is a
409 to reload; `r` rejects with a reason; the queue filters by supplier; lines are added,
moved and deleted, and Enter in the total approves. The order page shows the history."""

import json
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from po_ingest.lib.store import Store
from po_ingest_tests.support.browser import signed_in_page
from po_ingest_tests.support.documents import order
from po_ingest_tests.support.intake import BackgroundServer, intake_app
from po_ingest_tests.support.prerequisites import require_browser
from po_ingest_tests.support.review_orders import store_model_read_order

PAGE_WIDTH_POINTS = 595


def _misread(po_number: str) -> tuple[dict, dict]:
    """What the PDF prints, and what the model read: 3 instead of 2 on the first line."""
    printed = order(po_number)
    read = {**printed, "items": [{**printed["items"][0], "quantity": "3"}, printed["items"][1]]}
    return printed, read


@pytest.fixture
def review(sqlite_url, files, tmp_path):
    require_browser()
    store = Store(sqlite_url)
    ids = [store_model_read_order(store, files, *_misread(n)) for n in ("PO-REV-1", "PO-REV-2")]
    token = store.users.add("rita", "reviewer")
    viewport = {"width": 1500, "height": 1000}
    with (
        BackgroundServer(intake_app(sqlite_url, files.root)) as server,
        signed_in_page(server.url, token, viewport, tmp_path / "last.png") as page,
    ):
        page.goto(f"{server.url}/review")
        yield page, store, ids, server.url


def _focused_field(page: Page) -> str:
    return page.evaluate("document.activeElement.dataset.field")


def test_fix_a_misread_quantity_by_keyboard_and_approve(review, tmp_path):
    page, store, (first, second), url = review
    expect(page.locator("#counts")).to_contain_text("needs review 2")
    expect(page.locator("#queue li")).to_have_count(2)
    expect(page.locator("#queue li.current")).to_contain_text("PO-REV-1")
    expect(page.locator("#check-lines")).to_have_text(
        "✗ 1 line(s): quantity × unit price ≠ line total"
    )
    expect(page.locator("#lines tbody tr").first.locator(".line-check")).to_have_text(
        "3 × 10.50 = 31.50"
    )
    expect(page.locator(".page-image")).to_be_visible()

    for _ in range(9):  # PO number, date, supplier, project, currency, #, code, description
        page.keyboard.press("Tab")
    assert _focused_field(page) == "items.0.quantity"
    extraction = json.loads(store.orders.get(first)["raw_extraction"])
    x0, y0, x1, y1 = extraction["provenance"]["items.0.quantity"]["bbox"]  # PDF points
    image = page.locator(".page-image").bounding_box()
    scale = image["width"] / PAGE_WIDTH_POINTS
    shown = page.locator(".box.focused").bounding_box()
    expected = (image["x"] + x0 * scale, image["y"] + y0 * scale, (x1 - x0) * scale)
    assert shown["x"] == pytest.approx(expected[0], abs=2.5)
    assert shown["y"] == pytest.approx(expected[1], abs=2.5)
    assert shown["width"] == pytest.approx(expected[2], abs=5)
    page.screenshot(path=tmp_path / "quantity-focused.png")

    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    expect(page.locator("#check-lines")).to_have_text(
        "✓ Every line: quantity × unit price = line total"
    )
    page.keyboard.press("Control+Enter")
    expect(page.locator("#review-message")).to_have_text("Approved PO-REV-1 with your corrections.")
    expect(page.locator("#queue li.current")).to_contain_text("PO-REV-2")
    expect(page.locator("#counts")).to_contain_text("verified 1")

    approved = store.orders.get(first)
    assert (approved["review_status"], approved["verified_by"]) == ("verified", "rita")
    assert [str(i["quantity"]) for i in approved["items"]] == ["2", "2"]
    assert [(h["action"], h["user_name"]) for h in store.reviews.history(first)] == [
        ("extracted", "pipeline"),
        ("corrected", "rita"),
        ("approved", "rita"),
    ]

    page.goto(f"{url}/orders/{first}")
    history = page.locator("#order-history > li")
    expect(history).to_have_count(3)
    expect(history.nth(1)).to_contain_text("corrected by rita")
    expect(history.nth(1)).to_contain_text("items.0.quantity: 3 → 2")
    expect(history.nth(2)).to_contain_text("approved by rita")
    assert page.errors == []


def test_a_refused_value_a_concurrent_change_and_a_rejection(review):
    page, store, (first, second), url = review
    expect(page.locator("#review-title")).to_contain_text("PO-REV-1")
    page.keyboard.press("j")  # the next order in the queue
    expect(page.locator("#queue li.current")).to_contain_text("PO-REV-2")
    expect(page.locator("#review-title")).to_contain_text("PO-REV-2")
    before = store.orders.get(second)

    page.locator('input[data-field="items.0.quantity"]').fill("a dozen")
    page.keyboard.press("Control+Enter")
    expect(page.locator('[data-error-for="items.0.quantity"]')).to_contain_text("valid decimal")
    expect(page.locator('input[data-field="items.0.quantity"]')).to_be_focused()
    assert store.orders.get(second) == before

    store.reviews.correct(second, "sam", 1, {"supplier_name": "Acme Ltd"})
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Control+Enter")
    expect(page.locator("#conflict")).to_be_visible()
    expect(page.locator("#conflict-changes")).to_contain_text("corrected by sam at")
    expect(page.locator("#conflict-changes")).to_contain_text(
        'supplier_name "Acme Building Supplies" → "Acme Ltd"'
    )
    page.keyboard.press("Enter")  # on "Reload the order"
    expect(page.locator("#conflict")).to_be_hidden()
    expect(page.locator("#review-title")).to_contain_text("revision 2")
    expect(page.locator("#f-supplier_name")).to_have_value("Acme Ltd")

    page.keyboard.press("r")
    expect(page.locator("#reject-dialog")).to_be_visible()
    page.keyboard.press("ArrowDown")  # not a purchase order → duplicate
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#review-message")).to_have_text("Rejected PO-REV-2.")
    expect(page.locator("#queue li")).to_have_count(1)
    expect(page.locator("#queue li.current")).to_contain_text("PO-REV-1")
    rejected = store.orders.get(second)
    assert (rejected["review_status"], rejected["revision"]) == ("rejected", 3)
    assert [(h["action"], h["user_name"], h["reason"]) for h in store.reviews.history(second)][
        1:
    ] == [("corrected", "sam", None), ("rejected", "rita", "duplicate")]

    page.goto(f"{url}/orders/{second}")  # a rejected document goes back to review from here
    page.get_by_role("button", name="Reopen for review").click()
    expect(page.locator("#order-title")).to_contain_text("needs review")
    expect(page.locator("#order-history > li").last).to_contain_text("reopened by rita")
    expect(page.get_by_role("button", name="Reopen for review")).to_be_hidden()
    assert store.orders.get(second)["review_status"] == "needs_review"
    assert page.errors == []


def test_filter_the_queue_edit_the_lines_and_approve_with_enter_in_the_total(review, files):
    page, store, _, url = review
    printed, read = _misread("PO-REV-3")
    printed["supplier_name"] = read["supplier_name"] = "Brick & Co"
    third = store_model_read_order(store, files, printed, read)
    page.reload()
    expect(page.locator("#queue li")).to_have_count(3)
    page.select_option("#filter-supplier", "Brick & Co")
    expect(page.locator("#queue li")).to_have_count(1)
    expect(page.locator("#queue li")).to_contain_text("PO-REV-3")
    page.keyboard.press("j")
    expect(page.locator("#review-title")).to_contain_text("PO-REV-3")

    page.click("#add-line")
    assert _focused_field(page) == "items.2.description"
    for value in ("Delivery", "1", "trip", "5.00", "5.00"):  # description … line total
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    expect(page.locator("#check-subtotal")).to_have_text(
        "✗ Lines sum to 47.00, not the subtotal 42.00"
    )
    rows = page.locator("#lines tbody tr")
    rows.nth(2).get_by_title("Move up").click()
    rows.nth(2).get_by_title("Delete the line").click()  # the printed second line
    expect(rows).to_have_count(2)
    page.locator('input[data-field="items.0.quantity"]').fill("2")
    page.locator("#f-subtotal").fill("26.00")
    page.keyboard.press("Tab")
    page.keyboard.type("5.20")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("31.20")
    expect(page.locator("#arithmetic .check-mismatch")).to_have_count(0)
    page.keyboard.press("Enter")  # in the last field: approve
    expect(page.locator("#review-message")).to_have_text("Approved PO-REV-3 with your corrections.")

    approved = store.orders.get(third)
    assert (approved["review_status"], approved["verified_by"]) == ("verified", "rita")
    assert [(i["line_number"], i["description"]) for i in approved["items"]] == [
        (1, "Item 1 for PO-REV-3"),
        (2, "Delivery"),
    ]
    assert approved["total"] == Decimal("31.20")
    assert approved["warnings"] == ["site_unmatched"]  # the line mismatch is gone
    assert page.errors == []
