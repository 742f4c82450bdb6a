"""Reading a claim by what the KG connects: link the names first, then choose the relation.

The rules (:mod:`kgfc.nlp.decompose`, the lexicons) read the phrasings someone
wrote them for; the entity-anchored reading (:mod:`kgfc.nlp.anchored`) compares
the words with every property whose observed domain and range fit the names'
types. This module asks the KG itself which relations are in question:

1. **Link.** The claim's longest KG names, in order (the anchors of
   :mod:`kgfc.nlp.anchored`, linked with their priors): the first is the
   subject, the last the object, the words between (and after) the relation
   phrase.
2. **Candidates.** The properties the KG states between the two, in either
   direction (*connecting*: the claim may say one of them), and the subject's
   single-valued properties whose stated value is of the object's kind, a
   city for a city, a disease for a disease (*rival*: the claim may claim
   another value of one of them, which the stated value excludes).
3. **Score.** The phrase (without auxiliaries and articles), and the whole
   claim with the names taken out, are compared by sentence embeddings (MiniLM,
   :mod:`kgfc.nlp.embed`) with each candidate's label, aliases and
   description; the better of the two similarities counts.
4. **Choose.** The best connecting candidate is taken when it reaches
   :data:`CONNECT_MIN` and leads the next by :data:`CONNECT_MARGIN`: the claim
   is read as the fact the KG states. Rivals are shown (``kgfc debug reading``)
   but read nothing here: among rivals alone "X worked in Paris" comes out most
   like place of death, which the entity-anchored reading, comparing the words
   with every property that fits the names' types, rightly declines. Never for a
   negated phrase, and never with the BM25 fallback (no absolute scale for a
   threshold).

:func:`refutable` applies step 2 and 4 to a reading by similarity made
elsewhere (the entity-anchored reading, which already won among every property
fitting the names' types): such a guess may refute only when the KG confirms the relation is
in question (a single-valued property of the subject, stated with a value of
the object's kind, and nothing else connects the two) and the guess wins among
those candidates too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.store import value_of
from kgfc.models import ClaimTriple
from kgfc.nlp.anchored import (
    _NOT_RELATIONS,
    Anchor,
    Reading,
    Resolve,
    _anchors,
    _bare,
    _negation,
    _phrase,
    _profile,
    _words,
)
from kgfc.nlp.text import NEGATIONS, normalise

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.nlp.alignment import RelationAligner
    from kgfc.nlp.embed import BM25Scorer, Embedder

# Just above the entity-anchored reading's SEMANTIC_MIN (0.4): the KG stating the relation
# between the two names stands in for part of the evidence a reading by similarity needs.
# Checked, not swept, on the two development sets (benchmarks/RESULTS.md): the readings
# they needed scored 0.45 and up, and none gave a claim the wrong polarity.
CONNECT_MIN = 0.42
CONNECT_MARGIN = 0.06
# A reading by similarity this close to its property's own words, this far ahead of the next
# ("lies on the continent of" as continent, 0.75 against 0.22), is not a guess at a path: two
# ends linked through a shared neighbour (two countries, each with a diplomatic relation to a
# third) do not stop it refuting.
DECISIVE_SCORE = 0.6
DECISIVE_MARGIN = 0.3
INSTANCE_OF = V.WDT + "P31"


@dataclass(frozen=True)
class Candidate:
    """One relation the KG puts in question between the claim's names, with its score."""

    property: str
    label: str
    inverse: bool  # the KG states it from the claim's object to its subject
    kind: str  # "connecting" (stated between the two) or "rival" (another value stated)
    score: float = 0.0
    text: str = ""  # the property text the words were most like


@dataclass
class Connected:
    """What the connecting reading made of a claim: names, candidates and the reading, if any."""

    subject: tuple[str, str, float] | None = None  # words, entity, link confidence
    object: tuple[str, str, float] | None = None
    phrase: str = ""
    candidates: list[Candidate] = field(default_factory=list)
    reading: Reading | None = None
    why: str = ""  # why there is no reading, when there is none


# -- what the KG puts in question ------------------------------------------------------


def connecting(store: KnowledgeGraph, s: str, o: str) -> list[tuple[str, bool]]:
    """(property, inverse) for every relation the KG states between ``s`` and ``o``."""
    out: list[tuple[str, bool]] = []
    a, b = ox.NamedNode(s), ox.NamedNode(o)
    for x, y, inverse in ((a, b, False), (b, a, True)):
        for q in store.quads(subject=x, object=y):
            p = q.predicate.value
            if p.startswith(V.WDT) and p not in _NOT_RELATIONS and (p, inverse) not in out:
                out.append((p, inverse))
    return out


def _neighbours(store: KnowledgeGraph, e: str) -> set[str]:
    node = ox.NamedNode(e)
    out: set[str] = set()
    for q in store.quads(subject=node):
        if q.predicate.value.startswith(V.WDT) and q.predicate.value not in _NOT_RELATIONS:
            out.add(value_of(q.object))
    for q in store.quads(object=node):
        if q.predicate.value.startswith(V.WDT) and q.predicate.value not in _NOT_RELATIONS:
            out.add(value_of(q.subject))
    return out


def near(store: KnowledgeGraph, s: str, o: str) -> bool:
    """Are ``s`` and ``o`` two steps apart in the KG (a shared neighbour, types aside)?

    "George H. W. Bush is a grandparent of Jenna Bush Hager": no fact links the two,
    and "grandparent" is about as like spouse as like anything; but the KG links
    them through George W. Bush, and what the claim says may be that path. A guess
    by similarity does not refute a claim about two entities so linked.
    """
    return bool(_neighbours(store, s) & _neighbours(store, o))


def _types(store: KnowledgeGraph, e: str) -> set[str]:
    return {value_of(q.object) for q in store.quads(ox.NamedNode(e), ox.NamedNode(INSTANCE_OF))}


def rivals(store: KnowledgeGraph, s: str, o: str) -> list[str]:
    """The subject's single-valued properties with a stated value of the object's kind."""
    from kgfc.reason.kgstats import single_valued

    kinds = _types(store, o)
    if not kinds:
        return []
    by_prop: dict[str, list[str]] = {}
    for q in store.quads(subject=ox.NamedNode(s)):
        p = q.predicate.value
        if p.startswith(V.WDT) and p not in _NOT_RELATIONS and isinstance(q.object, ox.NamedNode):
            by_prop.setdefault(p, []).append(q.object.value)
    return [
        p
        for p, values in by_prop.items()
        if o not in values
        and any(_types(store, v) & kinds for v in values)
        and single_valued(store, p)
    ]


# -- scoring ---------------------------------------------------------------------------


def score(
    store: KnowledgeGraph, candidates: list[Candidate], texts: list[str], embedder: Embedder
) -> list[Candidate]:
    """``candidates`` with their best similarity to any of ``texts``, best first."""
    profile = _profile(store)
    matrix = profile.embeddings(embedder)
    if matrix is None or not candidates:
        return []
    wanted = {c.property for c in candidates}
    queries = embedder.embed([t for t in texts if t])
    cos = (matrix @ queries.T).max(axis=1)  # each property text's best similarity to a text
    best: dict[str, tuple[float, str]] = {}
    for prop, text, c in zip(profile.rows, profile.row_texts, cos.tolist(), strict=True):
        if prop in wanted and c > best.get(prop, (-1.0, ""))[0]:
            best[prop] = (c, text)
    out = [
        Candidate(c.property, c.label, c.inverse, c.kind, *best.get(c.property, (0.0, "")))
        for c in candidates
    ]
    return sorted(out, key=lambda c: -c.score)


def _choose(ranked: list[Candidate]) -> Candidate | None:
    """The clear winner: at least :data:`CONNECT_MIN`, :data:`CONNECT_MARGIN` ahead of the next."""
    if not ranked or ranked[0].score < CONNECT_MIN:
        return None
    rest = [c for c in ranked[1:] if c.property != ranked[0].property]
    if rest and ranked[0].score - rest[0].score < CONNECT_MARGIN:
        return None
    return ranked[0]


def _embedder(embedder: Embedder | BM25Scorer | None) -> Embedder | None:
    from kgfc.nlp.embed import BM25Scorer, get_embedder

    embedder = embedder if embedder is not None else get_embedder()
    return None if isinstance(embedder, BM25Scorer) else embedder


# -- reading ---------------------------------------------------------------------------


def read_connected(
    text: str,
    store: KnowledgeGraph,
    resolve: Resolve,
    *,
    embedder: Embedder | BM25Scorer | None = None,
    aligner: RelationAligner | None = None,
) -> Connected:
    """The claim read by what the KG connects between its first and last names.

    ``resolve(name) -> (entity IRI, link confidence) | None`` links a span (the
    caller's linker). The result always says what was found (for ``kgfc debug
    reading``); its ``reading`` is set only for a clear winner.
    """
    out = Connected()
    index = store.label_index()
    words = _words(text)
    anchors = _anchors(words, index, resolve, lower=text == text.lower())
    if len(anchors) < 2:
        out.why = "fewer than two names of the claim are in the KG"
        return out
    subj, obj = anchors[0], anchors[-1]
    out.subject = (subj.said or subj.text, subj.entity, subj.link)
    out.object = (obj.said or obj.text, obj.entity, obj.link)
    raw = _phrase(words, subj.end, obj.start) + _phrase(words, obj.end, len(words))
    if subj.start > 0:  # "The burial place of S is O": the relation named before S
        raw = _phrase(words, 0, subj.start) + raw
    out.phrase = " ".join(raw)
    if subj.entity == obj.entity or not raw:
        out.why = "no words between the names"
        return out
    if any(_negation(w) for w in raw):
        out.why = "a negated phrase is never read by similarity"
        return out
    whole = " ".join(w.text for i, w in enumerate(words) if not _in(i, anchors))
    best, out.candidates = relation_between(
        store, subj.entity, obj.entity, [_bare(out.phrase), _bare(whole)], embedder, aligner
    )
    if best is None:
        out.why = (
            "no candidate relation is a clear winner" if out.candidates else "nothing in question"
        )
        return out
    out.reading = _reading(best, subj, obj, out.phrase, out.candidates)
    return out


def relation_between(
    store: KnowledgeGraph,
    s: str,
    o: str,
    texts: list[str],
    embedder: Embedder | BM25Scorer | None = None,
    aligner: RelationAligner | None = None,
) -> tuple[Candidate | None, list[Candidate]]:
    """The relation the KG states between ``s`` and ``o`` that ``texts`` say, if one clearly
    is (steps 2 to 4), and every candidate scored; the subject's rivals when none connects.

    With an ``aligner`` (:class:`~kgfc.nlp.alignment.RelationAligner`) a connecting
    property the first text names outright (its label, an alias or a paraphrase of
    the table: "is a native of" is place of birth) is taken before any similarity.
    """
    labels = _profile(store).labels
    links = connecting(store, s, o)
    cands = [Candidate(p, labels.get(p, V.local_id(p)), inv, "connecting") for p, inv in links]
    named = _named(aligner, texts[0] if texts else "", links)
    if named is not None:
        p, inv, sure = named
        return Candidate(p, labels.get(p, V.local_id(p)), inv, "connecting", sure, texts[0]), cands
    model = _embedder(embedder)
    if model is None:
        return None, []
    if not cands:
        cands = [
            Candidate(p, labels.get(p, V.local_id(p)), False, "rival") for p in rivals(store, s, o)
        ]
        # a rival the words name outright ("is a native of": place of birth) is what the
        # claim says, and the stated value refutes it; a similarity alone never picks one
        named = _named(aligner, texts[0] if texts else "", [(c.property, False) for c in cands])
        if named is not None:
            p, _, sure = named
            return Candidate(p, labels.get(p, V.local_id(p)), False, "rival", sure), cands
    ranked = score(store, cands, texts, model)
    return _choose([c for c in ranked if c.kind == "connecting"]), ranked


def _named(
    aligner: RelationAligner | None, phrase: str, links: list[tuple[str, bool]]
) -> tuple[str, bool, float] | None:
    """The connecting (property, inverse) the phrase names with a sure aligner score."""
    if aligner is None or not phrase or not links:
        return None
    from kgfc.nlp.anchored import LEXICAL_MIN

    for a in aligner.align(phrase, value_kind="entity", limit=5):
        if a.score >= LEXICAL_MIN and (a.property, a.inverse) in links:
            return a.property, a.inverse, a.score
    return None


def _in(i: int, anchors: Sequence[Anchor]) -> bool:
    return any(a.start <= i < a.end for a in anchors)


def _reading(
    best: Candidate, subj: Anchor, obj: Anchor, phrase: str, ranked: list[Candidate]
) -> Reading:
    a, b = (obj, subj) if best.inverse else (subj, obj)
    triple = ClaimTriple(
        subject=a.text,
        relation=best.label,
        object=b.text,
        subject_id=a.entity,
        object_id=b.entity,
        relation_ids=[best.property],
        subject_link=a.link,
        object_link=b.link,
    )
    runner = next((c for c in ranked if c.property != best.property), None)
    return Reading(
        triple,
        phrase,
        best.property,
        best.label,
        "semantic",
        best.score,
        (runner.label, runner.score) if runner else None,
        (a.said or a.text, b.said or b.text),
    )


def worded_as(
    store: KnowledgeGraph,
    reading: Reading,
    prop: str,
    *,
    embedder: Embedder | BM25Scorer | None = None,
) -> bool:
    """Are the reading's words at least as like ``prop`` (what the aligner reads them as, which
    the KG does not state between the two names) as like the property it connects them by?

    "Toni Morrison joined the staff of Cornell University": the KG connects the two by
    educated at only; the words say employer, and the claim is not that she studied there.
    """
    model = _embedder(embedder)
    if model is None or prop == reading.property:
        return False
    cands = [Candidate(p, p, False, "connecting") for p in (reading.property, prop)]
    ranked = score(store, cands, [_bare(reading.phrase)], model)
    return bool(ranked) and ranked[0].property == prop


def decisive(reading: Reading) -> bool:
    """Is a reading by similarity as plain as its property's own words (:data:`DECISIVE_SCORE`,
    :data:`DECISIVE_MARGIN` ahead of the next best)?"""
    runner = reading.runner_up[1] if reading.runner_up else 0.0
    return reading.score >= DECISIVE_SCORE and reading.score - runner >= DECISIVE_MARGIN


def refutable(
    store: KnowledgeGraph, reading: Reading, *, embedder: Embedder | BM25Scorer | None = None
) -> bool:
    """May a reading by similarity refute its claim? Only when the KG puts its relation in
    question: nothing connects the two ends, the subject has a stated value of the
    object's kind under that single-valued property, and the reading wins among all
    such properties by :data:`CONNECT_MARGIN`."""
    t = reading.triple
    if t.negated or not t.subject_id or not t.object_id or len(t.relation_ids) != 1:
        return False
    if any(w in NEGATIONS for w in normalise(reading.phrase).split()):
        return False
    if connecting(store, t.subject_id, t.object_id):
        return False
    props = rivals(store, t.subject_id, t.object_id)
    if reading.property not in props:
        return False
    if not decisive(reading) and near(store, t.subject_id, t.object_id):
        return False
    model = _embedder(embedder)
    if model is None:
        return False
    cands = [Candidate(p, p, False, "rival") for p in props]
    best = _choose(score(store, cands, [_bare(reading.phrase)], model))
    return best is not None and best.property == reading.property
