"""What the two RDF backends share: the kgfc layout of named graphs, kept once.

The embedded store (:mod:`kgfc.kg.oxigraph_store`) and the remote SPARQL store
(:mod:`kgfc.kg.sparql_store`) keep the same layout -- one named graph per
source holding its facts, labels and PROV-O record, claim graphs beside them --
and answer the same named queries. :class:`RdfStore` holds what follows from
the layout alone: building query text, shaping results into kgfc's models,
planning a write's effect on the caches, loading a file as a source, export
checks. Each backend keeps only how it reaches its engine (pyoxigraph calls, or
the SPARQL 1.1 protocol over HTTP) through the ``_hooks`` named below.

Nothing here touches a backend's engine (``tests/test_layering.py``).
"""

from __future__ import annotations

import os
import time
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Self, TypeVar

import pyoxigraph as ox

from kgfc.errors import InputError, QuerySyntaxError, StoreError
from kgfc.kg import vocab as V
from kgfc.kg.labels import LabelIndex
from kgfc.kg.rdf_files import FORMAT_NAMES, STATUS, Meter, file_sha256, guess_format
from kgfc.kg.store import QueryCounting, Subject, Substitutions, Term, is_bookkeeping
from kgfc.kg.terms import (
    fact_quads,
    is_sparql_update,
    label_quads,
    provenance_quads,
    source_from_row,
    source_iri,
    with_values,
)
from kgfc.models import Fact, Label, LabelHit, LoadReport, Source, SourceKind, StoreStats
from kgfc.resources import load_query

T = TypeVar("T")
ORIGINAL_GRAPH = ox.NamedNode(V.KGFC + "originalGraph")
PART_OF = ox.NamedNode(V.DCT + "isPartOf")
LABEL_PREDICATES = frozenset({V.RDFS_LABEL, V.SKOS_ALT, V.SCHEMA_DESC})
FACT_PREFIXES = (V.WDT, V.KGFC_REL)


def part_record(
    source: Source, file_name: str, original: ox.NamedNode | ox.BlankNode, part: ox.NamedNode
) -> list[ox.Quad]:
    """The record of ``part``: the source graph a named graph ``original`` of a loaded file became.

    Its own provenance plus ``kgfc:originalGraph`` and ``dct:isPartOf`` the file's source.
    """
    prov = source.model_copy(update={"iri": part.value, "title": f"{file_name} {original}"})
    return [
        *provenance_quads(prov),
        ox.Quad(part, ORIGINAL_GRAPH, original, part),
        ox.Quad(part, PART_OF, ox.NamedNode(source.iri), part),
    ]


# -- facts and labels out of the store -----------------------------------------------
_FACT_FIELDS = frozenset(Fact.model_fields)


def stored_fact(**values: Any) -> Fact:
    """A :class:`Fact` from values read straight out of the store, without validation.

    Neighbourhood lookups build a hundred or more facts per call, and on this
    path ``Fact.model_construct`` alone costs several times the index scan (21 us
    vs 5 us per fact here), so the instance is assembled the way pydantic's
    own ``model_construct`` does, minus its per-field default handling: every
    field is given. ``tests/test_store_contract.py`` checks the result equals a
    validated ``Fact``, so a pydantic change that breaks this fails a test.
    """
    fact = Fact.__new__(Fact)
    object.__setattr__(fact, "__dict__", values)
    object.__setattr__(fact, "__pydantic_fields_set__", _FACT_FIELDS)
    object.__setattr__(fact, "__pydantic_extra__", None)
    object.__setattr__(fact, "__pydantic_private__", None)
    return fact


def fact_of(
    s: str, p: str, o: Term, source: str, labels: Mapping[str, str], predicate_label: str | None
) -> Fact:
    """The fact ``s p o`` of graph ``source``, labelled from ``labels`` (see :func:`stored_fact`)."""
    if isinstance(o, ox.Literal):
        lang = o.language
        datatype = o.datatype.value if lang is None else None
        is_literal, object_label = True, None
    else:
        lang = datatype = None
        is_literal, object_label = False, labels.get(o.value)
    return stored_fact(
        subject=s,
        predicate=p,
        object=o.value,
        object_is_literal=is_literal,
        datatype=datatype,
        lang=lang,
        subject_label=labels.get(s),
        predicate_label=predicate_label,
        object_label=object_label,
        source=source,
    )


def property_entity(predicate: str) -> str:
    """``wdt:P19`` -> ``wd:P19`` (whose labels name the property); other predicates unchanged."""
    return V.WD + predicate[len(V.WDT) :] if predicate.startswith(V.WDT) else predicate


def label_rows(quads: Iterable[ox.Quad]) -> Iterator[dict[str, str]]:
    """English label, alias and description quads as label-index rows."""
    for q in quads:
        if (
            q.predicate.value in LABEL_PREDICATES
            and isinstance(q.object, ox.Literal)
            and (q.object.language or "").lower().startswith("en")
            and not isinstance(q.subject, ox.Triple)  # kgfc writes no RDF-star
        ):
            yield {"entity": q.subject.value, "p": q.predicate.value, "text": q.object.value}


def as_term(value: str | ox.NamedNode | ox.Literal) -> ox.NamedNode | ox.Literal:
    """A query binding as an RDF term (a plain string is an IRI)."""
    return value if isinstance(value, ox.NamedNode | ox.Literal) else ox.NamedNode(value)


def graph_node(iri: str) -> ox.NamedNode | None:
    """``iri`` as a graph name; None when it is not an IRI at all."""
    try:
        return ox.NamedNode(iri)
    except ValueError:
        return None


# -- writes ----------------------------------------------------------------------------
@dataclass
class WritePlan:
    """One graph's part of a write: what changes, and what a request-based backend sends."""

    graph: ox.NamedNode
    new: list[ox.Quad]  # quads the graph did not hold
    removed: list[ox.Quad] = field(default_factory=list)  # quads a replace takes out
    send: Sequence[ox.Triple] = ()  # the remote store: the triples its request writes
    clear: str | None = None  # the remote store: None, "drop", or an update operation run first

    @property
    def changes(self) -> bool:
        return bool(self.new or self.removed)


class RdfStore(QueryCounting, ABC):
    """The :class:`~kgfc.kg.store.KnowledgeGraph` methods both RDF backends answer the same way.

    Backends supply how they reach their engine: ``_rows`` (query text with
    bound terms), ``_user_query`` (user SPARQL, updates already refused),
    ``_match`` and ``_count`` (quad patterns), ``_plan_write`` and ``_send`` (a
    write), ``_graph_exists`` and ``_drop_graphs`` (retract), ``_load`` (a file
    as one source), ``_export`` (serialise), ``_where`` (for :meth:`stats`), and
    the reads that differ in substance (``has_source``, ``source``,
    ``neighbourhood``, ``run_cached``, ``graphs``, ``knowledge_key``...).
    """

    path: Path | None = None

    def __init__(self, *, read_only: bool) -> None:
        self.read_only = read_only
        self.generation = 0  # bumped on every write of knowledge; caches of derived data key on it
        # The last change that was not a mere addition of facts (a load, a replacement, a
        # removal), and the facts added one write at a time since: whole-store statistics
        # may outlive a few web pages' facts (kgfc.reason.kgstats.stats_for).
        self.wholesale_generation = 0
        self.added_since_wholesale = 0
        self._label_index: LabelIndex | None = None
        # whole-store aggregates computed (label index builds, aggregate queries run
        # rather than read from cache): tests assert recording claims adds none
        self.aggregate_builds: Counter[str] = Counter()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @abstractmethod
    def close(self) -> None: ...

    def _check_writable(self) -> None:
        if self.read_only:
            raise StoreError(
                "The store is open read-only.", hint="Re-run without --read-only to write."
            )

    # -- queries ------------------------------------------------------------------------
    def run(
        self,
        name: str,
        bindings: Mapping[str, str | ox.NamedNode | ox.Literal] | None = None,
        values: Sequence[str] | None = None,
        values_var: str = "entity",
    ) -> list[dict[str, str | None]]:
        """Run ``queries/sparql/<name>.rq``. Bindings are bound as terms, IRI lists by VALUES."""
        text = load_query(name)
        if values is not None:
            text = with_values(text, values_var, values)
        terms = {k: as_term(v) for k, v in (bindings or {}).items()}
        # A named query with nothing bound is a whole-store scan (statistics, rule mining).
        return self._rows(text, terms, scan=not terms and values is None)

    def sparql(
        self,
        text: str,
        *,
        union_default_graph: bool = True,
        substitutions: Substitutions | None = None,
        allow_service: bool = False,
    ) -> Any:
        """Run user SPARQL, read-only: pyoxigraph solutions, triples or a boolean.

        Updates are refused here, whatever the backend: a server whose query
        endpoint also takes updates (Virtuoso's ``/sparql``) would otherwise
        write past the store's read-only flag and its caches.
        """
        if is_sparql_update(text):
            raise QuerySyntaxError(
                "Queries are read-only: SPARQL updates (INSERT, DELETE, LOAD, DROP...) are refused.",
                hint="Change the KG with `kgfc kg load`, `kg enrich` or `kg retract`.",
            )
        return self._user_query(text, union_default_graph, substitutions, allow_service)

    @abstractmethod
    def _user_query(
        self,
        text: str,
        union: bool,
        substitutions: Substitutions | None,
        allow_service: bool,
    ) -> Any:
        """:meth:`sparql` past the update check, by the backend."""

    @abstractmethod
    def _rows(
        self, text: str, terms: Mapping[str, ox.NamedNode | ox.Literal], *, scan: bool
    ) -> list[dict[str, str | None]]:
        """Solutions of ``text`` with ``terms`` bound, as plain values (None where unbound)."""

    # -- labels ---------------------------------------------------------------------------
    def label_index(self) -> LabelIndex:
        if self._label_index is None:
            self._label_index = self.cached_derived(
                "label_index",
                lambda: LabelIndex.from_rows(self.run_cached("all_labels")),
                kind=LabelIndex,
            )
        return self._label_index

    def cached_derived(
        self, name: str, build: Callable[[], T], *, version: int = 1, kind: type | None = None
    ) -> T:
        """``build()``: an object derived from the whole store's knowledge (an index, a profile).

        Backends whose aggregates are cached on disk keep it there too, keyed by
        the knowledge key (:mod:`kgfc.kg.derived_cache`); this one builds it each
        time it is asked. Each build is counted in ``aggregate_builds[name]``.
        """
        self.aggregate_builds[name] += 1
        return build()

    def search_labels(self, text: str, limit: int = 10) -> list[LabelHit]:
        return self.label_index().search(text, limit=limit)

    def _changed(self, *, added_labels: Iterable[ox.Quad] | None = None) -> None:
        """Knowledge changed: bump the generation and drop caches of derived data.

        ``added_labels``: the write only added quads (these), so an already
        built label index learns their labels instead of being rebuilt --
        rebuilding it over a large KG takes seconds, an ingest job adds a few
        labels per document and links the next document against them.
        Backends extend this with their own caches.
        """
        self.generation += 1
        if added_labels is None:
            self.wholesale_generation = self.generation
            self.added_since_wholesale = 0
        else:
            added_labels = list(added_labels)
            self.added_since_wholesale += len(added_labels)
        if self._label_index is not None and added_labels is not None:
            self._label_index.add_rows(label_rows(added_labels))
        else:
            self._label_index = None

    # -- sources --------------------------------------------------------------------------
    def _source_props(self) -> dict[str, dict[str, list[str]]]:
        """Every complete source's PROV-O record (a graph still marked loading is left out)."""
        props: dict[str, dict[str, list[str]]] = {}
        for row in self.run("sources"):
            g, p, o = row["g"], row["p"], row["o"]
            if g is not None and p is not None and o is not None:  # all bound in the query
                props.setdefault(g, {}).setdefault(p, []).append(o)
        return {g: p for g, p in props.items() if "loading" not in p.get(STATUS.value, [])}

    def sources(self) -> list[Source]:
        counts = {r["g"]: int(r["facts"] or 0) for r in self.run("source_fact_counts")}
        out = [
            source_from_row(iri, p).model_copy(update={"facts": counts.get(iri, 0)})
            for iri, p in self._source_props().items()
        ]
        return sorted(out, key=lambda s: (s.retrieved_at, s.iri))

    def stats(self) -> StoreStats:
        # Full scans (seconds on the demo KG), so cached until the facts change.
        facts = int(self.run_cached("stats_facts")[0]["facts"] or 0)
        entities = int(self.run_cached("stats_entities")[0]["entities"] or 0)
        labels = int(self.run_cached("stats_labels")[0]["labels"] or 0)
        kinds: dict[str, int] = {}
        for p in self._source_props().values():
            for kind in p.get(V.KGFC + "sourceKind", [])[:1]:
                kinds[kind] = kinds.get(kind, 0) + 1
        where, disk = self._where()
        return StoreStats(
            entities=entities,
            facts=facts,
            sources=sum(kinds.values()),
            labels=labels,
            quads=len(self),
            claims=kinds.get("claim", 0),
            sources_by_kind=kinds,
            path=where,
            disk_bytes=disk,
        )

    @abstractmethod
    def _where(self) -> tuple[str | None, int | None]:
        """Where the store is (a path or URL) and its size on disk, for :meth:`stats`."""

    # -- writes ---------------------------------------------------------------------------
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
        self._write_source(
            g, [*fact_quads(facts, g), *label_quads(labels, g), *provenance_quads(source)]
        )
        return True

    def _write_source(self, g: ox.NamedNode, quads: list[ox.Quad]) -> None:
        """Replace graph ``g`` with ``quads`` (a source graph and its record), atomically."""
        self.write_quads(g.value, quads, replace=True)

    def write_quads(
        self,
        graph: str,
        quads: Iterable[ox.Quad],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """Write into one graph, as :meth:`write_graphs` does (the contract: KnowledgeGraph.write_quads)."""
        return self.write_graphs({graph: quads}, replace=replace, replace_subject=replace_subject)

    def write_graphs(
        self,
        graphs: Mapping[str, Iterable[ox.Quad]],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """Write several named graphs (a batch's chunk of claim graphs) all or none.

        Each graph's plan says what is new and what a replace takes out; the
        backend sends all plans at once (one transaction, or one update
        request), new quads before stale ones go, so a crash never leaves a
        graph with less than it had. Then the caches hear what changed.
        """
        diverted = self._divert(graphs, replace, replace_subject)
        if diverted is not None:
            return diverted
        self._check_writable()
        subject = ox.NamedNode(replace_subject) if replace_subject else None
        plans = [
            plan
            for graph, quads in graphs.items()
            if (plan := self._plan_write(ox.NamedNode(graph), quads, replace, subject)).changes
        ]
        knowledge = [plan for plan in plans if not is_bookkeeping(plan.graph.value)]
        if knowledge:
            self._begin_knowledge_change()
        if plans:
            self._send(plans)
        if knowledge:
            labels_removed = any(
                q.predicate.value in LABEL_PREDICATES for plan in knowledge for q in plan.removed
            )
            self._changed(
                added_labels=None if labels_removed else [q for p in knowledge for q in p.new]
            )
        return sum(len(plan.new) for plan in plans)

    def _divert(
        self, graphs: Mapping[str, Iterable[ox.Quad]], replace: bool, replace_subject: str | None
    ) -> int | None:
        """A write the backend takes elsewhere (the embedded store journals a reader's records).

        None: the write goes to the store.
        """
        return None

    @abstractmethod
    def _plan_write(
        self, g: ox.NamedNode, quads: Iterable[ox.Quad], replace: bool, subject: Subject | None
    ) -> WritePlan:
        """What writing ``quads`` into ``g`` changes (``replace``: of ``subject``'s quads, if given)."""

    @abstractmethod
    def _send(self, plans: Sequence[WritePlan]) -> None:
        """Apply the plans (each one that changes something) in one transaction or request."""

    def _begin_knowledge_change(self) -> None:
        """Before a knowledge write: mark the store changing (the embedded store's cache key)."""

    def retract(
        self, source_iri: str, *, stale: Mapping[str, Iterable[ox.Quad]] | None = None
    ) -> int:
        """Remove a source graph and everything in it. Returns the number of quads removed.

        ``stale`` (graph -> quads: marks on the claims this leaves stale) goes in
        with the retraction's first commit (see :meth:`_retract_graphs`).
        """
        self._check_writable()
        g = graph_node(source_iri)
        if g is None or not self._graph_exists(g):
            raise InputError(
                f"No source {source_iri!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        # A loaded file's named graphs are sources of their own, part of the file's.
        graphs = [g] + [
            q.subject
            for q in self.quads(None, PART_OF, g, None)
            if isinstance(q.subject, ox.NamedNode) and q.subject == q.graph_name
        ]
        n = sum(self.count(None, None, None, graph) for graph in graphs)
        knowledge = not is_bookkeeping(source_iri)
        if knowledge:
            self._begin_knowledge_change()
        self._retract_graphs(graphs, dict(stale or {}))
        if knowledge:
            self._changed()
        return n

    def _retract_graphs(
        self, graphs: Sequence[ox.NamedNode], stale: Mapping[str, Iterable[ox.Quad]]
    ) -> None:
        """Drop ``graphs``; ``stale`` is written first (a crash between leaves claims marked
        stale for a source still there, which a re-check answers, never the reverse)."""
        if stale:
            self.write_graphs(stale)
        self._drop_graphs(graphs)

    @abstractmethod
    def _graph_exists(self, g: ox.NamedNode) -> bool: ...

    @abstractmethod
    def _drop_graphs(self, graphs: Sequence[ox.NamedNode]) -> None: ...

    def load_file(
        self,
        path: str | os.PathLike[str],
        fmt: str | None = None,
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> LoadReport:
        """Load an RDF file as one source. Malformed files are rejected whole.

        Triple formats go into one graph named after the file's content hash, so
        loading the same file again changes nothing. In quad formats, the
        default graph goes into that graph and every named graph ``G`` of the
        file becomes a source graph of its own under it
        (``<file source>/graph/<hash of G>``, recording ``G`` as
        ``kgfc:originalGraph``): a file can never write into another source's
        graph, and retracting the file removes everything it brought. Files
        may not use kgfc's crash marker (``kgfc:status "loading"``) nor write
        claims (``kgfc:claim/`` IRIs): such files are rejected whole.
        ``progress(done, total)`` is called with bytes read (the file counts
        twice: checked, then loaded).
        """
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
        meter = Meter(progress, 2 * path.stat().st_size)
        n = self._load(path, rdf_format, source, meter)
        self._changed()
        meter.done()
        return report.model_copy(
            update={"status": "loaded", "quads": n, "seconds": time.perf_counter() - start}
        )

    @abstractmethod
    def _load(self, path: Path, rdf_format: ox.RdfFormat, source: Source, meter: Meter) -> int:
        """Write the file as ``source`` (and its parts), reading it through ``meter``; its quad count."""

    # -- export ---------------------------------------------------------------------------
    def export(
        self,
        output: IO[bytes] | str | os.PathLike[str],
        fmt: str = "trig",
        source: str | None = None,
    ) -> None:
        """Write the store (or one source graph) as TriG, N-Quads, Turtle, N-Triples or JSON-LD.

        Triple formats cannot carry graph names: they get the union of all
        facts (or the one source graph) without provenance.
        """
        rdf_format = FORMAT_NAMES.get(fmt.lower())
        if rdf_format is None:
            raise InputError(
                f"Unknown export format {fmt!r}.", hint="Use trig, nquads, turtle, nt or jsonld."
            )
        if source and not self.has_source(source):
            raise InputError(
                f"No source {source!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        self._export(output, rdf_format, ox.NamedNode(source) if source else None)

    @abstractmethod
    def _export(
        self, output: Any, rdf_format: ox.RdfFormat, graph: ox.NamedNode | None
    ) -> None: ...

    # -- reads ----------------------------------------------------------------------------
    def quads(
        self,
        subject: Subject | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> Iterator[ox.Quad]:
        """Quads matching a pattern (None matches anything; all None exports every quad)."""
        return self._match(subject, predicate, object, graph)

    def count(
        self,
        subject: Subject | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> int:
        """How many quads match the pattern."""
        return self._count(subject, predicate, object, graph)

    @abstractmethod
    def _match(
        self, s: Subject | None, p: ox.NamedNode | None, o: Term | None, g: ox.NamedNode | None
    ) -> Iterator[ox.Quad]:
        """:meth:`quads`, by the backend."""

    @abstractmethod
    def _count(
        self, s: Subject | None, p: ox.NamedNode | None, o: Term | None, g: ox.NamedNode | None
    ) -> int:
        """:meth:`count`, by the backend."""

    # The rest of the contract, per backend.
    @abstractmethod
    def has_source(self, iri: str) -> bool: ...

    @abstractmethod
    def run_cached(self, name: str) -> list[dict[str, str | None]]: ...

    @abstractmethod
    def __len__(self) -> int: ...
