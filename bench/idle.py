"""4. The idle stack: `make run`'s processes (webserver, daemon, code server, intake) with
nothing to do, warmed up by one upload → CPU (% of one core) and RSS over a quiet minute."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bench.common import Stack, memory_kb

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pids: list[int]) -> float:
    """utime + stime of the processes, and of their children they reaped."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(value) for value in fields[11:15])
    return total / CLOCK_TICKS


# What each of the stack's processes is, by its command line (first match wins).
_ROLES = (
    ("multiprocessing.forkserver", "forkserver (run workers)"),
    ("po_ingest.code_server", "code server"),
    ("dagster api grpc", "code server"),
    ("dagster code-server start", "code server proxy"),
    ("dagster_webserver", "webserver"),
    ("dagster._daemon run", "daemon"),
    ("po_ingest.intake.serve", "intake"),
    ("dagster dev", "dagster dev"),
)


def _role(pid: int) -> str:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return "gone"
    return next((role for needle, role in _ROLES if needle in command), "other")


def _runs(stack: Stack) -> tuple[int, int]:
    """(runs in all, runs not ended)."""
    import dagster as dg

    busy = [dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED]
    instance = stack.instance()
    return instance.get_runs_count(), instance.get_runs_count(dg.RunsFilter(statuses=busy))


def run(stack: Stack, seconds: float = 60, settle: float = 45, timeout: float = 600) -> dict:
    """Once no run has started for `settle` s (the warm-up's run, then the analytics the
    automation sensor starts after it, every 30 s at most), over `seconds`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        count, busy = _runs(stack)
        if not busy:
            time.sleep(settle)
            if _runs(stack) == (count, 0):
                break
        time.sleep(1)
    runs_before = _runs(stack)[0]
    pids = stack.processes()
    before = {pid: _cpu_seconds([pid]) for pid in pids}
    started = time.monotonic()
    time.sleep(seconds)
    elapsed = time.monotonic() - started
    pids_after = stack.processes()
    by_role: dict[str, float] = {}
    for pid in pids:
        if pid in pids_after:
            role = _role(pid)
            by_role[role] = by_role.get(role, 0) + _cpu_seconds([pid]) - before[pid]
    cpu = sum(by_role.values())
    rss_kb = 0
    for pid in pids_after:
        try:
            rss_kb += memory_kb(pid)["VmRSS"]
        except (OSError, KeyError):
            continue
    return {
        "seconds": round(elapsed, 1),
        "cpu_pct_of_one_core": round(100 * cpu / elapsed, 2),
        "cpu_pct_by_process": {
            role: round(100 * value / elapsed, 2) for role, value in sorted(by_role.items())
        },
        "rss_mib": round(rss_kb / 1024),
        "processes": len(pids_after),
        "runs_during": _runs(stack)[0] - runs_before,
    }
