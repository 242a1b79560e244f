"""The code location: everything Dagster in po_ingest/defs/."""

import dagster as dg

from po_ingest.defs.analytics import ANALYTICS_ASSETS, analytics_automation_sensor
from po_ingest.defs.assets import (
    extracted_purchase_order,
    process_batch_job,
    purchase_order,
    uploaded_document,
)
from po_ingest.defs.checks import ORDER_CHECKS, QUEUE_CHECKS
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.defs.retention import partition_retention_sensor
from po_ingest.defs.run_status import (
    batch_run_canceled_sensor,
    batch_run_failure_sensor,
    batch_run_success_sensor,
)
from po_ingest.defs.sensors import pending_batches_sensor
from po_ingest.defs.watchdog import stuck_batches_watchdog

defs = dg.Definitions(
    assets=[uploaded_document, extracted_purchase_order, purchase_order, *ANALYTICS_ASSETS],
    asset_checks=[*ORDER_CHECKS, *QUEUE_CHECKS],
    jobs=[process_batch_job],
    sensors=[
        pending_batches_sensor,
        batch_run_failure_sensor,
        batch_run_canceled_sensor,
        batch_run_success_sensor,
        stuck_batches_watchdog,
        partition_retention_sensor,
        analytics_automation_sensor,
    ],
    resources={
        "store": StoreResource(),
        "files": FileStoreResource(),
        "extractor": ExtractorResource(),
    },
)
