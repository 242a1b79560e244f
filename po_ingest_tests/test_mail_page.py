"""What a person sees of mailed-in work on the upload page, in headless Chromium: a batch's
sender and subject, the mail that was not imported and why (reviewers and admins only), and
an alert's `/?batch=<id>` link opening the page on that batch."""

import pytest
from playwright.sync_api import expect

from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import Store
from po_ingest.lib.store.batches import MailSource
from po_ingest.lib.store.mail_rejections import MailRejection
from po_ingest_tests.support.browser import signed_in_page
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import BackgroundServer, intake_app
from po_ingest_tests.support.prerequisites import require_browser

SENDER = "buyer@supplier.example"


@pytest.fixture
def mailed(sqlite_url, files):
    require_browser()
    store = Store(sqlite_url)
    source = MailSource("<m-1@test.example>", "Order 4711", SENDER)
    batch = accept_upload(
        store,
        files,
        [purchase_order_pdf(order("PO-4711"))],
        filename="PO-4711.pdf",
        uploaded_by=SENDER,
        source=source,
    )
    store.mail_rejections.add(
        [
            MailRejection(
                "<m-2@test.example>",
                SENDER,
                "Scans",
                "scan.pdf",
                "21.0 MB is over the 20.0 MB limit",
            )
        ]
    )
    return store, batch


@pytest.mark.parametrize(("role", "sees_rejections"), [("reviewer", True), ("uploader", False)])
def test_a_mailed_batch_and_the_mail_not_imported(
    mailed, sqlite_url, files, tmp_path, role, sees_rejections
):
    store, batch = mailed
    token = store.users.add(SENDER if role == "uploader" else "rita", role)
    with (
        BackgroundServer(intake_app(sqlite_url, files.root)) as server,
        signed_in_page(
            server.url, token, {"width": 1200, "height": 900}, tmp_path / "p.png"
        ) as page,
    ):
        page.goto(f"{server.url}/?batch={batch.id}")  # as an alert links it
        expect(page.locator("#current-id")).to_have_text(batch.id)
        expect(page.locator("#current-detail")).to_contain_text(f"Mailed by {SENDER}: “Order 4711”")
        rejections = page.locator("#mail-rejections")
        if sees_rejections:
            expect(rejections.locator("tbody tr")).to_have_count(1)
            expect(rejections.locator("tbody tr")).to_contain_text(
                "21.0 MB is over the 20.0 MB limit"
            )
            expect(rejections.locator("tbody tr")).to_contain_text("scan.pdf")
        else:
            expect(page.locator("#batches tbody tr")).to_have_count(1)
            expect(rejections).to_be_hidden()
        assert page.errors == []
