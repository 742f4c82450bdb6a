"""The store's entity-to-entity facts as compact arrays, cached on disk, adjacency built per node on demand.

Rule grounding (:mod:`kgfc.reason.completion`) asks, for one claim, for the
neighbours of a handful of nodes; building the whole adjacency index of a
185k-fact KG (dicts of sets, ~1 s) and, before that, reading every fact over
SPARQL (3-8 s) made the first NOT ENOUGH INFO claim of every process slow.
Here the facts are read once per knowledge version, kept on disk as three
int32 arrays plus the node and property names (loaded in milliseconds), and a
node's adjacency is assembled from its slice of the sorted arrays the first
time it is asked for. :class:`FactIndex` answers what
:class:`kgfc.reason.completion.KGIndex` answers (``step``, ``has``,
``subjects``, ``adj``, ``triples``, ``facts``), so the rule code takes either.

Hand-written rather than a graph library's: networkx/igraph would rebuild a
full in-memory graph on load, which is the cost this avoids.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

from kgfc.kg.aggregates import computing
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.reason.rules import Atom

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from kgfc.kg.store import KnowledgeGraph

    Ints = npt.NDArray[np.integer[Any]]  # node codes, sort orders, offsets

log = logging.getLogger(__name__)

FORMAT = "factindex-v2"
_NONE: set[str] = set()
_T = TypeVar("_T")


class _Adjacency(Mapping[str, dict[Atom, set[str]]]):
    """``node -> {atom: neighbours}``, each node's entry built on first access."""

    def __init__(self, index: FactIndex) -> None:
        self._index = index

    def __getitem__(self, node: str) -> dict[Atom, set[str]]:
        got = self._index._node(node)
        if got is None:
            raise KeyError(node)
        return got

    @overload
    def get(self, node: str, /) -> dict[Atom, set[str]] | None: ...
    @overload
    def get(
        self, node: str, default: dict[Atom, set[str]] | _T, /
    ) -> dict[Atom, set[str]] | _T: ...
    def get(self, node: str, default: _T | None = None) -> dict[Atom, set[str]] | _T | None:
        got = self._index._node(node)
        return default if got is None else got

    # Every coded node has at least one fact (from_triples codes only the ends of
    # kept facts), so membership, iteration and size need no adjacency built.
    def __contains__(self, node: object) -> bool:
        return isinstance(node, str) and self._index._id(node) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(self._index.nodes)

    def __len__(self) -> int:
        return len(self._index.nodes)


class FactIndex:
    """Entity-to-entity facts (``s p o``, ``s != o``, each once) over integer-coded nodes."""

    def __init__(
        self,
        nodes: list[str],
        props: list[str],
        s: npt.ArrayLike,
        p: npt.ArrayLike,
        o: npt.ArrayLike,
        orders: tuple[Ints, ...] | None = None,
    ) -> None:
        """``orders``: the sort orders and node offsets :meth:`save` wrote (else computed)."""
        import numpy as np  # here, not at import: a claim the KG states never needs it

        self.nodes = nodes
        self.props = props
        self.s = np.asarray(s, dtype=np.int32)
        self.p = np.asarray(p, dtype=np.int32)
        self.o = np.asarray(o, dtype=np.int32)
        self.facts = int(len(self.s))
        self._ids: dict[str, int] | None = None
        if orders is None:
            by_s = np.argsort(self.s, kind="stable")
            by_o = np.argsort(self.o, kind="stable")
            n = len(nodes)
            orders = (
                by_s,
                by_o,
                np.searchsorted(self.s[by_s], np.arange(n + 1)),
                np.searchsorted(self.o[by_o], np.arange(n + 1)),
            )
        self._by_s: Ints
        self._by_o: Ints
        self._s_start: Ints
        self._o_start: Ints
        self._by_s, self._by_o, self._s_start, self._o_start = orders
        self._adj: dict[str, dict[Atom, set[str]] | None] = {}
        self._steps: dict[tuple[str, Atom], set[str]] = {}
        self._prop_ids = {p: k for k, p in enumerate(props)}
        self._subjects: dict[Atom, set[str]] = {}
        self._lock = threading.Lock()
        self.adj = _Adjacency(self)

    @classmethod
    def from_triples(cls, triples: Iterable[tuple[str, str, str]]) -> FactIndex:
        nodes: dict[str, int] = {}
        props: dict[str, int] = {}
        seen: set[tuple[int, int, int]] = set()
        for s, p, o in triples:
            if s == o:
                continue
            key = (
                nodes.setdefault(s, len(nodes)),
                props.setdefault(p, len(props)),
                nodes.setdefault(o, len(nodes)),
            )
            seen.add(key)
        rows = sorted(seen)
        cols = list(zip(*rows, strict=True)) if rows else [(), (), ()]
        return cls(list(nodes), list(props), *cols)

    # -- what KGIndex answers -------------------------------------------------
    def _id(self, node: str) -> int | None:
        if self._ids is None:
            with self._lock:
                if self._ids is None:
                    self._ids = {n: i for i, n in enumerate(self.nodes)}
        return self._ids.get(node)

    def _node(self, node: str) -> dict[Atom, set[str]] | None:
        if node in self._adj:
            return self._adj[node]
        i = self._id(node)
        out: dict[Atom, set[str]] | None = None
        if i is not None:
            out = {}
            nodes, props = self.nodes, self.props
            edges = self._by_s[self._s_start[i] : self._s_start[i + 1]]
            for p, o in zip(self.p[edges].tolist(), self.o[edges].tolist(), strict=True):
                out.setdefault(Atom(props[p]), set()).add(nodes[o])
            edges = self._by_o[self._o_start[i] : self._o_start[i + 1]]
            for p, s in zip(self.p[edges].tolist(), self.s[edges].tolist(), strict=True):
                out.setdefault(Atom(props[p], True), set()).add(nodes[s])
            out = out or None
        self._adj[node] = out
        return out

    def step(self, node: str, atom: Atom) -> set[str]:
        """``node``'s neighbours along ``atom``: read from the node's slice for that property only."""
        got = self._adj.get(node)
        if got is not None or node in self._adj:
            return got.get(atom, _NONE) if got else _NONE
        key = (node, atom)
        hit = self._steps.get(key)
        if hit is None:
            hit = self._steps[key] = self._step(node, atom)
        return hit

    def _step(self, node: str, atom: Atom) -> set[str]:
        i = self._id(node)
        k = self._prop_ids.get(atom.prop)
        if i is None or k is None:
            return _NONE
        if atom.inverse:
            edges = self._by_o[self._o_start[i] : self._o_start[i + 1]]
            ends = self.s[edges[self.p[edges] == k]]
        else:
            edges = self._by_s[self._s_start[i] : self._s_start[i + 1]]
            ends = self.o[edges[self.p[edges] == k]]
        nodes = self.nodes
        return {nodes[j] for j in ends.tolist()} or _NONE

    def has(self, s: str, p: str, o: str) -> bool:
        return o in self.step(s, Atom(p))

    def subjects(self, atom: Atom) -> set[str]:
        """Nodes with at least one ``atom`` edge."""
        got = self._subjects.get(atom)
        if got is None:
            k = self._prop_ids.get(atom.prop)
            if k is None:
                return _NONE
            import numpy as np

            ends = self.o if atom.inverse else self.s
            got = {self.nodes[i] for i in np.unique(ends[self.p == k]).tolist()}
            self._subjects[atom] = got
        return got

    def triples(self) -> Iterator[tuple[str, str, str]]:
        nodes, props = self.nodes, self.props
        for s, p, o in zip(self.s.tolist(), self.p.tolist(), self.o.tolist(), strict=True):
            yield nodes[s], props[p], nodes[o]

    # -- on disk ----------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write atomically (temporary names, then renamed): a reader never sees half a cache."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        import numpy as np

        with open(tmp, "wb") as fh:
            names = json.dumps({"format": FORMAT, "nodes": self.nodes, "props": self.props})
            np.savez(
                fh,
                s=self.s,
                p=self.p,
                o=self.o,
                by_s=self._by_s,
                by_o=self._by_o,
                s_start=self._s_start,
                o_start=self._o_start,
                names=np.frombuffer(names.encode(), np.uint8),
            )
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> FactIndex:
        import numpy as np

        with np.load(path, allow_pickle=False) as data:
            names = json.loads(data["names"].tobytes().decode("utf-8"))
            if names.get("format") != FORMAT:
                raise ValueError(f"not a {FORMAT} file")
            orders = tuple(data[k] for k in ("by_s", "by_o", "s_start", "o_start"))
            return cls(names["nodes"], names["props"], data["s"], data["p"], data["o"], orders)


# An entity-to-entity wdt: fact as a line of N-Triples: an IRI or blank-node subject, a
# direct-property predicate, an IRI object. Read with a regular expression over the engine's
# dump rather than with pyoxigraph's parser, which makes three Python terms per triple
# (most of a whole-store read's time on the demo KG; the dump and this take about half).
_DIRECT_FACT = re.compile(
    r"^(?:<([^>]*)>|_:(\S+)) <(http://www\.wikidata\.org/prop/direct/[^>]*)> <([^>]*)> \.$",
    re.M,
)


def entity_facts(store: KnowledgeGraph) -> list[tuple[str, str, str]]:
    """Every entity-to-entity ``wdt:`` fact of ``store``, once: the answer of its
    ``rule_mining_facts`` query, in the same order; the embedded store's are read from
    the engine's N-Triples dump."""
    if isinstance(store, OxigraphStore):
        try:
            found: dict[tuple[str, str, str], None] = {}  # in order, each once (DISTINCT)
            for data in store.graph_dumps():
                for s, b, p, o in _DIRECT_FACT.findall(data.decode("utf-8")):
                    found.setdefault((s or b, p, o))
            return list(found)
        except OSError as exc:  # a read-only store's file went in a compaction: ask again
            log.debug("reading the facts by query instead of a dump: %s", exc)
    return [
        (s, p, o)
        for r in store.run("rule_mining_facts")
        # all bound in the query
        if (s := r["s"]) is not None and (p := r["p"]) is not None and (o := r["o"]) is not None
    ]


def cached_fact_index(
    store: KnowledgeGraph,
    name: str,
    read: Callable[[], Iterable[tuple[str, str, str]]],
    version: str = "",
) -> FactIndex:
    """The index of ``read()``'s triples, from the store's disk cache when its knowledge has not changed.

    Keyed by :meth:`~kgfc.kg.store.KnowledgeGraph.knowledge_key`, which recording
    claims never moves; built (and counted in ``store.aggregate_builds``) otherwise.
    """
    folder = store.cache_dir("factindex")
    path = None
    if folder is not None:
        digest = hashlib.sha256(
            f"{name}|{version}|{FORMAT}|{store.knowledge_key()}".encode()
        ).hexdigest()[:24]
        path = folder / f"{name}-{digest}.npz"
        if path.is_file():
            try:
                return FactIndex.load(path)
            except (OSError, ValueError, KeyError) as exc:
                log.warning("ignoring unreadable fact index cache %s: %s", path, exc)
    store.aggregate_builds[name] += 1
    with computing(name):
        index = FactIndex.from_triples(read())
    if path is not None:
        try:
            index.save(path)
        except OSError as exc:
            log.warning("cannot cache the fact index at %s: %s", path, exc)
    return index
