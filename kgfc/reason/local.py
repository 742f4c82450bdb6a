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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.kg.properties import CHAINS, HUMAN, RELATED, SYMMETRIC
from kgfc.kg.trust import normalise_trust_order
from kgfc.models import ClaimTriple, Counters, EvidenceFact, Verdict, VerdictLabel
from kgfc.nlp import values as vals
from kgfc.nlp.text import overlap_scores
from kgfc.reason.checks import CONF_CHAIN, CONF_NEI, Aliases, claim_props, nei, norm, subject_facts
from kgfc.reason.completion_step import complete
from kgfc.reason.conflicts import functional_conflict, symmetric_conflict, type_clash
from kgfc.reason.entailment import chain, related, stated
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.literals import check_string, check_value
from kgfc.reason.namesakes import LINK_REFUTE_MIN, capped, namesakes, sole_in_range, trust_links
from kgfc.reason.rules import RuleSet, rules_for

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.nlp.embed import BM25Scorer, Embedder
    from kgfc.reason.calibration import Calibration
from kgfc.reason.trust import weigh_sources

log = logging.getLogger(__name__)

# A type clash refutes only a relation read from its property's own label or alias, not from a
# paraphrase of it (kgfc.nlp.alignment scores: 1.0 label, 0.95 alias, 0.9 and below paraphrases)
SURE_READING = 0.95


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
        trusted = trust_links(t, sure)
        named = namesakes(self.store, t) if raw.label is VerdictLabel.REFUTED else []
        if not named and trusted.label is not sure.label and sole_in_range(self.store, t):
            return capped(
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
            return capped(
                sure,
                f'"{t.object}" names {len(named)} entities in the KG; the claim is refuted '
                f"for each of them ({names}).",
            )
        return trusted

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
        key = norm(text)
        if not key:
            return None
        hits = [iri for iri, label in ev.labels.items() if norm(label) == key]
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

    def _check(self, t: ClaimTriple, ev: EvidenceIndex) -> Outcome:
        s = t.subject_id or self._resolve(t.subject, ev)
        props = claim_props(t, ev)
        self._name_props(props, ev)
        what = f"{t.subject} {t.relation} {t.object}".strip()
        if s is None or not props:
            missing = "subject" if s is None else "relation"
            return nei(
                ev, f'The {missing} of "{what}" could not be matched to the knowledge graph.', []
            )
        if t.object_id is None:
            value = vals.parse_claim_value(t.object)
            if value is not None:
                return check_value(self.store, s, props, value, t, ev)
            o = self._resolve(t.object, ev)
            if o is None:
                return check_string(s, props, t, ev)
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
            return related(s_alias, o_alias, sn, on, ev, kin=kin)
        best: Outcome | None = None
        for p in props:
            for out in stated(p, s, o, s_alias, o_alias, ev, self._reads_backwards):
                if best is None or out.confidence > best.confidence:
                    best = out
            if p in CHAINS and (best is None or best.confidence < CONF_CHAIN):
                chained = chain(self.store, p, s, o, s_alias, o_alias, ev)
                if chained is not None and (best is None or chained.confidence > best.confidence):
                    best = chained
        if best is not None:
            return best
        return self._unstated(s, props, o, t, s_alias, o_alias, ev)

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
        if self.use_functionality:
            out = functional_conflict(self.store, s, props, o, s_alias, o_alias, ev)
            if out is None:
                out = symmetric_conflict(self.store, s, props, o, s_alias, o_alias, ev)
            if out is not None:
                return out
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
        # 6. refutation: a type clash. Not for a paraphrase ("S knows O" read as the languages
        # S speaks: with a person for O, the clash says the words were misread, not that the
        # claim is false)
        if self.use_types and self.store is not None and (t.relation_score or 1.0) >= SURE_READING:
            out = type_clash(self.store, s, props, o, ev)
            if out is not None:
                return out
        looked = [i for p in props for i in subject_facts(s_alias, p, ev).values()]
        looked += list(ev.types.get(o, {}).values())[:2]
        # a property no evidence fact names has no label here: the claim's words, not its id
        rel = ev.prop_labels.get(props[0]) or t.relation or ev.prop_name(props[0])
        why = f'No fact in the evidence states or entails "{sn} {rel} {on}".'
        if rule_out is not None:
            why += " " + rule_out.reason
            looked = rule_out.cited + looked
        return nei(ev, why, looked)

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

    def _reads_backwards(self, s: str, p: str, o: str) -> bool:
        """Is ``s p o`` a demonstrable type clash that ``o p s`` is not (the claim's direction misread)?"""
        if not self.use_types or self.store is None or p in SYMMETRIC:
            return False
        from kgfc.reason.completion import completion_for

        model = completion_for(self.store)
        return model.type_clash(p, o) is not None and model.type_clash(p, s) is None
