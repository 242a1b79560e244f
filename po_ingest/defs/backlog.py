"""Backlog runs: when many digital documents wait, several batches share one run.

A run's fixed cost (the queue, a forked run worker, its events) is most of what a digital
document costs; in a backlog the pending sensor packs up to PO_INGEST_BACKLOG_PACK of the
`local` lane's batches into one run of `<job>_backlog`, tagged `po_ingest/packed` with each
batch and the generation it was launched at. Each batch is claimed at its own generation,
extracted, stored, and materialized on its own partition with its checks, one after the
other. One batch's failure holds none of the others: a transient failure puts it back to
`pending` (a new generation, due after the retry delay) for a run of its own, where Dagster's
step retries take over; a permanent one, or the last attempt, ends it `dead`; a document the
local reader declines goes to the model lane (under `auto`). The run fails, after the last
batch, when a batch needs a person (dead, a blocking check failed), naming it.
"""

import datetime as dt
from enum import StrEnum

import dagster as dg

from po_ingest.defs import claims
from po_ingest.defs.documents import (
    DocumentAssets,
    drop_spare_file,
    extract_batch,
    extraction_metadata,
    persist_batch,
    processed_message,
    record_metadata,
)
from po_ingest.defs.outages import LastAttempt, hand_to_model_lane
from po_ingest.defs.partition_checks import checks_of
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.lib.batch_runs import PACKED_JOB_NAMES, packed_batches
from po_ingest.lib.batch_state import Outcome, Status, next_state
from po_ingest.lib.extraction.base import (
    DeclinedWithoutModel,
    Extractor,
    PermanentExtractionError,
)
from po_ingest.lib.extraction.model_gate import (
    GEMINI,
    ModelGate,
    ModelOutage,
    ModelUnavailableError,
    OutagePolicy,
)
from po_ingest.lib.files import FileStore
from po_ingest.lib.lanes import LOCAL
from po_ingest.lib.redact import safe_error
from po_ingest.lib.settings import RetryPolicy
from po_ingest.lib.store import Batch, LostClaim, Store


class Ended(StrEnum):
    PROCESSED = "processed"
    REQUEUED = "requeued"  # pending again, for a run of its own after the retry delay
    MODEL_LANE = "moved to the model lane"
    DEAD = "dead"
    CHECK_FAILED = "processed, but a blocking check failed"
    ALREADY_PROCESSED = "already processed"  # by another run (a manual re-execution's case)
    NOT_CLAIMED = "not claimed"  # another run holds it, or it is no longer due


# What a person should look at: the run fails naming these batches. A requeued batch or one
# moved to the model lane goes on by itself (a warning in the run's log).
NEEDS_A_LOOK = (Ended.DEAD, Ended.CHECK_FAILED, Ended.NOT_CLAIMED)


def _settle(store: Store, batch: Batch, run_id: str, error: BaseException, permanent: bool):
    """A failed attempt in a packed run: dead when permanent or the last, else pending again
    under a new generation, due after the retry delay."""
    message = safe_error(error)
    outcome = Outcome.PERMANENT if permanent else Outcome.TRANSIENT
    transition = next_state(Status.PROCESSING, outcome, batch.attempts, RetryPolicy.from_env())
    if transition.status == Status.DEAD:
        store.batches.mark_dead(batch.id, run_id, message)
        return Ended.DEAD, message
    retry_at = dt.datetime.now(dt.UTC) + dt.timedelta(seconds=transition.retry_in_seconds)
    store.batches.move_to_lane(
        batch.id, run_id, batch.lane or LOCAL, message, count_attempt=True, retry_at=retry_at
    )
    return Ended.REQUEUED, f"{message}; retried in a run of its own at {retry_at:%H:%M:%S} UTC"


def _to_model_lane(store: Store, batch: Batch, run_id: str, error: Exception, counted: bool):
    try:
        message = hand_to_model_lane(store, batch, run_id, error, counted=counted)
    except LastAttempt:
        return _settle(store, batch, run_id, error, permanent=False)
    return (Ended.MODEL_LANE, message) if message else (Ended.NOT_CLAIMED, "claim lost")


def _extract(
    context: dg.OpExecutionContext,
    chain: DocumentAssets,
    store: Store,
    files: FileStore,
    extractor: Extractor,
    batch: Batch,
    model_lane: bool,
):
    run_id, kind = context.run.run_id, chain.kind
    try:
        result = extract_batch(kind, extractor, files, batch)
    except DeclinedWithoutModel as declined:
        if not model_lane:  # PO_INGEST_EXTRACTOR=local: nothing else will read it
            return _settle(store, batch, run_id, declined, permanent=True)
        reasons = "; ".join(declined.reasons)
        error = PermanentExtractionError(f"the local reader declined it: {reasons}")
        return _to_model_lane(store, batch, run_id, error, counted=False)
    except (ModelOutage, ModelUnavailableError) as exc:
        return _to_model_lane(store, batch, run_id, exc, counted=not isinstance(exc, ModelOutage))
    except PermanentExtractionError as exc:
        return _settle(store, batch, run_id, exc, permanent=True)
    except Exception as exc:
        return _settle(store, batch, run_id, exc, permanent=False)
    if not store.batches.save_extraction(batch.id, run_id, result.model_dump_json()):
        return Ended.NOT_CLAIMED, "claim lost before its result was saved"
    context.log_event(
        dg.AssetMaterialization(
            asset_key=chain.extracted.key,
            partition=batch.id,
            metadata=extraction_metadata(kind, batch, result),
        )
    )
    return None


def _persist(
    context: dg.OpExecutionContext, chain: DocumentAssets, store: Store, files: FileStore, batch_id
):
    run_id, kind = context.run.run_id, chain.kind
    batch = store.batches.get(batch_id)
    try:
        result, stored, target = persist_batch(kind, store, files, batch, run_id)
    except LostClaim:
        return Ended.NOT_CLAIMED, "claim lost before it was stored"
    except PermanentExtractionError as exc:
        return _settle(store, batch, run_id, exc, permanent=True)
    except Exception as exc:
        return _settle(store, batch, run_id, exc, permanent=False)
    drop_spare_file(files, batch, stored, target)
    context.log_event(
        dg.AssetMaterialization(
            asset_key=chain.record.key,
            partition=batch.id,
            metadata=record_metadata(kind, store, batch, result, stored),
        )
    )
    failed_blocking = []
    for check in checks_of(chain.record.key):
        evaluation = check.evaluation(store, batch.id)
        context.log_event(evaluation)
        if check.blocking and not evaluation.passed:
            failed_blocking.append(check.name)
    if failed_blocking:
        return Ended.CHECK_FAILED, ", ".join(failed_blocking)
    return Ended.PROCESSED, processed_message(kind, batch, stored)


def _process_one(
    context: dg.OpExecutionContext,
    chain: DocumentAssets,
    store: Store,
    files: FileStore,
    extractor: Extractor,
    batch_id: str,
    generation: int,
    model_lane: bool,
) -> tuple[Ended, str]:
    try:
        batch = claims.claim(context, store, batch_id, generation)
    except (dg.Failure, dg.RetryRequested) as refused:
        found = store.batches.get(batch_id)
        if found is not None and found.status == Status.PROCESSED:
            return Ended.ALREADY_PROCESSED, f"record {found.processed_record_id}"
        return Ended.NOT_CLAIMED, getattr(refused, "description", None) or str(refused)
    context.log.info(f"claimed batch {batch.id} for attempt {batch.attempts}")
    return _extract(context, chain, store, files, extractor, batch, model_lane) or _persist(
        context, chain, store, files, batch.id
    )


def packed_job(chain: DocumentAssets) -> dg.JobDefinition:
    kind = chain.kind

    @dg.op(name=f"process_{kind.batch_type}", out=dg.Out(dg.Nothing))
    def process_packed(
        context: dg.OpExecutionContext,
        store: StoreResource,
        files: FileStoreResource,
        extractor: ExtractorResource,
    ) -> None:
        """Claim, extract and store each batch this run carries, each on its own partition;
        a batch's failure sends it on alone (a run of its own, or dead) and the rest go on."""
        db, file_store = store.get(), files.get()
        reader = extractor.get(
            gate=ModelGate(db.model_health, GEMINI, OutagePolicy.from_env()), with_model=False
        )
        # Under `auto` what the local reader declines is the model's: a run of the model lane.
        model_lane = extractor.mode == "auto"
        needs_a_look = []
        for batch_id, generation in packed_batches(context.run.tags):
            ended, message = _process_one(
                context, chain, db, file_store, reader, batch_id, generation, model_lane
            )
            if ended == Ended.PROCESSED:
                context.log.info(message)
                continue
            context.log.warning(f"batch {batch_id}: {ended.value}: {message}")
            if ended in NEEDS_A_LOOK:
                needs_a_look.append(f"{batch_id} {ended.value}")
        if needs_a_look:
            raise dg.Failure(
                description=f"batches that need a look: {', '.join(needs_a_look)}",
                allow_retries=False,
            )

    @dg.job(
        name=PACKED_JOB_NAMES[kind.batch_type],
        description=(
            f"Claim, extract and persist several pending batches of {kind.batch_type} in one "
            "run (the pending sensor packs them in a backlog); each on its own partition."
        ),
        executor_def=dg.in_process_executor,
    )
    def packed():
        process_packed()

    return packed
