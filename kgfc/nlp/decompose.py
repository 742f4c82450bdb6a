"""Dependency-pattern decomposition of a claim into (subject, relation, object) readings.

:func:`decompose` turns a claim into :class:`~kgfc.models.ClaimTriple`
readings plus topic keywords; with a :class:`~kgfc.nlp.alignment.RelationAligner`
each triple gets ranked ``relation_ids``. A triple's ``relation_ids`` always
read ``subject -> object``: when the best alignment reads the property
backwards, the triple is flipped and its relation text becomes the
property's label.

spaCy only sees the first :data:`~kgfc.nlp.spacy_pipeline.MAX_CHARS`
characters of a text (see that module), so a huge input costs no more than a
paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, NamedTuple

from kgfc.kg.properties import RELATED
from kgfc.models import ClaimAnalysis, ClaimTriple, Mention
from kgfc.nlp.alignment import (
    KEEP_SURFACE,
    PARAPHRASES,
    QUANTITY_TYPE,
    SYMMETRIC,
    TIME_TYPE,
    ImplicitWord,
    PhraseWord,
    RelationAligner,
    ValueKind,
    phrase_forms,
)
from kgfc.nlp.mentions import (
    DATE_LABELS,
    NUMBER_LABELS,
    PERSON_LABELS,
    SKIPPED_ENTITY_LABELS,
    mentions_of,
    strip_span,
)
from kgfc.nlp.rewrite import simplified
from kgfc.nlp.spacy_pipeline import parse, parse_many
from kgfc.nlp.text import ARTICLES, AUXILIARIES, NEGATIONS, PREPOSITIONS, STOP_WORDS, normalise
from kgfc.nlp.values import MONTHS, QUALIFIERS, is_value_text, parse_date

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["decompose", "decompose_many", "vague_relation"]

_SUBJ = frozenset({"nsubj", "nsubjpass", "csubj"})
_OBJ = frozenset({"dobj", "obj"})
_NP_DROP = frozenset(
    {"prep", "relcl", "acl", "advcl", "punct", "cc", "conj", "appos", "det", "predet", "case", "neg", "mark"}
)  # fmt: skip
_BARE_DEPS = _SUBJ | {"aux", "auxpass", "neg", "cc", "conj", "punct", "advmod"}
_KEYWORD_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})
_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})s?$")


class _Reading(NamedTuple):
    subject: Span
    relation: Sequence[PhraseWord]
    object: Span
    negated: bool


def decompose(text: str, aligner: RelationAligner | None = None) -> ClaimAnalysis:
    """Decompose a claim into mentions, triples and keywords with dependency rules.

    Handles active and passive verbs with direct or prepositional objects,
    copular claims ("X is the capital of Y", "X is a singer"), possessives
    ("X's wife is Y"), negation, dates and numbers as objects, and
    conjunctions (several subjects, verbs or objects give several triples).
    When no pattern fits, the first two mentions and the text between them
    make the triple. With an ``aligner`` every triple gets ``relation_ids``.
    Empty or blank text gives an empty analysis.
    """
    if not text or not text.strip():
        return ClaimAnalysis(method="rules")
    return _analyse(parse(text), aligner)


def statements(doc: Doc) -> list[str]:
    """The doc's sentences where each is one: spaCy also ends a sentence inside a title ("Mars
    Attacks! stars Sylvia Sidney", "Catch Me If You Can stars ...") or after "Jr."; a break
    counts only after a full stop, between two parts that each have a verb."""
    out: list[str] = []
    start = 0
    sents = list(doc.sents)
    for s, nxt in zip(sents, sents[1:], strict=False):
        left = doc[start : s.end]
        if (
            s[-1].text == "."
            and nxt[0].is_title
            and any(t.pos_ in ("VERB", "AUX") for t in left)
            and any(t.pos_ in ("VERB", "AUX") for t in nxt)
        ):
            out.append(left.text)
            start = s.end
    out.append(doc[start:].text)
    return [x for x in out if x.strip()]


def decompose_many(
    texts: Iterable[str], aligner: RelationAligner | None = None, *, batch_size: int = 64
) -> list[ClaimAnalysis]:
    """:func:`decompose` for many claims, parsed in batches (several times the throughput)."""
    texts = list(texts)
    out = [ClaimAnalysis(method="rules") for _ in texts]
    todo = [i for i, t in enumerate(texts) if t and t.strip()]
    for i, doc in zip(
        todo, parse_many((texts[i] for i in todo), batch_size=batch_size), strict=True
    ):
        out[i] = _analyse(doc, aligner)
    return out


def _analyse(doc: Doc, aligner: RelationAligner | None, plain: bool = False) -> ClaimAnalysis:
    lead = doc.text.lstrip()[:1]
    if lead.islower() and len(lead.upper()) == 1 and lead.upper() != lead:
        # "producer is one of the occupations of Madonna": spaCy reads a sentence that
        # starts in lower case badly; the same words in sentence case (offsets unchanged)
        at = len(doc.text) - len(doc.text.lstrip())
        return _analyse(parse(doc.text[:at] + lead.upper() + doc.text[at + 1 :]), aligner, plain)
    if not plain:
        names = aligner.entity_names() if aligner is not None else None
        unchecked: list[str] = []
        undescribed: list[str] = []
        inner = simplified(
            doc,
            lambda text: names is not None and normalise(text) in names,
            unchecked,
            undescribed,
        )
        if inner is not None:
            # "According to records, the actor S was actually born in O" reads as "S was born in O"
            found = _analyse(parse(inner), aligner, plain=True)
            if unchecked or undescribed:
                return found.model_copy(update={"unchecked": unchecked, "undescribed": undescribed})
            return found
    sents = statements(doc)
    # each sentence read on its own, every fallback included: a sentence no pattern reads
    # vanished when another did ("The film S works in the musical film genre." is two once
    # its description is a statement; the film's genre was never checked)
    parts = tuple(sents) if len(sents) > 1 else _without_relative_clause(doc)
    if parts is not None:
        # "S, who was born in X, died in Y": two claims, each read as a sentence of its own
        # (every rule, the property-label frames too, applies to each), as a conjunction.
        each = [_analyse(parse(part), aligner, plain=len(sents) > 1) for part in parts]
        return ClaimAnalysis(
            mentions=[m for a in each for m in a.mentions],
            triples=_dedupe([t for a in each for t in a.triples]),
            keywords=list(dict.fromkeys(k for a in each for k in a.keywords)),
            method="rules",
        )
    mentions = mentions_of(doc)
    token = _NAMES.set(aligner.entity_names() if aligner is not None else None)
    token_a = _ALIGNER.set(aligner)
    try:
        triples = _triples(doc, aligner)
    finally:
        _NAMES.reset(token)
        _ALIGNER.reset(token_a)
    if not triples:
        fallback = _fallback(doc, mentions, aligner)
        if fallback is not None:
            triples = [fallback]
    return ClaimAnalysis(
        mentions=mentions, triples=triples, keywords=_keywords(doc, mentions), method="rules"
    )


def _triples(doc: Doc, aligner: RelationAligner | None) -> list[ClaimTriple]:
    """Label-pattern readings when a sentence names a property verbatim, else dependency ones."""
    readings: list[_Reading] = []
    valued: list[ClaimTriple] = []
    for sent in doc.sents:
        framed = _framed(sent, aligner) if aligner is not None else []
        if framed:
            readings.extend(framed)
            continue
        by_value = _value_triples(sent, aligner) if aligner is not None else []
        if by_value:
            valued.extend(by_value)
            continue
        for pred in _predicates(sent.root):
            readings.extend(_read_predicate(pred))
    triples = _dedupe(
        valued + [_to_triple(r, aligner) for r in readings if r.subject.text and r.object.text]
    )
    if aligner is not None and not any(t.relation_ids for t in triples):
        # Nothing aligned: read the longest property phrase in the sentence as the relation.
        loose = [
            _to_triple(r, aligner) for sent in doc.sents for r in _around_phrase(sent, aligner)
        ]
        loose = [t for t in loose if t.relation_ids]
        if loose:
            return _dedupe(loose)
    return triples


# -- readings framed by a property's own name -----------------------------------------
#
# Verbalisers and generated claim sets use Wikidata's property labels verbatim:
# "The member of political party of Andy Griffith is Democratic Party.",
# "Sean Lennon's languages spoken, written or signed is English.",
# "English is the languages spoken, written or signed of Sean Lennon." A
# dependency parse of such sentences is noise; the frame around the label is
# not. The longest label or alias in the sentence is the relation, the spans
# it frames are subject and object.

_COPULAS = frozenset({"is", "was", "are", "were"})
# "S's birthplace lies in O": a verb of place that reads as the copula before "in"
_PLACE_VERBS = frozenset({"lies", "lie", "lay", "sits", "sit", "stands", "stand"})
# "The R of S is located in O": the participle says where, the object follows it
_PLACED = frozenset({"located", "situated", "found", "based"})


def _copula(low: list[str], k: int) -> bool:
    """Is ``low[k]`` the copula of a frame: "is", or a verb of place before "in"?"""
    return low[k] in _COPULAS or (
        low[k] in _PLACE_VERBS and k + 1 < len(low) and low[k + 1] in ("in", "within")
    )


_NAMES: ContextVar[Container[str] | None] = ContextVar("kgfc_known_names", default=None)
_ALIGNER: ContextVar[RelationAligner | None] = ContextVar("kgfc_aligner", default=None)


def _words(sent: Span) -> list[Token]:
    """The sentence's word tokens: no punctuation, no possessive marker, no spaces."""
    return [t for t in sent if not (t.is_punct or t.is_space or t.tag_ == "POS")]


def _phrase_spans(ws: list[Token], aligner: RelationAligner) -> list[tuple[int, int]]:
    """Word ranges that are a property label or alias, longest first (then leftmost).

    Matched on the surface words and on their lemmas ("diplomatic relations").
    A phrase of function words only ("of", "in") is never a relation here.
    """
    norm = [normalise(t.text) for t in ws]
    lemmas = [normalise(t.lemma_) or w for t, w in zip(ws, norm, strict=True)]
    found = []
    for i in range(len(ws)):
        for j in range(min(len(ws), i + _MAX_PHRASE), i, -1):
            words = norm[i:j]
            if all(w in STOP_WORDS or w in PREPOSITIONS for w in words):
                continue
            # the last word's lemma too: "diplomatic relations"; alone only for a plural noun
            # a possessive names ("Bill Clinton's occupations"), not a verb ("works" is no
            # "work") nor a noun of the sentence ("one of the actors in O" is no relation)
            if (
                aligner.is_phrase(" ".join(words))
                or (
                    (j - i > 1 or (ws[i].tag_ in ("NNS", "NNPS") and _after_possessive(ws[i])))
                    and aligner.is_phrase(" ".join(norm[i : j - 1] + lemmas[j - 1 : j]))
                )
                or _table_noun_phrase(ws, i, words)
            ):
                found.append((i, j))
    return sorted(found, key=lambda r: (-(r[1] - r[0]), r[0]))


_MAX_PHRASE = 8


def _table_noun_phrase(ws: list[Token], i: int, words: list[str]) -> bool:
    """A noun "of" a noun that the paraphrase table knows and no label does ("city of birth",
    "town of death", "line of work"): framed like a label ("Honolulu is Obama's city of
    birth"; the label "city" alone is another relation). Only that shape: a table phrase
    with a verb ("dwelt in") frames nothing."""
    return (
        len(words) >= 3
        and ws[i].pos_ == "NOUN"
        and "of" in words[1:-1]
        and words[-1] not in STOP_WORDS
        and " ".join(words) in PARAPHRASES
    )


def _after_possessive(token: Token) -> bool:
    """Does ``token`` follow a possessive marker ("Clinton's occupations")?"""
    return token.i > 0 and token.doc[token.i - 1].tag_ == "POS"


def _span(ws: list[Token], i: int, j: int) -> Span | None:
    """The doc span of words ``i..j`` (articles in front dropped), None when empty."""
    while i < j and ws[i].lower_ in ARTICLES:
        i += 1
    if i >= j:
        return None
    return ws[i].doc[ws[i].i : ws[j - 1].i + 1]


def _objects(span: Span | None) -> list[Span]:
    """A framed object, split when it is a list ("A, B and C") and not one known name."""
    if span is None:
        return []
    if (
        _known(span.text)
        or is_value_text(span.text)  # "May 3, 1950", "1,234,567"
        or not any(t.lower_ in ("and", ",") for t in span)
    ):
        return [span]
    parts: list[Span] = []
    start = span.start
    doc = span.doc
    for t in span:
        if t.lower_ in ("and", ",", "or"):
            if t.i > start:
                parts.append(doc[start : t.i])
            start = t.i + 1
    if start < span.end:
        parts.append(doc[start : span.end])
    parts = [strip_span(p) for p in parts]
    return [p for p in parts if len(p)] or [span]


def _framed(sent: Span, aligner: RelationAligner) -> list[_Reading]:
    """Readings of "The R of S is O", "S's R is O", "O is the R of S" and "S has the R O"."""
    ws = _words(sent)
    if len(ws) < 4:
        return []
    low = [t.lower_ for t in ws]
    possessive = {t.i for t in sent if t.tag_ == "POS"}
    tried: list[tuple[int, int]] = []
    for i, j in _phrase_spans(ws, aligner):
        # The longest phrase wins: "capital" inside an unframed "capital of" is no reading.
        if any(a <= i and j <= b for a, b in tried):
            continue
        tried.append((i, j))
        rel = ws[i:j]
        # "The R of S is O" ("The R for S is O", as some generators write it; "The official
        # language in S is O"; "The instrument played by S is O")
        found = _the_r_of(ws, low, i, j, rel)
        if found is not None:
            return found
        # "S's R is O" ("One of S's R is O": one of them)
        if i > 0 and ws[i - 1].i + 1 in possessive and j < len(ws) - 1 and _copula(low, j):
            first = 2 if low[:2] == ["one", "of"] and i > 2 else 0
            return _held_in(_frame(ws, rel, (first, i), j))
        # "O is S's R" ("playwright is Gore Vidal's occupation")
        if j == len(ws) and i > 2 and ws[i - 1].i + 1 in possessive:
            k = next((k for k in range(1, i - 1) if low[k] in _COPULAS), None)
            if k is not None:
                neg = low[k + 1] in NEGATIONS
                start = k + 1 + neg
                if low[start : start + 2] == ["one", "of"]:
                    start += 2  # "lawyer is one of Bill Clinton's occupations"
                elif low[start] == "among":
                    start += 1
                lead = start + (low[start] in ARTICLES)
                if lead + 1 < i and ws[lead].pos_ == "NOUN" and low[lead + 1] == "of":
                    continue  # "O was the place of S's death": the dependency rules read it
                subject = _span(ws, start, i)
                obj = _span(ws, 0, k)
                if subject is not None and obj is not None:
                    return _held_in([_Reading(subject, rel, o, neg) for o in _objects(obj)])
        # "O is the R of S" (a single relational noun, "the wife of", is the
        # dependency rules' case: they know which way it reads)
        if (
            (j - i > 1 or rel[0].pos_ != "NOUN")
            and j < len(ws) - 1
            and low[j] == "of"
            and i >= 2
            and all(w in ARTICLES for w in low[i - 1 : i])
            and low[i - 2] in _COPULAS
        ):
            k = i - 2
            neg = k + 1 < i and low[k + 1] in NEGATIONS
            subject = _span(ws, j + 1, len(ws))
            obj = _span(ws, 0, k)
            if subject is not None and obj is not None:
                return [_Reading(subject, rel, obj, neg)]
        # "S has the R O" ("Bill Cosby has the occupation television actor") and "S has O
        # as (its) R": only when every object is a name or value the KG knows
        reading = _has_the(ws, i, j, rel) or _has_as(ws, i, j, rel)
        if reading:
            return reading
        # "S works in the O genre", "S belongs to the O ethnic group": a trailing
        # relational noun; only when the KG knows O as a name and not "O R" as one
        if j == len(ws):
            trailing = _trailing(sent, ws, i, rel)
            if trailing is not None:
                return [trailing]
    return []


_HAVE = frozenset({"has", "have", "had"})
_DO = frozenset({"does", "do", "did"})


def _the_r_of(
    ws: list[Token], low: list[str], i: int, j: int, rel: list[Token]
) -> list[_Reading] | None:
    """ "The R of S is O" with the relation phrase at ``ws[i:j]``; None when it is not that."""
    if all(w in ARTICLES for w in low[:i]) and j < len(ws) - 1:
        framed = rel
        if j - i > 1 and low[j - 1] == "of" and low[j] not in _OF:
            # a phrase ending in the frame's own "of" ("seat of", "capital of" are labels
            # read the other way): the subject is next, and the relation is the phrase's
            # noun ("The seat of Fueled By Ramen is in O": not a passive's "by"); a label's
            # own "of" has the frame's after it ("The member of of Finland is O")
            at: int | None = j
            framed = rel[:-1]
        else:
            at = (
                j + 1
                if low[j] in _OF or (low[j] == "by" and ws[j - 1].tag_ == "VBN")
                else j + 2
                if ws[j].tag_ == "VBN" and low[j + 1] == "by"
                else None
            )
        k = next((k for k in range(at + 1, len(ws) - 1) if _copula(low, k)), None) if at else None
        if at and k is not None:
            return _held_in(_frame(ws, framed, (at, k), k))
    return None


def _has_the(ws: list[Token], i: int, j: int, rel: list[Token]) -> list[_Reading]:
    """ "S has the R O" / "S does not have an R O": generated claims' label-verbatim form."""
    low = [t.lower_ for t in ws]
    if i < 3 or j >= len(ws) or low[i - 1] not in ARTICLES or low[i - 2] not in _HAVE:
        return []
    if low[j] in PREPOSITIONS:
        return []  # "S has the citizenship of O": another frame's
    # not "S has a record deal with O": the objects must be names or values
    return _have_readings(ws, i - 2, (j, len(ws)), rel)


def _have_readings(
    ws: list[Token], have: int, objects: tuple[int, int], rel: list[Token]
) -> list[_Reading]:
    """The readings of a "has" frame: the subject before ``ws[have]`` ("does not have"
    negates), one per object in ``ws[objects]``; none unless every object is a name or a
    value the KG knows."""
    low = [t.lower_ for t in ws]
    end, neg = have, False
    if end >= 2 and low[end - 1] in NEGATIONS and low[end - 2] in _DO:
        end, neg = end - 2, True
    subject = _span(ws, 0, end)
    found = _objects(_span(ws, *objects))
    if subject is None or not found:
        return []
    if not all(_known(o.text) or is_value_text(o.text) for o in found):
        return []
    return [_Reading(subject, rel, o, neg) for o in found]


_OF = frozenset({"of", "for", "in"})
_AS_DETERMINERS = ARTICLES | {"his", "her", "its", "their"}


def _has_as(ws: list[Token], i: int, j: int, rel: list[Token]) -> list[_Reading]:
    """ "S has O as (its) R" / "S does not have O as R": the label last, its value before "as"."""
    low = [t.lower_ for t in ws]
    if j != len(ws):
        return []
    k = i - 1
    while k > 0 and low[k] in _AS_DETERMINERS:
        k -= 1
    if k < 3 or low[k] != "as":
        return []
    h = next((h for h in range(1, k - 1) if low[h] in _HAVE), None)
    # not "S has a reputation as a singer": the objects must be names or values
    # "O has S as a member": the role is S's, in O ("S is a member of O"), not O's
    return [] if h is None else _held_in(_have_readings(ws, h, (h + 1, k), rel))


def _held_in(readings: list[_Reading]) -> list[_Reading]:
    """Readings whose relation is a role held in the subject ("The member of O is S", "O's
    member is S", "O has S as a member") put the other way: "S member O" ("S is a member of
    O"); others unchanged."""
    return [
        _Reading(r.object, r.relation, r.subject, r.negated)
        if len(r.relation) == 1 and r.relation[0].lemma_.lower() in _ROLES_OF
        else r
        for r in readings
    ]


# Nouns for a role one holds *in* something: "O has S as a member / an employee / a citizen"
# reads "S is a member of O"; other nouns name the subject's own attribute ("S has O as
# its capital", "as a child", "as his place of birth")
_ROLES_OF = frozenset(
    {"member", "employee", "student", "citizen", "resident", "alumnus", "alumna", "graduate",
     "pupil"}
)  # fmt: skip


def _trailing(sent: Span, ws: list[Token], i: int, rel: list[Token]) -> _Reading | None:
    a = next((a for a in range(i - 1, 0, -1) if ws[a].lower_ in ARTICLES), None)
    if a is None:  # "S has United States of America nationality": no article, a "have"
        a = next((a for a in range(i - 1, 0, -1) if ws[a].lemma_ in ("have", "hold")), None)
    if a is None or a + 1 >= i:
        return None
    obj = _span(ws, a + 1, i)
    whole = _span(ws, a + 1, len(ws))
    if obj is None or whole is None or _known(whole.text):
        return None
    # "the classical music genre": the longest phrase ("music genre") took the end of the
    # name; the name the KG knows and a shorter phrase after it are the reading (the longer
    # name when the shorter is known too: "the pop music genre" is "pop music", not "pop")
    longer, rest = _name_then_phrase(ws, a + 1, i, rel)
    if longer is not None:
        obj, rel = longer, rest
    elif not _known(obj.text):
        return None
    elif _known(" ".join(t.text for t in rel)) and _top_alignment(list(obj)) is not None:
        # "S has the occupation voice actor": the relation first, a name after it that is also
        # a property's label ("voice actor"): "S has the R O", not "S ... the O R"
        return None
    subj = next((c for c in sent.root.children if c.dep_ in _SUBJ and _usable(c)), None)
    subject: Span | None
    if subj is not None:
        subject = _np(subj)
    else:
        # a title the parser takes apart ("Some Like It Hot works in ...": "Some" is its
        # subject): the words before the verb, when the KG knows them as one name
        k = next((k for k, t in enumerate(ws) if t.i == sent.root.i), 0)
        subject = _span(ws, 0, k) if k else None
        if subject is None or not _known(subject.text):
            return None
    if subject.end > ws[a].i:
        return None
    return _Reading(subject, _musician(rel), obj, _negated(sent.root))


def _name_then_phrase(
    ws: list[Token], start: int, i: int, rel: list[Token]
) -> tuple[Span | None, list[Token]]:
    """A known name ``ws[start:i]`` extended by the phrase's first words, and the rest of the
    phrase when that is a property label or alias itself; (None, rel) when there is none."""
    aligner = _ALIGNER.get()
    if aligner is None:
        return None, rel
    for k in range(1, len(rel)):
        name = _span(ws, start, i + k)
        rest = rel[k:]
        if (
            name is not None
            and _known(name.text)
            and aligner.is_phrase(" ".join(normalise(t.text) for t in rest))
        ):
            return name, rest
    return None, rel


def _frame(ws: list[Token], rel: list[Token], subject: tuple[int, int], cop: int) -> list[_Reading]:
    """Subject words, the relation and everything after the copula as the object(s)."""
    start = cop + 1
    neg = start < len(ws) and ws[start].lower_ in NEGATIONS
    if neg:
        start += 1
    if start + 1 < len(ws) and ws[start].lower_ in _PLACED and ws[start + 1].lower_ in PREPOSITIONS:
        start += 1  # "is located in O"
    if start + 1 < len(ws) and ws[start].text in ("in", "within"):
        start += 1  # "is in O": the place, not "in O" (a title keeps its capital: "In Utero")
    subj = _span(ws, *subject)
    if subj is None:
        return []
    return [_Reading(subj, rel, o, neg) for o in _objects(_span(ws, start, len(ws)))]


def _around_phrase(sent: Span, aligner: RelationAligner) -> list[_Reading]:
    """ "S <property phrase> O": the longest phrase, the words before and after it."""
    ws = _words(sent)
    for i, j in _phrase_spans(ws, aligner):
        if i == 0 or j >= len(ws):
            continue
        left = i
        while left > 0 and (ws[left - 1].lower_ in AUXILIARIES or ws[left - 1].dep_ == "neg"):
            left -= 1
        right = j
        while right < len(ws) and ws[right].lower_ in PREPOSITIONS | ARTICLES:
            right += 1
        subj = _span(ws, 0, left)
        if subj is None or right >= len(ws):
            continue
        neg = any(t.dep_ == "neg" for t in ws[left:i])
        rel = ws[left:j]
        return [_Reading(subj, rel, o, neg) for o in _objects(_span(ws, right, len(ws)))]
    return []


def _known(text: str) -> bool:
    names = _NAMES.get()
    return names is not None and normalise(text) in names


def _predicates(root: Token) -> list[Token]:
    """The sentence root and the verbs conjoined to it ("born in X and died in Y")."""
    out = [root]
    stack = [root]
    while stack:
        tok = stack.pop()
        for child in tok.children:
            if child.dep_ == "conj" and child.pos_ in ("VERB", "AUX"):
                out.append(child)
                stack.append(child)
    return sorted(out, key=lambda t: t.i)


def _expand_conj(tok: Token) -> list[Token]:
    later = [t for t in tok.conjuncts if t.i > tok.i]
    if later and _coordinated_name(tok) is not None:  # "rhythm and blues" is one genre
        return [tok]
    if not later and (first := _name_before_and(tok)) is not None:
        return [first, tok]
    return [tok, *later]


def _name_before_and(tok: Token) -> Token | None:
    """The root of a name spaCy hung under ``tok``'s own name across an "and".

    "Mary-Kate Olsen and Ashley Olsen are actresses": the parser reads "Mary-Kate Olsen and
    Ashley" as modifiers of the last "Olsen", whose entity is "Ashley Olsen"; the two names
    are two subjects. Only two entities of one kind, "and" between them and nothing else.
    """
    ent = _entity_of(tok)
    if ent is None or tok.i != ent.end - 1 or ent.start < 2:
        return None
    doc = tok.doc
    if doc[ent.start - 1].lower_ != "and":
        return None
    first = _entity_of(doc[ent.start - 2])
    if first is None or first.end != ent.start - 1 or first.label_ != ent.label_:
        return None
    root = first.root
    return root if any(a.i == tok.i for a in root.ancestors) else None


def _coordinated_name(tok: Token) -> Span | None:
    """``tok`` and its conjuncts as one span, when that span is a known name."""
    later = [t for t in tok.conjuncts if t.i > tok.i]
    if not later or _NAMES.get() is None:
        return None
    doc = tok.doc
    start = min(t.i for t in tok.subtree if t.dep_ not in ("det", "predet"))
    end = max(t.i for t in later[-1].subtree) + 1
    span = strip_span(doc[start:end])
    return span if _known(span.text) else None


def _usable(tok: Token) -> bool:
    """Pronouns ("who", "it", "someone") name nothing a KG can look up; one inside a name
    does ("Catch Me If You Can": spaCy's entity "Catch Me")."""
    if tok.tag_ in ("WDT", "WP", "EX"):
        return False
    if tok.lower_.rstrip(".") in ("jr", "sr") and tok.i > 0 and tok.doc[tok.i - 1].text == ",":
        return False  # "Harry Connick, Jr. is": the name's suffix, parsed as a second subject
    if tok.pos_ == "PRON":
        ent = _entity_of(tok)
        return ent is not None and len(ent) > 1 and tok.is_title and ent.start < tok.i
    return True


def _subjects(pred: Token) -> list[Token]:
    subs = [c for c in pred.children if c.dep_ in _SUBJ]
    head = pred
    while not subs and head.dep_ in ("conj", "xcomp") and head.head.i != head.i:
        head = head.head  # "X was born in A and died in B": died shares born's subject
        subs = [c for c in head.children if c.dep_ in _SUBJ]
    return [t for s in subs for t in _expand_conj(s) if _usable(t)]


def _entity_of(tok: Token) -> Span | None:
    if not tok.ent_type_:
        return None
    for ent in tok.doc.ents:
        if ent.start <= tok.i < ent.end:
            return ent
    return None


def _title_tail(tok: Token) -> int | None:
    """End of a capitalised title that spaCy split at a preposition ("A View to a Kill")."""
    if not tok.is_title:
        return None
    ent = _entity_of(tok)
    if ent is not None and ent.label_ in ("PERSON", "GPE", "ORG", "LOC", "NORP", "FAC", "DATE"):
        return None
    end = None
    for prep in tok.rights:
        if prep.dep_ != "prep" or prep.i != (end if end is not None else tok.i + 1):
            break
        words = list(prep.subtree)[1:]
        if (
            not words
            or not any(w.is_title for w in words)
            or not all(w.is_title or w.is_stop or w.like_num for w in words)
        ):
            break
        end = words[-1].i + 1
    return end


def _np(tok: Token) -> Span:
    """A compact noun phrase for ``tok``: its entity if it is in one, else its modifiers."""
    doc = tok.doc
    if tok.lower_ == "music" and tok.pos_ == "NOUN":
        # "S plays funk music": the genre the KG knows ("funk"), when "funk music" is no name
        mods = [
            t.i for c in tok.children if c.dep_ in _NAME_MODS and c.i < tok.i for t in c.subtree
        ]
        if mods and max(mods) == tok.i - 1:
            genre = doc[min(mods) : tok.i]
            if _known(genre.text) and not _known(doc[min(mods) : tok.i + 1].text):
                return strip_span(genre)
    if tok.pos_ == "NOUN":
        # "released the film Soul Food": the name, not the common noun, is the object.
        named = next(
            (c for c in tok.children if c.dep_ == "appos" and (c.ent_type_ or c.pos_ == "PROPN")),
            None,
        )
        if named is not None:
            return _np(named)
        # "born in the city of Los Angeles" where the KG knows "city of Los Angeles" as a
        # name (an alias): the name, not "city" (read as the object, it refuted the claim)
        of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        if of is not None and _pobjs(of):
            span = doc[tok.i : of.right_edge.i + 1]
            if _known(span.text):
                return strip_span(span)
    whole = _coordinated_name(tok)
    if whole is not None:
        return whole
    ent = _entity_of(tok)
    if ent is not None and ent.label_ not in SKIPPED_ENTITY_LABELS:
        start, end = ent.start, ent.end
    else:
        keep = [tok.i]
        stack = [c for c in tok.children if c.dep_ not in _NP_DROP]
        while stack:
            c = stack.pop()
            keep.append(c.i)
            stack.extend(x for x in c.children if x.dep_ not in _NP_DROP)
        start, end = min(keep), max(keep) + 1
    tail = _title_tail(tok)
    if tail is not None:
        end = max(end, tail)
    start, end = _widened(tok, start, end)
    # "American English" is a name of its own, not "English" with a modifier: the longest
    # known name the modifiers in front make with it (spaCy tags "American" apart).
    mods = [t.i for c in tok.children if c.dep_ in _NAME_MODS and c.i < start for t in c.subtree]
    for k in range(min(mods, default=start), start):
        if not doc[k].is_punct and _known(doc[k:end].text):
            return strip_span(doc[k:end])
    return strip_span(doc[start:end])


_NAME_MODS = frozenset({"amod", "compound", "nmod", "nummod"})
# words that join the parts of one name ("Republic *of the* Congo")
_NAME_JOINS = frozenset({"of", "the", "de", "du", "des", "la", "le", "von", "van"})


_HYPHENS = frozenset({"-", "‐", "‑", "–"})


def _widened(tok: Token, start: int, end: int) -> tuple[int, int]:
    """``tok``'s noun phrase ``doc[start:end]`` widened to the whole name the KG knows."""
    doc = tok.doc
    start, end = _hyphenated(doc, start, end)
    # "Harry Connick, Jr.": the suffix after its comma is part of the name the KG knows
    if (
        end + 1 < len(doc)
        and doc[end].text == ","
        and doc[end + 1].lower_.rstrip(".") in ("jr", "sr")
        and _known(doc[start : end + 2].text)
    ):
        end += 2
    # Widen to whole entities the phrase cuts through ("the Fox Broadcasting Company").
    for e in doc.ents:
        if e.start < end and start < e.end and e.label_ not in SKIPPED_ENTITY_LABELS:
            start, end = min(start, e.start), max(end, e.end)
    # spaCy may cut one name into two entities, side by side or joined by "of the" ("Democratic
    # Republic of the" + "Congo", "Democratic Republic" + "of the" + "Congo"): they are one when
    # the KG knows the whole
    for e in doc.ents:
        if e.label_ in SKIPPED_ENTITY_LABELS:
            continue
        after = end <= e.start <= end + 2 and all(
            t.lower_ in _NAME_JOINS for t in doc[end : e.start]
        )
        before = start - 2 <= e.end <= start and all(
            t.lower_ in _NAME_JOINS for t in doc[e.end : start]
        )
        if after and _known(doc[start : e.end].text):
            end = e.end
        elif before and _known(doc[e.start : end].text):
            start = e.start
    # A title that reads as a clause ("Catch Me If You Can", "Who Framed Roger Rabbit"): the
    # parse ends the name early; the words up to the sentence's end are one name the KG knows
    last = tok.sent.end
    while last > end and (doc[last - 1].is_punct or doc[last - 1].is_space):
        last -= 1
    if end < last and doc[start].is_title and _known(doc[start:last].text):
        end = last
    return start, end


def _hyphenated(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """Grow ``start:end`` over names hyphenated without spaces ("Austria-Hungary", "Baden-Baden").

    spaCy tags "Austria" and "Hungary" as two places; the claim names one.
    """
    while (
        start >= 2
        and doc[start - 1].text in _HYPHENS
        and not doc[start - 1].whitespace_
        and not doc[start - 2].whitespace_
        and doc[start - 2].is_alpha
    ):
        start -= 2
    while (
        end + 1 < len(doc)
        and doc[end].text in _HYPHENS
        and not doc[end - 1].whitespace_
        and not doc[end].whitespace_
        and doc[end + 1].is_alpha
    ):
        end += 2
    return start, end


def _relation_tokens(pred: Token, *extra: Token) -> list[Token]:
    # Do-support ("did not play for") carries no meaning beyond the negation.
    toks = [
        c
        for c in pred.children
        if c.dep_ in ("aux", "auxpass") and c.i < pred.i and c.lemma_ != "do"
    ]
    toks.append(pred)
    toks.extend(c for c in pred.children if c.dep_ == "prt")
    # The preposition goes last even when fronted: "In 1986, X got married" -> "got married in".
    core = sorted(toks, key=lambda t: t.i)
    return core + [t for t in extra if t not in core]


def _negated(*toks: Token) -> bool:
    return any(c.dep_ == "neg" for t in toks for c in t.children)


def _has_no(tok: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ == "no" for c in tok.children)


def _pobjs(prep: Token) -> list[Token]:
    return [
        o
        for c in prep.children
        if c.dep_ in ("pobj", "pcomp")
        for o in _expand_conj(c)
        if _usable(o)
    ]


def _read_predicate(pred: Token) -> list[_Reading]:
    subjects = _subjects(pred)
    mutual = _mutual(pred, subjects)
    if mutual:
        return mutual
    if not subjects:
        return []
    neg = _negated(pred)
    children = list(pred.children)
    attr = next((c for c in children if c.dep_ in ("attr", "oprd")), None)
    if attr is None and pred.lemma_ == "be":
        # "The capital of Hawaii is Honolulu" parses the name as acomp.
        attr = next((c for c in children if c.dep_ == "acomp"), None)
    out: list[_Reading] = []
    for subj in subjects:
        if attr is not None:
            out.extend(_copular(pred, subj, attr, neg))
        elif pred.lemma_ == "be" and (where := _where_clause(pred)) is not None:
            # "Edinburgh is where Tony Blair was born"
            out.extend(_where_reading(where, _np(subj), neg))
        else:
            out.extend(_verbal(pred, _np(subj), neg))
    return out


# -- "where" and "when" clauses, relative clauses ----------------------------------------


def relative_clauses(text: str) -> list[str]:
    """ "S, who V X, W Y." -> ["S W Y.", "S V X."]; [] when the claim has no such clause."""
    if not _RELATIVE_START.search(text):
        return []  # no parse for a claim that cannot have one
    parts = _without_relative_clause(parse(text))
    return list(parts) if parts else []


def _without_relative_clause(doc: Doc) -> tuple[str, str] | None:
    """ "S, who V X, W Y." -> ("S W Y.", "S V X."); "S, whose R is X, ..." -> (..., "S's R is X.").

    Only a non-restrictive clause (between commas, or a comma and the end)
    hanging on a name, introduced by who / which / that / whose.
    """
    for tok in doc:
        if tok.dep_ == "relcl" and tok.head.dep_ == "appos" and tok.head.head.pos_ == "PROPN":
            got = _appositive_relative(doc, tok)
            if got is not None:
                return got
        if tok.dep_ == "relcl" and tok.head.dep_ == "attr":
            got = _predicate_relative(doc, tok)
            if got is not None:
                return got
        if tok.dep_ != "relcl" or tok.head.pos_ != "PROPN":
            continue
        clause = list(tok.subtree)
        while len(clause) > 1 and clause[-1].is_punct:  # spaCy may hang the closing comma on it
            clause.pop()
        first, last = clause[0].i, clause[-1].i
        if first == 0 or doc[first - 1].text != "," or doc[first].lower_ not in _RELATIVE_PRONOUNS:
            continue
        after = last + 1
        if after < len(doc) and doc[after].text == ",":
            after += 1
        elif after < len(doc) and not doc[after].is_punct:
            continue
        owner = _np(tok.head)
        words = doc[first + 1 : last + 1].text
        if doc[first].lower_ == "whose":
            aside = f"{owner.text}'s {words}."
        else:
            aside = f"{owner.text} {words}."
        rest = doc[after:].text if after < len(doc) else "."
        main = doc[: first - 1].text + (" " + rest if rest[:1].isalnum() else rest)
        return main, aside
    return None


# a noun these narrow is not said of the subject alone: "the first country that joined"
_NARROWING = frozenset({"first", "last", "only", "sole", "next", "second", "third"})


def _predicate_relative(doc: Doc, tok: Token) -> tuple[str, str] | None:
    """ "S is an African country whose official language is Arabic." -> ("S is an African
    country.", "S's official language is Arabic."): a clause on the noun a name is said to
    be, its pronoun the clause's subject or "whose", is said of the name. Not when the noun
    is narrowed ("the first country that ..."): that is a claim of its own."""
    noun, verb = tok.head, tok.head.head
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if verb.lemma_ != "be" or subject is None or subject.pos_ != "PROPN":
        return None
    if any(c.tag_ == "JJS" or c.lower_ in _NARROWING for c in noun.children):
        return None
    clause = [t for t in tok.subtree if not t.is_punct]
    pronoun = clause[0]
    if pronoun.lower_ not in _RELATIVE_PRONOUNS or pronoun.i <= noun.i:
        return None
    if pronoun.lower_ != "whose" and pronoun.dep_ not in ("nsubj", "nsubjpass"):
        return None  # "an actor whom Hawks directed": the name is no subject of the clause
    owner = _np(subject)
    words = doc[pronoun.i + 1 : clause[-1].i + 1].text
    aside = f"{owner.text}'s {words}." if pronoun.lower_ == "whose" else f"{owner.text} {words}."
    rest = doc[clause[-1].i + 1 :].text.lstrip(" ,")
    main = doc[: pronoun.i].text.rstrip(" ,") + (" " + rest if rest[:1].isalnum() else rest or ".")
    return main, aside


def _appositive_relative(doc: Doc, tok: Token) -> tuple[str, str] | None:
    """ "S, the child star who died in London, left ..." -> ("S left ...", "S died in
    London."): a "who" clause on a noun in apposition to a name, the appositive between
    commas (or a comma and the end)."""
    app = list(tok.head.subtree)
    while len(app) > 1 and app[-1].is_punct:
        app.pop()
    first, last = app[0].i, app[-1].i
    clause = [t for t in tok.subtree if not t.is_punct or t.i < last]
    if first == 0 or doc[first - 1].text != "," or clause[0].lower_ not in _RELATIVE_PRONOUNS:
        return None
    after = last + 1
    if after < len(doc) and doc[after].text == ",":
        after += 1
    elif after < len(doc) and not doc[after].is_punct:
        return None
    owner = _np(tok.head.head)
    words = doc[clause[0].i + 1 : clause[-1].i + 1].text
    aside = f"{owner.text}'s {words}." if clause[0].lower_ == "whose" else f"{owner.text} {words}."
    rest = doc[after:].text if after < len(doc) else "."
    main = doc[: first - 1].text + (" " + rest if rest[:1].isalnum() else rest)
    return main, aside


_WH_ADVERBS = frozenset({"where", "when"})
_RELATIVE_PRONOUNS = frozenset({"who", "which", "that", "whose"})
# ", who ..." or an appositive's ", the child star who ..."
_RELATIVE_START = re.compile(
    r",[^,]*?\b(?:who|which|that|whose)\b|"
    r"\b(?:is|was|are|were)\s+(?:an?|the)\s[^,]*?\b(?:who|which|that|whose)\b",
    re.I,
)
# "where S studied": at a school or an employer, in a place otherwise
_AT_VERBS = frozenset({"study", "educate", "work", "teach", "train", "graduate", "employ"})


def _where_clause(head: Token) -> Token | None:
    """The verb of a "where/when S V" clause attached to ``head`` (advcl or relcl), if any."""
    for c in head.children:
        if (
            c.dep_ in ("advcl", "relcl", "ccomp")
            and c.pos_ in ("VERB", "AUX")
            and any(a.dep_ == "advmod" and a.lower_ in _WH_ADVERBS for a in c.children)
        ):
            return c
    return None


def _where_reading(verb: Token, place: Span, neg: bool) -> list[_Reading]:
    """ "O is where S V" / "O is the place where S V" / "the city where S V is O": (S, V in/at, O)."""
    subjects = [c for c in verb.children if c.dep_ in _SUBJ and _usable(c)]
    if not subjects:
        return []
    prep = "at" if verb.lemma_ in _AT_VERBS else "in"
    rel: list[PhraseWord] = [*_relation_tokens(verb), ImplicitWord(prep, verb.i)]
    neg = neg or _negated(verb)
    return [_Reading(_np(s), rel, place, neg) for s in subjects for s in _expand_conj(s)]


def _copular(pred: Token, subj: Token, attr: Token, neg: bool) -> list[_Reading]:
    """Readings of "S is/becomes ATTR" in its shapes."""
    out: list[_Reading] = []
    neg = neg or _negated(attr)
    where = _where_clause(attr) if attr.pos_ == "NOUN" else None
    if where is not None:  # "Paris is the city where Victor Hugo died"
        return _where_reading(where, _np(subj), neg)
    where = _where_clause(subj) if subj.pos_ == "NOUN" else None
    if where is not None:  # "The city where Tony Blair was born is Edinburgh"
        return [r for a in _expand_conj(attr) for r in _where_reading(where, _np(a), neg)]
    poss = next((c for c in subj.children if c.dep_ == "poss" and _usable(c)), None)
    subj_of = next((c for c in subj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    attr_poss = next((c for c in attr.children if c.dep_ == "poss" and _usable(c)), None)
    attr_preps = [c for c in attr.children if c.dep_ == "prep" and _pobjs(c)]
    if not attr_preps and attr.dep_ == "acomp" and attr.pos_ == "ADJ":
        # "S has been active as O": after a perfect, spaCy hangs "as" on "been", not "active"
        attr_preps = [c for c in pred.children if c.dep_ == "prep" and c.i > attr.i and _pobjs(c)]
    relcl = next(
        (c for c in attr.children if c.dep_ == "relcl" and c.pos_ in ("VERB", "AUX")), None
    )
    verb = [pred] if pred.lemma_ != "be" else []
    if poss is not None:  # "Obama's wife is Michelle"
        for a in _expand_conj(attr):
            out.append(_Reading(_np(poss), verb + _noun_tokens(subj), _np(a), neg))
        out = _held_in(out)  # "Council of Europe's member is Finland"
    elif (
        subj_of is not None and _entity_of(subj) is None and subj.pos_ == "NOUN" and _pobjs(subj_of)
    ):
        # "The capital of Hawaii is Honolulu" / "the author of Hamlet is Shakespeare"
        for owner in _pobjs(subj_of):
            for a in _expand_conj(attr):
                out.append(_Reading(_np(owner), verb + _noun_tokens(subj), _np(a), neg))
        out = _held_in(out)  # "One member of the Council of Europe is Finland"
    elif attr_poss is not None:  # "Michelle is Obama's wife"
        out.append(_Reading(_np(attr_poss), verb + _noun_tokens(attr), _np(subj), neg))
        out = _held_in(out)  # "Finland is the Council of Europe's member"
    elif relcl is not None and attr.pos_ == "NOUN":  # "CBS is the network that aired The Millers"
        out.extend(_verbal(relcl, _np(subj), neg or _negated(relcl)))
    elif (acl := _participle(attr)) is not None:  # "S was a film directed by O"
        out.extend(_verbal(acl, _np(subj), neg or _negated(acl)))
    elif (owned := _owned_noun(attr, attr_preps)) is not None:
        # "Los Angeles was the place of Marvin Gaye's death": S's place of death is O
        out.append(_Reading(_np(owned[0]), verb + owned[1], _np(subj), neg))
    elif attr_preps:  # "Honolulu is the capital of Hawaii"
        prep = attr_preps[0]
        rel = _relation_tokens(pred, *attr.doc[attr.left_edge.i : attr.i + 1], prep)
        for obj in _pobjs(prep):
            out.append(_Reading(_np(subj), rel, _np(obj), neg))
    elif (named := _named_modifier(attr)) is not None:  # "X is an English speaker"
        out.append(_Reading(_np(subj), named[1], named[0], neg))
    else:  # "X is a singer", "X is American", "X is Barack Obama"
        det = [c for c in attr.children if c.dep_ == "det" and c.lower_ in ("a", "an")]
        for a in _expand_conj(attr):
            if _usable(a):
                out.append(_Reading(_np(subj), _relation_tokens(pred, *det), _np(a), neg))
    return out


def _owned_noun(attr: Token, preps: list[Token]) -> tuple[Token, list[Token]] | None:
    """(S, "place of death") for "the place of S's death": a noun "of" another noun that a
    name owns, when the words read together are a relation the table or a label knows."""
    if attr.pos_ != "NOUN" or not preps or preps[0].lower_ != "of":
        return None
    inner = _pobjs(preps[0])[0]
    owner = next((c for c in inner.children if c.dep_ == "poss" and _usable(c)), None)
    if owner is None or inner.pos_ != "NOUN" or not inner.text.islower():
        return None
    rel = [*_noun_tokens(attr), preps[0], *_noun_tokens(inner)]
    return (owner, rel) if _top_alignment(rel) is not None else None


def _noun_tokens(noun: Token) -> list[Token]:
    """A relational noun with its modifiers: "wife", "debut album", "real name"."""
    toks = [
        c
        for c in noun.children
        if c.dep_ in ("compound", "amod", "nmod") and c.i < noun.i and not c.ent_type_
    ]
    return sorted([*toks, noun], key=lambda t: t.i)


def _verbal(pred: Token, subject: Span, neg: bool) -> list[_Reading]:
    children = list(pred.children)
    light = _light_verb(pred, subject, neg)
    if light:
        return light
    dobjs = [o for c in children if c.dep_ in _OBJ for o in _expand_conj(c) if _usable(o)]
    if dobjs:
        rel = _relation_tokens(pred)
        if pred.dep_ == "conj" and {pred.lemma_, pred.head.lemma_} <= _LANGUAGE_VERBS:
            # "S speaks and writes English": one language property (spoken, written or signed);
            # "writes" alone reads as authorship
            rel = _relation_tokens(pred.head)
        longer = _through_noun(rel, dobjs[0])
        if longer is not None:  # "X made a living as a lawyer"
            return [_Reading(subject, longer[0], _np(o), neg) for o in longer[1]]
        # "X has no children", "X won no Oscars"
        return [_Reading(subject, rel, _np(o), neg or _has_no(o)) for o in dobjs]
    preps = [c for c in children if c.dep_ in ("prep", "agent") and _pobjs(c)]
    if not preps:
        # "born January 23 1911": a bare date modifying the verb is its object.
        when = next(
            (
                c
                for c in children
                if c.dep_ in ("npadvmod", "tmod") and _value_kind(_np(c)) == "date"
            ),
            None,
        )
        if when is not None:
            return [_Reading(subject, _relation_tokens(pred), _np(when), neg)]
        # "written and directed by X": a verb with nothing of its own borrows its
        # conjunct's object.
        bare = all(c.dep_ in _BARE_DEPS for c in children)
        conj = next((c for c in children if c.dep_ == "conj" and c.pos_ == "VERB"), None)
        if bare and conj is not None and not any(c.dep_ in _SUBJ for c in conj.children):
            agent = next(
                (c for c in conj.children if c.dep_ in ("agent", "prep") and _pobjs(c)), None
            )
            if agent is not None:
                rel = _relation_tokens(pred, agent)
                return [_Reading(subject, rel, _np(o), neg) for o in _pobjs(agent)]
            # "S speaks and writes English": the object of both
            shared = [
                o for c in conj.children if c.dep_ in _OBJ for o in _expand_conj(c) if _usable(o)
            ]
            if shared:
                return [_Reading(subject, _relation_tokens(pred), _np(o), neg) for o in shared]
        xcomp = next((c for c in children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
        if xcomp is not None:  # "X helped found Y", "X went on to play for Y"
            return [
                _Reading(
                    r.subject, [*_relation_tokens(pred), *r.relation], r.object, r.negated or neg
                )
                for r in _verbal(xcomp, subject, neg)
            ]
        return []
    out: list[_Reading] = []
    first = preps[0]
    longer = _through_noun(_relation_tokens(pred, first), _pobjs(first)[0])
    if longer is not None:  # "X went to school at Y", "X is in the cast of Y"
        return [_Reading(subject, longer[0], _np(o), neg) for o in longer[1]]
    out.extend(_Reading(subject, _relation_tokens(pred, first), _np(o), neg) for o in _pobjs(first))
    # Later prepositions are usually circumstances ("in 2009", "for four years");
    # a point in time is kept when the first object was not one ("born in X in 1961").
    if _value_kind(_np(_pobjs(first)[0])) != "date":
        for p in preps[1:]:
            if p.lower_ in ("in", "on", "at") and _value_kind(_np(_pobjs(p)[0])) == "date":
                out.extend(
                    _Reading(subject, _relation_tokens(pred, p), _np(o), neg) for o in _pobjs(p)
                )
                break
    return out


def _value_kind(span: Span) -> ValueKind:
    """What the object is, judged by its head: "2003 comedy film" is a thing, not a date."""
    if not len(span):
        return "entity"
    if parse_date(span.text) is not None:  # "1950-05-03", "May 3, 1950", "the 1950s"
        return "date"
    if is_value_text(span.text):  # "1.2 million", "185 cm", "about 41,000 km²"
        return "number"
    head = span.root.ent_type_
    if head in DATE_LABELS or (len(span) == 1 and _YEAR.match(span.text)):
        return "date"
    if head in NUMBER_LABELS or all(t.like_num or t.is_punct for t in span):
        return "number"
    return "entity"


# -- a date or a quantity as the object ------------------------------------------------
#
# "X was born on 3 May 1950", "Y has about 1.2 million inhabitants", "X is 1.85 m
# tall", "Y is 520 metres above sea level": the value is a span the value parser
# reads whole (a dependency parse cuts it up: "1.85 m" modifies "tall", "1.2
# million" is a number on "inhabitants"), the subject is the sentence's subject,
# and every other word is the relation, aligned to a property of the value's
# datatype (time or quantity). Only a forward reading: a value is never a subject.

_VALUE_STARTS = frozenset({"the", "~", "in", "on"}) | {m for m in MONTHS}
_MAX_VALUE_TOKENS = 9
_CLAUSE_DEPS = frozenset({"cc", "conj", "relcl", "advcl", "ccomp", "acl", "parataxis"})
_QUALIFIER_STARTS = frozenset(w.split()[0] for w in QUALIFIERS)
_VALUE_ENTS = frozenset({"DATE", "TIME", "CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"})


def _value_span(sent: Span) -> Span | None:
    """The one span of the sentence that reads whole as a date or a quantity, if exactly one does.

    A number inside a name ("Apollo 13", "Boeing 747": next to a proper noun,
    or in a named entity reaching past it) is no value.
    """
    doc = sent.doc
    found: list[Span] = []
    for tok in sent:
        low = tok.lower_.rstrip(".")
        if found and tok.i < found[-1].end:
            continue
        if not (
            tok.like_num
            or low in _VALUE_STARTS
            or low in _QUALIFIER_STARTS
            or tok.text[:1].isdigit()
        ):
            continue
        for end in range(min(sent.end, tok.i + _MAX_VALUE_TOKENS), tok.i, -1):
            span = doc[tok.i : end]
            if span[-1].is_punct:
                continue
            if is_value_text(span.text):
                found.append(span)
                break
    values = [v for v in found if _free_value(v)]
    if len(values) != 1:
        return None
    best = values[0]
    # "in 1950", "on 3 May 1950": the preposition belongs to the relation
    while len(best) > 1 and best[0].lower_ in ("in", "on") and is_value_text(best[1:].text):
        best = best[1:]
    return best


def _free_value(span: Span) -> bool:
    doc = span.doc
    for ent in doc.ents:
        if ent.label_ in _VALUE_ENTS or not (ent.start < span.end and span.start < ent.end):
            continue
        if ent.start < span.start or ent.end > span.end:
            return False
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    for t in (before, after):
        if t is not None and t.pos_ == "PROPN" and t.lower_ not in MONTHS and t.is_title:
            return False
    return not _known(span.text)


def _of_owner(noun: Token) -> Token | None:
    """In "the R of S" (R a common noun, S after the last "of"), S's head token."""
    if noun.pos_ != "NOUN":
        return None
    inner = noun
    for _ in range(3):  # "the number of inhabitants of S"
        of = next((c for c in inner.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        objs = _pobjs(of) if of is not None else []
        if not objs:
            break
        inner = objs[0]
    return inner if inner is not noun and inner.pos_ == "PROPN" else None


def _known_prefix(sent: Span, stop: int) -> Span | None:
    """The longest run of words from the sentence start (before ``stop``) the KG knows as a name."""
    doc = sent.doc
    for k in range(stop, sent.start, -1):
        whole = doc[sent.start : k]  # "The Grey Harbour" may be the name, article and all
        for span in (whole, strip_span(whole)):
            if len(span) and not span[-1].is_punct and _known(span.text):
                return span
    return None


def _value_triples(sent: Span, aligner: RelationAligner) -> list[ClaimTriple]:
    value = _value_span(sent)
    if value is None:
        return []
    kind: ValueKind = "date" if parse_date(value.text) is not None else "number"
    found = _value_subject(sent, value)
    if found is None:
        return []
    subject, of_owner = found
    if subject.start < value.end and value.start < subject.end:
        return []
    skip = set(range(subject.start, subject.end)) | set(range(value.start, value.end))
    rel = [
        t
        for t in sent
        if t.i not in skip
        and not t.is_punct
        and t.tag_ != "POS"
        and not (t.dep_ in ("det", "predet") and t.i < value.start and t.head.i in skip)
    ]
    if of_owner is not None:  # the noun phrase before "of S": "number of inhabitants"
        last_of = max((t.i for t in sent if t.lower_ == "of" and t.i < of_owner.i), default=0)
        rel = [t for t in rel if t.i < last_of and t.dep_ not in ("det", "predet")]
    if not rel or any(
        t.like_num
        or t.pos_ == "PROPN"
        or (t.ent_type_ and t.ent_type_ not in _VALUE_ENTS)
        or (t.dep_ in _CLAUSE_DEPS and t.pos_ != "ADJ")  # "stands 1.80 m tall" is one clause
        for t in rel
    ):
        # a second number, a name ("born on 9 August 1943 in London") or a second clause
        # ("born January 23 1911 and died in prison"): the dependency rules read those
        return []
    neg = any(t.dep_ == "neg" or t.lower_ in NEGATIONS for t in rel)
    words, lemmas = phrase_forms(t for t in rel)
    person = bool({t.ent_type_ for t in subject} & PERSON_LABELS)
    ranked = aligner.align_forms(words, lemmas, value_kind=kind, subject_is_person=person, limit=10)
    wanted = TIME_TYPE if kind == "date" else QUANTITY_TYPE
    fitting = [
        a
        for a in ranked
        if not a.inverse and a.score >= 0.5 and aligner.datatype(a.property) == wanted
    ]
    if not fitting:
        return []
    ids = list(dict.fromkeys(a.property for a in fitting))[:5]
    relation = " ".join(t.text for t in rel if t.dep_ != "neg" and t.lower_ not in NEGATIONS)
    return [
        ClaimTriple(
            subject=subject.text,
            relation=relation,
            object=value.text,
            relation_ids=ids,
            negated=neg,
        )
    ]


def _value_subject(sent: Span, value: Span) -> tuple[Span, Token | None] | None:
    """What ``value`` is said of, and the "of" phrase's owner that names it ("The founding
    year of X"); None when the sentence has no such subject apart from the value."""
    subj = next((c for c in sent.root.children if c.dep_ in _SUBJ and _usable(c)), None)
    known = _known_prefix(sent, min(value.start, sent.root.i))
    owner = of_owner = None
    if subj is None:
        if known is None:
            return None
        subject = known  # a name the parser did not see as the subject ("Nelly" as an adverb)
    else:
        if value.start <= subj.i < value.end:
            return None
        owner = next((c for c in subj.children if c.dep_ == "poss" and _usable(c)), None)
        of_owner = _of_owner(subj) if owner is None else None
        if of_owner is not None:
            # "The founding year of X is 1782", "The number of inhabitants of X is N": the
            # relational noun phrase is the relation, the last "of" names the subject
            owner = subj = of_owner
        subject = _np(owner) if owner is not None else _np(subj)
        # "Washington, D.C.": a proper-noun apposition right after the name is part of it
        appos = [
            c for c in subj.children if c.dep_ == "appos" and c.pos_ == "PROPN" and c.i > subj.i
        ]
        if (
            owner is None
            and appos
            and all(
                t.is_punct or t.i in {x.i for x in appos[0].subtree}
                for t in sent.doc[subject.end : appos[0].right_edge.i + 1]
            )
        ):
            subject = sent.doc[subject.start : appos[0].right_edge.i + 1]
        if owner is None and known is not None and known.start <= subj.i < known.end:
            subject = known  # "Sherlock Holmes: A Game of Shadows", "I, Robot": the whole title
    return subject, of_owner


# After an exact label or alias, other candidates must score this high to stay: the
# paraphrase table's near-exact readings ("member of": member of political party, 0.98;
# member of sports team, 0.885) stay, partial label matches (0.78 and below) go.
EXACT_FLOOR = 0.85


# "S is associated with / connected to / linked to / related to / tied to O": no property,
# some stated relation between the two (kgfc.kg.properties.RELATED); the rewrites bring "S has
# ties to O" and "S has nothing to do with O" to this form
_VAGUE = re.compile(
    r"^(?:(?:is|are|was|were|be|been|being|also|closely|strongly|directly|somehow|in\s+any\s+way"
    r"|mostly|mainly|chiefly|primarily|best|often|widely|commonly|usually|frequently|not|never)\s+)*"
    r"(?:associated|connected|linked|related|tied)\s+(?:with|to)$",
    re.I,
)


def _vague_words(relation: str) -> str:
    """ "related to" (between people: kin) or "associated with" (any other wording)."""
    return "related to" if re.search(r"\brelated\b", relation, re.I) else "associated with"


def _plural_copula(r: _Reading) -> bool:
    """ "are / were" and a plural common noun: "Tom Hanks and Meg Ryan are actors"."""
    return (
        [t.lower_ for t in r.relation] in (["are"], ["were"])
        and len(r.object) > 0
        and r.object[-1].tag_ == "NNS"
        and r.object[0].pos_ in ("NOUN", "ADJ")
    )


def vague_relation(relation: str) -> bool:
    """Do the words name some relation and no property ("is associated with", "connected to")?"""
    return _VAGUE.match(" ".join(relation.split())) is not None


def _to_triple(r: _Reading, aligner: RelationAligner | None) -> ClaimTriple:
    subject, obj = r.subject.text, r.object.text
    relation = " ".join(t.text for t in r.relation if t.dep_ != "neg")
    ids: list[str] = []
    score = None
    if vague_relation(relation):
        return ClaimTriple(
            subject=subject, relation=_vague_words(relation), object=obj, relation_ids=[RELATED],
            negated=r.negated, relation_score=1.0,
        )  # fmt: skip
    plural = _plural_copula(r)
    if plural:
        # "A and B are actors": each is an actor (the KG's names are singular)
        obj = r.object[:-1].text_with_ws + r.object[-1].lemma_
        relation = f"{relation} a"
    if aligner is not None:
        words, lemmas = phrase_forms(t for t in r.relation)
        if plural:
            words, lemmas = [*words, "a"], [*lemmas, "a"]  # read as "is a"
        person = bool({t.ent_type_ for t in r.subject} & PERSON_LABELS)
        ranked = aligner.align_forms(
            words, lemmas, value_kind=_value_kind(r.object), subject_is_person=person, limit=10
        )
        # Candidates far below the best are noise (mostly fuzzy near-misses); when the words
        # are a property's own label or alias, so are the partial matches: "official
        # language" is not "languages spoken" (0.78), which mined rules may predict.
        floor = EXACT_FLOOR if ranked and ranked[0].score >= 1.0 else 0.0
        ranked = (
            [a for a in ranked if a.score >= max(0.5, ranked[0].score - 0.25, floor)]
            if ranked
            else []
        )
        if ranked:
            forward = [a for a in ranked if not a.inverse]
            backward = [a for a in ranked if a.inverse]
            if backward and (not forward or backward[0].score > forward[0].score):
                # Read the property forwards: the object becomes the subject.
                subject, obj = obj, subject
                relation = aligner.label(backward[0].property) or relation
                forward = backward
            ids = list(dict.fromkeys(a.property for a in forward))[:5]
            score = forward[0].score
    return ClaimTriple(
        subject=subject, relation=relation, object=obj, relation_ids=ids, negated=r.negated,
        relation_score=score,
    )  # fmt: skip


def _dedupe(triples: list[ClaimTriple]) -> list[ClaimTriple]:
    seen: set[tuple[str, str, str, bool]] = set()
    out = []
    for t in triples:
        key = (t.subject.casefold(), t.relation.casefold(), t.object.casefold(), t.negated)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _fallback(
    doc: Doc, mentions: list[Mention], aligner: RelationAligner | None
) -> ClaimTriple | None:
    """The first two mentions and the words between them, when no pattern matched."""
    # A leading date ("In 1971 ...") is a circumstance, not the subject.
    things = [m for m in mentions if m.label not in DATE_LABELS]
    if not things:
        return None
    first = things[0]
    second = next((m for m in mentions if m.start >= first.end), None)
    if second is None:
        return None
    between = [
        t for t in doc if first.end <= t.idx and t.idx + len(t) <= second.start and not t.is_punct
    ]
    negated = any(t.dep_ == "neg" or t.lower_ in ("not", "never", "n't") for t in between)
    relation = " ".join(
        t.text for t in between if t.dep_ != "neg" and t.lower_ not in ("not", "never", "n't")
    )
    ids: list[str] = []
    if vague_relation(relation):
        return ClaimTriple(
            subject=first.text, relation=_vague_words(relation), object=second.text,
            relation_ids=[RELATED], negated=negated, relation_score=1.0,
        )  # fmt: skip
    # "Augustine of Hippo adheres to ...", misparsed: "of" between two mentions is no relation
    # ("from" is one: the paraphrase table says so)
    worded = any(normalise(t.text) not in STOP_WORDS | PREPOSITIONS for t in between) or (
        " ".join(normalise(t.text) for t in between) in PARAPHRASES
    )
    if aligner is not None and between and worded:
        words, lemmas = phrase_forms(between)
        kind: ValueKind = "date" if second.label in DATE_LABELS else "entity"
        ids = [
            a.property
            for a in aligner.align_forms(words, lemmas, value_kind=kind)
            if not a.inverse and a.score >= 0.5
        ]
    return ClaimTriple(
        subject=first.text, relation=relation, object=second.text, relation_ids=ids, negated=negated
    )


def _keywords(doc: Doc, mentions: list[Mention]) -> list[str]:
    out: dict[str, str] = {}
    for t in doc:
        if (
            t.pos_ not in _KEYWORD_POS
            or t.is_stop
            or t.is_punct
            or not any(ch.isalnum() for ch in t.text)
        ):
            continue
        if t.pos_ == "PROPN" or t.ent_type_ or t.lower_ in KEEP_SURFACE:
            word = t.text
        else:
            word = t.lemma_.lower()
        out.setdefault(word.casefold(), word)
    for m in mentions:
        out.setdefault(m.text.casefold(), m.text)
    return list(out.values())


# -- light verbs, pairs and named modifiers -----------------------------------------------
#
# "S holds citizenship of O", "S maintains diplomatic relations with O", "S had a
# career as O", "S drew inspiration from O": the verb says little, the noun and its
# preposition are the relation. "S and O have diplomatic relations", "S and O are
# siblings", "Diplomatic relations exist between S and O": a symmetric relation
# names both ends as a pair. "S is an English speaker", "S is a guitar player": the
# object is the name modifying a relational noun. Each reading is taken only when
# its relation words align to a property (a symmetric one for pairs), so other
# sentences of these shapes read as before.

_LIGHT_VERBS = frozenset(
    {"have", "hold", "maintain", "establish", "keep", "enjoy", "draw", "take", "pursue",
     "build", "forge", "develop", "share", "gain", "obtain", "acquire", "release", "find"}
)  # fmt: skip
_ALIGNED = 0.85  # a table entry or a label, not a fuzzy near-miss


def _top_alignment(tokens: Sequence[PhraseWord], *, backwards: bool = False) -> str | None:
    """The property the relation words align to with a table or label score, if any.

    A reading backwards ("O had a role in S" is S cast member O) counts only if
    ``backwards``: the triple is turned round later, where that is known.
    """
    aligner = _ALIGNER.get()
    if aligner is None:
        return None
    words, lemmas = phrase_forms(tokens)
    ranked = aligner.align_forms(words, lemmas, value_kind="entity", limit=1)
    if not ranked or ranked[0].score < _ALIGNED or (ranked[0].inverse and not backwards):
        return None
    return ranked[0].property


def _light_verb(pred: Token, subject: Span, neg: bool) -> list[_Reading]:
    if pred.lemma_ not in _LIGHT_VERBS:
        return []
    noun = next((c for c in pred.children if c.dep_ in _OBJ), None)
    if noun is None or noun.pos_ != "NOUN" or noun.ent_type_:
        return []
    prep = next((c for c in noun.children if c.dep_ == "prep" and _pobjs(c)), None)
    if prep is None:
        prep = next(
            (c for c in pred.children if c.dep_ == "prep" and c.i > noun.i and _pobjs(c)), None
        )
    if prep is None:
        return []
    rel = [*_noun_tokens(noun), prep]
    if _top_alignment(rel, backwards=True) is None:
        return []
    return [_Reading(subject, rel, _np(o), neg or _has_no(noun)) for o in _pobjs(prep)]


def _mutual(pred: Token, subjects: list[Token]) -> list[_Reading]:
    """ "S and O have diplomatic relations", "Diplomatic relations exist between S and O"."""
    pair: list[Token] = []
    rel: list[Token] = []
    children = list(pred.children)
    if not subjects:  # "S and O were married": the parser may hang the subject on "were"
        aux = [c for c in children if c.dep_ in ("aux", "auxpass")]
        subjects = [t for a in aux for c in a.children if c.dep_ in _SUBJ for t in _expand_conj(c)]
    if len(subjects) == 2:
        pair = subjects
        noun = next((c for c in children if c.dep_ in (*_OBJ, "attr") and c.pos_ == "NOUN"), None)
        if noun is not None and (pred.lemma_ in _LIGHT_VERBS or pred.lemma_ == "be"):
            if any(c.dep_ == "prep" for c in noun.children):
                return []
            rel = _noun_tokens(noun)
        elif noun is None and pred.pos_ == "VERB" and not any(c.dep_ == "prep" for c in children):
            rel = _relation_tokens(pred)  # "S and O were married"
    else:
        subj = next((c for c in children if c.dep_ in _SUBJ and c.pos_ == "NOUN"), None)
        between = next(
            (c for c in children if c.dep_ == "prep" and c.lower_ in ("between", "among")), None
        )
        if subj is not None and between is not None:
            pair = _pobjs(between)
            rel = _noun_tokens(subj)
    if len(pair) != 2 or not rel or _top_alignment(rel) not in SYMMETRIC:
        return []
    return [_Reading(_np(pair[0]), rel, _np(pair[1]), _negated(pred))]


def _through_noun(rel: list[Token], noun: Token) -> tuple[list[Token], list[Token]] | None:
    """A relation phrase that runs on through a common noun and its preposition: "went to
    *school at* Y", "made *a living as* a lawyer", "is in *the cast of* Y" — the table or a
    property label knows the longer phrase. The noun is a lower-case common noun (the KG may
    have "school" as an entity too: the longer phrase is the more specific reading)."""
    if noun.pos_ != "NOUN" or not noun.text.islower():
        return None
    # the preposition right after the noun, whether spaCy hangs it on the noun or on the verb
    prep = next((c for c in noun.children if c.dep_ == "prep" and c.i > noun.i), None)
    if prep is None:
        end = noun.right_edge.i + 1
        prep = noun.doc[end] if end < len(noun.doc) else None
    heads = (noun, noun.head, noun.head.head)  # "went to school at": on the verb
    if prep is None or prep.dep_ != "prep" or prep.head not in heads or not _pobjs(prep):
        return None
    longer = [*rel, noun, prep]
    if _top_alignment(longer, backwards=True) is not None:
        return longer, _pobjs(prep)
    # "S studied law at O", "S taught physics at O": a bare field of study or work between the
    # verb and its preposition, when the verb and preposition alone are a relation
    bare = not any(c.dep_ in ("det", "poss", "nummod", "amod") for c in noun.children)
    study = any(t.lemma_ in _STUDY_VERBS for t in rel)
    if study and bare and noun.tag_ == "NN" and _top_alignment([*rel, prep]) is not None:
        return [*rel, prep], _pobjs(prep)
    # "S served as director of O", "S acted as chairperson of O": a role named by the noun, of
    # O ("director of" read backwards); read as "served as director" alone, the occupation
    # "film director" SUPPORTED it whatever O was
    role = [*_noun_tokens(noun), prep]
    if (
        rel[-1].lower_ == "as"
        and any(t.lemma_ in _ROLE_VERBS for t in rel)  # "has served as": after its auxiliary
        and _top_alignment(role, backwards=True) is not None
    ):
        return role, _pobjs(prep)
    return None


# verbs of a language's use (P1412: "languages spoken, written or signed")
_LANGUAGE_VERBS = frozenset({"speak", "write", "read", "sign", "understand"})

# verbs of study and teaching that take a field before their place ("studied law at O")
_STUDY_VERBS = frozenset({"study", "teach", "read", "lecture", "research", "train"})

# verbs that take a role after "as" ("served as director of O")
_ROLE_VERBS = frozenset({"serve", "act", "work", "function", "officiate", "credit"})


def _participle(noun: Token) -> Token | None:
    """The participle describing a common noun with an agent or object: "a film *directed by* O",
    "a film *starring* O" (read as "S is a film" alone, it was SUPPORTED whoever starred)."""
    if noun.pos_ != "NOUN":
        return None
    return next(
        (
            c
            for c in noun.children
            if c.dep_ == "acl"
            and c.pos_ == "VERB"
            and any(
                (g.dep_ in ("agent", "prep") and _pobjs(g)) or g.dep_ in _OBJ for g in c.children
            )
        ),
        None,
    )


def _named_modifier(noun: Token) -> tuple[Span, Sequence[PhraseWord]] | None:
    """In "an English speaker", "a bass guitar player", "a Parlophone recording artist", "a
    Harvard University professor": the known name before a relational noun (with the
    modifiers after the name: "recording artist"), and that noun."""
    if noun.pos_ != "NOUN":
        return None
    mods = [c for c in noun.children if c.dep_ in ("compound", "amod", "nmod") and c.i < noun.i]
    if not mods:
        return None
    doc = noun.doc
    start = min(t.i for m in mods for t in m.subtree)
    if _known(doc[start : noun.i + 1].text):
        return None  # "a Dutch East India Company ship" is one name
    for k in range(noun.i, start, -1):  # the longest name first
        if _known(doc[start:k].text):
            rel = _musician(list(doc[k : noun.i + 1]))
            return (doc[start:k], rel) if _top_alignment(rel) is not None else None
    return None


def _musician(rel: Sequence[PhraseWord]) -> Sequence[PhraseWord]:
    """ "a pop rock singer", "a Motown performer": what names a musician is a genre, a label or
    a movement (never "performer" of a work, P175's label): read as "musician"."""
    if len(rel) == 1 and rel[0].lemma_.lower() in _PERFORMERS:
        return [ImplicitWord("musician", rel[0].i)]
    return rel


# Nouns for a musician that a genre or a label may name ("a jazz singer", "a Motown act").
_PERFORMERS = frozenset(
    {"performer", "singer", "vocalist", "band", "group", "rapper", "guitarist", "pianist",
     "drummer", "bassist", "songwriter", "singer-songwriter", "duo", "trio", "saxophonist",
     "trumpeter", "violinist", "cellist", "dj", "crooner", "frontman", "frontwoman"}
)  # fmt: skip
