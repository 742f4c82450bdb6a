"""Mirror the store into a Cypher database, incrementally, and run Cypher against the mirror.

Two backends speak the same :class:`CypherBackend` protocol and get the same
property graph (:mod:`kgfc.kg.neo4j_mapping`): Neo4j over Bolt
(:mod:`kgfc.kg.neo4j_sync`) and FalkorDB, embedded in a file or on a server
(:mod:`kgfc.kg.falkordb_mirror`). :func:`open_mirror` picks one by URL::

    neo4j://HOST[:7687]  bolt://HOST[:7687]      Neo4j (and the +s / +ssc TLS forms)
    falkordb://[USER:PASSWORD@]HOST[:6379][/GRAPH]   a FalkorDB server (graph "kgfc" by default)
    falkordb:PATH                                an embedded FalkorDB in the file PATH

``CypherMirror(backend).sync(store)`` compares the store's sources with the
Source nodes the mirror holds (``queries/cypher/synced_sources.cypher``):

- a source not mirrored yet is written: entities, values, facts, claims, in
  batches of ``UNWIND $rows ... MERGE`` (every value a parameter), and its
  Source node last, whose ``syncKey`` marks it complete -- a sync killed
  half-way leaves the source unmarked and the next sync writes it again; MERGE
  makes that a no-op for what was already there;
- a source whose ``syncKey`` changed (refreshed in the store) is removed and
  written again;
- a source no longer in the store (retracted) is removed;
- the rest is left alone, so a second sync in a row writes nothing.

The Cypher is the text of ``queries/cypher/*.cypher``, openCypher both engines
run. Labels and relationship types cannot be parameters in openCypher, so a
statement names them as ``{{type}}``, ``{{label}}``, ``{{from_label}}`` or
``{{to_label}}``, and :func:`fill` puts in an identifier checked against
``[A-Za-z][A-Za-z0-9_]*`` (a fact's type is the property's local name, ``P19``);
nothing else is ever formatted into a query. Where the engines differ (only
the schema: Neo4j's uniqueness constraints, FalkorDB's indexes) a file under
``queries/cypher/<dialect>/`` takes the place of the shared one.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import pyoxigraph as ox

from kgfc.errors import ConfigError, UsageError
from kgfc.kg.neo4j_mapping import FactRow, GraphRows, LinkRow, map_graph, source_row, sync_key
from kgfc.resources import load_query, resource_dir

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

BATCH = 5000
DIALECTS = ("neo4j", "falkordb")
_IDENT = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_SLOT = re.compile(r"\{\{(\w+)\}\}")
# a Cypher query's parameters, or a row it returns: names to plain values (strings, numbers,
# booleans, None, lists and maps of them) -- what the database drivers take and give
Record = dict[str, Any]


@dataclass
class SyncReport:
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: int = 0
    facts: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, list[str] | int | float]:
        return {
            "added": self.added,
            "updated": self.updated,
            "removed": self.removed,
            "unchanged": self.unchanged,
            "facts": self.facts,
            "seconds": round(self.seconds, 3),
        }


def _query_text(name: str, dialect: str | None) -> str:
    if dialect and (resource_dir("queries") / "cypher" / dialect / f"{name}.cypher").is_file():
        return load_query(f"{dialect}/{name}", "cypher")
    return load_query(name, "cypher")


def statements(name: str, dialect: str | None = None) -> list[str]:
    """The statements of ``queries/cypher/<name>.cypher`` (several when separated by ``;``).

    With a ``dialect``, ``queries/cypher/<dialect>/<name>.cypher`` is read instead when it exists.
    """
    text = "\n".join(
        line
        for line in _query_text(name, dialect).splitlines()
        if not line.strip().startswith("//")
    )
    return [s.strip() for s in text.split(";") if s.strip()]


def statement(name: str, dialect: str | None = None) -> str:
    [query] = statements(name, dialect)
    return query


def slots(query: str) -> set[str]:
    """The ``{{name}}`` identifier slots of a statement."""
    return set(_SLOT.findall(query))


def fill(query: str, **idents: str) -> str:
    """Put checked identifiers (labels, relationship types) into a statement's ``{{slots}}``."""
    for name, value in idents.items():
        if not _IDENT.match(value or ""):
            raise ValueError(f"not a safe Cypher identifier for {{{{{name}}}}}: {value!r}")

    def sub(m: re.Match[str]) -> str:
        try:
            return idents[m.group(1)]
        except KeyError:
            raise ValueError(f"no identifier given for {{{{{m.group(1)}}}}}") from None

    return _SLOT.sub(sub, query)


def named(
    name: str, params: Mapping[str, object] | None = None, dialect: str | None = None
) -> tuple[str, Record]:
    """A named query ready to run: its ``{{slots}}`` filled from the parameters of the same
    name (``type=P19``: checked identifiers), and the parameters left over."""
    query = statement(name, dialect)
    params = dict(params or {})
    wanted = slots(query)
    missing = sorted(wanted - params.keys())
    if missing:
        raise UsageError(
            f"The Cypher query {name!r} needs {', '.join(missing)}: a label or relationship type.",
            hint=" ".join(f"--bind {m}=NAME" for m in missing) + " (P19 for wdt:P19).",
        )
    try:
        return fill(query, **{k: str(params.pop(k)) for k in wanted}), params
    except ValueError as exc:
        raise UsageError(f"{exc}.", hint="A label or type is letters, digits and _.") from None


class CypherBackend(Protocol):
    """What a Cypher database must offer the mirror."""

    dialect: str  # "neo4j" or "falkordb": which queries/cypher/<dialect>/ files apply
    uri: str

    def write(self, query: str, params: Record) -> None:
        """Run one statement in a write transaction."""

    def read(
        self, query: str, params: Record | None = None, *, write: bool = False
    ) -> tuple[list[str], list[Record]]:
        """Run a query: its column names and rows of plain values. A read-only
        transaction unless ``write``; a query that writes there raises
        :class:`kgfc.errors.UsageError`."""

    def ensure_schema(self, statements: list[str]) -> None:
        """Create the indexes / constraints of ``schema.cypher`` that are missing."""

    def close(self) -> None: ...


class WriteRefused(UsageError):
    """A read-only run's query writes to the mirror."""


def write_refused(uri: str) -> WriteRefused:
    """The error a read-only run raises when the query writes."""
    return WriteRefused(
        f"This Cypher query writes to the mirror at {uri}; kg cypher runs read-only queries.",
        hint="Pass --write to change the mirror (kg sync does not undo hand edits: they stay "
        "until the source they touch is synced again).",
    )


class CypherMirror:
    """The store's knowledge, claims and verdicts as a property graph in a Cypher database."""

    def __init__(self, backend: CypherBackend, *, batch: int = BATCH) -> None:
        self.backend = backend
        self.batch = max(1, batch)

    @property
    def uri(self) -> str:
        return self.backend.uri

    @property
    def dialect(self) -> str:
        return self.backend.dialect

    def close(self) -> None:
        self.backend.close()

    def __enter__(self) -> CypherMirror:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- queries ----------------------------------------------------------------
    def statements(self, name: str) -> list[str]:
        return statements(name, self.dialect)

    def run(self, name: str, params: Mapping[str, object] | None = None) -> list[Record]:
        """Run the named read query from ``queries/cypher`` (``{{slots}}`` filled from ``params``)."""
        query, rest = named(name, params, self.dialect)
        return self.backend.read(query, rest)[1]

    def cypher(
        self, text: str, params: Record | None = None, *, write: bool = False
    ) -> tuple[list[str], list[Record]]:
        """Run user Cypher (read-only unless ``write``): column names and rows."""
        return self.backend.read(text, params, write=write)

    def _batched(self, name: str, rows: Sequence[Mapping[str, object]], **idents: str) -> None:
        query = fill(statement(name, self.dialect), **idents)
        for i in range(0, len(rows), self.batch):
            self.backend.write(query, {"rows": list(rows[i : i + self.batch])})

    # -- sync -------------------------------------------------------------------
    def synced(self) -> dict[str, str]:
        return {r["iri"]: r["syncKey"] for r in self.run("synced_sources")}

    def sync(
        self, store: KnowledgeGraph, progress: Callable[[str], None] | None = None
    ) -> SyncReport:
        start = time.perf_counter()
        report = SyncReport()
        self.backend.ensure_schema(self.statements("schema"))
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
            self.backend.write(
                statement("merge_source", self.dialect), {"source": source_row(source)}
            )
        report.seconds = time.perf_counter() - start
        return report

    def write(self, rows: GraphRows) -> None:
        """Write one source graph's rows (idempotent: every write is a MERGE)."""
        self._batched("merge_entities", list(rows.entities.values()))
        self._batched("merge_values", list(rows.values.values()))
        for kind, name in (("Entity", "merge_facts_entity"), ("Value", "merge_facts_value")):
            by_type: dict[str, list[FactRow]] = {}
            for f in rows.facts:
                if f["object_kind"] == kind:
                    by_type.setdefault(f["type"], []).append(f)
            for rel, facts in sorted(by_type.items()):
                self._batched(name, facts, type=rel)
        for label, nodes in (
            ("Claim", rows.claims),
            ("Verdict", rows.verdicts),
            ("Statement", rows.statements),
        ):
            if nodes:
                self._batched("merge_nodes", nodes, label=label)
        groups: dict[tuple[str, str, str], list[LinkRow]] = {}
        for r in rows.links:
            groups.setdefault((r["type"], r["from_label"], r["to_label"]), []).append(r)
        for (rel, from_label, to_label), links in sorted(groups.items()):
            if to_label == "Value":
                self._batched("merge_value_links", links, type=rel, from_label=from_label)
            else:
                self._batched(
                    "merge_links", links, type=rel, from_label=from_label, to_label=to_label
                )

    def remove(self, iri: str) -> None:
        for stmt in self.statements("remove_source"):
            self.backend.write(stmt, {"iri": iri})


# -- choosing a backend by URL ---------------------------------------------------------
NEO4J_SCHEMES = ("neo4j://", "neo4j+s://", "neo4j+ssc://", "bolt://", "bolt+s://", "bolt+ssc://")
URL_FORMS = (
    "neo4j://HOST[:7687], bolt://HOST[:7687], falkordb://HOST[:6379][/GRAPH] or falkordb:PATH"
)


def backend_kind(uri: str) -> str:
    """``neo4j`` or ``falkordb`` (a server or an embedded file); ConfigError for anything else."""
    if uri.startswith(NEO4J_SCHEMES):
        return "neo4j"
    if uri.startswith("falkordb:"):
        return "falkordb"
    raise ConfigError(f"Not a Cypher mirror URL: {uri!r}.", hint=f"Use {URL_FORMS}.")


def open_mirror(
    uri: str,
    *,
    user: str | None = None,
    password: Callable[[], str | None] | str | None = None,
    database: str | None = None,
    batch: int = BATCH,
) -> CypherMirror:
    """The mirror at ``uri``. ``password`` (a string, or a function asked only when
    needed) and ``database`` are Neo4j's; a FalkorDB server takes its credentials
    from the URL."""
    kind = backend_kind(uri)
    if kind == "neo4j":
        from kgfc.kg.neo4j_sync import Neo4jBackend, connect

        secret = password() if callable(password) else password
        if secret is None:
            raise ConfigError("No Neo4j password.", hint="Set KGFC_NEO4J_PASSWORD.")
        driver = connect(uri, user or "neo4j", secret)
        return CypherMirror(Neo4jBackend(driver, database=database, uri=uri), batch=batch)
    from kgfc.kg.falkordb_mirror import open_falkordb

    return CypherMirror(open_falkordb(uri), batch=batch)
