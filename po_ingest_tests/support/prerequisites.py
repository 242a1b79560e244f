"""What a test needs from the machine. Missing means failed, never a silent skip, unless the
user opted out by name: `PO_INGEST_TEST_SKIP=browser,realdocs`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

OPT_OUT_VARIABLE = "PO_INGEST_TEST_SKIP"
OPT_OUT_PREFIX = "opted out"
KNOWN = {
    "browser": "the headless-Chromium tests of the upload page",
    "imap": "the mailbox intake's tests against a real Dovecot",
    "realdocs": "the tests on ../shared/realdocs",
    "realpos": "the tests on the real purchase orders we may not ship (po_ingest_tests/realpos)",
}
CHROMIUM = "/usr/bin/chromium"
DOVECOT = "/usr/sbin/dovecot"
REALDOCS = Path(
    os.environ.get("PO_INGEST_REALDOCS")
    or Path(__file__).resolve().parents[3] / "shared" / "realdocs"
)


def opted_out() -> set[str]:
    names = {n.strip() for n in os.environ.get(OPT_OUT_VARIABLE, "").split(",") if n.strip()}
    unknown = names - KNOWN.keys()
    if unknown:
        raise pytest.UsageError(
            f"{OPT_OUT_VARIABLE}: unknown {sorted(unknown)}; known: {', '.join(sorted(KNOWN))}"
        )
    return names


def require(name: str, available: bool, missing: str) -> None:
    """Fail with `missing` (and how to opt out) unless available; skip only if opted out."""
    if available:
        return
    if name in opted_out():
        pytest.skip(f"{OPT_OUT_PREFIX} ({OPT_OUT_VARIABLE}={name}): {missing}")
    pytest.fail(
        f"{missing}. `make test` installs what it can; to skip {KNOWN[name]} on purpose, "
        f"set {OPT_OUT_VARIABLE}={name}",
        pytrace=False,
    )


def require_browser() -> None:
    require("browser", Path(CHROMIUM).exists(), f"{CHROMIUM} is not installed (Debian: chromium)")


def require_dovecot() -> None:
    require("imap", Path(DOVECOT).exists(), f"{DOVECOT} is not installed (Debian: dovecot-imapd)")


def require_realdocs() -> None:
    require(
        "realdocs",
        REALDOCS.is_dir(),
        f"{REALDOCS} is not here (it lies beside the repository, in ../shared, or set "
        "PO_INGEST_REALDOCS)",
    )


def require_realpos(missing: list[str]) -> None:
    """`missing`: the real documents not downloaded yet (their licence keeps them out of git)."""
    require(
        "realpos",
        not missing,
        f"{len(missing)} real documents are not here ({', '.join(missing[:3])}, …): run "
        "`python -m po_ingest_tests.realpos.download`",
    )
