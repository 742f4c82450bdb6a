"""Entity linking: names -> KG entities, the one linker every stage uses.

:class:`EntityLinker` answers two questions over the store's label/alias
index (:class:`~kgfc.kg.labels.LabelIndex`):

- :meth:`EntityLinker.link` — a claim's mentions -> ranked entities.
  Candidates come from the label index (offline) or from a ``KGSource`` such
  as Wikidata's ``wbsearchentities`` (online); they are re-ranked by label
  match, by how well the entity's description fits the claim, and by how
  connected the entity is in the KG.
- :meth:`EntityLinker.resolve` — one name -> the entity it names on a
  (near-)exact label or alias match, or None; cached. Web extraction links
  triple arguments with it, and web filtering decides whether two names are
  one entity (:meth:`EntityLinker.same`).

:meth:`EntityLinker.widen` gives back the whole KG name spaCy clipped from a
sentence ("Richard" in "Little Richard played ...").
"""

from __future__ import annotations

import functools
import math
import threading
import tomllib
import weakref
from collections.abc import Callable, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Literal

from kgfc.kg.labels import FUZZY_MAX
from kgfc.kg.vocab import WD
from kgfc.models import LabelHit, LinkedEntity
from kgfc.nlp.text import PRONOUNS, normalise, widen

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.kg.wikidata import KGSource

__all__ = ["EntityLinker", "LINK_MIN", "Ranker", "link_confidence"]

Ranker = Callable[[str, Sequence[str]], list[float]]

W_LABEL, W_CONTEXT, W_DEGREE = 0.6, 0.25, 0.15
LINK_MIN = 0.8  # label score :meth:`EntityLinker.resolve` accepts (exact label 1.0, alias 0.95)
TIE = 0.02  # hits this close to the best are tied; the better connected entity wins


def _is_property(iri: str) -> bool:
    return iri.startswith(WD + "P") and iri[len(WD) + 1 :].isdigit()


# store -> (generation, entity -> degree or None for none); cleared past DEGREE_CACHE entities
_DEGREES: weakref.WeakKeyDictionary[KnowledgeGraph, tuple[int, dict[str, int | None]]] = (
    weakref.WeakKeyDictionary()
)
_DEGREES_LOCK = threading.Lock()
DEGREE_CACHE = 50_000


def _degree_cache(store: KnowledgeGraph) -> dict[str, int | None]:
    """The store's degrees known at its current generation (a fresh dict after a knowledge write).

    A store that keeps no generation (a stand-in) gets a dict of its own each time: no caching.
    """
    try:
        generation = store.generation
        with _DEGREES_LOCK:
            held = _DEGREES.get(store)
            if held is None or held[0] != generation or len(held[1]) > DEGREE_CACHE:
                held = _DEGREES[store] = (generation, {})
    except (AttributeError, TypeError):  # no generation, or not weakly referable
        return {}
    return held[1]


RIVAL_MARGIN = 0.05  # a same-named candidate this close in the combined score is a rival
RIVAL_FACTOR = 0.7  # what a rival leaves of the link's confidence


def link_confidence(best: LabelHit, scored: Sequence[tuple[float, LabelHit]]) -> float:
    """How sure a link is: the best hit's label match, lowered when a rival is about as likely.

    A rival is another entity whose name matches as well (within :data:`TIE`)
    and whose combined score is within :data:`RIVAL_MARGIN` of the best: two
    entities called "Paris" that context and connectedness cannot tell apart.
    """
    top = scored[0][0]
    rivals = [
        h
        for s, h in scored[1:]
        if h.entity != best.entity and h.score >= best.score - TIE and s >= top - RIVAL_MARGIN
    ]
    return round(best.score * (RIVAL_FACTOR if rivals else 1.0), 4)


def _pronoun(mention: str) -> bool:
    """Pronouns and possessive determiners name nothing ("My" is Malaysia's alias "MY"); a
    code in capitals ("US", "MY") is a name."""
    text = mention.strip()
    return normalise(text) in PRONOUNS and not (len(text) > 1 and text.isupper())


@functools.cache
def short_forms() -> dict[str, str]:
    """Short forms of place names the KG lacks as aliases ("U.K."), with the label each
    stands for (``short_forms.toml``)."""
    text = resources.files("kgfc.kg").joinpath("short_forms.toml").read_text(encoding="utf-8")
    return dict(tomllib.loads(text)["forms"])


class EntityLinker:
    def __init__(
        self,
        store: KnowledgeGraph,
        *,
        source: KGSource | None = None,
        ranker: Ranker | None = None,
        candidates: int = 8,
    ) -> None:
        self.store = store
        self.source = source  # optional online KGSource with search_entities()
        self.ranker = ranker
        self.n_candidates = candidates
        self._resolved: dict[tuple[str, float], LabelHit | None] = {}

    def candidates(self, mention: str) -> list[LabelHit]:
        hits = self._labelled(mention)
        full = short_forms().get(mention.strip())
        if full and not any(h.score >= 0.95 for h in hits):  # "U.K.": the KG has no such alias
            hits = self._labelled(full) or hits
        if self.source is not None and (not hits or hits[0].score < 0.95):
            seen = {h.entity for h in hits}
            hits += [
                h
                for h in self.source.search_entities(mention, limit=self.n_candidates)
                if h.entity not in seen
            ]
        return hits

    def _labelled(self, mention: str) -> list[LabelHit]:
        # Property entities (wd:P19) carry labels too; they are relations, not topic entities.
        hits = [
            h
            for h in self.store.search_labels(mention, limit=self.n_candidates * 2)
            if not _is_property(h.entity)
        ]
        return hits[: self.n_candidates]

    def link(
        self, claim: str, mentions: Sequence[str], *, min_score: float = 0.45
    ) -> list[LinkedEntity]:
        """Best entity per mention (mentions with no good candidate are dropped), best first."""
        per_mention = {
            m: self.candidates(m) for m in dict.fromkeys(mentions) if m.strip() and not _pronoun(m)
        }
        all_entities = sorted({h.entity for hits in per_mention.values() for h in hits})
        degree = self._degrees(all_entities)
        max_log = max((math.log1p(d) for d in degree.values()), default=1.0) or 1.0
        linked: list[LinkedEntity] = []
        for mention, hits in per_mention.items():
            if not hits:
                continue
            context = self._context_scores(claim, hits)
            scored = []
            for hit, ctx in zip(hits, context, strict=True):
                prior = math.log1p(degree.get(hit.entity, 0)) / max_log
                score = W_LABEL * hit.score + W_CONTEXT * ctx + W_DEGREE * prior
                scored.append((round(score, 4), hit))
            scored.sort(key=lambda x: (-x[0], x[1].entity))
            best_score, best = scored[0]
            if best_score < min_score:
                continue
            ranked = [h.model_copy(update={"score": s}) for s, h in scored]
            linked.append(
                LinkedEntity(
                    mention=mention,
                    entity=best.entity,
                    label=best.text,
                    score=best_score,
                    candidates=ranked,
                    confidence=link_confidence(best, scored),
                )
            )
        linked.sort(key=lambda e: -e.score)
        return linked

    def _degrees(self, entities: list[str]) -> dict[str, int]:
        """Facts each entity takes part in (entities in none left out), kept per store generation.

        Degrees count knowledge only (``wdt:`` and kgfc relations), which only a write of
        knowledge changes, and a batch asks again and again for the same hubs. The query
        is also slow while claims are re-recorded (it scans past the replaced claim
        graphs' deleted quads): a warm batch that records its verdicts paid for it per claim.
        """
        if not entities:
            return {}
        known = _degree_cache(self.store)
        missing = [e for e in entities if e not in known]
        if missing:
            rows = self.store.run("entity_degree", values=missing)
            got = {r["entity"]: int(r["degree"] or 0) for r in rows}
            known.update({e: got.get(e) for e in missing})
        return {e: d for e in entities if (d := known.get(e)) is not None}

    def _context_scores(self, claim: str, hits: Sequence[LabelHit]) -> list[float]:
        texts = [f"{h.text}: {h.description}" if h.description else h.text for h in hits]
        exact = [h for h in hits if h.score >= 0.95]
        # One exact label and nothing close: the description cannot change the
        # choice, and embedding eight descriptions is the costliest part of linking.
        if (
            self.ranker is None
            or len(hits) == 1
            or (len(exact) == 1 and all(h.score < 0.8 for h in hits if h not in exact))
        ):
            return [0.5] * len(hits)
        return self.ranker(claim, texts)

    # -- one name -> one entity -------------------------------------------------------
    def resolve(self, name: str, min_score: float = LINK_MIN) -> LabelHit | None:
        """The entity ``name`` names, on an exact or near-identical label/alias match.

        Hits scoring below ``min_score`` are refused; among hits within
        :data:`TIE` of the best, the better connected entity wins (two
        entities called "Paris"). Pronouns name nothing. Cached per linker.
        """
        key = (normalise(name), min_score)
        if not key[0] or _pronoun(name):
            return None
        if key not in self._resolved:
            self._resolved[key] = self._resolve(name, min_score)
        return self._resolved[key]

    def _resolve(self, name: str, floor: float) -> LabelHit | None:
        # The loose fuzzy ranking of search_labels can never reach a linking
        # threshold but costs ~60 ms a name on a large KG; "near" is the cheap pass.
        fuzzy: Literal["near"] | bool = "near" if floor <= FUZZY_MAX else False
        hits = sorted(
            (
                h
                for h in self.store.label_index().search(name, limit=5, fuzzy=fuzzy)
                if h.score >= floor and not _is_property(h.entity)
            ),
            key=lambda h: (-h.score, h.entity),
        )
        if not hits:
            return None
        tied = [h for h in hits if h.score >= hits[0].score - TIE]
        if len(tied) == 1:
            return tied[0]
        degree = self._degrees([h.entity for h in tied])
        return max(tied, key=lambda h: (degree.get(h.entity, 0), h.score))

    def entity(self, name: str, min_score: float = LINK_MIN) -> str | None:
        hit = self.resolve(name, min_score)
        return hit.entity if hit is not None else None

    def same(self, a: str, b: str) -> bool | None:
        """Do two names name one entity? None when either does not link."""
        ea, eb = self.entity(a), self.entity(b)
        if ea is None or eb is None:
            return None
        return ea == eb

    def widen(self, sentence: str, name: str) -> str:
        """The whole KG label in ``sentence`` that ``name`` is a clipped part of (else ``name``)."""
        index = self.store.label_index()
        key = widen(sentence, name, index)
        return (index.text_of(key) or name) if key else name
