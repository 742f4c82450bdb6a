"""BioCheck-style Boolean queries: AND across concepts, OR across each concept's synonyms.

A claim gives *groups*, one per concept, most important first, each the
concept's name and its aliases/synonyms::

    >>> build_query([["metformin", "dimethylbiguanide"], ["type 2 diabetes"]])
    '("metformin" OR "dimethylbiguanide") AND "type 2 diabetes"'

Every term is quoted as a phrase, so words such as AND/OR/NOT inside an
entity name are searched for, not obeyed; characters with a meaning in
PubMed's syntax (quotes, brackets, parentheses, ``*`` truncation, ``#``
history references) are replaced by spaces. When the strict query finds
nothing, :func:`relaxations` loosens it one step at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from kgfc.errors import InputError

_SPECIAL = re.compile(r'["\[\]()*#{}]')
_FIELD = re.compile(r"^[A-Za-z ]{1,30}$")


def quote_term(term: str, field: str | None = None) -> str | None:
    """``term`` as a quoted phrase (with ``[field]`` when given), or None when nothing is left."""
    text = " ".join(_SPECIAL.sub(" ", term).split())
    if not text:
        return None
    if field is not None and not _FIELD.match(field):
        raise InputError(f"{field!r} is not a PubMed field tag.", hint="Use e.g. 'tiab' or 'mh'.")
    return f'"{text}"' + (f"[{field}]" if field else "")


def normalise_groups(groups: Sequence[Sequence[str]]) -> list[list[str]]:
    """Clean terms, drop empty terms and groups, de-duplicate (case-insensitively), keep the order."""
    out: list[list[str]] = []
    seen_groups: set[tuple[str, ...]] = set()
    for group in groups:
        if isinstance(group, str):  # a bare string is a one-term group, not a list of letters
            group = [group]
        terms: list[str] = []
        seen: set[str] = set()
        for term in group:
            text = " ".join(_SPECIAL.sub(" ", str(term)).split())
            if text and text.casefold() not in seen:
                seen.add(text.casefold())
                terms.append(text)
        key = tuple(sorted(seen))
        if terms and key not in seen_groups:
            seen_groups.add(key)
            out.append(terms)
    return out


def _group(terms: Sequence[str], field: str | None) -> str:
    quoted = [q for q in (quote_term(t, field) for t in terms) if q]
    return quoted[0] if len(quoted) == 1 else "(" + " OR ".join(quoted) + ")"


def _join(groups: Sequence[Sequence[str]], op: str, field: str | None) -> str:
    return f" {op} ".join(_group(g, field) for g in groups)


def build_query(groups: Sequence[Sequence[str]], *, field: str | None = None) -> str:
    """``("a" OR "a synonym") AND ("b" OR ...)``; ``field`` adds a tag to each term (``tiab``)."""
    clean = normalise_groups(groups)
    if not clean:
        raise InputError("Nothing to search for: every term of the Boolean query is empty.")
    return _join(clean, "AND", field)


def relaxations(groups: Sequence[Sequence[str]], *, field: str | None = None) -> Iterator[str]:
    """The strict query, then ever looser ones; none repeats.

    Groups are taken as ordered by importance, most important first. The
    sequence is: all groups ANDed; then the least important group dropped,
    again and again, down to the most important group alone; finally every
    group ORed (any concept at all).
    """
    clean = normalise_groups(groups)
    seen: set[str] = set()
    candidates = [_join(clean[:k], "AND", field) for k in range(len(clean), 0, -1)]
    if len(clean) > 1:
        candidates.append(_join(clean, "OR", field))
    for query in candidates:
        if query not in seen:
            seen.add(query)
            yield query
