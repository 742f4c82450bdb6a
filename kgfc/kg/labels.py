"""An in-memory label/alias index over the store, for offline entity search.

SPARQL can match an exact label quickly but not rank fuzzy or partial
matches; rapidfuzz does that over a few hundred thousand labels in tens of
milliseconds, so the index is built once per store generation.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Literal

from rapidfuzz import fuzz, process

from kgfc.kg import vocab as V
from kgfc.models import LabelHit
from kgfc.nlp.text import STOP_WORDS, normalise

__all__ = ["LabelIndex", "normalise"]

LabelKind = Literal["label", "alias"]
_KIND: dict[str, LabelKind] = {V.RDFS_LABEL: "label", V.SKOS_ALT: "alias"}
_ECHO = re.compile(r"\b(\w{3,})\1\b")  # a word glued to itself: "CyrusCyrus"
TYPO_RATIO = 80  # a misspelt word and the word it stands for (character similarity, 0-100)
FUZZY_MAX = 0.9  # the best score a non-exact match gets (exact label 1.0, exact alias 0.95)
NEAR_RATIO = 90  # character similarity of a near-identical spelling


class LabelIndex:
    def __init__(self) -> None:
        self.by_key: dict[str, list[tuple[str, str, LabelKind]]] = defaultdict(
            list
        )  # key -> (entity, text, kind)
        self.descriptions: dict[str, str] = {}
        self.labels: dict[str, str] = {}
        self._keys: list[str] = []
        self._words: set[str] | None = None

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, str | None]]) -> LabelIndex:
        idx = cls()
        idx.add_rows(rows)
        return idx

    def add_rows(self, rows: Iterable[Mapping[str, str | None]]) -> None:
        """Index more ``(entity, p, text)`` rows (labels, aliases, descriptions)."""
        touched: set[str] = set()
        for r in rows:
            entity, pred, text = r["entity"], r["p"], r["text"]
            if not entity or not text:
                continue
            if pred == V.SCHEMA_DESC:
                self.descriptions.setdefault(entity, text)
                continue
            kind = _KIND.get(pred or "", "label")
            if kind == "label":
                self.labels.setdefault(entity, text)
            touched.add(entity)
            key = normalise(text)
            if not key:
                continue
            entries = self.by_key.get(key)
            if entries is None:
                self.by_key[key] = entries = []
                self._keys.append(key)
                if self._words is not None:
                    self._words.update(key.split())
            if (entity, text, kind) not in entries:
                entries.append((entity, text, kind))
        self._repair_labels(touched)

    def _repair_labels(self, entities: Iterable[str]) -> None:
        """Labels a source assembled wrongly ("Miley CyrusCyrus"): the alias without the echo.

        Only when the entity has that alias, so a real name is never rewritten.
        """
        for entity in entities:
            text = self.labels.get(entity)
            if text is None:
                continue
            fixed = _ECHO.sub(r"\1", text)
            if fixed != text and any(
                e == entity for e, _, _ in self.by_key.get(normalise(fixed), ())
            ):
                self.labels[entity] = fixed

    def _vocabulary(self) -> set[str]:
        """Every word of every label and alias (built on the first fuzzy search)."""
        if self._words is None:
            self._words = {w for key in self._keys for w in key.split()}
        return self._words

    def __len__(self) -> int:
        return len(self._keys)

    def label(self, entity: str) -> str | None:
        return self.labels.get(entity)

    def __contains__(self, key: object) -> bool:
        """Is ``key`` (a :func:`normalise` d text) some entity's label or alias?"""
        return key in self.by_key

    def text_of(self, key: str) -> str | None:
        """The label (or alias) text first indexed under ``key``."""
        entries = self.by_key.get(key)
        return entries[0][1] if entries else None

    def add(self, entity: str, text: str, kind: LabelKind = "label") -> None:
        """Index one more label in place (an ingest job links its next document against it)."""
        key = normalise(text)
        if not key:
            return
        entries = self.by_key.get(key)
        if entries is None:
            self.by_key[key] = entries = []
            self._keys.append(key)
        if not any(e[0] == entity for e in entries):
            entries.append((entity, text, kind))
        if self._words is not None:
            self._words.update(key.split())
        if kind == "label":
            self.labels.setdefault(entity, text)

    def search(
        self, text: str, limit: int = 10, *, fuzzy: bool | Literal["near"] = True
    ) -> list[LabelHit]:
        """Exact label > exact alias > fuzzy matches, one hit per entity, best first.

        ``fuzzy``: True ranks loose matches (typos, word order); ``"near"``
        only the one nearest near-identical spelling ("Mohammad" /
        "Muhammad"), which is all a linking threshold of 0.8 can accept and
        far cheaper on a large KG; False exact keys only.
        """
        key = normalise(text)
        if not key:
            return []
        best: dict[str, LabelHit] = {}

        def offer(entity: str, label_text: str, kind: LabelKind, score: float) -> None:
            old = best.get(entity)
            if old is None or score > old.score:
                best[entity] = LabelHit(
                    entity=entity,
                    text=label_text,
                    kind=kind,
                    score=round(score, 4),
                    description=self.descriptions.get(entity),
                )

        for entity, label_text, kind in self.by_key.get(key, ()):
            offer(entity, label_text, kind, 1.0 if kind == "label" else 0.95)
        if fuzzy == "near" and not best and self._keys:
            match = process.extractOne(key, self._keys, scorer=fuzz.ratio, score_cutoff=NEAR_RATIO)
            if match is not None and self._same_name(key, match[0]):
                found, ratio, _ = match
                length = min(len(found), len(key)) / max(len(found), len(key))
                s = FUZZY_MAX * (ratio / 100.0) * (0.5 + 0.5 * length)
                for entity, label_text, kind in self.by_key[found]:
                    offer(entity, label_text, kind, s if kind == "label" else s * 0.97)
        # Fuzzy matching only when nothing matched exactly: it scans every key
        # (tens of ms on the demo KG) and an exact label is what linking wants.
        if fuzzy is True and not best and self._keys:
            for other, score, _ in process.extract(
                # token_sort_ratio: typos and word order, but no partial matches
                # ("childhood" must not find "Chile", as WRatio's partial scoring did)
                key,
                self._keys,
                scorer=fuzz.token_sort_ratio,
                limit=limit * 3,
                score_cutoff=82,
            ):
                if other == key:
                    continue
                # Length-aware: a short query inside a long label is a weak match,
                # and a two-letter alias ("ma", "om") inside a query is no match.
                ratio = min(len(other), len(key)) / max(len(other), len(key))
                if len(other) < 3 or ratio < 0.4 or not self._same_name(key, other):
                    continue
                s = FUZZY_MAX * (score / 100.0) * (0.5 + 0.5 * ratio)
                for entity, label_text, kind in self.by_key[other]:
                    offer(entity, label_text, kind, s if kind == "label" else s * 0.97)
        return sorted(best.values(), key=lambda h: (-h.score, h.entity))[:limit]

    def _same_name(self, query: str, match: str) -> bool:
        """May a fuzzy match of ``query`` stand for ``match``, i.e. is it the same name misspelt?

        Whole-string similarity pairs distinct names ("Lisa Lopes" / "Lisa
        Loeb", "Royal Prussian Academy of Sciences" / "Russian Academy of
        Sciences", "film editor" / "film director"). Here the words that
        differ must pair one to one, each a near spelling of the other, and a
        query word that is itself a word of the KG's names is not a typo: it
        is a different name; nor is a word that extends the other by a suffix
        ("The Gifted" / "The Gift").
        """
        q = {w for w in query.split() if w not in STOP_WORDS}
        m = {w for w in match.split() if w not in STOP_WORDS}
        only_q, only_m = q - m, m - q
        if len(only_q) != len(only_m):
            return False
        vocabulary = self._vocabulary()
        for w in only_q:
            if w in vocabulary:
                return False
            best = max(only_m, key=lambda x: fuzz.ratio(w, x))
            if fuzz.ratio(w, best) < TYPO_RATIO:
                return False
            short, long = sorted((w, best), key=len)
            if long.startswith(short) and len(long) - len(short) >= 2:
                # "Gifted" / "Gift", "Daniel" / "Dan": a word and another built on it, no typo
                return False
            only_m.discard(best)
        return True
