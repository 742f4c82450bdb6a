"""Beam-search expand-and-prune over the KG (WKGFC §4.2, Think-on-Graph style).

Each hop makes one neighbourhood query for the whole frontier, ranks the
candidate relations, keeps the top ``beam``, ranks the facts under them with
the reasoner (one LLM call per hop for the LLM reasoner, embeddings for the
local one), keeps the top ``beam`` facts, and moves the frontier to their
far ends. The kept facts form the evidence subgraph: a networkx MultiDiGraph
whose edges keep score, hop and source graph, built when asked for
(:attr:`BeamResult.graph`; the search itself only needs which nodes are linked,
and importing networkx is a tenth of a second of a one-shot check).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kgfc.kg.properties import CHAINS
from kgfc.models import ClaimTriple, Counters, EvidenceFact, Fact
from kgfc.nlp.text import overlap_scores, words

if TYPE_CHECKING:
    import networkx as nx

RelRanker = Callable[[str, Sequence[str]], list[float]]

# Facts ranked per hop at most: ranking costs grow with candidates, and hubs
# (a country with thousands of citizens) would otherwise dominate a hop.
MAX_CANDIDATES = 32
# Relation priority of a hierarchy the claim's relation may be read through (located
# in, country, part of, parent organization... for "born in", "works for"): below the
# claim's own relation (1.0), above what the ranker gives unrelated relations.
CHAIN_PRIORITY = 0.9
# Score of a fact on a path the targeted search found between subject and object.
PATH_SCORE = 1.5


@dataclass
class BeamResult:
    evidence: list[EvidenceFact]
    hops_done: int
    frontier_sizes: list[int] = field(default_factory=list)
    # (fact, score, hop) of each kept fact, in the order the search kept them
    kept: list[tuple[Fact, float, int]] = field(default_factory=list, repr=False)

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The evidence subgraph: nodes labelled, an edge per kept fact with its score, hop, source."""
        import networkx as nx

        graph = nx.MultiDiGraph()
        for f, score, hop in self.kept:
            graph.add_node(f.subject, label=f.subject_label)
            if not f.object_is_literal:
                graph.add_node(f.object, label=f.object_label)
            graph.add_edge(
                f.subject,
                f.object,
                key=f"{f.predicate}|{f.source}",
                predicate=f.predicate,
                label=f.predicate_label,
                score=score,
                hop=hop,
                source=f.source,
            )
        return graph


def _tokens(text: str) -> set[str]:
    return {t for t in words(text) if len(t) > 2}


def _rel_text(f: Fact) -> str:
    return f.predicate_label or f.predicate.rsplit("/", 1)[-1]


class BeamSearch:
    """Expand-and-prune state, one hop per :meth:`step`, so an agent can ask for one more hop."""

    def __init__(
        self,
        claim: str,
        seeds: Sequence[str],
        *,
        neighbourhood: Callable[[Sequence[str], Sequence[str]], list[Fact]],
        rank_facts: Callable[[str, Sequence[str], Counters], list[float]] | None,
        rank_relations: RelRanker,
        triples: Sequence[ClaimTriple] = (),
        beam: int = 4,
        cheap_rank: RelRanker = overlap_scores,
    ) -> None:
        self.claim = claim
        self.cheap_rank = cheap_rank
        self.cheap_hops = 0  # hops ranked by token overlap (the relation-aware shortcut)
        self.settled = False  # a claim slot was filled: the rest is ranked cheaply
        self.seeds = list(dict.fromkeys(seeds))
        self.neighbourhood = neighbourhood
        self.rank_facts = rank_facts
        self.rank_relations = rank_relations
        self.beam = beam
        self.aligned = {p for t in triples for p in t.relation_ids[:3]}
        # Relation-aware priority: the hierarchies the claim's relations chain through.
        self.chained = {
            q for p in self.aligned if p in CHAINS for q in CHAINS[p][0] | CHAINS[p][1]
        } - self.aligned
        # (subject, property) slots the claim talks about: a fact filling one is the
        # evidence that decides the claim, whatever the ranker thinks of it.
        self.slots = {
            (t.subject_id, p) for t in triples if t.subject_id for p in t.relation_ids[:3]
        }
        self.slots |= {(t.object_id, p) for t in triples if t.object_id for p in t.relation_ids[:3]}
        self.targets = {t.object_id for t in triples if t.object_id} | {
            t.subject_id for t in triples if t.subject_id
        }
        self.claim_tokens = _tokens(claim)
        # node -> the nodes a kept fact links it to, either way (what decided() needs)
        self.links: dict[str, set[str]] = {}
        self.kept: list[tuple[Fact, float, int]] = []
        self.evidence: dict[tuple[tuple[str, str, str, bool], str | None], EvidenceFact] = {}
        self.visited: set[str] = set(self.seeds)
        self.frontier = list(self.seeds)
        self.hops_done = 0
        self.frontier_sizes: list[int] = []
        self.paths: list[list[Fact]] = []  # chains found by the targeted path search
        # Hops whose facts were not given to rank_facts because its ranking could not
        # change what the hop keeps, each with why (the verify loop puts it in the step).
        self.unranked: list[str] = []

    @property
    def exhausted(self) -> bool:
        return not self.frontier

    def result(self) -> BeamResult:
        ordered = sorted(self.evidence.values(), key=lambda e: (e.hop, -e.score, e.text))
        for i, ev in enumerate(ordered, 1):
            ev.id = f"E{i}"
        return BeamResult(
            evidence=ordered,
            kept=list(self.kept),
            hops_done=self.hops_done,
            frontier_sizes=self.frontier_sizes,
        )

    def decided(self) -> bool:
        """Whether the claim's entities are connected well enough to stop expanding."""
        if self.paths:
            return True  # a chain between subject and object is in the evidence
        if not self.targets or not _connected(self.links, self.targets):
            return False
        # Connected through a fact that fills a claim slot with the claimed value: the
        # deciding evidence is in. Connected some other way (a citizenship fact for a
        # birthplace claim): one more hop may still find the chain.
        return self.hops_done >= 2 or any(
            (ev.fact.subject, ev.fact.predicate) in self.slots and ev.fact.object in self.targets
            for ev in self.evidence.values()
        )

    def step(self, counters: Counters) -> int:
        """Expand one hop; returns the number of facts added to the evidence."""
        if not self.frontier:
            return 0
        hop = self.hops_done + 1
        self.hops_done = hop
        frontier = self.frontier
        self.frontier_sizes.append(len(frontier))
        # Incoming facts only around the seeds: past the first hop they are mostly
        # hub fan-in (every person born in a city), and a fact linking two claim
        # entities is reached from its subject's side anyway.
        incoming = frontier if hop == 1 else []
        facts = [
            f
            for f in self.neighbourhood(frontier, incoming)
            if (f.key, f.source) not in self.evidence
        ]
        if not facts:
            self.frontier = []
            return 0
        # Relation-aware shortcut: when a fact of this hop fills a slot the claim talks
        # about (the subject's place of birth, for "born in"), that fact and the chains
        # above it (the targeted path search) decide the claim, and the order of the
        # other facts (at this hop and the next) cannot change the verdict; token overlap ranks them instead of
        # the embedder, whose model runs were most of a claim's time. An LLM ranker
        # (rank_facts) is kept: its ranking is what the LLM reasoner reads.
        if self.rank_facts is None and not self.settled:
            self.settled = any((f.subject, f.predicate) in self.slots for f in facts)
        rank = self.rank_relations
        if self.settled:
            rank = self.cheap_rank
            self.cheap_hops += 1
        by_pred = self._relation_scores(facts, rank)
        candidates = self._candidates(facts, by_pred)
        texts = [f.verbalise() for f in candidates]
        keep = max(max(self.beam, 1) * 2, len(frontier))
        scores = self._fact_scores(candidates, texts, frontier, keep, hop, rank, counters)
        combined = self._combined(candidates, texts, scores, by_pred)
        return self._advance(_diverse(combined, frontier, keep), hop)

    def _relation_scores(self, facts: list[Fact], rank: RelRanker) -> dict[str, float]:
        """Each predicate's score: its relation label ranked against the claim, with
        aligned properties first and the predicates of a chain next."""
        rel_texts = sorted({_rel_text(f) for f in facts})
        rel_score = dict(zip(rel_texts, rank(self.claim, rel_texts), strict=True))
        by_pred: dict[str, float] = {}
        for f in facts:
            sc = rel_score[_rel_text(f)]
            if f.predicate in self.aligned:
                sc = max(sc, 1.0)
            elif f.predicate in self.chained:
                sc = max(sc, CHAIN_PRIORITY)
            by_pred[f.predicate] = max(by_pred.get(f.predicate, 0.0), sc)
        return by_pred

    def _candidates(self, facts: list[Fact], by_pred: dict[str, float]) -> list[Fact]:
        """The facts of the ``beam`` best predicates; on hubs, a cheap lexical pre-selection."""
        kept_preds = set(sorted(by_pred, key=lambda p: (-by_pred[p], p))[: self.beam])
        candidates = [f for f in facts if f.predicate in kept_preds]
        if len(candidates) <= MAX_CANDIDATES:
            return candidates

        def lexical(f: Fact) -> tuple[int, int, int, float, str, str]:
            slot = (f.subject, f.predicate) in self.slots
            linked = len({f.subject, f.object} & self.targets)
            hit = len(_tokens(f.verbalise()) & self.claim_tokens)
            return (-slot, -linked, -hit, -by_pred[f.predicate], f.subject, f.object)

        return sorted(candidates, key=lexical)[:MAX_CANDIDATES]

    def _fact_scores(
        self,
        candidates: list[Fact],
        texts: list[str],
        frontier: list[str],
        keep: int,
        hop: int,
        rank: RelRanker,
        counters: Counters,
    ) -> Sequence[float]:
        """The candidates ranked all at once: by the reasoner's ranker when one is set and
        its order could matter, else by their far ends."""
        if self.rank_facts is not None and self._fits(candidates, keep):
            # Every candidate is kept and every new entity goes on the frontier, whatever
            # their order: a (costly, LLM) ranking could only reorder them.
            self.unranked.append(
                f"hop {hop}: all {len(candidates)} candidate fact(s) fit the beam "
                "(kept whatever their order): no ranking call"
            )
            return _far_end_scores(self.claim, candidates, frontier, rank)
        if self.rank_facts is not None:
            return self.rank_facts(self.claim, texts, counters)
        return _far_end_scores(self.claim, candidates, frontier, rank)

    def _combined(
        self,
        candidates: list[Fact],
        texts: list[str],
        scores: Sequence[float],
        by_pred: dict[str, float],
    ) -> list[tuple[float, Fact, str]]:
        """(score, fact, text), best first: the fact's and its relation's scores, with a
        bonus for filling a claim slot or reaching claim entities."""
        combined = []
        seeds = set(self.seeds)
        for f, text, sc in zip(candidates, texts, scores, strict=True):
            ends = {f.subject, f.object}
            bonus = 0.0
            if (f.subject, f.predicate) in self.slots:
                bonus += 0.5
            if len(ends & self.targets) == 2:
                bonus += 0.5  # links two claim entities directly
            elif ends & (self.targets - seeds):
                bonus += 0.25  # reaches a claim entity not yet visited
            combined.append((0.6 * sc + 0.4 * by_pred[f.predicate] + bonus, f, text))
        combined.sort(key=lambda x: (-x[0], x[1].subject, x[1].predicate, x[1].object))
        return combined

    def _advance(self, kept: list[tuple[float, Fact, str]], hop: int) -> int:
        """Keep the hop's facts as evidence and put their new entities on the frontier;
        returns how many were kept."""
        next_frontier: list[str] = []
        added = 0
        for score, f, text in kept:
            if not self._keep(f, text, score, hop):
                continue
            added += 1
            ends = [f.subject] if f.object_is_literal else [f.subject, f.object]
            for end in ends:
                if end not in self.visited:
                    self.visited.add(end)
                    next_frontier.append(end)
        self.frontier = next_frontier[: self.beam]
        return added

    def _fits(self, candidates: Sequence[Fact], keep: int) -> bool:
        """Whether ranking ``candidates`` cannot change the hop's outcome.

        :func:`_diverse` keeps all of them when there are at most ``keep``, and the
        next frontier takes every new far end when there are at most ``beam``: the
        kept facts and the next hop are then the same for any scores.
        """
        if len(candidates) > keep:
            return False
        ends = {
            end
            for f in candidates
            for end in ([f.subject] if f.object_is_literal else [f.subject, f.object])
            if end not in self.visited
        }
        return len(ends) <= self.beam

    def _keep(self, f: Fact, text: str, score: float, hop: int) -> bool:
        key = (f.key, f.source)
        if key in self.evidence:
            return False
        self.evidence[key] = EvidenceFact(id="", fact=f, text=text, score=round(score, 4), hop=hop)
        self.kept.append((f, score, hop))
        self.links.setdefault(f.subject, set()).add(f.object)
        self.links.setdefault(f.object, set()).add(f.subject)
        return True

    def add_paths(self, paths: Sequence[Sequence[Fact]]) -> int:
        """Put the chains a targeted path search found into the evidence (ahead of the beam's facts).

        Each fact keeps the hop it sits at along its path, so the evidence reads
        in chain order; returns the number of facts added.
        """
        added = 0
        for path in paths:
            self.paths.append(list(path))
            for i, f in enumerate(path, 1):
                added += self._keep(f, f.verbalise(), PATH_SCORE, i)
        return added


def beam_search(
    claim: str,
    seeds: Sequence[str],
    *,
    neighbourhood: Callable[[Sequence[str], Sequence[str]], list[Fact]],
    rank_facts: Callable[[str, Sequence[str], Counters], list[float]] | None,
    rank_relations: RelRanker,
    counters: Counters,
    triples: Sequence[ClaimTriple] = (),
    beam: int = 4,
    hops: int = 4,
    stop_when_connected: bool = True,
) -> BeamResult:
    search = BeamSearch(
        claim,
        seeds,
        neighbourhood=neighbourhood,
        rank_facts=rank_facts,
        rank_relations=rank_relations,
        triples=triples,
        beam=beam,
    )
    while search.hops_done < hops and not search.exhausted:
        search.step(counters)
        if stop_when_connected and search.decided():
            break
    return search.result()


def _diverse(
    combined: list[tuple[float, Fact, str]], frontier: Sequence[str], n: int
) -> list[tuple[float, Fact, str]]:
    """The top ``n`` facts, but the best fact of every frontier entity first.

    One hub on the frontier (a city with hundreds of people born there) would
    otherwise fill the whole beam and starve the claim's other entities.
    """
    picked: list[tuple[float, Fact, str]] = []
    seen: set[int] = set()
    for entity in frontier:
        for i, item in enumerate(combined):
            if i not in seen and entity in (item[1].subject, item[1].object):
                picked.append(item)
                seen.add(i)
                break
    for i, item in enumerate(combined):
        if len(picked) >= max(n, len(frontier)):
            break
        if i not in seen:
            picked.append(item)
            seen.add(i)
    return sorted(picked, key=lambda x: (-x[0], x[1].subject, x[1].predicate, x[1].object))


def _far_end_scores(
    claim: str, facts: Sequence[Fact], frontier: Sequence[str], rank: RelRanker
) -> list[float]:
    """Score facts by how well the entity they lead to fits the claim.

    Without an LLM, embedding every verbalised fact costs ~3 ms each; the
    relation is already scored, so what is left to judge is the far end, whose
    short labels recur across claims and hit the embedding cache.
    """
    here = set(frontier)
    ends = [
        (f.object if f.object_is_literal else (f.object_label or ""))
        if f.subject in here
        else (f.subject_label or "")
        for f in facts
    ]
    distinct = sorted({e for e in ends if e})
    score = dict(zip(distinct, rank(claim, distinct), strict=True)) if distinct else {}
    return [score.get(e, 0.0) for e in ends]


def _connected(links: dict[str, set[str]], targets: set[str]) -> bool:
    """Are all ``targets`` nodes of the kept facts, linked to each other (edges read both ways)?

    A breadth-first walk over a few dozen kept facts: what ``nx.has_path`` on the
    undirected view did, without importing networkx for it.
    """
    present = [t for t in targets if t in links]
    if len(present) < 2 or len(present) < len(targets):
        return False
    seen = {present[0]}
    todo = [present[0]]
    while todo:
        for nxt in links[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return all(t in seen for t in present[1:])
