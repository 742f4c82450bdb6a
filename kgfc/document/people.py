"""People in a document: the sex a first name is mostly given to, and who "I" is in a
transcript ("YOKO ONO: I was born in Tokyo.")."""

from __future__ import annotations

from functools import cache
from typing import Any

# first-person pronouns in a speaker's turn, and whether each is possessive
FIRST_PERSON = {"i": False, "me": False, "my": True, "mine": False, "myself": False}
# the labels of an interview's asking side: no one the KG could hold
_ASKERS = {"q", "a", "interviewer", "host", "moderator", "question", "answer"}


@cache
def _gender_detector() -> Any:
    import gender_guesser.detector as detector  # loads its name list: only when needed

    return detector.Detector(case_sensitive=False)


def first_name_gender(name: str) -> tuple[str | None, bool]:
    """ "m" / "f" when the first name is given to men / women (None if unknown or either),
    and whether firmly so (not just "mostly")."""
    first = name.split()[0].strip(".")
    if len(first) < 2:
        return None, False
    guess = _gender_detector().get_gender(first)
    return {"male": "m", "mostly_male": "m", "female": "f", "mostly_female": "f"}.get(guess), (
        guess in ("male", "female")
    )


def speaker_name(label: str) -> str | None:
    """The name a transcript's speaker label gives ("YOKO ONO" -> "Yoko Ono"); None for
    "Q", "A", "INTERVIEWER" and the like."""
    words = " ".join(label.split())
    if not words or words.lower() in _ASKERS:
        return None
    return words.title() if words.isupper() else words


def nationality_noun(word: str) -> str | None:
    """The nationality a word names, lower case: "german" -> "german", "irishman" ->
    "irish", "frenchwoman" -> "french"; None when it names none."""
    from kgfc.nlp.demonyms import countries

    word = word.lower()
    if countries(word):
        return word
    for suffix in ("man", "woman", "men", "women"):
        stem = word.removesuffix(suffix)
        if stem != word and len(stem) > 2 and countries(stem):
            return stem
    return None
