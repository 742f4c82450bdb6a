"""The bundled demo KG: CoDEx-M train + English Wikidata labels, no network needed.

``kgfc/data/demo_kg.nq.gz`` is built by ``scripts/build_demo_kg.py`` (see
``kgfc/data/DEMO_KG.md``). Every part of it is a named graph under
``https://w3id.org/kgfc/source/demo/`` carrying its own PROV-O record, so once
loaded it is an ordinary set of sources: listed, queried and retracted like
any other.

Loading goes through ``bulk_load`` (a few seconds instead of a minute of
transactional inserts), which is not transactional. So it follows the store's
crash-safety scheme: every demo graph is first marked ``kgfc:status
"loading"`` in one transaction, the file is bulk-loaded, and the marks are
removed in one transaction. A killed load leaves marked graphs, which the
store drops when next opened for writing, and :func:`demo_loaded` reports
the demo as absent until a load has finished.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

import pyoxigraph as ox

from kgfc.errors import StoreError
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.store import GraphStore

# kgfc/data sits inside the package, so it ships in the wheel beside this module.
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DEMO_PATH = DATA_DIR / "demo_kg.nq.gz"
DEMO_META = DATA_DIR / "demo_kg.json"
DEMO_GRAPH_PREFIX = V.KGFC_SOURCE + "demo/"

_STATUS = ox.NamedNode(V.KGFC + "status")
_LOADING = ox.Literal("loading")
# One update, so one transaction: either every demo graph is still marked or none is.
_UNMARK = f"""
PREFIX kgfc: <{V.KGFC}>
DELETE {{ GRAPH ?g {{ ?g kgfc:status "loading" }} }}
WHERE {{
  GRAPH ?g {{ ?g kgfc:status "loading" }}
  FILTER(STRSTARTS(STR(?g), "{DEMO_GRAPH_PREFIX}"))
}}
"""


@cache
def demo_info() -> dict[str, Any]:
    """The demo's counts (facts, entities, labels, sources, quads...) and graphs, written at build time."""
    return json.loads(DEMO_META.read_text(encoding="utf-8"))


def demo_graphs() -> list[str]:
    return list(demo_info()["graphs"])


def demo_loaded(store: GraphStore) -> bool:
    """True when every demo graph is in the store and none is half-written."""
    if not isinstance(store, OxigraphStore):
        # Other backends have no bulk load to interrupt: presence is enough.
        return set(demo_graphs()) <= {s.iri for s in store.sources()}
    raw = store._store
    for iri in demo_graphs():
        g = ox.NamedNode(iri)
        if not raw.contains_named_graph(g):
            return False
        if next(iter(raw.quads_for_pattern(g, _STATUS, _LOADING, g)), None) is not None:
            return False
    return True


def ensure_demo(store: GraphStore) -> bool:
    """Load the demo KG into ``store`` unless it is already there. Returns True if it loaded.

    A partly present demo (an interrupted load, a retracted demo graph, a
    demo from an older kgfc) is replaced whole, so the store ends up with
    exactly the shipped file. Callers that must respect a user's retraction
    check :func:`demo_loaded` and the store's sources first.
    """
    if demo_loaded(store):
        return False
    if not isinstance(store, OxigraphStore):
        raise StoreError(
            "The demo KG is bundled for the embedded Oxigraph store only.",
            hint=f"Load {DEMO_PATH} into this backend with `kgfc kg load`.",
        )
    if store.read_only:
        raise StoreError(
            "The store is open read-only; cannot load the demo KG.",
            hint="Re-run without --read-only.",
        )
    if not DEMO_PATH.is_file():  # pragma: no cover - a broken install
        raise StoreError(f"The bundled demo KG is missing from this install ({DEMO_PATH}).")
    raw = store._store
    stale = [
        g
        for g in raw.named_graphs()
        if isinstance(g, ox.NamedNode) and g.value.startswith(DEMO_GRAPH_PREFIX)
    ]
    for g in stale:
        raw.remove_graph(g)
    graphs = [ox.NamedNode(iri) for iri in demo_graphs()]
    raw.extend([ox.Quad(g, _STATUS, _LOADING, g) for g in graphs])
    try:
        with gzip.open(DEMO_PATH, "rb") as fh:
            # lenient: the file was validated when it was built; skipping IRI
            # checks makes the load noticeably faster.
            raw.bulk_load(fh, ox.RdfFormat.N_QUADS, lenient=True)
    except (SyntaxError, OSError, EOFError) as exc:
        for g in graphs:
            raw.remove_graph(g)
        raise StoreError(f"Loading the demo KG failed: {exc}") from exc
    raw.update(_UNMARK)
    store._changed()
    return True
