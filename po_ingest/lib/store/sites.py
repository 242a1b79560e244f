"""The sites table: imported from CSV, read for matching orders to sites."""

from __future__ import annotations

import sqlalchemy as sa

from po_ingest.lib.sites import Site
from po_ingest.lib.store.schema import sites


def load_sites(conn: sa.Connection) -> list[Site]:
    rows = conn.execute(sa.select(sites)).all()
    return [
        Site(id=r.id, name=r.name, project_code=r.project_code, aliases=r.aliases) for r in rows
    ]


class SiteStore:
    def __init__(self, engine: sa.Engine):
        self.engine = engine

    def all(self) -> list[Site]:
        with self.engine.connect() as conn:
            return load_sites(conn)

    def upsert(self, new_sites: list[Site]) -> tuple[int, int]:
        """Insert new sites and update existing ones (by name). Returns (added, updated)."""
        added = updated = 0
        with self.engine.begin() as conn:
            existing = {r.name: r.id for r in conn.execute(sa.select(sites.c.id, sites.c.name))}
            for site in new_sites:
                values = {"project_code": site.project_code, "aliases": site.aliases}
                if site.name in existing:
                    conn.execute(
                        sites.update().where(sites.c.id == existing[site.name]).values(**values)
                    )
                    updated += 1
                else:
                    conn.execute(sites.insert().values(name=site.name, **values))
                    added += 1
        return added, updated
