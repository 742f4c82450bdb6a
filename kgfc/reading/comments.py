"""A post's comment on what it states, set aside before the claim is read.

"vince vaughn is a republican, that explains a lot tbh", "kinsey was directed by ang lee
right? such a good biopic", "ne-yo was so influenced by michael jackson and it shows": in
informal writing, a last clause that names nothing the KG knows -- no name, no value, no
number -- is the writer's comment on the statement before it, not a part of it. It is set
aside (and the verdict says it was not checked), as are a tag question ("..., right?") and
a name's intensifier ("directed by will smith himself") and a bracketed aside that names
nothing.

Only in informal text (a post in lower case, or with emoji or tags), only a last clause
after a comma, a stop, or "and" before a pronoun, and only when what is left still names
something the KG knows. Whether a word is a name is the KG's call (a label written with a
capital); news and encyclopedia prose, where a last clause is as likely a fact ("..., the
city where he had been born"), is read as written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kgfc.nlp.text import STOP_WORDS, normalise

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

# "..., right?", "... no?", "..., isn't it?": a tag asking the reader to agree
_TAG_QUESTION = re.compile(r",?\s+(?:right|no|innit|yeah|isn'?t\s+it|wasn'?t\s+it)\s*\?+\s*$", re.I)
# "directed by will smith himself": an intensifier after a name adds nothing to the name
_INTENSIFIER = re.compile(r"\s+(?:him|her|it|them)sel(?:f|ves)(?=[\s!?.]*$)", re.I)
# where a last clause may begin: after a comma, a stop, or "and"/"but" before a pronoun
# ("and it shows", "and we still miss him", "and that's why ...")
_CUT = re.compile(r"(?:[,;]|[.!?]+)\s+|\s+(?:and|but)\s+(?=(?:it|we|you|i|that|this|they)\b)", re.I)
# a clause that begins so attaches a fact to what comes before ("..., who was born in ...",
# "..., born in ...", "..., in london"); "there"/"here" point back at a place named before
_ATTACHED = re.compile(
    r"^(?:who|whom|whose|which|where|when|while|since|because|as|born|died|in|at|from|with|"
    r"by|of|for|to|on|after|before|during|until)\b",
    re.I,
)
# a stop after an initial or a short title is no end of a statement
_ABBREVIATION = re.compile(
    r"(?:^|[\s.])(?:\w{1,2}|mrs|sgt|gen|col|capt|prof|rev|gov|sen|rep|ave|feat|vol|vs|etc)\.$",
    re.I,
)
_POINTS_BACK = re.compile(r"\b(?:there|here)\b", re.I)
# a last clause that denies or doubts what comes before ("..., not really", "..., jk",
# "..., or was it?", "..., that's a myth") is never a comment to set aside
_DENIES = re.compile(
    r"\b(?:not|no|never|nope|nah|n't|jk|kidding|joking|false|wrong|myth|fake|lie|lies|"
    r"untrue|debunked|actually|or\s+was\s+(?:it|he|she)|or\s+not|supposedly|allegedly)\b|n't\b|\?",
    re.I,
)
_BRACKETED = re.compile(r"\s*\(([^()]{1,80})\)")
_YEAR = re.compile(r"\d{4}")
_MAX_NAME_WORDS = 4
_MIN_LEFT_WORDS = 3


def informal(claim: str) -> bool:
    """Is ``claim`` written as a post: no capital letter, or emoji or tags in it?"""
    if not any(c.isupper() for c in claim):
        return True
    return "#" in claim or any(ord(c) >= 0x2600 for c in claim)


def uncommented(store: KnowledgeGraph, text: str) -> tuple[str, list[str]]:
    """``text`` without a post's closing comments and its bracketed asides that name nothing
    ("june foray (the voice of half your childhood cartoons!!) is buried at ..."; a film's
    year, "the avengers (2012)"), and the comments set aside (last first)."""
    comments: list[str] = []

    def aside(m: re.Match[str]) -> str:
        inner = m[1].strip()
        if _YEAR.fullmatch(inner):
            return ""
        if _names(store, inner) or any(c.isdigit() for c in inner):
            return m[0]
        comments.insert(0, inner.rstrip(" .!?"))
        return ""

    text = _BRACKETED.sub(aside, text).strip()
    while True:
        shorter = _INTENSIFIER.sub("", _TAG_QUESTION.sub("", text)).strip()
        cut = _last_cut(text)
        if shorter != text and _names(store, shorter):
            text = shorter
            continue
        if cut is None:
            return text, comments
        # a stop that ends the statement stays with it ("... ang lee right?" asks a tag)
        stop = cut[0].strip() if cut[0].strip()[:1] in ".!?" else ""
        head, tail = text[: cut.start()].strip() + stop, text[cut.end() :].strip()
        if (
            len(head.split()) < _MIN_LEFT_WORDS
            or _ATTACHED.match(tail)
            or _POINTS_BACK.search(tail)
            or _DENIES.search(tail)
            or any(c.isdigit() for c in tail)
            or _names(store, tail)
            or not _names(store, head)
        ):
            return text, comments
        comments.append(tail.rstrip(" .!?"))
        text = head


def _last_cut(text: str) -> re.Match[str] | None:
    """The last place a closing clause may begin (not the end of the text, nor the stop of an
    initial or an abbreviation: "j. j. abrams", "mrs. doubtfire")."""
    cuts = [
        m
        for m in _CUT.finditer(text)
        if text[m.end() :].strip(" .!?") and not _ABBREVIATION.search(text[: m.start() + 1])
    ]
    return cuts[-1] if cuts else None


def _names(store: KnowledgeGraph, text: str) -> bool:
    """Does ``text`` name something the KG knows: a span of up to four words that is a label
    or alias written with a capital (a name, a nationality), never a stop word alone?"""
    index = store.label_index()
    words = [w.strip(".,!?;:\"'()’") for w in text.split()]
    words = [w for w in words if w]
    for n in range(1, _MAX_NAME_WORDS + 1):
        for i in range(len(words) - n + 1):
            key = normalise(" ".join(words[i : i + n]))
            if n == 1 and key in STOP_WORDS:
                continue
            if any(label != label.lower() for _, label, _kind in index.by_key.get(key, ())):
                return True
    return False
