"""The open alert conditions through the API (admins only) and as the upload page's banner in
headless Chromium; `po-ingest alerts test` and `alerts list` against a real SMTP server, with
no secret of an alert URL printed."""

import datetime as dt

import pytest
from playwright.sync_api import expect

from po_ingest.cli import main
from po_ingest.lib.alerts.conditions import AlertSettings, Facts, holding
from po_ingest.lib.store import Store
from po_ingest_tests.support.alert_receivers import SMTP_PASSWORD, SmtpReceiver
from po_ingest_tests.support.browser import signed_in_page
from po_ingest_tests.support.intake import BackgroundServer, client_as, intake_app
from po_ingest_tests.support.prerequisites import require_browser


def _open_stalled(store: Store) -> str:
    now = dt.datetime.now(dt.UTC)
    facts = Facts(now, oldest_due=("b-stuck", now - dt.timedelta(minutes=30)), due_count=2)
    (message,) = holding(facts, AlertSettings()).values()
    store.alerts.open(message, [], now)
    return message.title


def test_open_conditions_are_the_admins(sqlite_url, files):
    store = Store(sqlite_url)
    title = _open_stalled(store)
    app = intake_app(sqlite_url, files.root)
    answer = client_as(app, store, "ada", "admin").get("/api/alerts")
    assert answer.status_code == 200
    (alert,) = answer.json()["open"]
    assert (alert["kind"], alert["subject"], alert["title"]) == ("queue_stalled", "queue", title)
    assert alert["severity"] == "critical"
    assert client_as(app, store, "rita", "reviewer").get("/api/alerts").status_code == 403


@pytest.mark.parametrize(("role", "shown"), [("admin", True), ("uploader", False)])
def test_the_upload_page_shows_admins_the_open_conditions(sqlite_url, files, tmp_path, role, shown):
    require_browser()
    store = Store(sqlite_url)
    title = _open_stalled(store)
    token = store.users.add("someone", role)
    with (
        BackgroundServer(intake_app(sqlite_url, files.root)) as server,
        signed_in_page(
            server.url, token, {"width": 1200, "height": 900}, tmp_path / "p.png"
        ) as page,
    ):
        page.goto(server.url)
        expect(page.locator("#batches-empty")).to_be_visible()
        banner = page.locator("#alerts-banner")
        if shown:
            expect(banner).to_be_visible()
            expect(banner.locator("li")).to_have_text([f"{title} (critical)"])
        else:
            expect(banner).to_be_hidden()
        assert page.errors == []


def test_alerts_test_and_list_print_each_channel_without_its_secret(
    sqlite_url, monkeypatch, capsys
):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", sqlite_url)
    with SmtpReceiver() as smtp:
        down = SmtpReceiver()  # never started: nothing listens on its port
        monkeypatch.setenv("PO_INGEST_ALERT_URLS", f"{smtp.apprise_url()} {down.apprise_url()}")
        assert main(["alerts", "test"]) == 1
        (mail,) = smtp.wait_for(1)
    assert mail["Subject"] == "po_ingest test alert"
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed] == ["ok", "FAILED"]
    assert main(["alerts", "list"]) == 0
    listing = capsys.readouterr().out
    assert "open conditions: 0" in listing and "recent sends: 2" in listing
    assert "sent" in listing and "failed" in listing
    assert SMTP_PASSWORD not in " ".join(printed) + listing


def test_alerts_test_without_channels_says_how_to_set_them(sqlite_url, monkeypatch, capsys):
    monkeypatch.setenv("PO_INGEST_DATABASE_URL", sqlite_url)
    monkeypatch.delenv("PO_INGEST_ALERT_URLS", raising=False)
    assert main(["alerts", "test"]) == 2
    assert "set PO_INGEST_ALERT_URLS" in capsys.readouterr().err
