"""`po-ingest`: upload, import, status, retry, list, sites import, extract, eval, db upgrade, serve."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from po_ingest import alerts_cli, people_cli
from po_ingest.cli_common import CliError, open_store
from po_ingest.lib import settings
from po_ingest.lib.batch_state import TERMINAL, Status
from po_ingest.lib.content_types import MAX_UPLOAD_BYTES
from po_ingest.lib.csv_imports.importer import CsvImported, import_csv
from po_ingest.lib.csv_imports.problems import CsvInvalid
from po_ingest.lib.files import FileStore, TooLarge
from po_ingest.lib.ids import is_batch_id
from po_ingest.lib.intake import UploadRejected, accept_upload
from po_ingest.lib.launch_now import launch_now
from po_ingest.lib.private_files import keep_new_files_private
from po_ingest.lib.settings import BATCH_TYPES, QUEUED_BATCH_TYPES
from po_ingest.lib.sites import SitesCsvError, parse_sites_csv
from po_ingest.lib.store import Batch, Store
from po_ingest.lib.store.migrate import current_revision, upgrade

_CHUNK = 1024 * 1024
# `po-ingest import <command>` → batch type
IMPORT_COMMANDS = {"timesheets": "timesheets", "fuel-logs": "fuel_logs"}


_store = open_store


def _chunks(path: Path) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while chunk := handle.read(_CHUNK):
            yield chunk


def _batch_line(batch: Batch) -> str:
    parts = [f"{batch.id}  {batch.status:<10}  attempts={batch.attempts}"]
    if batch.processed_record_id is not None:
        parts.append(f"order={batch.processed_record_id}")
    if batch.next_retry_at and batch.status == Status.FAILED:
        parts.append(f"next_retry_at={batch.next_retry_at.isoformat(timespec='seconds')}")
    if batch.warnings:
        parts.append(f"warnings={','.join(batch.warnings)}")
    if batch.last_error and batch.status != Status.PROCESSED:
        parts.append(f"last_error={batch.last_error!r}")
    return "  ".join(parts)


def _get_batch(store: Store, batch_id: str) -> Batch:
    if not is_batch_id(batch_id):
        raise CliError(f"{batch_id!r} is not a batch id")
    batch = store.batches.get(batch_id)
    if batch is None:
        raise CliError(f"no batch {batch_id}")
    return batch


def _upload_path(name: str) -> Path:
    path = Path(name)
    if not path.is_file():
        raise CliError(f"{path}: no such file")
    if path.stat().st_size > MAX_UPLOAD_BYTES:
        raise CliError(f"{path}: larger than the {MAX_UPLOAD_BYTES // (1024 * 1024)} MB limit")
    return path


def cmd_upload(args: argparse.Namespace) -> int:
    path = _upload_path(args.file)
    store, files = _store(), FileStore(settings.files_dir())
    try:
        batch = accept_upload(
            store,
            files,
            _chunks(path),
            filename=path.name,
            batch_type=args.type,
            uploaded_by=args.uploaded_by,
        )
    except (UploadRejected, TooLarge) as exc:
        raise CliError(f"{path}: {exc}") from None
    if args.json:
        print(json.dumps({"batch_id": batch.id, "status": "queued"}), flush=True)
    else:
        print(batch.id, flush=True)
    launch_now(store, files, batch)
    return 0


def _imported_line(imported: CsvImported) -> str:
    parts = [f"{imported.batch_id}  processed  rows={imported.rows}"]
    if imported.duplicate_of:
        parts.append(f"duplicate_of={imported.duplicate_of} (nothing stored again)")
    if imported.warnings:
        parts.append(f"warnings={','.join(imported.warnings)}")
    return "  ".join(parts)


def cmd_import(args: argparse.Namespace) -> int:
    path = _upload_path(args.file)
    try:
        imported = import_csv(
            _store(),
            FileStore(settings.files_dir()),
            args.batch_type,
            path.read_bytes(),
            filename=path.name,
            uploaded_by=args.uploaded_by,
        )
    except UploadRejected as exc:
        raise CliError(f"{path}: {exc}") from None
    except CsvInvalid as exc:
        listing = [f"  {problem}" for problem in exc.problems]
        if exc.count > len(exc.problems):
            listing.append(f"  … and {exc.count - len(exc.problems)} more")
        raise CliError("\n".join([f"{path}: {exc}", *listing])) from None
    print(json.dumps(imported.to_json()) if args.json else _imported_line(imported))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    store = _store()
    batch = _get_batch(store, args.batch_id)
    deadline = time.monotonic() + args.timeout
    while args.wait and batch.status not in TERMINAL and time.monotonic() < deadline:
        time.sleep(1)
        batch = _get_batch(store, args.batch_id)
    print(json.dumps(batch.to_json(), indent=2) if args.json else _batch_line(batch))
    if args.wait and batch.status not in TERMINAL:
        return 3
    return 1 if batch.status == Status.DEAD else 0


def cmd_retry(args: argparse.Namespace) -> int:
    store = _store()
    if args.all_dead and args.as_type:
        raise CliError("--as retries one batch: give its id, not --all-dead")
    if args.all_dead:
        print(f"{store.batches.retry_all_dead()} dead batches queued again")
        return 0
    if not args.batch_id:
        raise CliError("give a batch id or --all-dead")
    batch = _get_batch(store, args.batch_id)
    if args.as_type is None:
        done = batch.retryable and store.batches.retry(batch.id)
    else:
        done = batch.retryable and store.batches.retry_as(batch.id, args.as_type, args.by)
    if not done:
        raise CliError(f"batch {batch.id} is {batch.status}; only failed or dead batches retry")
    as_type = f" as {args.as_type}" if args.as_type else ""
    print(f"{batch.id} queued again{as_type}")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    batches = _store().batches.list(status=args.status, batch_type=args.type, limit=args.limit)
    if args.json:
        print(json.dumps([b.to_json() for b in batches], indent=2))
    else:
        for batch in batches:
            print(_batch_line(batch))
    return 0


def cmd_sites_import(args: argparse.Namespace) -> int:
    try:
        sites = parse_sites_csv(Path(args.csv).read_text(encoding="utf-8-sig"))
    except (OSError, SitesCsvError, UnicodeDecodeError) as exc:
        raise CliError(f"{args.csv}: {exc}") from None
    added, updated = _store().sites.upsert(sites)
    print(f"{added} sites added, {updated} updated")
    return 0


def _extractor(mode: str):
    from po_ingest.lib.extraction.router import GeminiSettings, build_extractor

    return build_extractor(mode, GeminiSettings.from_env())


def cmd_extract(args: argparse.Namespace) -> int:
    from po_ingest.lib.content_types import sniff
    from po_ingest.lib.extraction.base import Document, ExtractionError

    path = Path(args.file)
    if not path.is_file():
        raise CliError(f"{path}: no such file")
    content = path.read_bytes()
    content_type = sniff(content[:16])
    if content_type is None:
        raise CliError(f"{path}: not a PDF, JPEG, PNG or WEBP file")
    try:
        result = _extractor(args.extractor).extract(Document(content, content_type, path.stem))
    except ExtractionError as exc:
        raise CliError(f"{path}: {exc}") from None
    if args.json:
        print(result.model_dump_json(indent=2))
        return 0
    order = result.order
    print(
        f"{order.po_number}  {order.order_date}  {order.supplier_name or '-'}  project={order.project_code or '-'}"
    )
    for item in order.items:
        print(
            f"  {item.line_number or '-':>3}  {item.item_code or '':<14} {item.description[:40]:<40} {item.quantity} {item.unit or ''} × {item.unit_price} = {item.line_total}"
        )
    print(
        f"  subtotal={order.subtotal} allowances={order.allowances or 0} charges={order.charges or 0} "
        f"tax={order.tax} total={order.total} {order.currency}"
    )
    embedded = (
        f" ({result.embedded['flavor']} {result.embedded['profile']})" if result.embedded else ""
    )
    print(
        f"extractor={result.extractor}{embedded} model={result.model or '-'} accepted={result.accepted} "
        f"warnings={','.join(result.warnings) or '-'} tokens={result.input_tokens}/{result.output_tokens} "
        f"ms={result.duration_ms}"
    )
    for reason in result.reasons:
        print(f"  ({reason})")
    return 0


def _print_documents(scores: list) -> None:
    from po_ingest.lib.extraction.evaluate import FIELDS, summary

    print(f"{'document':<44} {'result':<9} {'fields':>7} {'items':>7} {'ms':>6}  reason")
    for s in scores:
        if not s.purchase_order:
            result = "AS-PO" if s.accepted else "declined"
        elif s.accepted:
            result = "exact" if s.exact and not s.wrong_fields else "WRONG"
        else:
            result = "CRASH" if s.crashed else "declined"
        fields = (
            f"{sum(v is True for v in s.fields.values())}/{len(s.fields)}" if s.accepted else "-"
        )
        items = f"{s.items_matched}/{s.items_expected}"
        print(
            f"{s.name:<44} {result:<9} {fields:>7} {items:>7} {s.duration_ms:>6}  {(s.reason or '')[:70]}"
        )
    print()
    totals = summary([s for s in scores if s.purchase_order])
    print(
        f"{totals['documents']} purchase orders: {totals['accepted']} accepted "
        f"({totals['exact']} exact, {totals['wrong']} with a wrong value), {totals['declined']} declined; "
        f"items matched {totals['items_matched']}/{totals['items_expected']} on accepted"
    )
    for name in FIELDS:
        if name in totals["fields"]:
            f = totals["fields"][name]
            print(
                f"  {name:<14} right {f['right']:>3}  wrong {f['wrong']:>3}  empty {f['empty']:>3}"
            )
    print()


def _share(count: int, percent: float | None) -> str:
    return "-" if percent is None else f"{count} ({percent:g}%)"


def _print_side_by_side(
    summaries: dict[str, dict], kind: tuple[str, str] = ("purchase orders", "PO")
) -> None:
    """One column per folder: the documents of the kind scored (purchase orders unless
    `kind` names another: plural, short), then the documents that are not one."""
    plural, short = kind
    rows = {
        plural: lambda t: str(t["documents"]),
        "accepted": lambda t: _share(t["accepted"], t["accepted_pct"]),
        "exact": lambda t: _share(t["exact"], t["exact_pct"]),
        "wrong accepted values": lambda t: str(len(t["wrong_values"])),
        "values truth lacks": lambda t: str(len(t["unverified_values"])),
        "crashes": lambda t: str(len(t["crashes"])),
        "median ms/page": lambda t: str(t["median_ms_per_page"]),
        f"not {plural}": lambda t: str(t["not_purchase_orders"]),
        f"accepted as {short}": lambda t: str(len(t["accepted_as_po"])),
    }
    width = max(16, *(len(name) + 2 for name in summaries))
    print(f"{'':<22}" + "".join(f"{name:>{width}}" for name in summaries))
    for label, cell in rows.items():
        print(f"{label:<22}" + "".join(f"{cell(t):>{width}}" for t in summaries.values()))
    for key, title in (
        ("wrong_values", "wrong accepted values"),
        ("accepted_as_po", f"accepted as {plural}"),
        ("crashes", "crashes"),
    ):
        found = [f"{name}/{entry}" for name, t in summaries.items() for entry in t[key]]
        if found:
            print(f"\n{title}:")
            print("\n".join(f"  {entry}" for entry in found))


def _column_name(folder: Path) -> str:
    """The last two parts of the path (`heldout/real`), which tell the eval sets apart."""
    return "/".join(folder.resolve().parts[-2:])


APPROVED_COLUMN = "approved"


def _score_approved(extractor) -> list:
    """The extractor on the stored files of the orders people approved, against the values
    they approved."""
    from po_ingest.lib.extraction.evaluate import evaluate_documents
    from po_ingest.lib.review.approved_truth import approved_documents

    approved = approved_documents(_store().engine, FileStore(settings.files_dir()))
    if approved.without_file:
        gone = ", ".join(approved.without_file[:10])
        print(
            f"{len(approved.without_file)} approved orders have no stored file: {gone}",
            file=sys.stderr,
        )
    if not approved.documents:
        raise CliError("no approved order with its file stored to score against")
    return evaluate_documents(extractor, approved.documents)


def _note_extractor(mode: str):
    """The delivery-note reader to score; only the local one until the router takes notes."""
    if mode != "local":
        raise CliError("--batch-type delivery_notes is scored with --extractor local only")
    from po_ingest.lib.extraction.local.notes import LocalNoteExtractor

    return LocalNoteExtractor()


def cmd_eval(args: argparse.Namespace) -> int:
    from po_ingest.lib.extraction.evaluate import (
        DELIVERY_NOTE,
        PURCHASE_ORDER,
        evaluate,
        folder_summary,
    )

    folders = [Path(d) for d in args.dirs]
    if not folders and not args.approved:
        raise CliError("give folders of documents with <name>.json, or --approved")
    for folder in folders:
        if not folder.is_dir():
            raise CliError(f"{folder}: no such directory")
    notes = args.batch_type == "delivery_notes"
    if notes and args.approved:
        raise CliError("--approved scores purchase orders only")
    extractor = _note_extractor(args.extractor) if notes else _extractor(args.extractor)
    document_type = DELIVERY_NOTE if notes else PURCHASE_ORDER
    scored = {}
    for folder in folders:
        if not (scores := evaluate(extractor, folder, document_type)):
            raise CliError(f"{folder}: no documents with <name>.json ground truth")
        scored[_column_name(folder)] = scores
    if args.approved:
        scored[APPROVED_COLUMN] = _score_approved(extractor)
    summaries = {name: folder_summary(scores) for name, scores in scored.items()}
    if args.json:
        report = {
            name: {**summaries[name], "documents": [s.__dict__ for s in scores]}
            for name, scores in scored.items()
        }
        print(json.dumps(report, indent=2))
        return 0
    if len(scored) == 1 or args.documents:
        for scores in scored.values():
            _print_documents(scores)
    _print_side_by_side(
        summaries, ("delivery notes", "note") if notes else ("purchase orders", "PO")
    )
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from po_ingest.intake.serve import ServeError, serve

    try:
        serve(args.host, args.port)
    except ServeError as exc:
        raise CliError(str(exc)) from None
    return 0


def cmd_db_upgrade(args: argparse.Namespace) -> int:
    url = settings.database_url()
    upgrade(url)
    print(f"database at revision {current_revision(url)}")
    return 0


def cmd_lineage(args: argparse.Namespace) -> int:
    from po_ingest.lineage import GraphQLSource, InstanceSource, LineageNotFound, build_lineage
    from po_ingest.lineage import render as render_lineage

    source = GraphQLSource(args.graphql) if args.graphql else InstanceSource()
    try:
        lineage = build_lineage(_store(), source, args.ref)
    except LineageNotFound as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"{args.graphql or 'Dagster instance'}: {exc}") from None
    print(json.dumps(lineage.to_json(), indent=2) if args.json else render_lineage(lineage))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="po-ingest", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("upload", help="queue a PDF, JPEG, PNG or WEBP file; prints the batch id")
    p.add_argument("file")
    p.add_argument("--type", default="purchase_orders", choices=QUEUED_BATCH_TYPES)
    p.add_argument("--uploaded-by", default=None)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_upload)

    p = sub.add_parser("import", help="import a timesheet or fuel-log CSV now: whole, or nothing")
    import_sub = p.add_subparsers(dest="import_command", required=True)
    for command, batch_type in IMPORT_COMMANDS.items():
        s = import_sub.add_parser(command, help=f"import {command} (prints the batch id)")
        s.add_argument("file", metavar="FILE.csv")
        s.add_argument("--uploaded-by", default=None)
        s.add_argument("--json", action="store_true")
        s.set_defaults(func=cmd_import, batch_type=batch_type)

    p = sub.add_parser("status", help="show a batch (exit 1 when dead)")
    p.add_argument("batch_id")
    p.add_argument("--json", action="store_true")
    p.add_argument("--wait", action="store_true", help="wait until processed or dead")
    p.add_argument("--timeout", type=float, default=900, help="seconds --wait waits (default 900)")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("retry", help="queue a failed or dead batch again")
    p.add_argument("batch_id", nargs="?")
    p.add_argument("--all-dead", action="store_true")
    p.add_argument(
        "--as",
        dest="as_type",
        choices=QUEUED_BATCH_TYPES,
        help="read it again as this document type (e.g. a delivery note uploaded as an order)",
    )
    p.add_argument(
        "--by", default=people_cli.cli_user(), help="who changes its type (default cli:<login>)"
    )
    p.set_defaults(func=cmd_retry)

    p = sub.add_parser("list", help="recent batches, newest first")
    p.add_argument("--status", choices=[s.value for s in Status])
    p.add_argument("--type", choices=BATCH_TYPES)
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("sites", help="manage sites")
    sites_sub = p.add_subparsers(dest="sites_command", required=True)
    s = sites_sub.add_parser("import", help="import sites from a CSV: name,project_code,aliases")
    s.add_argument("csv")
    s.set_defaults(func=cmd_sites_import)

    p = sub.add_parser("extract", help="extract one file and print the result (no queue)")
    p.add_argument("file")
    p.add_argument("--extractor", default=os.environ.get("PO_INGEST_EXTRACTOR", "auto"))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_extract)

    p = sub.add_parser(
        "eval",
        help="score an extractor on folders of documents + <name>.json (and on the orders "
        "people approved), side by side",
    )
    p.add_argument("dirs", nargs="*", metavar="dir")
    p.add_argument(
        "--approved",
        action="store_true",
        help="also score it on the stored files of approved orders, against the approved values",
    )
    p.add_argument("--extractor", default=os.environ.get("PO_INGEST_EXTRACTOR", "auto"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--documents", action="store_true", help="also one line per document")
    p.add_argument(
        "--batch-type",
        default="purchase_orders",
        choices=("purchase_orders", "delivery_notes"),
        help="what the folders hold: purchase orders (default) or delivery notes",
    )
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser(
        "lineage", help="one order's chain: upload, runs, extraction, order, analytics"
    )
    p.add_argument("ref", metavar="PO_NUMBER|BATCH_ID")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--graphql", metavar="URL", help="ask a webserver, e.g. http://localhost:3000/graphql"
    )
    p.set_defaults(func=cmd_lineage)

    people_cli.add_commands(sub)
    alerts_cli.add_commands(sub)

    p = sub.add_parser("db", help="database maintenance")
    db_sub = p.add_subparsers(dest="db_command", required=True)
    s = db_sub.add_parser("upgrade", help="apply migrations")
    s.set_defaults(func=cmd_db_upgrade)
    p = sub.add_parser("serve", help="the intake API and upload page (needs PO_INGEST_API_TOKEN)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.set_defaults(func=cmd_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    keep_new_files_private()
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
