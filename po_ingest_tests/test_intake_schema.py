"""Schemathesis against the intake's /openapi.json: no server errors, and every response
matches the documented schema (status codes included), with the API token sent."""

from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    response_schema_conformance,
    status_code_conformance,
)

from po_ingest.lib.files import FileStore
from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import Store
from po_ingest_tests.support.documents import order, purchase_order_pdf
from po_ingest_tests.support.intake import TOKEN, import_batch, intake_app, put_in_state

CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]


class SwappableApp:
    """Schemathesis loads the schema when this module is imported (one test per operation);
    the app it then calls, on a database with test data, is put in by a fixture."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        await self.app(scope, receive, send)


# Building the app touches no database: the schema comes from the code alone.
target = SwappableApp(intake_app("sqlite://", Path("/nonexistent")))
schema = schemathesis.openapi.from_asgi("/openapi.json", target)


@pytest.fixture(autouse=True)
def app_with_data(sqlite_url, tmp_path):
    """The app on a SQLite database holding an order (id 1, with its file) and batches in
    every state, so generated ids and filters sometimes hit something."""
    store, files = Store(sqlite_url), FileStore(tmp_path / "files")
    for n, status in enumerate(["processed", "pending", "processing", "failed", "dead"]):
        pdf = purchase_order_pdf(order(f"PO-SCHEMA-{n}"))
        batch = accept_upload(store, files, [pdf], filename=f"{n}.pdf")
        if status == "processed":
            import_batch(store, files, batch, f"PO-SCHEMA-{n}")
        else:
            put_in_state(store, batch, status)
    placeholder, target.app = target.app, intake_app(sqlite_url, files.root)
    yield
    target.app = placeholder


# One test per operation, as `schema.parametrize()` makes, but with the operation in the node
# id: schemathesis's own items share one id under pytest 9, and pytest-xdist (make test) runs
# only the first of tests that share an id.
OPERATIONS = [result.ok().label for result in schema.get_all_operations()]


@pytest.mark.parametrize("label", OPERATIONS)
def test_api_conforms_to_its_openapi_schema(label):
    method, path = label.split(" ", 1)

    @given(case=schema[path][method].as_strategy())
    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    def conforms(case):
        case.call_and_validate(headers={"Authorization": f"Bearer {TOKEN}"}, checks=CHECKS)

    conforms()
