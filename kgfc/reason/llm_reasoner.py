"""The LLM reasoner: one call per beam-search hop to prune, one call for the verdict.

The model may only cite evidence that was retrieved: cited ids that are not
in the evidence are dropped and counted, and a SUPPORTED/REFUTED verdict left
with no valid citation becomes NOT ENOUGH INFO, saying why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kgfc.llm.prompts import (
    DecompositionOutput,
    RankOutput,
    VerdictOutput,
    decompose_messages,
    rank_messages,
    verdict_messages,
)
from kgfc.models import ClaimAnalysis, ClaimTriple, Counters, EvidenceFact, Verdict, VerdictLabel

if TYPE_CHECKING:
    from kgfc.llm.client import LLM

DOWNGRADED_CONFIDENCE = 0.5  # a verdict the model could not ground never claims more


def _normalise_id(raw: str) -> str:
    """``"e3"``, ``"[E3]"``, ``" E3 "`` -> ``"E3"``; anything else is kept for rejection."""
    text = raw.strip().strip("[]()").strip()
    return text.upper() if re.fullmatch(r"[Ee]\d+", text) else text


class LLMReasoner:
    """:class:`~kgfc.reason.base.Reasoner` backed by an :class:`~kgfc.llm.client.LLM`."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self.name = f"llm:{llm.model}"

    def rank(self, claim: str, candidates: Sequence[str], counters: Counters) -> list[float]:
        """One call scores every candidate; ids the model skips score 0, unknown ids are ignored."""
        if not candidates:
            return []
        out = self.llm.complete_json(
            rank_messages(claim, candidates), RankOutput, counters=counters, name="rank"
        )
        scores = [0.0] * len(candidates)
        for item in out.scores:
            if 1 <= item.id <= len(candidates):
                scores[item.id - 1] = max(scores[item.id - 1], item.score)
        return scores

    def verdict(
        self,
        claim: str,
        triples: Sequence[ClaimTriple],
        evidence: Sequence[EvidenceFact],
        counters: Counters,
        *,
        forced: bool = False,
    ) -> Verdict:
        if not evidence:
            # Nothing could be cited, so no model answer could stand: save the call.
            return Verdict(
                label=VerdictLabel.NEI,
                confidence=DOWNGRADED_CONFIDENCE,
                justification="No evidence was retrieved for this claim, so it cannot be checked.",
            )
        out = self.llm.complete_json(
            verdict_messages(claim, triples, evidence, forced=forced),
            VerdictOutput,
            counters=counters,
            name="forced_verdict" if forced else "verdict",
        )
        known = {ev.id for ev in evidence}
        cited: list[str] = []
        rejected = 0
        for raw in out.cited:
            cid = _normalise_id(raw)
            if cid in known:
                if cid not in cited:
                    cited.append(cid)
            else:
                rejected += 1
        label = VerdictLabel(out.verdict)
        confidence = out.confidence
        justification = out.justification.strip()
        if label is not VerdictLabel.NEI and not cited:
            why = (
                f"{rejected} citation(s) named evidence that was not retrieved"
                if rejected
                else "it cited no evidence"
            )
            justification = (
                f"Downgraded from {label.value} to NOT ENOUGH INFO because {why}. "
                f"The model's justification was: {justification}"
            )
            label = VerdictLabel.NEI
            confidence = min(confidence, DOWNGRADED_CONFIDENCE)
        return Verdict(
            label=label,
            confidence=confidence,
            justification=justification,
            cited=cited,
            rejected_citations=rejected,
        )


def llm_decompose(llm: LLM, claim: str, counters: Counters) -> ClaimAnalysis:
    """The claim as (subject, relation, object) triplets plus topic keywords, by the LLM."""
    out = llm.complete_json(
        decompose_messages(claim), DecompositionOutput, counters=counters, name="decompose"
    )
    triples = [
        ClaimTriple(
            subject=t.subject.strip(),
            relation=t.relation.strip(),
            object=t.object.strip(),
            negated=t.negated,
        )
        for t in out.triples
        if t.subject.strip() and t.relation.strip() and t.object.strip()
    ]
    keywords: list[str] = []
    seen: set[str] = set()
    for kw in out.keywords:
        kw = kw.strip()
        if kw and kw.casefold() not in seen:
            seen.add(kw.casefold())
            keywords.append(kw)
    return ClaimAnalysis(triples=triples, keywords=keywords, method=f"llm:{llm.model}")
