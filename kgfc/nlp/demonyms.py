"""Nationality adjectives: "Madonna is American", "an American singer", "has French citizenship".

A claim generator verbalising (S, country of citizenship, United States) as
often writes the adjective as the country's name; so do people ("Sam Cooke
was an American singer"). This reads the adjective at the start of a
copular or "has ... citizenship" object as the country, and splits "an
American singer" into two statements: citizenship of the country, and
"is a singer".

The demonym table is the ``countryinfo`` package's (MIT; 250 present-day
countries with their names and alternative spellings): a library, not a
hand-kept list. Where two countries share an adjective ("French": France and
its overseas departments) the most populous is meant. Former states
("Soviet", "Prussian") are not in it and stay unread.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from kgfc.kg import vocab as V
from kgfc.kg.properties import IS_A
from kgfc.models import ClaimTriple

__all__ = [
    "NATIONALITY_NOUNS",
    "NATIONALITY_PROPS",
    "countries",
    "mentions_nationality",
    "read_nationality",
]

P27 = V.WDT + "P27"
# What a nationality adjective says, by the subject's kind (unknown before linking, so all
# three are candidates, best first; each holds only for its own kind of subject): a
# person's citizenship, a work's or a band's country of origin, a place's or an
# organisation's country.
NATIONALITY_PROPS = [P27, V.WDT + "P495", V.WDT + "P17"]
# "has American citizenship", "is of French nationality", "is a Swiss national"
NATIONALITY_NOUNS = frozenset(
    {"citizenship", "nationality", "citizen", "national", "passport", "passport holder"}
)
_LEAD = re.compile(r"^(?:of\s+)?(?:(?:a|an|the)\s+)?", re.I)


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, list[str]]:
    """demonym (lower case) -> the names of its countries, most populous country first."""
    try:
        from countryinfo import all_countries
    except ImportError:  # a default dependency; without it nothing is read as a nationality
        return {}
    rows: dict[str, list[tuple[int, list[str]]]] = {}
    for c in all_countries():
        info = c.info()
        demonym = (info.get("demonym") or "").strip()
        name = (info.get("name") or "").strip()
        if not demonym or not name:
            continue
        names = [name] + [
            a for a in info.get("altSpellings") or [] if len(a) > 3 and a.isascii() and a != name
        ]
        rows.setdefault(demonym.lower(), []).append((int(info.get("population") or 0), names))
    return {
        d: [n for _, names in sorted(found, key=lambda x: -x[0]) for n in names]
        for d, found in rows.items()
    }


def countries(adjective: str) -> list[str]:
    """The country names an adjective stands for ("American" -> "United States", "USA", ...)."""
    return list(_table().get(adjective.strip().lower(), []))


def mentions_nationality(text: str) -> bool:
    """Does a capitalised word or two of ``text`` name a nationality? (cheap: a table lookup)"""
    words = re.findall(r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?", text)
    return any(countries(w) or countries(w.split()[0]) for w in words)


def _split(text: str) -> tuple[list[str], str] | None:
    """(country names, what follows) when ``text`` starts with a capitalised demonym."""
    body = _LEAD.sub("", text.strip()).rstrip(" .")
    words = body.split()
    for n in (3, 2, 1):  # the longest demonym first: "South Korean", "New Zealander"
        head = " ".join(words[:n])
        if len(words) < n or not head[:1].isupper():
            continue
        names = countries(head)
        if names:
            return names, " ".join(words[n:])
    return None


# "S is American.", "Leipzig is not a German city.", "The Beatles were a British band.",
# "S has British citizenship", "S holds a French passport"
_COPULA = re.compile(
    r"^(?P<subject>.+?)\s+(?P<verb>is|was|are|were|has|have|had|holds|hold|held)"
    r"(?P<neg>\s+not)?\s+(?:(?P<article>a|an)\s+)?(?P<rest>[^,;:()]+?)\s*[.!]?\s*$"
)
_BE = frozenset({"is", "was", "are", "were"})


def read_nationality(
    text: str,
    triples: Sequence[ClaimTriple],
    known: Callable[[str], bool],
) -> list[ClaimTriple]:
    """The claim's triples with nationality adjectives read as the subject's country.

    ``known(name)`` says whether the KG has the name (its label index): the
    country is written as the first of its names the KG knows, and a country
    the KG does not name is not read.

    - A copular claim about a name the KG knows whose predicate starts with the
      adjective (read from the text, whatever the decomposer made of it: "a
      German city" is no relation "city" with object "German"; "The language of
      S is French" is no claim about "The language of S"): "S is American" is one statement, "S is an
      American singer" two (the country, and "S is a singer"); not when the
      whole predicate is a name ("a Dutch East India Company ship" aside).
    - Otherwise, a triple whose unlinked object is the adjective and a
      nationality noun ("S has American citizenship", "S is of French
      nationality"), or the adjective alone as the value of citizenship (an
      LLM's "S | country of citizenship | American").

    The country is a candidate value of citizenship, country of origin and
    country (:data:`NATIONALITY_PROPS`): which one holds depends on what the
    subject is, which linking tells later.
    """
    m = _COPULA.match(text.strip())
    if m is not None:
        got = _copular(m, known)
        if got is not None:
            return got
    out: list[ClaimTriple] = []
    for t in triples:
        split = None if t.object_id else _split(t.object)
        country = _country(split[0], known) if split else None
        rest = split[1].lower() if split else ""
        named = t.relation_ids[:1] == [P27]
        if country is not None and (rest in NATIONALITY_NOUNS or (not rest and named)):
            out.append(_citizenship(t, country))
        else:
            out.append(t)
    return out


def _country(names: list[str], known: Callable[[str], bool]) -> str | None:
    return next((n for n in names if known(n)), None)


def _citizenship(t: ClaimTriple, country: str) -> ClaimTriple:
    return t.model_copy(
        update={
            "relation": "country of citizenship" if t.relation_ids[:1] == [P27] else "country",
            "relation_ids": list(NATIONALITY_PROPS),
            "object": country,
            "object_id": None,
            "object_link": None,
        }
    )


def _copular(m: re.Match, known: Callable[[str], bool]) -> list[ClaimTriple] | None:
    rest = m["rest"]
    split = _split(rest)
    country = _country(split[0], known) if split else None
    if split is None or country is None:
        return None
    subject, noun = m["subject"], split[1]
    if not known(subject):
        return None  # "The language of S is French": a relation first, not a nationality
    if noun and (known(rest) or known(_LEAD.sub("", rest))):
        return None  # "a Dutch East India Company": a name, not an adjective and a noun
    negated = bool(m["neg"])
    base = ClaimTriple(subject=subject, relation="country", object=country, negated=negated)
    if noun.lower() in NATIONALITY_NOUNS or (not noun and m["verb"] in _BE):
        return [_citizenship(base, country)]
    if m["verb"] not in _BE:
        return None  # "S has French wines": not a nationality
    # "S is a singer", "S was a band": what the decomposer reads a copula with a noun as
    # (built here, not re-read: it would split "Crouching Tiger, Hidden Dragon" at the comma)
    relation = f"{m['verb']} {m['article'] or ''}".strip()
    what = base.model_copy(
        update={"relation": relation, "object": noun, "relation_ids": list(IS_A)}
    )
    return [_citizenship(base, country), what]
