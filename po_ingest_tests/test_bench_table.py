"""`make bench` prints issue 20's stack targets with a before file's figures beside this run's."""

from __future__ import annotations

from bench.__main__ import before_and_after, render

_BEFORE = {
    "latency": {"p50_s": 4.86, "p95_s": 10.23},
    "throughput": {"orders_per_minute": 26.1, "uploads": 200},
}
_AFTER = {
    "latency": {"p50_s": 1.78, "p95_s": 2.0},
    "throughput": {"orders_per_minute": 197.6, "uploads": 200},
    "idle": {"cpu_pct_of_one_core": 4.8, "rss_mib": 834},
}


def test_each_target_measured_now_is_printed_beside_its_before_figure():
    rows = before_and_after(_BEFORE, _AFTER)
    assert [row[:3] for row in rows] == [
        ("upload → processed p50 / p95, HTTP", "4.86 / 10.23 s", "1.78 / 2.00 s"),
        ("burst → all processed", "26.1/min (200)", "197.6/min (200)"),
        ("idle stack CPU · RSS", "–", "4.8 % · 834 MiB"),  # the before file has no idle figure
    ]
    printed = render(rows, ("target figure", "before", "now", "target")).splitlines()
    assert [cell.strip() for cell in printed[0].split("|")[1:-1]] == [
        "target figure",
        "before",
        "now",
        "target",
    ]
    assert "≤ 5 % · ≤ 1.2 GB" in printed[-1]
