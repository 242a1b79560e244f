"""The code location: everything Dagster in po_ingest/defs/."""

import os

import dagster as dg

from po_ingest.defs.alerts import alerts_sensor
from po_ingest.defs.analytics import ANALYTICS_ASSETS, analytics_automation_sensor
from po_ingest.defs.assets import (
    BATCH_JOBS,
    PACKED_JOBS,
    delivery_note,
    extracted_delivery_note,
    extracted_purchase_order,
    purchase_order,
    uploaded_document,
)
from po_ingest.defs.checks import ORDER_CHECKS, QUEUE_CHECKS
from po_ingest.defs.deliveries import DELIVERY_ASSETS, NOTE_CHECKS
from po_ingest.defs.folder_inbox import watched_folder_sensor
from po_ingest.defs.mailbox import mailbox_sensor
from po_ingest.defs.resources import ExtractorResource, FileStoreResource, StoreResource
from po_ingest.defs.retention import partition_retention_sensor
from po_ingest.defs.reviews import order_reviews, order_reviews_sensor
from po_ingest.defs.run_status import (
    batch_run_canceled_sensor,
    batch_run_failure_sensor,
    batch_run_success_sensor,
)
from po_ingest.defs.sensors import pending_batches_sensor
from po_ingest.defs.watchdog import stuck_batches_watchdog
from po_ingest.lib.private_files import keep_new_files_private

# Every Dagster process of ours (code server, run workers) imports this module first: the
# order files and logs they write are then not world-readable either.
keep_new_files_private()

# Dagster's run status sensors act on 5 runs per tick by default (of 25 status changes fetched),
# so 1 000 runs that failed before their claim took ~17 minutes to settle. Dagster reads these
# at every evaluation, in this process (the code location evaluates its sensors). One tick of
# 100 settlements took 0.5-0.7 s with Dagster's storage on SQLite and 2.3-3.6 s on PostgreSQL
# (2 cores), far under the 60 s sensor timeout; an operator's own value wins.
os.environ.setdefault("DAGSTER_RUN_STATUS_SENSOR_PROCESS_LIMIT", "100")
os.environ.setdefault("DAGSTER_RUN_STATUS_SENSOR_FETCH_LIMIT", "200")

defs = dg.Definitions(
    assets=[
        uploaded_document,
        extracted_purchase_order,
        purchase_order,
        extracted_delivery_note,
        delivery_note,
        order_reviews,
        *ANALYTICS_ASSETS,
        *DELIVERY_ASSETS,
    ],
    asset_checks=[*ORDER_CHECKS, *QUEUE_CHECKS, *NOTE_CHECKS],
    jobs=[*BATCH_JOBS, *PACKED_JOBS],
    sensors=[
        pending_batches_sensor,
        batch_run_failure_sensor,
        batch_run_canceled_sensor,
        batch_run_success_sensor,
        stuck_batches_watchdog,
        partition_retention_sensor,
        order_reviews_sensor,
        analytics_automation_sensor,
        alerts_sensor,
        watched_folder_sensor,
        mailbox_sensor,
    ],
    # The analytics runs (8 small assets, pandas) too: the default multiprocess executor
    # started a Python process per asset, 9 per run, beside the batch runs on 2 cores.
    executor=dg.in_process_executor,
    resources={
        "store": StoreResource(),
        "files": FileStoreResource(),
        "extractor": ExtractorResource(),
    },
)
