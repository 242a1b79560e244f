"""The per-batch lineage: uploaded_document → extracted_purchase_order → purchase_order.

Three steps run for one partition: claim_batch and extract_order (together the
`extracted_purchase_order` asset) and `purchase_order` (persist).
"""

import json
import os

import dagster as dg

from po_ingest.defs import claims, outages
from po_ingest.defs.partitions import batches_partitions
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.lib.extraction.base import Document, PermanentExtractionError
from po_ingest.lib.extraction.model_gate import (
    GEMINI,
    ModelGate,
    ModelOutage,
    ModelUnavailableError,
    OutagePolicy,
)
from po_ingest.lib.files import order_key
from po_ingest.lib.models import ExtractionResult
from po_ingest.lib.store import LostClaim, Store
from po_ingest.lib.store.batches import batch_life_warnings

DEFAULT_PUBLIC_URL = "http://localhost:8000"


def order_url(order_id: int) -> str:
    """The intake's page for an order (PO_INGEST_PUBLIC_URL, default http://localhost:8000)."""
    base = os.environ.get("PO_INGEST_PUBLIC_URL") or DEFAULT_PUBLIC_URL
    return f"{base.rstrip('/')}/orders/{order_id}"


def _site_name(db: Store, order_id: int) -> str:
    stored = db.orders.get(order_id)
    site_id = stored["site_id"] if stored else None
    return next((site.name for site in db.sites.all() if site.id == site_id), "")


uploaded_document = dg.AssetSpec(
    "uploaded_document",
    partitions_def=batches_partitions,
    description="A stored upload; the pending_batches sensor records it when it registers the batch.",
    group_name="intake",
)


@dg.op(ins={"uploaded": dg.In(dg.Nothing)}, out=dg.Out(dg.Nothing))
def claim_batch(context: dg.OpExecutionContext, store: StoreResource) -> None:
    """Claim the batch for this run: one conditional UPDATE; losing it fails the run."""
    batch = claims.claim(context, store.get(), context.partition_key)
    context.log.info(f"claimed batch {batch.id} for attempt {batch.attempts}")


@dg.op(ins={"claimed": dg.In(dg.Nothing)}, out=dg.Out(dg.Nothing), pool="gemini")
def extract_order(
    context: dg.OpExecutionContext,
    store: StoreResource,
    files: FileStoreResource,
    extractor: ExtractorResource,
):
    """Read the stored file and extract the order; store the result on the batch row."""
    db = store.get()
    batch = claims.hold(context, db, context.partition_key)
    failure: tuple[BaseException, bool] | None = None
    model_trouble: ModelOutage | ModelUnavailableError | None = None
    try:
        chosen_extractor = extractor.get(
            gate=ModelGate(db.model_health, GEMINI, OutagePolicy.from_env())
        )
        if not batch.original_file or not files.get().exists(batch.original_file):
            raise PermanentExtractionError(f"stored file {batch.original_file!r} is missing")
        document = Document(
            content=files.get().read(batch.original_file),
            content_type=batch.content_type,
            batch_id=batch.id,
            batch_type=batch.batch_type,
            filename=batch.original_filename,
        )
        result = chosen_extractor.extract(document)
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
    order = result.order
    yield dg.Output(
        None,
        metadata={
            "batch_id": batch.id,
            "attempt": batch.attempts,
            "extractor": result.extractor,
            "model": result.model or "",
            "po_number": order.po_number,
            "items": dg.MetadataValue.int(len(order.items)),
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
        },
    )


@dg.graph_asset(
    ins={"uploaded_document": dg.AssetIn(dagster_type=dg.Nothing)},
    partitions_def=batches_partitions,
    group_name="orders",
)
def extracted_purchase_order(uploaded_document):
    """What the extractor read from the upload: the validated order and its warnings."""
    return extract_order(claim_batch(uploaded_document))


@dg.asset(partitions_def=batches_partitions, deps=[extracted_purchase_order], group_name="orders")
def purchase_order(
    context: dg.AssetExecutionContext, store: StoreResource, files: FileStoreResource
) -> dg.MaterializeResult:
    """The stored purchase order and its lines; the batch becomes `processed` in the same
    transaction. A known po_number links the batch to the existing order instead."""
    db, file_store = store.get(), files.get()
    batch = claims.hold(context.op_execution_context, db, context.partition_key)
    failure: tuple[BaseException, bool] | None = None
    try:
        if not batch.extraction:
            raise PermanentExtractionError("no extraction stored: re-execute the whole run")
        if not batch.original_file or not file_store.exists(batch.original_file):
            raise PermanentExtractionError(f"stored file {batch.original_file!r} is missing")
        result = ExtractionResult.model_validate_json(batch.extraction)
        target = order_key(batch.id, batch.content_type)
        file_store.copy(batch.original_file, target)
        outcome = db.orders.persist(batch.id, context.run.run_id, result, target)
    except LostClaim:
        # Leave `target` alone: the run that took the batch over writes the same key, and
        # its order may own that file already. An unreferenced copy is housekeeping's.
        claims.refuse(batch.id, db, context.run.run_id)
    except PermanentExtractionError as exc:
        failure = (exc, True)
    except Exception as exc:
        failure = (exc, False)
    if failure:
        claims.settle_failure(
            context.op_execution_context, db, batch, failure[0], permanent=failure[1]
        )
    # Committed: the order owns its copy of the file now. A crash before these deletes
    # leaves an unreferenced file that housekeeping removes later.
    if outcome.duplicate:
        file_store.delete(target)
    else:
        file_store.delete(batch.original_file)
    order = result.order
    context.log.info(
        f"batch {batch.id} processed: purchase order {outcome.order_id}"
        + (" (existing order, duplicate po_number)" if outcome.duplicate else "")
    )
    return dg.MaterializeResult(
        metadata={
            "order_id": dg.MetadataValue.int(outcome.order_id),
            "po_number": order.po_number,
            "supplier": order.supplier_name or "",
            "site_id": dg.MetadataValue.int(outcome.site_id or 0),
            "site": _site_name(db, outcome.order_id),
            "currency": order.currency,
            "total": str(order.total) if order.total is not None else "",
            "items": dg.MetadataValue.int(len(order.items)),
            "duplicate": outcome.duplicate,
            "warnings": dg.MetadataValue.json(outcome.warnings),
            "batch_id": batch.id,
            "order_url": dg.MetadataValue.url(order_url(outcome.order_id)),
        }
    )


process_batch_job = dg.define_asset_job(
    "process_batch",
    selection=[extracted_purchase_order, purchase_order],
    partitions_def=batches_partitions,
    executor_def=dg.in_process_executor,
    description="Claim, extract and persist one uploaded batch.",
)
