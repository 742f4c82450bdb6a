"""Backends by name: ``oxigraph:PATH``, ``memory``, ``sparql:URL``, ``neo4j:bolt://...``.

Built-ins are registered the same way plugins are: third-party packages add
theirs under the ``kgfc.stores`` entry-point group. :func:`open_configured_store`
opens the store the settings name, the one way the CLI, the Python API, the
server and the MCP server all open it.

While a server holds an on-disk store it leaves ``<store>.server.json`` beside it
(its URL and pid), so a process that finds the store locked can say which server
holds it and how to send the work there instead.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from kgfc.errors import ConfigError, StoreLockedError, did_you_mean
from kgfc.kg.demo import demo_loaded, ensure_demo
from kgfc.settings import Settings

if TYPE_CHECKING:  # the backends load on first use (below)
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.kg.sparql_store import SparqlStore
    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)

StoreFactory = Callable[..., "KnowledgeGraph"]
_STORES: dict[str, StoreFactory] = {}


def register_store(kind: str, factory: StoreFactory) -> None:
    _STORES[kind] = factory


# The backends load on first use: ``kgfc --help`` need not import an engine.
def _oxigraph(rest: str, **kw: Any) -> OxigraphStore:
    from kgfc.kg.oxigraph_store import OxigraphStore

    return OxigraphStore(rest or None, **kw)


def _memory(rest: str, **kw: Any) -> OxigraphStore:
    from kgfc.kg.oxigraph_store import OxigraphStore

    return OxigraphStore(None)


def _sparql(rest: str, *, read_only: bool = False, **kw: Any) -> SparqlStore:
    from kgfc.kg.sparql_store import SparqlStore

    return SparqlStore.from_spec(rest, read_only=read_only)


register_store("oxigraph", _oxigraph)
register_store("sparql", _sparql)
register_store("memory", _memory)


def _load_plugins() -> None:
    for ep in entry_points(group="kgfc.stores"):
        if ep.name not in _STORES:
            register_store(ep.name, ep.load())


def open_store(spec: str, **kw: Any) -> KnowledgeGraph:
    """Open a store from a spec. A bare path means the embedded Oxigraph store."""
    if spec in ("memory", "memory:"):
        return _memory("")
    if _is_path(spec):
        return _oxigraph(spec, **kw)
    kind, _, rest = spec.partition(":")
    _load_plugins()
    factory = _STORES.get(kind)
    if factory is None:
        raise ConfigError(
            f"Unknown store kind {kind!r} in {spec!r}.", hint=did_you_mean(kind, _STORES, "kinds")
        )
    return factory(rest, **kw)


def _is_path(spec: str) -> bool:
    kind, sep, _ = spec.partition(":")
    return not sep or len(kind) == 1 or "/" in kind or "\\" in kind  # a Windows drive letter


def lock_note_path(settings: Settings) -> Path | None:
    """The file beside an on-disk store that says which server holds it (None: not on disk)."""
    spec = settings.store
    if (
        spec is not None
        and not spec.startswith("oxigraph:")
        and (spec == "memory" or not _is_path(spec))
    ):
        return None
    path = settings.store_path()
    return path.with_name(path.name + ".server.json")


def holding_server(settings: Settings) -> dict[str, Any] | None:
    """``{"url", "pid"}`` of the live server holding this store, if there is one."""
    path = lock_note_path(settings)
    if path is None or not path.is_file():
        return None
    try:
        note: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        os.kill(int(note["pid"]), 0)  # signal 0: is that process alive?
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return note


def lock_hint(settings: Settings, command: str = "this command") -> str:
    held = holding_server(settings)
    if held and held.get("url"):
        url = held["url"]
        return (
            f"A kgfc server (pid {held['pid']}) is serving it at {url}: "
            f"send the work there with `kgfc --server {url} ...` (or KGFC_SERVER={url}), "
            f"or stop it before running {command}."
        )
    return (
        "Stop that process, open this store read-only (--read-only), or, if it is "
        "`kgfc serve`, send the work to it with --server URL (KGFC_SERVER)."
    )


def open_configured_store(
    settings: Settings,
    *,
    read_only: bool = False,
    when_locked: Literal["read", "raise"] = "read",
    command: str = "this command",
    notify: Callable[[str], None] = log.info,
) -> KnowledgeGraph:
    """The configured store (default ``$KGFC_HOME/store``); the default store gets the demo KG on first use.

    When another process holds the write lock, ``when_locked="read"`` (a one-shot
    reader: ``kgfc verify``, the Python API) opens what that process has read-only,
    saying so through ``notify``; ``"raise"`` (a writer, a long-running server) and
    a read-only open raise :class:`~kgfc.errors.StoreLockedError` whose hint names
    the server holding the store, if one does. ``command`` names the caller in it.
    """
    spec = settings.store or str(settings.store_path())
    try:
        store = open_store(spec, read_only=read_only)
    except StoreLockedError as exc:
        if read_only or when_locked == "raise":
            raise StoreLockedError(exc.message, hint=lock_hint(settings, command)) from exc
        held = holding_server(settings)
        if held and held.get("url"):
            notify(
                f"The store is held by the kgfc server at {held['url']}; opened it read-only "
                "(verdicts are journaled and applied when the server next writes or stops). "
                f"Send the work to the server instead: kgfc --server {held['url']} ..."
            )
        else:
            notify(
                "The store is locked by another process; opened it read-only "
                "(records go to its journal and are applied when the writer finishes)."
            )
        store = open_store(spec, read_only=True)
    fresh_default = settings.store is None and settings.demo and not store.read_only
    if fresh_default and not demo_loaded(store) and not store.sources():
        notify(f"First use: loading the bundled demo KG (CoDEx-M + Wikidata labels) into {spec}")
        ensure_demo(store)
    return store
