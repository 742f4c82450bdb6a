"""Words of a claim that qualify its statement and that no reading checks: a time or a role.

"Mickey Rourke appeared in The Expendables in 2005" says when; "Melancholia
stars Kiefer Sutherland as Darth Vader" says in which role; "Tony Blair was
born and raised in Edinburgh" says more than where he was born. The reading
is the statement without them ("The Expendables cast member Mickey Rourke"),
and a KG that states that fact has not checked the rest: the claim as a whole
is not supported (Rourke appeared in it in 2010; Blair grew up in Durham).

:func:`unread` lists such words: time expressions (spaCy's DATE and TIME
entities, widened to their preposition and range: "from 1990 to 2000", "since
the 1990s", "for decades", "at the age of 58"; and a few undated ones: "since
childhood", "early in their career") and "as"-phrases beside an object ("stars
S as X", "starred as X in O", "born in O as the son of ..."), each unless a
reading's subject or object holds it ("Tony Blair was born on 6 May 1953" reads
the date; "S worked as an actor" reads the role). :mod:`kgfc.pipeline.stages`
turns a SUPPORTED local verdict with such words into NOT ENOUGH INFO and says
which part the KG supports. "(as of 2020)" is when the claim was true, not a
qualifier of the fact, and is left alone.

Hand-written over the parse: spaCy finds the dates and the attachments; which
of them a reading has used is this project's own question.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.nlp.text import LAST_DAYS, STOP_WORDS, normalise

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from kgfc.models import ClaimTriple

__all__ = ["unread"]

_TIME_PREPS = frozenset(
    ("in", "on", "at", "since", "from", "during", "until", "till", "by", "before", "after")
    + ("between", "for", "around", "circa", "throughout", "within")
)
# "from 1990 to 2000": spaCy tags only "1990" as the date
_RANGE_END = re.compile(r"^\s*(?:to|until|till|through|and|-|–|—)\s*(?:the\s+)?\d{2,4}s?\b", re.I)
_POSSESSIVE = r"(?:his|her|their|its|my|our|your)"
_UNDATED = re.compile(
    rf"\b(?:since\s+(?:birth|childhood|infancy|boyhood|girlhood|{_POSSESSIVE}\s+(?:youth|"
    rf"childhood|teens|early\s+years|debut))|(?:early|late|later)\s+in\s+(?:life|{_POSSESSIVE}\s+"
    rf"(?:life|career))|in\s+{_POSSESSIVE}\s+(?:youth|childhood|teens|twenties|thirties|forties|"
    rf"fifties|sixties|old\s+age|later\s+years|early\s+years)|as\s+a\s+(?:child|teenager|teen|"
    rf"boy|girl|youth|young\s+(?:man|woman))|until\s+{_POSSESSIVE}\s+death|for\s+(?:many|several|"
    rf"a\s+few|a\s+number\s+of|\d+)\s+years|for\s+(?:decades|years|a\s+long\s+time)|at\s+the\s+"
    rf"age\s+of\s+\w+)\b",
    re.I,
)
_LAST_DAYS = re.compile(LAST_DAYS)
_P20 = V.WDT + "P20"  # place of death
_AS_OF = re.compile(r"\bas\s+of\s*$", re.I)
# the KG says what holds now: "Rome is the capital of Italy today" asks nothing more of it
_NOW = frozenset(("today", "now", "currently", "nowadays", "presently", "at present", "these days"))


def _said(text: str) -> str:
    return " ".join(text.split()).strip(" ,.;:()")


def _time_phrase(doc: Doc, ent: Span) -> tuple[int, int]:
    """Character span of a date entity with its preposition and the end of its range."""
    start, end = ent.start_char, ent.end_char
    root = ent.root
    prep = root.head if root.dep_ == "pobj" else None
    if prep is not None and prep.dep_ == "prep" and prep.lower_ in _TIME_PREPS:
        start = min(start, prep.idx)
    elif ent.start > 0 and doc[ent.start - 1].lower_ in _TIME_PREPS:
        start = doc[ent.start - 1].idx
    m = _RANGE_END.match(doc.text[end:])
    if m:
        end += m.end()
    return start, end


# the words that make a time expression a time; "first" alone is none
_TIME_WORD = re.compile(
    r"\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|spring|summer|autumn|fall|winter|year|years|decade|decades|century|centuries|"
    r"day|days|week|weeks|month|months|morning|evening|night|yesterday|tomorrow|era|age|ago|"
    r"hour|hours|minute|minutes|season|seasons|moments|weekend)\b",
    re.I,
)


def _outside_names(doc: Doc, ent: Span, triples: Sequence[ClaimTriple]) -> Span | None:
    """The date entity without the words of a name the reading holds, or None when what is
    left is no time: spaCy's DATE "Summer first" in "Cree Summer first saw the light of day
    in O" runs into the name "Cree Summer"."""
    text = doc.text.lower()
    inside: set[int] = set()
    for t in triples:
        for side in (t.subject, t.object):
            side = (side or "").strip().lower()
            at = text.find(side) if len(side) > 2 else -1
            while at >= 0:
                inside |= {k.i for k in doc if at <= k.idx < at + len(side)}
                at = text.find(side, at + len(side))
    kept = [k for k in ent if k.i not in inside]
    if len(kept) == len(ent):
        return ent
    if not kept or not _TIME_WORD.search(" ".join(k.text for k in kept)):
        return None
    return doc[kept[0].i : kept[-1].i + 1]


def _held(phrase: str, triples: Sequence[ClaimTriple], *, role: bool = False) -> bool:
    """Whether a reading's subject or object holds the phrase's words, or the phrase holds its.

    By content words: the reading may name the object by its KG label ("as a producer"
    read as "record producer"), and spaCy may take a word of a name for a date
    ("January Jones", "Night at the Museum"). A ``role`` ("as Forrest") is held only
    as the side's head: "Forrest Gump" does not hold it."""
    p = normalise(phrase)
    mine = _content(p)
    if not mine:
        return True
    for t in triples:
        for side in (t.subject, t.object):
            s = normalise(side or "")
            theirs = _content(s)
            words = s.split()
            # all of the side in the phrase, or the phrase the side's head ("a producer",
            # "record producer"), not its first word ("as Forrest", "Forrest Gump")
            inside = mine <= set(words) and (not role or words[-1] in mine)
            if theirs and (theirs <= set(p.split()) or inside):
                return True
            if s and _shares_number(p, s):
                return True
    return False


def _content(text: str) -> set[str]:
    return {w for w in text.split() if w not in STOP_WORDS and w not in _TIME_PREPS}


def _shares_number(a: str, b: str) -> bool:
    """ "in the 70's" and "the 1970s": the same decade written two ways."""
    na, nb = re.findall(r"\d+", a), re.findall(r"\d+", b)
    return any(x.endswith(y) or y.endswith(x) for x in na for y in nb)


def _has_other_object(verb: Token, prep: Token, dated: set[int]) -> bool:
    """Whether the verb has an object besides the "as"-phrase (not a time expression).

    A verb spaCy took for a noun ("Forrest Gump stars Tom Hanks as Forrest": "stars"
    the root noun, "Tom Hanks" its apposition) has its object as an apposition."""
    for c in verb.children:
        if c is prep or c.i in dated:
            continue
        if c.dep_ in ("dobj", "attr", "dative", "oprd") or (
            c.dep_ == "appos" and verb.dep_ == "ROOT" and c.i < prep.i
        ):
            return True
        if (
            c.dep_ == "prep"
            and c.lower_ not in ("as", "of")
            and any(g.dep_ == "pobj" for g in c.children)
        ):
            return True
    return False


# adjectives that weigh a relation's noun and say nothing the KG could check ("S cites O as
# an important influence" is "S cites O as an influence")
_WEIGHT = frozenset(
    {"important", "major", "key", "significant", "strong", "big", "great", "huge", "main",
     "primary", "chief", "profound", "lasting", "deep", "enormous", "tremendous",
     "considerable", "notable", "crucial", "central", "vital"}
)  # fmt: skip


def unread(
    doc: Doc,
    triples: Sequence[ClaimTriple],
    names_relation: Callable[[str, ClaimTriple], bool] | None = None,
) -> list[str]:
    """The claim's time and role qualifiers that none of ``triples`` reads, as written.

    ``names_relation(words, triple)``: whether the words after an "as" name the
    triple's relation ("S has O as his place of birth", "S cites O as an
    influence"), which makes them the reading's, not a role."""
    spans: list[tuple[int, int]] = []
    roles: set[tuple[int, int]] = set()
    dated: set[int] = set()  # tokens of the time phrases (a verb's time is no object of it)
    for ent in doc.ents:
        if ent.label_ not in ("DATE", "TIME") or normalise(ent.text) in _NOW:
            continue
        if _LAST_DAYS.fullmatch(normalise(ent.text)) and (
            any(t.lemma_ == "die" for t in doc) or any(_P20 in t.relation_ids for t in triples)
        ):
            continue  # "S spent their last days in O (and died there)": a place of death
        time = _outside_names(doc, ent, triples)
        if time is None:
            continue
        start, end = _time_phrase(doc, time)
        if _AS_OF.search(doc.text[:start]):
            continue
        spans.append((start, end))
        dated.update(t.i for t in doc if start <= t.idx < end)
    for m in _UNDATED.finditer(doc.text):
        spans.append(m.span())
        dated.update(t.i for t in doc if m.start() <= t.idx < m.end())
    for tok in doc:
        if tok.lower_ != "as" or tok.dep_ != "prep" or tok.i in dated:
            continue
        nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        if nxt is None or nxt.lower_ in ("of", "well", "much", "many", "long", "soon"):
            continue
        head = tok.head
        beside_object = head.pos_ in ("NOUN", "PROPN") and head.dep_ in ("dobj", "pobj", "attr")
        verb = head.pos_ == "VERB" or head.dep_ == "ROOT"
        if beside_object or (verb and _has_other_object(head, tok, dated)):
            sub = list(tok.subtree)
            words = " ".join(t.text for t in sub[1:] if t.dep_ not in ("det", "poss"))
            # "as an important influence": the noun names the relation, whatever its weight
            # (an adjective of time or manner, "as a young actor", still qualifies it)
            noun = " ".join(
                t.text for t in sub[1:] if t.dep_ not in ("det", "poss") and t.lower_ not in _WEIGHT
            )
            if names_relation is not None and any(
                names_relation(w, t) for w in {words, noun} for t in triples
            ):
                continue
            spans.append((sub[0].idx, sub[-1].idx + len(sub[-1].text)))
            roles.add(spans[-1])
    out: list[str] = []
    for start, end in sorted(set(spans)):
        phrase = _said(doc.text[start:end])
        if not phrase or _held(phrase, triples, role=(start, end) in roles):
            continue
        if any(normalise(phrase) in normalise(o) or normalise(o) in normalise(phrase) for o in out):
            continue
        out.append(phrase)
    return out
