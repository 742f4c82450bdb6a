"""The default graph store: embedded Oxigraph (pyoxigraph), on disk or in memory.

Locking rule: an on-disk store is opened for writing by one process at a time
(RocksDB holds a lock file). Other processes may open it read-only
(``read_only=True``, ``--read-only`` on the CLI) while the writer runs, and see
the data as of the moment they opened it.

No lost records (the discipline for concurrent processes): a read-only
process still records what it did -- claims, verdicts, trajectories, memory
links, the bookkeeping graphs -- into a journal beside the store
(``<store>.journal/``, one fsynced file per write, written under a temporary
name and renamed). The next process that opens the store for writing (and a
writer when it closes) applies the journal in order, each entry in one
transaction, and deletes each entry after applying it. Entries are
replace-or-add writes of one claim graph, so an entry applied twice (a crash
between applying and deleting) leaves the same graph: the effect is exactly
once. Knowledge writes are never journaled; they need the writer lock.

Crash safety: small writes (one enrichment source, one document) are one
``extend`` transaction, so they are all there or not at all. Big files go
through ``bulk_load``, which is not transactional; their graph is first marked
``kgfc:status "loading"`` and only marked complete afterwards, and opening the
store for writing drops any graph still marked as loading, so a killed load
leaves no half-written source behind and a re-run loads it again.
"""

from __future__ import annotations

import functools
import hashlib
import io
import itertools
import json
import logging
import os
import shutil
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import pyoxigraph as ox

from kgfc.errors import QuerySyntaxError, StoreError, StoreLockedError
from kgfc.kg import vocab as V
from kgfc.kg.aggregates import computing
from kgfc.kg.compaction import Compaction, compact, finish_interrupted
from kgfc.kg.derived_cache import load_or_build
from kgfc.kg.rdf_files import (
    INCOMPLETE,
    LOADING,
    RETRACTING,
    STATUS,
    Meter,
    export_prefixes,
    file_graph_iri,
    open_bytes,
    read_quads,
)
from kgfc.kg.rdf_store import (
    FACT_PREFIXES,
    RdfStore,
    WritePlan,
    fact_of,
    graph_node,
    part_record,
    property_entity,
)
from kgfc.kg.reopening import ATTEMPTS, ReopeningStore, vanished
from kgfc.kg.store import Subject, Substitutions, Term, is_bookkeeping, value_of
from kgfc.kg.terms import provenance_quads, service_endpoints, source_from_row
from kgfc.models import Fact, Source, utcnow
from kgfc.resources import load_query
from kgfc.settings import default_home

log = logging.getLogger(__name__)
T = TypeVar("T")

LARGE_RETRACTION = 100_000  # quads: retracting more compacts the store afterwards
BULK_BATCH = 250_000  # quads per bulk-load batch (peak memory ~ 300 MB, whatever the file size)
# The store's own meta statements sit in the default graph (which kgfc never
# writes otherwise): no `GRAPH ?g` query, source listing or export sees them.
_META = ox.NamedNode("https://w3id.org/kgfc/meta")
_META_G = ox.DefaultGraph()
_VERSION = ox.NamedNode(V.KGFC + "knowledgeVersion")
_CHANGING = ox.NamedNode(V.KGFC + "knowledgeChanging")
# as kgfc.kg.verdicts: a verdict's cited sources, and the marks a retraction leaves on it
_USED_EVIDENCE = ox.NamedNode(V.KGFC + "usedEvidence")
_STALE_BECAUSE = ox.NamedNode(V.KGFC + "staleBecause")
_RETRACTED_AT = ox.NamedNode(V.KGFC + "retractedAt")
_RETRACTION = ox.NamedNode(V.KGFC + "retraction")  # a tombstone: which graph went, and when
_INCOMING_CAP = 300
_NEIGHBOUR_CACHE = 20_000  # nodes whose facts neighbourhood() keeps (then it starts over)
_UNSEEN, _NOT_A_FACT = (
    object(),
    object(),
)  # as neighbourhood.rq: incoming facts of hubs run to thousands


def _bound(
    substitutions: Substitutions | None,
) -> dict[ox.Variable, ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple] | None:
    """Substitutions as pyoxigraph takes them (a dict; None for none)."""
    return dict(substitutions) if substitutions else None


def _plain(term: Term | ox.Triple | None) -> str | None:
    """A solution's or quad's term as a plain value (kgfc writes no RDF-star triples)."""
    return None if term is None else value_of(term)


def _folder_bytes(folder: Path) -> int:
    """Bytes under ``folder``; files a compaction removes while we look are skipped."""
    total = 0
    for p in folder.rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            continue
    return total


def cache_folder(path: Path, kind: str, home: Path | None = None) -> Path:
    """Where the on-disk store at ``path`` keeps its caches of ``kind`` in ``home`` (default:
    the kgfc home). Named by the store's resolved path; the files in it by its knowledge key."""
    digest = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    return (home or default_home()) / "cache" / kind / digest


def _open_read_only(path: Path, attempts: int = 20) -> ox.Store:
    """Open read-only, retrying while a live writer's compaction swaps files.

    RocksDB's read-only open lists the files named in the manifest; when the
    writer compacts at that moment one may vanish, and the open fails with a
    "Corruption ... No such file" error that a retry a moment later does not see.
    """
    for attempt in range(attempts):
        try:
            return ox.Store.read_only(str(path))
        except (OSError, RuntimeError) as exc:
            if "No such file" not in str(exc) or attempt == attempts - 1:
                raise OSError(str(exc)) from exc
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable")


class OxigraphStore(RdfStore):
    """The embedded backend: a :class:`~kgfc.kg.store.KnowledgeGraph` on pyoxigraph."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, read_only: bool = False
    ) -> None:
        super().__init__(read_only=read_only)
        self.path = Path(path) if path is not None else None
        self._neighbours: dict[tuple[str, str], list[Fact]] = {}  # see neighbourhood()
        self._fact_predicates: dict[str, object] = {}
        try:
            if self.path is None:
                self._store = ox.Store()
            elif read_only:
                if not self.path.exists():
                    raise StoreError(
                        f"No store at {self.path}.",
                        hint="Create it with `kgfc kg load` or `kgfc kg enrich` first.",
                    )
                # survives the writer's compactions (kgfc.kg.reopening)
                self._store = cast(  # it forwards every Store method
                    ox.Store, ReopeningStore(functools.partial(_open_read_only, self.path))
                )
            else:
                finish_interrupted(self.path)  # a killed compaction's swap (kgfc.kg.compaction)
                self.path.mkdir(parents=True, exist_ok=True)
                self._store = ox.Store(str(self.path))
        except OSError as exc:
            if "lock" in str(exc).lower():
                raise StoreLockedError(
                    f"The store at {self.path} is open for writing in another process.",
                    hint="Stop that process, or open this one read-only (--read-only).",
                ) from exc
            raise StoreError(f"Cannot open the store at {self.path}: {exc}") from exc
        self.journal: Path | None = (
            self.path.with_name(self.path.name + ".journal") if self.path is not None else None
        )
        self._journaled: set[str] = set()
        self._journal_seq = 0
        self._journal_polled = 0.0
        self._applying = False
        if not read_only:
            self._recover()
            self._apply_journal()

    @property
    def can_record(self) -> bool:
        """Bookkeeping writes are accepted: directly, or journaled for the next writer."""
        return not self.read_only or self.journal is not None

    # -- lifecycle --------------------------------------------------------
    def close(self) -> None:
        if not self.read_only and self.path is not None:
            self._apply_journal()  # records of read-only processes that ran beside us
            self._store.flush()
        del self._store

    # -- the journal of records from read-only processes (see the module docstring) ----
    def _journal_write(
        self,
        writes: list[tuple[str, list[ox.Quad]]],
        replace: bool,
        replace_subject: str | None,
    ) -> int:
        """One fsynced journal entry for the graphs of one write (a batch's chunk: all or none)."""
        assert self.journal is not None
        try:
            self.journal.mkdir(parents=True, exist_ok=True)
            entries = []
            for graph, quads in writes:
                buf = io.BytesIO()
                ox.serialize(quads, buf, ox.RdfFormat.N_QUADS)
                entries.append({"graph": graph, "nquads": buf.getvalue().decode("utf-8")})
            entry = {"writes": entries, "replace": replace, "replace_subject": replace_subject}
            self._journal_seq += 1
            name = f"{time.time_ns():020d}-{os.getpid()}-{self._journal_seq:06d}"
            tmp = self.journal / f".{name}.tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(entry, fh)
                fh.flush()
                os.fsync(fh.fileno())
            tmp.replace(self.journal / f"{name}.json")
        except OSError as exc:
            raise StoreError(
                f"Cannot record into the journal at {self.journal}: {exc}",
                hint="Re-run when the writer has finished, or pass --no-record.",
            ) from exc
        self._journaled.update(graph for graph, _ in writes)
        return sum(len(quads) for _, quads in writes)

    def pending_records(self) -> int:
        """Journal entries waiting for a writer."""
        if self.journal is None or not self.journal.is_dir():
            return 0
        return sum(1 for _ in self.journal.glob("*.json"))

    def _tombstones(self) -> dict[ox.NamedNode, ox.Literal]:
        """Retracted graphs -> when they went (see :meth:`_retract_graphs`)."""
        return {
            q.object.subject: q.object.object
            for q in self._store.quads_for_pattern(_META, _RETRACTION, None, _META_G)
            if isinstance(q.object, ox.Triple)
            and isinstance(q.object.subject, ox.NamedNode)
            and isinstance(q.object.object, ox.Literal)
        }

    def _stale_after_the_fact(
        self, graphs: Mapping[str, list[ox.Quad]], stones: dict[ox.NamedNode, ox.Literal]
    ) -> None:
        """Journaled claims that cite a source retracted since the reader saw it become stale,
        as if they had been recorded before the retraction (the tombstone says when it went)."""
        marks: dict[str, list[ox.Quad]] = {}
        for graph, quads in graphs.items():
            g = ox.NamedNode(graph)
            for q in quads:
                if q.predicate != _USED_EVIDENCE or not isinstance(q.object, ox.NamedNode):
                    continue
                when = stones.get(q.object)
                if when is not None and not self.has_source(q.object.value):
                    marks.setdefault(graph, []).extend(
                        [
                            ox.Quad(q.subject, _STALE_BECAUSE, q.object, g),
                            ox.Quad(q.object, _RETRACTED_AT, when, g),
                        ]
                    )
        if marks:
            log.info("marked %d journaled claim(s) stale: their sources were retracted", len(marks))
            self.write_graphs(marks)

    def _poll_journal(self) -> None:
        """A long-running writer (``kgfc serve``) picks up journaled records as it records its own."""
        now = time.monotonic()
        if now - self._journal_polled < 1.0 or self._applying:
            return
        self._journal_polled = now
        self._apply_journal()

    def _apply_journal(self) -> int:
        if self.journal is None or not self.journal.is_dir():
            return 0
        applied = 0
        self._applying = True
        try:
            applied = self._apply_entries()
        finally:
            self._applying = False
        if applied:
            log.info("applied %d journaled record(s) from read-only processes", applied)
        return applied

    def _apply_entries(self) -> int:
        applied = 0
        stones = None
        assert self.journal is not None
        for entry in sorted(self.journal.glob("*.json")):
            try:
                data = json.loads(entry.read_text(encoding="utf-8"))
                # one graph per entry (kgfc <= 0.3), or a chunk of graphs
                writes = data.get("writes", [data])
                graphs = {
                    w["graph"]: list(ox.parse(w["nquads"].encode("utf-8"), ox.RdfFormat.N_QUADS))
                    for w in writes
                }
                for graph in graphs:
                    if not is_bookkeeping(graph):
                        raise ValueError(f"not a bookkeeping graph: {graph}")
            except (OSError, ValueError, KeyError, TypeError, SyntaxError) as exc:
                log.warning("journal entry %s is unreadable (%s); set aside", entry.name, exc)
                entry.replace(entry.with_suffix(".bad"))
                continue
            self.write_graphs(
                graphs,
                replace=bool(data.get("replace")),
                replace_subject=data.get("replace_subject"),
            )
            if stones is None:
                stones = self._tombstones()
            self._stale_after_the_fact(graphs, stones)
            entry.unlink(missing_ok=True)
            applied += 1
        return applied

    def _recover(self) -> None:
        # A killed bulk load leaves its sorted runs (bulk-*.sst) in the folder; we hold
        # the writer lock, so no other process is loading them.
        for orphan in self.path.glob("bulk-*.sst") if self.path is not None else ():
            log.warning("removing %s left by an interrupted bulk load", orphan.name)
            orphan.unlink(missing_ok=True)
        if next(iter(self._store.quads_for_pattern(_META, _CHANGING, None, _META_G)), None):
            self._bump_version()  # a knowledge write was interrupted: caches keyed before it go
        dropped = 0
        for row in self._select(load_query("incomplete_sources")):
            if row["status"] == RETRACTING:
                log.warning("finishing the interrupted retraction of source %s", _plain(row["g"]))
            else:
                log.warning(
                    "dropping source %s left half-written by an interrupted load", row["g"].value
                )
            self._store.remove_graph(row["g"])
            dropped += 1
        if dropped and self.path is not None:
            freed = self.compact().bytes_freed  # give the half-written source's disk back
            log.warning("compacted the store: %d bytes freed", freed)

    # -- low-level query --------------------------------------------------
    def _select(
        self, text: str, substitutions: Mapping[str, ox.NamedNode | ox.Literal] | None = None
    ) -> ox.QuerySolutions:
        """Solutions of the SELECT query ``text`` (kgfc's own queries: named or built here)."""
        self._count_query()
        subs = {ox.Variable(k): v for k, v in (substitutions or {}).items()}
        try:
            result = self._store.query(text, substitutions=_bound(subs))
            assert isinstance(result, ox.QuerySolutions)
            return result
        except SyntaxError as exc:
            raise QuerySyntaxError(f"SPARQL syntax error: {exc}") from exc
        except RuntimeError as exc:  # e.g. a substitution for a variable the query does not project
            raise QuerySyntaxError(f"Cannot bind values into the query: {exc}") from exc
        except OSError as exc:
            raise StoreError(f"Query failed: {exc}") from exc

    def _user_query(
        self,
        text: str,
        union: bool,
        substitutions: Substitutions | None,
        allow_service: bool,
    ) -> ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples:
        """The raw pyoxigraph result. ``SERVICE`` clauses reach the network from this
        process, so they are refused unless ``allow_service`` (the caller vets the endpoints).
        """
        if not allow_service and service_endpoints(text) is not None:
            raise QuerySyntaxError(
                "SERVICE clauses are refused: queries run on the local store only.",
                hint="Pass --allow-service to let this query call the endpoints it names.",
            )
        self._count_query()
        try:
            return self._store.query(
                text, use_default_graph_as_union=union, substitutions=_bound(substitutions)
            )
        except SyntaxError as exc:
            raise QuerySyntaxError(
                f"SPARQL syntax error: {exc}", hint="Check the query text."
            ) from exc
        except RuntimeError as exc:
            raise QuerySyntaxError(f"Cannot bind values into the query: {exc}") from exc
        except OSError as exc:
            raise StoreError(f"Query failed: {exc}") from exc

    def _rows(
        self, text: str, terms: Mapping[str, ox.NamedNode | ox.Literal], *, scan: bool
    ) -> list[dict[str, str | None]]:
        """Solutions as plain values; ``terms`` go in as pyoxigraph substitutions.

        A read-only store's solutions are read lazily: when the writer compacts meanwhile,
        a file they name can vanish mid-read, and the query is asked again (the reopened
        store sees the new files) rather than failing the claim.
        """
        for attempt in range(ATTEMPTS):
            result = self._select(text, terms)
            names = [v.value for v in result.variables]
            try:
                return [{n: _plain(row[n]) for n in names} for row in result]
            except OSError as exc:
                if not (self.read_only and vanished(exc)) or attempt == ATTEMPTS - 1:
                    raise
                if isinstance(self._store, ReopeningStore):
                    self._store.reopen(attempt, exc)
        raise AssertionError("unreachable")

    # -- writes -----------------------------------------------------------
    def has_source(self, iri: str) -> bool:
        g = graph_node(iri)
        if g is None:
            return False
        if not self._store.contains_named_graph(g):
            return iri in self._journaled
        # A graph still marked as loading is half-written (a load running or killed); one
        # marked retracting is on its way out.
        return not any(
            next(iter(self._store.quads_for_pattern(g, STATUS, mark, g)), None) is not None
            for mark in INCOMPLETE
        )

    def source(self, iri: str) -> Source | None:
        g = graph_node(iri)
        if g is None:
            return None
        props: dict[str, list[str]] = defaultdict(list)
        for q in self._store.quads_for_pattern(g, None, None, g):
            props[q.predicate.value].append(_plain(q.object) or "")
        if V.RDF_TYPE not in props:
            return None
        # as the source_fact_counts query: relations between things, not labels
        n = sum(
            1
            for q in self._store.quads_for_pattern(None, None, None, g)
            if q.predicate.value.startswith((V.WDT, V.KGFC_REL))
        )
        return source_from_row(iri, props).model_copy(update={"facts": n})

    def _divert(
        self, graphs: Mapping[str, Iterable[ox.Quad]], replace: bool, replace_subject: str | None
    ) -> int | None:
        """A read-only process journals its records (bookkeeping) for the next writer.

        A writer recording bookkeeping first picks up what readers journaled.
        """
        if not all(is_bookkeeping(g) for g in graphs):
            return None
        if not self.read_only:
            self._poll_journal()
            return None
        if self.journal is None:
            return None  # an in-memory store opened read-only: refused by _check_writable
        named = {g: ox.NamedNode(g) for g in graphs}
        return self._journal_write(
            [
                (g, [ox.Quad(q.subject, q.predicate, q.object, named[g]) for q in qs])
                for g, qs in graphs.items()
            ],
            replace,
            replace_subject,
        )

    def _plan_write(
        self, g: ox.NamedNode, quads: Iterable[ox.Quad], replace: bool, subject: Subject | None
    ) -> WritePlan:
        """New quads by index lookups; with ``replace``, what the graph holds and ``quads`` do not."""
        quads = [
            q if q.graph_name == g else ox.Quad(q.subject, q.predicate, q.object, g) for q in quads
        ]
        exists = self._store.contains_named_graph(g)  # not: a claim's first record
        unique = list(dict.fromkeys(quads))
        fresh = [q for q in unique if q not in self._store] if exists else unique
        gone: list[ox.Quad] = []
        if replace and exists:
            # Compare in the store's canonical form ("1.0"^^xsd:double is stored as
            # "1"): otherwise an unchanged value looks stale and removing it
            # deletes the fresh copy too.
            scratch = ox.Store()
            scratch.extend(quads)
            keep = set(scratch)
            gone = [
                q for q in self._store.quads_for_pattern(subject, None, None, g) if q not in keep
            ]
        return WritePlan(g, fresh, gone)

    def _send(self, plans: Sequence[WritePlan]) -> None:
        """All new quads in one ``extend`` (one RocksDB transaction), then the stale ones out."""
        new = [q for plan in plans for q in plan.new]
        if new:
            self._store.extend(new)
        for plan in plans:
            for q in plan.removed:
                self._store.remove(q)

    def load_bundle(self, path: str | os.PathLike[str], graphs: Sequence[str]) -> None:
        """Bulk-load a trusted N-Quads(.gz) file holding exactly ``graphs``, replacing them.

        ``bulk_load`` is not transactional, so every graph is first marked
        ``kgfc:status "loading"`` in one transaction, the file is loaded, and the
        marks are removed in one update: a killed load leaves marked graphs,
        which :meth:`has_source` reports absent and the next writable open drops.
        """
        self._check_writable()
        path = Path(path)
        targets = [ox.NamedNode(iri) for iri in graphs]
        self._begin_knowledge_change()
        for g in targets:
            self._store.remove_graph(g)
        self._store.extend([ox.Quad(g, STATUS, LOADING, g) for g in targets])
        try:
            with open_bytes(path) as fh:
                # lenient: the file is trusted (validated when it was built);
                # skipping IRI checks makes the load noticeably faster.
                self._store.bulk_load(fh, ox.RdfFormat.N_QUADS, lenient=True)
        except (SyntaxError, OSError, EOFError) as exc:
            for g in targets:
                self._store.remove_graph(g)
            raise StoreError(f"Loading {path} failed: {exc}") from exc
        self._store.update(
            "DELETE DATA { "
            + " ".join(
                f'GRAPH <{g.value}> {{ <{g.value}> <{STATUS.value}> "loading" }}' for g in targets
            )
            + " }"
        )
        self._changed()

    def retract(
        self, source_iri: str, *, stale: Mapping[str, Iterable[ox.Quad]] | None = None
    ) -> int:
        n = super().retract(source_iri, stale=stale)
        if n >= LARGE_RETRACTION and self.path is not None:
            self.compact()  # give the disk back
        return n

    def compact(self, *, rebuild: bool | None = None) -> Compaction:
        """Compact the on-disk store, reporting the bytes freed (see kgfc.kg.compaction)."""
        self._check_writable()
        if self.path is None:
            raise StoreError("Only an on-disk store can be compacted.")

        def release() -> None:
            del self._store

        report, self._store = compact(self._store, self.path, release, rebuild=rebuild)
        return report

    def _graph_exists(self, g: ox.NamedNode) -> bool:
        return self._store.contains_named_graph(g)

    def _drop_graphs(self, graphs: Sequence[ox.NamedNode]) -> None:
        for graph in graphs:
            self._store.remove_graph(graph)

    def _retract_graphs(
        self, graphs: Sequence[ox.NamedNode], stale: Mapping[str, Iterable[ox.Quad]]
    ) -> None:
        """A retraction in two steps that a crash cannot split.

        One transaction marks every graph ``kgfc:status "retracting"``, adds the
        stale marks and leaves a tombstone per graph in the meta graph
        (``kgfc:retraction << <graph> kgfc:retractedAt <time> >>``); from then on
        :meth:`has_source` reports the graphs gone, and if this process dies the
        next writable open finishes dropping them. Then the graphs are dropped.
        The tombstones let a claim that a read-only process journaled, citing a
        source retracted since, be marked stale when the journal is applied
        (:meth:`_stale_after_the_fact`).
        """
        when = ox.Literal(utcnow().isoformat(), datatype=ox.NamedNode(V.XSD + "dateTime"))
        first = [ox.Quad(g, STATUS, RETRACTING, g) for g in graphs]
        first += [
            ox.Quad(_META, _RETRACTION, ox.Triple(g, _RETRACTED_AT, when), _META_G) for g in graphs
        ]
        for graph, quads in stale.items():
            first += self._plan_write(ox.NamedNode(graph), quads, False, None).new
        self._store.extend(first)
        self._drop_graphs(graphs)

    def _load(self, path: Path, rdf_format: ox.RdfFormat, source: Source, meter: Meter) -> int:
        """Bulk load, the graphs marked loading until it is all in (see the module docstring).

        Memory stays flat in the file size: the file is streamed twice (check,
        then bulk load).
        """
        g = ox.NamedNode(source.iri)
        n = 0
        graphs: set[ox.NamedNode | ox.BlankNode] = set()
        for q in read_quads(path, rdf_format, meter):  # syntax, reserved vocabulary
            n += 1
            if not isinstance(q.graph_name, ox.DefaultGraph):
                graphs.add(q.graph_name)
        sub = {other: ox.NamedNode(file_graph_iri(source.iri, other.value)) for other in graphs}
        targets = [g, *sub.values()]
        # Mark first, bulk load, then mark complete: see the module docstring.
        self._begin_knowledge_change()
        self._store.remove_graph(g)
        self._store.extend([ox.Quad(t, STATUS, LOADING, t) for t in targets])
        try:
            with open_bytes(path, meter) as fh:
                quads = (
                    ox.Quad(
                        q.subject,
                        q.predicate,
                        q.object,
                        g if isinstance(q.graph_name, ox.DefaultGraph) else sub[q.graph_name],
                    )
                    for q in ox.parse(fh, rdf_format)
                )
                # Bounded batches: the bulk loader buffers what it is given, so
                # memory stays flat in the file size (one batch at a time).
                while batch := list(itertools.islice(quads, BULK_BATCH)):
                    self._store.bulk_extend(batch)
        except (
            SyntaxError,
            OSError,
            EOFError,
            KeyError,
        ) as exc:  # pragma: no cover - checked above
            for t in targets:
                self._store.remove_graph(t)
            raise StoreError(f"Loading {path} failed: {exc}") from exc
        record = provenance_quads(source)
        for other, graph in sub.items():
            record += part_record(source, path.name, other, graph)
        self._store.extend(record)
        for t in targets:
            self._store.remove(ox.Quad(t, STATUS, LOADING, t))
        return n

    def _changed(self, *, added_labels: Iterable[ox.Quad] | None = None) -> None:
        super()._changed(added_labels=added_labels)
        self._bump_version()
        self._neighbours.clear()
        self._fact_predicates.clear()
        cache = self.cache_dir("queries")
        if cache is not None and cache.exists():
            shutil.rmtree(cache, ignore_errors=True)

    # -- the knowledge version: what caches of whole-store aggregates key on ------------
    # One token in the meta graph, replaced (one update) after every knowledge write,
    # never by bookkeeping. Reading it is one lookup, not a listing of every graph.
    # kgfc:knowledgeChanging is set before a knowledge write and cleared with the new
    # token, so a reader that sees a write in progress, or a store opened after a
    # crash mid-write, never reuses a cache keyed by the old token.
    def knowledge_key(self) -> str:
        if next(iter(self._store.quads_for_pattern(_META, _CHANGING, None, _META_G)), None):
            return f"changing-{uuid.uuid4().hex}"  # a write in progress: cache nothing under it
        found = next(iter(self._store.quads_for_pattern(_META, _VERSION, None, _META_G)), None)
        if found is not None and isinstance(found.object, ox.Literal):
            return found.object.value
        if not self.read_only:
            return self._bump_version()
        return "graphs-" + hashlib.sha256("\n".join(self.graphs()).encode()).hexdigest()[:24]

    def _begin_knowledge_change(self) -> None:
        self._store.add(ox.Quad(_META, _CHANGING, ox.Literal("true"), _META_G))

    def _bump_version(self) -> str:
        token = uuid.uuid4().hex
        self._store.update(
            f"DELETE WHERE {{ <{_META.value}> <{_CHANGING.value}> ?c }} ;"
            f"DELETE WHERE {{ <{_META.value}> <{_VERSION.value}> ?v }} ;"
            f'INSERT DATA {{ <{_META.value}> <{_VERSION.value}> "{token}" }}'
        )
        return token

    def graphs(self) -> list[str]:
        """Names of the knowledge graphs (bookkeeping and the store's meta graph left out), sorted."""
        return sorted(
            g.value
            for g in self._store.named_graphs()
            if isinstance(g, ox.NamedNode) and not is_bookkeeping(g.value)
        )

    def cache_dir(self, kind: str) -> Path | None:
        return None if self.path is None else cache_folder(self.path, kind)

    def run_cached(self, name: str) -> list[dict[str, str | None]]:
        """``run(name)`` for whole-store aggregates (no bindings), cached on disk for on-disk stores.

        Statistics such as property functionality take seconds on the demo KG and
        every ``kgfc verify`` process needs them. The cache is keyed by the store's
        source graphs (claims excluded) and dropped by every write of facts.
        """
        cache = self.cache_dir("queries")
        if cache is None:
            self.aggregate_builds[name] += 1
            return self.run(name)
        key = hashlib.sha256(
            f"{name}|{load_query(name)}|{self.knowledge_key()}".encode()
        ).hexdigest()[:24]
        path = cache / f"{name}-{key}.json"
        if path.is_file():
            try:
                rows: list[dict[str, str | None]] = json.loads(path.read_text(encoding="utf-8"))
                return rows
            except (OSError, ValueError):
                pass
        self.aggregate_builds[name] += 1
        with computing(name):
            rows = self.run(name)
        try:
            cache.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(rows), encoding="utf-8")
            tmp.replace(path)
        except OSError as exc:
            log.debug("cannot cache %s: %s", name, exc)
        return rows

    def cached_derived(
        self, name: str, build: Callable[[], T], *, version: int = 1, kind: type | None = None
    ) -> T:
        """``build()``, kept on disk beside :meth:`run_cached`'s files under the knowledge key.

        A one-shot command reads the label index and the claim reader's indexes
        back in milliseconds instead of rebuilding them from the aggregate rows.
        """
        obj, built = load_or_build(
            self.cache_dir("derived"), name, self.knowledge_key(), build, version=version, kind=kind
        )
        if built:
            self.aggregate_builds[name] += 1
        return obj

    def graph_dumps(self) -> Iterator[bytes]:
        """Each named graph's triples as N-Triples bytes, in the order ``GRAPH ?g`` visits them.

        A whole-store read for the caches derived from every fact
        (:func:`kgfc.reason.factindex.entity_facts`): the engine writes the bytes,
        where a SELECT over the same facts makes a Python object per term. No SPARQL
        runs, so no query is counted (as for the other dumps).
        """
        for g in list(self._store.named_graphs()):
            yield self._store.dump(format=ox.RdfFormat.N_TRIPLES, from_graph=g) or b""

    # -- reads ------------------------------------------------------------
    def neighbourhood(
        self, entities: Sequence[str], incoming: Sequence[str] | None = None
    ) -> list[Fact]:
        """Outgoing facts of ``entities`` and incoming facts of ``incoming`` (default: the same).

        The answer of ``queries/sparql/neighbourhood.rq`` (incoming facts capped
        at 300 in all, facts being ``wdt:`` and kgfc relations in named graphs),
        read through the store's quad-pattern index instead of a parsed and
        planned SPARQL query: the lookup is the same index scan either way, and
        skipping the parse, the plan and the per-row solution objects makes it
        cost what the scan costs, whatever the size of the store.
        """
        if not entities and not incoming:
            return []
        # NamedNode() rejects anything that is not an IRI (ValueError), as VALUES binding did.
        outs = [ox.NamedNode(e) for e in dict.fromkeys(entities)]
        ins = outs if incoming is None else [ox.NamedNode(e) for e in dict.fromkeys(incoming)]
        # No SPARQL runs, so no query is counted (count_queries counts SPARQL queries).
        out_set = {n.value for n in outs} if outs else set()
        # A node's facts are read once per knowledge generation (``_changed`` clears
        # them; recording claims does not): a batch walks the same hubs -- countries,
        # occupations -- from claim after claim. Facts are frozen, so sharing is safe.
        cache = self._neighbours
        if len(cache) > _NEIGHBOUR_CACHE:
            cache.clear()
        facts: list[Fact] = []
        for node in outs:
            got = cache.get(("out", node.value))
            if got is None:
                got = cache[("out", node.value)] = self._facts_of(node, out=True)
            facts += got
        budget = _INCOMING_CAP
        for node in ins:
            if budget == 0:
                break
            got = cache.get(("in", node.value))
            if got is None:
                got = cache[("in", node.value)] = self._facts_of(node, out=False)
            for f in got:
                budget -= 1
                # a fact between two entities of the set was already read going out
                if f.subject not in out_set:
                    facts.append(f)
                if budget == 0:
                    break
        return facts

    def _facts_of(self, node: ox.NamedNode, *, out: bool) -> list[Fact]:
        """``node``'s outgoing facts, or its first ``_INCOMING_CAP`` incoming ones, with labels."""
        labels = self.label_index().labels
        predicates = self._fact_predicates
        found = (
            self._store.quads_for_pattern(node, None, None, None)
            if out
            else self._store.quads_for_pattern(None, None, node, None)
        )
        facts: list[Fact] = []
        for q in found:
            p = q.predicate.value
            info = predicates.get(p, _UNSEEN)
            if info is _UNSEEN:  # predicate IRI -> its label, or _NOT_A_FACT
                info = (
                    labels.get(property_entity(p)) if p.startswith(FACT_PREFIXES) else _NOT_A_FACT
                )
                predicates[p] = info
            if (
                info is _NOT_A_FACT
                or not isinstance(q.graph_name, ox.NamedNode)
                or isinstance(q.subject, ox.Triple)
                or isinstance(q.object, ox.Triple)
            ):
                continue
            label = cast("str | None", info)  # neither sentinel: the property's label or None
            facts.append(fact_of(q.subject.value, p, q.object, q.graph_name.value, labels, label))
            if not out and len(facts) == _INCOMING_CAP:
                break
        return facts

    def _where(self) -> tuple[str | None, int | None]:
        if self.path is None:
            return None, None
        return str(self.path), _folder_bytes(self.path) if self.path.exists() else None

    def _export(self, output: Any, rdf_format: ox.RdfFormat, graph: ox.NamedNode | None) -> None:
        if rdf_format.supports_datasets and graph is None:
            ox.serialize(
                self.quads(),
                output,
                rdf_format,
                prefixes=V.PREFIXES if rdf_format == ox.RdfFormat.TRIG else None,
            )
        elif graph is not None:
            self._store.dump(
                output, rdf_format, from_graph=graph, prefixes=export_prefixes(rdf_format)
            )
        else:
            self._count_query()
            triples = self._store.query("CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")
            assert isinstance(triples, ox.QueryTriples)  # a CONSTRUCT query
            ox.serialize(triples, output, rdf_format, prefixes=export_prefixes(rdf_format))

    def _match(
        self, s: Subject | None, p: ox.NamedNode | None, o: Term | None, g: ox.NamedNode | None
    ) -> Iterator[ox.Quad]:
        found = self._store.quads_for_pattern(s, p, o, g)
        if g is not None:
            return iter(found)
        # the store's own meta graph stays inside
        return (q for q in found if q.subject != _META or q.graph_name != _META_G)

    def _count(
        self, s: Subject | None, p: ox.NamedNode | None, o: Term | None, g: ox.NamedNode | None
    ) -> int:
        if s is p is o is g is None:
            return len(self)
        return sum(1 for _ in self._match(s, p, o, g))

    def contains(self, quad: ox.Quad) -> bool:
        return quad in self._store

    def __len__(self) -> int:
        return len(self._store) - sum(
            1 for _ in self._store.quads_for_pattern(_META, None, None, _META_G)
        )
