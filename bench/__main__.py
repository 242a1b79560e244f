"""`make bench`: every benchmark, one table, and bench/results/<YYYY-MM-DD>.json.

.venv/bin/python -m bench [--only extraction,floor,sensor,intake,stack,outage] [--uploads 20]
    [--burst 200] [--backlog 2000] [--backlog-pack 10] [--outage-minutes 10]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
ALL = ("extraction", "floor", "sensor", "intake", "stack", "outage")
TARGETS = {
    "latency_p50_s": 3.0,
    "latency_p95_s": 6.0,
    "orders_per_minute": 60.0,
    "backlog_orders_per_minute": 120.0,
    "idle_cpu_pct": 5.0,
    "idle_rss_mib": 1200,
    "cli_upload_s": 0.5,
    "intake_100kb_per_s": 100.0,
    "api_p99_ms_under_slow_uploads": 100.0,
    "sensor_tick_s": 1.0,
    "outage_digital_s": 15.0,
    "embedded_xml_ms": 20.0,
    "local_ms_per_page": 50.0,
}


def machine() -> dict:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "dagster": __import__("dagster").__version__,
    }


def definitions_import_seconds() -> float:
    """Wall time of `python -c "import po_ingest.definitions"` (what each run worker pays)."""
    times = []
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import po_ingest.definitions"], check=True)
        times.append(time.perf_counter() - started)
    return min(times)


def cli_upload_seconds() -> float:
    """Wall time of `po-ingest upload` queueing one PDF into a fresh SQLite database, with no
    Dagster to ask (best of 5): the CLI's start-up and its one INSERT."""
    from bench.common import digital
    from bench.latency import PO_INGEST
    from po_ingest.lib.store.migrate import upgrade

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/app.sqlite"
        upgrade(url)
        env = {key: value for key, value in os.environ.items() if not key.startswith("PO_INGEST_")}
        env.update(PO_INGEST_DATABASE_URL=url, PO_INGEST_VAR_DIR=tmp)
        times = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run(
                [str(PO_INGEST), "upload", str(digital()[0].path)],
                env=env,
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - started)
    return min(times)


def _fmt(value: float, unit: str = "", digits: int = 2) -> str:
    return f"{value:.{digits}f}{unit}"


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def table(r: dict) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    add = lambda name, value, target="": rows.append((name, value, target))  # noqa: E731
    add("import po_ingest.definitions (run worker load)", _fmt(r["import_definitions_s"], " s"))
    if "cli_upload_s" in r:  # measured since 2026-12-02
        add(
            "`po-ingest upload` one PDF, no Dagster to ask (best of 5)",
            _fmt(r["cli_upload_s"], " s"),
            f"≤ 0.5 s: {_met(r['cli_upload_s'] <= TARGETS['cli_upload_s'])}",
        )
    launcher = "intake launches at once" if r.get("launch_now", True) else "sensor launches"
    launcher += f", {r.get('instance_storage', 'sqlite')} instance"
    for name in ("latency", "latency_cli"):
        if name not in r:
            continue
        lat = r[name]
        ok = lat["p50_s"] <= TARGETS["latency_p50_s"] and lat["p95_s"] <= TARGETS["latency_p95_s"]
        via = "HTTP" if name == "latency" else "CLI"
        add(
            f"1 latency upload→processed p50 / p95 ({lat['uploads']} digital, {via}, {launcher})",
            f"{lat['p50_s']:.2f} / {lat['p95_s']:.2f} s",
            f"≤ 3 s p50, ≤ 6 s p95: {_met(ok)}",
        )
        if lat.get("cli_wall_p50_s") is not None:
            add("   p50 `po-ingest upload` wall, launch included", f"{lat['cli_wall_p50_s']:.2f} s")
        for phase, value in lat["phases_p50_s"].items():
            add(f"   p50 {phase}", f"{value:.2f} s  (p95 {lat['phases_p95_s'][phase]:.2f})")
    if "throughput" in r:
        th = r["throughput"]
        ok = th["orders_per_minute"] >= TARGETS["orders_per_minute"]
        add(
            f"2 burst {th['uploads']} uploads → all processed",
            f"{th['seconds_to_all_processed']:.1f} s, {th['orders_per_minute']:.1f} orders/min"
            + (f" ({th['dead']} dead)" if th["dead"] else ""),
            f"≥ 60/min: {_met(ok)}",
        )
        if "backlog" in r:
            bl = r["backlog"]
            ok = bl["orders_per_minute"] >= TARGETS["backlog_orders_per_minute"]
            add(
                f"2 backlog {bl['uploads']} uploads → all processed (packed "
                f"{r.get('backlog_pack', 10)} to a run)",
                f"{bl['seconds_to_all_processed']:.1f} s, {bl['orders_per_minute']:.1f} orders/min, "
                f"{bl['batches_in_packed_runs']} in packed runs"
                + (f" ({bl['dead']} dead)" if bl["dead"] else ""),
                f"≥ 120/min: {_met(ok)}",
            )
        s = th["settings"]
        add(
            "   cpus / max_concurrent_runs / dequeue s",
            f"{th['cpus']} / {s['max_concurrent_runs']} / {s['dequeue_interval_seconds']}",
        )
    if "idle" in r:
        idle = r["idle"]
        ok = (
            idle["cpu_pct_of_one_core"] <= TARGETS["idle_cpu_pct"]
            and idle["rss_mib"] <= TARGETS["idle_rss_mib"]
        )
        add(
            f"3 idle stack, {idle['processes']} processes, {idle['seconds']:.0f} s",
            f"{idle['cpu_pct_of_one_core']:.1f} % of one core, {idle['rss_mib']} MiB RSS",
            f"≤ 5 %, ≤ 1.2 GB: {_met(ok)}",
        )
        by_process = idle.get("cpu_pct_by_process", {})
        if by_process:
            add(
                "   % of one core by process",
                ", ".join(f"{k} {v:.1f}" for k, v in by_process.items()),
            )
    if "intake" in r:
        for case in r["intake"]["cases"]:
            target = ""
            if case["size"] == "100KB":
                target = f"≥ 100/s: {_met(case['requests_per_s'] >= TARGETS['intake_100kb_per_s'])}"
            add(
                f"3 intake {case['size']} c={case['concurrency']}",
                f"{case['requests_per_s']:.1f} req/s, p50 {case['p50_ms']:.0f} / p99 "
                f"{case['p99_ms']:.0f} ms, peak RSS {case['peak_rss_mib']:.0f} MiB",
                target,
            )
        slow = r["intake"]["slow_clients"]
        for label, t in slow["trickles"].items():
            ok = t["failed"] == 0 and t["p99_ms"] <= TARGETS["api_p99_ms_under_slow_uploads"]
            add(
                f"3 GET /api/batches while {t['uploads']} uploads send {label}",
                f"p50 {t['p50_ms']:.0f} / p99 {t['p99_ms']:.0f} / max {t['max_ms']:.0f} ms "
                f"({t['requests']} requests, {t['failed']} failed)",
                f"p99 ≤ 100 ms: {_met(ok)}",
            )
        stalled, photo = slow["stalled"], slow["photo"]
        add(
            "3 a stalled upload (10 MB declared, 300 bytes sent)",
            f"{stalled['status_line'][9:]} after {stalled['dropped_after_s']:.1f} s, "
            f"{len(stalled['files_left'])} files left",
            f"dropped, nothing kept: {_met('408' in stalled['status_line'] and not stalled['files_left'])}",
        )
        add(
            "3 a 5 MB photo at 50 KB/s",
            f"{photo['status_line'][9:]} in {photo['seconds']:.0f} s",
            f"gets through: {_met('202' in photo['status_line'])}",
        )
    if "sensor" in r:
        for db in ("sqlite", "postgresql"):
            s = r["sensor"][db]
            ok = s["tick_median_s"] < TARGETS["sensor_tick_s"]
            add(
                f"4 sensor tick, {r['sensor']['rows']:,} rows / {r['sensor']['pending']:,} pending, {db}",
                f"{s['tick_median_s'] * 1000:.0f} ms (query {s['due_pending_median_s'] * 1000:.1f}), "
                f"index {'used' if s['index_used'] else 'NOT used'}",
                f"< 1 s: {_met(ok and s['index_used'])}",
            )
    if "extraction" in r:
        loc = r["extraction"]["local"]
        add(
            f"5 local extractor ({loc['accepted']}/{loc['documents']} digital accepted)",
            f"{loc['ms_per_page']:.1f} ms/page, {loc['ms_per_document_median']:.1f} ms/doc (median)",
        )
        for name, m in r["extraction"]["local_on_measured_sets"].items():
            ms = m["median_ms_per_page"]
            add(
                f"5 local extractor, {name} ({m['accepted']}/{m['documents']} accepted)",
                f"{ms} ms/page (median)",
                f"≤ 50 ms: {_met(ms is not None and ms <= TARGETS['local_ms_per_page'])}",
            )
        emb = r["extraction"]["embedded_xml"]
        add(
            f"5 embedded XML ({emb['documents']} Order-X PDFs × {emb['rounds']})",
            f"{emb['ms_per_document_median']:.1f} ms/doc (median), +{emb['no_xml_ms_per_document_median']:.1f} ms "
            "on a PDF without XML",
            f"≤ 20 ms: {_met(emb['ms_per_document_median'] <= TARGETS['embedded_xml_ms'])}",
        )
        gem = r["extraction"]["gemini"]
        for kind in ("digital", "scan", "photo"):
            g = gem[kind]
            add(
                f"5 gemini path, {kind} ({g['documents']} docs)",
                f"{g['inline_bytes_mean'] / 1024:.0f} KiB inline, {g['request_bytes_mean'] / 1024:.0f} KiB "
                f"request, {g['parts_mean']:.0f} parts, ~{g['tokens_estimate_mean']:.0f} media tokens",
            )
    if "floor" in r:
        fl = r["floor"]
        value = f"{fl['ms_per_document_median']:.1f} ms/doc (median)"
        if "latency" in r:
            multiple = r["latency"]["p50_s"] * 1000 / fl["ms_per_document_median"]
            value += f"; end-to-end p50 = {multiple:.0f}×"
            r["latency"]["multiple_of_floor"] = multiple
        add("6 floor: claim+extract+persist, no Dagster", value)
    if "outage" in r:
        o = r["outage"]
        ok = o["digital_upload_to_processed_s"] <= TARGETS["outage_digital_s"]
        add(
            f"7 outage {o['outage_minutes']:.0f} min, {o['scans']} scans waiting "
            f"({o['scans_waiting_in_outage']} in the wait): a digital PO",
            f"{o['digital_upload_to_processed_s']:.1f} s ({o['digital_status']})",
            f"≤ 15 s: {_met(ok)}",
        )
        add(
            "   scans after the outage: processed / dead / distinct orders / max attempts",
            f"{o['processed_after']} / {o['dead_after']} / {o['distinct_orders']} / "
            f"{o['attempts_max']}, drained {o['seconds_to_drain_after_recovery']:.0f} s after",
            f"none dead: {_met(o['dead_after'] == 0 and o['dead_during_outage'] == 0)}",
        )
        m = o["memory"]
        add(
            "   memory during the outage",
            f"{m['run_workers']} sleeping run workers, {m['run_worker_rss_mib_median']:.0f} MiB "
            f"each (median RSS); whole stack {m['stack_rss_mib']:.0f} MiB",
        )
    return rows


# The stack's targets (issue 20), each read from a results file; None where it holds no figure.
_STACK_FIGURES = (
    (
        "upload → processed p50 / p95, HTTP",
        lambda r: _pair(r.get("latency"), "p50_s", "p95_s", " s"),
        "≤ 3 / ≤ 6 s",
    ),
    (
        "upload → processed p50 / p95, CLI",
        lambda r: _pair(r.get("latency_cli"), "p50_s", "p95_s", " s"),
        "≤ 3 / ≤ 6 s",
    ),
    (
        "`po-ingest upload` start-up",
        lambda r: _fmt(r["cli_upload_s"], " s") if "cli_upload_s" in r else None,
        "≤ 0.5 s",
    ),
    ("burst → all processed", lambda r: _rate(r.get("throughput")), "≥ 60/min"),
    ("backlog → all processed", lambda r: _rate(r.get("backlog")), "≥ 120/min"),
    ("idle stack CPU · RSS", lambda r: _idle(r.get("idle")), "≤ 5 % · ≤ 1.2 GB"),
)


def _pair(found: dict | None, first: str, second: str, unit: str) -> str | None:
    return None if not found else f"{found[first]:.2f} / {found[second]:.2f}{unit}"


def _rate(found: dict | None) -> str | None:
    return None if not found else f"{found['orders_per_minute']:.1f}/min ({found['uploads']})"


def _idle(found: dict | None) -> str | None:
    return None if not found else f"{found['cpu_pct_of_one_core']:.1f} % · {found['rss_mib']} MiB"


def before_and_after(before: dict, after: dict) -> list[tuple[str, str, str, str]]:
    """The stack's targets with the figure of a before file and of this run, where both
    machines' figures can be compared (same cores and CPU)."""
    rows = []
    for name, read, target in _STACK_FIGURES:
        now = read(after)
        if now is not None:
            rows.append((name, read(before) or "–", now, target))
    return rows


def render(
    rows: list[tuple[str, ...]], titles: tuple[str, ...] = ("benchmark", "result", "target")
) -> str:
    widths = [max(len(row[i]) for row in [*rows, titles]) for i in range(len(titles))]

    def line(row: tuple[str, ...]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"

    out = [line(titles), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    return "\n".join(out + [line(row) for row in rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(ALL), help="comma-separated: " + ",".join(ALL))
    parser.add_argument("--uploads", type=int, default=20, help="latency: sequential uploads")
    parser.add_argument("--burst", type=int, default=200, help="throughput: burst size")
    parser.add_argument(
        "--backlog", type=int, default=2000, help="throughput: backlog size (0: none)"
    )
    parser.add_argument(
        "--backlog-pack", type=int, default=10, help="stack: batches per packed run (1: none)"
    )
    parser.add_argument(
        "--before",
        default=str(RESULTS / "2026-11-30.json"),
        help="results file to print beside this run's stack targets ('' for none); default: "
        "2026-11-30, before issue 20, 2 × AMD EPYC",
    )
    parser.add_argument("--rows", type=int, default=100_000, help="sensor: batch rows")
    parser.add_argument("--outage-minutes", type=float, default=10, help="outage: how long")
    parser.add_argument(
        "--no-launch-now",
        action="store_true",
        help="stack: the pending sensor launches every run (the intake does not ask Dagster)",
    )
    parser.add_argument(
        "--instance",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="stack: Dagster's storage (make run: SQLite files; docker/: PostgreSQL)",
    )
    parser.add_argument(
        "--output", type=Path, help="results JSON (default bench/results/<date>.json)"
    )
    args = parser.parse_args(argv)
    only = set(args.only.split(","))
    results: dict = {"date": dt.date.today().isoformat(), "machine": machine()}
    started = time.monotonic()

    def step(name: str, fn) -> None:
        t = time.monotonic()
        print(f"[bench] {name} …", file=sys.stderr, flush=True)
        results[name] = fn()
        print(f"[bench] {name} done in {time.monotonic() - t:.0f} s", file=sys.stderr, flush=True)

    results["import_definitions_s"] = definitions_import_seconds()
    results["cli_upload_s"] = cli_upload_seconds()
    if "extraction" in only:
        from bench import extraction

        step("extraction", extraction.run)
    if "floor" in only:
        from bench import floor

        step("floor", floor.run)
    if "sensor" in only:
        from bench import sensor_scale

        step("sensor", lambda: sensor_scale.run(total=args.rows))
    if "intake" in only:
        from bench import intake_rate, intake_slow

        step("intake", lambda: {**intake_rate.run(), "slow_clients": intake_slow.run()})
    if "stack" in only:
        from bench import idle, latency, throughput
        from bench.common import Stack, digital, unique_pdf, upload

        with Stack(
            launch_now=not args.no_launch_now,
            instance=args.instance,
            backlog_pack=args.backlog_pack,
        ) as stack:
            results["backlog_pack"] = args.backlog_pack
            results["launch_now"] = stack.launch_now
            results["instance_storage"] = stack.instance_storage
            t = time.monotonic()
            with stack.intake.client() as client:  # first run: code server start-up
                warm = digital()[0]
                batch_id = upload(client, unique_pdf(warm.path.read_bytes(), "warm"), "warm.pdf")
            stack.wait_done([batch_id], timeout=240)
            results["stack_warm_up_s"] = time.monotonic() - t
            step("idle", lambda: idle.run(stack))
            step("latency", lambda: latency.run(stack, args.uploads))
            step("latency_cli", lambda: latency.run(stack, max(10, args.uploads // 2), via="cli"))
            step("throughput", lambda: throughput.run(stack, args.burst))
            if args.backlog:
                step(
                    "backlog",
                    lambda: throughput.run(stack, args.backlog, timeout=max(1800, args.backlog)),
                )
    if "outage" in only:
        from bench import outage

        step("outage", lambda: outage.run(args.outage_minutes))
    results["bench_seconds"] = time.monotonic() - started
    rows = table(results)
    print(render(rows))
    before = json.loads(Path(args.before).read_text()) if args.before else None
    if before is not None and (comparable := before_and_after(before, results)):
        same = before["machine"]["cpu"] == results["machine"]["cpu"]
        print(
            f"\nbefore: {args.before} ({before['date']}, {before['machine']['cpu']}"
            + ("" if same else ", ANOTHER CPU: not comparable")
            + ")"
        )
        print(render(comparable, ("target figure", "before", "now", "target")))
    m = results["machine"]
    print(
        f"\n{m['nproc']} × {m['cpu']}, Python {m['python']}, Dagster {m['dagster']}; "
        f"{results['bench_seconds']:.0f} s"
    )
    output = args.output or RESULTS / f"{results['date']}.json"
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(json.dumps(results, indent=2, default=str) + "\n")
    print(f"results: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
