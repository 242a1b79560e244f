"""Lineage of one order: upload → runs and attempts → extraction → order → analytics.

The app database says which batch made which order; Dagster (the local instance, or a
running webserver's GraphQL API) says which runs worked on it and what each asset
recorded. Both sources answer through `DagsterSource` with the same dataclasses, so the
CLI prints the same chain either way. An order whose partition was removed by retention
still shows everything the app database knows.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from po_ingest.lib.batch_runs import BATCH_ID_TAG, PARTITION_TAG
from po_ingest.lib.dagster_graphql import GraphQLError, post_graphql
from po_ingest.lib.ids import is_batch_id
from po_ingest.lib.store import Batch, Store

PARTITIONS = "batches"
BATCH_ASSETS = ("uploaded_document", "extracted_purchase_order", "purchase_order")
ANALYTICS_ASSETS = (
    "purchase_order_lines",
    "spend_by_supplier_month",
    "spend_by_site_month",
    "import_queue_health",
    "order_deliveries",
)
NOTE_ANALYTICS_ASSETS = ("order_deliveries", "open_order_lines", "deliveries_by_site_day")


class LineageNotFound(LookupError):
    pass


@dataclass
class Materialization:
    asset: str
    partition: str | None
    run_id: str | None
    timestamp: float
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class StepError:
    step_key: str | None
    kind: str  # "log" (a warning the step logged), "retry", "step_failure", "run_failure"
    message: str
    timestamp: float


@dataclass
class StepAttempts:
    step_key: str
    status: str | None
    attempts: int


@dataclass
class RunInfo:
    run_id: str
    job_name: str
    status: str
    start: float | None
    end: float | None
    duration_seconds: float | None
    tags: dict[str, str]
    steps: list[StepAttempts] = field(default_factory=list)
    errors: list[StepError] = field(default_factory=list)


@dataclass
class Lineage:
    batch: dict[str, Any]
    partition_exists: bool | None
    upload: Materialization | None
    runs: list[RunInfo]
    extraction: dict[str, Any] | None
    extraction_materialization: Materialization | None
    order: dict[str, Any] | None
    order_materialization: Materialization | None
    analytics: list[Materialization]
    source: str
    # A delivery-note batch: the note, and the order lines it delivered against.
    note: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class DagsterSource(Protocol):
    name: str

    def partition_exists(self, key: str) -> bool | None: ...

    def runs_for(self, batch_id: str, also: list[str] = ()) -> list[RunInfo]: ...

    def latest_materialization(
        self, asset: str, partition: str | None = None, after: float | None = None
    ) -> Materialization | None: ...


def _plain(value: Any) -> Any:
    """Metadata values as JSON-friendly Python values."""
    value = getattr(value, "value", value)
    if value is None or isinstance(value, (str, int, float, bool, list, dict)):
        return value
    return str(value)


def _clean(message: str) -> str:
    """`dagster._core….Failure: batch x is dead…` → `batch x is dead…`."""
    message = message.strip()
    found = re.match(r"^dagster(?:\.\w+)*\.(\w+)(?::\s*(.*))?$", message, re.S)
    return (found.group(2) or found.group(1)).strip() if found else message


def _duration(start: float | None, end: float | None) -> float | None:
    return round(end - start, 3) if start is not None and end is not None else None


def _merge_runs(runs: list[RunInfo]) -> list[RunInfo]:
    unique = {run.run_id: run for run in runs}
    return sorted(unique.values(), key=lambda r: (r.start or float("inf"), r.run_id))


# -- the local instance -----------------------------------------------------------------------
class InstanceSource:
    """Reads the Dagster instance directly (DAGSTER_HOME, or one given)."""

    name = "instance"

    def __init__(self, instance=None):
        import dagster as dg

        self._dg = dg
        self.instance = instance or dg.DagsterInstance.get()

    def partition_exists(self, key: str) -> bool | None:
        return self.instance.has_dynamic_partition(PARTITIONS, key)

    def runs_for(self, batch_id: str, also: list[str] = ()) -> list[RunInfo]:
        dg = self._dg
        records = []
        for tag in (BATCH_ID_TAG, PARTITION_TAG):
            records += self.instance.get_run_records(filters=dg.RunsFilter(tags={tag: batch_id}))
        if also:
            records += self.instance.get_run_records(filters=dg.RunsFilter(run_ids=list(also)))
        return _merge_runs([self._run(r) for r in records])

    def _run(self, record) -> RunInfo:
        dg = self._dg
        run = record.dagster_run
        steps = [
            StepAttempts(s.step_key, s.status.value if s.status else None, s.attempts or 1)
            for s in self.instance.get_run_step_stats(run.run_id)
        ]
        kinds = {
            dg.DagsterEventType.STEP_UP_FOR_RETRY: "retry",
            dg.DagsterEventType.STEP_FAILURE: "step_failure",
            dg.DagsterEventType.RUN_FAILURE: "run_failure",
        }
        errors = []
        for entry in self.instance.all_logs(run.run_id):
            event = entry.dagster_event
            if event is None:
                if entry.level >= logging.WARNING:
                    errors.append(
                        StepError(
                            entry.step_key, "log", _clean(entry.user_message), entry.timestamp
                        )
                    )
                continue
            if event.event_type not in kinds:
                continue
            error = getattr(event.event_specific_data, "error", None)
            use_error = error is not None and event.event_type != dg.DagsterEventType.RUN_FAILURE
            message = error.message if use_error else (event.message or "")
            errors.append(
                StepError(event.step_key, kinds[event.event_type], _clean(message), entry.timestamp)
            )
        return RunInfo(
            run_id=run.run_id,
            job_name=run.job_name,
            status=run.status.value,
            start=record.start_time,
            end=record.end_time,
            duration_seconds=_duration(record.start_time, record.end_time),
            tags=dict(run.tags),
            steps=steps,
            errors=errors,
        )

    def latest_materialization(
        self, asset: str, partition: str | None = None, after: float | None = None
    ) -> Materialization | None:
        dg = self._dg
        records = self.instance.fetch_materializations(
            dg.AssetRecordsFilter(
                asset_key=dg.AssetKey(asset),
                asset_partitions=[partition] if partition else None,
                after_timestamp=after,
            ),
            limit=1,
            ascending=False,
        ).records
        if not records:
            return None
        record = records[0]
        event = record.asset_materialization
        return Materialization(
            asset=asset,
            partition=record.partition_key,
            run_id=record.run_id,
            timestamp=record.timestamp,
            metadata={k: _plain(v) for k, v in event.metadata.items()},
        )


# -- a running webserver ----------------------------------------------------------------------
_RUNS_QUERY = """
query Runs($filter: RunsFilter) {
  runsOrError(filter: $filter) {
    __typename
    ... on Runs { results {
      runId jobName status startTime endTime tags { key value }
      stepStats { stepKey status attempts { startTime } }
    } }
    ... on PythonError { message }
  }
}"""

_LOGS_QUERY = """
query Logs($runId: ID!) {
  logsForRun(runId: $runId) {
    __typename
    ... on EventConnection { events {
      __typename
      ... on ExecutionStepUpForRetryEvent { stepKey timestamp message error { message } }
      ... on ExecutionStepFailureEvent { stepKey timestamp message error { message } }
      ... on RunFailureEvent { timestamp message }
      ... on LogMessageEvent { stepKey timestamp message level }
    } }
  }
}"""

_MATERIALIZATIONS_QUERY = """
query Materializations($key: AssetKeyInput!, $partitions: [String!], $after: String) {
  assetOrError(assetKey: $key) {
    __typename
    ... on Asset {
      assetMaterializations(partitions: $partitions, afterTimestampMillis: $after, limit: 1) {
        runId timestamp partition
        metadataEntries {
          __typename label
          ... on TextMetadataEntry { text }
          ... on IntMetadataEntry { intValue }
          ... on FloatMetadataEntry { floatValue }
          ... on BoolMetadataEntry { boolValue }
          ... on JsonMetadataEntry { jsonString }
          ... on UrlMetadataEntry { url }
          ... on MarkdownMetadataEntry { mdStr }
          ... on TimestampMetadataEntry { timestamp }
        }
      }
    }
  }
}"""

_PARTITIONS_QUERY = """
query Partitions($key: AssetKeyInput!) {
  assetNodeOrError(assetKey: $key) { __typename ... on AssetNode { partitionKeys } }
}"""

_ENTRY_VALUE = ("text", "intValue", "floatValue", "boolValue", "url", "mdStr", "timestamp")
_KINDS = {
    "ExecutionStepUpForRetryEvent": "retry",
    "ExecutionStepFailureEvent": "step_failure",
    "RunFailureEvent": "run_failure",
    "LogMessageEvent": "log",
}


class GraphQLSource:
    """Asks a running dagster-webserver, e.g. http://localhost:3000/graphql (plain POSTs)."""

    name = "graphql"

    def __init__(self, url: str, timeout: float = 30):
        self.url = url
        self.timeout = timeout

    def _query(self, query: str, variables: dict) -> dict:
        return post_graphql(self.url, query, variables, self.timeout)

    def partition_exists(self, key: str) -> bool | None:
        data = self._query(_PARTITIONS_QUERY, {"key": {"path": [BATCH_ASSETS[0]]}})
        node = data["assetNodeOrError"]
        return key in node["partitionKeys"] if node["__typename"] == "AssetNode" else None

    def runs_for(self, batch_id: str, also: list[str] = ()) -> list[RunInfo]:
        runs = []
        filters = [
            {"tags": [{"key": tag, "value": batch_id}]} for tag in (BATCH_ID_TAG, PARTITION_TAG)
        ]
        for run_filter in filters + ([{"runIds": list(also)}] if also else []):
            data = self._query(_RUNS_QUERY, {"filter": run_filter})
            answer = data["runsOrError"]
            if answer["__typename"] != "Runs":
                raise GraphQLError(answer.get("message") or answer["__typename"])
            runs += [self._run(r) for r in answer["results"]]
        return _merge_runs(runs)

    def _run(self, run: dict) -> RunInfo:
        logs = self._query(_LOGS_QUERY, {"runId": run["runId"]})["logsForRun"]
        errors = []
        for e in logs.get("events", []):
            kind = _KINDS.get(e["__typename"])
            if kind is None or (
                kind == "log" and e["level"] not in ("WARNING", "ERROR", "CRITICAL")
            ):
                continue
            use_error = kind != "run_failure" and e.get("error")
            message = e["error"]["message"] if use_error else e.get("message") or ""
            errors.append(
                StepError(e.get("stepKey"), kind, _clean(message), int(e["timestamp"]) / 1000)
            )
        return RunInfo(
            run_id=run["runId"],
            job_name=run["jobName"],
            status=run["status"],
            start=run["startTime"],
            end=run["endTime"],
            duration_seconds=_duration(run["startTime"], run["endTime"]),
            tags={t["key"]: t["value"] for t in run["tags"]},
            steps=[
                StepAttempts(s["stepKey"], s["status"], max(1, len(s["attempts"])))
                for s in run["stepStats"]
            ],
            errors=errors,
        )

    def latest_materialization(
        self, asset: str, partition: str | None = None, after: float | None = None
    ) -> Materialization | None:
        variables = {
            "key": {"path": [asset]},
            "partitions": [partition] if partition else None,
            "after": str(int(after * 1000)) if after is not None else None,
        }
        answer = self._query(_MATERIALIZATIONS_QUERY, variables)["assetOrError"]
        events = answer.get("assetMaterializations") or []
        if not events:
            return None
        event = events[0]
        return Materialization(
            asset=asset,
            partition=event["partition"],
            run_id=event["runId"],
            timestamp=int(event["timestamp"]) / 1000,
            metadata={e["label"]: _entry_value(e) for e in event["metadataEntries"]},
        )


def _entry_value(entry: dict) -> Any:
    if "jsonString" in entry:
        return json.loads(entry["jsonString"])
    return next((entry[k] for k in _ENTRY_VALUE if k in entry), None)


# -- the chain --------------------------------------------------------------------------------
def find_batch(store: Store, ref: str) -> Batch:
    """The batch for a batch id, or the batch that created the order with this po_number."""
    if is_batch_id(ref) and (batch := store.batches.get(ref)):
        return batch
    order = store.orders.find_by_po_number(ref)
    if order is None:
        raise LineageNotFound(f"no batch or purchase order {ref!r}")
    return store.batches.get(order["batch_id"])


def _money(value: Decimal | None) -> str | None:
    """Exact, and the same on both databases (PostgreSQL returns NUMERIC(20,4): 50.4000)."""
    if value is None:
        return None
    cents = value.quantize(Decimal("0.01"))
    return str(cents if cents == value else value.normalize())


def _order_summary(store: Store, order: dict, order_url: str) -> dict[str, Any]:
    site = next((s.name for s in store.sites.all() if s.id == order["site_id"]), None)
    return {
        "id": order["id"],
        "po_number": order["po_number"],
        "order_date": order["order_date"].isoformat() if order["order_date"] else None,
        "supplier": order["supplier_name"],
        "site": site,
        "project_code": order["project_code"],
        "currency": order["currency"],
        "total": _money(order["total"]),
        "items": len(order["items"]),
        "warnings": order["warnings"],
        "created_at": order["created_at"].isoformat(),
        "batch_id": order["batch_id"],
        "url": order_url,
        "review_status": order["review_status"],
        "verified_by": order["verified_by"],
        "edits": _edits(store, order["id"]),
    }


def _edits(store: Store, order_id: int) -> list[dict[str, Any]]:
    """People's changes and later re-readings (the first read is the run's own)."""
    return [
        {
            "revision": h["revision"],
            "action": h["action"],
            "by": h["user_name"],
            "at": h["created_at"].isoformat(timespec="seconds"),
            "fields": [c["field"] for c in h["changes"]],
            "reason": h["reason"],
        }
        for h in store.reviews.history(order_id)
        if not (h["action"] == "extracted" and h["revision"] == 1)
    ]


def _extraction_summary(batch: Batch, order: dict | None) -> dict[str, Any] | None:
    raw = batch.extraction or (order["raw_extraction"] if order else None)
    if not raw:
        return None
    result = json.loads(raw)
    keys = ("extractor", "model", "input_tokens", "output_tokens", "duration_ms", "warnings")
    return {k: result.get(k) for k in keys}


def _note_summary(store: Store, note: dict, note_url: str, order_url) -> dict[str, Any]:
    orders: dict[int, dict] = {}
    lines = []
    for line in note["lines"]:
        matched = line["matched_order_line"]
        if matched:
            orders.setdefault(
                matched["order_id"],
                {
                    "id": matched["order_id"],
                    "po_number": matched["po_number"],
                    "url": order_url(matched["order_id"]),
                },
            )
        lines.append(
            {
                "line_number": line["line_number"],
                "description": line["description"],
                "quantity": _money(line["quantity"]),
                "unit": line["unit"],
                "order_id": matched["order_id"] if matched else None,
                "order_line": matched["line_number"] if matched else None,
                "method": line["match_method"],
                "exceptions": line["exceptions"],
            }
        )
    return {
        "id": note["id"],
        "dn_number": note["dn_number"],
        "supplier": note["supplier_name"],
        "po_refs": note["po_refs"],
        "match_status": note["match_status"],
        "exceptions": note["match_exceptions"],
        "review_status": note["review_status"],
        "created_at": note["created_at"].isoformat(),
        "url": note_url,
        "orders": list(orders.values()),
        "lines": lines,
    }


def _deliveries(store: Store, order_id: int) -> dict[str, Any] | None:
    found = store.deliveries.order_deliveries(order_id)
    if found is None:
        return None
    notes = {n["id"]: n["dn_number"] for line in found["lines"] for n in line["notes"]}
    return {
        "status": found["status"],
        "notes": [{"id": k, "dn_number": v} for k, v in notes.items()],
    }


def build_lineage(store: Store, source: DagsterSource, ref: str) -> Lineage:
    from po_ingest.defs.assets import note_url, order_url

    batch = find_batch(store, ref)
    is_note = batch.batch_type == "delivery_notes"
    record_id = batch.processed_record_id
    order = store.orders.get(record_id) if record_id and not is_note else None
    note = store.deliveries.view(record_id) if record_id and is_note else None
    stored = order or note
    after = stored["created_at"].timestamp() if stored else None
    analytics = []
    if stored:
        for asset in NOTE_ANALYTICS_ASSETS if is_note else ANALYTICS_ASSETS:
            if found := source.latest_materialization(asset, after=after):
                analytics.append(found)
    batch_json = batch.to_json()
    batch_json.pop("extraction", None)
    order_json = None
    if order:
        order_json = _order_summary(store, order, order_url(order["id"]))
        order_json["deliveries"] = _deliveries(store, order["id"])
    kind = "delivery_note" if is_note else "purchase_order"
    extracted = source.latest_materialization(f"extracted_{kind}", batch.id)
    recorded = source.latest_materialization(kind, batch.id)
    # A packed backlog run names its batches in one tag: found by the runs that hold the batch
    # or materialized it.
    known = [batch.dagster_run_id] + [m.run_id for m in (extracted, recorded) if m]
    return Lineage(
        batch=batch_json,
        partition_exists=source.partition_exists(batch.id),
        upload=source.latest_materialization("uploaded_document", batch.id),
        runs=source.runs_for(batch.id, also=[run_id for run_id in known if run_id]),
        extraction=_extraction_summary(batch, stored),
        extraction_materialization=extracted,
        order=order_json,
        order_materialization=recorded,
        analytics=analytics,
        source=source.name,
        note=_note_summary(store, note, note_url(note["id"]), order_url) if note else None,
    )


# -- human output -----------------------------------------------------------------------------
def _when(timestamp: float | None) -> str:
    if timestamp is None:
        return "-"
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).isoformat(timespec="seconds")


def render(lineage: Lineage) -> str:
    b = lineage.batch
    out = [
        f"upload    batch {b['id']}  {b['original_filename'] or '-'}  {b['file_size']} bytes  "
        f"sha256 {b['file_sha256'][:12]}…  uploaded {b['date_uploaded']} by {b['uploaded_by'] or '-'}",
        f"          status {b['status']}  attempts {b['attempts']}  generation {b['generation']}"
        + (f"  last_error {b['last_error']!r}" if b["last_error"] else ""),
    ]
    if lineage.partition_exists is False:
        out.append("          partition removed by retention (the app database still has it)")
    if lineage.upload:
        out.append(f"          uploaded_document materialized {_when(lineage.upload.timestamp)}")
    out.append(f"  runs      {len(lineage.runs)}")
    for run in lineage.runs:
        attempts = ", ".join(f"{s.step_key}×{s.attempts}" for s in run.steps) or "no steps"
        out.append(
            f"    {run.run_id}  {run.status:<8}  {_when(run.start)} → {_when(run.end)}"
            f"  {run.duration_seconds if run.duration_seconds is not None else '-'} s"
            f"  generation {run.tags.get('po_ingest/generation', '-')}"
        )
        out.append(f"      steps: {attempts}")
        for error in run.errors:
            out.append(f"      {error.kind:<12} {error.step_key or '(run)'}: {error.message[:160]}")
    x = lineage.extraction
    if x:
        out.append(
            f"    extraction  {x['extractor']}  model {x['model'] or '-'}  tokens "
            f"{x['input_tokens']}/{x['output_tokens']}  {x['duration_ms']} ms  "
            f"warnings {','.join(x['warnings'] or []) or '-'}"
        )
    o = lineage.order
    if o:
        out.append(
            f"      order  {o['id']}  {o['po_number']}  {o['total'] or '-'} {o['currency']}  "
            f"site {o['site'] or '(unmatched)'}  {o['items']} lines  {o['url']}"
        )
        verified = f" by {o['verified_by']}" if o["verified_by"] else ""
        out.append(f"        review {o['review_status']}{verified}")
        for e in o["edits"]:
            detail = ", ".join(e["fields"]) or e["reason"] or ""
            out.append(f"          r{e['revision']} {e['action']} by {e['by']} {e['at']}  {detail}")
        if d := o.get("deliveries"):
            dns = ", ".join(n["dn_number"] for n in d["notes"]) or "no notes"
            out.append(f"        deliveries {d['status']}  ({dns})")
        _render_analytics(out, lineage, "order")
    elif n := lineage.note:
        out.append(
            f"      note  {n['id']}  {n['dn_number']}  {n['supplier'] or '-'}  orders "
            f"{', '.join(n['po_refs']) or '-'}  {n['match_status']}  {n['url']}"
        )
        out.append(
            f"        review {n['review_status']}  exceptions {', '.join(n['exceptions']) or '-'}"
        )
        for line in n["lines"]:
            where = (
                f"order {line['order_id']} line {line['order_line']} ({line['method']})"
                if line["order_id"]
                else "no order line"
            )
            out.append(
                f"          {line['line_number']}  {line['quantity']} {line['unit'] or ''}  "
                f"{line['description'][:40]}  → {where}"
                + (f"  {', '.join(line['exceptions'])}" if line["exceptions"] else "")
            )
        for order_ref in n["orders"]:
            out.append(
                f"        → order {order_ref['id']}  {order_ref['po_number']}  {order_ref['url']}"
            )
        _render_analytics(out, lineage, "note")
    else:
        out.append("      no order yet")
    return "\n".join(out)


def _render_analytics(out: list[str], lineage: Lineage, what: str) -> None:
    for m in lineage.analytics:
        rows = m.metadata.get("dagster/row_count")
        out.append(
            f"        → {m.asset}  {_when(m.timestamp)}  run {m.run_id}"
            + (f"  {rows} rows" if rows is not None else "")
        )
    if not lineage.analytics:
        out.append(f"        → no analytics materialized since the {what} was stored")
