"""kgfc: knowledge-graph-centric fact checking with provenance."""

from kgfc.errors import KgfcError
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.store import GraphStore
from kgfc.models import Fact, Label, LabelHit, Source, SourceKind, StoreStats
from kgfc.registry import open_store
from kgfc.settings import Settings, load_settings

__version__ = "0.1.0"

__all__ = [
    "Fact",
    "GraphStore",
    "KgfcError",
    "Label",
    "LabelHit",
    "OxigraphStore",
    "Settings",
    "Source",
    "SourceKind",
    "StoreStats",
    "__version__",
    "load_settings",
    "open_store",
]
