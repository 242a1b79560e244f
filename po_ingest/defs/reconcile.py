"""The reconciliation: every launched `pending` batch provably progresses.

The pending sensor records the generation it launched a run for. A batch still `pending` at
that generation long after is checked against Dagster's runs of that launch (the run and its
automatic retries, by tags): none exists → launched again under the same run key; all ended
(none claimed the batch, or it would not be pending) → released as an attempt, under a new
generation. It does not depend on the run-status sensors, which can miss a run (a retry
that was never launched, an error in the sensor that moved its cursor anyway, a restored
database), or on anything but the two databases as they are now.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

import dagster as dg

from po_ingest.defs.partitions import BATCH_ID_TAG, GENERATION_TAG
from po_ingest.lib.batch_runs import PACKED_JOB_NAMES, PACKED_TAG, packed_batches
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy, env_seconds
from po_ingest.lib.store import Batch, Store

# Dagster creates a requested run, starts a crashed run's retry, and the run-status sensors
# settle an ended run, within seconds; a launch still unsettled this long after was missed.
DEFAULT_GRACE_SECONDS = 60
MAX_PER_TICK = 100


def grace_seconds() -> float:
    return env_seconds("PO_INGEST_RECONCILE_SECONDS", DEFAULT_GRACE_SECONDS)


def _ended_at(record: dg.RunRecord) -> float:
    return record.end_time or record.update_timestamp.timestamp()


def _launches_of(
    instance: dg.DagsterInstance, candidates: list[Batch]
) -> dict[tuple[str, int], list[dg.RunRecord]]:
    """(batch id, generation) → the runs launched for it: one-batch runs by their tags, and
    the packed runs created since the oldest candidate's launch that carry it."""
    launches: dict[tuple[str, int], list[dg.RunRecord]] = defaultdict(list)
    one_batch = instance.get_run_records(
        dg.RunsFilter(tags={BATCH_ID_TAG: [batch.id for batch in candidates]})
    )
    for record in one_batch:
        tags = record.dagster_run.tags
        if tags.get(GENERATION_TAG) is not None:
            launches[(tags[BATCH_ID_TAG], int(tags[GENERATION_TAG]))].append(record)
    since = min(batch.launched_at for batch in candidates) - dt.timedelta(minutes=1)
    for job_name in PACKED_JOB_NAMES.values():
        packed = instance.get_run_records(dg.RunsFilter(job_name=job_name, created_after=since))
        for record in packed:
            for ref in packed_batches(record.dagster_run.tags):
                launches[ref].append(record)
    return launches


def reconcile_launches(
    instance: dg.DagsterInstance, store: Store, grace: float, now: dt.datetime | None = None
) -> dict[str, str]:
    """Settle launched batches no run will take: batch id → `relaunched` | its new status."""
    now = now or dt.datetime.now(dt.UTC)
    cutoff = now - dt.timedelta(seconds=grace)
    candidates = store.launches.launched_before(cutoff, MAX_PER_TICK)
    if not candidates:
        return {}
    launches = _launches_of(instance, candidates)
    policy, settled = RetryPolicy.from_env(), {}
    for batch in candidates:
        family = launches.get((batch.id, batch.generation), [])
        if not family:
            if store.launches.forget_launch(batch.id, batch.generation):
                settled[batch.id] = "relaunched"
            continue
        if any(not r.dagster_run.is_finished for r in family):
            continue
        last = max(family, key=_ended_at)
        if _ended_at(last) > cutoff.timestamp():
            continue
        run = last.dagster_run
        message = safe_error(
            f"run {run.run_id} ended ({run.status.value}) before it claimed the batch "
            "(found by the reconciliation)"
        )
        status = store.batches.release_unstarted(
            batch.id,
            batch.generation,
            message,
            policy.max_attempts,
            dead=run.status == dg.DagsterRunStatus.CANCELED,
            count_attempt=PACKED_TAG not in run.tags,
        )
        if status:
            settled[batch.id] = status
    return settled
