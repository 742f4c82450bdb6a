"""Entity mentions in a claim or sentence: spaCy entities with a noun-chunk fallback.

Entities of spaCy's numeric types are skipped; dates are kept (as values).
When NER finds fewer than two mentions, noun chunks fill in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgfc.models import Mention
from kgfc.nlp.spacy_pipeline import parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = [
    "DATE_LABELS",
    "NUMBER_LABELS",
    "PERSON_LABELS",
    "SKIPPED_ENTITY_LABELS",
    "extract_mentions",
    "mentions_of",
    "strip_span",
]

SKIPPED_ENTITY_LABELS = frozenset({"CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
DATE_LABELS = frozenset({"DATE", "TIME"})
NUMBER_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"})
PERSON_LABELS = frozenset({"PERSON"})

# -- mentions -------------------------------------------------------------------


def extract_mentions(text: str) -> list[Mention]:
    """Entity mentions in ``text`` with character offsets, in order of appearance.

    Entities of spaCy's numeric types are skipped; DATE and TIME are kept
    (labelled as such) because they are claim values. When NER finds fewer
    than two mentions, noun chunks (without their determiners, never bare
    pronouns) that do not overlap an entity are added, labelled ``NOUN_CHUNK``.
    """
    if not text or not text.strip():
        return []
    return mentions_of(parse(text))


def strip_span(span: Span) -> Span:
    """Drop leading determiners/possessive pronouns and trailing punctuation."""
    start, end = span.start, span.end
    while start < end and (
        span.doc[start].dep_ in ("det", "predet")
        or span.doc[start].tag_ == "PRP$"
        or span.doc[start].is_punct
    ):
        start += 1
    while end > start and (span.doc[end - 1].is_punct or span.doc[end - 1].tag_ == "POS"):
        end -= 1
    return span.doc[start:end]


def mentions_of(doc: Doc) -> list[Mention]:
    found: list[Mention] = []
    for ent in doc.ents:
        if ent.label_ in SKIPPED_ENTITY_LABELS:
            continue
        span = strip_span(ent)
        if len(span):
            found.append(
                Mention(text=span.text, start=span.start_char, end=span.end_char, label=ent.label_)
            )
    if len(found) < 2:
        taken = [(m.start, m.end) for m in found]
        for chunk in doc.noun_chunks:
            if chunk.root.pos_ == "PRON":
                continue
            span = strip_span(chunk)
            if not len(span) or all(t.is_stop or t.is_punct for t in span):
                continue
            if any(span.start_char < e and s < span.end_char for s, e in taken):
                continue
            found.append(
                Mention(
                    text=span.text, start=span.start_char, end=span.end_char, label="NOUN_CHUNK"
                )
            )
            taken.append((span.start_char, span.end_char))
    return sorted(found, key=lambda m: (m.start, m.end))
