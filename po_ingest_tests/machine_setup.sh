#!/usr/bin/env bash
# What the test suite needs beyond .venv: PostgreSQL answering at 127.0.0.1:5432, Debian's
# Chromium for the page tests, Debian's Dovecot for the mailbox tests (each test starts its own,
# never the system one), and ../shared/realdocs. Starts or installs what it can; where it
# cannot, stops with one line saying what to do. PO_INGEST_TEST_SKIP=browser,imap,realdocs opts
# out of those tests on purpose (the summary then says what was skipped).
set -euo pipefail
cd "$(dirname "$0")/.."

skip=",${PO_INGEST_TEST_SKIP:-},"
fail() { echo "error: $*" >&2; exit 1; }
is_root_with_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
postgres_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }

if [ -z "${PO_INGEST_TEST_PG:-}" ] && ! postgres_up; then
  command -v pg_ctlcluster >/dev/null \
    || fail "PostgreSQL is not answering at 127.0.0.1:5432: start one (trust auth for user postgres), or point PO_INGEST_TEST_PG at a server"
  echo "starting PostgreSQL (pg_ctlcluster)"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do postgres_up && break; sleep 1; done
  postgres_up || fail "PostgreSQL did not come up at 127.0.0.1:5432 after pg_ctlcluster start"
fi

if [ ! -x /usr/bin/chromium ] && [[ "$skip" != *,browser,* ]]; then
  is_root_with_apt \
    || fail "/usr/bin/chromium is missing: install Debian's chromium and chromium-driver (sudo apt-get install chromium chromium-driver), or set PO_INGEST_TEST_SKIP=browser"
  echo "installing Debian's chromium and chromium-driver (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ ! -x /usr/sbin/dovecot ] && [[ "$skip" != *,imap,* ]]; then
  is_root_with_apt \
    || fail "/usr/sbin/dovecot is missing: install Debian's dovecot-imapd (sudo apt-get install dovecot-imapd), or set PO_INGEST_TEST_SKIP=imap"
  echo "installing Debian's dovecot-imapd (apt-get; the mailbox tests run their own, not the system one)"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # policy-rc.d 101: the package's postinst must not start the system Dovecot on 143/993
  policy=/usr/sbin/policy-rc.d
  own_policy=
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; own_policy=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd >/dev/null
  if [ -n "$own_policy" ]; then rm -f "$policy"; fi
fi

realdocs="${PO_INGEST_REALDOCS:-../shared/realdocs}"
if [ ! -d "$realdocs" ] && [[ "$skip" != *,realdocs,* ]]; then
  fail "$realdocs is missing (the real third-party documents the extraction tests read): put shared/ beside the repository, set PO_INGEST_REALDOCS, or set PO_INGEST_TEST_SKIP=realdocs"
fi

# Real purchase orders whose licence keeps them out of git: fetched by commit, sha256-checked.
if [[ "$skip" != *,realpos,* ]] && ! python3 -m po_ingest_tests.realpos.download --check >/dev/null; then
  echo "fetching the real purchase orders we may not ship (po_ingest_tests/realpos/SOURCES.md)"
  python3 -m po_ingest_tests.realpos.download \
    || fail "some real purchase orders could not be fetched (above): give a git mirror in PO_INGEST_GIT_MIRRORS or network to GitHub, or set PO_INGEST_TEST_SKIP=realpos"
fi
if [[ "$skip" != *,realpos,* ]] && ! python3 -m po_ingest_tests.realnotes.download --check >/dev/null; then
  echo "fetching the real delivery notes we may not ship (po_ingest_tests/realnotes/SOURCES.md)"
  python3 -m po_ingest_tests.realnotes.download \
    || fail "some real delivery notes could not be fetched (above): give a git mirror in PO_INGEST_GIT_MIRRORS or network to GitHub, or set PO_INGEST_TEST_SKIP=realpos"
fi
