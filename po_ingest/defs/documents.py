"""One per-batch chain for every document type: uploaded_document → extracted_<type> → <type>.

`document_assets(kind)` builds, for one type, the `extracted_<type>` asset (the claim and
extract steps) and the `<type>` asset (persist), and the job that materializes both for one
partition. Claims, retries, outages and run-status feedback are the same for every type; a
type says only how its result is described and stored (`DocumentKind`).
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import dagster as dg

from po_ingest.defs import claims, outages
from po_ingest.defs.partitions import LAUNCHED_BY_TAG, batches_partitions
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.lib.batch_runs import INTAKE
from po_ingest.lib.extraction.base import Document, Extractor, PermanentExtractionError
from po_ingest.lib.extraction.model_gate import (
    GEMINI,
    ModelGate,
    ModelOutage,
    ModelUnavailableError,
    OutagePolicy,
)
from po_ingest.lib.files import FileStore
from po_ingest.lib.models import ExtractionRecord
from po_ingest.lib.store import Batch, LostClaim, Store
from po_ingest.lib.store.batches import batch_life_warnings

uploaded_document = dg.AssetSpec(
    "uploaded_document",
    partitions_def=batches_partitions,
    description=(
        "A stored upload; the pending_batches sensor records it when it registers the batch "
        "(the batch's first run does, when the intake launched it at once)."
    ),
    group_name="intake",
)


def upload_materialization(batch: Batch) -> dg.AssetMaterialization:
    return dg.AssetMaterialization(
        asset_key=uploaded_document.key,
        partition=batch.id,
        metadata={
            "batch_id": batch.id,
            "batch_type": batch.batch_type,
            "filename": batch.original_filename or "",
            "file_size": dg.MetadataValue.int(batch.file_size),
            "sha256": batch.file_sha256,
            "content_type": batch.content_type,
            "uploaded_by": batch.uploaded_by or "",
            "uploaded_at": batch.date_uploaded.isoformat(),
            "storage_key": batch.original_file or "",
        },
    )


@dataclass(frozen=True)
class Stored:
    """What persisting a result gave: the record, and whether it was there already."""

    record_id: int
    duplicate: bool
    site_id: int | None
    warnings: list[str]


@dataclass(frozen=True)
class DocumentKind:
    batch_type: str
    name: str  # the record asset: purchase_order, delivery_note
    group: str
    job_name: str
    claim_op: str
    extract_op: str
    result_type: type[ExtractionRecord]
    file_key: Callable[[str, str], str]  # (batch id, content type) → the record's file
    # The result's own metadata on the extracted asset (its number, its lines).
    describe: Callable[[ExtractionRecord], dict[str, Any]]
    # Store the result and mark the batch processed, in one transaction (LostClaim if the
    # run no longer holds the batch).
    persist: Callable[[Store, Batch, str, ExtractionRecord, str], Stored]
    # Once the record owns its file: what else follows from it (notes waiting for an order
    # matched), and the record asset's metadata.
    after_persist: Callable[[Store, ExtractionRecord, Stored], dict[str, Any]]
    description: str


def _extraction_metadata(batch: Batch, result: ExtractionRecord) -> dict[str, Any]:
    return {
        "batch_id": batch.id,
        "attempt": batch.attempts,
        "extractor": result.extractor,
        "model": result.model or "",
        "warnings": dg.MetadataValue.json(result.warnings),
        # Values found on the page (a box each) out of those the result has.
        "grounded_values": dg.MetadataValue.int(
            sum(box is not None for box in result.provenance.values())
        ),
        "values": dg.MetadataValue.int(len(result.provenance)),
        "input_tokens": dg.MetadataValue.int(result.input_tokens or 0),
        "output_tokens": dg.MetadataValue.int(result.output_tokens or 0),
        "duration_ms": dg.MetadataValue.int(result.duration_ms or 0),
        "model_outage": ", ".join(batch_life_warnings(batch.warnings)),
        "extraction": dg.MetadataValue.json(json.loads(result.model_dump_json())),
    }


def extract_batch(
    kind: DocumentKind, extractor: Extractor, files: FileStore, batch: Batch
) -> ExtractionRecord:
    """Read the batch's stored file with `extractor`: its result, or the extractor's error."""
    if not batch.original_file or not files.exists(batch.original_file):
        raise PermanentExtractionError(f"stored file {batch.original_file!r} is missing")
    document = Document(
        content=files.read(batch.original_file),
        content_type=batch.content_type,
        batch_id=batch.id,
        batch_type=batch.batch_type,
        filename=batch.original_filename,
    )
    result = extractor.extract(document)
    if not isinstance(result, kind.result_type):
        raise PermanentExtractionError(
            f"the extractor gave a {type(result).__name__}, not a {kind.name}"
        )
    return result


def extraction_metadata(kind: DocumentKind, batch: Batch, result: ExtractionRecord) -> dict:
    return {**_extraction_metadata(batch, result), **kind.describe(result)}


def _extract_op(kind: DocumentKind) -> dg.OpDefinition:
    @dg.op(
        name=kind.extract_op,
        ins={"claimed": dg.In(dg.Nothing)},
        out=dg.Out(dg.Nothing),
        pool="gemini",
    )
    def extract(
        context: dg.OpExecutionContext,
        store: StoreResource,
        files: FileStoreResource,
        extractor: ExtractorResource,
    ):
        """Read the stored file and extract it; store the result on the batch row."""
        db = store.get()
        batch = claims.hold(context, db, context.partition_key)
        failure: tuple[BaseException, bool] | None = None
        model_trouble: ModelOutage | ModelUnavailableError | None = None
        try:
            chosen_extractor = extractor.get(
                gate=ModelGate(db.model_health, GEMINI, OutagePolicy.from_env())
            )
            result = extract_batch(kind, chosen_extractor, files.get(), batch)
        except PermanentExtractionError as exc:
            failure = (exc, True)
        except (ModelOutage, ModelUnavailableError) as exc:
            model_trouble, failure = exc, (exc, False)
        except Exception as exc:
            failure = (exc, False)
        if model_trouble:
            outages.settle_model_trouble(context, db, batch, model_trouble)
        if failure:
            claims.settle_failure(context, db, batch, failure[0], permanent=failure[1])
        if not db.batches.save_extraction(batch.id, context.run.run_id, result.model_dump_json()):
            claims.refuse(batch.id, db, context.run.run_id)
        yield dg.Output(None, metadata=extraction_metadata(kind, batch, result))

    return extract


def _claim_op(kind: DocumentKind) -> dg.OpDefinition:
    @dg.op(name=kind.claim_op, ins={"uploaded": dg.In(dg.Nothing)}, out=dg.Out(dg.Nothing))
    def claim(context: dg.OpExecutionContext, store: StoreResource) -> None:
        """Claim the batch for this run: one conditional UPDATE; losing it fails the run."""
        if context.run.tags.get(LAUNCHED_BY_TAG) == INTAKE and not context.run.parent_run_id:
            # No sensor tick registered this upload: the intake added the partition itself.
            uploaded = store.get().batches.get(context.partition_key)
            if uploaded:
                context.log_event(upload_materialization(uploaded))
        batch = claims.claim(context, store.get(), context.partition_key)
        context.log.info(f"claimed batch {batch.id} for attempt {batch.attempts}")

    return claim


def persist_batch(
    kind: DocumentKind, db: Store, files: FileStore, batch: Batch, run_id: str
) -> tuple[ExtractionRecord, Stored, str]:
    """Store the result the batch row holds as its record, and mark the batch processed, in
    one transaction: (the result, what was stored, the record's file)."""
    if not batch.extraction:
        raise PermanentExtractionError("no extraction stored: re-execute the whole run")
    if not batch.original_file or not files.exists(batch.original_file):
        raise PermanentExtractionError(f"stored file {batch.original_file!r} is missing")
    result = kind.result_type.model_validate_json(batch.extraction)
    target = kind.file_key(batch.id, batch.content_type)
    files.copy(batch.original_file, target)
    return result, kind.persist(db, batch, run_id, result, target), target


def drop_spare_file(files: FileStore, batch: Batch, stored: Stored, target: str) -> None:
    """Committed: the record owns its copy of the file now. A crash before these deletes
    leaves an unreferenced file that housekeeping removes later."""
    files.delete(target if stored.duplicate else batch.original_file)


def record_metadata(
    kind: DocumentKind, db: Store, batch: Batch, result: ExtractionRecord, stored: Stored
) -> dict[str, Any]:
    return {
        **kind.after_persist(db, result, stored),
        "duplicate": stored.duplicate,
        "warnings": dg.MetadataValue.json(stored.warnings),
        "batch_id": batch.id,
    }


def processed_message(kind: DocumentKind, batch: Batch, stored: Stored) -> str:
    return f"batch {batch.id} processed: {kind.name.replace('_', ' ')} {stored.record_id}" + (
        " (stored before: duplicate)" if stored.duplicate else ""
    )


def _record_asset(kind: DocumentKind, extracted: dg.AssetsDefinition) -> dg.AssetsDefinition:
    @dg.asset(
        name=kind.name,
        partitions_def=batches_partitions,
        deps=[extracted],
        group_name=kind.group,
        description=kind.description,
    )
    def record(
        context: dg.AssetExecutionContext, store: StoreResource, files: FileStoreResource
    ) -> dg.MaterializeResult:
        db, file_store = store.get(), files.get()
        batch = claims.hold(context.op_execution_context, db, context.partition_key)
        failure: tuple[BaseException, bool] | None = None
        try:
            result, stored, target = persist_batch(kind, db, file_store, batch, context.run.run_id)
        except LostClaim:
            # Leave the record's file alone: the run that took the batch over writes the same
            # key, and its record may own that file already. An unreferenced copy is
            # housekeeping's.
            claims.refuse(batch.id, db, context.run.run_id)
        except PermanentExtractionError as exc:
            failure = (exc, True)
        except Exception as exc:
            failure = (exc, False)
        if failure:
            claims.settle_failure(
                context.op_execution_context, db, batch, failure[0], permanent=failure[1]
            )
        drop_spare_file(file_store, batch, stored, target)
        context.log.info(processed_message(kind, batch, stored))
        return dg.MaterializeResult(metadata=record_metadata(kind, db, batch, result, stored))

    return record


@dataclass(frozen=True)
class DocumentAssets:
    kind: DocumentKind
    extracted: dg.AssetsDefinition
    record: dg.AssetsDefinition
    job: Any  # what dg.define_asset_job returns (resolved with the Definitions)


def document_assets(kind: DocumentKind) -> DocumentAssets:
    claim, extract = _claim_op(kind), _extract_op(kind)

    @dg.graph_asset(
        name=f"extracted_{kind.name}",
        ins={"uploaded_document": dg.AssetIn(dagster_type=dg.Nothing)},
        partitions_def=batches_partitions,
        group_name=kind.group,
        description=f"What the extractor read from the upload: the validated {kind.name.replace('_', ' ')} and its warnings.",
    )
    def extracted(uploaded_document):
        return extract(claim(uploaded_document))

    record = _record_asset(kind, extracted)
    job = dg.define_asset_job(
        kind.job_name,
        selection=[extracted, record],
        partitions_def=batches_partitions,
        executor_def=dg.in_process_executor,
        description=f"Claim, extract and persist one uploaded batch of {kind.batch_type}.",
    )
    return DocumentAssets(kind, extracted, record, job)
