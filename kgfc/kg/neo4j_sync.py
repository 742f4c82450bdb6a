"""Mirror the store into Neo4j, incrementally, and run Cypher against the mirror.

``Neo4jMirror(driver).sync(store)`` compares the store's sources with the
Source nodes the mirror holds (``queries/cypher/synced_sources.cypher``):

- a source not mirrored yet is written: entities, values, facts, claims, in
  batches of ``UNWIND $rows ... MERGE`` (every value a parameter; relationship
  types are dynamic ``$(row.type)``, Neo4j 5.26+), and its Source node last,
  whose ``syncKey`` marks it complete -- a sync killed half-way leaves the
  source unmarked and the next sync writes it again; MERGE makes that a no-op
  for what was already there;
- a source whose ``syncKey`` changed (refreshed in the store) is removed and
  written again;
- a source no longer in the store (retracted) is removed;
- the rest is left alone, so a second sync in a row writes nothing.

The mapping itself is in :mod:`kgfc.kg.neo4j_mapping`. The ``neo4j`` driver
is imported lazily (``pip install 'kgfc[neo4j]'``); its exceptions become
kgfc errors in :func:`_mapped_errors`, and nowhere else.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import pyoxigraph as ox

from kgfc.errors import ConfigError, QuerySyntaxError, RemoteError, RemoteUnavailable
from kgfc.kg.neo4j_mapping import GraphRows, map_graph, source_row, sync_key
from kgfc.resources import load_query

BATCH = 5000


@dataclass
class SyncReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    facts: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {
            "added": self.added,
            "updated": self.updated,
            "removed": self.removed,
            "unchanged": self.unchanged,
            "facts": self.facts,
            "seconds": round(self.seconds, 3),
        }


def statements(name: str) -> list[str]:
    """The statements of ``queries/cypher/<name>.cypher`` (several when separated by ``;``)."""
    text = "\n".join(
        line
        for line in load_query(name, "cypher").splitlines()
        if not line.strip().startswith("//")
    )
    return [s.strip() for s in text.split(";") if s.strip()]


@contextmanager
def _mapped_errors(uri: str) -> Iterator[None]:
    try:
        import neo4j.exceptions as nx
    except ImportError:  # a fake driver in tests, or no driver at all
        yield
        return
    try:
        yield
    except nx.AuthError as exc:
        raise ConfigError(
            f"Neo4j at {uri} refused the credentials: {exc.message}",
            hint="Check --user and KGFC_NEO4J_PASSWORD.",
        ) from exc
    except nx.ServiceUnavailable as exc:
        raise RemoteUnavailable(
            f"Cannot reach Neo4j at {uri}: {exc}",
            hint="Check that the server runs and the URI (neo4j://HOST:7687) is right.",
        ) from exc
    except nx.CypherSyntaxError as exc:
        raise QuerySyntaxError(f"Cypher syntax error: {exc.message}") from exc
    except nx.Neo4jError as exc:
        raise RemoteError(f"Neo4j at {uri} failed: {exc.message}") from exc


def connect(uri: str, user: str, password: str):
    """A ``neo4j`` driver; raises ConfigError naming the extra when the driver is missing."""
    try:
        import neo4j
    except ImportError:
        raise ConfigError(
            "The Neo4j driver is not installed.", hint="pip install 'kgfc[neo4j]'"
        ) from None
    if not uri.startswith(
        ("neo4j://", "neo4j+s://", "neo4j+ssc://", "bolt://", "bolt+s://", "bolt+ssc://")
    ):
        raise ConfigError(
            f"Not a Neo4j URI: {uri!r}.", hint="Use neo4j://HOST[:7687] or bolt://HOST[:7687]."
        )
    return neo4j.GraphDatabase.driver(uri, auth=(user, password))


class Neo4jMirror:
    """The store's knowledge, claims and verdicts as a property graph in Neo4j."""

    def __init__(
        self, driver, *, database: str | None = None, batch: int = BATCH, uri: str = "neo4j"
    ) -> None:
        self.driver = driver
        self.database = database
        self.batch = max(1, batch)
        self.uri = uri

    def close(self) -> None:
        self.driver.close()

    # -- low level ------------------------------------------------------------
    def _write(self, query: str, params: dict) -> None:
        with _mapped_errors(self.uri), self.driver.session(database=self.database) as session:
            session.execute_write(lambda tx: tx.run(query, params).consume())

    def _read(self, query: str, params: dict | None = None) -> tuple[list[str], list[dict]]:
        def work(tx):
            result = tx.run(query, params or {})
            keys = list(result.keys())
            return keys, [dict(r.items()) if hasattr(r, "items") else dict(r) for r in result]

        with _mapped_errors(self.uri), self.driver.session(database=self.database) as session:
            return session.execute_read(work)

    def run(self, name: str, params: dict | None = None) -> list[dict]:
        """Run the named read query from ``queries/cypher``."""
        [query] = statements(name)
        return self._read(query, params)[1]

    def cypher(self, text: str, params: dict | None = None) -> tuple[list[str], list[dict]]:
        """Run user Cypher (read-only transaction): column names and rows."""
        return self._read(text, params)

    def _batched(self, name: str, rows: Sequence[dict], **extra) -> None:
        [query] = statements(name)
        for i in range(0, len(rows), self.batch):
            self._write(query, {"rows": list(rows[i : i + self.batch]), **extra})

    # -- sync -----------------------------------------------------------------
    def synced(self) -> dict[str, str]:
        return {r["iri"]: r["syncKey"] for r in self.run("synced_sources")}

    def sync(self, store, progress: Callable[[str], None] | None = None) -> SyncReport:
        start = time.perf_counter()
        report = SyncReport()
        for stmt in statements("schema"):
            self._write(stmt, {})
        mirrored = self.synced()
        wanted = {s.iri: s for s in store.sources()}
        for iri in sorted(set(mirrored) - set(wanted)):
            self.remove(iri)
            report.removed.append(iri)
        labels = None
        for iri, source in sorted(
            wanted.items(), key=lambda kv: (kv[1].kind.value == "claim", kv[0])
        ):
            key = mirrored.get(iri)
            if key == sync_key(source):
                report.unchanged += 1
                continue
            if key is not None:
                self.remove(iri)
                report.updated.append(iri)
            else:
                report.added.append(iri)
            if progress:
                progress(iri)
            if labels is None:
                labels = store.label_index().labels
            rows = map_graph(source, store.quads(graph=ox.NamedNode(iri)), labels)
            self.write(rows)
            report.facts += len(rows.facts)
            self._write(load_query_one("merge_source"), {"source": source_row(source)})
        report.seconds = time.perf_counter() - start
        return report

    def write(self, rows: GraphRows) -> None:
        """Write one source graph's rows (idempotent: every write is a MERGE)."""
        self._batched("merge_entities", list(rows.entities.values()))
        self._batched("merge_values", list(rows.values.values()))
        self._batched("merge_facts_entity", [f for f in rows.facts if f["object_kind"] == "Entity"])
        self._batched("merge_facts_value", [f for f in rows.facts if f["object_kind"] == "Value"])
        for label, nodes in (
            ("Claim", rows.claims),
            ("Verdict", rows.verdicts),
            ("Statement", rows.statements),
        ):
            if nodes:
                self._batched("merge_nodes", nodes, label=label)
        self._batched("merge_links", [r for r in rows.links if r["to_label"] != "Value"])
        self._batched("merge_value_links", [r for r in rows.links if r["to_label"] == "Value"])

    def remove(self, iri: str) -> None:
        for stmt in statements("remove_source"):
            self._write(stmt, {"iri": iri})


def load_query_one(name: str) -> str:
    [query] = statements(name)
    return query
