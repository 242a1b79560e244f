"""`po-ingest alerts test|list`: try every channel of PO_INGEST_ALERT_URLS, and show the open
conditions and the latest sends. Channels appear by their label (secrets masked)."""

from __future__ import annotations

import argparse
import datetime as dt
import json

from po_ingest.cli_common import CliError, open_store
from po_ingest.lib.alerts.model import Kind, Message, Transition


def _channels():
    from po_ingest.lib.alerts.channels import channels_from_env

    try:
        channels = channels_from_env()
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if not channels:
        raise CliError("no alert channels: set PO_INGEST_ALERT_URLS (one Apprise URL each)")
    return channels


def cmd_alerts_test(args: argparse.Namespace) -> int:
    channels, store = _channels(), open_store()
    now = dt.datetime.now(dt.UTC)
    title = "po_ingest test alert"
    message = Message(
        Kind.TEST,
        f"test:{now.isoformat()}",
        Transition.TEST,
        title,
        f"A test message from `po-ingest alerts test` at {now:%Y-%m-%d %H:%M:%S} UTC.",
    )
    from po_ingest.lib.alerts.channels import send

    failed = 0
    for channel in channels:
        result = send(channel, message)
        store.alerts.record_test(channel.label, title, result.ok, result.error, now)
        print(
            f"{'ok    ' if result.ok else 'FAILED'} {channel.label}"
            + (f": {result.error}" if result.error else "")
        )
        failed += not result.ok
    return 1 if failed else 0


def _when(value) -> str:
    return value.strftime("%Y-%m-%d %H:%M:%S") if value else "—"


def cmd_alerts_list(args: argparse.Namespace) -> int:
    store = open_store()
    open_now, recent = store.alerts.open_conditions(), store.alerts.recent(args.limit)
    if args.json:
        print(json.dumps({"open": open_now, "recent": recent}, indent=2, default=str))
        return 0
    print(f"open conditions: {len(open_now)}")
    for row in open_now:
        print(
            f"  {row['kind']:<16} {row['subject']:<28} since {_when(row['opened_at'])}  {row['title']}"
        )
    print(f"recent sends: {len(recent)}")
    for row in recent:
        error = f"  {row['last_error']}" if row.get("last_error") else ""
        print(
            f"  {_when(row['created_at'])}  {row['status']:<9} {row['transition']:<8} "
            f"{row['kind']} {row['subject']} → {row['channel']} "
            f"(attempts {row['attempts']}){error}"
        )
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("alerts", help="alert channels, open conditions and sends")
    alerts_sub = p.add_subparsers(dest="alerts_command", required=True)
    s = alerts_sub.add_parser(
        "test", help="send a test message to every channel (exit 1 if one fails)"
    )
    s.set_defaults(func=cmd_alerts_test)
    s = alerts_sub.add_parser("list", help="open conditions and the latest sends")
    s.add_argument("--limit", type=int, default=20)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_alerts_list)
