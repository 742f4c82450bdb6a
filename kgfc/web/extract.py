"""Sentences -> KG triples: extraction, entity linking and relation alignment.

:class:`TripleExtractor` turns the sentences of one document into
:class:`ExtractedTriple` records ready to be written:

- **Extraction.** With an LLM, one JSON-schema call per batch of sentences
  (fenced text; a triple whose subject or object is not in its sentence is
  dropped as invented). Without one, the dependency patterns of
  :func:`kgfc.nlp.claims.decompose` (SVO, copular, passive, dates...), kept
  only when the subject is a named entity or a KG entity, so that "basketball
  on weekends" never becomes a fact.
- **Entity linking.** Subject and object go through the shared
  :class:`~kgfc.kg.linking.EntityLinker` (names spaCy clipped are widened to
  the KG label first) and are accepted only on a (near-)exact label or alias
  match; otherwise the
  name is minted as ``https://w3id.org/kgfc/entity/<slug>`` with an English
  label. Dates and numbers become typed literals (Wikidata's encoding:
  ``"1961-08-04T00:00:00Z"^^xsd:dateTime``).
- **Relation alignment.** :class:`~kgfc.nlp.claims.RelationAligner` maps the
  relation phrase to a Wikidata direct property when one scores at least
  ``align_min``; otherwise it becomes ``https://w3id.org/kgfc/relation/<slug>``.

Every sentence also gets the KG entities it mentions (``about``), which is
what makes a sentence that yields no new fact useful as an annotation.
"""

from __future__ import annotations

import hashlib
import logging
import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from rapidfuzz import fuzz

from kgfc.errors import LLMError
from kgfc.kg import vocab as V
from kgfc.kg.documents import ExtractedTriple, SentenceExtraction, Term
from kgfc.kg.linking import LINK_MIN, EntityLinker
from kgfc.llm.prompts import (
    ExtractionOutput,
    extraction_max_tokens,
    extraction_messages,
    extraction_schema,
)
from kgfc.models import ClaimAnalysis, Counters, Mention
from kgfc.nlp.alignment import Alignment, RelationAligner
from kgfc.nlp.decompose import decompose_many
from kgfc.nlp.text import AUXILIARIES, PRONOUNS, normalise
from kgfc.nlp.values import parse_date, parse_number

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.llm.contract import LLM

log = logging.getLogger(__name__)

RULES_EXTRACTOR = "rules:spacy-dep"
CHUNK_LINK_MIN = 0.95  # plain noun phrases link only on an exact label or alias
ALIGN_MIN = 0.75  # aligner score to use a Wikidata property
MINTED_SCORE = 0.6  # how far a newly minted entity or relation is trusted, for confidences
LLM_BATCH = 40  # sentences per extraction call
MAX_NAME_WORDS = 12

_SKIP_MENTIONS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
_AUX = AUXILIARIES | {"also"}
_PURE_NUMBER = re.compile(
    r"[+-]?\d[\d,]*(?:\.\d+)?(?:\s*(?:%|percent|thousand|million|billion|trillion))?", re.I
)

ValueKind = Literal["date", "number", "entity"]


# -- IRIs for new things ----------------------------------------------------------------


def slug(text: str) -> str:
    """A readable, stable IRI segment: "Nobel Peace Prize" -> ``nobel-peace-prize``.

    Names that lose characters when folded to ASCII (or fold to nothing) get
    a short hash, so "Zürich" and "Zurich" stay apart.
    """
    key = normalise(text)
    folded = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode("ascii")
    base = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")[:80].strip("-")
    if not base or folded != key:
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]
        base = f"{base}-{digest}" if base else digest
    return base


def relation_phrase(text: str) -> str:
    """The content of a relation phrase: "was born in" -> "born in"."""
    words = normalise(text).split()
    while words and words[0] in _AUX:
        words = words[1:]
    return " ".join(words) or normalise(text)


def minted_entity(text: str) -> Term:
    label = " ".join(text.split())
    return Term(
        text=text, iri=V.KGFC_ENTITY + slug(label), label=label, score=MINTED_SCORE, minted=True
    )


def minted_relation(text: str) -> tuple[str, str]:
    phrase = relation_phrase(text)
    return V.KGFC_REL + slug(phrase), phrase


def value_term(text: str) -> Term | None:
    """A date or a plain number as a typed literal; None for anything else."""
    text = text.strip()
    if not text or len(text) > 40:
        return None
    d = parse_date(text)
    if d is not None and not d.decade and d.year > 0:
        lexical = f"{d.year:04d}-{d.month or 1:02d}-{d.day or 1:02d}T00:00:00Z"
        return Term(text=text, literal=lexical, datatype=V.XSD + "dateTime", score=1.0)
    if _PURE_NUMBER.fullmatch(text):
        n = parse_number(text)
        if n is not None:
            value = int(n.value) if float(n.value).is_integer() else n.value
            return Term(text=text, literal=str(value), datatype=V.XSD + "decimal", score=1.0)
    return None


# -- the extractor ------------------------------------------------------------------------


class TripleExtractor:
    """Extract, link and align the triples of a document's sentences.

    Link and alignment answers are cached for the extractor's life, so one
    extractor per ingest job makes repeated names cheap.
    """

    def __init__(
        self,
        store: KnowledgeGraph,
        llm: LLM | None = None,
        *,
        aligner: RelationAligner | None = None,
        linker: EntityLinker | None = None,
        counters: Counters | None = None,
        link_min: float = LINK_MIN,
        align_min: float = ALIGN_MIN,
    ) -> None:
        self.store = store
        self.llm = llm
        self._aligner = aligner
        self.linker = linker or EntityLinker(store)
        self.counters = counters if counters is not None else Counters()
        self.link_min = link_min
        self.align_min = align_min
        self._aligned: dict[tuple[str, str | None, bool | None], list[Alignment]] = {}
        self.warnings: list[str] = []

    @property
    def name(self) -> str:
        return f"llm:{self.llm.model}" if self.llm is not None else RULES_EXTRACTOR

    @property
    def aligner(self) -> RelationAligner:
        if self._aligner is None:
            self._aligner = RelationAligner(self.store)
        return self._aligner

    # -- linking --------------------------------------------------------------------
    def link(self, text: str, min_score: float | None = None) -> Term | None:
        """The KG entity ``text`` names, on a (near-)exact label match; None when there is none."""
        hit = self.linker.resolve(text, self.link_min if min_score is None else min_score)
        if hit is None:
            return None
        minted = hit.entity.startswith(V.KGFC_ENTITY)
        return Term(text=text, iri=hit.entity, label=hit.text, score=hit.score, minted=minted)

    def resolve(self, text: str, *, named: bool, mint_common: bool = False) -> Term | None:
        """A value literal, a linked entity, or (for names) a minted one; None when unusable."""
        text = text.strip()
        if not text or normalise(text) in PRONOUNS or len(text.split()) > MAX_NAME_WORDS:
            return None
        value = value_term(text)
        if value is not None:
            return value
        linked = self.link(text)
        if linked is not None:
            return linked
        if named or mint_common:
            return minted_entity(text)
        return None

    # -- alignment --------------------------------------------------------------------
    def _ranked(
        self, phrase: str, value_kind: ValueKind | None, person: bool | None
    ) -> list[Alignment]:
        key = (normalise(phrase), value_kind, person)
        if key not in self._aligned:
            self._aligned[key] = self.aligner.align(
                phrase, value_kind=value_kind, subject_is_person=person, limit=10
            )
        return self._aligned[key]

    def align(
        self,
        phrase: str,
        *,
        value_kind: ValueKind | None = None,
        person: bool | None = None,
        preferred: str | None = None,
    ) -> tuple[str, str, float, bool, bool]:
        """``(predicate IRI, label, score, inverse, minted)`` for a relation phrase.

        ``preferred`` is a property already chosen (by the dependency
        decomposition); its forward score decides whether it is good enough.
        """
        ranked = self._ranked(phrase, value_kind, person)
        if preferred is not None:
            best = next((a for a in ranked if a.property == preferred and not a.inverse), None)
        else:
            best = ranked[0] if ranked else None
        if best is not None and best.score >= self.align_min:
            label = self.aligner.label(best.property) or V.local_id(best.property)
            return best.property, label, float(best.score), bool(best.inverse), False
        iri, label = minted_relation(phrase)
        return iri, label, MINTED_SCORE, False, True

    # -- extraction -------------------------------------------------------------------
    def extract(self, sentences: Sequence[str]) -> list[SentenceExtraction]:
        """One :class:`SentenceExtraction` per sentence, in order."""
        sentences = list(sentences)
        if not sentences:
            return []
        analyses = decompose_many(sentences, self.aligner if self.llm is None else None)
        out = [
            SentenceExtraction(text=s, about=self._about(a))
            for s, a in zip(sentences, analyses, strict=True)
        ]
        if self.llm is not None:
            try:
                self._extract_llm(sentences, out)
                return self._finish(out)
            except LLMError as exc:
                msg = f"LLM extraction failed ({exc}); used the dependency rules instead"
                log.warning(msg)
                self.warnings.append(msg)
                analyses = decompose_many(sentences, self.aligner)
        for i, analysis in enumerate(analyses):
            out[i].triples = self._rules_triples(i, analysis, sentences[i])
        return self._finish(out)

    def _about(self, analysis: ClaimAnalysis) -> list[Term]:
        found: dict[str, Term] = {}
        for m in analysis.mentions:
            if m.label in _SKIP_MENTIONS:
                continue
            floor = CHUNK_LINK_MIN if m.label == "NOUN_CHUNK" else self.link_min
            term = self.link(m.text, floor)
            if term is not None and term.iri is not None and term.iri not in found:
                found[term.iri] = term
        return list(found.values())

    def _finish(self, out: list[SentenceExtraction]) -> list[SentenceExtraction]:
        """Entities of the sentence's own triples are what it is about, too."""
        for ex in out:
            seen = {t.iri for t in ex.about}
            for t in ex.triples:
                for term in (t.subject, t.object):
                    if term.iri is not None and term.iri not in seen:
                        ex.about.append(term)
                        seen.add(term.iri)
        return out

    def _rules_triples(
        self, index: int, analysis: ClaimAnalysis, sentence: str = ""
    ) -> list[ExtractedTriple]:
        out: list[ExtractedTriple] = []
        widen = (lambda name: self.linker.widen(sentence, name)) if sentence else (lambda n: n)
        for t in analysis.triples:
            named_subject = _named(t.subject, analysis.mentions)
            subject = self.resolve(widen(t.subject), named=named_subject)
            if subject is None or subject.is_literal:
                continue
            value = value_term(t.object)
            kind = _value_kind(value)
            person = _mention_label(t.subject, analysis.mentions) == "PERSON"
            preferred = t.relation_ids[0] if t.relation_ids else None
            pred, label, score, inverse, minted = self.align(
                t.relation, value_kind=kind, person=person, preferred=preferred
            )
            obj = value or self.resolve(
                widen(t.object),
                named=_named(t.object, analysis.mentions),
                mint_common=not minted,
            )
            if obj is None:
                continue
            triple = self._triple(
                index, subject, pred, label, score, minted, obj, t.negated, t.relation
            )
            if triple is not None and _key(triple) not in {_key(x) for x in out}:
                out.append(triple)
        return out

    def _extract_llm(self, sentences: list[str], out: list[SentenceExtraction]) -> None:
        assert self.llm is not None
        for start in range(0, len(sentences), LLM_BATCH):
            batch = sentences[start : start + LLM_BATCH]
            reply = self.llm.complete_json(
                extraction_messages(batch),
                ExtractionOutput,
                counters=self.counters,
                name="extract",
                max_tokens=extraction_max_tokens(len(batch)),
                schema_json=extraction_schema(len(batch)),
            )
            for t in reply.triples:
                if not 1 <= t.sentence <= len(batch):
                    continue
                i = start + t.sentence - 1
                text = sentences[i]
                if not (_grounded(t.subject, text) and _grounded(t.object, text)):
                    log.info("dropping an LLM triple not grounded in its sentence: %s", t)
                    continue
                subject = self.resolve(self.linker.widen(text, t.subject), named=True)
                if subject is None or subject.is_literal:
                    continue
                value = value_term(t.object)
                kind = _value_kind(value)
                pred, label, score, inverse, minted = self.align(t.relation, value_kind=kind)
                obj = value or self.resolve(self.linker.widen(text, t.object), named=True)
                if obj is None:
                    continue
                if inverse:
                    if obj.is_literal:
                        continue
                    subject, obj = obj, subject
                triple = self._triple(
                    i, subject, pred, label, score, minted, obj, t.negated, t.relation
                )
                if triple is not None:
                    out[i].triples.append(triple)

    @staticmethod
    def _triple(
        index: int,
        subject: Term,
        pred: str,
        label: str,
        score: float,
        minted: bool,
        obj: Term,
        negated: bool,
        relation_text: str,
    ) -> ExtractedTriple | None:
        if obj.iri is not None and obj.iri == subject.iri:
            return None
        confidence = round((subject.score + obj.score + score) / 3.0, 4)
        return ExtractedTriple(
            sentence=index,
            subject=subject,
            predicate=pred,
            predicate_label=label,
            predicate_minted=minted,
            predicate_score=round(score, 4),
            object=obj,
            negated=negated,
            confidence=confidence,
            relation_text=relation_text,
        )


def _key(t: ExtractedTriple) -> tuple[str | None, str, str | None, str | None, bool]:
    return (t.subject.iri, t.predicate, t.object.iri, t.object.literal, t.negated)


def _value_kind(value: Term | None) -> ValueKind:
    if value is None:
        return "entity"
    return "date" if (value.datatype or "").endswith("dateTime") else "number"


def _mention_label(text: str, mentions: Sequence[Mention]) -> str | None:
    key = normalise(text)
    for m in mentions:
        if normalise(m.text) == key:
            return m.label
    return None


def _named(text: str, mentions: Sequence[Mention]) -> bool:
    """Is ``text`` a named entity of the sentence (not a bare noun phrase)?"""
    key = normalise(text)
    for m in mentions:
        if m.label in ("NOUN_CHUNK", *_SKIP_MENTIONS):
            continue
        mk = normalise(m.text)
        if mk and (mk == key or mk in key or key in mk):
            return True
    return False


def _grounded(term: str, sentence: str) -> bool:
    """Is an LLM's subject/object really in the sentence (guards against invented triples)?"""
    t, s = normalise(term), normalise(sentence)
    if not t:
        return False
    if t in s:
        return True
    value = value_term(term)
    if (
        value is not None
        and value.literal is not None
        and (value.datatype or "").endswith("dateTime")
    ):
        return value.literal[:4].lstrip("0") in s
    return fuzz.partial_ratio(t, s) >= 90


__all__ = [
    "ExtractedTriple",
    "RULES_EXTRACTOR",
    "SentenceExtraction",
    "Term",
    "TripleExtractor",
    "minted_entity",
    "minted_relation",
    "relation_phrase",
    "slug",
    "value_term",
]
