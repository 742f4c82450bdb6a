"""Telling people when a whole-store aggregate is being computed (the first use of a store).

Label index, property statistics, the completion fact index: each is
computed once per knowledge version and cached on disk, so only the first
claim on a store (or after a load) waits for them -- on a 185k-fact store,
seconds. Code that computes one wraps it in ``with computing(name):``; the
CLI installs :class:`StderrProgress`, which shows a progress line on a
terminal and stays silent in pipelines. Without a reporter nothing is shown.
"""

from __future__ import annotations

import sys
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Protocol

from kgfc.kg.derived_cache import load_or_build

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

Rows = list[dict[str, str | None]]
Snapshot = tuple[int, int, int, int]

WHAT = {
    "all_labels": "the label index",
    "property_labels": "property labels",
    "stats_facts": "fact counts",
    "stats_entities": "entity counts",
    "stats_labels": "label counts",
    "property_functionality": "property functionality",
    "property_object_counts": "property value counts",
    "property_range_types": "property ranges",
    "completion_facts": "the rule-grounding fact index",
    "rules": "rules mined from the KG",
}


class Reporter(Protocol):
    def started(self, name: str) -> None: ...

    def finished(self, name: str, seconds: float) -> None: ...


_reporter: Reporter | None = None
_lock = threading.Lock()


def set_reporter(reporter: Reporter | None) -> Reporter | None:
    """Install ``reporter`` (None: silence); returns the previous one."""
    global _reporter
    with _lock:
        previous, _reporter = _reporter, reporter
    return previous


@contextmanager
def computing(name: str) -> Iterator[None]:
    """Around the computation of the whole-store aggregate ``name``."""
    reporter = _reporter
    start = time.monotonic()
    if reporter is not None:
        reporter.started(name)
    try:
        yield
    finally:
        if reporter is not None:
            reporter.finished(name, time.monotonic() - start)


class StderrProgress:
    """One line on a terminal's stderr, rewritten as aggregates are computed; nothing when not a TTY.

    While one is computed: ``First use of this store: computing property
    ranges (cached for next time)...``; when it is done the line is erased,
    and what took a second or more leaves ``computed ... in 3.1 s``.
    """

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed or broken stderr never fails a claim
            pass

    def started(self, name: str) -> None:
        if self.enabled:
            what = WHAT.get(name, name)
            self._write(
                f"\r\x1b[KFirst use of this store: computing {what} (cached for next time)..."
            )

    def finished(self, name: str, seconds: float) -> None:
        if self.enabled:
            done = f"Computed {WHAT.get(name, name)} in {seconds:.1f} s.\n" if seconds >= 1 else ""
            self._write("\r\x1b[K" + done)


# -- rows kept across small additions ---------------------------------------------------

# Share of the store's facts that may be added, a write at a time, before a whole-store
# aggregate is computed again: a web page's few facts do not change how single-valued place
# of birth is, and the aggregates take seconds on the demo KG (a batch that adds pages paid
# for them per claim).
STALE_SHARE = 0.05

_ROWS: weakref.WeakKeyDictionary[KnowledgeGraph, dict[str, tuple[Snapshot, Rows]]] = (
    weakref.WeakKeyDictionary()
)
_ROWS_LOCK = threading.Lock()


_SIZES: weakref.WeakKeyDictionary[KnowledgeGraph, tuple[int, int]] = weakref.WeakKeyDictionary()


def snapshot(store: KnowledgeGraph) -> Snapshot:
    """Where the store stands: (generation, wholesale generation, facts added since, size).

    The size is counted once per knowledge version (:func:`store_size`). Recorded claims,
    which change neither the generation nor the version, may make it a little low; it only
    scales :data:`STALE_SHARE`.
    """
    return (
        store.generation,
        store.wholesale_generation,
        store.added_since_wholesale,
        store_size(store),
    )


def store_size(store: KnowledgeGraph) -> int:
    """``len(store)``, counted once per knowledge version rather than by every process.

    Counting an Oxigraph store walks every quad (tens of ms on the demo KG, a tenth of a
    one-shot check's own work). The count is kept in this process per generation, and on
    disk beside the store's other caches under its knowledge key, so that the next command
    on an unchanged store reads it back.
    """
    generation = store.generation
    with _ROWS_LOCK:
        known = _SIZES.get(store)
    if known is not None and known[0] == generation:
        return known[1]
    directory = store.cache_dir("derived")
    if directory is None:
        size = len(store)
    else:
        size, _ = load_or_build(
            directory, "store_size", store.knowledge_key(), lambda: len(store), kind=int
        )
    with _ROWS_LOCK:
        _SIZES[store] = (generation, size)
    return size


def still_fresh(store: KnowledgeGraph, then: Snapshot) -> bool:
    """May what was computed at :func:`snapshot` ``then`` still serve? The same generation, or
    only additions since, fewer than :data:`STALE_SHARE` of the store then."""
    generation, wholesale, added, size = then
    return generation == store.generation or (
        wholesale == store.wholesale_generation
        and store.added_since_wholesale - added <= STALE_SHARE * size
    )


def stable_rows(store: KnowledgeGraph, name: str) -> Rows:
    """``store.run_cached(name)``, kept while only a few facts are added.

    The same rows for every reader of the aggregate (the KG statistics, the
    property profile of the claim reader), computed again after a load, a
    replacement or a removal (``wholesale_generation``) or once the facts added
    since reach :data:`STALE_SHARE` of the store. Without this, two readers
    that first ask at different generations each pay for the aggregate.
    """
    with _ROWS_LOCK:
        got = _ROWS.setdefault(store, {}).get(name)
    if got is not None and still_fresh(store, got[0]):
        return got[1]
    then = snapshot(store)
    rows = store.run_cached(name)
    with _ROWS_LOCK:
        _ROWS.setdefault(store, {})[name] = (then, rows)
    return rows
