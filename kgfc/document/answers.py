"""A transcript's short answers read with the questions they answer.

"INTERVIEWER: Where were you born? PAUL SIMON: In Newark, ..." states that Paul Simon was
born in Newark, and "And you went to Queens College? ... I did, ..." that he went there:
the answer alone says neither. Hand-written: two question shapes, which no library reads
into statements.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span

# a speaker's label before a turn: "PAUL SIMON: ", "Q: "
_LABEL = re.compile(r"^\s*[A-Z][A-Z.'’ -]*:\s*")
# "Where were you born?", "When were you married?": the participle the answer's place completes
_WH_BE = re.compile(
    r"^(?:and\s+|so\s+)?(?:where|when)\s+(?:were|was)\s+you\s+(?P<done>[a-z]+)\s*\?$", re.I
)
# "And you went to Queens College?", "Did you study law?": what a "yes" says
_YOU_DID = re.compile(r"^(?:and\s+|so\s+)?(?P<did>did\s+)?you\s+(?P<rest>[^?]+?)\s*\?$", re.I)
# the words that echo a yes-no question in its answer ("Yes, I did", "I was")
_ECHO = frozenset({"did", "do", ",", "i", "have", "was", "am", "were", "yes", "yeah", "yep"})
# verbs said of "you" as they are said of the speaker's name
_THIRD_PERSON = {"were": "was", "are": "is", "have": "has", "do": "does"}


def question_of(text: str, speaker: str | None) -> tuple[str | None, str] | None:
    """``(speaker, words)`` of a transcript turn that asks a question, else None."""
    asked = _LABEL.sub("", text).strip()
    return (speaker, asked) if speaker and asked.endswith("?") else None


def short_answer(asked: str, span: Span, who: str) -> tuple[int, int, str, str] | None:
    """How the answer ``span`` (after its speaker's label) reads with the question ``asked``
    said by ``who``: (first token, end token, the words in their place, the words replaced);
    None when it is no short answer to it ("Yes, I was born in Toronto" says it in full)."""
    toks = list(span)
    k = next((i + 1 for i, t in enumerate(toks[:6]) if t.text == ":"), 0)
    if k >= len(toks) - 1:
        return None
    first = toks[k]
    doc, end = span.doc, first.i + 1
    if (m := _WH_BE.match(asked)) and first.lower_ in ("in", "at", "on"):
        return first.i, end, f"{who} was {m['done']} {first.lower_}", first.text
    m = _YOU_DID.match(asked)
    if m is None or first.lower_ not in ("i", "yes", "yeah", "yep"):
        return None
    while end < span.end and doc[end].lower_ in _ECHO:
        end += 1
    while end > first.i + 1 and doc[end - 1].is_punct:
        end -= 1  # the comma after "I was," is no part of the echo
    after = doc[end] if end < span.end else None
    if after is not None and not after.is_punct and after.lower_ not in ("and", "but"):
        return None
    verb, _, rest = m["rest"].partition(" ")
    verb = _THIRD_PERSON.get(verb.lower(), verb)  # "you were married" -> "X was married"
    said = f"{who} {'did ' if m['did'] else ''}{verb} {rest}".rstrip()
    return first.i, end, said, doc[first.i : end].text
