"""Citing the path a claim was read through, beside the verdict's own facts."""

from __future__ import annotations

from collections.abc import Iterable

from kgfc.models import EvidenceFact, Verdict, VerdictLabel


def cite_paths(
    verdict: Verdict, evidence: Iterable[EvidenceFact], chains: list[tuple[str, str]]
) -> Verdict:
    """A verdict on a claim read through a path cites the path's facts too.

    "Ingrid Bergman's spouse died in Rome" is SUPPORTED by "Roberto Rossellini
    place of death Rome" only through "Ingrid Bergman spouse Roberto Rossellini".
    """
    if not chains or verdict.label is VerdictLabel.NEI:
        return verdict
    facts = list(evidence)
    used: list[EvidenceFact] = []  # the first fact between each path's ends
    for chain in chains:
        ends = frozenset(chain)
        used += [e for e in facts if frozenset((e.fact.subject, e.fact.object)) == ends][:1]
    if not used:
        return verdict
    quoted = " and ".join(f'"{e.text}" ({e.id})' for e in used)
    return verdict.model_copy(
        update={
            "justification": f"Through {quoted}: {verdict.justification}",
            "cited": list(dict.fromkeys([*(e.id for e in used), *verdict.cited])),
        }
    )
