"""A read-only Oxigraph store that survives the writer's compactions and bulk loads.

A read-only RocksDB open reads files lazily: when the writer (another process)
compacts or bulk-loads, a sorted file the reader's view names can vanish, and
the next read fails with ``FileNotFoundError: IO error: .../000114.sst``. Such
a read is retried on a fresh read-only open, which sees the store as it is now
(a newer snapshot, never a torn one). Listing calls (``quads_for_pattern``,
``named_graphs``) are read whole inside the retry so a vanished file met while
iterating is retried too; query results are returned as they come.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

ATTEMPTS = 8
_MATERIALIZE = frozenset({"quads_for_pattern", "named_graphs"})


def vanished(exc: BaseException) -> bool:
    """The error a read meets when the writer removed a file under it."""
    return isinstance(exc, FileNotFoundError) or (
        isinstance(exc, OSError) and "No such file" in str(exc)
    )


class ReopeningStore:
    """Forwards to a read-only ``pyoxigraph.Store``, reopening it when its files vanish."""

    def __init__(self, open_store: Callable[[], Any]) -> None:
        self._open = open_store
        self._inner = open_store()

    def reopen(self, attempt: int, exc: BaseException) -> None:
        """Open the store afresh (after a short wait): it then sees the writer's current files."""
        log.info("reopening the read-only store after the writer moved its files (%s)", exc)
        time.sleep(0.02 * (attempt + 1))
        self._inner = self._open()

    def __len__(self) -> int:
        n: int = self._call("__len__")
        return n

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not callable(attr):
            return attr
        return lambda *args, **kwargs: self._call(name, *args, **kwargs)

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        for attempt in range(ATTEMPTS):
            try:
                out = getattr(self._inner, name)(*args, **kwargs)
                return list(out) if name in _MATERIALIZE else out
            except OSError as exc:
                if not vanished(exc) or attempt == ATTEMPTS - 1:
                    raise
                self.reopen(attempt, exc)
        raise AssertionError("unreachable")
