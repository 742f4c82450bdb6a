"""Claim analysis without an LLM: mentions, (subject, relation, object) triples, keywords.

Three public pieces:

- :func:`extract_mentions` — spaCy entities (numbers dropped, dates kept as
  values) with a noun-chunk fallback for claims NER barely tags.
- :class:`RelationAligner` — a relation phrase ("was born in") to ranked
  Wikidata direct properties, from the store's own property labels and
  aliases, with a small paraphrase table as the fallback.
- :func:`decompose` — dependency-pattern decomposition of a claim into
  :class:`~kgfc.models.ClaimTriple` readings plus topic keywords.

Direction convention: a triple's ``relation_ids`` always read
``subject -> object``. When the best alignment reads the property backwards
("Shakespeare wrote Hamlet" is ``Hamlet P50 Shakespeare``), the triple is
flipped and its relation text becomes the property's label.

spaCy only sees the first :data:`~kgfc.nlp.spacy_pipeline.MAX_CHARS`
characters of a text (see that module), so a huge input costs no more than a
paragraph.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, NamedTuple

from rapidfuzz import fuzz, process

from kgfc.kg import vocab as V
from kgfc.kg.labels import normalise
from kgfc.models import ClaimAnalysis, ClaimTriple, Mention
from kgfc.nlp.spacy_pipeline import parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from kgfc.kg.store import GraphStore

__all__ = ["Alignment", "RelationAligner", "decompose", "extract_mentions"]

ValueKind = Literal["date", "number", "entity"]

# Entity types that are quantities, not things a claim is about.
SKIPPED_ENTITY_LABELS = frozenset({"CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
_DATE_LABELS = frozenset({"DATE", "TIME"})
_NUMBER_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"})
_PERSON_LABELS = frozenset({"PERSON"})

# -- mentions -------------------------------------------------------------------


def extract_mentions(text: str) -> list[Mention]:
    """Entity mentions in ``text`` with character offsets, in order of appearance.

    Entities of spaCy's numeric types are skipped; DATE and TIME are kept
    (labelled as such) because they are claim values. When NER finds fewer
    than two mentions, noun chunks (without their determiners, never bare
    pronouns) that do not overlap an entity are added, labelled ``NOUN_CHUNK``.
    """
    if not text or not text.strip():
        return []
    return _mentions(parse(text))


def _strip_span(span: Span) -> Span:
    """Drop leading determiners/possessive pronouns and trailing punctuation."""
    start, end = span.start, span.end
    while start < end and (span.doc[start].dep_ in ("det", "predet") or span.doc[start].tag_ == "PRP$" or span.doc[start].is_punct):
        start += 1
    while end > start and (span.doc[end - 1].is_punct or span.doc[end - 1].tag_ == "POS"):
        end -= 1
    return span.doc[start:end]


def _mentions(doc: Doc) -> list[Mention]:
    found: list[Mention] = []
    for ent in doc.ents:
        if ent.label_ in SKIPPED_ENTITY_LABELS:
            continue
        span = _strip_span(ent)
        if len(span):
            found.append(Mention(text=span.text, start=span.start_char, end=span.end_char, label=ent.label_))
    if len(found) < 2:
        taken = [(m.start, m.end) for m in found]
        for chunk in doc.noun_chunks:
            if chunk.root.pos_ == "PRON":
                continue
            span = _strip_span(chunk)
            if not len(span) or all(t.is_stop or t.is_punct for t in span):
                continue
            if any(span.start_char < e and s < span.end_char for s, e in taken):
                continue
            found.append(Mention(text=span.text, start=span.start_char, end=span.end_char, label="NOUN_CHUNK"))
            taken.append((span.start_char, span.end_char))
    return sorted(found, key=lambda m: (m.start, m.end))


# -- relation alignment ---------------------------------------------------------


class Alignment(NamedTuple):
    """One candidate property for a relation phrase. ``inverse``: the phrase reads it backwards."""

    property: str  # wdt: IRI
    score: float
    inverse: bool = False


# Frequent paraphrases -> (PID, inverse). Keys are normalised token sequences,
# surface or lemma form (both are tried); order within an entry is preference.
# This is the fallback: the store's labels and aliases score higher.
_F, _I = False, True
PARAPHRASES: dict[str, tuple[tuple[str, bool], ...]] = {
    "born in": (("P19", _F), ("P569", _F)),
    "born at": (("P19", _F),),
    "born on": (("P569", _F),),
    "born": (("P19", _F), ("P569", _F)),
    "birthplace": (("P19", _F),),
    "die in": (("P20", _F), ("P570", _F)),
    "died in": (("P20", _F), ("P570", _F)),
    "die at": (("P20", _F),),
    "die on": (("P570", _F),),
    "died on": (("P570", _F),),
    "die": (("P20", _F), ("P570", _F)),
    "married to": (("P26", _F),),
    "marry": (("P26", _F),),
    "marry to": (("P26", _F),),
    "wife": (("P26", _F),),
    "wife of": (("P26", _F),),
    "husband": (("P26", _F),),
    "husband of": (("P26", _F),),
    "spouse": (("P26", _F),),
    "spouse of": (("P26", _F),),
    "citizen": (("P27", _F),),
    "citizen of": (("P27", _F),),
    "nationality": (("P27", _F),),
    "capital of": (("P1376", _F), ("P36", _I)),
    "capital": (("P36", _F), ("P1376", _I)),
    "located in": (("P131", _F), ("P17", _F), ("P276", _F)),
    "locate in": (("P131", _F), ("P17", _F), ("P276", _F)),
    "in": (("P131", _F), ("P17", _F), ("P276", _F)),
    "member of": (("P463", _F), ("P54", _F), ("P102", _F)),
    "member": (("P463", _F), ("P54", _F)),
    "play for": (("P54", _F),),
    "plays for": (("P54", _F),),
    "work for": (("P108", _F),),
    "works for": (("P108", _F),),
    "work at": (("P108", _F),),
    "employ by": (("P108", _F),),
    "employed by": (("P108", _F),),
    "employer": (("P108", _F),),
    "educate at": (("P69", _F),),
    "educated at": (("P69", _F),),
    "study at": (("P69", _F),),
    "graduate from": (("P69", _F),),
    "attend": (("P69", _F),),
    "found by": (("P112", _F),),
    "founded by": (("P112", _F),),
    "found": (("P112", _I),),
    "co found": (("P112", _I),),
    "founder": (("P112", _F),),
    "founder of": (("P112", _I),),
    "author": (("P50", _F),),
    "author of": (("P50", _I),),
    "write": (("P50", _I),),
    "written by": (("P50", _F),),
    "write by": (("P50", _F),),
    "direct": (("P57", _I),),
    "directed by": (("P57", _F),),
    "direct by": (("P57", _F),),
    "director": (("P57", _F),),
    "director of": (("P57", _I),),
    "star in": (("P161", _I),),
    "appear in": (("P161", _I),),
    "act in": (("P161", _I),),
    "star": (("P161", _F),),
    "be a": (("P31", _F), ("P106", _F)),
    "occupation": (("P106", _F),),
    "profession": (("P106", _F),),
    "work as": (("P106", _F),),
    "genre": (("P136", _F),),
    "record label": (("P264", _F),),
    "sign to": (("P264", _F),),
    "sign with": (("P264", _F),),
    "instrument": (("P1303", _F),),
    "play": (("P1303", _F),),
    "language": (("P1412", _F), ("P407", _F)),
    "speak": (("P1412", _F),),
    "write in": (("P407", _F), ("P1412", _F)),
    "religion": (("P140", _F),),
    "award": (("P166", _F),),
    "win": (("P166", _F),),
    "won": (("P166", _F),),
    "receive": (("P166", _F),),
    "nominate for": (("P1411", _F),),
    "nominated for": (("P1411", _F),),
    "child": (("P40", _F),),
    "son": (("P40", _F),),
    "daughter": (("P40", _F),),
    "child of": (("P22", _F), ("P25", _F)),
    "son of": (("P22", _F), ("P25", _F)),
    "daughter of": (("P22", _F), ("P25", _F)),
    "father": (("P22", _F),),
    "mother": (("P25", _F),),
    "parent": (("P22", _F), ("P25", _F)),
    "father of": (("P40", _F), ("P22", _I)),
    "mother of": (("P40", _F), ("P25", _I)),
    "parent of": (("P40", _F),),
    "sibling": (("P3373", _F),),
    "brother": (("P3373", _F),),
    "sister": (("P3373", _F),),
    "brother of": (("P3373", _F),),
    "sister of": (("P3373", _F),),
    "party": (("P102", _F),),
    "member of party": (("P102", _F),),
    "position": (("P39", _F),),
    "position held": (("P39", _F),),
    "serve as": (("P39", _F),),
    "country": (("P17", _F), ("P27", _F), ("P495", _F)),
    "from": (("P27", _F), ("P19", _F), ("P495", _F)),
    "headquarters": (("P159", _F),),
    "headquarter in": (("P159", _F),),
    "headquartered in": (("P159", _F),),
    "base in": (("P159", _F), ("P131", _F)),
    "based in": (("P159", _F), ("P131", _F)),
    "release": (("P577", _F),),
    "release in": (("P577", _F),),
    "release on": (("P577", _F),),
    "publish": (("P577", _F),),
    "perform": (("P175", _I),),
    "sing": (("P175", _I),),
    "performed by": (("P175", _F),),
    "compose": (("P86", _I),),
    "composed by": (("P86", _F),),
    "own": (("P127", _I),),
    "owned by": (("P127", _F),),
    "part of": (("P361", _F),),
}

# Datatypes of the few properties the table names, for stores without
# wikibase:propertyType.
_KNOWN_TIME = frozenset({"P569", "P570", "P571", "P576", "P577", "P580", "P582", "P585"})
_TIME = V.WIKIBASE + "Time"
_QUANTITY = V.WIKIBASE + "Quantity"
_ITEM = V.WIKIBASE + "WikibaseItem"

# Words dropped from labels and phrases before matching (auxiliaries, articles).
_FUNCTION_WORDS = frozenset(
    "is was are were be been being am a an the has have had having do does did will would shall "
    "should can could may might must also not never n't".split()
)
_PREPOSITIONS = frozenset(
    "in on at of for to by from with as into onto about after before during under over within".split()
)
# spaCy lemmatises "born" to "bear", which matches nothing useful.
_KEEP_SURFACE = frozenset({"born"})


def _content(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(w for w in words if w and w not in _FUNCTION_WORDS)


def _strip_preps(words: tuple[str, ...]) -> tuple[str, ...]:
    start, end = 0, len(words)
    while start < end and words[start] in _PREPOSITIONS:
        start += 1
    while end > start and words[end - 1] in _PREPOSITIONS:
        end -= 1
    return words[start:end]


def _contains(hay: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    return any(hay[i : i + n] == needle for i in range(len(hay) - n + 1))


class RelationAligner:
    """Relation phrases -> ranked Wikidata direct properties, from the store's property labels.

    The index (English labels and aliases of every property with a
    ``wikibase:directClaim``, query ``property_labels``) is built on first
    use and kept; call :meth:`refresh` after loading new properties.

    Scores: exact label 1.0, exact alias 0.95 (a little less for the
    lemmatised or preposition-less forms of the phrase), paraphrase table
    0.9 and below, fuzzy matches at most 0.8; then scaled down when the
    property's datatype does not fit the object (a date object prefers
    ``wikibase:Time`` properties).
    """

    def __init__(self, store: GraphStore | None = None, rows: Iterable[Mapping[str, str | None]] | None = None) -> None:
        if store is None and rows is None:
            raise ValueError("RelationAligner needs a store or property label rows")
        self._store = store
        self._rows = rows
        self._lock = threading.Lock()
        self._built = False
        self._keys: dict[str, list[tuple[str, str, float]]] = {}  # key -> [(iri, kind, factor)]
        self._key_list: list[str] = []
        self.labels: dict[str, str] = {}  # wdt IRI -> English label
        self.types: dict[str, str] = {}  # wdt IRI -> wikibase datatype IRI
        # Per instance, so a dropped aligner takes its cache with it.
        self._cached_align = lru_cache(maxsize=4096)(self._align)

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, str | None]]) -> RelationAligner:
        """Build from rows shaped like the ``property_labels`` query (property, text, kind, type)."""
        return cls(rows=list(rows))

    # -- index ------------------------------------------------------------
    def refresh(self) -> None:
        with self._lock:
            self._built = False
            self._cached_align.cache_clear()

    def _ensure(self) -> None:
        if self._built:
            return
        with self._lock:
            if self._built:
                return
            rows = self._rows if self._rows is not None else self._store.run("property_labels")  # type: ignore[union-attr]
            keys: dict[str, list[tuple[str, str, float]]] = defaultdict(list)
            labels: dict[str, str] = {}
            types: dict[str, str] = {}
            for r in rows:
                prop, text, kind = r.get("property"), r.get("text"), r.get("kind") or "label"
                if not prop or not text:
                    continue
                if r.get("type"):
                    types[prop] = r["type"]  # type: ignore[assignment]
                if kind == "label":
                    labels.setdefault(prop, text)
                full = normalise(text)
                if not full:
                    continue
                keys[full].append((prop, kind, 1.0))
                content = " ".join(_content(full.split()))
                if content and content != full:  # "is capital of" also answers "capital of"
                    keys[content].append((prop, kind, 0.98))
            self._keys = dict(keys)
            self._key_list = [k for k in keys if len(k) >= 4]
            self.labels, self.types = labels, types
            self._built = True

    def __len__(self) -> int:
        self._ensure()
        return len(self.labels)

    def label(self, iri: str) -> str | None:
        self._ensure()
        return self.labels.get(iri)

    # -- alignment --------------------------------------------------------
    def align(
        self,
        phrase: str,
        *,
        value_kind: ValueKind | None = None,
        subject_is_person: bool | None = None,
        limit: int = 5,
    ) -> list[Alignment]:
        """Ranked ``(property_iri, score, inverse)`` for a relation phrase, best first.

        ``value_kind`` ("date", "number" or "entity") is what the object of the
        claim is; it moves properties of a fitting datatype up.
        ``subject_is_person`` breaks the "is a" tie between occupation and
        instance-of.
        """
        phrase = (phrase or "").strip()
        if not phrase:
            return []
        doc = parse(phrase[:200])
        words, lemmas = _phrase_forms(doc)
        return self.align_forms(words, lemmas, value_kind=value_kind, subject_is_person=subject_is_person, limit=limit)

    def align_forms(
        self,
        words: Sequence[str],
        lemmas: Sequence[str],
        *,
        value_kind: ValueKind | None = None,
        subject_is_person: bool | None = None,
        limit: int = 5,
    ) -> list[Alignment]:
        """:meth:`align` for a phrase already tokenised (lower-case surface and lemma forms)."""
        self._ensure()
        return self._cached_align(tuple(words), tuple(lemmas), value_kind, subject_is_person)[:limit]

    def _align(
        self,
        words: tuple[str, ...],
        lemmas: tuple[str, ...],
        value_kind: ValueKind | None,
        subject_is_person: bool | None,
    ) -> list[Alignment]:
        scores: dict[tuple[str, bool], float] = {}

        def offer(iri: str, inverse: bool, score: float) -> None:
            key = (iri, inverse)
            if score > scores.get(key, 0.0):
                scores[key] = score

        full = " ".join(words)
        content_w, content_l = _content(words), _content(lemmas)
        variants: list[tuple[str, float, bool]] = [
            (full, 1.0, False),
            (" ".join(content_w), 1.0, False),
            (" ".join(content_l), 0.97, False),
        ]
        for form in (content_w, content_l):
            bare = _strip_preps(form)
            if bare and bare != form:
                # A relational noun without its "of" reads backwards: "X is the
                # capital of Y" is Y capital X, "X is the daughter of Y" is Y child X.
                variants.append((" ".join(bare), 0.9, form[-1] == "of"))
        seen: set[str] = set()
        for key, factor, backwards in variants:
            if not key or key in seen:
                continue
            seen.add(key)
            for iri, kind, k_factor in self._keys.get(key, ()):
                offer(iri, backwards, (1.0 if kind == "label" else 0.95) * factor * k_factor)
        if "by" not in words:
            # An active verb is its passive label read backwards: "X founded Y" is
            # Y "founded by" X, "X directed Y" is Y "directed by" X.
            for key, factor, _ in variants[1:3]:
                for iri, kind, k_factor in self._keys.get(f"{key} by", ()) if key else ():
                    offer(iri, True, (1.0 if kind == "label" else 0.95) * factor * k_factor * 0.97)

        # The paraphrase table. "is a" has no content words: it keys as "be a".
        # The table spells out its "N of" entries, so it is not asked about the
        # bare nouns: "member of" and "citizen of" do not read backwards.
        table_keys = [k for k, _, backwards in variants[1:] if k and not backwards]
        is_a = not content_w and any(w in ("a", "an") for w in words)
        if is_a:
            table_keys = ["be a"]
        endorsed: set[tuple[str, bool]] = set()
        for key in dict.fromkeys(table_keys):
            for rank, (pid, inverse) in enumerate(PARAPHRASES.get(key, ())):
                iri = V.WDT + pid
                offer(iri, inverse, 0.9 - 0.02 * rank)
                endorsed.add((iri, inverse))
        if is_a and subject_is_person:
            # "X is a singer" about a person is an occupation; instance-of is "human".
            p31 = (V.WDT + "P31", False)
            if p31 in scores:
                scores[p31] *= 0.8
        if not endorsed:
            toks = content_l or content_w
            for trigger, entry in PARAPHRASES.items():
                t = tuple(trigger.split())
                if len(t) < len(toks) and (_contains(content_l, t) or _contains(content_w, t)):
                    for rank, (pid, inverse) in enumerate(entry):
                        offer(V.WDT + pid, inverse, 0.75 + 0.03 * min(len(t), 3) - 0.02 * rank)
        # Labels the table also names are the more likely reading of a tie.
        for key in endorsed:
            if key in scores and scores[key] > 0.9:
                scores[key] = min(1.0, scores[key] + 0.03)

        fuzzy_key = " ".join(content_w)
        if len(fuzzy_key) >= 4 and self._key_list:
            for match, ratio, _ in process.extract(
                fuzzy_key, self._key_list, scorer=fuzz.ratio, score_cutoff=80, limit=10
            ):
                if match in seen:
                    continue
                backwards = match.endswith(" by") and "by" not in words
                for iri, kind, k_factor in self._keys[match]:
                    offer(iri, backwards, 0.8 * (ratio / 100.0) * k_factor * (1.0 if kind == "label" else 0.97))

        out = [
            Alignment(iri, round(score * self._type_fit(iri, value_kind), 4), inverse)
            for (iri, inverse), score in scores.items()
        ]
        out.sort(key=lambda a: (-a.score, a.inverse, _pid_number(a.property)))
        return out

    def _type_fit(self, iri: str, value_kind: ValueKind | None) -> float:
        if value_kind is None:
            return 1.0
        dtype = self.types.get(iri)
        if dtype is None:
            dtype = _TIME if V.local_id(iri) in _KNOWN_TIME else None
        if dtype is None:
            return 0.9 if value_kind == "date" else 1.0
        if value_kind == "date":
            return 1.0 if dtype == _TIME else 0.55
        if value_kind == "number":
            return 1.0 if dtype == _QUANTITY else 0.6
        return 0.7 if dtype in (_TIME, _QUANTITY) else 1.0


def _pid_number(iri: str) -> int:
    pid = V.local_id(iri)
    return int(pid[1:]) if V.is_pid(pid) else 1 << 30


def _phrase_forms(tokens: Iterable[Token]) -> tuple[list[str], list[str]]:
    """Lower-case surface and lemma forms of a relation phrase, minus negation and punctuation."""
    words: list[str] = []
    lemmas: list[str] = []
    for t in tokens:
        if t.is_punct or t.dep_ == "neg" or t.lower_ in ("not", "never", "n't"):
            continue
        w = normalise(t.text)
        if not w:
            continue
        words.append(w)
        lemma = w if w in _KEEP_SURFACE else normalise(t.lemma_) or w
        lemmas.append(lemma)
    return words, lemmas


# -- decomposition --------------------------------------------------------------

_SUBJ = frozenset({"nsubj", "nsubjpass", "csubj"})
_OBJ = frozenset({"dobj", "obj"})
_NP_DROP = frozenset({"prep", "relcl", "acl", "advcl", "punct", "cc", "conj", "appos", "det", "predet", "case", "neg", "mark"})
_KEYWORD_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})
_YEAR = re.compile(r"^(1[0-9]{3}|20[0-9]{2})s?$")


class _Reading(NamedTuple):
    subject: Span
    relation: list[Token]
    object: Span
    negated: bool


def decompose(text: str, aligner: RelationAligner | None = None) -> ClaimAnalysis:
    """Decompose a claim into mentions, triples and keywords with dependency rules.

    Handles active and passive verbs with direct or prepositional objects,
    copular claims ("X is the capital of Y", "X is a singer"), possessives
    ("X's wife is Y"), negation, dates and numbers as objects, and
    conjunctions (several subjects, verbs or objects give several triples).
    When no pattern fits, the first two mentions and the text between them
    make the triple. With an ``aligner`` every triple gets ``relation_ids``.
    Empty or blank text gives an empty analysis.
    """
    if not text or not text.strip():
        return ClaimAnalysis(method="rules")
    doc = parse(text)
    mentions = _mentions(doc)
    readings: list[_Reading] = []
    for sent in doc.sents:
        for pred in _predicates(sent.root):
            readings.extend(_read_predicate(pred))
    triples = _dedupe([_to_triple(r, aligner) for r in readings if r.subject.text and r.object.text])
    if not triples:
        fallback = _fallback(doc, mentions, aligner)
        if fallback is not None:
            triples = [fallback]
    return ClaimAnalysis(mentions=mentions, triples=triples, keywords=_keywords(doc, mentions), method="rules")


def _predicates(root: Token) -> list[Token]:
    """The sentence root and the verbs conjoined to it ("born in X and died in Y")."""
    out = [root]
    stack = [root]
    while stack:
        tok = stack.pop()
        for child in tok.children:
            if child.dep_ == "conj" and child.pos_ in ("VERB", "AUX"):
                out.append(child)
                stack.append(child)
    return sorted(out, key=lambda t: t.i)


def _expand_conj(tok: Token) -> list[Token]:
    out = [tok]
    for t in tok.conjuncts:
        if t.i > tok.i:
            out.append(t)
    return out


def _subjects(pred: Token) -> list[Token]:
    subs = [c for c in pred.children if c.dep_ in _SUBJ]
    if not subs and pred.dep_ == "conj":
        head = pred.head
        while not subs and head is not None:
            subs = [c for c in head.children if c.dep_ in _SUBJ]
            if head.dep_ != "conj" or head.head is head:
                break
            head = head.head
    out: list[Token] = []
    for s in subs:
        out.extend(_expand_conj(s))
    return out


def _np(tok: Token) -> Span:
    """A compact noun phrase for ``tok``: its entity if it is in one, else its modifiers."""
    doc = tok.doc
    if tok.ent_type_:
        for ent in doc.ents:
            if ent.start <= tok.i < ent.end:
                return _strip_span(ent)
    keep = [tok.i]
    stack = [c for c in tok.children if c.dep_ not in _NP_DROP]
    while stack:
        c = stack.pop()
        keep.append(c.i)
        stack.extend(x for x in c.children if x.dep_ not in _NP_DROP)
    span = doc[min(keep) : max(keep) + 1]
    # Widen to whole entities the phrase cuts through ("the Fox Broadcasting Company").
    start, end = span.start, span.end
    for ent in doc.ents:
        if ent.start < end and start < ent.end:
            start, end = min(start, ent.start), max(end, ent.end)
    return _strip_span(doc[start:end])


def _relation_tokens(pred: Token, *extra: Token) -> list[Token]:
    toks = [c for c in pred.children if c.dep_ in ("aux", "auxpass") and c.i < pred.i]
    toks.append(pred)
    toks.extend(c for c in pred.children if c.dep_ == "prt")
    toks.extend(extra)
    return sorted(toks, key=lambda t: t.i)


def _negated(*toks: Token) -> bool:
    for t in toks:
        for c in t.children:
            if c.dep_ == "neg":
                return True
    return False


def _pobjs(prep: Token) -> list[Token]:
    objs = [c for c in prep.children if c.dep_ in ("pobj", "pcomp")]
    out: list[Token] = []
    for o in objs:
        out.extend(_expand_conj(o))
    return out


def _read_predicate(pred: Token) -> list[_Reading]:
    subjects = _subjects(pred)
    if not subjects:
        return []
    neg = _negated(pred)
    children = list(pred.children)
    attr = next((c for c in children if c.dep_ in ("attr", "oprd")), None)
    if attr is None and pred.lemma_ == "be":
        # "The capital of Hawaii is Honolulu" parses the name as acomp.
        attr = next((c for c in children if c.dep_ == "acomp"), None)
    out: list[_Reading] = []
    for subj in subjects:
        if attr is not None:
            out.extend(_copular(pred, subj, attr, neg))
        else:
            out.extend(_verbal(pred, subj, neg))
    return out


def _copular(pred: Token, subj: Token, attr: Token, neg: bool) -> list[_Reading]:
    """Readings of "S is/becomes ATTR" in its four shapes."""
    out: list[_Reading] = []
    neg = neg or _negated(attr)
    poss = next((c for c in subj.children if c.dep_ == "poss"), None)
    subj_of = next((c for c in subj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    attr_poss = next((c for c in attr.children if c.dep_ == "poss"), None)
    attr_preps = [c for c in attr.children if c.dep_ == "prep"]
    verb = [pred] if pred.lemma_ != "be" else []
    if poss is not None:  # "Obama's wife is Michelle"
        for a in _expand_conj(attr):
            out.append(_Reading(_np(poss), verb + _noun_tokens(subj), _np(a), neg))
    elif subj_of is not None and not subj.ent_type_ and subj.pos_ == "NOUN" and _pobjs(subj_of):
        # "The capital of Hawaii is Honolulu" / "the author of Hamlet is Shakespeare"
        for owner in _pobjs(subj_of):
            for a in _expand_conj(attr):
                out.append(_Reading(_np(owner), verb + _noun_tokens(subj), _np(a), neg))
    elif attr_poss is not None:  # "Michelle is Obama's wife"
        out.append(_Reading(_np(attr_poss), verb + _noun_tokens(attr), _np(subj), neg))
    elif attr_preps and any(_pobjs(p) for p in attr_preps):  # "Honolulu is the capital of Hawaii"
        prep = next(p for p in attr_preps if _pobjs(p))
        rel = _relation_tokens(pred, *_noun_tokens(attr, with_det=True), prep)
        for obj in _pobjs(prep):
            out.append(_Reading(_np(subj), rel, _np(obj), neg))
    else:  # "X is a singer", "X is American", "X is Barack Obama"
        det = [c for c in attr.children if c.dep_ == "det" and c.lower_ in ("a", "an")]
        for a in _expand_conj(attr):
            out.append(_Reading(_np(subj), _relation_tokens(pred, *det), _np(a), neg))
    return out


def _noun_tokens(noun: Token, with_det: bool = False) -> list[Token]:
    """A relational noun with its modifiers: "wife", "debut album", "the 44th president"."""
    mods = {"compound", "amod", "nmod"} | ({"det"} if with_det else set())
    toks = [c for c in noun.children if c.dep_ in mods and c.i < noun.i and not c.ent_type_]
    if with_det:
        toks += [c for c in noun.children if c.dep_ in ("amod", "compound") and c.i < noun.i and c.ent_type_]
    return sorted({t.i: t for t in [*toks, noun]}.values(), key=lambda t: t.i)


def _verbal(pred: Token, subj: Token, neg: bool) -> list[_Reading]:
    out: list[_Reading] = []
    children = list(pred.children)
    dobjs = [o for c in children if c.dep_ in _OBJ for o in _expand_conj(c)]
    if dobjs:
        rel = _relation_tokens(pred)
        return [_Reading(_np(subj), rel, _np(o), neg) for o in dobjs]
    preps = [c for c in children if c.dep_ in ("prep", "agent") and _pobjs(c)]
    for n, prep in enumerate(preps):
        rel = _relation_tokens(pred, prep)
        for obj in _pobjs(prep):
            out.append(_Reading(_np(subj), rel, _np(obj), neg))
        if n == 0 and len(preps) > 1:
            # Later prepositions are usually circumstances ("in 2009"); they are
            # kept only when the object is a date and the first one was not.
            rest = [p for p in preps[1:] if _value_kind(_np(_pobjs(p)[0])) == "date"]
            if rest and _value_kind(_np(_pobjs(prep)[0])) != "date":
                p = rest[0]
                out.extend(_Reading(_np(subj), _relation_tokens(pred, p), _np(o), neg) for o in _pobjs(p))
            break
    return out


def _value_kind(span: Span) -> ValueKind:
    labels = {t.ent_type_ for t in span if t.ent_type_}
    if labels & _DATE_LABELS:
        return "date"
    if len(span) == 1 and _YEAR.match(span.text):
        return "date"
    if labels and labels <= _NUMBER_LABELS:
        return "number"
    if all(t.like_num or t.is_punct for t in span):
        return "number"
    return "entity"


def _to_triple(r: _Reading, aligner: RelationAligner | None) -> ClaimTriple:
    subject, obj = r.subject.text, r.object.text
    relation = " ".join(t.text for t in r.relation if t.dep_ != "neg")
    ids: list[str] = []
    if aligner is not None:
        words, lemmas = _phrase_forms(t for t in r.relation)
        person = bool({t.ent_type_ for t in r.subject} & _PERSON_LABELS)
        ranked = aligner.align_forms(words, lemmas, value_kind=_value_kind(r.object), subject_is_person=person, limit=10)
        # Candidates far below the best are noise (mostly fuzzy near-misses).
        ranked = [a for a in ranked if a.score >= max(0.5, ranked[0].score - 0.25)] if ranked else []
        if ranked:
            forward = [a for a in ranked if not a.inverse]
            backward = [a for a in ranked if a.inverse]
            if backward and (not forward or backward[0].score > forward[0].score):
                # Read the property forwards: the object becomes the subject.
                subject, obj = obj, subject
                relation = aligner.label(backward[0].property) or relation
                forward = backward
            ids = list(dict.fromkeys(a.property for a in forward))[:5]
    return ClaimTriple(subject=subject, relation=relation, object=obj, relation_ids=ids, negated=r.negated)


def _dedupe(triples: list[ClaimTriple]) -> list[ClaimTriple]:
    seen: set[tuple[str, str, str, bool]] = set()
    out = []
    for t in triples:
        key = (t.subject.casefold(), t.relation.casefold(), t.object.casefold(), t.negated)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _fallback(doc: Doc, mentions: list[Mention], aligner: RelationAligner | None) -> ClaimTriple | None:
    """The first two mentions and the words between them, when no pattern matched."""
    if len(mentions) < 2:
        return None
    first, second = mentions[0], mentions[1]
    between = [t for t in doc if first.end <= t.idx and t.idx + len(t) <= second.start and not t.is_punct]
    negated = any(t.dep_ == "neg" or t.lower_ in ("not", "never", "n't") for t in between)
    relation = " ".join(t.text for t in between if t.dep_ != "neg" and t.lower_ not in ("not", "never", "n't"))
    ids: list[str] = []
    if aligner is not None and between:
        words, lemmas = _phrase_forms(between)
        kind: ValueKind = "date" if second.label in _DATE_LABELS else "entity"
        ids = [a.property for a in aligner.align_forms(words, lemmas, value_kind=kind) if not a.inverse and a.score >= 0.5]
    return ClaimTriple(subject=first.text, relation=relation, object=second.text, relation_ids=ids, negated=negated)


def _keywords(doc: Doc, mentions: list[Mention]) -> list[str]:
    out: dict[str, str] = {}
    for t in doc:
        if t.pos_ not in _KEYWORD_POS or t.is_stop or t.is_punct or not any(ch.isalnum() for ch in t.text):
            continue
        if t.pos_ == "PROPN" or t.lower_ in _KEEP_SURFACE:
            word = t.text
        else:
            word = t.lemma_.lower()
        out.setdefault(word.casefold(), word)
    for m in mentions:
        out.setdefault(m.text.casefold(), m.text)
    return list(out.values())
