"""A title before a name ("Singer Michael McDonald", "Former Senator Ted Kennedy"): dropped.

News ledes put a person's occupation or office before the name. Whether the leading
word is a title is the KG's call, not a word list's: it is one when some entity of that
label is a stated occupation (P106) or office (P39) of someone. A leading span that the
KG knows as a name in full ("Doctor Zhivago", "Captain Phillips") is left as written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.nlp.text import normalise

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

_ROLE_PROPS = tuple(ox.NamedNode(V.WDT + p) for p in ("P106", "P39"))
# one or two words, the first capitalised ("Singer", "Film director", "Former President"),
# then a capitalised name
_TITLE = re.compile(
    r"^(?P<lead>(?:(?:former|late|veteran|legendary|acclaimed|renowned|famed|award-winning|"
    r"then-)\s*)*)(?P<title>(?-i:[A-Z])[a-z]+(?:[ -](?-i:[a-z])[a-z]+)?)\s+"
    r"(?P<name>(?-i:[A-Z])[\w.'’-]*(?:\s+(?-i:[A-Z])[\w.'’-]*)*)",
    re.IGNORECASE,
)


def _is_role(store: KnowledgeGraph, words: str) -> bool:
    index = store.label_index()
    for entity, _text, _kind in index.by_key.get(normalise(words), ()):
        node = ox.NamedNode(entity)
        if any(next(iter(store.quads(predicate=p, object=node)), None) for p in _ROLE_PROPS):
            return True
    return False


def untitled(store: KnowledgeGraph, text: str) -> str:
    """``text`` without a leading title the KG knows as an occupation or office."""
    m = _TITLE.match(text)
    if m is None:
        return text
    index = store.label_index()
    title, name = m.group("title"), m.group("name")
    if normalise(f"{title} {name}") in index or normalise(title) == normalise(name):
        return text  # "Doctor Zhivago": the KG knows the whole span as a name
    words = title.split()
    # "Film director X": the title in full; "Rock singer X": its last word is the role
    for cut in (title, words[-1]) if len(words) > 1 else (title,):
        if _is_role(store, cut):
            return text[m.start("name") :]
    return text
