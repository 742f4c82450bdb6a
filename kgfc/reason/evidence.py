"""What a reasoner holds while it checks one claim: the evidence indexed, and per-triple outcomes.

Shared by the local reasoner's checks (:mod:`kgfc.reason.local` and the modules it runs)
and its completion step (:mod:`kgfc.reason.completion_step`), which all read the same index.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kgfc.kg import vocab as V
from kgfc.kg.properties import ALIAS_PROPS, MAX_CHAIN, P31
from kgfc.models import EvidenceFact, VerdictLabel
from kgfc.reason.rules import Atom, EdgeIndex


@dataclass
class Outcome:
    """The verdict on one claim triple, before negation and conjunction."""

    label: VerdictLabel
    confidence: float
    reason: str
    cited: list[str] = field(default_factory=list)
    path: list[str] = field(default_factory=list)
    kind: str = "nei"  # direct, alias, inverse, chain, rule, value, functional, type, nei


class EvidenceIndex:
    """The evidence list indexed for lookups: by id, by (subject, property), as a graph."""

    def __init__(self, evidence: Sequence[EvidenceFact]) -> None:
        self.by_id = {e.id: e for e in evidence}
        self.order = [e.id for e in evidence]
        self.graph = EdgeIndex()
        self.literals: dict[tuple[str, str], list[EvidenceFact]] = defaultdict(list)
        self.labels: dict[str, str] = {}
        self.prop_labels: dict[str, str] = {}
        self.types: dict[str, dict[str, str]] = defaultdict(dict)  # entity -> type -> evidence id
        for e in evidence:
            f = e.fact
            if f.subject_label:
                self.labels.setdefault(f.subject, f.subject_label)
            if f.predicate_label:
                self.prop_labels.setdefault(f.predicate, f.predicate_label)
            if f.object_is_literal:
                self.literals[(f.subject, f.predicate)].append(e)
                continue
            if f.object_label:
                self.labels.setdefault(f.object, f.object_label)
            self.graph.add(f.subject, f.predicate, f.object, e.id)
            if f.predicate == P31:
                self.types[f.subject].setdefault(f.object, e.id)

    def name(self, iri: str) -> str:
        return self.labels.get(iri) or V.local_id(iri)

    def prop_name(self, iri: str) -> str:
        return self.prop_labels.get(iri) or V.local_id(iri)

    def quote(self, ids: Sequence[str]) -> str:
        parts = [f'"{self.by_id[i].text}" ({i})' for i in dict.fromkeys(ids) if i in self.by_id]
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]

    def texts(self, ids: Sequence[str]) -> list[str]:
        return [self.by_id[i].text for i in dict.fromkeys(ids) if i in self.by_id]

    def aliases(self, entity: str) -> dict[str, list[str]]:
        """Entities the evidence says are the same as ``entity``, with the ids that say so."""
        out: dict[str, list[str]] = {entity: []}
        frontier = [entity]
        while frontier:
            nxt: list[str] = []
            for node in frontier:
                for prop in ALIAS_PROPS:
                    for inverse in (False, True):
                        for other, eid in self.graph.step(node, Atom(prop, inverse)).items():
                            if other not in out:
                                out[other] = [*out[node], eid]
                                nxt.append(other)
            frontier = nxt
        return out

    def reach(
        self,
        start: str,
        first: frozenset[str],
        then: frozenset[str],
        goals: set[str],
        sound: Callable[[str, str, str], bool] | None = None,
    ) -> list[str] | None:
        """Evidence ids of a shortest path from ``start`` into ``goals``: one ``first`` step, then ``then`` steps.

        ``sound(x, prop, y)``, when given, vets every step after the first (a
        chain may not go through one of several historical countries).
        """
        frontier: dict[str, list[str]] = {start: []}
        seen = {start}
        for depth in range(MAX_CHAIN):
            props = first if depth == 0 else then
            nxt: dict[str, list[str]] = {}
            for node, path in frontier.items():
                for prop in props:
                    for other, eid in self.graph.step(node, Atom(prop)).items():
                        if other in seen:
                            continue
                        if depth > 0 and sound is not None and not sound(node, prop, other):
                            continue
                        if other in goals:
                            return [*path, eid]
                        seen.add(other)
                        nxt[other] = [*path, eid]
            if not nxt:
                return None
            frontier = nxt
        return None
