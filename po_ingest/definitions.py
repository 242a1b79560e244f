"""The code location: everything Dagster in po_ingest/defs/."""

import dagster as dg

from po_ingest.defs.assets import (
    extracted_purchase_order,
    process_batch_job,
    purchase_order,
    uploaded_document,
)
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.defs.run_status import (
    batch_run_canceled_sensor,
    batch_run_failure_sensor,
    batch_run_success_sensor,
)
from po_ingest.defs.sensors import pending_batches_sensor
from po_ingest.defs.watchdog import stuck_batches_watchdog

defs = dg.Definitions(
    assets=[uploaded_document, extracted_purchase_order, purchase_order],
    jobs=[process_batch_job],
    sensors=[
        pending_batches_sensor,
        batch_run_failure_sensor,
        batch_run_canceled_sensor,
        batch_run_success_sensor,
        stuck_batches_watchdog,
    ],
    resources={
        "store": StoreResource(),
        "files": FileStoreResource(),
        "extractor": ExtractorResource(),
    },
)
