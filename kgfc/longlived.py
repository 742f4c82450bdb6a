"""Loading what a process keeps, without the cyclic garbage collector walking it again and again.

CPython's cyclic collector runs every few hundred allocations, and now and then
over every object the process holds. Loading the spaCy model or reading a
25,000-name label index back from disk allocates hundreds of thousands of
objects that are kept, not garbage: the collections they set off found nothing
and took about a seventh of a one-shot ``kgfc verify``.

:func:`collections_held` holds automatic collections off while such objects
are built. With ``freeze=True`` (for what lives as long as the process: the
spaCy pipeline) they are then frozen (``gc.freeze``): they and everything else
alive at that moment leave the collected generations, so later collections do
not walk them either. Objects are still freed when their last reference goes,
as before; only garbage held in reference cycles at the moment of a freeze
stays until the process ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0  # blocks open, in any thread: the first in holds collections off, the last out restores
_threshold: tuple[int, ...] = ()


@contextmanager
def collections_held(*, freeze: bool = False) -> Iterator[None]:
    """No automatic collection while the block runs; ``freeze``: then ``gc.freeze()`` what is alive.

    Collections are held off through the allocation threshold, not ``gc.disable``:
    libraries switch the collector off and on again inside (srsly around each
    msgpack read), which would let a collection run over all that was built so far.
    The freeze comes before the threshold is restored, so no collection walks the
    new objects in between.
    """
    global _depth, _threshold
    with _lock:
        if _depth == 0:
            _threshold = gc.get_threshold()
            gc.set_threshold(0)  # a first threshold of 0 turns automatic collection off
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if freeze:
                gc.freeze()
            if _depth == 0:
                gc.set_threshold(*_threshold)
