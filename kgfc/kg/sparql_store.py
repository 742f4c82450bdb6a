"""A :class:`~kgfc.kg.store.GraphStore` on any SPARQL 1.1 server (Oxigraph server, Virtuoso, ...).

Spec: ``sparql:QUERY_URL[,update=UPDATE_URL][,gsp=GRAPH_STORE_URL][,timeout=S][,retries=N][,chunk=N]``.
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

import os
import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO

import pyoxigraph as ox

from kgfc.errors import ConfigError, InputError, RDFSyntaxError
from kgfc.kg import vocab as V
from kgfc.kg.labels import LabelIndex
from kgfc.kg.sparql_protocol import Endpoints, SparqlClient
from kgfc.kg.terms import fact_quads, label_quads, provenance_quads, source_from_row, with_values
from kgfc.models import Fact, Label, LabelHit, LoadReport, Source, SourceKind, StoreStats
from kgfc.resources import load_query

_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)
_STATUS = ox.NamedNode(V.KGFC + "status")
_NOTHING = "urn:kgfc:nothing"
_OP_TRIPLES = 2000
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
    casts = {"update": str, "gsp": str, "timeout": float, "retries": int, "chunk": int}
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
            Fact.model_construct(  # straight from the store: validation would only cost time
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


class SparqlStore:
    """The kgfc layout of named graphs, on a SPARQL 1.1 server reached over HTTP."""

    path = None  # nothing on local disk: on-disk caches keyed by path do not apply

    def __init__(
        self,
        query_url: str,
        *,
        update_url: str | None = None,
        gsp_url: str | None = None,
        timeout: float = 30.0,
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
        self.sparql_queries = 0
        self.generation = 0
        self._label_index: LabelIndex | None = None
        self._cached: dict[str, list[dict]] = {}
        endpoints = Endpoints(
            query=query_url,
            update=None if read_only else (update_url or default_update_url(query_url)),
            gsp=None if read_only else gsp_url,
        )
        self.client = SparqlClient(
            endpoints, timeout=timeout, retries=retries, auth=auth, **client_kw
        )

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
    def _select(self, text: str) -> list[dict]:
        self.sparql_queries += 1
        return self.client.select(text)

    def sparql(self, text: str, *, union_default_graph: bool = True, substitutions=None):
        """Run user SPARQL; returns pyoxigraph results like the embedded store.

        ``union_default_graph`` asks Oxigraph for it by parameter; Virtuoso's
        default graph is the union of all graphs already, other servers keep
        their own default.
        """
        self.sparql_queries += 1
        if substitutions:
            text = with_bindings(text, {k.value: v for k, v in substitutions.items()})
        params = (
            {"union-default-graph": ""}
            if union_default_graph and self.client.flavour == "oxigraph"
            else None
        )
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
        rows = self._select(text)
        return [{k: (t.value if t is not None else None) for k, t in r.items()} for r in rows]

    def run_cached(self, name: str) -> list[dict[str, str | None]]:
        """``run(name)`` for whole-store aggregates, kept until this process writes.

        Other processes writing to the same server are not seen until then:
        the server is shared, the cache is not.
        """
        if name not in self._cached:
            self._cached[name] = self.run(name)
        return self._cached[name]

    def mark_changed(self, *, keep_label_index: bool = False) -> None:
        self.generation += 1
        self._cached.clear()
        if not keep_label_index:
            self._label_index = None

    # -- writes -----------------------------------------------------------
    def _check_writable(self) -> None:
        if self.read_only:
            from kgfc.errors import StoreError

            raise StoreError(
                "The store is open read-only.", hint="Re-run without --read-only to write."
            )

    def has_source(self, iri: str) -> bool:
        try:
            g = ox.NamedNode(iri)
        except ValueError:
            return False
        self.sparql_queries += 1
        return bool(
            self.client.query(
                f"ASK {{ GRAPH {g} {{ ?s ?p ?o }} "
                f'FILTER NOT EXISTS {{ GRAPH {g} {{ {g} {_STATUS} "loading" }} }} }}'
            )
        )

    def _graph_exists(self, g: ox.NamedNode) -> bool:
        self.sparql_queries += 1
        return bool(self.client.query(f"ASK {{ GRAPH {g} {{ ?s ?p ?o }} }}"))

    def write_graph(
        self,
        graph: str,
        triples: Sequence[ox.Triple],
        source: Source | None = None,
        *,
        replace: bool = True,
    ) -> None:
        """Write ``triples`` (and ``source``'s PROV record) into one graph: one request per chunk.

        ``replace`` drops what the graph held before, in the same request as
        the first chunk. More than ``chunk`` triples are written marked
        ``kgfc:status "loading"`` until the last chunk is in.
        """
        self._check_writable()
        g = ox.NamedNode(graph)
        chunked = len(triples) > self.chunk
        prov = (
            [
                q.triple
                for q in provenance_quads(source, status="loading" if chunked else "complete")
            ]
            if source
            else []
        )
        parts = list(_chunks(list(triples), self.chunk)) or [[]]
        parts[0] = [*prov, *parts[0]]
        for i, part in enumerate(parts):
            self._send_triples(g, part, replace=replace and i == 0)
        if chunked and source:
            self.client.update(
                f'DELETE DATA {{ GRAPH {g} {{ {g} {_STATUS} "loading" }} }} ;\n'
                f'INSERT DATA {{ GRAPH {g} {{ {g} {_STATUS} "complete" }} }}'
            )

    def _send_triples(
        self, g: ox.NamedNode, triples: Sequence[ox.Triple], *, replace: bool
    ) -> None:
        if self.client.endpoints.gsp is not None and (triples or replace):
            # N-Triples is Turtle, which every Graph Store endpoint reads.
            self.client.put_graph(g.value, _ntriples(triples).encode("utf-8"), replace=replace)
            return
        ops = [f"DROP SILENT GRAPH {g}"] if replace else []
        # Several INSERT DATA operations in the one request: Virtuoso's SPARQL
        # parser runs out of stack on one block of more than ~5000 triples.
        ops += [
            f"INSERT DATA {{ GRAPH {g} {{\n{_ntriples(part)}}} }}"
            for part in _chunks(triples, _OP_TRIPLES)
        ]
        if ops:
            self.client.update(" ;\n".join(ops))

    def add_source(
        self,
        source: Source,
        facts: Iterable[Fact],
        labels: Iterable[Label] = (),
        *,
        replace: bool = False,
    ) -> bool:
        self._check_writable()
        if self.has_source(source.iri) and not replace:
            return False
        g = ox.NamedNode(source.iri)
        triples = [q.triple for q in (*fact_quads(facts, g), *label_quads(labels, g))]
        self.write_graph(source.iri, triples, source, replace=True)
        self.mark_changed()
        return True

    def add_quads(self, quads: Iterable[ox.Quad]) -> None:
        """Add quads to their graphs (one request per graph and chunk), keeping what is there."""
        self._check_writable()
        by_graph: dict[str, list[ox.Triple]] = {}
        for q in quads:
            if not isinstance(q.graph_name, ox.NamedNode):
                raise ValueError("kgfc keeps every quad in a named graph")
            by_graph.setdefault(q.graph_name.value, []).append(q.triple)
        for graph, triples in by_graph.items():
            self.write_graph(graph, triples, replace=False)
        self.mark_changed()

    def retract(self, source_iri: str) -> int:
        self._check_writable()
        try:
            g = ox.NamedNode(source_iri)
        except ValueError:
            g = None
        n = (
            int(
                self._select(f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH {g} {{ ?s ?p ?o }} }}")[0][
                    "n"
                ].value
            )
            if g
            else 0
        )
        if not n:
            raise InputError(
                f"No source {source_iri!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        # SILENT: Virtuoso refuses to DROP a graph it saw only through INSERT DATA.
        self.client.update(f"DROP SILENT GRAPH {g}")
        self.mark_changed()
        return n

    def load_file(self, path: str | os.PathLike[str], fmt: str | None = None) -> LoadReport:
        """Load an RDF file as one source, as the embedded store does; parsed whole before any write."""
        from kgfc.kg.oxigraph_store import file_sha256, guess_format, source_iri

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
        described = {
            t.subject.value
            for triples in by_graph.values()
            for t in triples
            if t.predicate.value == V.RDF_TYPE and t.object.value == V.KGFC + "SourceGraph"
        }
        own = by_graph.pop(iri, [])
        for graph, triples in by_graph.items():
            prov = None if graph in described else source.model_copy(update={"iri": graph})
            self.write_graph(graph, triples, prov, replace=False)
        self.write_graph(iri, own, source, replace=True)
        self.mark_changed()
        n = len(own) + sum(len(t) for t in by_graph.values())
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
        text = with_values(
            load_query("neighbourhood"), "entity", list(dict.fromkeys(entities)) or [_NOTHING]
        )
        inc = list(dict.fromkeys(entities if incoming is None else incoming))
        text = with_values(text, "incoming", inc or [_NOTHING])
        return facts_from_rows(self._select(text), self.label_index().labels)

    def label_index(self) -> LabelIndex:
        if self._label_index is None:
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

    def quads(self, graph: str | None = None) -> Iterator[ox.Quad]:
        """Every quad in kgfc's graphs (the server's own system graphs left out), or one graph's."""
        if graph is not None:
            g = ox.NamedNode(graph)
            rows = self._select(f"SELECT ?s ?p ?o WHERE {{ GRAPH {g} {{ ?s ?p ?o }} }}")
            return (ox.Quad(r["s"], r["p"], r["o"], g) for r in rows)
        rows = self._select(f"SELECT ?s ?p ?o ?g WHERE {{ GRAPH ?g {{ ?s ?p ?o }} {_NOT_SYSTEM} }}")
        return (ox.Quad(r["s"], r["p"], r["o"], r["g"]) for r in rows)

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
        quads = list(self.quads(source))
        items = quads if rdf_format.supports_datasets else list({q.triple for q in quads})
        prefixes = V.PREFIXES if rdf_format in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
        ox.serialize(items, output, rdf_format, prefixes=prefixes)

    def __len__(self) -> int:
        rows = self._select(
            f"SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH ?g {{ ?s ?p ?o }} {_NOT_SYSTEM} }}"
        )
        return int(rows[0]["n"].value)


_NOT_SYSTEM = "FILTER(?g NOT IN ({}))".format(", ".join(f"<{g}>" for g in SYSTEM_GRAPHS))


def _parse_by_graph(
    path: Path, rdf_format: ox.RdfFormat, default: str
) -> dict[str, list[ox.Triple]]:
    from kgfc.kg.oxigraph_store import _open_bytes

    out: dict[str, list[ox.Triple]] = {}
    with _open_bytes(path) as fh:
        try:
            for q in ox.parse(fh, rdf_format):
                graph = default if isinstance(q.graph_name, ox.DefaultGraph) else q.graph_name.value
                out.setdefault(graph, []).append(q.triple)
        except SyntaxError as exc:
            raise RDFSyntaxError(
                str(exc.args[0] if exc.args else exc), path=str(path), line=exc.lineno
            ) from exc
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise InputError(f"Cannot read {path}: {exc}") from exc
    return out
