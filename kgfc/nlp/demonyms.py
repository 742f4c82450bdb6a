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
from kgfc.models import ClaimTriple

__all__ = ["NATIONALITY_NOUNS", "countries", "read_nationality"]

P27 = V.WDT + "P27"
# "has American citizenship", "is of French nationality", "is a Swiss national"
NATIONALITY_NOUNS = frozenset(
    {"citizenship", "nationality", "citizen", "national", "passport", "passport holder"}
)
# properties a copular "S is a/an N" reads (occupation, instance of): only those objects
# split into a nationality and a noun
_COPULAR = frozenset(V.WDT + p for p in ("P106", "P31"))
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


def read_nationality(
    triples: Sequence[ClaimTriple], known: Callable[[str], bool]
) -> list[ClaimTriple]:
    """The triples with nationality adjectives read as citizenship.

    ``known(name)`` says whether the KG has the name (its label index): the
    country is written as the first of its names the KG knows. A triple is
    changed only when its object is not linked yet, starts with a demonym of
    a country the KG names, and is either the adjective alone after a copula or
    as the value of citizenship ("S is American"; an LLM's "S | country of
    citizenship | American"), the adjective and a nationality noun ("S has
    American citizenship"), or, after a copula, the adjective and a noun ("S is
    an American singer": two triples).
    """
    out: list[ClaimTriple] = []
    for t in triples:
        split = None if t.object_id else _split(t.object)
        country = next((n for n in split[0] if known(n)), None) if split else None
        if split is None or country is None:
            out.append(t)
            continue
        rest = split[1]
        # "S is French" (no property named) or "S is a French singer" (occupation, instance
        # of); never "S speaks French" (a property other than these: French is a language)
        copular = not t.relation_ids or bool(set(t.relation_ids[:2]) & _COPULAR)
        citizenship = t.model_copy(
            update={
                "relation": "country of citizenship",
                "relation_ids": [P27],
                "object": country,
                "object_id": None,
                "object_link": None,
            }
        )
        citizenship_named = bool(t.relation_ids) and t.relation_ids[0] == P27
        if rest.lower() in NATIONALITY_NOUNS or (not rest and (copular or citizenship_named)):
            out.append(citizenship)
        elif rest and copular and not known(_LEAD.sub("", t.object.strip()).rstrip(" .")):
            out += [citizenship, t.model_copy(update={"object": rest})]
        else:
            out.append(t)
    return out
