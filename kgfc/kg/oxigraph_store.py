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

import gzip
import hashlib
import io
import itertools
import json
import logging
import os
import shutil
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pyoxigraph as ox

from kgfc.errors import InputError, QuerySyntaxError, RDFSyntaxError, StoreError, StoreLockedError
from kgfc.kg import vocab as V
from kgfc.kg.aggregates import computing
from kgfc.kg.labels import LabelIndex
from kgfc.kg.store import QueryCounting, Term, is_bookkeeping
from kgfc.kg.terms import (
    fact_quads,
    is_sparql_update,
    label_quads,
    provenance_quads,
    service_endpoints,
    source_from_row,
    source_iri,
    with_values,
)
from kgfc.models import Fact, Label, LabelHit, LoadReport, Source, SourceKind, StoreStats
from kgfc.resources import load_query
from kgfc.settings import default_home

log = logging.getLogger(__name__)

FORMATS = {
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".ttl": ox.RdfFormat.TURTLE,
    ".nq": ox.RdfFormat.N_QUADS,
    ".trig": ox.RdfFormat.TRIG,
    ".jsonld": ox.RdfFormat.JSON_LD,
    ".rdf": ox.RdfFormat.RDF_XML,
    ".owl": ox.RdfFormat.RDF_XML,
}
FORMAT_NAMES = {
    "nt": ox.RdfFormat.N_TRIPLES,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "turtle": ox.RdfFormat.TURTLE,
    "ttl": ox.RdfFormat.TURTLE,
    "nquads": ox.RdfFormat.N_QUADS,
    "nq": ox.RdfFormat.N_QUADS,
    "trig": ox.RdfFormat.TRIG,
    "jsonld": ox.RdfFormat.JSON_LD,
    "json-ld": ox.RdfFormat.JSON_LD,
}
STATUS = ox.NamedNode(V.KGFC + "status")
_LOADING = ox.Literal("loading")
BULK_BATCH = 250_000  # quads per bulk-load batch (peak memory ~ 300 MB, whatever the file size)
# The store's own meta statements sit in the default graph (which kgfc never
# writes otherwise): no `GRAPH ?g` query, source listing or export sees them.
_META = ox.NamedNode("https://w3id.org/kgfc/meta")
_META_G = ox.DefaultGraph()
_VERSION = ox.NamedNode(V.KGFC + "knowledgeVersion")
_CHANGING = ox.NamedNode(V.KGFC + "knowledgeChanging")
_ORIGINAL_GRAPH = ox.NamedNode(V.KGFC + "originalGraph")
_PART_OF = ox.NamedNode(V.DCT + "isPartOf")
_LABEL_PREDICATES = frozenset({V.RDFS_LABEL, V.SKOS_ALT, V.SCHEMA_DESC})
_NOTHING = "urn:kgfc:nothing"
_FACT_PREFIXES = (V.WDT, V.KGFC_REL)
_INCOMING_CAP = 300
_NEIGHBOUR_CACHE = 20_000  # nodes whose facts neighbourhood() keeps (then it starts over)
_UNSEEN, _NOT_A_FACT = (
    object(),
    object(),
)  # as neighbourhood.rq: incoming facts of hubs run to thousands


def guess_format(path: Path, fmt: str | None = None) -> ox.RdfFormat:
    if fmt:
        try:
            return FORMAT_NAMES[fmt.lower()]
        except KeyError:
            raise InputError(
                f"Unknown RDF format {fmt!r}.",
                hint=f"Use one of: {', '.join(sorted(FORMAT_NAMES))}.",
            ) from None
    suffixes = path.suffixes
    ext = suffixes[-2] if suffixes and suffixes[-1] == ".gz" and len(suffixes) > 1 else path.suffix
    try:
        return FORMATS[ext.lower()]
    except KeyError:
        raise InputError(
            f"Cannot tell the RDF format of {path.name!r} from its extension.",
            hint="Use .nt, .ttl, .nq, .trig or .jsonld (optionally .gz), or pass --format.",
        ) from None


class _Meter:
    """Counts bytes read from a file for a ``progress(done, total)`` callback, at most ~10 times/s."""

    def __init__(self, progress: Callable[[int, int], None] | None, total: int) -> None:
        self.progress, self.total, self.read, self._last = progress, max(total, 1), 0, 0.0

    def add(self, k: int) -> None:
        self.read += k
        now = time.monotonic()
        if self.progress is not None and now - self._last > 0.1:
            self._last = now
            self.progress(min(self.read, self.total), self.total)

    def done(self) -> None:
        if self.progress is not None:
            self.progress(self.total, self.total)


class _MeteredFile(io.RawIOBase):
    def __init__(self, raw: IO[bytes], meter: _Meter) -> None:
        self.raw, self.meter = raw, meter

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        n = self.raw.readinto(b)  # type: ignore[attr-defined]
        self.meter.add(n or 0)
        return n


@contextmanager
def _open_bytes(path: Path, meter: _Meter | None = None) -> Iterator[IO[bytes]]:
    """The file's bytes (gunzipped for .gz), counting the bytes read from disk into ``meter``."""
    with open(path, "rb") as fh:
        raw: IO[bytes] = fh
        if meter is not None:
            raw = io.BufferedReader(_MeteredFile(fh, meter), 1 << 20)  # type: ignore[arg-type]
        if path.suffix == ".gz":
            with gzip.GzipFile(fileobj=raw, mode="rb") as gz:
                yield gz
        else:
            yield raw


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


def file_graph_iri(file_source: str, graph: str) -> str:
    """The source graph a named graph ``graph`` of a loaded file becomes."""
    return f"{file_source}/graph/{hashlib.sha256(graph.encode('utf-8')).hexdigest()[:24]}"


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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


class OxigraphStore(QueryCounting):
    """A :class:`~kgfc.kg.store.GraphStore` on pyoxigraph."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, read_only: bool = False
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.read_only = read_only
        self.generation = 0  # bumped on every write of knowledge; caches of derived data key on it
        self._label_index: LabelIndex | None = None
        self._neighbours: dict[tuple[str, str], list[Fact]] = {}  # see neighbourhood()
        self._fact_predicates: dict[str, object] = {}
        # whole-store aggregates computed (label index builds, aggregate queries run
        # rather than read from cache): tests assert recording claims adds none
        self.aggregate_builds: Counter[str] = Counter()
        try:
            if self.path is None:
                self._store = ox.Store()
            elif read_only:
                if not self.path.exists():
                    raise StoreError(
                        f"No store at {self.path}.",
                        hint="Create it with `kgfc kg load` or `kgfc kg enrich` first.",
                    )
                self._store = _open_read_only(self.path)
            else:
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
            entry.unlink(missing_ok=True)
            applied += 1
        return applied

    def __enter__(self) -> OxigraphStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _recover(self) -> None:
        # A killed bulk load leaves its sorted runs (bulk-*.sst) in the folder; we hold
        # the writer lock, so no other process is loading them.
        for orphan in self.path.glob("bulk-*.sst") if self.path is not None else ():
            log.warning("removing %s left by an interrupted bulk load", orphan.name)
            orphan.unlink(missing_ok=True)
        if next(iter(self._store.quads_for_pattern(_META, _CHANGING, None, _META_G)), None):
            self._bump_version()  # a knowledge write was interrupted: caches keyed before it go
        for row in self._select(load_query("incomplete_sources")):
            log.warning(
                "dropping source %s left half-written by an interrupted load", row["g"].value
            )
            self._store.remove_graph(row["g"])

    # -- low-level query --------------------------------------------------
    def _select(
        self, text: str, substitutions: Mapping[str, ox.NamedNode | ox.Literal] | None = None
    ):
        self._count_query()
        subs = {ox.Variable(k): v for k, v in (substitutions or {}).items()}
        try:
            return self._store.query(text, substitutions=subs or None)
        except SyntaxError as exc:
            raise QuerySyntaxError(f"SPARQL syntax error: {exc}") from exc
        except RuntimeError as exc:  # e.g. a substitution for a variable the query does not project
            raise QuerySyntaxError(f"Cannot bind values into the query: {exc}") from exc
        except OSError as exc:
            raise StoreError(f"Query failed: {exc}") from exc

    def sparql(
        self,
        text: str,
        *,
        union_default_graph: bool = True,
        substitutions=None,
        allow_service: bool = False,
    ):
        """Run user SPARQL, read-only. Returns the raw pyoxigraph result (solutions, triples or bool).

        Updates are refused; so are ``SERVICE`` clauses (they reach the network)
        unless ``allow_service`` -- the caller vets the endpoints first.
        """
        if is_sparql_update(text):
            raise QuerySyntaxError(
                "Queries are read-only: SPARQL updates (INSERT, DELETE, LOAD, DROP...) are refused.",
                hint="Change the KG with `kgfc kg load`, `kg enrich` or `kg retract`.",
            )
        if not allow_service and service_endpoints(text) is not None:
            raise QuerySyntaxError(
                "SERVICE clauses are refused: queries run on the local store only.",
                hint="Pass --allow-service to let this query call the endpoints it names.",
            )
        self._count_query()
        try:
            return self._store.query(
                text, use_default_graph_as_union=union_default_graph, substitutions=substitutions
            )
        except SyntaxError as exc:
            raise QuerySyntaxError(
                f"SPARQL syntax error: {exc}", hint="Check the query text."
            ) from exc
        except RuntimeError as exc:
            raise QuerySyntaxError(f"Cannot bind values into the query: {exc}") from exc
        except OSError as exc:
            raise StoreError(f"Query failed: {exc}") from exc

    def run(
        self,
        name: str,
        bindings: Mapping[str, str | ox.NamedNode | ox.Literal] | None = None,
        values: Sequence[str] | None = None,
        values_var: str = "entity",
    ) -> list[dict[str, str | None]]:
        """Run ``queries/sparql/<name>.rq``. Bindings are substituted, IRIs lists bound by VALUES."""
        text = load_query(name)
        if values is not None:
            text = with_values(text, values_var, values)
        subs = {
            k: (v if isinstance(v, ox.NamedNode | ox.Literal) else ox.NamedNode(v))
            for k, v in (bindings or {}).items()
        }
        result = self._select(text, subs)
        names = [v.value for v in result.variables]
        return [
            {n: (row[n].value if row[n] is not None else None) for n in names} for row in result
        ]

    # -- writes -----------------------------------------------------------
    def has_source(self, iri: str) -> bool:
        try:
            g = ox.NamedNode(iri)
        except ValueError:  # not an IRI at all
            return False
        if not self._store.contains_named_graph(g):
            return iri in self._journaled
        # A graph still marked as loading is half-written (a load running or killed).
        return next(iter(self._store.quads_for_pattern(g, STATUS, _LOADING, g)), None) is None

    def source(self, iri: str) -> Source | None:
        try:
            g = ox.NamedNode(iri)
        except ValueError:
            return None
        props: dict[str, list[str]] = defaultdict(list)
        for q in self._store.quads_for_pattern(g, None, None, g):
            props[q.predicate.value].append(q.object.value)
        if V.RDF_TYPE not in props:
            return None
        # as the source_fact_counts query: relations between things, not labels
        n = sum(
            1
            for q in self._store.quads_for_pattern(None, None, None, g)
            if q.predicate.value.startswith((V.WDT, V.KGFC_REL))
        )
        return source_from_row(iri, props).model_copy(update={"facts": n})

    def write_quads(
        self,
        graph: str,
        quads: Iterable[ox.Quad],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        return self.write_graphs({graph: quads}, replace=replace, replace_subject=replace_subject)

    def write_graphs(
        self,
        graphs: Mapping[str, Iterable[ox.Quad]],
        *,
        replace: bool = False,
        replace_subject: str | None = None,
    ) -> int:
        """Write several named graphs (a batch's chunk of claim graphs) in one transaction.

        As :meth:`write_quads` for each graph: all the new quads go in with one
        ``extend`` (one RocksDB transaction), then what the replaced graphs no
        longer say goes out, so a crash leaves every graph of the chunk
        written or none, never one with less than it had.
        """
        named = {g: ox.NamedNode(g) for g in graphs}
        bookkeeping = all(is_bookkeeping(g) for g in graphs)
        if not self.read_only and bookkeeping:
            self._poll_journal()
        if self.read_only and self.journal is not None and bookkeeping:
            return self._journal_write(
                [
                    (g, [ox.Quad(q.subject, q.predicate, q.object, named[g]) for q in qs])
                    for g, qs in graphs.items()
                ],
                replace,
                replace_subject,
            )
        self._check_writable()
        new: list[ox.Quad] = []
        stale: list[ox.Quad] = []
        labels_removed = False
        knowledge = False
        subject = ox.NamedNode(replace_subject) if replace_subject else None
        for graph, quads in graphs.items():
            g = named[graph]
            quads = [
                q if q.graph_name == g else ox.Quad(q.subject, q.predicate, q.object, g)
                for q in quads
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
                    q
                    for q in self._store.quads_for_pattern(subject, None, None, g)
                    if q not in keep
                ]
            if (fresh or gone) and not is_bookkeeping(graph):
                knowledge = True
                labels_removed = labels_removed or any(
                    q.predicate.value in _LABEL_PREDICATES for q in gone
                )
            new += fresh
            stale += gone
        # New quads go in (one transaction) before stale ones go out, so a crash
        # in between never leaves a graph with less than it had.
        if knowledge:
            self._begin_knowledge_change()
        if new:
            self._store.extend(new)
        for q in stale:
            self._store.remove(q)
        if knowledge:
            self._changed(
                added_labels=None
                if labels_removed
                else [q for q in new if not is_bookkeeping(q.graph_name.value)]
            )
        return len(new)

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
        self._store.extend([ox.Quad(g, STATUS, _LOADING, g) for g in targets])
        try:
            with _open_bytes(path) as fh:
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

    def add_source(
        self,
        source: Source,
        facts: Iterable[Fact],
        labels: Iterable[Label] = (),
        *,
        replace: bool = False,
    ) -> bool:
        self._check_writable()
        g = ox.NamedNode(source.iri)
        exists = self._store.contains_named_graph(g)
        if exists and not replace:
            return False
        quads = [*fact_quads(facts, g), *label_quads(labels, g), *provenance_quads(source)]
        self.write_quads(source.iri, quads, replace=exists)
        return True

    def retract(self, source_iri: str) -> int:
        """Remove a source graph and everything in it. Returns the number of quads removed."""
        self._check_writable()
        g = ox.NamedNode(source_iri)
        if not self._store.contains_named_graph(g):
            raise InputError(
                f"No source {source_iri!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        # A loaded file's named graphs are sources of their own, part of the file's.
        graphs = [g] + [
            q.subject
            for q in self._store.quads_for_pattern(None, _PART_OF, g, None)
            if q.subject == q.graph_name
        ]
        n = 0
        if not is_bookkeeping(source_iri):
            self._begin_knowledge_change()
        for graph in graphs:
            n += self.count(None, None, None, graph)
            self._store.remove_graph(graph)
        if not is_bookkeeping(source_iri):
            self._changed()
        return n

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

        Memory stays flat in the file size: the file is streamed twice (check,
        then bulk load). ``progress(done, total)`` is called with bytes read.
        """
        self._check_writable()
        path = Path(path)
        if not path.is_file():
            raise InputError(f"No such file: {path}")
        rdf_format = guess_format(path, fmt)
        start = time.perf_counter()
        digest = file_sha256(path)
        iri = source_iri("file", digest)
        g = ox.NamedNode(iri)
        if self.has_source(iri):
            return LoadReport(
                path=str(path),
                source=iri,
                status="unchanged",
                quads=0,
                seconds=time.perf_counter() - start,
            )
        source = Source(
            iri=iri,
            kind=SourceKind.FILE,
            location=path.resolve().as_uri(),
            query=f"sha256:{digest}",
            extractor=f"rdf-parser:{rdf_format.name}",
            title=path.name,
        )
        size = path.stat().st_size
        meter = _Meter(progress, 2 * size)
        n, graphs = self._check_file(path, rdf_format, meter)
        sub = {other: ox.NamedNode(file_graph_iri(iri, other.value)) for other in graphs}
        targets = [g, *sub.values()]
        # Mark first, bulk load, then mark complete: see the module docstring.
        self._begin_knowledge_change()
        self._store.remove_graph(g)
        self._store.extend([ox.Quad(t, STATUS, _LOADING, t) for t in targets])
        try:
            with _open_bytes(path, meter) as fh:
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
            record += provenance_quads(
                source.model_copy(update={"iri": graph.value, "title": f"{path.name} {other}"})
            )
            record += [
                ox.Quad(graph, _ORIGINAL_GRAPH, other, graph),
                ox.Quad(graph, _PART_OF, g, graph),
            ]
        self._store.extend(record)
        for t in targets:
            self._store.remove(ox.Quad(t, STATUS, _LOADING, t))
        self._changed()
        meter.done()
        return LoadReport(
            path=str(path),
            source=iri,
            status="loaded",
            quads=n,
            seconds=time.perf_counter() - start,
        )

    def _check_file(
        self, path: Path, rdf_format: ox.RdfFormat, meter: _Meter
    ) -> tuple[int, set[ox.NamedNode | ox.BlankNode]]:
        """Parse the whole file once: syntax, reserved vocabulary; its quad count and named graphs."""
        n = 0
        graphs: set = set()
        with _open_bytes(path, meter) as fh:
            try:
                for q in ox.parse(fh, rdf_format):
                    n += 1
                    if not isinstance(q.graph_name, ox.DefaultGraph):
                        graphs.add(q.graph_name)
                    if (q.predicate == STATUS and q.object == _LOADING) or any(
                        isinstance(t, ox.NamedNode) and is_bookkeeping(t.value)
                        for t in (q.subject, q.object, q.graph_name)
                    ):
                        raise InputError(
                            f"{path} uses kgfc's reserved vocabulary (quad {n}: {q}).",
                            hint='Files may not mark graphs kgfc:status "loading" nor write '
                            "claims (kgfc:claim/ IRIs); remove those statements.",
                        )
            except SyntaxError as exc:
                raise RDFSyntaxError(
                    str(exc.args[0] if exc.args else exc), path=str(path), line=exc.lineno
                ) from exc
            except (OSError, EOFError, UnicodeDecodeError) as exc:
                raise InputError(f"Cannot read {path}: {exc}") from exc
        return n, graphs

    def _changed(self, *, added_labels: Iterable[ox.Quad] | None = None) -> None:
        """Knowledge changed: bump the generation and drop caches of derived data.

        ``added_labels``: the write only added quads (these), so an already
        built label index learns their labels instead of being rebuilt --
        rebuilding it over a large KG takes seconds, an ingest job adds a few
        labels per document and links the next document against them.
        """
        self.generation += 1
        self._bump_version()
        self._neighbours.clear()
        self._fact_predicates.clear()
        if self._label_index is not None and added_labels is not None:
            self._label_index.add_rows(
                {"entity": q.subject.value, "p": q.predicate.value, "text": q.object.value}
                for q in added_labels
                if q.predicate.value in _LABEL_PREDICATES
                and isinstance(q.object, ox.Literal)
                and (q.object.language or "").lower().startswith("en")
            )
        else:
            self._label_index = None
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
        if found is not None:
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
        if self.path is None:
            return None
        digest = hashlib.sha256(str(self.path.resolve()).encode()).hexdigest()[:16]
        return default_home() / "cache" / kind / digest

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
                return json.loads(path.read_text(encoding="utf-8"))
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

    def _check_writable(self) -> None:
        if self.read_only:
            raise StoreError(
                "The store is open read-only.", hint="Re-run without --read-only to write."
            )

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
                    labels.get(_property_entity(p)) if p.startswith(_FACT_PREFIXES) else _NOT_A_FACT
                )
                predicates[p] = info
            if info is _NOT_A_FACT or isinstance(q.graph_name, ox.DefaultGraph):
                continue
            s, o = q.subject.value, q.object
            if isinstance(o, ox.Literal):
                lang = o.language
                datatype = o.datatype.value if lang is None else None
                obj, obj_label, is_lit = o.value, None, True
            else:
                obj, lang, datatype, is_lit = o.value, None, None, False
                obj_label = labels.get(obj)
            facts.append(
                stored_fact(
                    subject=s,
                    predicate=p,
                    object=obj,
                    object_is_literal=is_lit,
                    datatype=datatype,
                    lang=lang,
                    subject_label=labels.get(s),
                    predicate_label=info,
                    object_label=obj_label,
                    source=q.graph_name.value,
                )
            )
            if not out and len(facts) == _INCOMING_CAP:
                break
        return facts

    def label_index(self) -> LabelIndex:
        if self._label_index is None:
            self.aggregate_builds["label_index"] += 1
            self._label_index = LabelIndex.from_rows(self.run_cached("all_labels"))
        return self._label_index

    def search_labels(self, text: str, limit: int = 10) -> list[LabelHit]:
        return self.label_index().search(text, limit=limit)

    def sources(self) -> list[Source]:
        props: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for row in self.run("sources"):
            props[row["g"]][row["p"]].append(row["o"])
        counts = {r["g"]: int(r["facts"]) for r in self.run("source_fact_counts")}
        out = [
            source_from_row(iri, p).model_copy(update={"facts": counts.get(iri, 0)})
            for iri, p in props.items()
        ]
        return sorted(out, key=lambda s: (s.retrieved_at, s.iri))

    def stats(self) -> StoreStats:
        # Full scans (seconds on the demo KG), so cached until the facts change.
        facts = int(self.run_cached("stats_facts")[0]["facts"])
        entities = int(self.run_cached("stats_entities")[0]["entities"])
        labels = int(self.run_cached("stats_labels")[0]["labels"])
        kinds: dict[str, int] = defaultdict(int)
        n_sources = 0
        for row in self.run("sources"):
            if row["p"] == V.KGFC + "sourceKind":
                kinds[row["o"]] += 1
                n_sources += 1
        disk = None
        if self.path is not None and self.path.exists():
            disk = _folder_bytes(self.path)
        return StoreStats(
            entities=entities,
            facts=facts,
            sources=n_sources,
            labels=labels,
            quads=len(self),
            claims=kinds.get("claim", 0),
            sources_by_kind=dict(kinds),
            path=str(self.path) if self.path else None,
            disk_bytes=disk,
        )

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
        from_graph = ox.NamedNode(source) if source else None
        if source and not self.has_source(source):
            raise InputError(
                f"No source {source!r} in this store.", hint="List them with `kgfc kg sources`."
            )
        if rdf_format.supports_datasets and from_graph is None:
            ox.serialize(
                self.quads(),
                output,
                rdf_format,
                prefixes=V.PREFIXES if rdf_format == ox.RdfFormat.TRIG else None,
            )
        elif from_graph is not None:
            self._store.dump(
                output, rdf_format, from_graph=from_graph, prefixes=_prefixes(rdf_format)
            )
        else:
            self._count_query()
            triples = self._store.query("CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")
            ox.serialize(triples, output, rdf_format, prefixes=_prefixes(rdf_format))

    def quads(
        self,
        subject: Term | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> Iterator[ox.Quad]:
        found = self._store.quads_for_pattern(subject, predicate, object, graph)
        if graph is not None:
            return iter(found)
        return (
            q for q in found if q.subject != _META or q.graph_name != _META_G
        )  # the store's own meta graph stays inside

    def count(
        self,
        subject: Term | None = None,
        predicate: ox.NamedNode | None = None,
        object: Term | None = None,
        graph: ox.NamedNode | None = None,
    ) -> int:
        if subject is predicate is object is graph is None:
            return len(self)
        return sum(1 for _ in self.quads(subject, predicate, object, graph))

    def contains(self, quad: ox.Quad) -> bool:
        return quad in self._store

    def __len__(self) -> int:
        return len(self._store) - sum(
            1 for _ in self._store.quads_for_pattern(_META, None, None, _META_G)
        )


_FACT_FIELDS = frozenset(Fact.model_fields)


def stored_fact(**values) -> Fact:
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


def _property_entity(predicate: str) -> str:
    """``wdt:P19`` -> ``wd:P19`` (whose labels name the property); other predicates unchanged."""
    return V.WD + predicate[len(V.WDT) :] if predicate.startswith(V.WDT) else predicate


def _prefixes(fmt: ox.RdfFormat) -> dict[str, str] | None:
    return V.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
