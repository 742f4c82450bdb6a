"""kgfc: knowledge-graph-centric fact checking with provenance.

::

    import kgfc
    result = kgfc.verify("Tony Blair was born in London.")
    print(result.verdict, result.justification)
"""

from kgfc.errors import KgfcError
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.store import GraphStore
from kgfc.models import Fact, Label, LabelHit, Source, SourceKind, StoreStats, VerifyResult
from kgfc.pipeline.api import Claim, FactChecker
from kgfc.registry import open_store
from kgfc.settings import Settings, load_settings

__version__ = "0.1.0"

# Bound last, on purpose: `kgfc.verify` is this function, while the package
# kgfc/pipeline/ (imported above, so it cannot rebind the name later) holds the
# internals, imported as `from kgfc.pipeline.api import ...`.
from kgfc.pipeline.api import verify  # noqa: E402

__all__ = [
    "Claim",
    "Fact",
    "FactChecker",
    "GraphStore",
    "KgfcError",
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
