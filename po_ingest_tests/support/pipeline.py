"""Running the per-batch job in-process against a real database and file store."""

from __future__ import annotations

import dagster as dg

from po_ingest.definitions import defs
from po_ingest.defs.partitions import BATCH_ID_TAG, GENERATION_TAG, batches_partitions
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource

SCRIPTED = "po_ingest_tests.support.scripted_extractor:ScriptedExtractor"


def job_with(
    db_url: str, files_dir: str, extractor: str = SCRIPTED, job_name: str = "process_batch"
) -> dg.JobDefinition:
    resources = {
        "store": StoreResource(database_url=db_url),
        "files": FileStoreResource(files_dir=str(files_dir)),
        "extractor": ExtractorResource(extractor=extractor),
    }
    test_defs = dg.Definitions(
        assets=defs.assets, asset_checks=defs.asset_checks, jobs=defs.jobs, resources=resources
    )
    return test_defs.resolve_job_def(job_name)


def run_batch(
    job: dg.JobDefinition,
    instance: dg.DagsterInstance,
    batch_id: str,
    *,
    generation: int | None = 0,
    tags: dict | None = None,
) -> dg.ExecuteInProcessResult:
    """One run for the batch, tagged as the sensor tags it unless `generation` is None."""
    if not instance.has_dynamic_partition(batches_partitions.name, batch_id):
        instance.add_dynamic_partitions(batches_partitions.name, [batch_id])
    run_tags = dict(tags or {})
    if generation is not None:
        run_tags.update({BATCH_ID_TAG: batch_id, GENERATION_TAG: str(generation)})
    return job.execute_in_process(
        instance=instance, partition_key=batch_id, tags=run_tags, raise_on_error=False
    )


def production_job() -> dg.JobDefinition:
    """The code location's own job; its resources read PO_INGEST_* when they run."""
    return defs.resolve_job_def("process_batch")


def packed_production_job() -> dg.JobDefinition:
    """The code location's packed backlog job (defs/backlog.py), for dg.reconstructable."""
    return defs.resolve_job_def("process_batch_backlog")
