"""What :meth:`FactChecker.verify_many <kgfc.pipeline.api.FactChecker.verify_many>` needs beside the checker.

A shell's hooks on a batch, the result of an item that could not be checked,
and the thread pool that checks a batch's claims a few at a time in this
process (for an LLM server's latency).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, TypeVar

from kgfc.errors import KgfcError
from kgfc.models import VerifyResult
from kgfc.pipeline.request import Claim, ClaimLine, failed_result

T = TypeVar("T")


class BatchHooks:
    """A shell's callbacks on a batch (each may be None)."""

    def __init__(
        self,
        on_result: Callable[[int, VerifyResult], None] | None = None,
        on_skipped: Callable[[int], None] | None = None,
        on_recorded: Callable[[list[str]], None] | None = None,
        on_error: Callable[[int, KgfcError], None] | None = None,
    ) -> None:
        self.on_result, self.on_skipped = on_result, on_skipped
        self.on_recorded, self.on_error = on_recorded, on_error

    def result(self, index: int, result: VerifyResult) -> VerifyResult:
        if self.on_result is not None:
            self.on_result(index, result)
        return result

    def skipped(self, index: int) -> None:
        if self.on_skipped is not None:
            self.on_skipped(index)

    def failed(self, item: Any, index: int, error: KgfcError) -> VerifyResult:
        """The failed item's result, once ``on_error`` has heard of the error itself."""
        if self.on_error is not None:
            self.on_error(index, error)
        return failed_item(item, index, error)


def item_claim_text(item: Any) -> str | None:
    """A batch item's claim text, if it is a text claim (for parsing ahead)."""
    try:
        c = Claim.of(item)
    except KgfcError:  # said when the item's turn comes
        return None
    return c.text if c.triple is None else None


def is_error(item: Any) -> bool:
    """Whether the item is a line that could not be read as a claim."""
    return isinstance(item, ClaimLine) and item.request is None


def failed_item(item: Any, index: int, error: Exception | str) -> VerifyResult:
    """The result of a batch item that could not be checked; a line's error names its line."""
    message = str(error)
    if isinstance(item, ClaimLine):
        if item.request is not None:  # the line read, its claim failed
            message = f"line {item.line}: {message}"
        return failed_result(item.id, item.text, message)
    return failed_result(_item_id(item, index + 1), _item_text(item), message)


def _item_id(item: Any, n: int) -> str:
    if isinstance(item, Claim) and item.id:
        return item.id
    if isinstance(item, dict) and item.get("id") is not None:
        return str(item["id"])
    return f"item-{n}"


def _item_text(item: Any) -> str:
    if isinstance(item, str):
        return item
    if isinstance(item, Claim):
        return item.text or ""
    if isinstance(item, dict) and isinstance(item.get("claim", item.get("text")), str):
        return str(item.get("claim", item.get("text")))
    return ""


def on_threads(
    tasks: Iterable[tuple[int, Callable[[], T]]], threads: int, *, ordered: bool = True
) -> Iterator[tuple[int, T]]:
    """Run each ``(index, task)`` on ``threads`` threads, at most that many at a time.

    Yields ``(index, its value)`` in input order, or as they finish with
    ``ordered=False``. A task's exception is raised when its turn comes.
    Tasks are taken from ``tasks`` only as threads free up, so closing the
    iteration early leaves the rest unstarted (the ones running finish).
    Hand-written rather than ``Executor.map``, which takes every task at once.
    """
    pending = iter(tasks)
    running: deque[tuple[int, Future[T]]] = deque()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        try:
            while True:
                while len(running) < threads:
                    nxt = next(pending, None)
                    if nxt is None:
                        break
                    running.append((nxt[0], pool.submit(nxt[1])))
                if not running:
                    return
                if ordered:
                    index, fut = running.popleft()
                    yield index, fut.result()
                    continue
                wait([f for _, f in running], return_when=FIRST_COMPLETED)
                for index, fut in [x for x in running if x[1].done()]:
                    running.remove((index, fut))
                    yield index, fut.result()
        finally:
            for _, fut in running:
                fut.cancel()
