"""Which conditions hold now, from facts read elsewhere (the app database, Dagster's
instance), and the messages people get when one opens, clears or a batch dies. Pure: the
alerts sensor gathers the facts and keeps the state."""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field

from po_ingest.lib.alerts.model import Kind, Message, Transition
from po_ingest.lib.settings import dead_rate_threshold

QUEUE = "queue"
LAST_DAY = "last_24h"
REVIEW_QUEUE = "purchase_orders"


def _minutes(name: str, default: float) -> dt.timedelta:
    return dt.timedelta(minutes=float(os.environ.get(name) or default))


@dataclass(frozen=True)
class AlertSettings:
    public_url: str = "http://localhost:8000"
    dagster_ui_url: str = "http://localhost:3000"
    stalled_after: dt.timedelta = dt.timedelta(minutes=10)
    review_after: dt.timedelta = dt.timedelta(hours=48)
    sensor_silent_after: dt.timedelta = dt.timedelta(minutes=2)
    dead_rate_threshold: float = 0.1
    # One message a day listing the one-shot alerts, instead of one message each.
    daily_digest: bool = False

    @classmethod
    def from_env(cls) -> AlertSettings:
        return cls(
            public_url=(os.environ.get("PO_INGEST_PUBLIC_URL") or cls.public_url).rstrip("/"),
            dagster_ui_url=(
                os.environ.get("PO_INGEST_DAGSTER_UI_URL") or cls.dagster_ui_url
            ).rstrip("/"),
            stalled_after=_minutes("PO_INGEST_ALERT_STALLED_MINUTES", 10),
            review_after=_minutes("PO_INGEST_ALERT_REVIEW_HOURS", 48) * 60,
            sensor_silent_after=_minutes("PO_INGEST_ALERT_SENSOR_MINUTES", 2),
            dead_rate_threshold=dead_rate_threshold(),
            daily_digest=os.environ.get("PO_INGEST_ALERT_DIGEST", "").lower() == "daily",
        )

    def batch_url(self, batch_id: str) -> str:
        return f"{self.public_url}/?batch={batch_id}"

    def run_url(self, run_id: str) -> str:
        return f"{self.dagster_ui_url}/runs/{run_id}"


@dataclass(frozen=True)
class DeadBatch:
    id: str
    generation: int
    batch_type: str
    filename: str | None
    last_error: str | None
    dagster_run_id: str | None


@dataclass(frozen=True)
class Facts:
    """What the queue looks like now."""

    now: dt.datetime
    # The pending batch that has been due longest, and since when.
    oldest_due: tuple[str, dt.datetime] | None = None
    due_count: int = 0
    # Models the outage gate holds down: name -> (down since, last error).
    models_down: dict[str, tuple[dt.datetime, str | None]] = field(default_factory=dict)
    # The last day's ended batches.
    dead: int = 0
    processed: int = 0
    # The order waiting longest for review, and since when.
    oldest_review: tuple[int, dt.datetime] | None = None
    review_count: int = 0
    # Each watched sensor's last tick that ran to its end (None: none on record).
    sensor_ticks: dict[str, dt.datetime | None] = field(default_factory=dict)


def _message(kind: Kind, subject: str, title: str, lines: list[str], links) -> Message:
    body = "\n".join([*lines, *(f"{label}: {url}" for label, url in links)])
    return Message(kind, subject, Transition.OPENED, title, body, tuple(links))


def _ago(now: dt.datetime, since: dt.datetime) -> str:
    seconds = int((now - since).total_seconds())
    minutes = seconds // 60
    if minutes >= 60:
        return f"{minutes // 60} h {minutes % 60} min"
    return f"{minutes} min" if minutes else f"{seconds} s"


def holding(facts: Facts, settings: AlertSettings) -> dict[tuple[Kind, str], Message]:
    """Every condition that holds now, keyed by (kind, subject), with its `opened` message."""
    now, found = facts.now, {}
    home = [("Upload page", settings.public_url)]
    if facts.oldest_due and now - facts.oldest_due[1] >= settings.stalled_after:
        batch_id, since = facts.oldest_due
        found[Kind.QUEUE_STALLED, QUEUE] = _message(
            Kind.QUEUE_STALLED,
            QUEUE,
            f"Queue stalled: batch {batch_id} has waited {_ago(now, since)} to start",
            [f"{facts.due_count} batch(es) are due and no run has picked them up."],
            [
                ("Batch", settings.batch_url(batch_id)),
                ("Dagster runs", f"{settings.dagster_ui_url}/runs"),
            ],
        )
    for model, (since, error) in sorted(facts.models_down.items()):
        found[Kind.MODEL_OUTAGE, model] = _message(
            Kind.MODEL_OUTAGE,
            model,
            f"Model {model} is down since {since:%Y-%m-%d %H:%M} UTC",
            [f"Last error: {error or 'unknown'}", "Scans and photos wait; digital PDFs go on."],
            home,
        )
    ended = facts.dead + facts.processed
    if ended and facts.dead / ended >= settings.dead_rate_threshold:
        found[Kind.DEAD_RATE, LAST_DAY] = _message(
            Kind.DEAD_RATE,
            LAST_DAY,
            f"Dead rate {facts.dead / ended:.0%} over the last 24 h",
            [
                f"{facts.dead} of {ended} batches ended dead "
                f"(threshold {settings.dead_rate_threshold:.0%})."
            ],
            home,
        )
    if facts.oldest_review and now - facts.oldest_review[1] >= settings.review_after:
        order_id, since = facts.oldest_review
        found[Kind.REVIEW_BACKLOG, REVIEW_QUEUE] = _message(
            Kind.REVIEW_BACKLOG,
            REVIEW_QUEUE,
            f"Review backlog: order {order_id} has waited {_ago(now, since)} for review",
            [f"{facts.review_count} order(s) need review."],
            [("Review queue", f"{settings.public_url}/review")],
        )
    for sensor, last in sorted(facts.sensor_ticks.items()):
        if last is not None and now - last >= settings.sensor_silent_after:
            found[Kind.SENSOR_STALLED, sensor] = _message(
                Kind.SENSOR_STALLED,
                sensor,
                f"Sensor {sensor} has not ticked for {_ago(now, last)}",
                ["Is dagster-daemon running?"],
                [("Dagster sensors", f"{settings.dagster_ui_url}/automation")],
            )
    return found


def cleared(kind: Kind, subject: str, opened_title: str, settings: AlertSettings) -> Message:
    title = f"Cleared: {opened_title}"
    link = ("Upload page", settings.public_url)
    return Message(kind, subject, Transition.CLEARED, title, f"{link[0]}: {link[1]}", (link,))


def batch_dead(batch: DeadBatch, settings: AlertSettings) -> Message:
    links = [("Batch", settings.batch_url(batch.id))]
    if batch.dagster_run_id:
        links.append(("Dagster run", settings.run_url(batch.dagster_run_id)))
    name = f" ({batch.filename})" if batch.filename else ""
    lines = [f"Reason: {batch.last_error or 'unknown'}", f"Type: {batch.batch_type}"]
    body = "\n".join([*lines, *(f"{label}: {url}" for label, url in links)])
    return Message(
        Kind.BATCH_DEAD,
        f"{batch.id}#{batch.generation}",
        Transition.FIRED,
        f"Batch {batch.id}{name} is dead",
        body,
        tuple(links),
    )


def over_delivered(note: dict, settings: AlertSettings) -> Message:
    link = ("Delivery note", f"{settings.public_url}/delivery-notes/{note['id']}")
    supplier = f" from {note['supplier_name']}" if note.get("supplier_name") else ""
    body = f"It delivered more than was ordered and waits for review.\n{link[0]}: {link[1]}"
    return Message(
        Kind.OVER_DELIVERY,
        f"delivery_note:{note['id']}",
        Transition.FIRED,
        f"Over-delivery: delivery note {note['dn_number']}{supplier}",
        body,
        (link,),
    )


def digest(held: list[tuple[str, str]], day: dt.date, channel_key: str) -> Message:
    """One channel's held one-shot alerts (title, body) as one message."""
    body = "\n\n".join(f"{title}\n{text}" for title, text in held)
    return Message(
        Kind.DIGEST,
        f"digest:{day.isoformat()}:{channel_key}",
        Transition.DIGEST,
        f"{len(held)} alert(s) on {day.isoformat()}",
        body,
    )
