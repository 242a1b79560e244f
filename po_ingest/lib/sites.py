"""Site matching and the sites CSV: pure functions, no database."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Site:
    name: str
    project_code: str | None = None
    aliases: list[str] = field(default_factory=list)
    id: int | None = None


def normalize_code(value: str) -> str:
    """`p-2024/017 ` and `P2024 017` are the same code: case, spaces and punctuation ignored."""
    return re.sub(r"[^0-9a-z]", "", value.casefold())


def match_site(project_code: str | None, sites: list[Site]) -> Site | None:
    """The site whose project code or alias is `project_code`; None when none or several are."""
    if not project_code or not normalize_code(project_code):
        return None
    wanted = normalize_code(project_code)
    found = [
        site
        for site in sites
        if any(normalize_code(c) == wanted for c in [site.project_code or "", *site.aliases])
    ]
    return found[0] if len(found) == 1 else None


class SitesCsvError(ValueError):
    pass


def parse_sites_csv(text: str) -> list[Site]:
    """Rows of `name,project_code,aliases`; aliases separated by `;` or `|`."""
    reader = csv.DictReader(io.StringIO(text))
    missing = {"name", "project_code", "aliases"} - set(reader.fieldnames or [])
    if missing:
        raise SitesCsvError(
            f"sites CSV needs the columns name,project_code,aliases; missing {sorted(missing)}"
        )
    sites: list[Site] = []
    for line, row in enumerate(reader, start=2):
        name = (row.get("name") or "").strip()
        if not name:
            raise SitesCsvError(f"line {line}: name is empty")
        aliases = [a.strip() for a in re.split(r"[;|]", row.get("aliases") or "") if a.strip()]
        code = (row.get("project_code") or "").strip() or None
        sites.append(Site(name=name, project_code=code, aliases=aliases))
    return sites
