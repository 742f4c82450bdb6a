"""Read-only Cypher over the configured mirror, for ``POST /v1/cypher`` and the MCP tool.

The mirror is the one ``kg sync`` writes (``KGFC_CYPHER_URI``, else ``KGFC_NEO4J_URI``).
Each call opens it and closes it again, one call at a time: an embedded FalkorDB
file is then free between calls for ``kg sync`` to bring up to date, and a Neo4j
driver never outlives a call.
"""

from __future__ import annotations

import threading
from typing import Any

from pydantic import BaseModel, Field

from kgfc.errors import ConfigError
from kgfc.service.sparql import UpdateRefused
from kgfc.settings import Settings

# one mirror open at a time (see the module docstring)
_LOCK = threading.Lock()


class CypherRows(BaseModel):
    columns: list[str]
    rows: list[dict[str, Any]]
    truncated: bool = Field(False, description="more rows matched than were returned")


def _configured(settings: Settings) -> str | None:
    return settings.cypher_uri or settings.neo4j_uri


def mirror_uri(settings: Settings) -> str:
    uri = _configured(settings)
    if not uri:
        raise ConfigError(
            "No Cypher mirror is configured.",
            hint="Set KGFC_CYPHER_URI (falkordb:PATH, falkordb://HOST:PORT/GRAPH or "
            "neo4j://HOST) and fill it with kgfc kg sync.",
        )
    return uri


def mirror_kind(settings: Settings) -> str | None:
    """ "FalkorDB" or "Neo4j" when a Cypher mirror is configured, else None."""
    uri = _configured(settings)
    if not uri:
        return None
    return "FalkorDB" if uri.lower().startswith("falkordb") else "Neo4j"


def read_mirror(
    settings: Settings,
    *,
    query: str | None,
    name: str | None,
    params: dict[str, Any] | None,
    max_rows: int,
) -> CypherRows:
    """Run Cypher text (``query``) or a named query of ``queries/cypher`` (``name``), read-only."""
    from kgfc.kg.cypher_mirror import WriteRefused, open_mirror

    uri = mirror_uri(settings)
    with _LOCK:
        mirror = open_mirror(
            uri, user=settings.neo4j_user, password=lambda: settings.neo4j_password
        )
        try:
            if name is not None:
                rows = mirror.run(name, params)
                columns = list(rows[0]) if rows else []
            elif query is not None:
                columns, rows = mirror.cypher(query, params)
            else:
                raise ValueError("read_mirror runs a query or a named one: give either")
        except WriteRefused:
            raise UpdateRefused(
                "Cypher here is read-only: a query that writes is refused.",
                hint="The mirror follows the store: load data, then run kgfc kg sync.",
            ) from None
        finally:
            mirror.close()
    return CypherRows(columns=columns, rows=rows[:max_rows], truncated=len(rows) > max_rows)
