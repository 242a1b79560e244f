"""Which conditions hold for which facts, and what their messages say: a table per kind."""

import datetime as dt

import pytest

from po_ingest.lib.alerts import conditions
from po_ingest.lib.alerts.conditions import AlertSettings, DeadBatch, Facts
from po_ingest.lib.alerts.model import Kind, Severity, Transition

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
SETTINGS = AlertSettings(
    public_url="https://po.example.com", dagster_ui_url="https://dg.example.com"
)


def _ago(**delta) -> dt.datetime:
    return NOW - dt.timedelta(**delta)


@pytest.mark.parametrize(
    ("facts", "holding"),
    [
        (Facts(NOW), set()),
        (Facts(NOW, oldest_due=("b1", _ago(minutes=9)), due_count=1), set()),
        (
            Facts(NOW, oldest_due=("b1", _ago(minutes=10)), due_count=3),
            {(Kind.QUEUE_STALLED, "queue")},
        ),
        (
            Facts(NOW, models_down={"gemini-x": (_ago(minutes=3), "503 UNAVAILABLE")}),
            {(Kind.MODEL_OUTAGE, "gemini-x")},
        ),
        (Facts(NOW, dead=1, processed=19), set()),  # 5 %
        (Facts(NOW, dead=2, processed=18), {(Kind.DEAD_RATE, "last_24h")}),  # 10 %
        (Facts(NOW, dead=0, processed=0), set()),
        (Facts(NOW, oldest_review=(7, _ago(hours=47)), review_count=1), set()),
        (
            Facts(NOW, oldest_review=(7, _ago(hours=48)), review_count=4),
            {(Kind.REVIEW_BACKLOG, "purchase_orders")},
        ),
        (Facts(NOW, sensor_ticks={"pending_batches_sensor": _ago(seconds=30)}), set()),
        (Facts(NOW, sensor_ticks={"pending_batches_sensor": None}), set()),  # never ticked yet
        (
            Facts(NOW, sensor_ticks={"pending_batches_sensor": _ago(minutes=2)}),
            {(Kind.SENSOR_STALLED, "pending_batches_sensor")},
        ),
    ],
)
def test_a_condition_holds_from_its_threshold_on(facts, holding):
    assert set(conditions.holding(facts, SETTINGS)) == holding


def test_each_opened_message_names_its_subject_and_links_its_page():
    facts = Facts(
        NOW,
        oldest_due=("b1", _ago(minutes=75)),
        due_count=3,
        models_down={"gemini-x": (_ago(minutes=3), "503 UNAVAILABLE")},
        oldest_review=(7, _ago(hours=50)),
        review_count=4,
    )
    found = conditions.holding(facts, SETTINGS)
    stalled = found[Kind.QUEUE_STALLED, "queue"]
    assert stalled.title == "Queue stalled: batch b1 has waited 1 h 15 min to start"
    assert "https://po.example.com/?batch=b1" in stalled.body
    assert stalled.transition == Transition.OPENED and stalled.severity == Severity.CRITICAL
    outage = found[Kind.MODEL_OUTAGE, "gemini-x"]
    assert "503 UNAVAILABLE" in outage.body and "gemini-x" in outage.title
    backlog = found[Kind.REVIEW_BACKLOG, "purchase_orders"]
    assert "order 7 has waited 50 h 0 min" in backlog.title
    assert ("Review queue", "https://po.example.com/review") in backlog.links
    for message in found.values():
        assert all(f"{label}: {url}" in message.body for label, url in message.links)


def test_a_dead_batch_message_has_its_reason_its_page_and_its_run():
    batch = DeadBatch("abc123", 1, "purchase_orders", "po.pdf", "corrupt PDF: no pages", "r-9")
    message = conditions.batch_dead(batch, SETTINGS)
    assert (message.kind, message.subject, message.transition) == (
        Kind.BATCH_DEAD,
        "abc123#1",
        Transition.FIRED,
    )
    assert message.title == "Batch abc123 (po.pdf) is dead"
    assert "Reason: corrupt PDF: no pages" in message.body
    assert message.links == (
        ("Batch", "https://po.example.com/?batch=abc123"),
        ("Dagster run", "https://dg.example.com/runs/r-9"),
    )


def test_a_cleared_message_names_what_cleared():
    message = conditions.cleared(Kind.QUEUE_STALLED, "queue", "Queue stalled: batch b1", SETTINGS)
    assert message.title == "Cleared: Queue stalled: batch b1"
    assert message.transition == Transition.CLEARED


def test_the_digest_lists_each_held_alert():
    held = [("Batch a is dead", "Reason: x"), ("Batch b is dead", "Reason: y")]
    message = conditions.digest(held, NOW.date(), "k1")
    assert message.title == "2 alert(s) on 2026-12-01"
    assert message.body == "Batch a is dead\nReason: x\n\nBatch b is dead\nReason: y"
    assert message.subject == "digest:2026-12-01:k1"


def test_settings_from_the_environment(monkeypatch):
    monkeypatch.setenv("PO_INGEST_PUBLIC_URL", "https://po.example.com/")
    monkeypatch.setenv("PO_INGEST_ALERT_STALLED_MINUTES", "3")
    monkeypatch.setenv("PO_INGEST_ALERT_REVIEW_HOURS", "2")
    monkeypatch.setenv("PO_INGEST_ALERT_DIGEST", "daily")
    settings = AlertSettings.from_env()
    assert settings.public_url == "https://po.example.com"
    assert settings.stalled_after == dt.timedelta(minutes=3)
    assert settings.review_after == dt.timedelta(hours=2)
    assert settings.daily_digest
