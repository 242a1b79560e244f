"""Alerts in the store, on SQLite and PostgreSQL: a one-shot alert fires once per subject, a
condition opens once and clears once (racing ticks included), deliveries retry with a backoff
and give up, errors are stored redacted, held alerts wait for the digest, and `alerts list`
shows the newest first."""

import datetime as dt
import threading

import pytest
import sqlalchemy as sa
from alembic.command import downgrade

from po_ingest.lib.alerts.model import Kind, Message, Transition
from po_ingest.lib.store import Store
from po_ingest.lib.store.alerts import BACKOFF, MAX_ATTEMPTS, backoff
from po_ingest.lib.store.migrate import alembic_config, upgrade
from po_ingest.lib.store.schema import alert_events

T0 = dt.datetime(2026, 12, 17, 8, 0, tzinfo=dt.UTC)
CHANNELS = ["slack:#ops", "mailto:ops@example.com"]


def _dead(batch: str = "b1#0") -> Message:
    return Message(Kind.BATCH_DEAD, batch, Transition.FIRED, f"Batch {batch} is dead", "why")


def _stalled(transition: Transition = Transition.OPENED) -> Message:
    return Message(Kind.QUEUE_STALLED, "queue", transition, f"Queue {transition}", "since 08:00")


def _events(store: Store) -> list[tuple]:
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT kind, subject, one_shot, cleared_at FROM alert_events ORDER BY id")
        )
        return [(r.kind, r.subject, bool(r.one_shot), r.cleared_at is not None) for r in rows]


def _listed(store: Store) -> list[tuple]:
    return [
        (r["kind"], r["subject"], r["transition"], r["channel"], r["status"], r["attempts"])
        for r in store.alerts.recent()
    ]


@pytest.mark.parametrize(
    ("attempts", "wait"),
    [(1, BACKOFF[0]), (2, dt.timedelta(minutes=2)), (3, dt.timedelta(minutes=8))]
    + [(4, dt.timedelta(minutes=30)), (MAX_ATTEMPTS, None), (7, None)],
)
def test_backoff_waits_longer_then_gives_up(attempts, wait):
    assert backoff(attempts) == wait


def test_a_one_shot_alert_fires_once_per_subject(store):
    first = store.alerts.fire(_dead(), CHANNELS, T0)
    again = store.alerts.fire(_dead(), CHANNELS, T0 + dt.timedelta(minutes=1))
    assert first is not None and again is None
    assert _events(store) == [("batch_dead", "b1#0", True, False)]
    due = store.alerts.due(T0)
    assert [(d.event_id, d.channel, d.transition, d.title) for d in due] == [
        (first, channel, Transition.FIRED, "Batch b1#0 is dead") for channel in CHANNELS
    ]
    assert store.alerts.open_conditions() == []  # a one-shot alert is not a condition


def test_a_condition_is_not_fired_nor_a_one_shot_opened(store):
    with pytest.raises(ValueError):
        store.alerts.fire(_stalled(), CHANNELS, T0)
    with pytest.raises(ValueError):
        store.alerts.open(_dead(), CHANNELS, T0)
    assert _events(store) == []


def test_a_condition_opens_once_clears_once_and_opens_again(store):
    opened = store.alerts.open(_stalled(), CHANNELS, T0)
    assert store.alerts.open(_stalled(), CHANNELS, T0 + dt.timedelta(minutes=1)) is None
    [condition] = store.alerts.open_conditions()
    assert (condition["id"], condition["kind"], condition["subject"]) == (
        opened,
        "queue_stalled",
        "queue",
    )
    assert (condition["severity"], condition["opened_at"]) == ("critical", T0)

    later = T0 + dt.timedelta(minutes=5)
    cleared = _stalled(Transition.CLEARED)
    assert store.alerts.clear(Kind.QUEUE_STALLED, "queue", cleared, CHANNELS, later) == opened
    assert store.alerts.clear(Kind.QUEUE_STALLED, "queue", cleared, CHANNELS, later) is None
    assert store.alerts.open_conditions() == []
    assert [(d.transition, d.channel) for d in store.alerts.due(later)] == [
        *((Transition.OPENED, c) for c in CHANNELS),
        *((Transition.CLEARED, c) for c in CHANNELS),
    ]

    reopened = store.alerts.open(_stalled(), CHANNELS, later + dt.timedelta(minutes=1))
    assert reopened not in (None, opened)
    assert _events(store) == [
        ("queue_stalled", "queue", False, True),
        ("queue_stalled", "queue", False, False),
    ]


def test_clear_without_an_open_condition_writes_nothing(store):
    cleared = _stalled(Transition.CLEARED)
    assert store.alerts.clear(Kind.QUEUE_STALLED, "queue", cleared, CHANNELS, T0) is None
    store.alerts.fire(_dead("queue"), CHANNELS, T0)  # same subject, another kind
    assert store.alerts.clear(Kind.BATCH_DEAD, "queue", cleared, CHANNELS, T0) is None
    assert _events(store) == [("batch_dead", "queue", True, False)]


def test_racing_ticks_open_a_condition_once(db_url):
    """Two sensor ticks on their own connections see no open row and both insert: one wins,
    the other gets None, neither fails."""
    rounds, results = 5, []
    for n in range(rounds):
        barrier = threading.Barrier(2)
        now = T0 + dt.timedelta(minutes=n)

        def tick(now=now, barrier=barrier):
            alerts = Store(db_url).alerts
            barrier.wait()
            results.append(alerts.open(_stalled(), CHANNELS, now))

        threads = [threading.Thread(target=tick) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        Store(db_url).alerts.clear(
            Kind.QUEUE_STALLED, "queue", _stalled(Transition.CLEARED), [], now
        )
    assert len(results) == 2 * rounds
    assert len([r for r in results if r is not None]) == rounds
    assert _events(Store(db_url)) == [("queue_stalled", "queue", False, True)] * rounds


def test_a_tick_racing_an_uncommitted_open_waits_and_writes_nothing(store):
    """The other tick's row is inserted but not committed: this tick's open() waits for it,
    then finds the condition open (no unique violation, no second row)."""
    results = []
    with store.engine.begin() as other_tick:
        other_tick.execute(
            alert_events.insert().values(
                kind="queue_stalled",
                subject="queue",
                severity="critical",
                one_shot=False,
                title="Queue opened",
                opened_at=T0,
            )
        )
        racer = threading.Thread(
            target=lambda: results.append(store.alerts.open(_stalled(), CHANNELS, T0))
        )
        racer.start()
        racer.join(timeout=0.5)
        assert racer.is_alive(), "open() did not wait for the other tick's transaction"
    racer.join(timeout=30)
    assert results == [None]
    assert _events(store) == [("queue_stalled", "queue", False, False)]
    assert store.alerts.due(T0) == []


def test_a_failing_delivery_backs_off_then_gives_up(store):
    store.alerts.fire(_dead(), ["slack:#ops"], T0)
    now = T0
    for attempt, wait in enumerate(BACKOFF, start=1):
        [delivery] = store.alerts.due(now)
        assert delivery.attempts == attempt - 1
        assert store.alerts.mark_failed(delivery.id, "HTTP 503", now) == "pending"
        assert store.alerts.due(now + wait - dt.timedelta(seconds=1)) == []
        now += wait
    [delivery] = store.alerts.due(now)
    assert store.alerts.mark_failed(delivery.id, "HTTP 503", now) == "gave_up"
    assert store.alerts.due(now + dt.timedelta(days=1)) == []
    [listed] = store.alerts.recent()
    assert (listed["status"], listed["attempts"], listed["last_error"]) == (
        "gave_up",
        MAX_ATTEMPTS,
        "HTTP 503",
    )
    assert listed["sent_at"] is None


def test_a_sent_delivery_is_not_due_again(store):
    store.alerts.fire(_dead(), ["slack:#ops"], T0)
    [delivery] = store.alerts.due(T0)
    store.alerts.mark_sent(delivery.id, T0 + dt.timedelta(seconds=2))
    assert store.alerts.due(T0 + dt.timedelta(days=1)) == []
    assert store.alerts.mark_failed(delivery.id, "late error", T0) == "sent"
    [listed] = store.alerts.recent()
    assert (listed["status"], listed["attempts"], listed["last_error"]) == ("sent", 1, None)
    assert listed["sent_at"] == T0 + dt.timedelta(seconds=2)


def test_last_error_is_stored_redacted_and_short(store):
    store.alerts.fire(_dead(), ["mail"], T0)
    [delivery] = store.alerts.due(T0)
    error = "SMTP to smtp://alerts:hunter2-secret@mail.example.com failed: " + "x" * 500
    store.alerts.mark_failed(delivery.id, error, T0)
    [listed] = store.alerts.recent()
    assert "hunter2-secret" not in listed["last_error"]
    assert listed["last_error"].startswith("SMTP to smtp://alerts:***@mail.example.com failed")
    assert len(listed["last_error"]) == 300


def test_held_alerts_wait_for_the_digest(store):
    store.alerts.fire(_dead("b1#0"), CHANNELS, T0, hold=True)
    store.alerts.fire(_dead("b2#0"), CHANNELS, T0 + dt.timedelta(minutes=1), hold=True)
    assert store.alerts.due(T0 + dt.timedelta(days=1)) == []
    held = store.alerts.held()
    assert [(d.subject, d.channel) for d in held] == [
        ("b1#0", CHANNELS[0]),
        ("b1#0", CHANNELS[1]),
        ("b2#0", CHANNELS[0]),
        ("b2#0", CHANNELS[1]),
    ]
    store.alerts.mark_digested([d.id for d in held[:2]])
    assert [d.subject for d in store.alerts.held()] == ["b2#0", "b2#0"]
    assert [r[4] for r in _listed(store)] == ["held", "held", "digested", "digested"]


def test_recent_lists_the_newest_first_with_tests(store):
    store.alerts.fire(_dead(), ["slack:#ops"], T0)
    store.alerts.open(_stalled(), ["slack:#ops"], T0 + dt.timedelta(minutes=1))
    at = T0 + dt.timedelta(minutes=2)
    store.alerts.record_test("slack:#ops", "Test from po-ingest", True, None, at)
    store.alerts.record_test("mail", "Test from po-ingest", False, "token=abcdef123456 refused", at)
    assert _listed(store) == [
        ("test", f"test:{at.isoformat()}", "test", "mail", "failed", 1),
        ("test", f"test:{at.isoformat()}", "test", "slack:#ops", "sent", 1),
        ("queue_stalled", "queue", "opened", "slack:#ops", "pending", 0),
        ("batch_dead", "b1#0", "fired", "slack:#ops", "pending", 0),
    ]
    failed, sent = store.alerts.recent(limit=2)
    assert failed["last_error"] == "token=*** refused" and failed["sent_at"] is None
    assert sent["sent_at"] == at and sent["title"] == "Test from po-ingest"
    assert store.alerts.due(at) != [] and all(d.kind != Kind.TEST for d in store.alerts.due(at))


def test_migration_0008_adds_the_alert_tables_and_downgrades(db_url):
    store = Store(db_url)
    downgrade(alembic_config(db_url), "0007")
    tables = set(sa.inspect(store.engine).get_table_names())
    assert not {"alert_events", "alert_deliveries"} & tables
    upgrade(db_url)
    assert {"alert_events", "alert_deliveries"} <= set(sa.inspect(store.engine).get_table_names())
    assert store.alerts.open(_stalled(), CHANNELS, T0) is not None
