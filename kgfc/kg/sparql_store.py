"""A :class:`~kgfc.kg.store.GraphStore` on any SPARQL 1.1 server (Oxigraph server, Virtuoso, ...).

Spec: ``sparql:QUERY_URL[,update=UPDATE_URL][,gsp=GRAPH_STORE_URL][,timeout=S]
[,scan_timeout=S][,retries=N][,chunk=N]`` (per-request timeout 30 s; whole-store
scans such as statistics and rule mining 600 s; 2 retries; 20000 triples per request).
When ``update=`` is left out it is guessed from the query URL: Oxigraph's and
Fuseki's ``.../query`` pairs with ``.../update``, anything else (Virtuoso's
``/sparql``) takes updates at the query URL. Credentials come from
``KGFC_SPARQL_USER`` / ``KGFC_SPARQL_PASSWORD`` (HTTP digest, as Virtuoso's
``/sparql-auth`` wants), never from the spec, so they stay out of logs.

Layout: the same as the embedded store. Every source is one named graph holding
its facts, labels and its own PROV-O record; claims are graphs too. So the
same named queries (``queries/sparql``) answer the same questions.

Writes: one source graph is written with one request (``DROP SILENT GRAPH`` +
``INSERT DATA`` in one update, or one Graph Store ``PUT`` when ``gsp=`` is
set), which Oxigraph runs as one transaction. A graph bigger than ``chunk``
triples goes in several requests; it is written marked ``kgfc:status
"loading"`` and the mark is flipped to ``"complete"`` by the last request.
A graph still marked loading (a killed load) does not count as present:
:meth:`has_source` says no, so the next run writes it again.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pyoxigraph as ox

from kgfc.errors import ConfigError, InputError, RDFSyntaxError, StoreError
from kgfc.kg import vocab as V
from kgfc.kg.aggregates import computing
from kgfc.kg.labels import LabelIndex
from kgfc.kg.oxigraph_store import stored_fact
from kgfc.kg.sparql_protocol import Endpoints, SparqlClient
from kgfc.kg.store import QueryCounting, Term, is_bookkeeping
from kgfc.kg.terms import fact_quads, label_quads, provenance_quads, source_from_row, with_values
from kgfc.models import Fact, Label, LabelHit, LoadReport, Source, SourceKind, StoreStats
from kgfc.resources import load_query

_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)
_STATUS = ox.NamedNode(V.KGFC + "status")
_NOTHING = "urn:kgfc:nothing"
_OP_TRIPLES = 2000
_PART_OF = ox.NamedNode(V.DCT + "isPartOf")
LABEL_PREDICATES = frozenset({V.RDFS_LABEL, V.SKOS_ALT, V.SCHEMA_DESC})
# Virtuoso's own graphs (its RDF views, LDP and URIQA metadata) are not kgfc data.
SYSTEM_GRAPHS = (
    "http://www.openlinksw.com/schemas/virtrdf#",
    "http://www.w3.org/ns/ldp#",
    "http://localuriqaserver/sparql",
)


def parse_spec(rest: str) -> dict:
    """``QUERY_URL[,key=value...]`` -> keyword arguments of :class:`SparqlStore`."""
    parts = [p.strip() for p in rest.split(",") if p.strip()]
    if not parts or "://" not in parts[0]:
        raise ConfigError(
            f"Bad SPARQL store spec {rest!r}.",
            hint="Use sparql:QUERY_URL[,update=UPDATE_URL][,gsp=GRAPH_STORE_URL], e.g. "
            "sparql:http://127.0.0.1:7878/query",
        )
    kw: dict = {"query_url": parts[0]}
    casts = {
        "update": str,
        "gsp": str,
        "timeout": float,
        "scan_timeout": float,
        "retries": int,
        "chunk": int,
    }
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in casts:
            raise ConfigError(
                f"Unknown option {part!r} in the SPARQL store spec.",
                hint=f"Known options: {', '.join(casts)} (as key=value).",
            )
        try:
            kw[{"update": "update_url", "gsp": "gsp_url"}.get(key, key)] = casts[key](value)
        except ValueError:
            raise ConfigError(f"Bad value for {key} in the SPARQL store spec: {value!r}.") from None
    return kw


def default_update_url(query_url: str) -> str:
    if query_url.rstrip("/").endswith("/query"):
        return query_url.rstrip("/")[: -len("query")] + "update"
    return query_url


def _term(value: str | ox.NamedNode | ox.Literal) -> ox.NamedNode | ox.Literal:
    return value if isinstance(value, ox.NamedNode | ox.Literal) else ox.NamedNode(value)


def with_bindings(text: str, bindings: Mapping[str, ox.NamedNode | ox.Literal]) -> str:
    """Bind variables the way pyoxigraph's ``substitutions`` do, as one inline ``VALUES`` row.

    Remote servers take no substitutions, so the values travel in the query;
    each term is written by pyoxigraph's N-Triples serialiser, so a value
    cannot change the query's structure.
    """
    if not bindings:
        return text
    names = list(bindings)
    if not all(n.isidentifier() for n in names):
        raise ValueError(f"bad variable names {names!r}")
    block = "VALUES ({}) {{ ({}) }}".format(
        " ".join(f"?{n}" for n in names), " ".join(str(bindings[n]) for n in names)
    )
    marker = "#@VALUES ?" + names[0]
    if len(names) == 1 and marker in text:
        return text.replace(marker, block, 1)
    m = _WHERE.search(text)
    if m is None:
        raise ValueError("cannot bind values into a query without a WHERE block")
    return f"{text[: m.end()]}\n{block}\n{text[m.end() :]}"


def _ntriples(triples: Iterable[ox.Triple]) -> str:
    return "".join(f"{t} .\n" for t in triples)


def _chunks(items: Sequence, size: int) -> Iterator[Sequence]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


_CANONICAL_TYPES = frozenset(
    V.XSD + t
    for t in (
        "double",
        "float",
        "decimal",
        "integer",
        "int",
        "long",
        "boolean",
        "nonNegativeInteger",
    )
)


@functools.lru_cache(maxsize=65536)
def _canonical_literal(lit: ox.Literal) -> ox.Literal:
    # Oxigraph keeps typed values in canonical form ("1.0"^^xsd:double is "1"),
    # Virtuoso keeps the lexical form it was given; both are the same value.
    # Writing the literal into a scratch store is how to get Oxigraph's form
    # without re-implementing XSD canonicalisation.
    scratch = ox.Store()
    scratch.add(ox.Quad(ox.NamedNode("urn:x"), ox.NamedNode("urn:x"), lit))
    return next(iter(scratch)).object


def canonical(term):
    """``term`` as the embedded store would give it back (typed numbers canonical)."""
    if isinstance(term, ox.Literal) and term.datatype.value in _CANONICAL_TYPES:
        return _canonical_literal(term)
    return term


def canonical_triple(t: ox.Triple) -> ox.Triple:
    return ox.Triple(t.subject, t.predicate, canonical(t.object))


def label_rows(quads: Iterable[ox.Quad]) -> Iterator[dict[str, str]]:
    """English label, alias and description quads as label-index rows."""
    for q in quads:
        if (
            q.predicate.value in LABEL_PREDICATES
            and isinstance(q.object, ox.Literal)
            and (q.object.language or "").lower().startswith("en")
        ):
            yield {"entity": q.subject.value, "p": q.predicate.value, "text": q.object.value}


def _property_entity(predicate: str) -> str:
    """``wdt:P19`` -> ``wd:P19`` (whose labels name the property); other predicates unchanged."""
    return V.WD + predicate[len(V.WDT) :] if predicate.startswith(V.WDT) else predicate


def facts_from_rows(rows: Iterable, labels: Mapping[str, str]) -> list[Fact]:
    """Facts from ``neighbourhood`` rows (pyoxigraph terms), de-duplicated, with labels."""
    seen: set[tuple] = set()
    facts: list[Fact] = []
    for r in rows:
        value, entity, g = r["value"], r["entity"], r["g"].value
        s, o = (entity, value) if r["direction"].value == "out" else (value, entity)
        p = r["property"].value
        key = (s, p, o, g)
        if key in seen:
            continue
        seen.add(key)
        is_lit = isinstance(o, ox.Literal)
        facts.append(
            stored_fact(
                subject=s.value,
                predicate=p,
                object=o.value,
                object_is_literal=is_lit,
                datatype=o.datatype.value if is_lit and o.language is None else None,
                lang=o.language if is_lit else None,
                subject_label=labels.get(s.value),
                predicate_label=labels.get(_property_entity(p)),
                object_label=None if is_lit else labels.get(o.value),
                source=g,
            )
        )
    return facts


class SparqlStore(QueryCounting):
    """The kgfc layout of named graphs, on a SPARQL 1.1 server reached over HTTP."""

    path = None  # nothing on local disk

    def __init__(
        self,
        query_url: str,
        *,
        update_url: str | None = None,
        gsp_url: str | None = None,
        timeout: float = 30.0,
        scan_timeout: float = 600.0,
        retries: int = 2,
        chunk: int = 20_000,
        read_only: bool = False,
        auth: tuple[str, str] | None = None,
        **client_kw,
    ) -> None:
        if auth is None and os.environ.get("KGFC_SPARQL_USER"):
            auth = (os.environ["KGFC_SPARQL_USER"], os.environ.get("KGFC_SPARQL_PASSWORD", ""))
        self.url = query_url
        self.read_only = read_only
        self.chunk = max(1, chunk)
        self.scan_timeout = scan_timeout
        self.generation = 0
        self._label_index: LabelIndex | None = None
        self._cached: dict[str, list[dict]] = {}
        self.aggregate_builds: Counter[str] = Counter()  # as OxigraphStore's: tests count rebuilds
        endpoints = Endpoints(
            query=query_url,
            update=None if read_only else (update_url or default_update_url(query_url)),
            gsp=None if read_only else gsp_url,
        )
        self.client = SparqlClient(
            endpoints, timeout=timeout, retries=retries, auth=auth, **client_kw
        )

    @property
    def can_record(self) -> bool:
        """Bookkeeping writes are accepted unless the store was opened read-only."""
        return not self.read_only

    def graphs(self) -> list[str]:
        """Names of the knowledge graphs (bookkeeping and the server's system graphs left out)."""
        rows = self._select(
            f"SELECT ?g (COUNT(*) AS ?n) WHERE {{ GRAPH ?g {{ ?s ?p ?o }} {_NOT_SYSTEM} }} GROUP BY ?g"
        )
        return sorted(r["g"].value for r in rows if not is_bookkeeping(r["g"].value))

    @classmethod
    def from_spec(cls, rest: str, **kw) -> SparqlStore:
        return cls(**parse_spec(rest), **kw)

    # -- lifecycle --------------------------------------------------------
    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> SparqlStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SparqlStore({self.url!r})"

    # -- queries ----------------------------------------------------------
    def _select(self, text: str, *, scan: bool = False) -> list[dict]:
        self._count_query()
        return self.client.select(text, timeout=self.scan_timeout if scan else None)

    def _ask(self, text: str) -> bool:
        self._count_query()
        return bool(self.client.query(text))

    def sparql(
        self,
        text: str,
        *,
        union_default_graph: bool = True,
        substitutions=None,
        allow_service: bool = False,  # noqa: ARG002 - federation is the server's own setting
    ):
        """Run user SPARQL; returns pyoxigraph results like the embedded store.

        ``union_default_graph`` is asked of Oxigraph by parameter; Virtuoso's
        default graph is the union of all graphs already; other servers keep
        their own default.
        """
        if substitutions:
            text = with_bindings(text, {k.value: v for k, v in substitutions.items()})
        params = (
            {"union-default-graph": ""}
            if union_default_graph and self.client.flavour == "oxigraph"
            else None
        )
        self._count_query()
        return self.client.query(text, params=params)

    def run(
        self,
        name: str,
        bindings: Mapping[str, str | ox.NamedNode | ox.Literal] | None = None,
        values: Sequence[str] | None = None,
        values_var: str = "entity",
    ) -> list[dict[str, str | None]]:
        text = load_query(name)
        if values is not None:
            text = with_values(text, values_var, values)
        if bindings:
            text = with_bindings(text, {k: _term(v) for k, v in bindings.items()})
        # A named query with nothing bound is a whole-store scan (statistics,
        # rule mining): it gets the long timeout.
        rows = self._select(text, scan=not bindings and values is None)
        return [{k: (t.value if t is not None else None) for k, t in r.items()} for r in rows]

    def run_cached(self, name: str) -> list[dict[str, str | None]]:
        """``run(name)`` for whole-store aggregates, kept until this process writes knowledge.

        The server is shared, this cache is not: what other processes write is
        seen once this process writes or reopens the store.
        """
        if name not in self._cached:
            self.aggregate_builds[name] += 1
            with computing(name):
                self._cached[name] = self.run(name)
        return self._cached[name]

    def knowledge_key(self) -> str:
        """The knowledge graphs and when each was retrieved (a refreshed source changes the key)."""
        rows = self._select(load_query("source_times"))
        ident = "\n".join(
            sorted(
                f"{r['g'].value} {r['t'].value}" for r in rows if not is_bookkeeping(r["g"].value)
            )
        )
        return hashlib.sha256(ident.encode("utf-8")).hexdigest()[:24]

    def cache_dir(self, kind: str) -> Path | None:
        """On-disk caches (mined rules) are shared by every process using this server."""
        from kgfc.settings import default_home

        digest = hashlib.sha256(self.url.encode()).hexdigest()[:16]
        return default_home() / "cache" / kind / f"sparql-{digest}"

    def _changed(self, *, added: Iterable[ox.Quad] | None = None) -> None:
        self.generation += 1
        self._cached.clear()
        if self._label_index is not None and added is not None:
            self._label_index.add_rows(label_rows(added))
        else:
            self._label_index = None

    # -- writes -----------------------------------------------------------
    def _check_writable(self) -> None:
        if self.read_only:
            raise StoreError(
                "The store is open read-only.", hint="Re-run without --read-only to write."
            )

    def has_source(self, iri: str) -> bool:
        try:
            g = ox.NamedNode(iri)
        except ValueError:
            return False
        # A graph still marked loading is half-written (a chunked write running or killed).
        return self._ask(
            f"ASK {{ GRAPH {g} {{ ?s ?p ?o }} "
            f'FILTER NOT EXISTS {{ GRAPH {g} {{ {g} {_STATUS} "loading" }} }} }}'
        )

    def source(self, iri: str) -> Source | None:
        try:
            g = ox.NamedNode(iri)
        except ValueError:
            return None
        props: dict[str, list[str]] = {}
        for r in self._select(f"SELECT ?p ?o WHERE {{ GRAPH {g} {{ {g} ?p ?o }} }}"):
            props.setdefault(r["p"].value, []).append(r["o"].value)
        if V.RDF_TYPE not in props:
            return None
        [row] = self.run("source_fact_counts_one", bindings={"g": iri})
        return source_from_row(iri, props).model_copy(update={"facts": int(row["facts"])})

    def write_quads(
        self,
        graph: str,
        quads: Iterable[ox.Quad],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """Write into one graph with one update request (see the module docstring).

        ``replace`` drops the graph's old content (or the ``replace_subject``
        quads) in that same request, so the server never shows a half-replaced graph.
        """
        self._check_writable()
        plan = self._plan_write(graph, quads, replace, replace_subject)
        if plan is None:
            return 0
        self._update_graph(plan.graph, plan.send, clear=plan.clear)
        return self._written(plan)

    def write_graphs(
        self,
        graphs: Mapping[str, Iterable[ox.Quad]],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """Write several named graphs (a batch's chunk of claim graphs) in ONE update request.

        SPARQL 1.1 Update says a service should apply one request atomically
        (Oxigraph runs it in one transaction), so a chunk is stored whole or
        not at all, as on the embedded store; one request per graph would let
        a crash leave part of a chunk behind.
        """
        self._check_writable()
        plans = [
            plan
            for graph, quads in graphs.items()
            if (plan := self._plan_write(graph, quads, replace, replace_subject)) is not None
        ]
        ops = [op for plan in plans for op in _graph_ops(plan.graph, plan.send, plan.clear)]
        if ops:
            self.client.update(" ;\n".join(ops))
        return sum(self._written(plan) for plan in plans)

    def _plan_write(
        self, graph: str, quads: Iterable[ox.Quad], replace: bool, replace_subject: str | None
    ) -> _WritePlan | None:
        """What writing ``quads`` into ``graph`` must send (None: nothing changes)."""
        g = ox.NamedNode(graph)
        triples = list(dict.fromkeys(canonical_triple(q.triple) for q in quads))
        subject = ox.NamedNode(replace_subject) if replace_subject else None
        before = {q.triple for q in self.quads(subject if replace else None, None, None, g)}
        new = [t for t in triples if t not in before]
        removed = before - set(triples) if replace else set()
        if not new and not removed:
            return None
        if replace and subject is not None:
            clear = f"DELETE WHERE {{ GRAPH {g} {{ {subject} ?p ?o }} }}"
            return _WritePlan(g, triples, clear, new, removed)
        return _WritePlan(g, triples if replace else new, "drop" if replace else None, new, removed)

    def _written(self, plan: _WritePlan) -> int:
        """After a plan's request: tell the caches what changed; the number of new quads."""
        if not is_bookkeeping(plan.graph.value):
            removed_labels = any(t.predicate.value in LABEL_PREDICATES for t in plan.removed)
            added = None if removed_labels else [ox.Quad(*t, plan.graph) for t in plan.new]
            self._changed(added=added)
        return len(plan.new)

    def _update_graph(
        self, g: ox.NamedNode, triples: Sequence[ox.Triple], *, clear: str | None
    ) -> None:
        """One request for ``triples`` (plus clearing: ``"drop"`` or an update operation)."""
        if clear == "drop" and self.client.endpoints.gsp is not None:
            # Graph Store PUT replaces the graph; N-Triples is Turtle, which every GSP server reads.
            self.client.put_graph(g.value, _ntriples(triples).encode("utf-8"), replace=True)
            return
        ops = _graph_ops(g, triples, clear)
        if ops:
            self.client.update(" ;\n".join(ops))

    def _write_big_graph(self, g: ox.NamedNode, triples: Sequence[ox.Triple]) -> None:
        """Replace a graph too big for one request: chunks, marked loading until the last is in."""
        loading = ox.Triple(g, _STATUS, ox.Literal("loading"))
        parts = list(_chunks(triples, self.chunk)) or [[]]
        self._update_graph(g, [loading, *parts[0]], clear="drop")
        for part in parts[1:]:
            self._update_graph(g, part, clear=None)
        self.client.update(f"DELETE DATA {{ GRAPH {g} {{ {loading} }} }}")

    def add_source(
        self,
        source: Source,
        facts: Iterable[Fact],
        labels: Iterable[Label] = (),
        *,
        replace: bool = False,
    ) -> bool:
        self._check_writable()
        if not replace and self.has_source(source.iri):
            return False
        g = ox.NamedNode(source.iri)
        quads = [*fact_quads(facts, g), *label_quads(labels, g), *provenance_quads(source)]
        if len(quads) > self.chunk:
            self._write_big_graph(g, [q.triple for q in quads])
            self._changed()
        else:
            self.write_quads(source.iri, quads, replace=True)
        return True

    def load_bundle(self, path: str | os.PathLike[str], graphs: Sequence[str]) -> None:
        """Load a trusted N-Quads(.gz) file holding exactly ``graphs``, replacing them whole.

        The file is read whole before the first write, so a broken file changes
        nothing; each graph then goes in as in :meth:`add_source`.
        """
        self._check_writable()
        path = Path(path)
        try:
            by_graph = _parse_by_graph(path, ox.RdfFormat.N_QUADS, default=None)
        except (InputError, RDFSyntaxError) as exc:
            raise StoreError(f"Loading {path} failed: {exc}") from exc
        for iri in graphs:
            self._write_big_graph(ox.NamedNode(iri), by_graph.get(iri, []))
        self._changed()

    def retract(self, source_iri: str) -> int:
        self._check_writable()
        try:
            g = ox.NamedNode(source_iri)
        except ValueError:
            g = None
        n = self.count(graph=g) if g is not None else 0
        if not n:
            raise InputError(
                f"No source {source_iri!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        # A loaded file's named graphs are sources of their own, part of the file's.
        parts = [
            r["sub"]
            for r in self._select(f"SELECT ?sub WHERE {{ GRAPH ?sub {{ ?sub {_PART_OF} {g} }} }}")
        ]
        n += sum(self.count(graph=p) for p in parts)
        # SILENT: Virtuoso refuses to DROP a graph it saw only through INSERT DATA.
        self.client.update(" ;\n".join(f"DROP SILENT GRAPH {x}" for x in [g, *parts]))
        if not is_bookkeeping(source_iri):
            self._changed()
        return n

    def load_file(
        self, path: str | os.PathLike[str], fmt: str | None = None, progress=None
    ) -> LoadReport:
        """Load an RDF file as one source, as the embedded store does; parsed whole before any write.

        ``progress`` is accepted for the CLI and not reported yet (a remote load
        shows no progress bar).
        """
        from kgfc.kg.oxigraph_store import file_graph_iri, file_sha256, guess_format, source_iri

        self._check_writable()
        path = Path(path)
        if not path.is_file():
            raise InputError(f"No such file: {path}")
        rdf_format = guess_format(path, fmt)
        start = time.perf_counter()
        digest = file_sha256(path)
        iri = source_iri("file", digest)
        report = LoadReport(path=str(path), source=iri, status="unchanged", quads=0, seconds=0.0)
        if self.has_source(iri):
            return report.model_copy(update={"seconds": time.perf_counter() - start})
        source = Source(
            iri=iri,
            kind=SourceKind.FILE,
            location=path.resolve().as_uri(),
            query=f"sha256:{digest}",
            extractor=f"rdf-parser:{rdf_format.name}",
            title=path.name,
        )
        by_graph = _parse_by_graph(path, rdf_format, iri)
        n = sum(len(t) for t in by_graph.values())
        own = by_graph.pop(iri, [])
        # As the embedded store: each named graph of the file becomes a source of its
        # own under the file's (kgfc:originalGraph, dct:isPartOf), never another source.
        for other, triples in by_graph.items():
            sub = ox.NamedNode(file_graph_iri(iri, other))
            prov = source.model_copy(update={"iri": sub.value, "title": f"{path.name} {other}"})
            record = [q.triple for q in provenance_quads(prov)] + [
                ox.Triple(sub, ox.NamedNode(V.KGFC + "originalGraph"), ox.NamedNode(other)),
                ox.Triple(sub, _PART_OF, ox.NamedNode(iri)),
            ]
            self._write_big_graph(sub, [*triples, *record])
        # The file's own graph last: it marks the file as loaded.
        self._write_big_graph(
            ox.NamedNode(iri), [*own, *(q.triple for q in provenance_quads(source))]
        )
        self._changed()
        return report.model_copy(
            update={"status": "loaded", "quads": n, "seconds": time.perf_counter() - start}
        )

    # -- reads ------------------------------------------------------------
    def neighbourhood(
        self, entities: Sequence[str], incoming: Sequence[str] | None = None
    ) -> list[Fact]:
        """Outgoing facts of ``entities`` and incoming facts of ``incoming`` (default: the same)."""
        if not entities and not incoming:
            return []
        out = list(dict.fromkeys(entities)) or [_NOTHING]
        text = with_values(load_query("neighbourhood"), "entity", out)
        inc = list(dict.fromkeys(entities if incoming is None else incoming))
        text = with_values(text, "incoming", inc or [_NOTHING])
        return facts_from_rows(self._select(text), self.label_index().labels)

    def label_index(self) -> LabelIndex:
        if self._label_index is None:
            self.aggregate_builds["label_index"] += 1
            self._label_index = LabelIndex.from_rows(self.run_cached("all_labels"))
        return self._label_index

    def search_labels(self, text: str, limit: int = 10) -> list[LabelHit]:
        return self.label_index().search(text, limit=limit)

    def _source_props(self) -> dict[str, dict[str, list[str]]]:
        props: dict[str, dict[str, list[str]]] = {}
        for row in self.run("sources"):
            props.setdefault(row["g"], {}).setdefault(row["p"], []).append(row["o"])
        return {g: p for g, p in props.items() if "loading" not in p.get(V.KGFC + "status", [])}

    def sources(self) -> list[Source]:
        counts = {r["g"]: int(r["facts"]) for r in self.run("source_fact_counts")}
        out = [
            source_from_row(iri, p).model_copy(update={"facts": counts.get(iri, 0)})
            for iri, p in self._source_props().items()
        ]
        return sorted(out, key=lambda s: (s.retrieved_at, s.iri))

    def stats(self) -> StoreStats:
        kinds: dict[str, int] = {}
        for p in self._source_props().values():
            for kind in p.get(V.KGFC + "sourceKind", [])[:1]:
                kinds[kind] = kinds.get(kind, 0) + 1
        return StoreStats(
            entities=int(self.run_cached("stats_entities")[0]["entities"]),
            facts=int(self.run_cached("stats_facts")[0]["facts"]),
            sources=sum(kinds.values()),
            labels=int(self.run_cached("stats_labels")[0]["labels"]),
            quads=len(self),
            claims=kinds.get("claim", 0),
            sources_by_kind=kinds,
            path=self.url,
        )

    def _pattern(self, s, p, o, g) -> tuple[str, list[str]]:
        """A quad pattern with bound terms written by pyoxigraph, and the variables left."""
        terms = {"s": s, "p": p, "o": o}
        body = " ".join(str(t) if t is not None else f"?{k}" for k, t in terms.items())
        free = [k for k, t in terms.items() if t is None]
        if g is None:
            return f"GRAPH ?g {{ {body} }} {_NOT_SYSTEM}", [*free, "g"]
        return f"GRAPH {g} {{ {body} }}", free

    def quads(
        self,
        subject: Term | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> Iterator[ox.Quad]:
        pattern, free = self._pattern(subject, predicate, object, graph)
        if not free:
            return iter(
                [ox.Quad(subject, predicate, object, graph)]
                if self._ask(f"ASK {{ {pattern} }}")
                else []
            )
        rows = self._select(f"SELECT {' '.join('?' + v for v in free)} WHERE {{ {pattern} }}")
        given = {"s": subject, "p": predicate, "o": object, "g": graph}
        return (ox.Quad(*(canonical(r.get(k) or given[k]) for k in "spog")) for r in rows)

    def count(
        self,
        subject: Term | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> int:
        pattern, _ = self._pattern(subject, predicate, object, graph)
        [row] = self._select(f"SELECT (COUNT(*) AS ?n) WHERE {{ {pattern} }}")
        return int(row["n"].value)

    def contains(self, quad: ox.Quad) -> bool:
        if not isinstance(quad.graph_name, ox.NamedNode):
            return False
        return self._ask(f"ASK {{ {self._pattern(*quad.triple, quad.graph_name)[0]} }}")

    def export(
        self,
        output: IO[bytes] | str | os.PathLike[str],
        fmt: str = "trig",
        source: str | None = None,
    ) -> None:
        """Write the store (or one source graph) like the embedded store's ``export``."""
        from kgfc.kg.oxigraph_store import FORMAT_NAMES

        rdf_format = FORMAT_NAMES.get(fmt.lower())
        if rdf_format is None:
            raise InputError(
                f"Unknown export format {fmt!r}.", hint="Use trig, nquads, turtle, nt or jsonld."
            )
        if source and not self.has_source(source):
            raise InputError(
                f"No source {source!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        quads = list(self.quads(graph=ox.NamedNode(source) if source else None))
        items = quads if rdf_format.supports_datasets else list({q.triple: None for q in quads})
        prefixes = V.PREFIXES if rdf_format in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
        ox.serialize(items, output, rdf_format, prefixes=prefixes)

    def __len__(self) -> int:
        return self.count()


_NOT_SYSTEM = "FILTER(?g NOT IN ({}))".format(", ".join(f"<{g}>" for g in SYSTEM_GRAPHS))


def _parse_by_graph(
    path: Path, rdf_format: ox.RdfFormat, default: str | None
) -> dict[str, list[ox.Triple]]:
    """The file's triples by graph IRI (default-graph triples under ``default``; dropped if None)."""
    from kgfc.kg.oxigraph_store import _open_bytes

    out: dict[str, list[ox.Triple]] = {}
    with _open_bytes(path) as fh:
        try:
            for q in ox.parse(fh, rdf_format):
                graph = default if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name.value
                if graph is not None:
                    out.setdefault(graph, []).append(q.triple)
        except SyntaxError as exc:
            raise RDFSyntaxError(
                str(exc.args[0] if exc.args else exc), path=str(path), line=exc.lineno
            ) from exc
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise InputError(f"Cannot read {path}: {exc}") from exc
    return out


@dataclass(frozen=True)
class _WritePlan:
    """One graph's part of a write: what to send and what changes."""

    graph: ox.NamedNode
    send: list[ox.Triple]
    clear: str | None  # None, "drop", or an update operation run first
    new: list[ox.Triple]
    removed: set[ox.Triple]


def _graph_ops(g: ox.NamedNode, triples: Sequence[ox.Triple], clear: str | None) -> list[str]:
    """The update operations writing ``triples`` into ``g`` (after clearing it, if asked)."""
    ops = [f"DROP SILENT GRAPH {g}"] if clear == "drop" else [clear] if clear else []
    # Several INSERT DATA operations: Virtuoso's SPARQL parser runs out of
    # stack on one block of more than ~5000 triples.
    ops += [
        f"INSERT DATA {{ GRAPH {g} {{\n{_ntriples(part)}}} }}"
        for part in _chunks(triples, _OP_TRIPLES)
    ]
    return ops
