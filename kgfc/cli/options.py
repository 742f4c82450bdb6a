"""Click options shared by the subcommands: one flag name and one help text per idea."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar, overload

import click

STORE_HELP = (
    "Store path or spec (oxigraph:PATH, memory, sparql:URL). Default: $KGFC_STORE or "
    "$KGFC_HOME/store."
)


def _quiet(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        ctx.find_root().params["quiet"] = True
        logging.getLogger().setLevel(logging.ERROR)


FC = TypeVar("FC", bound=Callable[..., Any])


def _flag_or_factory(option: Callable[[FC], FC], f: FC | None) -> FC | Callable[[FC], FC]:
    """Lets an option be used bare (``@json_option``) or with settings (``@json_option(help=..)``)."""
    return option(f) if f is not None else option


@overload
def json_option(f: FC, *, help: str = ...) -> FC: ...
@overload
def json_option(f: None = None, *, help: str = ...) -> Callable[[FC], FC]: ...
def json_option(
    f: FC | None = None, *, help: str = "Print JSON on stdout."
) -> FC | Callable[[FC], FC]:
    """``--json`` -> ``as_json``."""
    return _flag_or_factory(click.option("--json", "as_json", is_flag=True, help=help), f)


@overload
def csv_option(f: FC, *, help: str = ...) -> FC: ...
@overload
def csv_option(f: None = None, *, help: str = ...) -> Callable[[FC], FC]: ...
def csv_option(
    f: FC | None = None, *, help: str = "Rows as CSV with a header."
) -> FC | Callable[[FC], FC]:
    """``--csv`` -> ``as_csv``."""
    return _flag_or_factory(click.option("--csv", "as_csv", is_flag=True, help=help), f)


@overload
def store_spec_option(f: FC, *, help: str = ...) -> FC: ...
@overload
def store_spec_option(f: None = None, *, help: str = ...) -> Callable[[FC], FC]: ...
def store_spec_option(f: FC | None = None, *, help: str = STORE_HELP) -> FC | Callable[[FC], FC]:
    """``--store PATH`` -> ``store_spec`` (commands that open the store themselves)."""
    return _flag_or_factory(
        click.option("--store", "store_spec", metavar="PATH", default=None, help=help), f
    )


def quiet_option(f: FC) -> FC:
    """``-q/--quiet`` after the subcommand too."""
    return click.option(
        "--quiet",
        "-q",
        is_flag=True,
        expose_value=False,
        callback=_quiet,
        help="No progress bars or notes on stderr.",
    )(f)


def store_option(f: FC) -> FC:
    """``--store PATH``, ``--read-only`` and ``-q`` (also after the subcommand) on store commands."""
    f = quiet_option(f)
    f = click.option(
        "--read-only",
        is_flag=True,
        default=False,
        help="Open the store read-only (while another process writes).",
    )(f)
    return store_spec_option(f)


def seed_option(f: FC) -> FC:
    """``--seed N`` (default 0)."""
    return click.option(
        "--seed", type=int, default=0, show_default=True, help="Random seed (runs repeat)."
    )(f)


def limit_option(
    default: int | None, *, maximum: int | None = None, help: str | None = None
) -> Callable[[FC], FC]:
    """``--limit N``."""
    return click.option(
        "--limit",
        type=click.IntRange(1, maximum),
        default=default,
        show_default=default is not None,
        help=help or "At most N results.",
    )
