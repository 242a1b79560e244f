import fcntl
import pickle
import re
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from po_ingest.lib.files import FileStore
from po_ingest.lib.store import Store
from po_ingest.lib.store.engine import dispose_all
from po_ingest_tests.corpus import generate_corpus
from po_ingest_tests.support.databases import new_postgres_database, new_sqlite_database
from po_ingest_tests.support.e2e_stack import running_stack
from po_ingest_tests.support.fake_gemini import TEST_API_KEY, FakeGemini
from po_ingest_tests.support.intake import TOKEN, intake_app
from po_ingest_tests.support.prerequisites import OPT_OUT_PREFIX, OPT_OUT_VARIABLE, opted_out


def pytest_configure(config):
    opted_out()  # an unknown name in PO_INGEST_TEST_SKIP is a usage error before anything runs


# Under `pytest -n 2` (make test) each module is one unit of work, so its module-scoped stack
# is set up once, and the end-to-end modules share one (the daemon of `e2e_stack`). The longest
# units start first, one per worker: the production shape on one, the shared daemon on the other.
_FIRST = (
    "test_production_shape.py",
    "test_e2e.py",
    "test_e2e_deliveries.py",
    "test_intake_browser.py",
    "test_e2e_alerts.py",
    "test_e2e_intake_channels.py",
    # Three minutes (a minute of it by design) on its own stack: started late, it was the
    # suite's tail (977 s on 2026-12-04); early, a worker free after the first units takes it.
    "test_production_rollout.py",
)
_SHARED_DAEMON = {"test_e2e.py", "test_e2e_deliveries.py", "test_intake_browser.py"}


def pytest_collection_modifyitems(config, items):
    shared = [nodeid for nodeid, n in Counter(i.nodeid for i in items).items() if n > 1]
    if shared:  # pytest-xdist would run only the first of each, and say nothing
        raise pytest.UsageError(f"tests that share a node id: {shared[:5]}")
    rank = {name: n for n, name in enumerate(_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    class ModuleScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
            return "e2e-daemon" if module in _SHARED_DAEMON else module

    config.option.loadscopereorder = False  # collection order: the longest units first
    return ModuleScheduling(config, log)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A skip the user did not ask for is a failure: a missing browser or document set must
    not pass unnoticed."""
    report = (yield).get_result()
    if not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = _skip_reason(report)
    if not reason.startswith(OPT_OUT_PREFIX):
        report.outcome = "failed"
        report.longrepr = f"skipped without {OPT_OUT_VARIABLE}: {reason}"


def _skip_reason(report) -> str:
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    return reason.removeprefix("Skipped: ")


def pytest_terminal_summary(terminalreporter):
    """Say what the user chose to skip, next to the summary line."""
    names = Counter(
        match.group(1)
        for report in terminalreporter.stats.get("skipped", [])
        if (match := re.search(rf"{OPT_OUT_VARIABLE}=(\w+)", _skip_reason(report)))
    )
    for name, count in sorted(names.items()):
        terminalreporter.write_line(
            f"{OPT_OUT_VARIABLE}={name}: {count} tests skipped on request", yellow=True
        )


@pytest.fixture(scope="session")
def e2e_stack(tmp_path_factory):
    """The daemon the end-to-end modules share (SQLite app database, scripted extractor,
    retries after 1 and 2 s, fake Gemini); stopped after the last test that uses it. A
    backlog is more than 10 batches due at once, packed 5 to a run (20 and 10 in `make run`):
    the same packing, proved with half the documents."""
    backlog = {"PO_INGEST_BACKLOG_THRESHOLD": "10", "PO_INGEST_BACKLOG_PACK": "5"}
    with running_stack(tmp_path_factory.mktemp("e2e"), backlog) as stack:
        yield stack


def pytest_runtest_teardown(item, nextitem):
    """Stop the shared daemon as soon as no test left needs it: an idle daemon keeps ticking."""
    if "e2e_stack" in item.fixturenames and (
        nextitem is None or "e2e_stack" not in nextitem.fixturenames
    ):
        item.funcargs["e2e_stack"].stop()


@pytest.fixture(autouse=True)
def _test_environment(monkeypatch, tmp_path):
    """Short retries and a private extractor state for every test; no stray var/ writes."""
    monkeypatch.setenv("PO_INGEST_RETRY_DELAYS", "0,0")
    monkeypatch.setenv("PO_INGEST_MAX_ATTEMPTS", "3")
    monkeypatch.setenv("PO_INGEST_TEST_STATE_DIR", str(tmp_path / "extractor-state"))
    monkeypatch.setenv("PO_INGEST_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.delenv("PO_INGEST_DATABASE_URL", raising=False)
    monkeypatch.delenv("PO_INGEST_FILES_DIR", raising=False)


@pytest.fixture
def gemini(monkeypatch):
    """The fake Gemini server, with the product pointed at it (key TEST_API_KEY)."""
    with FakeGemini() as fake:
        monkeypatch.setenv("GEMINI_API_KEY", TEST_API_KEY)
        monkeypatch.setenv("PO_INGEST_GEMINI_BASE_URL", fake.url)
        monkeypatch.setenv("PO_INGEST_GEMINI_TIMEOUT_SECONDS", "10")
        yield fake


@pytest.fixture(scope="session")
def corpus_documents(tmp_path_factory, worker_id):
    """The generated corpus (seed 7), made once per test session: (folder, documents). Under
    `pytest -n` the workers share it (18 s to make): the first makes it, the others wait."""
    if worker_id == "master":
        folder = tmp_path_factory.mktemp("corpus")
        return folder, generate_corpus(folder, seed=7)
    session_dir = tmp_path_factory.getbasetemp().parent  # this run's, shared by its workers
    folder, made = session_dir / "corpus", session_dir / "corpus.pickle"
    with open(session_dir / "corpus.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            made.write_bytes(pickle.dumps(generate_corpus(folder, seed=7)))
    return folder, pickle.loads(made.read_bytes())


@pytest.fixture
def postgres_url():
    with new_postgres_database() as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path):
    yield new_sqlite_database(tmp_path / "po_ingest.sqlite")
    dispose_all()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request):
    """The same test on SQLite and on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def store(db_url) -> Store:
    return Store(db_url)


@pytest.fixture
def files(tmp_path) -> FileStore:
    return FileStore(tmp_path / "files")


@pytest.fixture
def app(db_url, files):
    """The intake app on the test's database and file store."""
    return intake_app(db_url, files.root)


@pytest.fixture
def client(app):
    """A client of `app` that sends the API token."""
    with TestClient(app) as client:
        client.headers["Authorization"] = f"Bearer {TOKEN}"
        yield client
