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
checked as any claim is; :mod:`kgfc.verify.api` then turns the statement's
verdict into the claim's: a denial swaps SUPPORTED and REFUTED, a doubt
asserts neither and is NOT ENOUGH INFO whatever the KG says, with the
statement's verdict quoted. Regular expressions over the claim text (the
parse is not needed: the frames are fixed phrases, and each pattern has a test
of what it leaves alone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

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
    """The statement inside a claim's frame, and whether the frame denies it or leaves it open."""

    kind: Literal["denied", "doubted"]
    statement: str
    frame: str  # the claim's words around the statement, as written ("It is false that ...")


def framing(text: str) -> Framing | None:
    """The statement a denying or doubting frame wraps, or None when the claim has no such frame."""
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
