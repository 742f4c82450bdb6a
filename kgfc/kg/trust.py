"""The trust order of source kinds: which source prevails when sources disagree.

A source's kind is read from its graph IRI (``https://w3id.org/kgfc/source/<kind>/...``).
Kinds fall into four trust classes, most trusted first by default:

1. ``wikidata`` -- curated KG data: Wikidata retrievals, the bundled demo KG
   (CoDEx, itself drawn from Wikidata), and facts of unknown origin in the KG;
2. ``file`` -- an RDF file a user loaded;
3. ``pubmed`` -- facts extracted from PubMed abstracts;
4. ``web`` -- facts extracted from web pages and local documents.

The order is a setting (``KGFC_TRUST_ORDER``, e.g. ``wikidata > file > pubmed > web``):
classes it leaves out rank after the ones it names, in the default order. The
verdict follows it when sources disagree on a single-valued relation
(:mod:`kgfc.reason.trust`), and the report's "Source conflicts" say which
side it prefers (:mod:`kgfc.report.build`).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgfc.errors import ConfigError
from kgfc.kg import vocab as V

DEFAULT_TRUST_ORDER = ("wikidata", "file", "pubmed", "web")
TRUST_CLASSES = frozenset(DEFAULT_TRUST_ORDER)
# source kind -> trust class
TRUST_CLASS = {
    "wikidata": "wikidata",
    "demo": "wikidata",
    "kg": "wikidata",
    "file": "file",
    "pubmed": "pubmed",
    "web": "web",
}
CLASS_NAMES = {
    "wikidata": "Wikidata/KG",
    "file": "loaded RDF file",
    "pubmed": "PubMed",
    "web": "web",
}
KIND_NAMES = {
    "wikidata": "Wikidata",
    "demo": "demo KG",
    "file": "loaded RDF file",
    "kg": "KG",
    "pubmed": "PubMed",
    "web": "web",
}


def source_kind(graph_iri: str | None) -> str:
    """``https://w3id.org/kgfc/source/demo/codex-m-train`` -> ``demo``; ``kg`` when unknown."""
    if graph_iri and graph_iri.startswith(V.KGFC_SOURCE):
        kind = graph_iri[len(V.KGFC_SOURCE) :].split("/", 1)[0]
        if kind:
            return kind
    return "kg"


def trust_class(kind: str) -> str:
    return TRUST_CLASS.get(kind, "web")  # an unknown kind is trusted least


def normalise_trust_order(order: Sequence[str] | str | None) -> tuple[str, ...]:
    """Validate a trust order (most trusted first; ``a > b > c`` or ``a,b,c``) as trust classes.

    Source kinds may be named for their class (``demo`` is ``wikidata``); classes
    the order leaves out rank last, in the default order.
    """
    if order is None:
        return DEFAULT_TRUST_ORDER
    if isinstance(order, str):
        order = order.replace(">", ",").split(",")
    seen: list[str] = []
    for raw in order:
        name = raw.strip().lower()
        if not name:
            continue
        cls = TRUST_CLASS.get(name)
        if cls is None:
            raise ConfigError(
                f"Unknown source kind {name!r} in the trust order.",
                hint="Use wikidata, file, pubmed and web, most trusted first, "
                "e.g. 'wikidata > file > pubmed > web'.",
            )
        if cls not in seen:
            seen.append(cls)
    return tuple(seen + [c for c in DEFAULT_TRUST_ORDER if c not in seen])


def trust_rank(graph_iri: str | None, order: Sequence[str]) -> int:
    """0 for the most trusted class; a source's rank from its graph IRI."""
    return list(order).index(trust_class(source_kind(graph_iri)))


def describe_order(order: Sequence[str]) -> str:
    return " > ".join(CLASS_NAMES[c] for c in order)
