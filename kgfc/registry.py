"""Backends by name: ``oxigraph:PATH``, ``memory``, ``sparql:URL``, ``neo4j:bolt://...``.

Built-ins are registered the same way plugins are: third-party packages add
theirs under the ``kgfc.stores`` entry-point group.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from kgfc.errors import ConfigError, did_you_mean

StoreFactory = Callable[..., Any]
_STORES: dict[str, StoreFactory] = {}


def register_store(kind: str, factory: StoreFactory) -> None:
    _STORES[kind] = factory


def _oxigraph(rest: str, **kw: Any):
    from kgfc.kg.oxigraph_store import OxigraphStore

    return OxigraphStore(rest or None, **kw)


def _memory(rest: str, **kw: Any):
    from kgfc.kg.oxigraph_store import OxigraphStore

    return OxigraphStore(None)


def _sparql(rest: str, *, read_only: bool = False, **kw: Any):
    from kgfc.kg.sparql_store import SparqlStore

    return SparqlStore.from_spec(rest, read_only=read_only)


register_store("oxigraph", _oxigraph)
register_store("sparql", _sparql)
register_store("memory", _memory)


def _load_plugins() -> None:
    for ep in entry_points(group="kgfc.stores"):
        if ep.name not in _STORES:
            register_store(ep.name, ep.load())


def open_store(spec: str, **kw: Any):
    """Open a store from a spec. A bare path means the embedded Oxigraph store."""
    if spec in ("memory", "memory:"):
        return _memory("")
    kind, sep, rest = spec.partition(":")
    if (
        not sep or len(kind) == 1 or "/" in kind or "\\" in kind
    ):  # a path, or a Windows drive letter
        return _oxigraph(spec, **kw)
    _load_plugins()
    factory = _STORES.get(kind)
    if factory is None:
        raise ConfigError(
            f"Unknown store kind {kind!r} in {spec!r}.", hint=did_you_mean(kind, _STORES, "kinds")
        )
    return factory(rest, **kw)
