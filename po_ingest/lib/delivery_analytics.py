"""Analysts' delivery tables (pandas): what is still open per order line, and what arrived
per site and day."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

UNMATCHED_SITE = "(unmatched)"
ORDER_DELIVERY_COLUMNS = [
    "order_id",
    "po_number",
    "supplier",
    "site",
    "line_number",
    "description",
    "unit",
    "ordered",
    "delivered",
    "open",
    "status",
    "notes",
]
BY_SITE_DAY_COLUMNS = ["site", "day", "supplier", "notes", "lines", "unmatched_lines"]
QUANTITIES = ["ordered", "delivered", "open"]


def _site(site_names: dict[int, str], site_id: int | None) -> str:
    return site_names.get(site_id, UNMATCHED_SITE) if site_id is not None else UNMATCHED_SITE


def order_deliveries(lines: list[dict], site_names: dict[int, str]) -> pd.DataFrame:
    """One row per order line: ordered, delivered, open and its status, by site and supplier."""
    import pandas as pd

    rows = [
        {
            **{k: line[k] for k in ORDER_DELIVERY_COLUMNS if k in line},
            "supplier": line["supplier_name"],
            "site": _site(site_names, line["site_id"]),
        }
        for line in lines
    ]
    return pd.DataFrame(rows, columns=ORDER_DELIVERY_COLUMNS, dtype=object)


def open_order_lines(deliveries: pd.DataFrame) -> pd.DataFrame:
    """The lines not (fully) delivered yet, by site, supplier and order."""
    still_open = deliveries[deliveries["status"].isin(["open", "partial"])]
    return still_open.sort_values(["site", "supplier", "po_number", "line_number"]).reset_index(
        drop=True
    )


def deliveries_by_site_day(notes: list[dict], site_names: dict[int, str]) -> pd.DataFrame:
    """Notes and lines delivered per site, day (delivery date, else the note's date, else the
    day it was stored) and supplier; `unmatched_lines`: lines no order line took."""
    import pandas as pd

    groups: dict[tuple, dict] = {}
    for note in notes:
        day = note["delivery_date"] or note["dn_date"] or note["created_at"].date()
        key = (_site(site_names, note["site_id"]), day, note["supplier_name"] or "")
        group = groups.setdefault(key, {"notes": 0, "lines": 0, "unmatched_lines": 0})
        group["notes"] += 1
        group["lines"] += note["lines"]
        group["unmatched_lines"] += note["unmatched_lines"]
    rows = [
        {"site": site, "day": day, "supplier": supplier, **counts}
        for (site, day, supplier), counts in sorted(groups.items(), key=_sort_key)
    ]
    return pd.DataFrame(rows, columns=BY_SITE_DAY_COLUMNS, dtype=object)


def _sort_key(entry: tuple) -> tuple:
    (site, day, supplier), _ = entry
    return (site, day if isinstance(day, dt.date) else dt.date.min, supplier)
