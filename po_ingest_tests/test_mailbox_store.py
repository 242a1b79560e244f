"""The mailbox intake's store, on SQLite and PostgreSQL: migration 0009 up and down, a batch
keeps the mail it came from, the same attachment from the same message makes one batch (the
file stored the second time is dropped), and rejections are listed once."""

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.command import downgrade
from alembic.runtime.migration import MigrationContext

from po_ingest.lib.intake import accept_upload
from po_ingest.lib.store import MailRejection, MailSource, Store
from po_ingest.lib.store.migrate import alembic_config, upgrade
from po_ingest.lib.store.schema import metadata
from po_ingest_tests.support.documents import order, purchase_order_pdf

SOURCE = MailSource("<po-1@supplier.example>", "Order PO-1\x00 attached", "buyer@supplier.example")


def _columns(store: Store) -> set[str]:
    return {c["name"] for c in sa.inspect(store.engine).get_columns("data_import_batches")}


def test_migration_0009_adds_the_mail_source_and_downgrades(db_url):
    store = Store(db_url)
    downgrade(alembic_config(db_url), "0008")
    inspector = sa.inspect(store.engine)
    assert "mail_rejections" not in inspector.get_table_names()
    assert not {"source_message_id", "source_subject", "source_sender"} & _columns(store)
    upgrade(db_url)
    assert "mail_rejections" in sa.inspect(store.engine).get_table_names()
    assert {"source_message_id", "source_subject", "source_sender"} <= _columns(store)
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []


def test_the_same_attachment_of_the_same_message_is_one_batch(store, files):
    pdf = purchase_order_pdf(order("PO-1"))
    first = accept_upload(
        store, files, [pdf], filename="po-1.pdf", uploaded_by=SOURCE.sender, source=SOURCE
    )
    again = accept_upload(
        store, files, [pdf], filename="po-1.pdf", uploaded_by=SOURCE.sender, source=SOURCE
    )
    assert again.id == first.id
    assert (first.source_message_id, first.source_subject, first.source_sender) == (
        "<po-1@supplier.example>",
        "Order PO-1 attached",
        "buyer@supplier.example",
    )
    assert [b.id for b in store.batches.list()] == [first.id]
    assert sorted(p.name for p in files.root.rglob("*") if p.is_file()) == [
        first.original_file.rsplit("/", 1)[-1]
    ]
    other_message = MailSource("<po-1-resent@supplier.example>", "Resent", SOURCE.sender)
    resent = accept_upload(store, files, [pdf], filename="po-1.pdf", source=other_message)
    plain = accept_upload(store, files, [pdf], filename="po-1.pdf")
    assert len({first.id, resent.id, plain.id}) == 3, "another message, or the page: new batches"
    assert plain.source_message_id is None


def test_rejections_are_listed_once_newest_first(store):
    zip_mail = MailRejection("<a@x>", "a@x.example", "Zip", "orders.zip", "zip archives are …")
    empty = MailRejection("<b@x>", "b@x.example", "Nothing", None, "no usable attachment")
    assert store.mail_rejections.add([zip_mail]) == 1
    assert store.mail_rejections.add([zip_mail, empty]) == 1
    listed = store.mail_rejections.list()
    assert [(r["message_id"], r["filename"], r["reason"]) for r in listed] == [
        ("<b@x>", None, "no usable attachment"),
        ("<a@x>", "orders.zip", "zip archives are …"),
    ]
