"""Open the bundled demo KG with pyoxigraph directly (independent of kgfc's own store code)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pyoxigraph as ox

DEMO = Path(__file__).resolve().parents[1] / "kgfc" / "data" / "demo_kg.nq.gz"
PREFIXES = (
    "PREFIX wd: <http://www.wikidata.org/entity/>\n"
    "PREFIX wdt: <http://www.wikidata.org/prop/direct/>\n"
    "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n"
    "PREFIX skos: <http://www.w3.org/2004/02/skos/core#>\n"
)


def open_demo() -> ox.Store:
    store = ox.Store()
    with gzip.open(DEMO, "rb") as fh:
        store.bulk_load(fh, ox.RdfFormat.N_QUADS)
    return store


def run(store: ox.Store, sparql: str):
    """ASK -> bool; SELECT -> sorted list of tuples of plain values (IRIs shortened to Q/P ids)."""
    res = store.query(PREFIXES + sparql, use_default_graph_as_union=True)
    if isinstance(res, ox.QueryBoolean):
        return bool(res)
    rows = []
    for sol in res:
        row = []
        for t in sol:
            if t is None:
                row.append(None)
            elif isinstance(t, ox.NamedNode):
                row.append(t.value.rsplit("/", 1)[-1])
            else:
                row.append(t.value)
        rows.append(tuple(row))
    return sorted(rows, key=str)
