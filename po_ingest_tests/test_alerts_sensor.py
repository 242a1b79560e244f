"""The alerts sensor evaluated in-process on a real app database, sending through Apprise to a
real SMTP server (aiosmtpd) and an HTTPS receiver standing in for Slack: one message per
death, a condition opened once and cleared once over many ticks, the model's outage, a
channel that is down recorded and retried, no secret anywhere a person looks."""

import datetime as dt

import dagster as dg
import pytest
import sqlalchemy as sa

from po_ingest.defs.alerts import DIGEST_HOUR_UTC, Tick, alerts_sensor
from po_ingest.defs.resources import StoreResource
from po_ingest.lib.alerts import conditions
from po_ingest.lib.alerts.channels import channels_from_env
from po_ingest.lib.alerts.conditions import AlertSettings
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import alert_facts
from po_ingest.lib.store.schema import alert_deliveries, batches
from po_ingest_tests.support.alert_receivers import (
    SMTP_PASSWORD,
    SmtpReceiver,
    WebhookReceiver,
    slack_endpoint,
)
from po_ingest_tests.support.deliveries import partly_and_over_delivered
from po_ingest_tests.support.pipeline import job_with, run_batch

SLACK_TOKEN = "TIiajkdnlazkcOXrIdevi7F"
SLACK_URL = f"slack://T1JJ3T3L2/A1BRTD4JD/{SLACK_TOKEN}?verify=no"
PUBLIC = "https://po.example.com"


@pytest.fixture
def receivers(monkeypatch):
    with SmtpReceiver() as smtp, WebhookReceiver(tls=True) as hook, slack_endpoint(hook.url):
        monkeypatch.setenv("PO_INGEST_ALERT_URLS", f"{smtp.apprise_url()} {SLACK_URL}")
        monkeypatch.setenv("PO_INGEST_PUBLIC_URL", PUBLIC)
        monkeypatch.setenv("PO_INGEST_DAGSTER_UI_URL", "https://dagster.example.com")
        yield smtp, hook


class Ticks:
    """The sensor, ticked as the daemon ticks it (its cursor carried from tick to tick)."""

    def __init__(self, instance, db_url):
        self.instance, self.db_url, self.cursor, self.messages = instance, db_url, None, []

    def tick(self) -> str:
        context = dg.build_sensor_context(
            instance=self.instance,
            cursor=self.cursor,
            resources={"store": StoreResource(database_url=self.db_url)},
        )
        result = alerts_sensor(context)
        self.cursor = context.cursor
        self.messages.append(result.skip_message)
        return result.skip_message


@pytest.fixture
def ticks(db_url):
    with dg.instance_for_test() as instance:  # with schedule storage: sensors' ticks
        yield Ticks(instance, db_url)


def _dead_batch(store, files, db_url, instance, generation=0, batch_id=None) -> str:
    """An upload that is not a PDF, through the real pipeline: dead at its first attempt."""
    if batch_id is None:
        batch_id = accept_upload(store, files, [b"%PDF-1.4 broken"], filename="po.pdf").id
    job = job_with(db_url, files.root)
    assert not run_batch(job, instance, batch_id, generation=generation).success
    assert store.batches.get(batch_id).status == "dead"
    return batch_id


def _mails_about(smtp, text: str) -> list:
    return [m for m in smtp.messages if text in m["Subject"]]


def _slack_about(hook, text: str) -> list:
    return [r for r in hook.requests if text in r.json["attachments"][0]["title"]]


def test_a_dead_batch_is_one_mail_and_one_slack_message_per_death(
    receivers, ticks, store, files, db_url
):
    smtp, hook = receivers
    batch_id = _dead_batch(store, files, db_url, ticks.instance)
    for _ in range(3):
        ticks.tick()
    (mail,) = _mails_about(smtp, batch_id)
    text = mail.get_payload(decode=True).decode()
    run_id = store.batches.get(batch_id).dagster_run_id
    assert "corrupt PDF: cannot be opened" in text
    assert f"Batch: {PUBLIC}/?batch={batch_id}" in text
    assert f"Dagster run: https://dagster.example.com/runs/{run_id}" in text
    (slack,) = _slack_about(hook, batch_id)
    assert slack.path.endswith(f"/services/T1JJ3T3L2/A1BRTD4JD/{SLACK_TOKEN}")
    assert f"{PUBLIC}/?batch={batch_id}" in slack.json["attachments"][0]["text"]
    assert f"sent fired {batch_id}#0" in ticks.messages[0]

    # Retried, it dies again: one more of each.
    assert store.batches.retry(batch_id)
    _dead_batch(store, files, db_url, ticks.instance, generation=1, batch_id=batch_id)
    for _ in range(3):
        ticks.tick()
    assert len(_mails_about(smtp, batch_id)) == 2 and len(_slack_about(hook, batch_id)) == 2
    shown = " ".join(ticks.messages) + str(store.alerts.recent())
    assert SMTP_PASSWORD not in shown and SLACK_TOKEN not in shown


def _stall(store, files, minutes: float) -> str:
    batch = accept_upload(store, files, [b"%PDF-1.4"], filename="waiting.pdf")
    since = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutes)
    with store.engine.begin() as conn:
        conn.execute(batches.update().where(batches.c.id == batch.id).values(date_uploaded=since))
    return batch.id


def _drain(store, batch_id: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(batches.update().where(batches.c.id == batch_id).values(status="processed"))


def test_a_stalled_queue_opens_once_and_clears_once(receivers, ticks, store, files):
    smtp, hook = receivers
    batch_id = _stall(store, files, minutes=11)
    for _ in range(6):
        ticks.tick()
    assert [m["Subject"] for m in smtp.messages] == [
        f"Queue stalled: batch {batch_id} has waited 11 min to start"
    ]
    assert len(hook.requests) == 1
    (open_now,) = store.alerts.open_conditions()
    assert (open_now["kind"], open_now["subject"]) == ("queue_stalled", "queue")

    _drain(store, batch_id)
    for _ in range(5):
        ticks.tick()
    subjects = [m["Subject"] for m in smtp.messages]
    assert subjects[1:] == [f"Cleared: Queue stalled: batch {batch_id} has waited 11 min to start"]
    assert store.alerts.open_conditions() == [] and len(hook.requests) == 2
    assert (
        hook.requests[1].json["attachments"][0]["color"]
        != hook.requests[0].json["attachments"][0]["color"]
    ), "a cleared message looks like a success, not a failure"


def test_the_models_outage_opens_and_clears(receivers, ticks, store):
    smtp, _ = receivers
    now = dt.datetime.now(dt.UTC)
    for _ in range(3):
        store.model_health.record_failure("gemini-x", "503 UNAVAILABLE", now, outage_after=3)
    ticks.tick()
    ticks.tick()
    assert [m["Subject"] for m in smtp.messages] == [
        f"Model gemini-x is down since {now:%Y-%m-%d %H:%M} UTC"
    ]
    store.model_health.record_success("gemini-x", dt.datetime.now(dt.UTC))
    ticks.tick()
    ticks.tick()
    assert smtp.messages[-1]["Subject"].startswith("Cleared: Model gemini-x is down")
    assert len(smtp.messages) == 2


def _deliveries(store, subject: str, status: str | None = None) -> list[dict]:
    found = [r for r in store.alerts.recent(100) if r["subject"] == subject]
    return [r for r in found if status is None or r["status"] == status]


def test_a_channel_that_is_down_is_recorded_failed_and_retried(
    receivers, ticks, store, files, db_url
):
    smtp, hook = receivers
    smtp.stop()
    batch_id = _dead_batch(store, files, db_url, ticks.instance)
    message = ticks.tick()
    assert f"sent fired {batch_id}#0" in message and "failed (pending)" in message
    assert SMTP_PASSWORD not in message
    (failed,) = _deliveries(store, f"{batch_id}#0", "pending")
    assert (
        failed["channel"].startswith("mailto://")
        and failed["attempts"] == 1
        and "127.0.0.1" in failed["last_error"]
    )
    assert SMTP_PASSWORD not in failed["last_error"]
    ticks.tick()
    (waiting,) = _deliveries(store, f"{batch_id}#0", "pending")
    assert waiting["attempts"] == 1, "not tried again before its backoff"

    smtp.start()
    with store.engine.begin() as conn:  # its 30 s backoff has passed
        conn.execute(alert_deliveries.update().values(next_attempt_at=sa.func.now()))
    ticks.tick()
    (mail,) = _mails_about(smtp, batch_id)
    assert [r["status"] for r in _deliveries(store, f"{batch_id}#0")] == ["sent", "sent"]
    assert len(_slack_about(hook, batch_id)) == 1, "the other channel was not sent again"


def test_an_over_delivery_is_one_message_linking_the_note(receivers, ticks, store, files):
    smtp, _ = receivers
    _, _, over = partly_and_over_delivered(store, files)
    ticks.tick()
    ticks.tick()
    (mail,) = [m for m in smtp.messages if m["Subject"].startswith("Over-delivery")]
    assert mail["Subject"] == "Over-delivery: delivery note LS-2 from Beton Nord GmbH"
    assert f"{PUBLIC}/delivery-notes/{over}" in mail.get_payload(decode=True).decode()


def test_the_daily_digest_sends_the_days_one_shot_alerts_in_one_message(
    receivers, store, files, db_url, monkeypatch
):
    smtp, hook = receivers
    monkeypatch.setenv("PO_INGEST_ALERT_DIGEST", "daily")
    settings = AlertSettings.from_env()
    channels = channels_from_env()
    with dg.instance_for_test() as instance:
        dead = [_dead_batch(store, files, db_url, instance) for _ in range(2)]
    morning = dt.datetime.now(dt.UTC).replace(hour=DIGEST_HOUR_UTC, minute=5)
    tick = Tick(store, channels, settings, morning - dt.timedelta(hours=1))
    for batch in alert_facts.dead_since(store.engine, morning - dt.timedelta(days=1)):
        tick.fire(conditions.batch_dead(batch, settings))
    tick.send_due()
    assert smtp.messages == [] and hook.requests == [], "held for the digest"
    assert tick.digest(None) is None, "not before DIGEST_HOUR_UTC"

    tick = Tick(store, channels, settings, morning)
    assert tick.digest(None) == morning.date().isoformat()
    tick.send_due()
    (mail,) = smtp.wait_for(1)
    assert mail["Subject"] == f"2 alert(s) on {morning.date().isoformat()}"
    text = mail.get_payload(decode=True).decode()
    assert all(f"Batch {batch_id} (po.pdf) is dead" in text for batch_id in dead)
    assert len(hook.requests) == 1, "each channel its own digest"
    assert tick.digest(morning.date().isoformat()) == morning.date().isoformat()
    tick.send_due()
    assert len(smtp.messages) == 1, "one digest a day"
