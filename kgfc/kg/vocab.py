"""IRIs kgfc reads and writes. Wikidata keeps its real IRIs."""

from __future__ import annotations

import re
from collections.abc import Set

WD = "http://www.wikidata.org/entity/"
WDT = "http://www.wikidata.org/prop/direct/"
WIKIBASE = "http://wikiba.se/ontology#"
P = "http://www.wikidata.org/prop/"
PS = "http://www.wikidata.org/prop/statement/"
PQ = "http://www.wikidata.org/prop/qualifier/"
PR = "http://www.wikidata.org/prop/reference/"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
SCHEMA = "http://schema.org/"
PROV = "http://www.w3.org/ns/prov#"
XSD = "http://www.w3.org/2001/XMLSchema#"
DCT = "http://purl.org/dc/terms/"
OWL = "http://www.w3.org/2002/07/owl#"

KGFC = "https://w3id.org/kgfc/ns#"
KGFC_SOURCE = "https://w3id.org/kgfc/source/"
KGFC_ENTITY = "https://w3id.org/kgfc/entity/"
KGFC_REL = "https://w3id.org/kgfc/relation/"
KGFC_CLAIM = "https://w3id.org/kgfc/claim/"

RDF_TYPE = RDF + "type"
RDFS_LABEL = RDFS + "label"
SKOS_ALT = SKOS + "altLabel"
SCHEMA_DESC = SCHEMA + "description"
DIRECT_CLAIM = WIKIBASE + "directClaim"


PREFIXES = {
    "wd": WD,
    "wdt": WDT,
    "wikibase": WIKIBASE,
    "p": P,
    "ps": PS,
    "pq": PQ,
    "pr": PR,
    "rdf": RDF,
    "rdfs": RDFS,
    "skos": SKOS,
    "schema": SCHEMA,
    "prov": PROV,
    "xsd": XSD,
    "dcterms": DCT,
    "owl": OWL,
    "kgfc": KGFC,
    "kgfcs": KGFC_SOURCE,
    "kgfce": KGFC_ENTITY,
    "kgfcr": KGFC_REL,
    "kgfcc": KGFC_CLAIM,
}

_DECLARED = re.compile(r"^\s*PREFIX\s+([A-Za-z][\w.-]*)?:", re.IGNORECASE | re.MULTILINE)


def sparql_prologue(declared: Set[str] = frozenset()) -> str:
    """``PREFIX`` lines for every prefix in :data:`PREFIXES` not in ``declared``.

    The one list of predeclared SPARQL prefixes: ``kgfc kg query`` and the
    ``/sparql`` endpoint's documentation both use it.
    """
    return "".join(f"PREFIX {k}: <{v}>\n" for k, v in PREFIXES.items() if k not in declared)


def with_prefixes(query: str) -> str:
    """``query`` with the usual prefixes (``wd:``, ``wdt:``, ``p:``, ``rdfs:``, ``kgfc:``...)
    declared in front, unless the query declares that prefix itself."""
    declared = {m.group(1) or "" for m in _DECLARED.finditer(query)}
    return sparql_prologue(declared) + query


_QID = re.compile(r"^Q[1-9][0-9]*$")
_PID = re.compile(r"^P[1-9][0-9]*$")


def is_qid(text: str) -> bool:
    return bool(_QID.match(text))


def is_pid(text: str) -> bool:
    return bool(_PID.match(text))


def entity_iri(ref: str) -> str:
    """``Q76``, ``wd:Q76`` or a full IRI -> full IRI. Raises ValueError otherwise."""
    ref = ref.strip()
    if ref.startswith("wd:"):
        ref = ref[3:]
    if is_qid(ref) or is_pid(ref):
        return WD + ref
    if ref.startswith(("http://", "https://")) and " " not in ref:
        return ref
    raise ValueError(ref)


def property_iri(ref: str) -> str:
    """``P19``, ``wdt:P19`` or a full IRI -> direct-property IRI."""
    ref = ref.strip()
    if ref.startswith("wdt:"):
        ref = ref[4:]
    if is_pid(ref):
        return WDT + ref
    if ref.startswith(WD) and is_pid(ref[len(WD) :]):
        return WDT + ref[len(WD) :]
    if ref.startswith(("http://", "https://")) and " " not in ref:
        return ref
    raise ValueError(ref)


def source_ref(ref: str) -> str:
    """A source named by its IRI or its ``kgfcs:`` short form -> its IRI."""
    return KGFC_SOURCE + ref[len("kgfcs:") :] if ref.startswith("kgfcs:") else ref


def short(iri: str) -> str:
    """A compact form for display: ``wd:Q76``, ``wdt:P19``; other IRIs unchanged."""
    for prefix in ("wd", "wdt", "kgfce", "kgfcr", "kgfcs", "kgfcc"):
        ns = PREFIXES[prefix]
        if iri.startswith(ns):
            return f"{prefix}:{iri[len(ns) :]}"
    return iri


def local_id(iri: str) -> str:
    """``http://www.wikidata.org/entity/Q76`` -> ``Q76``; other IRIs unchanged."""
    for ns in (WD, WDT):
        if iri.startswith(ns):
            return iri[len(ns) :]
    return iri
