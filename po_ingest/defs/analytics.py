"""Analysts' tables (pandas), rebuilt in the app database as `analytics_<name>` soon after
new orders land."""

import datetime as dt
from decimal import Decimal
from typing import TYPE_CHECKING

import dagster as dg

from po_ingest.defs.assets import purchase_order, uploaded_document
from po_ingest.defs.resources import StoreResource
from po_ingest.defs.reviews import order_reviews
from po_ingest.lib import accuracy, analytics
from po_ingest.lib.store import analytics as tables
from po_ingest.lib.store.approved import approved_orders

if TYPE_CHECKING:  # numpy and pandas load when an analytics asset runs
    import pandas as pd

# Declarative Automation rather than a sensor: the daemon requests these (one run, in
# dependency order, with their checks) on the tick after any upstream partition lands.
# Not `eager()`: on a non-partitioned asset over the dynamic `batches` partitions its
# `~any_deps_missing` / `~any_deps_in_progress` would wait forever on dead or running
# batches. The hourly tick refreshes queue health when nothing lands (batches going dead
# materialize nothing) and picks up orders stored while a previous rebuild was running.
ANALYTICS_AUTOMATION = (
    dg.AutomationCondition.any_deps_updated()
    | dg.AutomationCondition.cron_tick_passed("0 * * * *")
    | dg.AutomationCondition.missing()
).since_last_handled() & ~dg.AutomationCondition.in_progress()

_GROUP = "analytics"


def _type_names() -> list[tuple]:
    import numpy as np

    return [
        (Decimal, "decimal"),
        (bool, "bool"),
        ((int, np.integer), "int"),
        ((float, np.floating), "float"),
        (dt.date, "date"),
    ]


def _column_type(column: "pd.Series") -> str:
    import pandas as pd

    value = next((v for v in column if v is not None and not pd.isna(v)), None)
    for kind, name in _type_names():
        if isinstance(value, kind):
            return name
    return "string"


def result_table(
    engine, name: str, frame: "pd.DataFrame", money: list[str]
) -> dg.MaterializeResult:
    """Write `frame` as `analytics_<name>`; its schema, row count and a preview."""
    table = tables.write_table(engine, name, frame, money)
    schema = dg.TableSchema(
        columns=[
            dg.TableColumn(col, "decimal" if col in money else _column_type(frame[col]))
            for col in frame.columns
        ]
    )
    return dg.MaterializeResult(
        metadata={
            "table": table,
            "dagster/column_schema": schema,
            "dagster/row_count": dg.MetadataValue.int(len(frame)),
            "preview": dg.MetadataValue.md(analytics.markdown_table(frame)),
        }
    )


@dg.asset(
    deps=[purchase_order, order_reviews],
    group_name=_GROUP,
    automation_condition=ANALYTICS_AUTOMATION,
)
def purchase_order_lines(store: StoreResource) -> dg.MaterializeResult:
    """One row per line of every order not rejected, as corrected, with its order's number,
    date, supplier, site, currency and `verified` (`analytics_purchase_order_lines`)."""
    engine = store.get().engine
    frame = analytics.purchase_order_lines(
        tables.load_orders(engine), tables.load_items(engine), tables.load_sites(engine)
    )
    return result_table(engine, "purchase_order_lines", frame, analytics.LINE_MONEY)


@dg.asset(deps=[purchase_order_lines], group_name=_GROUP, automation_condition=ANALYTICS_AUTOMATION)
def spend_by_supplier_month(store: StoreResource) -> dg.MaterializeResult:
    """Orders, lines and spend per supplier, order month and currency
    (`analytics_spend_by_supplier_month`)."""
    engine = store.get().engine
    orders = tables.load_orders(engine)
    lines = analytics.purchase_order_lines(
        orders, tables.load_items(engine), tables.load_sites(engine)
    )
    frame = analytics.spend_by_supplier_month(orders, lines)
    return result_table(engine, "spend_by_supplier_month", frame, ["spend"])


@dg.asset(deps=[purchase_order_lines], group_name=_GROUP, automation_condition=ANALYTICS_AUTOMATION)
def spend_by_site_month(store: StoreResource) -> dg.MaterializeResult:
    """Orders and spend per site ("(unmatched)" when no site matched), order month and
    currency (`analytics_spend_by_site_month`)."""
    engine = store.get().engine
    orders, sites = tables.load_orders(engine), tables.load_sites(engine)
    lines = analytics.purchase_order_lines(orders, tables.load_items(engine), sites)
    frame = analytics.spend_by_site_month(orders, lines, sites)
    return result_table(engine, "spend_by_site_month", frame, ["spend"])


@dg.asset(
    deps=[uploaded_document, purchase_order],
    group_name=_GROUP,
    automation_condition=ANALYTICS_AUTOMATION,
)
def import_queue_health(store: StoreResource) -> dg.MaterializeResult:
    """The queue at a glance: batches by type and status, seconds from upload to processed
    (median, p95), dead rate and attempts (`analytics_import_queue_health`)."""
    engine = store.get().engine
    frame = analytics.import_queue_health(tables.load_batches(engine))
    return result_table(engine, "import_queue_health", frame, [])


@dg.asset(
    deps=[purchase_order, order_reviews],
    group_name=_GROUP,
    automation_condition=ANALYTICS_AUTOMATION,
)
def extraction_accuracy(store: StoreResource) -> dg.MaterializeResult:
    """Per extractor, model and field: values people reviewed on the orders they approved,
    how many they changed, and the share changed (`analytics_extraction_accuracy`)."""
    engine = store.get().engine
    frame = accuracy.extraction_accuracy(approved_orders(engine))
    return result_table(engine, "extraction_accuracy", frame, [])


ANALYTICS_ASSETS = [
    purchase_order_lines,
    spend_by_supplier_month,
    spend_by_site_month,
    import_queue_health,
    extraction_accuracy,
]

analytics_automation_sensor = dg.AutomationConditionSensorDefinition(
    "analytics_automation_sensor",
    # The analysts' tables and the deliveries against orders (defs/deliveries.py).
    target=dg.AssetSelection.groups(_GROUP, "deliveries"),
    default_status=dg.DefaultSensorStatus.RUNNING,
    minimum_interval_seconds=30,
    description=(
        "Requests the analytics and delivery tables when new orders, notes, uploads or "
        "people's edits land (and hourly)."
    ),
)
