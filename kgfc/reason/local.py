"""The local reasoner: a symbolic verifier over KG evidence, no LLM.

For each claim triple (subject, candidate properties, object) it looks, in
this order, for:

1. **support** (SUPPORTED)
   - the fact itself in the evidence (confidence 0.95);
   - the fact up to aliases (``owl:sameAs``, P460 "said to be the same as"),
     a symmetric property or an inverse one (spouse, sibling, child/father,
     capital/capital of, part of/has part...; 0.9);
   - a transitive chain: located-in (P131, P276, P17, P706, P30) under a
     place property ("born in Hawaii" from born in Honolulu + Honolulu in
     Hawaii), part of, subclass of, parent taxon (0.85);
   - with ``strict``: a mined AMIE-style rule whose body path is in the
     evidence (confidence = the rule's PCA confidence);
   - otherwise, past the stated and entailed facts (:mod:`kgfc.reason.completion`):
     path rules up to length 3, rules with constants and priors mined from the
     KG predict the unstated fact, SUPPORTED when the best rule's confidence
     reaches the relation's calibrated threshold
     (:mod:`kgfc.reason.calibration`); the justification says no fact states
     it and cites the facts the rule used. Rules never refute on their own;
2. **refutation** (REFUTED)
   - a date or number that disagrees with the KG's value (0.9);
   - a conflict with a (near-)functional property: the KG gives the subject
     another value, not the claimed one and not one that contains or is
     contained in it (0.8 x functionality, estimated from the KG itself) —
     the partial-completeness assumption, applied only where the property is
     single-valued and the KG lists the subject's value; checked before
     completion, so a demonstrable conflict outranks a prediction;
   - a demonstrable type clash: classes the KG states disjoint, or a
     well-populated class sharing no instance or subclass link with any class
     of the property's observed range — never a class merely not seen (0.6);
3. otherwise NOT ENOUGH INFO (0.5), with the evidence it looked at.

A negated claim swaps SUPPORTED and REFUTED. Several triples are read as a
conjunction. The reasoner cites only ids of the evidence it was given, and the
justification quotes the cited facts verbalised. Statistics (functionality,
ranges, rules) come from the store when one is given; without a store only a
small table of Wikidata single-value constraints is used.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.kg.properties import (
    CHAINS,
    HUMAN,
    INVERSES,
    KINSHIP,
    LOCATION,
    P31,
    PRIOR_FUNCTIONALITY,
    RELATED,
    SYMMETRIC,
    relating,
)
from kgfc.kg.trust import normalise_trust_order
from kgfc.models import ClaimTriple, Counters, EvidenceFact, Verdict, VerdictLabel
from kgfc.nlp import values as vals
from kgfc.nlp.text import STOP_WORDS, normalise, overlap_scores
from kgfc.reason.alternatives import (
    country_apart,
    exclusive_values,
    is_place,
    places_apart,
    regions_apart,
    same_kind_rival,
)
from kgfc.reason.completion_step import complete
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.kgstats import (
    Functionality,
    conflict_properties,
    stats_for,
    successions,
)
from kgfc.reason.rules import Atom, RuleSet, rules_for

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.nlp.embed import BM25Scorer, Embedder
    from kgfc.reason.calibration import Calibration
from kgfc.reason.trust import weigh_sources

log = logging.getLogger(__name__)

Aliases = dict[str, list[str]]  # an entity and those the evidence says it is, with the ids


def _p(n: str) -> str:
    return V.WDT + n


CONF_DIRECT = 0.95
CONF_ALIAS = 0.9
CONF_CHAIN = 0.85
CONF_FUNCTIONAL = 0.8
CONF_VALUE = 0.9
CONF_TYPE = 0.6
# A type clash refutes only a relation read from its property's own label or alias, not from a
# paraphrase of it (kgfc.nlp.alignment scores: 1.0 label, 0.95 alias, 0.9 and below paraphrases)
SURE_READING = 0.95
CONF_NEI = 0.5
# Links below this (fuzzy names, same-named rivals: kgfc.kg.linking.link_confidence)
# never refute; exact labels (1.0) and aliases (0.95) of one entity may.
LINK_REFUTE_MIN = 0.9
CONF_NAMESAKES = 0.85  # a refutation that holds for each entity an ambiguous name names
RANGE_KIND_MIN = 3  # objects of a kind for it to be in a relation's range when reading names
MAX_NAMESAKES = 5  # more entities of one name than this: the name is not checked each way
# Two values with no type in common are one kind when most instances of the rarer
# side's types also carry one of the other's (kgfc.reason.kgstats.KGStats.kinds_overlap)
SAME_KIND_OVERLAP = 0.5
# A claimed object the KG gives as the property's value for this many subjects is a value
# ("Islam" for religion), even when something is typed an instance of it
COMMON_VALUE = 5


def _norm(text: str) -> str:
    from kgfc.kg.labels import normalise

    return normalise(text)


class LocalReasoner:
    """A :class:`~kgfc.reason.base.Reasoner` with no LLM: symbolic checks, statistics and mined rules."""

    name = "local"

    def __init__(
        self,
        store: KnowledgeGraph | None = None,
        embedder: Embedder | BM25Scorer | None = None,
        *,
        use_rules: bool = True,
        use_functionality: bool = True,
        use_types: bool = True,
        rule_min_support: int = 20,
        rule_min_confidence: float = 0.5,
        rule_combine: str = "max",
        support_threshold: float = 0.5,
        rule_max_heads: int | None = 100,
        strict: bool = False,
        calibration: Calibration | None = None,
        trust_order: Sequence[str] | str | None = None,
    ) -> None:
        if rule_combine not in ("max", "noisy-or"):
            raise ValueError("rule_combine must be 'max' or 'noisy-or'")
        self.store = store
        self.embedder = embedder
        self.use_rules = use_rules
        self.use_functionality = use_functionality
        self.use_types = use_types
        self.rule_min_support = rule_min_support
        self.rule_min_confidence = rule_min_confidence
        self.rule_combine = rule_combine
        self.support_threshold = support_threshold
        self.rule_max_heads = rule_max_heads
        # strict: only stated or entailed facts (and the high-confidence mined rules
        # of old) support a claim; otherwise completion predicts past the KG's gaps.
        self.strict = strict
        self.calibration = calibration
        self.trust_order = normalise_trust_order(trust_order)  # when sources disagree
        self._rank_texts: (
            Callable[[str, Sequence[str], Embedder | BM25Scorer | None], list[float]] | None
        ) = None
        self._rank_failed = False

    # -- pruning ----------------------------------------------------------
    def rank(self, claim: str, candidates: Sequence[str], counters: Counters) -> list[float]:
        texts = list(candidates)
        if not texts:
            return []
        if not self._rank_failed:
            try:
                if self._rank_texts is None:
                    from kgfc.nlp.embed import rank_texts

                    self._rank_texts = rank_texts
                return list(self._rank_texts(claim, texts, self.embedder))
            except ImportError as exc:  # a broken onnxruntime install: degrade, do not fail
                log.info("embedding ranking unavailable (%s); using token overlap", exc)
                self._rank_failed = True
        return overlap_scores(claim, texts)

    # -- store-backed knowledge -------------------------------------------
    def rules(self) -> RuleSet | None:
        if self.store is None or not self.use_rules:
            return None
        return rules_for(
            self.store,
            min_support=self.rule_min_support,
            min_confidence=self.rule_min_confidence,
            max_heads=self.rule_max_heads,
        )

    def _functionality(self, prop: str) -> Functionality | None:
        if self.store is not None:
            return stats_for(self.store).functionality(prop)
        if prop in PRIOR_FUNCTIONALITY:
            return Functionality(prop, PRIOR_FUNCTIONALITY[prop], 0, "prior")
        return None

    # -- verdict ----------------------------------------------------------
    def verdict(
        self,
        claim: str,
        triples: Sequence[ClaimTriple],
        evidence: Sequence[EvidenceFact],
        counters: Counters,
        *,
        forced: bool = False,  # the checks never ask for more evidence: a forced verdict is the same
    ) -> Verdict:
        # SPARQL queries are counted by the store per episode (store.count_queries), not here.
        ev = EvidenceIndex(evidence)
        outcomes = [self._checked(t, ev) for t in triples]
        if not outcomes:
            return Verdict(
                label=VerdictLabel.NEI,
                confidence=CONF_NEI,
                justification="The claim could not be read as a (subject, relation, object) triple, so there is nothing to check against the KG.",
                cited=[],
            )
        return self._combine(outcomes, ev)

    def _checked(self, t: ClaimTriple, ev: EvidenceIndex) -> Outcome:
        """One triple's outcome, no surer than its links. A refutation on an object name
        several entities share stands only when it holds for each of them; then it stands
        even when the link alone was too unsure to refute."""
        raw = self._check(t, ev)
        sure = self._negate(t, raw)
        trusted = self._trust_links(t, sure)
        named = self._namesakes(t) if raw.label is VerdictLabel.REFUTED else []
        if not named and trusted.label is not sure.label and self._sole_in_range(t):
            return _capped(
                sure,
                f'"{t.object}" also names entities that are not of a kind {t.relation!r} '
                "takes; of those that are, it names only the one linked.",
            )
        if not named or self.store is None:  # namesakes come from the store
            return trusted
        index = self.store.label_index()
        names = ", ".join(f"{index.label(e) or e} ({e.rsplit('/', 1)[-1]})" for e in named)
        if not all(
            self._check(t.model_copy(update={"object_id": e}), ev).label is VerdictLabel.REFUTED
            for e in named
            if e != t.object_id
        ):
            return Outcome(
                VerdictLabel.NEI,
                CONF_NEI,
                f'{raw.reason} But "{t.object}" names several entities in the KG ({names}), '
                "and the claim is not refuted for each of them, so this is not taken as a "
                "refutation.",
                raw.cited,
                raw.path,
                "nei",
            )
        if trusted.label is VerdictLabel.NEI and (t.subject_link or 1.0) >= LINK_REFUTE_MIN:
            return _capped(
                sure,
                f'"{t.object}" names {len(named)} entities in the KG; the claim is refuted '
                f"for each of them ({names}).",
            )
        return trusted

    def _namesakes(self, t: ClaimTriple) -> list[str]:
        """The entities the object's words name exactly (a label or alias) and of a type the
        relation's objects have, when the linked one is a place among several so named, or
        one of several things so named that share a type.

        "Merv Griffin died in Birmingham": the KG knows two Birminghams, and his one
        stated place of death, Los Angeles, is neither, nor in either; which one the claim
        means does not matter. "Spike Lee was born in Georgia": the country excludes
        Atlanta, the US state does not, so the claim is not refuted.
        """
        if self.store is None or not t.object_id:
            return []
        named = self._in_range(self.store, t, self._so_named(t))
        if t.object_id not in named or not 1 < len(named) <= MAX_NAMESAKES:
            return []
        if not is_place(self.store, t.object_id):
            # places share names; so do things of one kind (two cemeteries called Forest
            # Lawn Memorial Park); elsewhere the link's choice stands
            kinds = stats_for(self.store).types_of(named)
            if not set.intersection(*(kinds.get(e, set()) for e in named)):
                return []
        # "France" is also an alias of the Kingdom of France: a former state named like the
        # present-day country the link chose is that country's past, not another reading
        types = stats_for(self.store).types_of(named)
        formers = {x for e in successions().values() for x in e.former_types}
        if not types.get(t.object_id, set()) & formers:
            named = {e for e in named if not types.get(e, set()) & formers}
        return sorted(named) if len(named) > 1 else []

    def _sole_in_range(self, t: ClaimTriple) -> bool:
        """Is the linked object the only entity its words name of a kind the relation's
        objects have, though other entities share the name ("born in Chicago": the city,
        not the band or the film)? Then the relation has settled the link; the subject's
        link must be sure on its own."""
        if self.store is None or not t.object_id or (t.subject_link or 1.0) < LINK_REFUTE_MIN:
            return False
        named = self._so_named(t)
        return len(named) > 1 and self._in_range(self.store, t, named) == {t.object_id}

    def _so_named(self, t: ClaimTriple) -> set[str]:
        """The entities the object's words name exactly (a label or alias)."""
        assert self.store is not None
        return {e for e, _, _ in self.store.label_index().by_key.get(normalise(t.object), ())}

    def _in_range(self, store: KnowledgeGraph, t: ClaimTriple, named: set[str]) -> set[str]:
        """The namesakes of a type several of the relation's objects have in the KG
        ("born in Cambridge": the two cities, not the university also called so), when
        that range is well observed; else all of them."""
        props = self._props(t, EvidenceIndex([]))
        stats = stats_for(store)
        seen = stats.range(props[0]) if props else None
        if seen is None or not seen.known():
            return named
        # a kind counts when several of the relation's objects have it: a university is
        # the place of death of someone in the KG, but no one reads "died in Oxford" so
        floor = max(RANGE_KIND_MIN, seen.typed_objects // 100)
        kinds = {k for k, n in seen.types.items() if n >= floor}
        types = stats.types_of(named)
        return {e for e in named if types.get(e, set()) & kinds}

    @staticmethod
    def _trust_links(t: ClaimTriple, o: Outcome) -> Outcome:
        """A verdict is no surer than the links it rests on; an unsure link never refutes.

        "Austria-Hungary" fuzzily linked to Hungary, or "Paris" when two Parises
        are equally likely, is a guess: a conflict found on the guessed entity
        says nothing about the claim.
        """
        links = [x for x in (t.subject_link, t.object_link) if x is not None]
        if not links or o.label is VerdictLabel.NEI:
            return o
        weakest = min(links)
        if o.label is VerdictLabel.REFUTED and weakest < LINK_REFUTE_MIN:
            which = t.subject if t.subject_link == weakest else t.object
            return Outcome(
                VerdictLabel.NEI,
                CONF_NEI,
                f'{o.reason} But "{which}" was linked to the KG with confidence {weakest:.2f} '
                "only (a fuzzy or ambiguous name), so this is not taken as a refutation.",
                o.cited,
                o.path,
                "nei",
            )
        if weakest < o.confidence:
            return Outcome(o.label, weakest, o.reason, o.cited, o.path, o.kind)
        return o

    @staticmethod
    def _negate(t: ClaimTriple, o: Outcome) -> Outcome:
        if not t.negated or o.label == VerdictLabel.NEI:
            return o
        flipped = (
            VerdictLabel.REFUTED if o.label == VerdictLabel.SUPPORTED else VerdictLabel.SUPPORTED
        )
        word = "holds" if o.label == VerdictLabel.SUPPORTED else "does not hold"
        return Outcome(
            flipped,
            o.confidence,
            f"{o.reason} The claim denies it, and it {word}.",
            o.cited,
            o.path,
            o.kind,
        )

    def _combine(self, outcomes: list[Outcome], ev: EvidenceIndex) -> Verdict:
        refuted = [o for o in outcomes if o.label == VerdictLabel.REFUTED]
        if refuted:
            chosen = [max(refuted, key=lambda o: o.confidence)]
            label, conf = VerdictLabel.REFUTED, chosen[0].confidence
        elif all(o.label == VerdictLabel.SUPPORTED for o in outcomes):
            chosen = outcomes
            label, conf = VerdictLabel.SUPPORTED, min(o.confidence for o in outcomes)
        else:
            chosen = outcomes
            label, conf = VerdictLabel.NEI, CONF_NEI
        cited = [c for o in chosen for c in o.cited if c in ev.by_id]
        return Verdict(
            label=label,
            confidence=round(min(1.0, max(0.0, conf)), 4),
            justification=" ".join(o.reason for o in chosen),
            cited=list(dict.fromkeys(cited)),
            path=[p for o in chosen for p in o.path],
        )

    # -- one triple -------------------------------------------------------
    def _resolve(self, text: str, ev: EvidenceIndex) -> str | None:
        key = _norm(text)
        if not key:
            return None
        hits = [iri for iri, label in ev.labels.items() if _norm(label) == key]
        return hits[0] if len(hits) == 1 else (sorted(hits)[0] if hits else None)

    def _name_props(self, props: Sequence[str], ev: EvidenceIndex) -> None:
        """Labels, from the store, of the claim's properties no evidence fact names: the
        verdict says "place of birth chain", not "P19 chain"."""
        if self.store is None:
            return
        for p in props:
            if p in ev.prop_labels or not p.startswith(V.WDT):
                continue
            try:
                label = self.store.label_index().label(V.WD + p[len(V.WDT) :])
            except Exception:  # noqa: BLE001 - a name for display only; the id stays
                log.debug("no label for %s", p, exc_info=True)
                return
            if label:
                ev.prop_labels[p] = label

    def _props(self, t: ClaimTriple, ev: EvidenceIndex) -> list[str]:
        props = []
        for p in t.relation_ids:
            try:
                props.append(V.property_iri(p))
            except ValueError:
                log.debug("ignoring relation id %r", p)
        if props:
            return list(dict.fromkeys(props))
        key = _norm(t.relation)
        if not key:
            return []
        return [p for p, label in ev.prop_labels.items() if _norm(label) == key]

    def _check(self, t: ClaimTriple, ev: EvidenceIndex) -> Outcome:
        s = t.subject_id or self._resolve(t.subject, ev)
        props = self._props(t, ev)
        self._name_props(props, ev)
        what = f"{t.subject} {t.relation} {t.object}".strip()
        if s is None or not props:
            missing = "subject" if s is None else "relation"
            return self._nei(
                ev, f'The {missing} of "{what}" could not be matched to the knowledge graph.', []
            )
        if t.object_id is None:
            value = vals.parse_claim_value(t.object)
            if value is not None:
                return self._check_value(s, props, value, t, ev)
            o = self._resolve(t.object, ev)
            if o is None:
                return self._check_string(s, props, t, ev)
        else:
            o = t.object_id
        # Names the evidence lacks are taken from the claim's own wording.
        if t.subject:
            ev.labels.setdefault(s, t.subject)
        if t.object:
            ev.labels.setdefault(o, t.object)
        if t.relation and len(props) == 1:
            ev.prop_labels.setdefault(props[0], t.relation)
        return weigh_sources(self, s, props, o, self._check_entity(s, props, o, t, ev), ev)

    def _nei(self, ev: EvidenceIndex, reason: str, looked: list[str]) -> Outcome:
        looked = list(dict.fromkeys(looked))[:5]
        if looked:
            reason += f" Evidence looked at: {ev.quote(looked)}."
        elif ev.by_id:
            reason += f" None of the {len(ev.by_id)} evidence facts bears on it."
        else:
            reason += " No evidence was retrieved."
        return Outcome(VerdictLabel.NEI, CONF_NEI, reason, looked, [], "nei")

    def _subject_facts(
        self, subjects: dict[str, list[str]], prop: str, ev: EvidenceIndex
    ) -> dict[str, str]:
        out: dict[str, str] = {}
        for s in subjects:
            out.update(ev.graph.step(s, Atom(prop)))
        return out

    def _check_entity(
        self, s: str, props: list[str], o: str, t: ClaimTriple, ev: EvidenceIndex
    ) -> Outcome:
        s_alias = ev.aliases(s)
        o_alias = ev.aliases(o)
        sn, on = ev.name(s), ev.name(o)
        if props == [RELATED]:
            # "S is related to O" between two people is kinship, not any relation
            kin = t.relation.startswith("related") and all(
                HUMAN in ev.types.get(x, {}) for x in (s, o)
            )
            return self._check_related(s_alias, o_alias, sn, on, ev, kin=kin)
        best: Outcome | None = None
        for p in props:
            for out in self._stated_for(p, s, o, s_alias, o_alias, ev):
                if best is None or out.confidence > best.confidence:
                    best = out
            if p in CHAINS and (best is None or best.confidence < CONF_CHAIN):
                chained = self._chain_for(p, s, o, s_alias, o_alias, ev)
                if chained is not None and (best is None or chained.confidence > best.confidence):
                    best = chained
        if best is not None:
            return best
        return self._unstated(s, props, o, t, s_alias, o_alias, ev)

    def _stated_for(
        self, p: str, s: str, o: str, s_alias: Aliases, o_alias: Aliases, ev: EvidenceIndex
    ) -> Iterator[Outcome]:
        """Steps 1-2b for one property: the fact itself (through aliases), its inverse or
        symmetric form, or the words read backwards; each finding as an Outcome."""
        sn, on = ev.name(s), ev.name(o)
        pn = ev.prop_name(p)
        claim_text = f"{sn} {pn} {on}"
        # 1. the fact itself, possibly through aliases
        for s2, s_path in s_alias.items():
            hits = ev.graph.step(s2, Atom(p))
            for o2, o_path in o_alias.items():
                if o2 in hits:
                    ids = [*s_path, hits[o2], *o_path]
                    if s2 == s and o2 == o:
                        yield (
                            Outcome(
                                VerdictLabel.SUPPORTED,
                                CONF_DIRECT,
                                f"The KG states it: {ev.quote(ids)}.",
                                ids,
                                ev.texts(ids),
                                "direct",
                            )
                        )
                    else:
                        yield (
                            Outcome(
                                VerdictLabel.SUPPORTED,
                                CONF_ALIAS,
                                f'{ev.quote(ids)} entail "{claim_text}" (same-as).',
                                ids,
                                ev.texts(ids),
                                "alias",
                            )
                        )
        # 2. symmetric and inverse properties
        inverses = set(INVERSES.get(p, ())) | ({p} if p in SYMMETRIC else set())
        for q in inverses:
            for o2, o_path in o_alias.items():
                hits = ev.graph.step(o2, Atom(q))
                for s2, s_path in s_alias.items():
                    if s2 in hits:
                        ids = [*o_path, hits[s2], *s_path]
                        kind = "symmetric" if q == p else "inverse"
                        yield (
                            Outcome(
                                VerdictLabel.SUPPORTED,
                                CONF_ALIAS,
                                f'{ev.quote(ids)} entail "{claim_text}" ({ev.prop_name(q)} is the {kind} of {pn}).',
                                ids,
                                ev.texts(ids),
                                "inverse",
                            )
                        )
        # 2b. the words read backwards ("S starred in O" for "O cast member S"): taken only
        # when the forward reading is a demonstrable type clash and the backward one fits
        for o2, o_path in o_alias.items():
            hits = ev.graph.step(o2, Atom(p))
            for s2, s_path in s_alias.items():
                if s2 in hits and self._reads_backwards(s, p, o):
                    ids = [*o_path, hits[s2], *s_path]
                    yield (
                        Outcome(
                            VerdictLabel.SUPPORTED,
                            CONF_ALIAS,
                            f"{ev.quote(ids)} states it with subject and object the other way "
                            f"round: {on} cannot be a {pn} (its type is never one), so "
                            f'"{claim_text}" reads as "{on} {pn} {sn}".',
                            ids,
                            ev.texts(ids),
                            "inverse",
                        )
                    )

    def _chain_for(
        self, p: str, s: str, o: str, s_alias: Aliases, o_alias: Aliases, ev: EvidenceIndex
    ) -> Outcome | None:
        """Step 3: a transitive chain from the subject (or an alias) to the object."""
        pn = ev.prop_name(p)
        claim_text = f"{ev.name(s)} {pn} {ev.name(o)}"
        first, then = CHAINS[p]
        for s2, s_path in s_alias.items():
            path = ev.reach(s2, first, then, set(o_alias), self._sound_step(ev))
            if path:
                ids = [*s_path, *path]
                return Outcome(
                    VerdictLabel.SUPPORTED,
                    CONF_CHAIN,
                    f'{ev.quote(ids)} entail "{claim_text}" (a {pn} chain).',
                    ids,
                    ev.texts(ids),
                    "chain",
                )
        return None

    def _unstated(
        self,
        s: str,
        props: list[str],
        o: str,
        t: ClaimTriple,
        s_alias: Aliases,
        o_alias: Aliases,
        ev: EvidenceIndex,
    ) -> Outcome:
        """Steps 4-6, when nothing states the claim: a stated conflict, then predictions, then
        a demonstrable type clash; else NOT ENOUGH INFO with what was looked at."""
        sn, on = ev.name(s), ev.name(o)
        # 4. a stated single-valued value that excludes the claimed one outranks any
        # prediction: a mined rule never supports what a stated fact contradicts
        out = self._functional_conflict(s, props, o, s_alias, o_alias, ev)
        if out is None:
            out = self._symmetric_conflict(s, props, o, s_alias, o_alias, ev)
        if out is not None:
            return out
        checks = (self._type_clash,)
        if self.strict or self.store is None or not self.use_rules:
            # 5. mined rules (high-confidence AMIE rules only)
            rule_out = self._rules(s, props, o, s_alias, o_alias, ev)
            if rule_out is not None and rule_out.label == VerdictLabel.SUPPORTED:
                return rule_out
        else:
            # 5. completion: rules mined from the KG predict the unstated fact
            rule_out = complete(self.store, self.calibration, s, props, o, s_alias, o_alias, ev)
            if rule_out is not None and rule_out.label == VerdictLabel.SUPPORTED:
                return rule_out
        # 6. refutation
        for check in checks:
            if check == self._type_clash and (t.relation_score or 1.0) < SURE_READING:
                # "S knows O" read as the languages S speaks: with a person for O, the clash
                # says the paraphrase misread the words, not that the claim is false
                continue
            out = check(s, props, o, s_alias, o_alias, ev)
            if out is not None:
                return out
        looked = [i for p in props for i in self._subject_facts(s_alias, p, ev).values()]
        looked += list(ev.types.get(o, {}).values())[:2]
        # a property no evidence fact names has no label here: the claim's words, not its id
        rel = ev.prop_labels.get(props[0]) or t.relation or ev.prop_name(props[0])
        why = f'No fact in the evidence states or entails "{sn} {rel} {on}".'
        if rule_out is not None:
            why += " " + rule_out.reason
            looked = rule_out.cited + looked
        return self._nei(ev, why, looked)

    def _check_related(
        self,
        s_alias: dict[str, list[str]],
        o_alias: dict[str, list[str]],
        sn: str,
        on: str,
        ev: EvidenceIndex,
        *,
        kin: bool = False,
    ) -> Outcome:
        """ "S is associated with / related to O": some fact linking the two directly, either
        way (not a class membership, not a chain); with ``kin`` (two people "related"), a
        family tie only. None is no evidence against it."""
        for s2, s_path in s_alias.items():
            for atom, hits in ev.graph.atoms(s2).items():
                if not relating(atom.prop) or (kin and atom.prop not in KINSHIP):
                    continue
                for o2, o_path in o_alias.items():
                    if o2 in hits:
                        ids = [*s_path, hits[o2], *o_path]
                        return Outcome(
                            VerdictLabel.SUPPORTED,
                            CONF_ALIAS if s_path or o_path else CONF_DIRECT,
                            f"The KG states {'a family tie' if kin else 'a relation'} between {sn} and "
                            f"{on}: {ev.quote(ids)}.",
                            ids,
                            ev.texts(ids),
                            "direct",
                        )
        how = (
            "a family tie, the two being people"
            if kin
            else "any stated relation between the two, either way"
        )
        return self._nei(
            ev,
            f"No fact in the evidence relates {sn} and {on} directly (read as {how}; none "
            "stated is no evidence against it).",
            [],
        )

    def _sound_step(self, ev: EvidenceIndex) -> Callable[[str, str, str], bool]:
        """``(x, prop, y) -> bool``: may a chain step from ``x`` to ``y`` (see :func:`kgfc.kg.paths.unambiguous`)?

        With a store, all of ``x``'s values count (the evidence may hold only one
        of Edinburgh's three countries); without one, the evidence's.
        """
        store = self.store
        if store is not None:
            from kgfc.kg.paths import unambiguous

            return lambda x, prop, y: unambiguous(store, x, prop, y)

        def in_evidence(x: str, prop: str, y: str) -> bool:
            others = set(ev.graph.step(x, Atom(prop))) - {y}
            up = LOCATION | {prop}
            return all(ev.reach(v, up, up, {y}) or ev.reach(y, up, up, {v}) for v in others)

        return in_evidence

    def _rules(
        self,
        s: str,
        props: list[str],
        o: str,
        s_alias: Aliases,
        o_alias: Aliases,
        ev: EvidenceIndex,
    ) -> Outcome | None:
        rules = self.rules()
        if rules is None:
            return None
        matches = []
        for p in props:
            for s2 in s_alias:
                for o2 in o_alias:
                    matches += rules.matches(p, s2, o2, ev.graph)
        if not matches:
            return None
        matches.sort(key=lambda m: -m.rule.confidence)
        if self.rule_combine == "noisy-or":
            conf = 1.0 - math.prod(1.0 - m.rule.confidence for m in matches)
            used = matches
        else:
            conf = matches[0].rule.confidence
            used = matches[:1]
        conf = min(conf, CONF_CHAIN)  # a statistical rule never outranks a stated chain
        ids = [i for m in used for i in m.payloads]
        names = [m.rule.describe(ev.prop_name) for m in used]
        stats = "; ".join(
            f"{n} [support {m.rule.support}, confidence {m.rule.confidence:.2f}]"
            for n, m in zip(names, used, strict=True)
        )
        claim_text = f"{ev.name(s)} {ev.prop_name(matches[0].rule.head)} {ev.name(o)}"
        if conf >= self.support_threshold:
            return Outcome(
                VerdictLabel.SUPPORTED,
                conf,
                f'{ev.quote(ids)} entail "{claim_text}" by the rule(s) mined from the KG: {stats}.',
                ids,
                [*ev.texts(ids), *names],
                "rule",
            )
        return Outcome(
            VerdictLabel.NEI,
            conf,
            f"Mined rules point weakly towards it ({stats}), below the support threshold {self.support_threshold:.2f}.",
            ids,
            names,
            "rule",
        )

    def _compatible(self, v: str, o: str, o_alias: dict[str, list[str]], ev: EvidenceIndex) -> bool:
        """True when KG value ``v`` does not contradict claimed ``o``: the same, or one located in / part of the other."""
        if v in o_alias:
            return True
        every = LOCATION | frozenset(_p(n) for n in ("P361", "P279", "P171"))
        if ev.reach(v, every, every, set(o_alias)) or ev.reach(o, every, every, {v}):
            return True
        if self.store is not None:
            from kgfc.reason.triple_check import store_reaches

            if store_reaches(self.store, v, set(o_alias), every) or store_reaches(
                self.store, o, {v}, every
            ):
                return True
        return False

    def _functional_conflict(
        self,
        s: str,
        props: list[str],
        o: str,
        s_alias: Aliases,
        o_alias: Aliases,
        ev: EvidenceIndex,
    ) -> Outcome | None:
        if not self.use_functionality:
            return None
        for p in conflict_properties(self.store, props, o):
            values = self._subject_facts(s_alias, p, ev)
            if not values:
                continue
            func = self._functionality(p)
            if func is None or not func.functional:
                # the best-ranked property the evidence knows decides
                out = self._present_conflict(s, p, o, values, o_alias, ev)
                return out or self._kind_conflict(s, p, o, values, o_alias, ev)
            if any(self._compatible(v, o, o_alias, ev) for v in values):
                return None
            first, *others = values
            if any(not self._compatible(v, first, {first: []}, ev) for v in others):
                return None  # the KG itself gives this subject several values: not complete-and-single here
            if not (
                self._same_kind(o, list(values), ev)
                or exclusive_values(self.store, p, o, list(values))
                or places_apart(self.store, o, list(values))
                or country_apart(self.store, o, list(values))
                or regions_apart(self.store, o, list(values))
            ):
                # "born in Austria-Hungary" vs "born in Prague": an empire and a city
                # do not exclude each other, however single-valued the property; two
                # religions the KG never states together do, and so do two places in
                # different countries (kgfc.reason.alternatives)
                return None
            if self._is_class(o, ev) and not self._common_value(p, o):
                # "born in the capital of Scotland" read as "born in capital": a class says
                # what kind of place, not which (Edinburgh is a capital), and is no value
                return None
            ids = list(values.values())
            pn = ev.prop_name(p)
            return Outcome(
                VerdictLabel.REFUTED,
                CONF_FUNCTIONAL * func.value,
                f"{ev.quote(ids)} {'conflicts' if len(set(ids)) == 1 else 'conflict'} with "
                f'"{ev.name(s)} {pn} {ev.name(o)}": {pn} is single-valued ({func.describe()}).',
                ids,
                ev.texts(ids),
                "functional",
            )
        return None

    def _kind_conflict(
        self, s: str, p: str, o: str, values: dict[str, str], o_alias: Aliases, ev: EvidenceIndex
    ) -> Outcome | None:
        """A stated value of the claimed value's kind, a kind of which subjects have one
        (:func:`kgfc.reason.alternatives.same_kind_rival`): "St. Louis is in Maryland"."""
        got = same_kind_rival(self.store, p, o, list(values))
        # (no rival without a store)
        if (
            got is None
            or self.store is None
            or any(self._compatible(v, o, o_alias, ev) for v in values)
        ):
            return None
        rival, kind, func = got
        ids = [values[rival]]
        pn = ev.prop_name(p)
        kind_name = self.store.label_index().label(kind) or ev.name(kind)
        return Outcome(
            VerdictLabel.REFUTED,
            CONF_FUNCTIONAL * func.value,
            f'{ev.quote(ids)} conflicts with "{ev.name(s)} {pn} {ev.name(o)}": both are a '
            f"{kind_name}, and {pn} takes one value of that kind ({func.describe()}).",
            ids,
            ev.texts(ids),
            "functional",
        )

    def _symmetric_conflict(
        self,
        s: str,
        props: list[str],
        o: str,
        s_alias: Aliases,
        o_alias: Aliases,
        ev: EvidenceIndex,
    ) -> Outcome | None:
        """A symmetric single-valued property read from the object's side.

        "Drew Barrymore was the spouse of Blake Edwards": the KG states no spouse of
        Drew Barrymore, but Blake Edwards's one spouse is Julie Andrews; a spouse of
        hers would be his spouse too, so that stated value excludes the claim. Asked
        when the subject's own stated values decide nothing (none, or several).
        """
        sym = [p for p in props if p in SYMMETRIC]
        if not sym:
            return None
        return self._functional_conflict(o, sym, s, o_alias, s_alias, ev)

    def _present_conflict(
        self, s: str, p: str, o: str, values: dict[str, str], o_alias: Aliases, ev: EvidenceIndex
    ) -> Outcome | None:
        """A conflict on a property whose several values are successive states (successions.toml).

        Cologne's countries are Germany and its former states (Holy Roman Empire,
        Kingdom of Prussia...): a claimed present-day country that none of them
        is, contains or lies in is refuted; a claimed former state never is.
        """
        if self.store is None:
            return None
        stats = stats_for(self.store)
        got = stats.present_functionality(p)
        if got is None:
            return None
        func, formers = got
        if func.value < successions()[p].min_single:
            return None
        stated = {**self._store_values(self.store, s, p), **values}
        types = stats.types_of([o, *stated])
        if types.get(o, set()) & formers or not types.get(o):
            return None
        present = [v for v in stated if types.get(v) and not types[v] & formers]
        if not present or any(self._compatible(v, o, o_alias, ev) for v in stated):
            return None
        if not self._same_kind(o, present, ev) or (
            self._is_class(o, ev) and not self._common_value(p, o)
        ):
            return None
        ids = [values[v] for v in present if v in values] or list(values.values())
        pn = ev.prop_name(p)
        return Outcome(
            VerdictLabel.REFUTED,
            CONF_FUNCTIONAL * func.value,
            f"{ev.quote(ids)} {'conflicts' if len(ids) == 1 else 'conflict'} with "
            f'"{ev.name(s)} {pn} {ev.name(o)}": {pn} has one present-day value '
            f"({func.describe()}).",
            ids,
            ev.texts(ids),
            "functional",
        )

    def _common_value(self, p: str, o: str) -> bool:
        """Is ``o`` a value of ``p`` for several subjects in the KG (Islam as a religion),
        whatever else is typed an instance of it? Then the claim names a value, not a kind."""
        if self.store is None:
            return False
        import pyoxigraph as ox

        try:
            quads = self.store.quads(predicate=ox.NamedNode(p), object=ox.NamedNode(o))
        except ValueError:
            return False
        return sum(1 for _, __ in zip(range(COMMON_VALUE), quads, strict=False)) >= COMMON_VALUE

    def _store_values(self, store: KnowledgeGraph, s: str, p: str) -> dict[str, str]:
        """Every value of ``s p`` in the store (the evidence may hold only some), as value -> ""."""
        import pyoxigraph as ox

        try:
            quads = store.quads(subject=ox.NamedNode(s), predicate=ox.NamedNode(p))
            return {q.object.value: "" for q in quads if isinstance(q.object, ox.NamedNode)}
        except ValueError:
            return {}

    def _is_class(self, o: str, ev: EvidenceIndex) -> bool:
        """Is ``o`` a class the KG has instances of ("capital", "city"), not an individual?"""
        if any(o in ts for ts in ev.types.values()):
            return True
        if self.store is None:
            return False
        import pyoxigraph as ox  # the store's term type; only when a store is asked

        try:
            instances = self.store.quads(predicate=ox.NamedNode(P31), object=ox.NamedNode(o))
            return next(iter(instances), None) is not None
        except ValueError:
            return False

    def _same_kind(self, o: str, values: list[str], ev: EvidenceIndex) -> bool:
        """Do the claimed object and a KG value share a type (so that one excludes the other)?

        Without a store the types in the evidence decide; an entity with no
        known type is taken to be of the same kind (nothing says otherwise).
        """
        known = {e: set(ev.types.get(e, {})) for e in (o, *values)}
        if self.store is not None:
            # the evidence holds a few of an entity's types (Spain: "realm"), the store all
            for e, ts in stats_for(self.store).types_of(list(known)).items():
                known[e] |= set(ts)
        mine = known[o]
        theirs = [known[v] for v in values]
        if not mine or any(not ts for ts in theirs):
            return True
        if any(mine & ts for ts in theirs):
            return True
        # no type in common, yet mostly the same things (a state capital and a big city)
        return self.store is not None and all(
            stats_for(self.store).kinds_overlap(mine, ts) >= SAME_KIND_OVERLAP for ts in theirs
        )

    def _reads_backwards(self, s: str, p: str, o: str) -> bool:
        """Is ``s p o`` a demonstrable type clash that ``o p s`` is not (the claim's direction misread)?"""
        if not self.use_types or self.store is None or p in SYMMETRIC:
            return False
        from kgfc.reason.completion import completion_for

        model = completion_for(self.store)
        return model.type_clash(p, o) is not None and model.type_clash(p, s) is None

    def _type_clash(
        self,
        s: str,
        props: list[str],
        o: str,
        s_alias: Aliases,
        o_alias: Aliases,
        ev: EvidenceIndex,
    ) -> Outcome | None:
        """REFUTED only for a demonstrable clash (see :meth:`Completion.type_clash`), never for "not seen before"."""
        if not self.use_types or self.store is None:
            return None
        from kgfc.reason.completion import completion_for

        if len(props) != 1:
            # The claim's words fit several properties ("played in": instrument, sport): a clash
            # with one of them says the reading may be wrong, not that the claim is.
            return None
        p = props[0]
        model = completion_for(self.store)
        found = model.type_clash(p, o)
        if found is None:
            return None
        if p not in SYMMETRIC and model.type_clash(p, s) is None:
            # Read the other way round ("S starred in O" is "O cast member S") the types fit:
            # the clash says the claim's direction was misread, so it is no ground to refute.
            # A symmetric relation reads the same both ways: its clash stands.
            return None
        t, why = found
        eid = ev.types.get(o, {}).get(t)
        ids = [eid] if eid else []
        pn = ev.prop_name(p)
        quoted = f"{ev.quote(ids)}: " if ids else ""
        return Outcome(
            VerdictLabel.REFUTED,
            CONF_TYPE,
            f'{quoted}{ev.name(o)} is a {ev.name(t)}, and {why} of {pn}; so "{ev.name(s)} {pn} {ev.name(o)}" is a type clash.',
            ids,
            ev.texts(ids),
            "type",
        )

    def _check_value(
        self,
        s: str,
        props: list[str],
        value: vals.DateValue | vals.NumberValue,
        t: ClaimTriple,
        ev: EvidenceIndex,
    ) -> Outcome:
        s_alias = ev.aliases(s)
        sn = ev.name(s)
        seen: list[str] = []
        for p in props:
            facts = [f for s2 in s_alias for f in ev.literals.get((s2, p), [])]
            if not facts:
                continue
            verdicts = [(f, self._compare_value(value, f, p, s, ev)) for f in facts]
            seen += [f.id for f in facts]
            pn = ev.prop_name(p)
            match = [f.id for f, ok in verdicts if ok is True]
            if match:
                return Outcome(
                    VerdictLabel.SUPPORTED,
                    CONF_DIRECT,
                    f'{ev.quote(match)} agrees with "{sn} {pn} {vals.describe(value)}".',
                    match,
                    ev.texts(match),
                    "value",
                )
            wrong = [f.id for f, ok in verdicts if ok is False]
            if wrong and len(wrong) == len(verdicts):
                return Outcome(
                    VerdictLabel.REFUTED,
                    CONF_VALUE,
                    f'{ev.quote(wrong)} disagrees with "{sn} {pn} {vals.describe(value)}".',
                    wrong,
                    ev.texts(wrong),
                    "value",
                )
        return self._nei(
            ev,
            f'No value in the evidence confirms or contradicts "{sn} {t.relation} {t.object}".',
            seen,
        )

    def _compare_value(
        self,
        value: vals.DateValue | vals.NumberValue,
        f: EvidenceFact,
        prop: str,
        s: str,
        ev: EvidenceIndex,
    ) -> bool | None:
        """The claim's value against one literal fact; a quantity in the property's units."""
        kg = vals.parse_literal(f.fact.object, f.fact.datatype)
        if isinstance(value, vals.NumberValue) and isinstance(kg, vals.NumberValue):
            return vals.compare_quantity(value, kg.value, prop, human=self._is_human(s, ev))
        return vals.compare(value, kg)

    def _is_human(self, s: str, ev: EvidenceIndex) -> bool:
        """Is ``s`` a human (wd:Q5)? From the evidence, else the store: it bounds a height's unit."""
        human = V.WD + "Q5"
        if human in ev.types.get(s, {}):
            return True
        if self.store is None:
            return False
        return human in stats_for(self.store).types_of([s]).get(s, set())

    def _check_string(self, s: str, props: list[str], t: ClaimTriple, ev: EvidenceIndex) -> Outcome:
        s_alias = ev.aliases(s)
        looked: list[str] = []
        for p in props:
            for s2 in s_alias:
                for f in ev.literals.get((s2, p), []):
                    looked.append(f.id)
                    if vals.compare(t.object, f.fact.object) is True:
                        return Outcome(
                            VerdictLabel.SUPPORTED,
                            CONF_DIRECT,
                            f"The KG states it: {ev.quote([f.id])}.",
                            [f.id],
                            ev.texts([f.id]),
                            "direct",
                        )
            stated = self._subject_facts(s_alias, p, ev)
            looked += list(stated.values())
            named = _short_name_of(t.object, stated, ev)
            if named is not None:
                o, fid = named
                return Outcome(
                    VerdictLabel.SUPPORTED,
                    CONF_ALIAS,
                    f'"{t.object}" is read as short for "{ev.name(o)}". '
                    f"The KG states it: {ev.quote([fid])}.",
                    [fid],
                    ev.texts([fid]),
                    "direct",
                )
        return self._nei(
            ev,
            f'"{t.object}" is not an entity or value found in the evidence for "{ev.name(s)} {t.relation}".',
            looked,
        )


def _short_name_of(
    mention: str, stated: dict[str, str], ev: EvidenceIndex
) -> tuple[str, str] | None:
    """The one stated value whose name begins with the words of a mention no entity has as a
    name ("buried at Forest Lawn": Forest Lawn Memorial Park), with its fact id; None when
    no value, or more than one, begins so. The mention holds at least half the name's words
    ("Forest" alone names too little of it). Only ever supports: a mention that names nothing
    in the KG cannot contradict a stated value."""
    words = normalise(mention).split()
    if not words or all(w in STOP_WORDS for w in words) or len(" ".join(words)) < 4:
        return None
    found = {}
    for o, fid in stated.items():
        name = normalise(ev.name(o)).split()
        if name[: len(words)] == words and len(words) < len(name) <= 2 * len(words):
            found[o] = fid
    return next(iter(found.items())) if len(found) == 1 else None


def _capped(o: Outcome, why: str) -> Outcome:
    """``o`` no surer than a link the names settle (CONF_NAMESAKES), with the reason why."""
    return Outcome(
        o.label, min(o.confidence, CONF_NAMESAKES), f"{o.reason} {why}", o.cited, o.path, o.kind
    )
