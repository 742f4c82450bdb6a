"""Does the KG's description of an entity name the claimed value?

Wikidata describes most well-known entities in a line: Anton Chekhov is
"Russian playwright and short-story writer", Sam Cooke "American singer". A
claim that Chekhov's occupation is playwright, or Cooke's citizenship the
United States, is then not merely predicted from similar entities: the KG's
own text names the value. A description that names other occupations but not
"poet" tells against "Chekhov occupation poet" a little — the combiner learns
how much, per relation, from labelled claims (:mod:`kgfc.reason.calibration`).

:func:`names` reads a description for a label: every content word of the label
appears in it (Porter stems, so "singers" is "singer", and the feminine "-ress"
forms as the "-or" ones: "actress" is "actor"), or the label is a country and
the description carries its nationality adjective ("American" names the
United States; the table is :mod:`kgfc.nlp.demonyms`'s). Bag-of-words rather
than an entailment model: a description is a noun phrase of a few words, and
the check runs for every claim the completion step decides (microseconds).
The stemmer is NLTK's Porter stemmer (a dependency of ``rouge-score``, and
declared in its own right): a library rather than suffix rules written here.
"""

from __future__ import annotations

import functools
import math
import os
import re
from typing import Protocol

from kgfc.nlp.demonyms import countries
from kgfc.nlp.text import content_words

__all__ = ["description_signal", "names"]

SHARED_START = 5  # letters two derived words share at least
_CAPITALISED = re.compile(r"(?=\b([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))")


class _Stemmer(Protocol):
    def stem(self, word: str) -> str: ...


@functools.lru_cache(maxsize=1)
def _stemmer() -> _Stemmer:
    from nltk.stem.porter import PorterStemmer

    stemmer: _Stemmer = PorterStemmer()
    return stemmer


@functools.lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    if word.endswith("ress") and len(word) > 6:  # actress -> actor, songstress -> songstor
        word = word[:-4] + "or"
    return _stemmer().stem(word)


@functools.lru_cache(maxsize=65536)
def _stems(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in content_words(text) if not w.isdigit())


def _related(a: str, b: str) -> bool:
    """The same stem, or one word derived from the other: a shared start of at least
    :data:`SHARED_START` letters and two thirds of the shorter ("philosopher" / "philosophy",
    "mathematician" / "mathematics", "composer" / "composition"; not "astronomer" /
    "astrophysicist"). Porter's stemmer leaves such pairs apart."""
    if a == b:
        return True
    n = len(os.path.commonprefix([a, b]))
    return n >= SHARED_START and 3 * n >= 2 * min(len(a), len(b))


@functools.lru_cache(maxsize=16384)
def _countries_in(description: str) -> frozenset[str]:
    """Lower-cased names of the present-day countries whose nationality adjectives the
    description uses (not former states: "German" in a description of Wagner does not name
    West Germany)."""
    found: set[str] = set()
    for phrase in _CAPITALISED.findall(description):
        for words in (phrase, phrase.split()[0]):
            for half in words.split("-"):
                found.update(n.lower() for n in countries(half, former=False))
    return frozenset(found)


def names(description: str, label: str) -> bool:
    """Does ``description`` name ``label``: all its content words, or its country's adjective?"""
    wanted = _stems(label)
    if wanted:
        have = _stems(description)
        if all(w in have or any(_related(w, h) for h in have) for w in wanted):
            return True
    return label.lower() in _countries_in(description)


def description_signal(description: str | None, label: str | None) -> float:
    """1.0 when the description names the label, 0.0 when it does not, NaN when either is missing."""
    if not description or not label:
        return math.nan
    return 1.0 if names(description, label) else 0.0
