"""Giving disk back: compact an on-disk Oxigraph store, reporting the bytes freed.

Oxigraph's ``optimize`` compacts RocksDB's sorted files, but the string table
is never pruned and the write-ahead log of a large removal stays until the
store is reopened, so a store that lost most of its quads (a killed bulk load
dropped at the next open, a large retraction) keeps most of its size. When the
folder holds far more bytes than its live quads need, the store is rebuilt:
its quads are copied into a fresh store beside it, which then takes its place.

Crash safety of the swap: the fresh store is complete (flushed) before
anything moves; the old folder is renamed aside, the fresh one renamed into
place, and the old one deleted. A process killed between the two renames
leaves ``<store>.compact-old`` and no store: :func:`finish_interrupted`
(called before every open) puts the old one back.
"""

from __future__ import annotations

import itertools
import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

log = logging.getLogger(__name__)

REBUILD_BYTES_PER_QUAD = 2_000  # a live store needs ~100-300 B a quad; far above: rebuild
REBUILD_SLACK = 256 * 1024  # an empty store's own files (options, logs)
_BATCH = 250_000


@dataclass(frozen=True)
class Compaction:
    bytes_before: int
    bytes_after: int
    rebuilt: bool

    @property
    def bytes_freed(self) -> int:
        return max(self.bytes_before - self.bytes_after, 0)


def folder_bytes(folder: Path) -> int:
    """Bytes under ``folder``; files removed while we look are skipped."""
    total = 0
    for p in folder.rglob("*"):
        try:
            if p.is_file():
                total += p.stat().st_size
        except OSError:
            continue
    return total


def _aside(path: Path, what: str) -> Path:
    return path.with_name(f"{path.name}.compact-{what}")


def finish_interrupted(path: Path) -> None:
    """Undo a swap a killed compaction left half done (see the module docstring)."""
    old, new = _aside(path, "old"), _aside(path, "new")
    if not path.exists() and old.exists():
        log.warning("restoring %s after an interrupted compaction", path)
        os.rename(old, path)
    if path.exists():
        shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(new, ignore_errors=True)


def compact(
    inner: ox.Store, path: Path, release: Callable[[], None], *, rebuild: bool | None = None
) -> tuple[Compaction, ox.Store]:
    """Compact the writable on-disk store ``inner`` at ``path``: (report, the store to use now).

    ``rebuild``: None decides by bytes per live quad; True/False forces it.
    ``release()`` drops the caller's reference to ``inner`` (the writer lock is
    let go only when the last reference goes).
    """
    before = folder_bytes(path)
    inner.flush()
    inner.optimize()
    if rebuild is None:
        live = len(inner)
        rebuild = folder_bytes(path) > REBUILD_BYTES_PER_QUAD * live + REBUILD_SLACK
    if not rebuild:
        return Compaction(before, folder_bytes(path), False), inner
    new_path, old_path = _aside(path, "new"), _aside(path, "old")
    shutil.rmtree(new_path, ignore_errors=True)
    fresh = ox.Store(str(new_path))
    quads = inner.quads_for_pattern(None, None, None, None)
    while batch := list(itertools.islice(quads, _BATCH)):
        fresh.bulk_extend(batch)
    fresh.flush()
    fresh.optimize()
    del fresh, quads, batch
    release()
    del inner  # the last reference: RocksDB lets the lock go
    os.rename(path, old_path)
    os.rename(new_path, path)
    shutil.rmtree(old_path, ignore_errors=True)
    inner = ox.Store(str(path))
    for diag in path.glob("LOG.old.*"):  # RocksDB's diagnostic logs of earlier opens
        diag.unlink(missing_ok=True)
    after = folder_bytes(path)
    log.info("compacted %s: %d -> %d bytes", path, before, after)
    return Compaction(before, after, True), inner
