"""The mailbox sensor: every PO_INGEST_MAIL_POLL_SECONDS it reads new mail over IMAP and
queues each usable attachment as a batch (po_ingest.lib.mailbox); the pending batches sensor
launches their runs as for any upload."""

from __future__ import annotations

import json
import os

import dagster as dg

from po_ingest.defs.resources import FileStoreResource, StoreResource
from po_ingest.lib.mail_settings import MailSettings, MailSettingsError, poll_seconds
from po_ingest.lib.mailbox import MailboxUnavailable, read_new
from po_ingest.lib.redact import redact
from po_ingest.lib.store import StoreUnavailable

OFF = (
    "the mailbox intake is off: set PO_INGEST_MAIL_HOST, PO_INGEST_MAIL_USER and "
    "PO_INGEST_MAIL_PASSWORD (see README, Mailbox) to read purchase orders from a mailbox"
)


@dg.sensor(
    minimum_interval_seconds=poll_seconds(),
    # Unconfigured, it stays stopped rather than build a Dagster instance every few seconds
    # to say so; the code location reads PO_INGEST_MAIL_HOST when it (re)loads.
    default_status=(
        dg.DefaultSensorStatus.RUNNING
        if os.environ.get("PO_INGEST_MAIL_HOST", "").strip()
        else dg.DefaultSensorStatus.STOPPED
    ),
)
def mailbox_sensor(
    context: dg.SensorEvaluationContext, store: StoreResource, files: FileStoreResource
) -> dg.SkipReason:
    """Reads new mail (PO_INGEST_MAIL_*): each PDF or photo attached becomes a batch, the mail
    moves to Processed (a stranger's to Rejected); what was not imported is listed with why."""
    try:
        settings = MailSettings.from_env()
    except MailSettingsError as exc:
        return dg.SkipReason(f"mailbox settings: {exc}")
    if settings is None:
        return dg.SkipReason(OFF)
    cursor = json.loads(context.cursor) if context.cursor else {}
    try:
        result, cursor = read_new(cursor, store=store.get(), files=files.get(), settings=settings)
    except (MailboxUnavailable, StoreUnavailable) as exc:
        reason = redact(str(exc), secrets=(settings.password,))
        context.log.warning(f"mailbox not read: {reason}")
        return dg.SkipReason(f"mailbox not read: {reason}"[:2000])
    context.update_cursor(json.dumps(cursor, sort_keys=True))
    for outcome in result.outcomes:
        context.log.info(outcome.describe())
    return dg.SkipReason(f"mailbox: {result.summary()}")
