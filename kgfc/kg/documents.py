"""One document's sentences and extracted triples -> the quads of its source graph.

The data model of web text in the KG (:mod:`kgfc.web.integrate` drives it):
one named graph per document (``source_iri("web", url)`` or
``source_iri("pubmed", "PMID:123")``) holding

- one ``kgfc:Sentence`` node per kept sentence, ``<G>/sentence/<i>``: its
  verbatim ``kgfc:text``, ``kgfc:confidence``, ``kgfc:position`` and a
  ``kgfc:about`` link to every entity it mentions;
- each extracted fact as the plain quad ``<s> <p> <o>`` plus a reified
  ``rdf:Statement`` node ``<G>/statement/<j>`` pointing at its sentence
  (``kgfc:fromSentence``) with its ``kgfc:confidence``;
- ``rdfs:label`` for every entity or relation the document minted;
- a text annotation ``<entity> kgfc:annotation <G>/sentence/<i>`` for a
  sentence that adds no new fact;
- the graph's own record: PROV-O (:func:`~kgfc.kg.terms.provenance_quads`),
  ``kgfc:contentHash`` and every query that led to it.

Negated statements ("X was not born in Y") are never written as facts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import pyoxigraph as ox
from pydantic import BaseModel, Field

from kgfc.kg import vocab as V
from kgfc.kg.terms import provenance_quads
from kgfc.models import Source

__all__ = [
    "DocumentQuads",
    "DocumentSentence",
    "ExtractedTriple",
    "PriorContent",
    "SentenceExtraction",
    "Term",
    "content_hash",
    "document_quads",
    "record_quads",
]

N, L = ox.NamedNode, ox.Literal
RDF_TYPE = N(V.RDF_TYPE)
LABEL = N(V.RDFS_LABEL)
XSD_DOUBLE = N(V.XSD + "double")
XSD_INTEGER = N(V.XSD + "integer")
KIND = N(V.KGFC + "sourceKind")
HASH = N(V.KGFC + "contentHash")
QUERY = N(V.KGFC + "query")
SENTENCE = N(V.KGFC + "Sentence")
TEXT = N(V.KGFC + "text")
ABOUT = N(V.KGFC + "about")
POSITION = N(V.KGFC + "position")
CONFIDENCE = N(V.KGFC + "confidence")
FROM_SENTENCE = N(V.KGFC + "fromSentence")
ANNOTATION = N(V.KGFC + "annotation")
STATEMENT = N(V.RDF + "Statement")
SUBJ, PRED, OBJ = N(V.RDF + "subject"), N(V.RDF + "predicate"), N(V.RDF + "object")


class Term(BaseModel):
    """One side of a triple, resolved to an entity IRI or a typed literal."""

    text: str
    iri: str | None = None
    literal: str | None = None
    datatype: str | None = None
    label: str | None = None
    score: float = 0.0
    minted: bool = False

    @property
    def is_literal(self) -> bool:
        return self.literal is not None


class ExtractedTriple(BaseModel):
    sentence: int = Field(description="index into the extracted sentences")
    subject: Term
    predicate: str
    predicate_label: str
    predicate_minted: bool = False
    predicate_score: float = 0.0
    object: Term
    negated: bool = False
    confidence: float = Field(description="extraction confidence: linking and alignment scores")
    relation_text: str = ""


class SentenceExtraction(BaseModel):
    text: str
    about: list[Term] = Field(default_factory=list, description="entities the sentence mentions")
    triples: list[ExtractedTriple] = Field(default_factory=list)


class DocumentSentence(NamedTuple):
    position: int  # index of the sentence in its document
    text: str
    confidence: float


@dataclass
class PriorContent:
    """A graph's sentences and statements from earlier passages of the same document."""

    positions: set[int] = field(default_factory=set)
    confidences: list[float] = field(default_factory=list)
    queries: list[str] = field(default_factory=list)
    statements: int = 0
    facts_present: int = 0


@dataclass
class DocumentQuads:
    """The quads of one document's sentences, and what went into them."""

    quads: list[ox.Quad] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)  # minted IRI -> label
    kept: list[DocumentSentence] = field(default_factory=list)
    facts: int = 0  # distinct facts written (some may be in the graph already)
    sentences_dropped: int = 0
    triples_negated: int = 0
    triples_skipped_existing: int = 0
    annotations: int = 0


def content_hash(title: str | None, text: str) -> str:
    """The document's identity for re-ingestion: its title and whitespace-normalised text."""
    body = " ".join((title or "").split()) + "\n" + " ".join(text.split())
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def document_quads(
    iri: str,
    sentences: Sequence[DocumentSentence],
    extractions: Sequence[SentenceExtraction],
    *,
    known_elsewhere: Callable[[ox.NamedNode, ox.NamedNode, ox.NamedNode | ox.Literal, Term], bool],
    present: Callable[[ox.Quad], bool] | None = None,
    prior: PriorContent | None = None,
) -> DocumentQuads:
    """The quads of graph ``iri`` for ``sentences`` and their ``extractions`` (same order).

    A sentence with neither entities nor triples is dropped. A fact for
    which ``known_elsewhere(s, p, o, object_term)`` holds (the KG has it from
    a non-web source) is not written again. ``prior`` (merging passages into
    an existing graph) numbers new statements after the old ones, and
    ``present`` tells which facts the graph already holds
    (``prior.facts_present`` counts them).
    """
    g = N(iri)
    out = DocumentQuads()
    facts: set[tuple[ox.NamedNode, ox.NamedNode, ox.NamedNode | ox.Literal]] = set()
    n_statements = prior.statements if prior is not None else 0

    def q(s: ox.NamedNode, p: ox.NamedNode, o: ox.NamedNode | ox.Literal) -> None:
        out.quads.append(ox.Quad(s, p, o, g))

    for sent, ex in zip(sentences, extractions, strict=True):
        if not ex.about and not ex.triples:
            out.sentences_dropped += 1
            continue
        out.kept.append(sent)
        node = N(f"{iri}/sentence/{sent.position}")
        q(node, RDF_TYPE, SENTENCE)
        q(node, TEXT, L(sent.text))
        q(node, CONFIDENCE, double(sent.confidence))
        q(node, POSITION, L(str(sent.position), datatype=XSD_INTEGER))
        for term in ex.about:
            q(node, ABOUT, N(term.iri))  # type: ignore[arg-type]
            _note_label(term, out.labels)
        added_here = 0
        for t in ex.triples:
            if t.negated:
                out.triples_negated += 1
                continue
            s_term, o_term = node_of(t.subject), object_of(t.object)
            p_term = N(t.predicate)
            if known_elsewhere(s_term, p_term, o_term, t.object):
                out.triples_skipped_existing += 1
                continue
            fact = (s_term, p_term, o_term)
            if fact not in facts:
                facts.add(fact)
                q(s_term, p_term, o_term)
                if prior is not None and present is not None and present(ox.Quad(*fact, g)):
                    prior.facts_present += 1  # the page said it in a sentence kept earlier
            _note_label(t.subject, out.labels)
            _note_label(t.object, out.labels)
            if t.predicate_minted:
                out.labels[t.predicate] = t.predicate_label
            st = N(f"{iri}/statement/{n_statements}")
            n_statements += 1
            q(st, RDF_TYPE, STATEMENT)
            q(st, SUBJ, s_term)
            q(st, PRED, p_term)
            q(st, OBJ, o_term)
            q(st, FROM_SENTENCE, node)
            q(st, CONFIDENCE, double(sent.confidence * t.confidence))
            added_here += 1
        if not added_here:
            out.annotations += 1
            for term in ex.about:
                q(N(term.iri), ANNOTATION, node)  # type: ignore[arg-type]
    for entity, text in out.labels.items():
        q(N(entity), LABEL, L(text, language="en"))
    out.facts = len(facts)
    return out


def record_quads(
    source: Source, digest: str, *, queries: Iterable[str] = (), hashes: Iterable[str] = ()
) -> list[ox.Quad]:
    """The graph's own record: provenance, content hash, and earlier queries and hashes kept."""
    g = N(source.iri)
    quads = provenance_quads(source)
    quads.append(ox.Quad(g, HASH, L(digest), g))
    for old in queries:  # every query that led to this page stays on record
        quads.append(ox.Quad(g, QUERY, L(old), g))
    for old in hashes:
        quads.append(ox.Quad(g, HASH, L(old), g))
    return quads


def double(value: float) -> ox.Literal:
    return L(repr(round(float(value), 4)), datatype=XSD_DOUBLE)


def node_of(term: Term) -> ox.NamedNode:
    return N(term.iri)  # type: ignore[arg-type]


def object_of(term: Term) -> ox.NamedNode | ox.Literal:
    if term.is_literal:
        return L(term.literal, datatype=N(term.datatype)) if term.datatype else L(term.literal)  # type: ignore[arg-type]
    return N(term.iri)  # type: ignore[arg-type]


def _note_label(term: Term, labels: dict[str, str]) -> None:
    """Minted entities carry their label in every graph that uses them (so retraction is local)."""
    if term.iri and term.iri.startswith(V.KGFC_ENTITY) and term.label:
        labels.setdefault(term.iri, term.label)
