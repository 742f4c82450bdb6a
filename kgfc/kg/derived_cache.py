"""Python objects derived from a whole store, kept on disk beside its query caches.

A one-shot ``kgfc verify`` builds the same indexes from the same aggregate rows
at every start: the entity label index (0.1-0.2 s on the demo KG), the
relation-phrase index, the property profile of the claim reader. Each is
pickled here once, under the store's knowledge key (which every write of
facts changes), and read back in a few milliseconds by the next process.

The files live in the kgfc home, next to the store's other caches; whoever can
write there can write the store too, so unpickling them trusts no one new. A
file that cannot be read back (truncated, from an older kgfc, not a pickle)
is rebuilt, never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from kgfc.longlived import collections_held

log = logging.getLogger(__name__)

T = TypeVar("T")

# Bumped when the pickled shape of any cached object changes, so old files are not read.
FORMAT = 1


def cache_file(directory: Path, name: str, version: int, knowledge_key: str) -> Path:
    """Where ``name`` built at ``knowledge_key`` is kept (``version``: the builder's own)."""
    digest = hashlib.sha256(f"{FORMAT}|{version}|{knowledge_key}".encode()).hexdigest()[:24]
    return directory / f"{name}-{digest}.pickle"


def load_or_build(
    directory: Path | None,
    name: str,
    knowledge_key: str,
    build: Callable[[], T],
    *,
    version: int = 1,
    kind: type | None = None,
) -> tuple[T, bool]:
    """``(object, built)``: ``name`` read from ``directory``, or built by ``build()`` and written there.

    ``kind``: the type the object must have; a file holding anything else is
    rebuilt. No ``directory`` (an in-memory store), or a key that marks a write
    in progress (``changing-...``), builds without touching the disk.
    """
    if directory is None or knowledge_key.startswith("changing-"):
        return build(), True
    path = cache_file(directory, name, version, knowledge_key)
    found = _read(path, kind)
    if found is not None:
        return found, False
    obj = build()
    _write(path, obj)
    return obj, True


def _read(path: Path, kind: type | None):  # type: ignore[no-untyped-def]
    try:
        # what is read is kept (an index of tens of thousands of entries): no garbage
        # collection walks it while it is built (kgfc.longlived)
        with path.open("rb") as f, collections_held():
            obj = pickle.load(f)
    except FileNotFoundError:
        return None
    except Exception as exc:  # noqa: BLE001 - any unreadable file is rebuilt (see the module doc)
        log.debug("rebuilding %s: %s", path.name, exc)
        return None
    if kind is not None and not isinstance(obj, kind):
        log.debug("rebuilding %s: it holds a %s", path.name, type(obj).__name__)
        return None
    return obj


def _write(path: Path, obj: object) -> None:
    """Write atomically (a reader never sees half a file), then drop this name's older files."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump(obj, f, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(path)
    except (OSError, pickle.PicklingError) as exc:
        log.debug("cannot cache %s: %s", path.name, exc)
        return
    stem = path.name.rsplit("-", 1)[0]
    for old in path.parent.glob(f"{stem}-*.pickle"):
        if old != path:
            with contextlib.suppress(OSError):  # another process may have removed it
                old.unlink()
