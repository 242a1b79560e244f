"""The alerts sensor: every ALERTS_INTERVAL_SECONDS it fires one-shot alerts (a batch gone
dead, an over-delivery), opens and clears conditions (queue stalled, model down, dead rate,
review backlog, a sensor silent), records each in alert_events, and sends what is due to
each channel. A channel that fails is retried with backoff by later ticks; sending never
touches the queue's own sensors or runs (this sensor only reads them)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import time
from typing import TYPE_CHECKING

import dagster as dg
from dagster._core.definitions.run_request import InstigatorType
from dagster._core.scheduler.instigation import TickStatus

from po_ingest.defs.resources import StoreResource
from po_ingest.lib.alerts import conditions
from po_ingest.lib.alerts.conditions import AlertSettings, Facts
from po_ingest.lib.alerts.model import Kind, Message, Transition
from po_ingest.lib.store import Store, alert_facts

if TYPE_CHECKING:
    from po_ingest.lib.alerts.channels import Channel

# Once a minute: each look costs the idle stack a sensor tick, and a stall is minutes long.
ALERTS_INTERVAL_SECONDS = int(os.environ.get("PO_INGEST_ALERT_INTERVAL_SECONDS") or 60)
# Sensors whose silence is a condition: the one that starts every batch's run.
WATCHED_SENSORS = ("pending_batches_sensor",)
# One tick sends for at most this long; what is left waits for the next.
SEND_BUDGET_SECONDS = 20
# A batch's death is looked for again this far behind the last look (clocks, slow commits).
DEAD_LOOKBACK = dt.timedelta(minutes=10)
DIGEST_HOUR_UTC = 7


def sensor_ticks(instance: dg.DagsterInstance, names=WATCHED_SENSORS) -> dict:
    """Each watched sensor's last tick that ran to its end (None when it has none)."""
    found: dict[str, dt.datetime | None] = {}
    states = instance.all_instigator_state(instigator_type=InstigatorType.SENSOR)
    for state in states:
        if state.name not in names:
            continue
        ticks = instance.get_ticks(
            state.instigator_origin_id,
            state.selector_id,
            limit=1,
            statuses=[TickStatus.SUCCESS, TickStatus.SKIPPED],
        )
        found[state.name] = dt.datetime.fromtimestamp(ticks[0].timestamp, dt.UTC) if ticks else None
    return found


class Tick:
    """One evaluation: what it opened, cleared, fired and sent, for the tick's message."""

    def __init__(self, db: Store, channels: list[Channel], settings: AlertSettings, now):
        self.db, self.channels, self.settings, self.now = db, channels, settings, now
        self.done: list[str] = []

    def _labels(self, message: Message) -> list[str]:
        return [c.label for c in self.channels if c.wants(message)]

    def fire(self, message: Message) -> None:
        hold = self.settings.daily_digest
        if self.db.alerts.fire(message, self._labels(message), self.now, hold=hold) is not None:
            self.done.append(f"fired {message.kind} {message.subject}")

    def conditions(self, facts: Facts) -> None:
        holding = conditions.holding(facts, self.settings)
        for (kind, subject), message in holding.items():
            if self.db.alerts.open(message, self._labels(message), self.now) is not None:
                self.done.append(f"opened {kind} {subject}")
        for row in self.db.alerts.open_conditions():
            kind, subject = Kind(row["kind"]), row["subject"]
            if (kind, subject) in holding:
                continue
            message = conditions.cleared(kind, subject, row["title"], self.settings)
            if self.db.alerts.clear(kind, subject, message, self._labels(message), self.now):
                self.done.append(f"cleared {kind} {subject}")

    def digest(self, last_day: str | None) -> str | None:
        """Once a day (from DIGEST_HOUR_UTC), each channel's held one-shot alerts as one
        message; the day it was made."""
        today = self.now.date().isoformat()
        if last_day == today or self.now.hour < DIGEST_HOUR_UTC:
            return last_day
        held = self.db.alerts.held()
        for channel in self.channels:
            theirs = [d for d in held if d.channel == channel.label]
            if not theirs:
                continue
            key = hashlib.sha256(channel.label.encode()).hexdigest()[:12]
            held_alerts = [(d.title, d.body) for d in theirs]
            message = conditions.digest(held_alerts, self.now.date(), key)
            self.db.alerts.fire(message, [channel.label], self.now)
            self.db.alerts.mark_digested([d.id for d in theirs])
            self.done.append(f"digest of {len(theirs)} for {channel.label}")
        return today

    def send_due(self) -> None:
        from po_ingest.lib.alerts.channels import send

        by_label = {c.label: c for c in self.channels}
        deadline = time.monotonic() + SEND_BUDGET_SECONDS
        for delivery in self.db.alerts.due(self.now):
            if time.monotonic() > deadline:
                break
            channel = by_label.get(delivery.channel)
            if channel is None:
                status = self.db.alerts.mark_failed(
                    delivery.id, "the channel is no longer in PO_INGEST_ALERT_URLS", self.now
                )
                self.done.append(f"{delivery.channel}: not configured ({status})")
                continue
            message = Message(
                Kind(delivery.kind),
                delivery.subject,
                Transition(delivery.transition),
                delivery.title,
                delivery.body,
            )
            result = send(channel, message)
            if result.ok:
                self.db.alerts.mark_sent(delivery.id, dt.datetime.now(dt.UTC))
                self.done.append(
                    f"sent {delivery.transition} {delivery.subject} to {result.channel}"
                )
            else:
                status = self.db.alerts.mark_failed(
                    delivery.id, result.error or "failed", dt.datetime.now(dt.UTC)
                )
                self.done.append(f"{result.channel} failed ({status}): {result.error}")


@dg.sensor(
    minimum_interval_seconds=ALERTS_INTERVAL_SECONDS,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description=(
        "Alerts people (PO_INGEST_ALERT_URLS) when a batch dies, the queue stalls, the model "
        "is down, too many batches die or work waits too long; each condition once, and once "
        "when it clears."
    ),
)
def alerts_sensor(context: dg.SensorEvaluationContext, store: StoreResource):
    db, now = store.get(), dt.datetime.now(dt.UTC)
    state = json.loads(context.cursor) if context.cursor else {}
    # Apprise loads here, in the code server's sensor evaluation, not in every run worker.
    from po_ingest.lib.alerts.channels import channels_from_env

    tick = Tick(db, channels_from_env(), AlertSettings.from_env(), now)
    looked = dt.datetime.fromisoformat(state["dead_since"]) if "dead_since" in state else now
    for batch in alert_facts.dead_since(db.engine, looked - DEAD_LOOKBACK):
        tick.fire(conditions.batch_dead(batch, tick.settings))
    for note in alert_facts.over_deliveries_waiting(db.engine):
        tick.fire(conditions.over_delivered(note, tick.settings))
    facts = alert_facts.queue_facts(db.engine, now)
    facts = Facts(**{**facts.__dict__, "sensor_ticks": sensor_ticks(context.instance)})
    tick.conditions(facts)
    digest_day = tick.digest(state.get("digest_day")) if tick.settings.daily_digest else None
    tick.send_due()
    context.update_cursor(json.dumps({"dead_since": now.isoformat(), "digest_day": digest_day}))
    summary = "; ".join(tick.done) if tick.done else "nothing to alert"
    if not tick.channels:
        summary += " (no channels: PO_INGEST_ALERT_URLS is empty)"
    return dg.SkipReason(summary[:2000])
