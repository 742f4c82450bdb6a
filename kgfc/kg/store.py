"""The graph-store contract: the backend's narrow protocol and the knowledge graph above it.

:class:`GraphStore` is what a backend answers (quads, SPARQL, writes,
counting, capability flags); :class:`KnowledgeGraph` extends it with what the
rest of kgfc uses -- source records, labels, aggregates and caches keyed by
knowledge version, per-episode query counting -- and is the type code above
``kgfc.kg`` takes.

Every backend keeps facts in named graphs, one per source, with the source's
PROV-O record on the graph IRI; it answers the same questions with kgfc's
models. The embedded Oxigraph store (:mod:`kgfc.kg.oxigraph_store`) is the
default; it and the remote SPARQL store (:mod:`kgfc.kg.sparql_store`) share
their implementation of this contract in :class:`kgfc.kg.rdf_store.RdfStore`.

Nothing outside a backend's own module touches its internals: every read and
write goes through the methods below (``tests/test_layering.py`` walks the
tree for reaches into a backend's engine attribute or probes of the store
with ``getattr``). Quads cross the seam as
``pyoxigraph.Quad`` values, pyoxigraph being kgfc's RDF term library whatever
the backend (a remote backend serialises them to N-Quads).

Graphs are of two kinds. *Knowledge* graphs (files, Wikidata, web pages, the
demo) hold what verdicts are drawn from; *bookkeeping* graphs (recorded
claims, their verdicts, trajectories and memory links, all under
``kgfc:claim/``) record what kgfc did. Writing bookkeeping never bumps
:attr:`KnowledgeGraph.generation`, so caches of knowledge-derived data (label
index, statistics, mined rules) survive batch recording.
"""

from __future__ import annotations

import contextvars
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.models import Fact, Label, LabelHit, LoadReport, Source, StoreStats

if TYPE_CHECKING:  # the index is built by the store; only its type is named here
    from kgfc.kg.labels import LabelIndex

Quad = ox.Quad
Term = ox.NamedNode | ox.BlankNode | ox.Literal
Subject = ox.NamedNode | ox.BlankNode | ox.Triple  # what pyoxigraph allows as a quad's subject
Substitutions = Mapping[ox.Variable, Term]
T = TypeVar("T")
Row = dict[str, str | None]
"""One solution of a named query: variable -> plain value (None where unbound)."""


def value_of(term: Term | ox.Triple) -> str:
    """A term's plain value: an IRI, a blank node's id, a literal's text (kgfc writes no RDF-star)."""
    return str(term) if isinstance(term, ox.Triple) else term.value


def is_bookkeeping(graph_iri: str) -> bool:
    """Claim graphs (verdicts, trajectories, memory links) record what kgfc did, not knowledge."""
    return graph_iri.startswith(V.KGFC_CLAIM)


class QueryCounter:
    """How many queries a store executed inside one ``count_queries()`` block."""

    __slots__ = ("_lock", "n")

    def __init__(self) -> None:
        self.n = 0
        self._lock = threading.Lock()  # a context copied into worker threads shares the counter

    def add(self, k: int = 1) -> None:
        with self._lock:
            self.n += k

    def __repr__(self) -> str:
        return f"QueryCounter(n={self.n})"


class QueryCounting:
    """Mixin for backends: per-context query counters, kept once, by the store.

    ``with store.count_queries() as qc: ...; qc.n`` counts the queries this
    store executed inside the block, in this context only: blocks nest (the
    outer one counts the inner one's queries too) and episodes running in
    other threads or asyncio tasks count separately (a thread starts with an
    empty context; run workers with ``contextvars.copy_context().run`` to
    count their queries into the episode). Backends call :meth:`_count_query`
    once per query they send to the engine; cached answers cost nothing.
    """

    sparql_queries: int = 0  # total over the store's lifetime (statistics only; never diff it)

    def _counters(self) -> contextvars.ContextVar[tuple[QueryCounter, ...]]:
        var = self.__dict__.get("_query_counters")
        if var is None:
            var = contextvars.ContextVar(f"kgfc-queries-{id(self)}", default=())
            self.__dict__["_query_counters"] = var
        return var

    @contextmanager
    def count_queries(self) -> Iterator[QueryCounter]:
        var = self._counters()
        qc = QueryCounter()
        token = var.set((*var.get(), qc))
        try:
            yield qc
        finally:
            var.reset(token)

    def _count_query(self) -> None:
        self.sparql_queries += 1
        for qc in self._counters().get():
            qc.add()


@runtime_checkable
class GraphStore(Protocol):
    """What a backend implements: quads in and out, SPARQL, writes, counting, capability flags.

    Fifteen members at most, in the spirit of rdflib's ``Store``
    (``tests/test_store_contract.py`` counts them). What sits above a backend
    -- source records, labels, aggregates, caches, query counting -- is
    :class:`KnowledgeGraph`; the two built-in backends get it from
    :class:`kgfc.kg.rdf_store.RdfStore`, keeping only their engine calls.
    """

    read_only: bool
    """Capability flag: writes raise :class:`~kgfc.errors.StoreError`."""

    @property
    def can_record(self) -> bool:
        """Capability flag: bookkeeping writes (claims, verdicts...) are accepted, directly or journaled.

        A store opened read-only because another process writes may still
        record: its bookkeeping goes to a journal the next writer applies.
        """
        ...

    # -- quads out ----------------------------------------------------------------------
    def quads(
        self,
        subject: Subject | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> Iterator[Quad]:
        """Quads matching a pattern (None matches anything; all None exports every quad)."""
        ...

    def count(
        self,
        subject: Subject | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> int:
        """How many quads match the pattern."""
        ...

    def contains(self, quad: Quad) -> bool: ...

    def __len__(self) -> int: ...

    def graphs(self) -> list[str]:
        """Names of the knowledge graphs (bookkeeping left out), sorted."""
        ...

    # -- quads in (each call one transaction) -------------------------------------------
    def write_graphs(
        self,
        graphs: Mapping[str, Iterable[Quad]],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """Write quads into several named graphs at once, all or none. Returns how many were new.

        Every quad lands in the graph it is listed under whatever graph it
        names. ``replace``: after the new quads are in, drop what each graph
        held and no longer says (restricted to quads whose subject is
        ``replace_subject`` when given), so a crash in between never leaves a
        graph with less than it had. The embedded store writes them in one
        transaction; the remote SPARQL store sends one update request, which a
        SPARQL 1.1 Update service applies atomically.
        """
        ...

    def retract(self, source_iri: str, *, stale: Mapping[str, Iterable[Quad]] | None = None) -> int:
        """Remove a source graph and everything in it. Returns the number of quads removed.

        ``stale``: quads to add (graph IRI -> quads: the marks on the recorded
        claims this leaves stale) in the same commit that starts the retraction,
        so no crash leaves the source gone and its claims unmarked. Call it
        through :func:`kgfc.kg.verdicts.retract_source`, which builds them.
        """
        ...

    def load_file(
        self,
        path: str | os.PathLike[str],
        fmt: str | None = None,
        *,
        progress: Callable[[int, int], None] | None = None,
    ) -> LoadReport:
        """Load an RDF file as one source; a malformed file is rejected whole.

        ``progress(done, total)`` hears how many bytes of the file are read.
        """
        ...

    def load_bundle(self, path: str | os.PathLike[str], graphs: Sequence[str]) -> None:
        """Load a trusted N-Quads(.gz) file holding exactly ``graphs``, replacing them whole.

        Fast and crash-safe: a killed load leaves the graphs absent, never half there.
        """
        ...

    # -- SPARQL ---------------------------------------------------------------------------
    def run(
        self,
        name: str,
        bindings: Mapping[str, str | ox.NamedNode | ox.Literal] | None = None,
        values: Sequence[str] | None = None,
    ) -> list[Row]:
        """Run the named query from ``queries/sparql`` with bound values."""
        ...

    def sparql(
        self,
        text: str,
        *,
        union_default_graph: bool = True,
        substitutions: Substitutions | None = None,
        allow_service: bool = False,
    ) -> Any:
        """Run user SPARQL, read-only; solutions, triples or a boolean.

        Updates raise :class:`~kgfc.errors.QuerySyntaxError` ("queries are
        read-only"); so does ``SERVICE`` unless ``allow_service``.
        """
        ...

    # -- versions -------------------------------------------------------------------------
    def knowledge_key(self) -> str:
        """A token that changes whenever knowledge changes (never for bookkeeping), across processes.

        Disk caches of whole-store aggregates are keyed by it; reading it is cheap.
        """
        ...

    def close(self) -> None: ...


@runtime_checkable
class KnowledgeGraph(GraphStore, Protocol):
    """The store as the rest of kgfc takes it: a :class:`GraphStore` plus what sits above it.

    Sources with their PROV-O records, labels (the label index and search),
    whole-store aggregates and the caches keyed by knowledge version, and
    per-episode query counting. :class:`kgfc.kg.rdf_store.RdfStore` implements
    it over a backend's engine calls; everything above ``kgfc.kg`` takes this type.
    """

    generation: int
    """Bumped by every write of knowledge (never of bookkeeping); in-process caches key on it."""
    wholesale_generation: int
    """The generation of the last write of knowledge that was not a mere addition of facts."""
    added_since_wholesale: int
    """Facts added, one write at a time, since then (whole-store statistics may outlive a few)."""
    aggregate_builds: Counter[str]
    """Whole-store aggregates this object computed rather than read from a cache, by name.

    Statistics for tests and benchmarks: recording claims must add none.
    """

    # -- sources ----------------------------------------------------------------------
    def add_source(
        self,
        source: Source,
        facts: Iterable[Fact],
        labels: Iterable[Label] = (),
        *,
        replace: bool = False,
    ) -> bool:
        """Write ``facts`` and ``labels`` as one named graph with its provenance, atomically.

        Returns False (and writes nothing) when the source already exists and
        ``replace`` is false, which makes enrichment idempotent.
        """
        ...

    def has_source(self, iri: str) -> bool:
        """Whether the source graph exists and is complete (not half-written by a load)."""
        ...

    def source(self, iri: str) -> Source | None:
        """The PROV-O record of one source graph (None when absent)."""
        ...

    def sources(self) -> list[Source]: ...

    def write_quads(
        self,
        graph: str,
        quads: Iterable[Quad],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """:meth:`write_graphs` for one graph."""
        ...

    # -- reads -------------------------------------------------------------------------
    def neighbourhood(
        self, entities: Sequence[str], incoming: Sequence[str] | None = None
    ) -> list[Fact]:
        """One-hop outgoing facts of all ``entities`` and incoming facts of ``incoming``
        (default: the same) in one query, with labels."""
        ...

    def run_cached(self, name: str) -> list[dict[str, str | None]]:
        """``run(name)`` for whole-store aggregates, cached until the knowledge changes."""
        ...

    def cache_dir(self, kind: str) -> Path | None:
        """Where caches of derived data for this store live on disk (None: in memory only)."""
        ...

    def label_index(self) -> LabelIndex:
        """The in-memory label/alias index, kept up to date with knowledge writes."""
        ...

    def cached_derived(
        self, name: str, build: Callable[[], T], *, version: int = 1, kind: type | None = None
    ) -> T:
        """``build()``, an object derived from the whole store, kept until the knowledge changes
        (on disk where the backend's aggregates are)."""
        ...

    def search_labels(self, text: str, limit: int = 10) -> list[LabelHit]: ...

    def count_queries(self) -> AbstractContextManager[QueryCounter]:
        """``with store.count_queries() as qc:`` -- queries this store executed in the block."""
        ...

    def stats(self) -> StoreStats: ...

    def export(
        self,
        output: IO[bytes] | str | os.PathLike[str],
        fmt: str = "trig",
        source: str | None = None,
    ) -> None: ...
