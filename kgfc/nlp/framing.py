"""A frame that denies or doubts the statement inside it: "It is false that S", "It is unclear whether S".

The rewrites of :mod:`kgfc.nlp.rewrite` take off frames that *assert* the
statement inside ("It is true that S", "Records show that S"). A frame can
also deny it ("It is not true that S", "The claim that S is a myth", "Some say
that S, but that is false", "S wrongly believed to ...") or leave it open
("It is unclear whether S", "It has never been proven that S", "I doubt that
S"). Read without its frame, such a claim turns into its opposite: the
decomposer finds the statement's verb, the KG states the fact, and a false
claim comes back SUPPORTED.

:func:`framing` finds such a frame and returns the statement inside, which is
checked as any claim is; :mod:`kgfc.pipeline.api` then turns the statement's
verdict into the claim's: a denial swaps SUPPORTED and REFUTED, a doubt
asserts neither and is NOT ENOUGH INFO whatever the KG says, with the
statement's verdict quoted. The frames are fixed phrases, found by regular
expressions over the claim text; the words that deny, leave open or narrow a
verb ("refused to", "wanted to", "outside", "only", superlatives) are found in
the parse, where their verb is. Hand-written: no library reads these, and each
pattern has a test of what it leaves alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Framing", "framing"]

_FALSE = (
    r"(?:not\s+(?:true|correct|accurate|right|the\s+case|a\s+fact|so)|untrue|false|incorrect|"
    r"inaccurate|wrong|a\s+(?:(?:common|popular|widespread|persistent)\s+)?(?:myth|lie|"
    r"falsehood|misconception|fabrication|hoax|mistake|fiction|rumou?r)|a\s+fake|fake(?:\s+news)?|"
    r"baseless|unfounded|debunked|nonsense|(?:simply\s+)?not\s+(?:the\s+)?truth)"
)
_ADVERB = r"(?:(?:simply|just|completely|entirely|totally|absolutely|plainly|quite)\s+)?"
_IT_IS = r"(?:it\s+is|it's|it\s+was|it\s+has\s+been|that\s+is|that's)"
_SAY = r"(?:say|said|claim|claimed|think|thought|believe|believed|suggest|suggested|assume|state)"
_BADLY = r"(?:falsely|wrongly|mistakenly|erroneously|incorrectly|inaccurately)"

# "It is false that S", "It's a myth that S", "It is wrong to say that S", "It is not true
# that S"
_DENIED_THAT = re.compile(
    rf"^\s*(?:but\s+|no\s*,\s*)?{_IT_IS}\s+{_ADVERB}{_FALSE}\s+(?:to\s+{_SAY}\s+)?that\s+(?P<s>.+)$",
    re.I | re.S,
)
# "It has been falsely claimed that S", "Some people wrongly believe that S"
_BADLY_SAID = re.compile(
    rf"^\s*(?:(?:it\s+(?:is|was|has\s+been|had\s+been)|(?:some|many)(?:\s+people)?|people|"
    rf"they|critics|fans|others|rumou?rs?|reports?|sources?)\s+)?(?:(?:have|has|had|are|is|was|"
    rf"were|often|long|been|widely|commonly)\s+){{0,2}}{_BADLY}\s+"
    rf"(?:been\s+)?(?:\w+\s+)?(?:said|claimed|reported|stated|alleged|believed|thought|suggested|"
    rf"rumou?red|assumed|say|claim|report|state|allege|believe|think|suggest|assume)\s+that\s+(?P<s>.+)$",
    re.I | re.S,
)
# "The claim that S is false", "The idea that S is a myth"
_CLAIM_THAT_FALSE = re.compile(
    rf"^\s*(?:the|this|that|any|a)\s+(?:(?:popular|common|widespread|old|persistent|recent|"
    rf"viral)\s+)?(?:claim|idea|notion|belief|rumou?r|story|statement|assertion|report|"
    rf"suggestion|myth|allegation|contention|theory)\s+that\s+(?P<s>.+?)\s*,?\s+(?:is|was|has\s+"
    rf"been|remains)\s+{_ADVERB}(?:{_FALSE}|(?:been\s+)?(?:disproved|disproven|refuted|"
    rf"debunked|denied|discredited))\s*[.!]?\s*$",
    re.I | re.S,
)
# "Some say that S, but that is not true."
_BUT_FALSE = re.compile(
    rf"^\s*(?:(?:some|many)(?:\s+people)?|people|they|critics|others|rumou?rs?|reports?|"
    rf"someone|somebody|it\s+is\s+(?:often\s+|sometimes\s+|widely\s+)?(?:said|claimed|believed|"
    rf"thought|reported))\s+(?:(?:often|sometimes|still|once|also)\s+)?(?:{_SAY}s?\s+|"
    rf"(?:have|has)\s+(?:said|claimed|suggested)\s+)?that\s+(?P<s>.+?)\s*[,;]?\s+but\s+"
    rf"(?:that|this|it)\s*(?:is|'s|was|isn't|wasn't)\s+{_ADVERB}(?:{_FALSE}|n't\s+true|"
    rf"not\s+true)\s*[.!]?\s*$",
    re.I | re.S,
)
# "S. That is not true." / "S - false." / "S: a myth."
_SAID_FALSE_AFTER = re.compile(
    rf"^(?P<s>.+?)\s*(?:[.!]\s+(?:but\s+)?(?:that|this|it)\s*(?:is|'s|was|isn't|wasn't)\s+"
    rf"{_ADVERB}(?:{_FALSE}|n't\s+true)|\s+[-–—:]\s+(?:{_FALSE}|myth|lie|hoax))\s*[.!]?\s*$",
    re.I | re.S,
)
# "Myth: S", "False: S", "Debunked - S"
_FALSE_LABEL = re.compile(
    r"^\s*(?:myth|false|fake|untrue|debunked|hoax|not\s+true|misconception|fiction)\s*"
    r"(?::|-|–|—)\s+(?P<s>.+)$",
    re.I | re.S,
)
# "It is unclear whether S", "It has never been proven that S", "Nobody knows whether S"
_OPEN = (
    r"(?:unclear|uncertain|unknown|not\s+(?:known|clear|certain|settled|established|proven|"
    r"confirmed)|doubtful|questionable|debatable|disputed|contested|unproven|unconfirmed|"
    r"unverified|undetermined|unsettled|an\s+open\s+question|a\s+mystery|open\s+to\s+(?:question|"
    r"debate)|(?:still\s+)?(?:being\s+)?debated|never\s+been\s+(?:proven|proved|established|"
    r"confirmed|shown|demonstrated|settled)|not\s+been\s+(?:proven|proved|established|confirmed|"
    r"shown|demonstrated|settled))"
)
_DOUBTED_THAT = re.compile(
    rf"^\s*(?:{_IT_IS}|it\s+(?:has|had|remains|seems|is\s+still|was\s+still))\s+{_ADVERB}{_OPEN}"
    rf"\s+(?:whether|if|that)\s+(?P<s>.+)$",
    re.I | re.S,
)
_DOUBTER = re.compile(
    r"^\s*(?:(?:i|we|many(?:\s+people)?|some(?:\s+people)?|people|critics|historians|scholars|"
    r"experts|researchers)\s+(?:(?:still|also|really|seriously|strongly)\s+)?(?:doubt|doubted|"
    r"question|questioned|wonder|wondered|(?:do\s+not|don't|did\s+not|didn't)\s+(?:think|"
    r"believe|know)|(?:am|are|were|was|'m|'re)\s+(?:not\s+sure|unsure|uncertain|not\s+certain|"
    r"not\s+convinced|sceptical|skeptical))|(?:nobody|no\s+one|no-one)\s+(?:really\s+)?"
    r"(?:knows|knew|has\s+(?:ever\s+)?(?:proven|proved|shown|confirmed|established)|"
    r"(?:can|could)\s+(?:say|tell|confirm|prove))|there\s+is\s+no\s+(?:evidence|proof|record|"
    r"indication|confirmation|sign)|there\s+is\s+(?:some\s+|much\s+|considerable\s+)?(?:doubt|"
    r"debate|uncertainty)\s+(?:about|as\s+to|over))\s+(?:(?:whether|if|that|of\s+whether)\s+)?"
    r"(?P<s>[^\s].+)$",
    re.I | re.S,
)
# "Whether S is unclear"
_WHETHER_OPEN = re.compile(
    rf"^\s*whether\s+(?P<s>.+?)\s+(?:is|was|remains)\s+(?:still\s+)?{_OPEN}\s*[.!]?\s*$",
    re.I | re.S,
)

_DENIALS = (
    _DENIED_THAT,
    _BADLY_SAID,
    _CLAIM_THAT_FALSE,
    _BUT_FALSE,
    _SAID_FALSE_AFTER,
    _FALSE_LABEL,
)
_DOUBTS = (_DOUBTED_THAT, _DOUBTER, _WHETHER_OPEN)


@dataclass(frozen=True)
class Framing:
    """The statement inside a claim's frame, and what the frame does to it.

    ``denied``: the claim says the statement is false; ``doubted``: it leaves it
    open; ``reworded``: a word denies the verb ("refused to cast", "almost died",
    "outside"), and the statement says so with "not"; ``restricted``: a word the KG
    cannot check narrows the statement ("only", "the largest").
    """

    kind: Literal["denied", "doubted", "reworded", "restricted"]
    statement: str
    frame: str  # the claim's words around the statement, as written ("It is false that ...")


# Verbs that deny the verb they govern: "S refused to cast O" -> S did not cast O
_DENYING_VERBS = frozenset({"refuse", "decline", "fail", "neglect", "omit"})
# Verbs that leave the verb they govern open: "S wanted to play for O" says nothing of whether
# S did ("was set to", "was expected to" are the passive participles below)
_OPEN_VERBS = frozenset(
    {"want", "hope", "plan", "intend", "try", "attempt", "aim", "wish", "seek", "dream",
     "consider", "threaten", "promise", "offer", "yearn"}
)  # fmt: skip
_OPEN_PARTICIPLES = frozenset(
    {"set", "supposed", "expected", "scheduled", "slated", "due", "rumoured", "rumored",
     "meant", "going", "about", "likely", "unlikely", "eager", "keen", "poised", "tipped"}
)  # fmt: skip
_EVERYONE = frozenset({"anyone", "anybody", "everyone", "everybody", "any", "all"})
_ALMOST = frozenset({"almost", "nearly", "narrowly"})
# Superlatives the KG checks as they are, or that only intensify: "best known for" is "known for"
_IDIOMS = frozenset({"best", "most", "least"})


def _do(verb: Token) -> str:
    return "did" if verb.tag_ in ("VBD", "VBN") else "does" if verb.tag_ == "VBZ" else "do"


def _words(doc: Doc, replace: dict[int, str]) -> str:
    parts = []
    for t in doc:
        w = replace.get(t.i, t.text)
        if w:
            parts.append(w + t.whitespace_)
        elif parts and not t.whitespace_:
            parts[-1] = parts[-1].rstrip()
    return " ".join("".join(parts).split())


def _reworded(doc: Doc, known: Callable[[str], bool] | None = None) -> Framing | None:
    """A verb denied or left open by a word, or a statement narrowed by one (from the parse)."""
    for t in doc:
        found = _verb_framing(doc, t)
        if found is not None:
            return found
    # "S is located in the southwest of O": a part of O the KG does not place S in
    m = _REGION_OF.search(doc.text)
    if m is not None:
        statement = doc.text[: m.start("part")] + doc.text[m.end("part") :]
        return Framing("restricted", " ".join(statement.split()), m["part"].strip())
    # "S only speaks O", "S is the largest city in O": the KG checks the statement without it
    for t in doc:
        found = _restricting(doc, t, known)
        if found is not None:
            return found
    return None


def _verb_framing(doc: Doc, t: Token) -> Framing | None:
    """The frame ``t`` puts its verb in: denied, left open, or a place narrowed ("outside")."""
    head = t.head
    # "refused to cast", "failed to win": the governed verb, denied
    if t.dep_ == "xcomp" and t.pos_ in ("VERB", "AUX") and head.lemma_ in _DENYING_VERBS:
        to = [c for c in t.children if c.dep_ == "aux" and c.lower_ == "to"]
        auxes = [c for c in head.children if c.dep_ in ("aux", "auxpass") and c.i < head.i]
        return _rewritten(doc, head, to + auxes, head.text + " to")
    # "was unable to play for O"
    if (
        t.dep_ == "xcomp" and head.lower_ in ("unable", "incapable")
        and head.head.lemma_ == "be"
    ):  # fmt: skip
        be = head.head
        to = [c for c in t.children if c.dep_ == "aux" and c.lower_ == "to"]
        repl = {be.i: _do(be) + " not", head.i: ""} | {c.i: "" for c in to}
        return Framing("reworded", _words(doc, repl), f"{be.text} {head.text} to")
    # "wanted to play for O", "was set to star in O": whether S did is left open
    if (
        t.dep_ == "xcomp"
        and t.pos_ in ("VERB", "AUX")
        and (head.lemma_ in _OPEN_VERBS or head.lower_ in _OPEN_PARTICIPLES)
    ):
        to = [c for c in t.children if c.dep_ == "aux" and c.lower_ == "to"]
        if not to:
            return None
        copula = head.head if head.pos_ == "ADJ" and head.head.lemma_ == "be" else None
        auxes = [c for c in head.children if c.dep_ in ("aux", "auxpass") and c.i < head.i]
        if copula is not None:
            auxes.append(copula)
        repl = {head.i: "did", **{c.i: "" for c in to + auxes}}
        return Framing("doubted", _words(doc, repl), f"{head.text} to")
    # "almost died in O", "nearly joined O"
    if t.lower_ in _ALMOST and t.dep_ == "advmod" and head.pos_ == "VERB" and head.tag_ == "VBD":
        repl = {t.i: "", head.i: f"did not {head.lemma_}"}
        return Framing("reworded", _words(doc, repl), t.text)
    # "lived outside O", "was born outside of O", "is located outside O"
    outside = t.lower_ == "outside" and t.dep_ in ("prep", "advmod")
    if outside and head.pos_ in ("NOUN", "PROPN"):
        found = _outside_noun(doc, t)
        if found is not None:
            return found
    if outside and head.pos_ in ("VERB", "AUX"):
        of = [c for c in t.children if c.dep_ == "prep" and c.lower_ == "of"]
        if t.dep_ == "advmod" and not of:  # "lived outside" with no place named
            return None
        only = [c for c in t.children if c.lower_ == "only"] + [
            c for c in head.children if c.lower_ == "only" and c.i == t.i - 1
        ]
        repl = {t.i: "in", **{c.i: "" for c in of + only}}
        auxes = [c for c in head.children if c.dep_ in ("aux", "auxpass") and c.i < head.i]
        if auxes:
            repl[auxes[0].i] = auxes[0].text + " not"
        elif head.lemma_ == "be":
            repl[head.i] = head.text + " not"
        else:
            repl[head.i] = f"{_do(head)} not {head.lemma_}"
        return Framing("reworded", _words(doc, repl), "outside")
    return None


def _restricting(doc: Doc, t: Token, known: Callable[[str], bool] | None) -> Framing | None:
    """The word ``t`` narrowing the statement: "only", a superlative, "better than anyone"."""
    # "S only speaks O", "S is spoken only in O"
    verbal = t.head.pos_ in ("VERB", "AUX") or (
        t.head.pos_ == "ADP" and t.head.head.pos_ in ("VERB", "AUX")
    )
    if t.lower_ == "only" and t.dep_ == "advmod" and verbal:
        if any(c.lower_ == "not" for c in t.head.children) or (
            t.i + 1 < len(doc) and doc[t.i + 1].lower_ in ("but", "after", "when", "if")
        ):
            return None  # "not only ... but also": both are claimed
        return Framing("restricted", _words(doc, {t.i: ""}), t.text)
    if t.tag_ in ("JJS", "RBS") and t.is_lower and not t.ent_type_:
        nxt = doc[t.i + 1] if t.i + 1 < len(doc) else None
        after = doc[t.i + 2] if t.i + 2 < len(doc) else None
        if t.lower_ in _IDIOMS and nxt is not None and (
            nxt.lower_ in ("-", "of") or nxt.tag_ in ("RB", "VBN", "VBD")
            or (after is not None and after.lower_ in ("for", "as"))
        ):  # fmt: skip
            # "best known for", "best described as", "most certainly", "most of", "most
            # famous for" (what S is known for): an intensifier, no ranking
            return None
        if t.lower_ in ("least", "most") and t.i > 0 and doc[t.i - 1].lower_ == "at":
            return None
        if known is not None and _in_known_name(doc, t, known):
            return None  # "second largest city" as the KG names a class
        return Framing("restricted", doc.text, t.text)
    # "speaks English better than anyone", "more famous than any other citizen"
    than = t.i + 2 < len(doc) and doc[t.i + 1].lower_ == "than"
    if t.tag_ in ("JJR", "RBR") and than and doc[t.i + 2].lower_ in _EVERYONE:
        return Framing("restricted", doc.text, doc[t.i : t.i + 3].text)
    return None


def _in_known_name(doc: Doc, t: Token, known: Callable[[str], bool]) -> bool:
    """Is ``t`` a word of a name the KG knows: its noun phrase up to the head noun?"""
    for chunk in doc.noun_chunks:
        if chunk.start <= t.i < chunk.end:
            start = chunk.start + (doc[chunk.start].pos_ == "DET")
            for end in range(t.i + 1, chunk.end + 1):
                if known(doc[start:end].text):
                    return True
    return False


def _rewritten(doc: Doc, head: Token, dropped: list[Token], said: str) -> Framing:
    # "S refused to cast O", "S has refused to cast O" -> "S did not cast O"
    repl = {head.i: f"{_do(head)} not", **{c.i: "" for c in dropped}}
    return Framing("reworded", _words(doc, repl), said)


def _outside_noun(doc: Doc, t: Token) -> Framing | None:
    """ "S is a country outside of O" -> "S is a country. S is not in O." """
    noun, be = t.head, t.head.head
    subj = next((c for c in be.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if noun.dep_ != "attr" or be.lemma_ != "be" or subj is None:
        return None
    s = doc[subj.left_edge.i : subj.right_edge.i + 1].text
    what = doc[noun.left_edge.i : t.i].text
    start = t.i + 1 + (t.i + 1 < len(doc) and doc[t.i + 1].lower_ == "of")
    where = doc[start : t.right_edge.i + 1].text
    if not where:
        return None
    return Framing("reworded", f"{s} {be.text} {what}. {s} {be.text} not in {where}.", "outside")


_POINT = (
    r"(?:north|south|east|west|north[- ]?east|north[- ]?west|south[- ]?east|south[- ]?west)"
    r"(?:ern)?"
)
_REGION_OF = re.compile(
    rf"\bin\s+(?P<part>the\s+(?:far\s+|extreme\s+|deep\s+)?(?:{_POINT}|central|centre|center|"
    r"middle|heart|interior)\s+(?:part\s+|parts\s+|region\s+|half\s+|portion\s+)?of\s+)",
    re.I,
)


def framing(
    text: str, doc: Doc | None = None, known: Callable[[str], bool] | None = None
) -> Framing | None:
    """The statement a frame wraps, or None when the claim has no such frame.

    ``doc``, the claim's parse, finds the words that deny, leave open or narrow
    a verb (:class:`Framing`); without it only the fixed frames are looked for.
    ``known(text)`` says whether the KG has ``text`` as a name: a superlative in
    one ("second largest city") narrows nothing.
    """
    found = _framed(text)
    if found is not None or doc is None:
        return found
    return _reworded(doc, known)


def _framed(text: str) -> Framing | None:
    for kind, patterns in (("denied", _DENIALS), ("doubted", _DOUBTS)):
        for pattern in patterns:
            m = pattern.match(text)
            if m is None:
                continue
            inner = m["s"].strip().rstrip(" ,;:")
            if len(inner.split()) < 2:  # "It is false that he did": nothing to check
                continue
            if not inner.endswith((".", "!", "?")):
                inner += "."
            inner = inner[0].upper() + inner[1:]
            frame = (text[: m.start("s")] + " ... " + text[m.end("s") :]).strip()
            frame = " ".join(frame.split()).replace(" ,", ",")
            return Framing(kind, inner, frame)  # type: ignore[arg-type]
    return None
