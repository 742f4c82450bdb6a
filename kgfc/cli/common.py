"""Shared CLI plumbing: options every command takes, store opening, output helpers."""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from kgfc.cli.options import store_option
from kgfc.settings import Settings, load_settings

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

R = TypeVar("R")


def settings_from(ctx: click.Context, **flags: Any) -> Settings:
    base = ctx.find_root().params
    if flags.get("store") is None and base.get("store"):
        flags["store"] = base["store"]
    return load_settings(offline=base.get("offline") or None, **flags)


def open_cli_store(
    settings: Settings, *, read_only: bool = False, write: bool = False
) -> KnowledgeGraph:
    """Open the configured store (:func:`kgfc.registry.open_configured_store`).

    The default store gets the bundled demo KG on first use. A read command
    that finds the store locked by a writer falls back to a read-only open.
    """
    from kgfc.registry import open_configured_store

    return open_configured_store(
        settings, read_only=read_only, when_locked="raise" if write else "read", notify=info
    )


def info(*parts: Any) -> None:
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.find_root().params.get("quiet"):
        return
    click.echo(" ".join(str(p) for p in parts), err=True)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def print_table(
    headers: Sequence[str], rows: Iterable[Sequence[Any]], *, max_width: int = 60
) -> None:
    """A plain-text table on stdout; cells are cut to ``max_width``."""

    def cell(v: Any) -> str:
        s = "" if v is None else str(v)
        s = s.replace("\n", " ")
        return s if len(s) <= max_width else s[: max_width - 1] + "…"

    body = [[cell(v) for v in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in body:
        widths = [max(w, len(c)) for w, c in zip(widths, r, strict=False)]
    click.echo("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=False)).rstrip())
    click.echo("  ".join("-" * w for w in widths))
    for r in body:
        click.echo("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip())


class Progress:
    """A progress bar on stderr, hidden when stderr is not a TTY or with --quiet."""

    def __init__(self, total: int, label: str, *, unit: str | None = None) -> None:
        ctx = click.get_current_context(silent=True)
        quiet = bool(ctx and ctx.find_root().params.get("quiet"))
        self.enabled = sys.stderr.isatty() and not quiet
        self._start = time.monotonic()
        rate = (lambda _item: self._rate()) if unit == "bytes" else None
        self._bar = (
            click.progressbar(
                length=total, label=label, file=sys.stderr, item_show_func=rate, show_eta=True
            )
            if self.enabled
            else None
        )
        self._done = 0
        if self._bar:
            self._bar.__enter__()

    def _rate(self) -> str:
        seconds = max(time.monotonic() - self._start, 1e-6)
        return f"{self._done / seconds / 1e6:,.1f} MB/s"

    def update(self, done: int, total: int | None = None) -> None:
        if self._bar:
            if total is not None:
                self._bar.length = total
            self._bar.update(done - self._done)
        self._done = done

    def close(self) -> None:
        if self._bar:
            self._bar.__exit__(None, None, None)


def with_store(write: bool = False) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Decorator: build settings from the command's flags and pass an open store as ``store``.

    The wrapped command takes ``store=`` and ``settings=`` keywords in place of the
    ``--store``/``--read-only`` flags; a ParamSpec cannot express swapping keyword
    parameters, so the signatures stay ``...`` and only the return type is kept.
    """

    def deco(f: Callable[..., R]) -> Callable[..., R]:
        @functools.wraps(f)
        def wrapper(*args: Any, store_spec: str | None, read_only: bool, **kwargs: Any) -> R:
            ctx = click.get_current_context()
            settings = settings_from(ctx, store=store_spec)
            store = open_cli_store(settings, read_only=read_only, write=write)
            try:
                return f(*args, store=store, settings=settings, **kwargs)
            finally:
                store.close()

        return store_option(wrapper)

    return deco
