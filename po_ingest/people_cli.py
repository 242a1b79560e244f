"""`po-ingest users add|list|revoke` and `po-ingest review list|approve`."""

from __future__ import annotations

import argparse
import getpass
import json

from po_ingest.cli_common import CliError, open_store
from po_ingest.lib.review.routing import ReviewStatus
from po_ingest.lib.store.users import UserExists
from po_ingest.lib.users import BadUserName, Role


def cmd_users_add(args: argparse.Namespace) -> int:
    try:
        token = open_store().users.add(args.name, Role(args.role))
    except (UserExists, BadUserName) as exc:
        raise CliError(str(exc)) from None
    print(f"user {args.name} ({args.role}) added; their token, shown this once:")
    print(token)
    return 0


def cmd_users_list(args: argparse.Namespace) -> int:
    users = open_store().users.all()
    if args.json:
        rows = [
            {
                "name": u.name,
                "role": u.role.value,
                "created_at": u.created_at.isoformat(),
                "revoked_at": u.revoked_at.isoformat() if u.revoked_at else None,
            }
            for u in users
        ]
        print(json.dumps(rows, indent=2))
        return 0
    for user in users:
        revoked = f"  revoked {user.revoked_at:%Y-%m-%d %H:%M}" if user.revoked_at else ""
        print(f"{user.name:<24} {user.role:<9} added {user.created_at:%Y-%m-%d %H:%M}{revoked}")
    return 0


def cmd_users_revoke(args: argparse.Namespace) -> int:
    if not open_store().users.revoke(args.name):
        raise CliError(f"no active user {args.name!r}")
    print(f"user {args.name} revoked: their token is refused from now on")
    return 0


def cli_user() -> str:
    """Who a change made from the command line is recorded as."""
    return f"cli:{getpass.getuser()}"


def cmd_review_list(args: argparse.Namespace) -> int:
    store = open_store()
    rows = store.reviews.queue(review_status=args.status, supplier=args.supplier, limit=args.limit)
    if args.json:
        print(json.dumps(rows, indent=2, default=str))
        return 0
    for row in rows:
        print(
            f"{row['id']:>6}  {row['po_number']:<20}  rev={row['revision']}  "
            f"{row['supplier_name'] or '-'}  {','.join(row['review_reasons'])}"
        )
    counts = store.reviews.counts()
    print("  ".join(f"{status}={count}" for status, count in counts.items()))
    return 0


def cmd_review_approve(args: argparse.Namespace) -> int:
    from po_ingest.lib.store.reviews import Conflict, NoSuchOrder

    try:
        changed = open_store().reviews.approve(args.order_id, args.by, args.revision)
    except (NoSuchOrder, Conflict) as exc:
        raise CliError(str(exc)) from None
    print(f"order {args.order_id} verified by {args.by} (revision {changed.revision})")
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("users", help="named users and their tokens")
    users_sub = p.add_subparsers(dest="users_command", required=True)
    s = users_sub.add_parser("add", help="add a user; prints their token (once) on the last line")
    s.add_argument("name")
    s.add_argument("--role", required=True, choices=[r.value for r in Role])
    s.set_defaults(func=cmd_users_add)
    s = users_sub.add_parser("list", help="users, their roles, and who is revoked")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_users_list)
    s = users_sub.add_parser("revoke", help="refuse a user's token from now on")
    s.add_argument("name")
    s.set_defaults(func=cmd_users_revoke)

    p = sub.add_parser("review", help="the review queue")
    review_sub = p.add_subparsers(dest="review_command", required=True)
    s = review_sub.add_parser("list", help="orders needing review, oldest first")
    s.add_argument("--status", default="needs_review", choices=[r.value for r in ReviewStatus])
    s.add_argument("--supplier")
    s.add_argument("--limit", type=int, default=50)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_review_list)
    s = review_sub.add_parser("approve", help="approve an order needing review")
    s.add_argument("order_id", type=int)
    s.add_argument("--revision", type=int, help="refuse if the order changed since")
    s.add_argument("--by", default=cli_user(), help="who approves (default cli:<login>)")
    s.set_defaults(func=cmd_review_approve)
