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

import bisect
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
from kgfc.nlp.spacy_pipeline import parse, parse_many

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from kgfc.kg.store import GraphStore

__all__ = ["Alignment", "RelationAligner", "decompose", "decompose_many", "extract_mentions"]

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
    while start < end and (
        span.doc[start].dep_ in ("det", "predet")
        or span.doc[start].tag_ == "PRP$"
        or span.doc[start].is_punct
    ):
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
            found.append(
                Mention(text=span.text, start=span.start_char, end=span.end_char, label=ent.label_)
            )
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
            found.append(
                Mention(
                    text=span.text, start=span.start_char, end=span.end_char, label="NOUN_CHUNK"
                )
            )
            taken.append((span.start_char, span.end_char))
    return sorted(found, key=lambda m: (m.start, m.end))


# -- relation alignment ---------------------------------------------------------


class Alignment(NamedTuple):
    """One candidate property for a relation phrase. ``inverse``: the phrase reads it backwards."""

    property: str  # wdt: IRI
    score: float
    inverse: bool = False


# Frequent paraphrases -> PIDs, best first; "~" marks a property the phrase
# reads backwards. Phrases are normalised surface or lemma forms (both are
# tried). This is the fallback: the store's own labels and aliases score higher.
_PARAPHRASE_TABLE = """
born in | born: P19 P569
born at | birthplace: P19
born on: P569
die in | died in | die: P20 P570
die at: P20
die on | died on: P570
married to | marry | marry to | wife | wife of | husband | husband of | spouse | spouse of: P26
citizen | citizen of | nationality: P27
capital of: P1376 ~P36
capital: P36 ~P1376
located in | locate in | in: P131 P17 P276
member of: P463 P54 P102
member: P463 P54
play for | plays for: P54
work for | works for | work at | employ by | employed by | employer: P108
educate at | educated at | study at | graduate from | attend: P69
found by | founded by | founder: P112
found | co found | founder of: ~P112
author | written by | write by: P50
author of | write: ~P50
directed by | direct by | director: P57
direct | director of: ~P57
star: P161
star in | appear in | act in: ~P161
be a: P31 P106
become | become a: P106 P39
serve as a: P39 P106
occupation | profession | work as: P106
genre: P136
record label | sign to | sign with: P264
instrument | play: P1303
language: P1412 P407
speak: P1412
write in: P407 P1412
religion: P140
award | win | won | receive: P166
nominate for | nominated for: P1411
child | son | daughter | parent of: P40
child of | son of | daughter of | parent: P22 P25
father: P22
mother: P25
father of: P40 ~P22
mother of: P40 ~P25
sibling | brother | sister | brother of | sister of: P3373
party | member of party: P102
president: P35 P6 ~P39
president of | position | position held | serve as: P39
country: P17 P27 P495
from: P27 P19 P495
headquarters | headquarter in | headquartered in: P159
base in | based in: P159 P131
release | release in | release on | publish: P577
performed by: P175
perform | sing: ~P175
composed by: P86
compose: ~P86
owned by: P127
own: ~P127
part of: P361
"""


def _parse_table(text: str) -> dict[str, tuple[tuple[str, bool], ...]]:
    table: dict[str, tuple[tuple[str, bool], ...]] = {}
    for line in text.strip().splitlines():
        phrases, _, pids = line.partition(":")
        entry = tuple((p.lstrip("~"), p.startswith("~")) for p in pids.split())
        for phrase in phrases.split("|"):
            table[phrase.strip()] = entry
    return table


PARAPHRASES = _parse_table(_PARAPHRASE_TABLE)

# Datatypes of the few properties the table names, for stores without
# wikibase:propertyType.
_KNOWN_TIME = frozenset({"P569", "P570", "P571", "P576", "P577", "P580", "P582", "P585"})
_TIME = V.WIKIBASE + "Time"
_QUANTITY = V.WIKIBASE + "Quantity"

# Words dropped from labels and phrases before matching (auxiliaries, articles).
_FUNCTION_WORDS = frozenset(
    {"is", "was", "are", "were", "be", "been", "being", "am", "a", "an", "the", "has", "have", "had",
     "having", "do", "does", "did", "will", "would", "shall", "should", "can", "could", "may", "might",
     "must", "also", "not", "never", "n't"}
)  # fmt: skip
_PREPOSITIONS = frozenset(
    {"in", "on", "at", "of", "for", "to", "by", "from", "with", "as", "into", "onto", "about", "after",
     "before", "during", "under", "over", "within"}
)  # fmt: skip
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

    def __init__(
        self,
        store: GraphStore | None = None,
        rows: Iterable[Mapping[str, str | None]] | None = None,
    ) -> None:
        if store is None and rows is None:
            raise ValueError("RelationAligner needs a store or property label rows")
        self._store = store
        self._rows = list(rows) if rows is not None else None
        self._lock = threading.Lock()
        self._built = False
        self._keys: dict[str, list[tuple[str, str, float]]] = {}  # key -> [(iri, kind, factor)]
        self._key_list: list[str] = []
        self._key_lens: list[int] = []
        self.labels: dict[str, str] = {}  # wdt IRI -> English label
        self.types: dict[str, str] = {}  # wdt IRI -> wikibase datatype IRI
        # Per instance, so a dropped aligner takes its cache with it.
        self._cached_align = lru_cache(maxsize=4096)(self._align)

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, str | None]]) -> RelationAligner:
        """Build from rows shaped like the ``property_labels`` query (property, text, kind, type)."""
        return cls(rows=rows)

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
            rows = (
                self._rows
                if self._rows is not None
                else (getattr(self._store, "run_cached", None) or self._store.run)(
                    "property_labels"
                )
            )  # type: ignore[union-attr]
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
            # Sorted by length: a fuzz.ratio of 80 needs lengths within a factor
            # of 1.5, so each lookup scores only a slice of the keys.
            self._key_list = sorted((k for k in keys if len(k) >= 4), key=len)
            self._key_lens = [len(k) for k in self._key_list]
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
        return self.align_forms(
            words, lemmas, value_kind=value_kind, subject_is_person=subject_is_person, limit=limit
        )

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
        return self._cached_align(tuple(words), tuple(lemmas), value_kind, subject_is_person)[
            :limit
        ]

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
                # a longer entry is the more specific reading: "star in" (~P161) beats "star" (P161)
                offer(iri, inverse, 0.9 - 0.02 * rank + 0.005 * key.count(" "))
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
                if all(w in _PREPOSITIONS for w in t):  # "in" inside "involved in" says nothing
                    continue
                if len(t) < len(toks) and (_contains(content_l, t) or _contains(content_w, t)):
                    for rank, (pid, inverse) in enumerate(entry):
                        offer(V.WDT + pid, inverse, 0.75 + 0.03 * min(len(t), 3) - 0.02 * rank)
        # Labels the table also names are the more likely reading of a tie.
        for key in endorsed:
            if key in scores and scores[key] > 0.9:
                scores[key] = min(1.0, scores[key] + 0.03)

        fuzzy_key = " ".join(content_w)
        if len(fuzzy_key) >= 4 and self._key_list:
            n = len(fuzzy_key)
            lo = bisect.bisect_left(self._key_lens, (2 * n) // 3)
            hi = bisect.bisect_right(self._key_lens, (3 * n + 1) // 2)
            for match, ratio, _ in process.extract(
                fuzzy_key, self._key_list[lo:hi], scorer=fuzz.ratio, score_cutoff=80, limit=10
            ):
                # Character ratios alone pair "tells" with "sells" and "killing of"
                # with "sibling of"; the words must at least start alike.
                if match in seen or match[:3] != fuzzy_key[:3]:
                    continue
                backwards = match.endswith(" by") and "by" not in words
                for iri, kind, k_factor in self._keys[match]:
                    offer(
                        iri,
                        backwards,
                        0.8 * (ratio / 100.0) * k_factor * (1.0 if kind == "label" else 0.97),
                    )

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
_NP_DROP = frozenset(
    {"prep", "relcl", "acl", "advcl", "punct", "cc", "conj", "appos", "det", "predet", "case", "neg", "mark"}
)  # fmt: skip
_BARE_DEPS = _SUBJ | {"aux", "auxpass", "neg", "cc", "conj", "punct", "advmod"}
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
    return _analyse(parse(text), aligner)


def decompose_many(
    texts: Iterable[str], aligner: RelationAligner | None = None, *, batch_size: int = 64
) -> list[ClaimAnalysis]:
    """:func:`decompose` for many claims, parsed in batches (several times the throughput)."""
    texts = list(texts)
    out = [ClaimAnalysis(method="rules") for _ in texts]
    todo = [i for i, t in enumerate(texts) if t and t.strip()]
    for i, doc in zip(
        todo, parse_many((texts[i] for i in todo), batch_size=batch_size), strict=True
    ):
        out[i] = _analyse(doc, aligner)
    return out


def _analyse(doc: Doc, aligner: RelationAligner | None) -> ClaimAnalysis:
    mentions = _mentions(doc)
    readings: list[_Reading] = []
    for sent in doc.sents:
        for pred in _predicates(sent.root):
            readings.extend(_read_predicate(pred))
    triples = _dedupe(
        [_to_triple(r, aligner) for r in readings if r.subject.text and r.object.text]
    )
    if not triples:
        fallback = _fallback(doc, mentions, aligner)
        if fallback is not None:
            triples = [fallback]
    return ClaimAnalysis(
        mentions=mentions, triples=triples, keywords=_keywords(doc, mentions), method="rules"
    )


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
    return [tok, *(t for t in tok.conjuncts if t.i > tok.i)]


def _usable(tok: Token) -> bool:
    """Pronouns ("who", "it", "someone") name nothing a KG can look up."""
    return tok.pos_ != "PRON" and tok.tag_ not in ("WDT", "WP", "EX")


def _subjects(pred: Token) -> list[Token]:
    subs = [c for c in pred.children if c.dep_ in _SUBJ]
    head = pred
    while not subs and head.dep_ in ("conj", "xcomp") and head.head is not head:
        head = head.head  # "X was born in A and died in B": died shares born's subject
        subs = [c for c in head.children if c.dep_ in _SUBJ]
    return [t for s in subs for t in _expand_conj(s) if _usable(t)]


def _entity_of(tok: Token) -> Span | None:
    if not tok.ent_type_:
        return None
    for ent in tok.doc.ents:
        if ent.start <= tok.i < ent.end:
            return ent
    return None


def _title_tail(tok: Token) -> int | None:
    """End of a capitalised title that spaCy split at a preposition ("A View to a Kill")."""
    if not tok.is_title:
        return None
    ent = _entity_of(tok)
    if ent is not None and ent.label_ in ("PERSON", "GPE", "ORG", "LOC", "NORP", "FAC", "DATE"):
        return None
    end = None
    for prep in tok.rights:
        if prep.dep_ != "prep" or prep.i != (end if end is not None else tok.i + 1):
            break
        words = list(prep.subtree)[1:]
        if (
            not words
            or not any(w.is_title for w in words)
            or not all(w.is_title or w.is_stop or w.like_num for w in words)
        ):
            break
        end = words[-1].i + 1
    return end


def _np(tok: Token) -> Span:
    """A compact noun phrase for ``tok``: its entity if it is in one, else its modifiers."""
    doc = tok.doc
    if tok.pos_ == "NOUN":
        # "released the film Soul Food": the name, not the common noun, is the object.
        named = next(
            (c for c in tok.children if c.dep_ == "appos" and (c.ent_type_ or c.pos_ == "PROPN")),
            None,
        )
        if named is not None:
            return _np(named)
    ent = _entity_of(tok)
    if ent is not None and ent.label_ not in SKIPPED_ENTITY_LABELS:
        start, end = ent.start, ent.end
    else:
        keep = [tok.i]
        stack = [c for c in tok.children if c.dep_ not in _NP_DROP]
        while stack:
            c = stack.pop()
            keep.append(c.i)
            stack.extend(x for x in c.children if x.dep_ not in _NP_DROP)
        start, end = min(keep), max(keep) + 1
    tail = _title_tail(tok)
    if tail is not None:
        end = max(end, tail)
    # Widen to whole entities the phrase cuts through ("the Fox Broadcasting Company").
    for e in doc.ents:
        if e.start < end and start < e.end and e.label_ not in SKIPPED_ENTITY_LABELS:
            start, end = min(start, e.start), max(end, e.end)
    return _strip_span(doc[start:end])


def _relation_tokens(pred: Token, *extra: Token) -> list[Token]:
    # Do-support ("did not play for") carries no meaning beyond the negation.
    toks = [
        c
        for c in pred.children
        if c.dep_ in ("aux", "auxpass") and c.i < pred.i and c.lemma_ != "do"
    ]
    toks.append(pred)
    toks.extend(c for c in pred.children if c.dep_ == "prt")
    # The preposition goes last even when fronted: "In 1986, X got married" -> "got married in".
    core = sorted(toks, key=lambda t: t.i)
    return core + [t for t in extra if t not in core]


def _negated(*toks: Token) -> bool:
    return any(c.dep_ == "neg" for t in toks for c in t.children)


def _has_no(tok: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ == "no" for c in tok.children)


def _pobjs(prep: Token) -> list[Token]:
    return [
        o
        for c in prep.children
        if c.dep_ in ("pobj", "pcomp")
        for o in _expand_conj(c)
        if _usable(o)
    ]


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
            out.extend(_verbal(pred, _np(subj), neg))
    return out


def _copular(pred: Token, subj: Token, attr: Token, neg: bool) -> list[_Reading]:
    """Readings of "S is/becomes ATTR" in its shapes."""
    out: list[_Reading] = []
    neg = neg or _negated(attr)
    poss = next((c for c in subj.children if c.dep_ == "poss" and _usable(c)), None)
    subj_of = next((c for c in subj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    attr_poss = next((c for c in attr.children if c.dep_ == "poss" and _usable(c)), None)
    attr_preps = [c for c in attr.children if c.dep_ == "prep" and _pobjs(c)]
    relcl = next(
        (c for c in attr.children if c.dep_ == "relcl" and c.pos_ in ("VERB", "AUX")), None
    )
    verb = [pred] if pred.lemma_ != "be" else []
    if poss is not None:  # "Obama's wife is Michelle"
        for a in _expand_conj(attr):
            out.append(_Reading(_np(poss), verb + _noun_tokens(subj), _np(a), neg))
    elif (
        subj_of is not None and _entity_of(subj) is None and subj.pos_ == "NOUN" and _pobjs(subj_of)
    ):
        # "The capital of Hawaii is Honolulu" / "the author of Hamlet is Shakespeare"
        for owner in _pobjs(subj_of):
            for a in _expand_conj(attr):
                out.append(_Reading(_np(owner), verb + _noun_tokens(subj), _np(a), neg))
    elif attr_poss is not None:  # "Michelle is Obama's wife"
        out.append(_Reading(_np(attr_poss), verb + _noun_tokens(attr), _np(subj), neg))
    elif relcl is not None and attr.pos_ == "NOUN":  # "CBS is the network that aired The Millers"
        out.extend(_verbal(relcl, _np(subj), neg or _negated(relcl)))
    elif attr_preps:  # "Honolulu is the capital of Hawaii"
        prep = attr_preps[0]
        rel = _relation_tokens(pred, *attr.doc[attr.left_edge.i : attr.i + 1], prep)
        for obj in _pobjs(prep):
            out.append(_Reading(_np(subj), rel, _np(obj), neg))
    else:  # "X is a singer", "X is American", "X is Barack Obama"
        det = [c for c in attr.children if c.dep_ == "det" and c.lower_ in ("a", "an")]
        for a in _expand_conj(attr):
            if _usable(a):
                out.append(_Reading(_np(subj), _relation_tokens(pred, *det), _np(a), neg))
    return out


def _noun_tokens(noun: Token) -> list[Token]:
    """A relational noun with its modifiers: "wife", "debut album", "real name"."""
    toks = [
        c
        for c in noun.children
        if c.dep_ in ("compound", "amod", "nmod") and c.i < noun.i and not c.ent_type_
    ]
    return sorted([*toks, noun], key=lambda t: t.i)


def _verbal(pred: Token, subject: Span, neg: bool) -> list[_Reading]:
    children = list(pred.children)
    dobjs = [o for c in children if c.dep_ in _OBJ for o in _expand_conj(c) if _usable(o)]
    if dobjs:
        rel = _relation_tokens(pred)
        # "X has no children", "X won no Oscars"
        return [_Reading(subject, rel, _np(o), neg or _has_no(o)) for o in dobjs]
    preps = [c for c in children if c.dep_ in ("prep", "agent") and _pobjs(c)]
    if not preps:
        # "born January 23 1911": a bare date modifying the verb is its object.
        when = next(
            (
                c
                for c in children
                if c.dep_ in ("npadvmod", "tmod") and _value_kind(_np(c)) == "date"
            ),
            None,
        )
        if when is not None:
            return [_Reading(subject, _relation_tokens(pred), _np(when), neg)]
        # "written and directed by X": a verb with nothing of its own borrows its
        # conjunct's object.
        bare = all(c.dep_ in _BARE_DEPS for c in children)
        conj = next((c for c in children if c.dep_ == "conj" and c.pos_ == "VERB"), None)
        if bare and conj is not None and not any(c.dep_ in _SUBJ for c in conj.children):
            agent = next(
                (c for c in conj.children if c.dep_ in ("agent", "prep") and _pobjs(c)), None
            )
            if agent is not None:
                rel = _relation_tokens(pred, agent)
                return [_Reading(subject, rel, _np(o), neg) for o in _pobjs(agent)]
        xcomp = next((c for c in children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
        if xcomp is not None:  # "X helped found Y", "X went on to play for Y"
            return [
                _Reading(r.subject, _relation_tokens(pred) + r.relation, r.object, r.negated or neg)
                for r in _verbal(xcomp, subject, neg)
            ]
        return []
    out: list[_Reading] = []
    first = preps[0]
    out.extend(_Reading(subject, _relation_tokens(pred, first), _np(o), neg) for o in _pobjs(first))
    # Later prepositions are usually circumstances ("in 2009", "for four years");
    # a point in time is kept when the first object was not one ("born in X in 1961").
    if _value_kind(_np(_pobjs(first)[0])) != "date":
        for p in preps[1:]:
            if p.lower_ in ("in", "on", "at") and _value_kind(_np(_pobjs(p)[0])) == "date":
                out.extend(
                    _Reading(subject, _relation_tokens(pred, p), _np(o), neg) for o in _pobjs(p)
                )
                break
    return out


def _value_kind(span: Span) -> ValueKind:
    """What the object is, judged by its head: "2003 comedy film" is a thing, not a date."""
    if not len(span):
        return "entity"
    head = span.root.ent_type_
    if head in _DATE_LABELS or (len(span) == 1 and _YEAR.match(span.text)):
        return "date"
    if head in _NUMBER_LABELS or all(t.like_num or t.is_punct for t in span):
        return "number"
    return "entity"


def _to_triple(r: _Reading, aligner: RelationAligner | None) -> ClaimTriple:
    subject, obj = r.subject.text, r.object.text
    relation = " ".join(t.text for t in r.relation if t.dep_ != "neg")
    ids: list[str] = []
    if aligner is not None:
        words, lemmas = _phrase_forms(t for t in r.relation)
        person = bool({t.ent_type_ for t in r.subject} & _PERSON_LABELS)
        ranked = aligner.align_forms(
            words, lemmas, value_kind=_value_kind(r.object), subject_is_person=person, limit=10
        )
        # Candidates far below the best are noise (mostly fuzzy near-misses).
        ranked = (
            [a for a in ranked if a.score >= max(0.5, ranked[0].score - 0.25)] if ranked else []
        )
        if ranked:
            forward = [a for a in ranked if not a.inverse]
            backward = [a for a in ranked if a.inverse]
            if backward and (not forward or backward[0].score > forward[0].score):
                # Read the property forwards: the object becomes the subject.
                subject, obj = obj, subject
                relation = aligner.label(backward[0].property) or relation
                forward = backward
            ids = list(dict.fromkeys(a.property for a in forward))[:5]
    return ClaimTriple(
        subject=subject, relation=relation, object=obj, relation_ids=ids, negated=r.negated
    )


def _dedupe(triples: list[ClaimTriple]) -> list[ClaimTriple]:
    seen: set[tuple[str, str, str, bool]] = set()
    out = []
    for t in triples:
        key = (t.subject.casefold(), t.relation.casefold(), t.object.casefold(), t.negated)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _fallback(
    doc: Doc, mentions: list[Mention], aligner: RelationAligner | None
) -> ClaimTriple | None:
    """The first two mentions and the words between them, when no pattern matched."""
    # A leading date ("In 1971 ...") is a circumstance, not the subject.
    things = [m for m in mentions if m.label not in _DATE_LABELS]
    if not things:
        return None
    first = things[0]
    second = next((m for m in mentions if m.start >= first.end), None)
    if second is None:
        return None
    between = [
        t for t in doc if first.end <= t.idx and t.idx + len(t) <= second.start and not t.is_punct
    ]
    negated = any(t.dep_ == "neg" or t.lower_ in ("not", "never", "n't") for t in between)
    relation = " ".join(
        t.text for t in between if t.dep_ != "neg" and t.lower_ not in ("not", "never", "n't")
    )
    ids: list[str] = []
    if aligner is not None and between:
        words, lemmas = _phrase_forms(between)
        kind: ValueKind = "date" if second.label in _DATE_LABELS else "entity"
        ids = [
            a.property
            for a in aligner.align_forms(words, lemmas, value_kind=kind)
            if not a.inverse and a.score >= 0.5
        ]
    return ClaimTriple(
        subject=first.text, relation=relation, object=second.text, relation_ids=ids, negated=negated
    )


def _keywords(doc: Doc, mentions: list[Mention]) -> list[str]:
    out: dict[str, str] = {}
    for t in doc:
        if (
            t.pos_ not in _KEYWORD_POS
            or t.is_stop
            or t.is_punct
            or not any(ch.isalnum() for ch in t.text)
        ):
            continue
        if t.pos_ == "PROPN" or t.ent_type_ or t.lower_ in _KEEP_SURFACE:
            word = t.text
        else:
            word = t.lemma_.lower()
        out.setdefault(word.casefold(), word)
    for m in mentions:
        out.setdefault(m.text.casefold(), m.text)
    return list(out.values())
