"""A :class:`~kgfc.kg.store.KnowledgeGraph` backend on any SPARQL 1.1 server (Oxigraph server, Virtuoso, ...).

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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import pyoxigraph as ox

from kgfc.errors import ConfigError, InputError, RDFSyntaxError, StoreError
from kgfc.kg import vocab as V
from kgfc.kg.aggregates import computing
from kgfc.kg.rdf_files import LOADING, STATUS, Meter, export_prefixes, file_graph_iri, read_quads
from kgfc.kg.rdf_store import (
    RdfStore,
    WritePlan,
    fact_of,
    graph_node,
    part_record,
    property_entity,
)
from kgfc.kg.sparql_protocol import Endpoints, SparqlClient
from kgfc.kg.store import Subject, Substitutions, Term, is_bookkeeping
from kgfc.kg.terms import provenance_quads, source_from_row, with_values
from kgfc.models import Fact, Source
from kgfc.resources import load_query

_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)
_OP_TRIPLES = 2000
_NOTHING = "urn:kgfc:nothing"  # binds a VALUES block that must match nothing
# Virtuoso's own graphs (its RDF views, LDP and URIQA metadata) are not kgfc data.
SYSTEM_GRAPHS = (
    "http://www.openlinksw.com/schemas/virtrdf#",
    "http://www.w3.org/ns/ldp#",
    "http://localuriqaserver/sparql",
)


def parse_spec(rest: str) -> dict[str, Any]:
    """``QUERY_URL[,key=value...]`` -> keyword arguments of :class:`SparqlStore`."""
    parts = [p.strip() for p in rest.split(",") if p.strip()]
    if not parts or "://" not in parts[0]:
        raise ConfigError(
            f"Bad SPARQL store spec {rest!r}.",
            hint="Use sparql:QUERY_URL[,update=UPDATE_URL][,gsp=GRAPH_STORE_URL], e.g. "
            "sparql:http://127.0.0.1:7878/query",
        )
    kw: dict[str, Any] = {"query_url": parts[0]}
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


def with_bindings(text: str, bindings: Mapping[str, Term]) -> str:
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


T = TypeVar("T")
TermT = TypeVar("TermT", bound=Term | ox.Triple | None)


def _in(t: ox.Triple, g: ox.NamedNode) -> ox.Quad:
    """The triple ``t`` as a quad of graph ``g``."""
    return ox.Quad(t.subject, t.predicate, t.object, g)


def _ntriples(triples: Iterable[ox.Triple]) -> str:
    return "".join(f"{t} .\n" for t in triples)


def _chunks(items: Sequence[T], size: int) -> Iterator[Sequence[T]]:
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
    canonical_form = next(iter(scratch)).object
    assert isinstance(canonical_form, ox.Literal)
    return canonical_form


def canonical(term: TermT) -> TermT:
    """``term`` as the embedded store would give it back (typed numbers canonical)."""
    if isinstance(term, ox.Literal) and term.datatype.value in _CANONICAL_TYPES:
        return cast(TermT, _canonical_literal(term))
    return term


def canonical_triple(t: ox.Triple) -> ox.Triple:
    return ox.Triple(t.subject, t.predicate, canonical(t.object))


def facts_from_rows(rows: Iterable[Mapping[str, Any]], labels: Mapping[str, str]) -> list[Fact]:
    """Facts from ``neighbourhood`` rows (pyoxigraph terms), de-duplicated, with labels."""
    seen: set[tuple[Any, ...]] = set()
    facts: list[Fact] = []
    for r in rows:
        value, entity, g = r["value"], r["entity"], r["g"].value
        s, o = (entity, value) if r["direction"].value == "out" else (value, entity)
        p = r["property"].value
        key = (s, p, o, g)
        if key in seen:
            continue
        seen.add(key)
        facts.append(fact_of(s.value, p, o, g, labels, labels.get(property_entity(p))))
    return facts


class SparqlStore(RdfStore):
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
        **client_kw: Any,
    ) -> None:
        if auth is None and os.environ.get("KGFC_SPARQL_USER"):
            auth = (os.environ["KGFC_SPARQL_USER"], os.environ.get("KGFC_SPARQL_PASSWORD", ""))
        super().__init__(read_only=read_only)
        self.url = query_url
        self.chunk = max(1, chunk)
        self.scan_timeout = scan_timeout
        self._cached: dict[str, list[dict[str, str | None]]] = {}
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
    def from_spec(cls, rest: str, **kw: Any) -> SparqlStore:
        return cls(**parse_spec(rest), **kw)

    # -- lifecycle --------------------------------------------------------
    def close(self) -> None:
        self.client.close()

    def __repr__(self) -> str:
        return f"SparqlStore({self.url!r})"

    # -- queries ----------------------------------------------------------
    def _select(self, text: str, *, scan: bool = False) -> list[dict[str, Any]]:
        """Rows of terms (Any: kgfc's own queries bind what they project)."""
        self._count_query()
        return self.client.select(text, timeout=self.scan_timeout if scan else None)

    def _ask(self, text: str) -> bool:
        self._count_query()
        return bool(self.client.query(text))

    def _user_query(  # noqa: ARG002
        self,
        text: str,
        union: bool,
        substitutions: Substitutions | None,
        allow_service: bool,
    ) -> ox.QuerySolutions | ox.QueryBoolean | list[ox.Triple]:
        """pyoxigraph results like the embedded store's; federation is the server's own setting.

        ``union`` (the default graph as the union of all graphs) is asked of
        Oxigraph by parameter; Virtuoso's default graph is the union of all
        graphs already; other servers keep their own default.
        """
        if substitutions:
            text = with_bindings(text, {k.value: v for k, v in substitutions.items()})
        params = (
            {"union-default-graph": ""} if union and self.client.flavour == "oxigraph" else None
        )
        self._count_query()
        return self.client.query(text, params=params)

    def _rows(
        self, text: str, terms: Mapping[str, ox.NamedNode | ox.Literal], *, scan: bool
    ) -> list[dict[str, str | None]]:
        """Solutions as plain values; ``terms`` travel in the query text (see :func:`with_bindings`).

        A whole-store scan (statistics, rule mining) gets the long timeout.
        """
        if terms:
            text = with_bindings(text, terms)
        rows = self._select(text, scan=scan)
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

    def _changed(self, *, added_labels: Iterable[ox.Quad] | None = None) -> None:
        super()._changed(added_labels=added_labels)
        self._cached.clear()

    # -- writes -----------------------------------------------------------
    def has_source(self, iri: str) -> bool:
        g = graph_node(iri)
        if g is None:
            return False
        # A graph still marked loading is half-written (a chunked write running or killed).
        return self._ask(
            f"ASK {{ GRAPH {g} {{ ?s ?p ?o }} "
            f"FILTER NOT EXISTS {{ GRAPH {g} {{ {g} {STATUS} {LOADING} }} }} }}"
        )

    def source(self, iri: str) -> Source | None:
        g = graph_node(iri)
        if g is None:
            return None
        props: dict[str, list[str]] = {}
        for r in self._select(f"SELECT ?p ?o WHERE {{ GRAPH {g} {{ {g} ?p ?o }} }}"):
            props.setdefault(r["p"].value, []).append(r["o"].value)
        if V.RDF_TYPE not in props:
            return None
        [row] = self.run("source_fact_counts_one", bindings={"g": iri})
        return source_from_row(iri, props).model_copy(update={"facts": int(row["facts"] or 0)})

    def _plan_write(
        self, g: ox.NamedNode, quads: Iterable[ox.Quad], replace: bool, subject: Subject | None
    ) -> WritePlan:
        """What the graph holds (one query), compared in canonical form, and what to send.

        ``replace`` drops the graph's old content (or ``subject``'s quads) in the
        same request that writes the new, so the server never shows a half-replaced graph.
        """
        triples = list(dict.fromkeys(canonical_triple(q.triple) for q in quads))
        before = {q.triple for q in self.quads(subject if replace else None, None, None, g)}
        new = [t for t in triples if t not in before]
        removed = before - set(triples) if replace else set()
        plan = WritePlan(g, [_in(t, g) for t in new], [_in(t, g) for t in removed])
        if replace and subject is not None:
            plan.send, plan.clear = triples, f"DELETE WHERE {{ GRAPH {g} {{ {subject} ?p ?o }} }}"
        elif replace:
            plan.send, plan.clear = triples, "drop"
        else:
            plan.send = new
        return plan

    def _send(self, plans: Sequence[WritePlan]) -> None:
        """ONE update request for all the graphs (a Graph Store PUT for one graph replaced whole).

        SPARQL 1.1 Update says a service should apply one request atomically
        (Oxigraph runs it in one transaction), so a batch's chunk is stored
        whole or not at all, as on the embedded store; one request per graph
        would let a crash leave part of a chunk behind.
        """
        if len(plans) == 1:
            self._update_graph(plans[0].graph, plans[0].send, clear=plans[0].clear)
            return
        ops = [op for plan in plans for op in _graph_ops(plan.graph, plan.send, plan.clear)]
        if ops:
            self.client.update(" ;\n".join(ops))

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
        loading = ox.Triple(g, STATUS, LOADING)
        parts = list(_chunks(triples, self.chunk)) or [[]]
        self._update_graph(g, [loading, *parts[0]], clear="drop")
        for part in parts[1:]:
            self._update_graph(g, part, clear=None)
        self.client.update(f"DELETE DATA {{ GRAPH {g} {{ {loading} }} }}")

    def _write_source(self, g: ox.NamedNode, quads: list[ox.Quad]) -> None:
        if len(quads) > self.chunk:
            self._write_big_graph(g, [q.triple for q in quads])
            self._changed()
        else:
            self.write_quads(g.value, quads, replace=True)

    def load_bundle(self, path: str | os.PathLike[str], graphs: Sequence[str]) -> None:
        """Load a trusted N-Quads(.gz) file holding exactly ``graphs``, replacing them whole.

        The file is read whole before the first write, so a broken file changes
        nothing; each graph then goes in as in :meth:`add_source`.
        """
        self._check_writable()
        path = Path(path)
        try:
            by_graph = _parse_by_graph(path, ox.RdfFormat.N_QUADS, None, untrusted=False)
        except (InputError, RDFSyntaxError) as exc:
            raise StoreError(f"Loading {path} failed: {exc}") from exc
        for iri in graphs:
            g = ox.NamedNode(iri)
            self._write_big_graph(g, by_graph.get(g, []))
        self._changed()

    def _graph_exists(self, g: ox.NamedNode) -> bool:
        return self._ask(f"ASK {{ GRAPH {g} {{ ?s ?p ?o }} }}")

    def _drop_graphs(self, graphs: Sequence[ox.NamedNode]) -> None:
        # SILENT: Virtuoso refuses to DROP a graph it saw only through INSERT DATA.
        self.client.update(" ;\n".join(f"DROP SILENT GRAPH {g}" for g in graphs))

    def _load(self, path: Path, rdf_format: ox.RdfFormat, source: Source, meter: Meter) -> int:
        """Parsed whole before any write; each graph then goes in as in :meth:`add_source`."""
        g = ox.NamedNode(source.iri)
        by_graph = _parse_by_graph(path, rdf_format, g, meter=meter)
        n = sum(len(t) for t in by_graph.values())
        own = by_graph.pop(g, [])
        # As the embedded store: each named graph of the file becomes a source of its
        # own under the file's (kgfc:originalGraph, dct:isPartOf), never another source.
        for other, triples in by_graph.items():
            sub = ox.NamedNode(file_graph_iri(source.iri, other.value))
            record = [q.triple for q in part_record(source, path.name, other, sub)]
            self._write_big_graph(sub, [*triples, *record])
        # The file's own graph last: it marks the file as loaded.
        self._write_big_graph(g, [*own, *(q.triple for q in provenance_quads(source))])
        return n

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

    def _where(self) -> tuple[str | None, int | None]:
        return self.url, None

    def _pattern(
        self,
        s: Subject | None,
        p: ox.NamedNode | None,
        o: Term | ox.Triple | None,
        g: ox.NamedNode | None,
    ) -> tuple[str, list[str]]:
        """A quad pattern with bound terms written by pyoxigraph, and the variables left."""
        terms = {"s": s, "p": p, "o": o}
        body = " ".join(str(t) if t is not None else f"?{k}" for k, t in terms.items())
        free = [k for k, t in terms.items() if t is None]
        if g is None:
            return f"GRAPH ?g {{ {body} }} {_NOT_SYSTEM}", [*free, "g"]
        return f"GRAPH {g} {{ {body} }}", free

    def _match(
        self, s: Subject | None, p: ox.NamedNode | None, o: Term | None, g: ox.NamedNode | None
    ) -> Iterator[ox.Quad]:
        pattern, free = self._pattern(s, p, o, g)
        if not free:  # all four bound
            assert s is not None and p is not None and o is not None
            return iter([ox.Quad(s, p, o, g)] if self._ask(f"ASK {{ {pattern} }}") else [])
        rows = self._select(f"SELECT {' '.join('?' + v for v in free)} WHERE {{ {pattern} }}")
        given: dict[str, Any] = {"s": s, "p": p, "o": o, "g": g}
        return (ox.Quad(*(canonical(r.get(k) or given[k]) for k in "spog")) for r in rows)

    def _count(
        self, s: Subject | None, p: ox.NamedNode | None, o: Term | None, g: ox.NamedNode | None
    ) -> int:
        pattern, _ = self._pattern(s, p, o, g)
        [row] = self._select(f"SELECT (COUNT(*) AS ?n) WHERE {{ {pattern} }}")
        return int(row["n"].value)

    def contains(self, quad: ox.Quad) -> bool:
        if not isinstance(quad.graph_name, ox.NamedNode):
            return False
        pattern, _ = self._pattern(quad.subject, quad.predicate, quad.object, quad.graph_name)
        return self._ask(f"ASK {{ {pattern} }}")

    def _export(self, output: Any, rdf_format: ox.RdfFormat, graph: ox.NamedNode | None) -> None:
        quads = list(self.quads(graph=graph))
        items = quads if rdf_format.supports_datasets else list({q.triple: None for q in quads})
        ox.serialize(items, output, rdf_format, prefixes=export_prefixes(rdf_format))

    def __len__(self) -> int:
        return self.count()


_NOT_SYSTEM = "FILTER(?g NOT IN ({}))".format(", ".join(f"<{g}>" for g in SYSTEM_GRAPHS))


def _parse_by_graph(
    path: Path,
    rdf_format: ox.RdfFormat,
    default: ox.NamedNode | None,
    *,
    meter: Meter | None = None,
    untrusted: bool = True,
) -> dict[ox.NamedNode | ox.BlankNode, list[ox.Triple]]:
    """The file's triples by graph (default-graph triples under ``default``; dropped if None)."""
    out: dict[ox.NamedNode | ox.BlankNode, list[ox.Triple]] = {}
    for q in read_quads(path, rdf_format, meter, untrusted=untrusted):
        graph = default if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name
        if graph is not None:
            out.setdefault(graph, []).append(q.triple)
    return out


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
