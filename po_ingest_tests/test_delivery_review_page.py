"""A reviewer's decisions on the delivery-note page, in headless Chromium on notes stored
directly (no Dagster): the over-delivered note approved with a reason is verified by that
reviewer and its history says so; a line's order line changed with its select."""

import pytest
from playwright.sync_api import expect

from po_ingest.lib.store import Store
from po_ingest_tests.support.browser import signed_in_page
from po_ingest_tests.support.deliveries import partly_and_over_delivered
from po_ingest_tests.support.intake import BackgroundServer, intake_app
from po_ingest_tests.support.prerequisites import require_browser

ACCEPTED = "site manager kept the extra cubic metre"


@pytest.fixture
def pages(sqlite_url, files, tmp_path):
    require_browser()
    store = Store(sqlite_url)
    delivered = partly_and_over_delivered(store, files)
    token = store.users.add("rita", "reviewer")
    viewport = {"width": 1400, "height": 1000}
    with (
        BackgroundServer(intake_app(sqlite_url, files.root)) as server,
        signed_in_page(server.url, token, viewport, tmp_path / "last.png") as page,
    ):
        yield page, store, server.url, delivered


def test_the_over_delivered_note_is_approved_with_a_reason(pages, tmp_path):
    page, store, url, (_, _, over) = pages
    page.goto(f"{url}/delivery-notes/{over}")
    expect(page.locator("#note-history li")).to_have_text(["no decisions yet"])
    expect(page.locator("#reject")).to_be_visible()
    page.locator("#approve").click()
    dialog = page.locator("#decision-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#decision-title")).to_have_text("Accept the over-delivery")
    page.locator("#decision-reason").fill(ACCEPTED)
    page.screenshot(path=tmp_path / "approve-dialog.png")
    page.locator("#decision-confirm").click()

    expect(dialog).to_be_hidden()
    expect(page.locator("#note-title .badge")).to_have_text("verified")
    expect(page.locator("#note-header")).to_contain_text("Verified by")
    expect(page.locator("#note-header")).to_contain_text("rita ·")
    history = page.locator("#note-history > li")
    expect(history).to_have_count(1)
    expect(history.nth(0)).to_contain_text("approved by rita")
    expect(history.nth(0)).to_contain_text(ACCEPTED)
    expect(page.locator("#approve")).to_be_hidden()
    expect(page.locator("[data-field=change-match]")).to_have_count(0)
    page.screenshot(path=tmp_path / "approved.png", full_page=True)
    note = store.deliveries.view(over)
    assert (note["review_status"], note["verified_by"]) == ("verified", "rita")
    assert [(e["action"], e["reason"]) for e in note["history"]] == [("approved", ACCEPTED)]

    page.reload()  # what was stored, not only what the answer said
    expect(page.locator("#note-history > li").nth(0)).to_contain_text("approved by rita")
    assert page.errors == []


def test_a_lines_order_line_is_changed_with_its_select(pages):
    page, store, url, (_, _, over) = pages
    page.goto(f"{url}/delivery-notes/{over}")
    first = page.locator("#note-lines tbody tr").nth(0)
    choice = first.get_by_label("Order line for line 1")
    expect(choice.locator("option")).to_have_text(
        [
            "none of these lines",
            "PO-000471 line 1 · Concrete C30/37",
            "PO-000471 line 2 · Rebar 12 mm",
            "PO-000471 line 3 · Cement CEM II 25 kg",
        ]
    )
    choice.select_option(label="none of these lines")
    first = page.locator("#note-lines tbody tr").nth(0)
    expect(first.locator("[data-field=order-line]")).to_have_text("not matched")
    expect(first.locator("[data-field=method]")).to_have_text("a person: none")
    expect(first.locator(".chip-exception")).to_have_text("unknown_item")
    history = page.locator("#note-history > li")
    expect(history.nth(0)).to_contain_text("matched by rita")
    expect(history.nth(0)).to_contain_text("line 1: PO-000471 line 1 → —")
    assert store.deliveries.view(over)["lines"][0]["match_method"] == "manual_none"

    # Over-delivery gone, approving needs no reason: no dialog.
    page.locator("#approve").click()
    expect(page.locator("#note-title .badge")).to_have_text("verified")
    expect(page.locator("#decision-dialog")).to_be_hidden()
    assert page.errors == []


def test_the_review_page_lists_the_notes_that_need_review_oldest_first(pages):
    page, store, url, (_, first, over) = pages
    page.goto(f"{url}/review")
    notes = page.locator("#note-queue li")
    expect(notes).to_have_count(2)
    assert [notes.nth(n).get_attribute("data-note-id") for n in range(2)] == [
        str(first),
        str(over),
    ]
    expect(notes.nth(1)).to_contain_text("over_delivery")
    notes.nth(1).get_by_role("link").click()
    page.wait_for_url(f"{url}/delivery-notes/{over}")
    expect(page.locator("#approve")).to_be_visible()

    store.deliveries.approve(over, "rita", reason=ACCEPTED)
    page.goto(f"{url}/review")
    expect(page.locator("#note-queue li")).to_have_count(1)
    expect(page.locator("#note-queue li")).to_have_attribute("data-note-id", str(first))
    assert page.errors == []
