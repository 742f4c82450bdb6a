"""The stance of one sentence towards a claim, without an LLM.

:func:`local_stance` compares the claim's dependency triples with the
sentence's, then falls back to polarity checks: negation, refutation cues
("myth", "denied", "false"...), and dates or numbers that differ from the
claim's. Names are compared through the shared
:class:`~kgfc.kg.linking.EntityLinker` when there is a store ("Obama" and
"Barack Obama" are one person, "Michelle Obama" another), else by their words.
"""

from __future__ import annotations

import re

from kgfc.kg.linking import EntityLinker
from kgfc.kg.properties import functional_by_prior
from kgfc.models import ClaimAnalysis, ClaimTriple, Stance
from kgfc.nlp.text import content_words

__all__ = ["MEDIUM", "NEUTRAL", "STRONG", "Stance", "WEAK", "local_stance"]

# Stance strengths: how far a local stance signal can be trusted.
STRONG, MEDIUM, WEAK, NEUTRAL = 0.9, 0.7, 0.55, 0.4

_NEGATION = re.compile(r"\b(?:not|never|no|n't|neither|nor|none|nobody|nothing)\b|n't\b", re.I)
_REFUTE_CUES = re.compile(
    r"\b(?:false(?:ly)?|myths?|hoax(?:es)?|debunk\w*|untrue|baseless|unfounded|fabricat\w*|fake|"
    r"conspiracy|disprov\w*|incorrect(?:ly)?|erroneous(?:ly)?|misleading|no evidence|not true|"
    r"rumou?rs?|denied|denies|deny|refut\w*|contrary|wrongly|mistaken(?:ly)?|misinformation)\b",
    re.I,
)
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![\w.]*\d)")


def _same_name(a: str, b: str) -> bool:
    """Loose name match: one name's words contain the other's ("Obama" / "Barack Obama")."""
    ta, tb = content_words(a), content_words(b)
    return bool(ta and tb) and (ta <= tb or tb <= ta)


def _mentioned(name: str, text: str) -> bool:
    words = content_words(name)
    return bool(words) and words <= content_words(text)


class _Names:
    """Name comparison: through the linker when both names link, else by their words."""

    def __init__(self, linker: EntityLinker | None) -> None:
        self.linker = linker

    def entity(self, name: str) -> str | None:
        return self.linker.entity(name) if self.linker is not None else None

    def same(self, a: str, b: str) -> bool:
        linked = self.linker.same(a, b) if self.linker is not None else None
        return linked if linked is not None else _same_name(a, b)

    def linked_in(self, name: str, analysis: ClaimAnalysis) -> bool:
        """Does one of the analysed sentence's mentions link to the entity ``name`` links to?"""
        target = self.entity(name)
        return target is not None and any(self.entity(m.text) == target for m in analysis.mentions)


def _years(text: str) -> set[str]:
    return set(_YEAR.findall(text))


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _NUMBER.findall(text)} - _years(text)


def _values_differ(claim_obj: str, sentence: str) -> bool | None:
    """True when the claim's year/number is absent from the sentence but another one is there."""
    years, nums = _years(claim_obj), _numbers(claim_obj)
    if years:
        found = _years(sentence)
        return bool(found) and not (years & found)
    if nums:
        found = _numbers(sentence)
        return bool(found) and not (nums & found)
    return None


def _relation_match(ct: ClaimTriple, st: ClaimTriple) -> bool:
    if ct.relation_ids and st.relation_ids and set(ct.relation_ids) & set(st.relation_ids):
        return True
    words = content_words(ct.relation)
    return bool(words) and words == content_words(st.relation)


def _claim_negated(claim: str, analysis: ClaimAnalysis) -> bool:
    if analysis.triples:
        return any(t.negated for t in analysis.triples)
    return bool(_NEGATION.search(claim))


def local_stance(
    claim: str,
    claim_analysis: ClaimAnalysis,
    sentence: str,
    sentence_analysis: ClaimAnalysis,
    linker: EntityLinker | None = None,
) -> tuple[Stance, float, str]:
    """The stance of one sentence towards the claim: ``(stance, strength, reason)``.

    Decided in this order: a triple of the sentence with the claim's subject
    and relation (same object: supports, or refutes when exactly one side is
    negated; another value or another object of a single-valued property:
    refutes); then the claim's subject and object both mentioned (refutation
    cue or polarity mismatch: refutes, else supports); then a date or number
    other than the claim's: refutes, weakly. Otherwise neutral.
    """
    link = _Names(linker)
    claim_neg = _claim_negated(claim, claim_analysis)
    for ct in claim_analysis.triples:
        for st in sentence_analysis.triples:
            if not link.same(ct.subject, st.subject) or not _relation_match(ct, st):
                continue
            differ = _values_differ(ct.object, st.object)
            same_object = differ is False or (differ is None and link.same(ct.object, st.object))
            if same_object:
                if _values_differ(claim, sentence):  # "won it in 2009" vs the claim's 2010
                    return "refutes", MEDIUM, "states it with another date or number"
                if ct.negated == st.negated:
                    return (
                        "supports",
                        STRONG,
                        f"states the claim: ({st.subject}; {st.relation}; {st.object})",
                    )
                return (
                    "refutes",
                    STRONG,
                    f"states the opposite: ({st.subject}; {'not ' if st.negated else ''}{st.relation}; {st.object})",
                )
            if _mentioned(ct.object, sentence):
                continue  # "born in Honolulu, Hawaii" does not contradict "born in Hawaii"
            if st.negated:
                continue
            if differ is True:
                return "refutes", STRONG, f"gives another value: {st.object}"
            if functional_by_prior(ct.relation_ids) and not ct.negated:
                return "refutes", MEDIUM, f"gives another {ct.relation} value: {st.object}"
    subjects = [t.subject for t in claim_analysis.triples] or [
        m.text for m in claim_analysis.mentions[:1]
    ]
    objects = [t.object for t in claim_analysis.triples] or [
        m.text for m in claim_analysis.mentions[1:2]
    ]
    subject_in = any(
        _mentioned(s, sentence) or link.linked_in(s, sentence_analysis) for s in subjects
    )
    if not subject_in:
        return "neutral", NEUTRAL, "does not mention the claim's subject"
    object_in = any(_mentioned(o, sentence) for o in objects)
    sentence_neg = bool(_NEGATION.search(sentence)) or any(
        t.negated for t in sentence_analysis.triples
    )
    cue = _REFUTE_CUES.search(sentence)
    if object_in:
        if _values_differ(claim, sentence):
            return "refutes", WEAK, "mentions the claim with another date or number"
        if cue:
            return "refutes", MEDIUM, f"calls it into question ({cue.group()!r})"
        if sentence_neg != claim_neg:
            return "refutes", MEDIUM, "mentions the claim with the opposite polarity"
        return "supports", MEDIUM, "mentions the claim's subject and object"
    for o in objects:
        if _values_differ(o, sentence):
            return "refutes", WEAK, f"gives a different date or number than {o!r}"
    return "neutral", NEUTRAL, "mentions the subject but not the claim's object"
