"""Alerts with the real daemon: its own `dagster-daemon` (the alerts sensor ticking every second
in its code server) sending through Apprise to a real SMTP server (aiosmtpd) and to an HTTPS
receiver that Apprise's Slack plugin is pointed at (support/daemon_hooks). A dead batch is
one mail and one Slack message per death; a stalled queue opens once and clears once; the
model's outage (the fake Gemini answering 503) likewise; the SMTP server down is recorded,
retried and stops nothing."""

import datetime as dt
import os
import subprocess
import time
from pathlib import Path

import dagster as dg
import pytest
import sqlalchemy as sa

from po_ingest.defs.alerts import sensor_ticks
from po_ingest.lib.store.schema import alert_deliveries
from po_ingest_tests.support import bad_files
from po_ingest_tests.support.alert_receivers import SMTP_PASSWORD, SmtpReceiver, WebhookReceiver
from po_ingest_tests.support.daemon import BIN, REPO_ROOT, wait_for
from po_ingest_tests.support.e2e_stack import running_stack

pytestmark = pytest.mark.e2e
SLACK_TOKEN = "TIiajkdnlazkcOXrIdevi7F"
PUBLIC = "https://po.example.com"
TIMEOUT = 120
TICK_SECONDS = 1
# Five of the alerts sensor's ticks, and some: no repeats in between.
FIVE_TICKS = 6 * TICK_SECONDS
DAEMON_HOOKS = Path(__file__).parent / "support" / "daemon_hooks"


@pytest.fixture(scope="module")
def alerting(tmp_path_factory):
    with SmtpReceiver() as smtp, WebhookReceiver(tls=True) as hook:
        env = {
            "PO_INGEST_ALERT_URLS": (
                f"{smtp.apprise_url()} slack://T1JJ3T3L2/A1BRTD4JD/{SLACK_TOKEN}?verify=no"
            ),
            "PO_INGEST_TEST_SLACK_WEBHOOK_URL": f"{hook.url}/services",
            "PO_INGEST_ALERT_INTERVAL_SECONDS": str(TICK_SECONDS),
            # Past a run's start here (a due batch is `pending` until its run claims it).
            "PO_INGEST_ALERT_STALLED_MINUTES": "0.3",
            "PO_INGEST_PUBLIC_URL": PUBLIC,
            "PYTHONPATH": os.pathsep.join([str(DAEMON_HOOKS), str(REPO_ROOT)]),
        }
        with running_stack(tmp_path_factory.mktemp("e2e-alerts"), env) as stack:
            yield stack, smtp, hook


def _mails(smtp, text: str) -> list[str]:
    return [m["Subject"] for m in smtp.messages if text in m["Subject"]]


def _slack(hook, text: str) -> list[dict]:
    bodies = [r.json["attachments"][0] for r in hook.requests if r.path.startswith("/services/")]
    return [b for b in bodies if text in b["title"]]


def _wait_mails(smtp, text: str, count: int) -> list[str]:
    return wait_for(
        lambda: len(_mails(smtp, text)) >= count and _mails(smtp, text),
        TIMEOUT,
        f"{count} mail(s) about {text!r}",
    )


def _wait_slack(hook, text: str, count: int) -> list[dict]:
    return wait_for(
        lambda: len(_slack(hook, text)) >= count and _slack(hook, text),
        TIMEOUT,
        f"{count} Slack message(s) about {text!r}",
    )


def test_a_poison_file_is_one_mail_and_one_slack_message_per_death(alerting):
    stack, smtp, hook = alerting
    batch = stack.upload_bytes(bad_files.corrupt_pdf(), "poison.pdf")
    dead = stack.wait_status(batch.id, {"dead"})
    died = f"Batch {batch.id} (poison.pdf) is dead"
    _wait_mails(smtp, died, 1)
    (slack,) = _wait_slack(hook, died, 1)
    time.sleep(FIVE_TICKS)
    (subject,) = _mails(smtp, died)
    (mail,) = [m for m in smtp.messages if m["Subject"] == subject]
    text = mail.get_payload(decode=True).decode()
    assert "corrupt PDF" in text
    assert f"Batch: {PUBLIC}/?batch={batch.id}" in text
    assert f"Dagster run: http://localhost:3000/runs/{dead.dagster_run_id}" in text
    assert f"{PUBLIC}/?batch={batch.id}" in slack["text"] and dead.dagster_run_id in slack["text"]
    assert len(_slack(hook, died)) == 1

    assert stack.store.batches.retry(batch.id)
    stack.wait_status(batch.id, {"dead"}, timeout=TIMEOUT)
    _wait_mails(smtp, died, 2)
    _wait_slack(hook, died, 2)
    time.sleep(FIVE_TICKS)
    assert len(_mails(smtp, died)) == 2 and len(_slack(hook, died)) == 2


def _sensor(stack, action: str) -> None:
    """`dagster sensor <action>` as an operator runs it, on the daemon's workspace: the running
    code server (REPO_ROOT/workspace.yaml would start and load a code location of its own)."""
    command = [str(BIN / "dagster"), "sensor", action, "pending_batches_sensor"]
    command += ["-w", str(stack.daemon.code_server.workspace())]
    done = subprocess.run(command, env=stack.env(), cwd=REPO_ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_stalled_queue_is_one_opened_and_one_cleared_message(alerting):
    stack, smtp, hook = alerting

    def stall_open() -> bool:
        return any(c["kind"] == "queue_stalled" for c in stack.store.alerts.open_conditions())

    # On a loaded machine an earlier test's batch may have waited long enough to open one.
    wait_for(lambda: not stall_open(), TIMEOUT, "no stalled queue before the test")
    mails_before, hooks_before = len(smtp.messages), len(hook.requests)

    def new_mails(text: str) -> list[str]:
        return [m["Subject"] for m in smtp.messages[mails_before:] if text in m["Subject"]]

    def new_slack(text: str) -> list[dict]:
        bodies = [r.json["attachments"][0] for r in hook.requests[hooks_before:]]
        return [b for b in bodies if text in b["title"]]

    _sensor(stack, "stop")  # pending batches, and nothing starts their runs
    try:
        waiting = stack.upload("PO-E2E-ALERT-STALLED")
        (opened,) = wait_for(lambda: new_mails("Queue stalled"), TIMEOUT, "the stall's mail")
        assert f"batch {waiting.id}" in opened
        time.sleep(FIVE_TICKS)
        assert new_mails("Queue stalled") == [opened] and len(new_slack("Queue stalled")) == 1
        assert stack.store.batches.get(waiting.id).status == "pending"
    finally:
        _sensor(stack, "start")
    assert stack.wait_status(waiting.id, {"processed"}).status == "processed"
    (cleared,) = wait_for(lambda: new_mails("Cleared: Queue stalled"), TIMEOUT, "the clear")
    time.sleep(FIVE_TICKS)
    assert new_mails("Queue stalled") == [opened, cleared]
    assert len(new_slack("Queue stalled")) == 2


def test_the_models_outage_is_one_opened_and_one_cleared_message(alerting):
    stack, smtp, _ = alerting
    stack.gemini.unavailable(503)
    try:
        scan = stack.upload_bytes(bad_files.jpeg_photo(), "photo.jpg")
        (opened,) = _wait_mails(smtp, "is down since", 1)
        time.sleep(FIVE_TICKS)
        assert len(_mails(smtp, "is down since")) == 1
        assert stack.store.batches.get(scan.id).status != "dead", "it waits out the outage"
    finally:
        stack.gemini.unavailable(None)
    (cleared,) = _wait_mails(smtp, "Cleared: Model", 1)
    assert cleared == f"Cleared: {opened}"
    stack.wait_status(scan.id, {"processed", "dead"})  # read at last (it is no order: dead)


def test_the_smtp_server_down_is_recorded_and_retried_and_the_queue_goes_on(alerting):
    stack, smtp, hook = alerting
    smtp.stop()
    try:
        poison = stack.upload_bytes(bad_files.corrupt_pdf(), "down.pdf")
        healthy = stack.upload("PO-E2E-ALERT-SMTP-DOWN")
        assert stack.wait_status(healthy.id, {"processed", "dead"}).status == "processed"
        stack.wait_status(poison.id, {"dead"})
        _wait_slack(hook, f"Batch {poison.id}", 1)

        def failed_mail():
            rows = [r for r in stack.store.alerts.recent(100) if poison.id in r["subject"]]
            return [r for r in rows if r["channel"].startswith("mailto") and r["attempts"] >= 1]

        (failed,) = wait_for(failed_mail, TIMEOUT, "the mail's failure to be recorded")
        assert failed["status"] == "pending" and failed["last_error"]
        assert SMTP_PASSWORD not in failed["last_error"]
    finally:
        smtp.start()
    with stack.store.engine.begin() as conn:  # its first backoff (30 s) has passed
        conn.execute(
            alert_deliveries.update()
            .where(alert_deliveries.c.id == failed["id"])
            .values(next_attempt_at=sa.func.current_timestamp())
        )
    _wait_mails(smtp, f"Batch {poison.id}", 1)
    shown = stack.daemon.log_path.read_text(errors="replace") + str(stack.store.alerts.recent())
    assert SMTP_PASSWORD not in shown and SLACK_TOKEN not in shown


def test_the_pending_sensors_ticks_are_read_from_the_instance(alerting):
    stack, _, _ = alerting
    with dg.DagsterInstance.from_config(str(stack.dagster_home)) as instance:
        ticks = sensor_ticks(instance)
    last = ticks["pending_batches_sensor"]
    assert dt.datetime.now(dt.UTC) - last < dt.timedelta(seconds=30), last
