"""Alembic environment: runs migrations on the engine the app itself uses."""

from alembic import context

from po_ingest.lib.store.engine import get_engine
from po_ingest.lib.store.schema import metadata

url = context.config.get_main_option("sqlalchemy.url")


def _sqlite_foreign_keys(connection, on: bool) -> None:
    # SQLite rebuilds a table to alter a column (copy, drop, rename); with foreign keys
    # enforced, dropping a table other rows refer to fails. The pragma only takes effect
    # outside a transaction, so it is set on the driver's connection before Alembic's begins.
    connection.connection.driver_connection.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")


with get_engine(url).connect() as connection:
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        _sqlite_foreign_keys(connection, on=False)
    try:
        context.configure(
            connection=connection,
            target_metadata=metadata,
            render_as_batch=sqlite,
        )
        with context.begin_transaction():
            context.run_migrations()
            if sqlite and connection.exec_driver_sql("PRAGMA foreign_key_check").first():
                raise RuntimeError("the migration left rows whose foreign keys point nowhere")
        connection.commit()
    finally:
        if sqlite:
            _sqlite_foreign_keys(connection, on=True)
