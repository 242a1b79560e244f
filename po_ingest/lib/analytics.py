"""The analysts' tables as pure pandas functions (no Dagster, no database).

Money stays `Decimal` throughout (object columns, summed exactly, spend rounded half-up to
cents); only durations and rates are floats.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pandas loads when a table is built, not with the code location
    import pandas as pd

UNMATCHED_SITE = "(unmatched)"
UNKNOWN_SUPPLIER = "(unknown)"
UNDATED = "(undated)"
ALL_TYPES = "(all)"
STATUSES = ("pending", "processing", "failed", "processed", "dead")
CENT = Decimal("0.01")

LINE_COLUMNS = [
    "order_id",
    "po_number",
    "order_date",
    "supplier",
    "site",
    "project_code",
    "currency",
    "verified",
    "line_number",
    "item_code",
    "description",
    "quantity",
    "unit",
    "unit_price",
    "line_total",
]
LINE_MONEY = ["quantity", "unit_price", "line_total"]
SUPPLIER_COLUMNS = ["supplier", "month", "currency", "orders", "verified_orders", "lines", "spend"]
SITE_COLUMNS = ["site", "month", "currency", "orders", "verified_orders", "spend"]
HEALTH_COLUMNS = [
    "batch_type",
    "batches",
    *STATUSES,
    "median_seconds_to_processed",
    "p95_seconds_to_processed",
    "dead_rate",
    "attempts_0",
    "attempts_1",
    "attempts_2",
    "attempts_3_plus",
]


def _cents(values) -> Decimal:
    import pandas as pd

    total = sum((Decimal(v) for v in values if v is not None and not pd.isna(v)), Decimal(0))
    return total.quantize(CENT, rounding=ROUND_HALF_UP)


def _month(value) -> str:
    import pandas as pd

    return UNDATED if value is None or pd.isna(value) else value.strftime("%Y-%m")


def _text(value, default: str):
    import pandas as pd

    return default if value is None or pd.isna(value) else value


def purchase_order_lines(
    orders: pd.DataFrame, items: pd.DataFrame, sites: pd.DataFrame
) -> pd.DataFrame:
    """One row per order line with its order's number, date, supplier, site, currency and
    whether the order is verified."""
    import pandas as pd

    site_names = dict(zip(sites["id"], sites["name"], strict=True))
    by_id = orders.set_index("id")
    rows = []
    for item in items.itertuples(index=False):
        order = by_id.loc[item.purchase_order_id]
        site_id = order["site_id"]
        rows.append(
            {
                "order_id": int(item.purchase_order_id),
                "po_number": order["po_number"],
                "order_date": order["order_date"],
                "supplier": _text(order["supplier_name"], None),
                "site": site_names.get(site_id) if not pd.isna(site_id) else None,
                "project_code": _text(order["project_code"], None),
                "currency": order["currency"],
                "verified": bool(order["verified"]),
                "line_number": int(item.line_number),
                "item_code": item.item_code,
                "description": item.description,
                "quantity": item.quantity,
                "unit": item.unit,
                "unit_price": item.unit_price,
                "line_total": item.line_total,
            }
        )
    frame = pd.DataFrame(rows, columns=LINE_COLUMNS, dtype=object)
    return frame.sort_values(["order_id", "line_number"], ignore_index=True)


def _order_spend(orders: pd.DataFrame, lines: pd.DataFrame) -> pd.DataFrame:
    """Per order: its printed total, or the sum of its line totals when it printed none."""
    import pandas as pd

    line_counts = lines.groupby("order_id").size().to_dict() if len(lines) else {}
    line_sums = (
        {k: _cents(g["line_total"]) for k, g in lines.groupby("order_id")} if len(lines) else {}
    )
    rows = []
    for order in orders.itertuples(index=False):
        total = order.total if order.total is not None and not pd.isna(order.total) else None
        rows.append(
            {
                "order_id": order.id,
                "supplier": _text(order.supplier_name, UNKNOWN_SUPPLIER),
                "site_id": order.site_id,
                "month": _month(order.order_date),
                "currency": order.currency,
                "verified": bool(order.verified),
                "lines": int(line_counts.get(order.id, 0)),
                "spend": _cents([total])
                if total is not None
                else line_sums.get(order.id, CENT * 0),
            }
        )
    return pd.DataFrame(
        rows,
        columns=[
            "order_id",
            "supplier",
            "site_id",
            "month",
            "currency",
            "verified",
            "lines",
            "spend",
        ],
    )


def _summarise(spend: pd.DataFrame, keys: list[str], columns: list[str]) -> pd.DataFrame:
    import pandas as pd

    if spend.empty:
        return pd.DataFrame(columns=columns)
    grouped = spend.groupby(keys, sort=True, dropna=False)
    frame = grouped.agg(
        orders=("order_id", "count"),
        verified_orders=("verified", "sum"),
        lines=("lines", "sum"),
        spend=("spend", _cents),
    ).reset_index()
    for count in ("orders", "verified_orders", "lines"):
        frame[count] = frame[count].astype(int)
    return frame[columns]


def spend_by_supplier_month(orders: pd.DataFrame, lines: pd.DataFrame) -> pd.DataFrame:
    """Orders (and how many of them are verified), lines and spend per supplier, order month
    and currency (never summed across currencies). Spend is the order's total, or its line totals when it printed no total."""
    return _summarise(
        _order_spend(orders, lines), ["supplier", "month", "currency"], SUPPLIER_COLUMNS
    )


def spend_by_site_month(
    orders: pd.DataFrame, lines: pd.DataFrame, sites: pd.DataFrame
) -> pd.DataFrame:
    """Orders (verified among them) and spend per site (or "(unmatched)"), order month and
    currency."""
    import pandas as pd

    site_names = dict(zip(sites["id"], sites["name"], strict=True))
    spend = _order_spend(orders, lines)
    spend["site"] = [
        site_names.get(s, UNMATCHED_SITE) if not pd.isna(s) else UNMATCHED_SITE
        for s in spend["site_id"]
    ]
    return _summarise(spend, ["site", "month", "currency"], SITE_COLUMNS)


def _health_row(batch_type: str, group: pd.DataFrame) -> dict:
    import pandas as pd

    counts = group["status"].value_counts().to_dict()
    # Legacy rows the web app wrote with no status read as processed, but have no time.
    processed = group[(group["status"] == "processed") & group["processed_at"].notna()]
    seconds = pd.Series(
        [
            (p - u).total_seconds()
            for p, u in zip(processed["processed_at"], processed["date_uploaded"], strict=True)
        ],
        dtype=float,
    )
    finished = group[group["status"].isin(["processed", "dead"])]
    attempts = finished["attempts"].astype(int)
    ended = len(finished)
    return {
        "batch_type": batch_type,
        "batches": len(group),
        **{status: int(counts.get(status, 0)) for status in STATUSES},
        "median_seconds_to_processed": float(seconds.median()) if len(seconds) else None,
        "p95_seconds_to_processed": float(seconds.quantile(0.95)) if len(seconds) else None,
        "dead_rate": int(counts.get("dead", 0)) / ended if ended else None,
        "attempts_0": int((attempts == 0).sum()),
        "attempts_1": int((attempts == 1).sum()),
        "attempts_2": int((attempts == 2).sum()),
        "attempts_3_plus": int((attempts >= 3).sum()),
    }


def import_queue_health(batches: pd.DataFrame) -> pd.DataFrame:
    """Per batch type and for all: counts by status, median and p95 seconds from upload to
    processed, dead rate (dead / ended), and how many attempts ended batches took (0 = a
    re-upload of an imported file, linked without a run)."""
    import pandas as pd

    rows = [_health_row(t, g) for t, g in batches.groupby("batch_type", sort=True)]
    if len(batches):
        rows.append(_health_row(ALL_TYPES, batches))
    return pd.DataFrame(rows, columns=HEALTH_COLUMNS)


def dead_rate(outcomes: dict[str, int]) -> float:
    ended = outcomes.get("processed", 0) + outcomes.get("dead", 0)
    return outcomes.get("dead", 0) / ended if ended else 0.0


def markdown_table(frame: pd.DataFrame, limit: int = 20) -> str:
    """A markdown preview of the first rows (tabulate-free, so it works everywhere)."""
    head = frame.head(limit)
    cells = [[_cell(v) for v in row] for row in head.itertuples(index=False)]
    lines = ["| " + " | ".join(map(str, head.columns)) + " |"]
    lines.append("|" + "---|" * len(head.columns))
    lines += ["| " + " | ".join(row) + " |" for row in cells]
    return "\n".join(lines)


def _cell(value) -> str:
    import pandas as pd

    if value is None or (not isinstance(value, (str, Decimal, dt.date)) and pd.isna(value)):
        return ""
    return str(value).replace("|", "\\|")
