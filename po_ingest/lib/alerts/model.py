"""What an alert is: its kind (one-shot, or a condition that opens once and clears once), its
subject, how severe it is, and the message people get."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    INFO = "info"
    WARNING = "warning"
    CRITICAL = "critical"

    @property
    def rank(self) -> int:
        return list(Severity).index(self)


class Kind(StrEnum):
    BATCH_DEAD = "batch_dead"  # one-shot per death: subject "<batch id>#<generation>"
    OVER_DELIVERY = "over_delivery"  # one-shot: subject "delivery_note:<id>"
    QUEUE_STALLED = "queue_stalled"  # condition: subject "queue"
    MODEL_OUTAGE = "model_outage"  # condition: subject the model's name
    DEAD_RATE = "dead_rate"  # condition: subject "last_24h"
    REVIEW_BACKLOG = "review_backlog"  # condition: subject "purchase_orders"
    SENSOR_STALLED = "sensor_stalled"  # condition: subject the sensor's name
    DIGEST = "digest"  # the day's one-shot alerts of one channel, in one message
    TEST = "test"  # `po-ingest alerts test`: every channel, whatever its routing


ONE_SHOT = frozenset({Kind.BATCH_DEAD, Kind.OVER_DELIVERY, Kind.DIGEST})

SEVERITY = {
    Kind.BATCH_DEAD: Severity.WARNING,
    Kind.OVER_DELIVERY: Severity.INFO,
    Kind.QUEUE_STALLED: Severity.CRITICAL,
    Kind.MODEL_OUTAGE: Severity.CRITICAL,
    Kind.DEAD_RATE: Severity.WARNING,
    Kind.REVIEW_BACKLOG: Severity.INFO,
    Kind.SENSOR_STALLED: Severity.CRITICAL,
    Kind.DIGEST: Severity.WARNING,
    Kind.TEST: Severity.INFO,
}


class Transition(StrEnum):
    FIRED = "fired"  # a one-shot alert
    OPENED = "opened"  # a condition began
    CLEARED = "cleared"  # it ended
    DIGEST = "digest"  # the day's one-shot alerts in one message
    TEST = "test"


@dataclass(frozen=True)
class Message:
    """One message to people. `title` is one line naming the subject; `body` plain text with
    the reason and every link on a line of its own (`links` again, for the page and tests)."""

    kind: Kind
    subject: str
    transition: Transition
    title: str
    body: str
    links: tuple[tuple[str, str], ...] = ()

    @property
    def severity(self) -> Severity:
        return SEVERITY[self.kind]
