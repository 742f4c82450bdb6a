"""kgfc: knowledge-graph-centric fact checking with provenance.

::

    import kgfc
    result = kgfc.verify("Tony Blair was born in London.")
    print(result.verdict, result.justification)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# The public names load on first use (PEP 562), so `import kgfc` and `kgfc --help`
# do not pay for the store, the pipeline and pydantic models. `kgfc.verify` is the
# function; the package kgfc/pipeline/ holds the internals.
_EXPORTS = {
    "KgfcError": "kgfc.errors",
    "OxigraphStore": "kgfc.kg.oxigraph_store",
    "GraphStore": "kgfc.kg.store",
    "KnowledgeGraph": "kgfc.kg.store",
    "Fact": "kgfc.models",
    "Label": "kgfc.models",
    "LabelHit": "kgfc.models",
    "Source": "kgfc.models",
    "SourceKind": "kgfc.models",
    "StoreStats": "kgfc.models",
    "VerifyResult": "kgfc.models",
    "Claim": "kgfc.pipeline.api",
    "FactChecker": "kgfc.pipeline.api",
    "verify": "kgfc.pipeline.api",
    "open_store": "kgfc.registry",
    "Settings": "kgfc.settings",
    "load_settings": "kgfc.settings",
}

if TYPE_CHECKING:
    from kgfc.errors import KgfcError
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.kg.store import GraphStore, KnowledgeGraph
    from kgfc.models import Fact, Label, LabelHit, Source, SourceKind, StoreStats, VerifyResult
    from kgfc.pipeline.api import Claim, FactChecker, verify
    from kgfc.registry import open_store
    from kgfc.settings import Settings, load_settings


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'kgfc' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "Claim",
    "Fact",
    "FactChecker",
    "GraphStore",
    "KgfcError",
    "KnowledgeGraph",
    "Label",
    "LabelHit",
    "OxigraphStore",
    "Settings",
    "Source",
    "SourceKind",
    "StoreStats",
    "VerifyResult",
    "__version__",
    "load_settings",
    "open_store",
    "verify",
]
