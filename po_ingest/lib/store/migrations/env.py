"""Alembic environment: runs migrations on the engine the app itself uses."""

from alembic import context

from po_ingest.lib.store.engine import get_engine
from po_ingest.lib.store.schema import metadata

url = context.config.get_main_option("sqlalchemy.url")

with get_engine(url).connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
