"""The reasoner contract: prune candidates during beam search, then decide a verdict."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from kgfc.models import ClaimTriple, Counters, EvidenceFact, Verdict


@runtime_checkable
class Reasoner(Protocol):
    name: str

    def rank(self, claim: str, candidates: Sequence[str], counters: Counters) -> list[float]:
        """Relevance of each candidate text (a relation or a verbalised fact) to the claim, in [0, 1]."""
        ...

    def verdict(
        self,
        claim: str,
        triples: Sequence[ClaimTriple],
        evidence: Sequence[EvidenceFact],
        counters: Counters,
        *,
        forced: bool = False,
    ) -> Verdict:
        """Decide from the evidence; cite only ids present in ``evidence``.

        ``forced``: the episode ran out of steps or budget, so this verdict is final
        whatever the evidence (a reasoner that asks for more may say so in its prompt;
        one that never asks may ignore it).
        """
        ...
