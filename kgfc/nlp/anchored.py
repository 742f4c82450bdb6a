"""Entity-anchored reading of a claim whose relation phrase no table names.

The rule-based decomposer (:mod:`kgfc.nlp.decompose`) reads the phrasings
its patterns and the paraphrase table know. On others ("X earns a living as
a pianist", "X and Y are diplomatic partners", "X is skilled at the bass
guitar") it finds no relation, swallows the sentence into the subject, or
takes a noun of the phrase for the object. This is the fallback for those:

1. **Anchors.** The longest spans of the claim that are KG names (the
   store's label index) are the entities; the first is the subject, the last
   the object, and the words between them (and after the object) are the
   relation phrase. "X and Y <phrase>" names a pair: only symmetric
   properties may read it.
2. **Type fit.** Only properties the store states are candidates, and only
   in a direction whose observed domain and range (the types of their
   subjects and objects in the KG) fit the anchors' types.
3. **Alignment.** The phrase goes to the :class:`RelationAligner` first (its
   table and the properties' labels); when that reads nothing that fits, the
   phrase is compared with the labels and aliases of the fitting properties
   by sentence embeddings (MiniLM, :mod:`kgfc.nlp.embed`). Only a clear
   winner is taken: a similarity of at least :data:`SEMANTIC_MIN` and a
   margin of :data:`SEMANTIC_MARGIN` over the best other property; otherwise
   there is no reading and the claim stays NOT ENOUGH INFO. Without the
   embedding model (BM25 fallback) the semantic step is skipped: BM25
   scores have no absolute scale to hold a threshold against.

The result says how it was read (:meth:`Reading.describe`), so the verdict
can show it. Property texts are embedded once per store; the fallback runs
only when the decomposer's reading fails.
"""

from __future__ import annotations

import math
import re
import threading
import weakref
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypedDict

from kgfc.kg import vocab as V
from kgfc.kg.aggregates import stable_rows
from kgfc.kg.entity_types import entity_types
from kgfc.kg.properties import CHAINS, IS_A, RELATED
from kgfc.models import ClaimTriple
from kgfc.nlp.alignment import SYMMETRIC, RelationAligner
from kgfc.nlp.text import ARTICLES, AUXILIARIES, NEGATIONS, PRONOUNS, STOP_WORDS, normalise

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping, Sequence
    from collections.abc import Set as AbstractSet

    import numpy as np

    from kgfc.kg.labels import LabelIndex
    from kgfc.kg.store import KnowledgeGraph, Row
    from kgfc.nlp.embed import BM25Scorer, Embedder

# a name's entity and link confidence, or None (the caller's linker)
Resolve = Callable[[str], tuple[str, float] | None]

__all__ = [
    "FIT_MIN",
    "SEMANTIC_MARGIN",
    "SEMANTIC_MIN",
    "Reading",
    "fits",
    "read_anchored",
    "sound",
]

SEMANTIC_MIN = 0.4  # cosine the best property text must reach
SEMANTIC_MARGIN = 0.08  # over the best other type-fitting property
# Weight of the log type prior beside the similarity: a property whose objects are 20 times
# as often of the claim object's types gains 0.3. Chosen on the paraphrase tuning classes
# (blind, blind2, blind3; S and M): 0 / 0.05 / 0.1 / 0.2 gave S blind2 recall 0.871 / 0.930 /
# 0.942 / 0.949, but M blind 0.867 at 0.1 and 0.850 at 0.2; false SUPPORTED never moved.
TYPE_WEIGHT = 0.1
LEXICAL_MIN = 0.85  # an aligner score this high (label, alias or table entry) is a reading
# Type fit: the share of a property's typed subjects (objects) that have the entity's
# types (summed over its types). At least FIT_MIN fits; below CLASH_MAX clashes (the KG never, or all
# but never, pairs such an entity with the property); in between is unusual, not wrong.
FIT_MIN = 0.01
CLASH_MAX = 0.002
MIN_TYPED = 20  # a domain/range seen on fewer typed entities is unknown
MAX_SPAN = 10  # words in a name
# Class and identifier properties say what an entity is, not how two relate.
_NOT_RELATIONS = frozenset(V.WDT + p for p in ("P31", "P279", "P1343", "P910"))


@dataclass(frozen=True)
class Anchor:
    start: int  # word index
    end: int  # exclusive
    text: str
    entity: str
    link: float
    said: str = ""  # the claim's own words for it ("producer" for film producer)


@dataclass(frozen=True)
class Reading:
    """One entity-anchored reading: the triple and how its relation was read."""

    triple: ClaimTriple
    phrase: str
    property: str
    label: str
    how: Literal["lexical", "semantic"]
    score: float
    runner_up: tuple[str, float] | None = None
    said: tuple[str, str] = ("", "")  # the claim's words for the triple's subject and object

    def describe(self) -> str:
        pid = "/".join(V.local_id(p) for p in self.triple.relation_ids) or V.local_id(self.property)
        if self.how == "lexical":
            return f'"{self.phrase}" was read as {self.label} ({pid}) from its wording'
        rival = f", next best {self.runner_up[0]} {self.runner_up[1]:.2f}" if self.runner_up else ""
        return (
            f'"{self.phrase}" was read as {self.label} ({pid}) by similarity '
            f"{self.score:.2f}{rival}"
        )


# -- per-store property profiles -----------------------------------------------------


@dataclass
class _Profile:
    """What the store says about its properties: texts, embeddings, domains and ranges."""

    texts: dict[str, list[str]] = field(default_factory=dict)  # prop -> label, aliases
    used: set[str] = field(default_factory=set)  # every property the store states
    labels: dict[str, str] = field(default_factory=dict)
    domain: dict[str, dict[str, float]] = field(default_factory=dict)  # prop -> type -> share
    range: dict[str, dict[str, float]] = field(default_factory=dict)
    rows: list[str] = field(default_factory=list)  # property of each embedded text
    row_texts: list[str] = field(default_factory=list)
    matrix: np.ndarray | None = None
    embedder: object = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def embeddings(self, embedder: Embedder) -> np.ndarray | None:
        """The property texts' embeddings (computed once per profile and embedder)."""
        with self.lock:
            if self.matrix is None or self.embedder is not embedder:
                flat = [(p, t) for p, ts in self.texts.items() for t in ts]
                self.rows = [p for p, _ in flat]
                self.row_texts = [t for _, t in flat]
                self.matrix = embedder.embed([t for _, t in flat]) if flat else None
                self.embedder = embedder
            return self.matrix


_PROFILES: weakref.WeakKeyDictionary[KnowledgeGraph, tuple[int, _Profile]] = (
    weakref.WeakKeyDictionary()
)
_PROFILES_LOCK = threading.Lock()


def _profile(store: KnowledgeGraph) -> _Profile:
    """The store's property profile, built on first use and kept until a wholesale change.

    Like :func:`kgfc.reason.kgstats.stats_for` it outlives facts added a write at a
    time (the web pages a batch writes into the KG must not make every claim
    recompute the whole-store aggregates, issue 16) and is built again after a
    load, a replacement or a removal (:attr:`~kgfc.kg.store.GraphStore.wholesale_generation`).
    """
    with _PROFILES_LOCK:
        cached = _PROFILES.get(store)
    if cached is not None and cached[0] == store.wholesale_generation:
        return cached[1]
    generation = store.wholesale_generation
    profile = _build_profile(store)
    with _PROFILES_LOCK:
        _PROFILES[store] = (generation, profile)
    return profile


def _shares(rows: Iterable[Row], count: str) -> dict[str, dict[str, float]]:
    """property -> type -> share of the property's typed entities, from a typed-count aggregate."""
    counts: dict[str, dict[str, int]] = defaultdict(dict)
    for r in rows:
        prop, ty = r.get("property"), r.get("type")
        if prop and ty:
            counts[prop][ty] = int(r.get(count) or 0)
    out: dict[str, dict[str, float]] = {}
    for prop, types in counts.items():
        # Entities with several types count once per type: the sum overstates the typed
        # total a little, so shares are, if anything, on the low side.
        total = sum(types.values())
        if total >= MIN_TYPED:
            out[prop] = {t: n / total for t, n in types.items()}
    return out


def _telling(text: str) -> bool:
    """Is a label or alias worth comparing? Not "SO", "of", "in": a bare preposition or code."""
    keys = normalise(text).split()
    return len(text) >= 4 and any(k not in _FUNCTION for k in keys)


def _build_profile(store: KnowledgeGraph) -> _Profile:
    """The profile, read from the store's disk cache when the rows it reads are the store's own.

    After facts were added in this process, :func:`~kgfc.kg.aggregates.stable_rows` may
    still serve rows from before them: a profile built from those is not the store's at
    its new knowledge key, so it is built in memory only.
    """
    if store.generation != store.wholesale_generation:
        return _Profile(**_profile_fields(store))
    return _Profile(
        **store.cached_derived("property_profile", lambda: _profile_fields(store), kind=dict)
    )


class _ProfileFields(TypedDict):
    """The plain-data fields of :class:`_Profile` (what the disk cache keeps)."""

    texts: dict[str, list[str]]
    used: set[str]
    labels: dict[str, str]
    domain: dict[str, dict[str, float]]
    range: dict[str, dict[str, float]]


def _profile_fields(store: KnowledgeGraph) -> _ProfileFields:
    """:class:`_Profile`'s fields read from the store (plain data: what the disk cache keeps)."""
    profile = _Profile()
    used: set[str] = set()
    for row in stable_rows(store, "property_functionality"):
        used_prop = row.get("property")
        if used_prop and int(row.get("subjects") or 0):
            used.add(used_prop)
    profile.used = used
    for row in stable_rows(store, "property_labels"):
        prop, text = row.get("property"), row.get("text")
        if not prop or prop not in used or prop in _NOT_RELATIONS or not text:
            continue
        if row.get("kind") == "label":
            profile.labels.setdefault(prop, text)
        if not _telling(text):
            continue
        bucket = profile.texts.setdefault(prop, [])
        if text not in bucket:
            bucket.append(text)
    descriptions = store.label_index().descriptions
    for prop, bucket in profile.texts.items():
        # "musical instrument that a person plays or teaches": what the label leaves unsaid
        desc = descriptions.get(V.WD + V.local_id(prop))
        if desc:
            bucket.append(desc.split(". ")[0][:160])
    profile.domain = _shares(stable_rows(store, "property_domain_types"), "subjects")
    profile.range = _shares(stable_rows(store, "property_range_types"), "objects")
    return {
        "texts": profile.texts,
        "used": profile.used,
        "labels": profile.labels,
        "domain": profile.domain,
        "range": profile.range,
    }


# -- type fit -------------------------------------------------------------------------

Fit = Literal["fits", "unusual", "unknown", "clash"]


def _fit(shares: Mapping[str, float] | None, types: set[str]) -> Fit:
    if shares is None or not types:
        return "unknown"
    # summed over the entity's types: "university teacher" is a teacher, an academic
    # profession, a position..., each rare among occupations, together not
    share = sum(shares.get(t, 0.0) for t in types)
    return "fits" if share >= FIT_MIN else "clash" if share < CLASH_MAX else "unusual"


def fits(
    store: KnowledgeGraph, prop: str, subject_types: set[str], object_types: set[str]
) -> tuple[Fit, Fit]:
    """(domain fit of the subject, range fit of the object) for ``prop`` read forward."""
    p = _profile(store)
    return _fit(p.domain.get(prop), subject_types), _fit(p.range.get(prop), object_types)


def _types(store: KnowledgeGraph, entities: Sequence[str]) -> dict[str, set[str]]:
    return defaultdict(set, entity_types(store, entities))


def sound(
    store: KnowledgeGraph,
    triples: Sequence[ClaimTriple],
    value: Callable[[str], bool],
    aligner: RelationAligner | None = None,
) -> bool:
    """Does some triple make a checkable reading: linked ends, a stated property, no type clash?

    ``value(text)`` says whether an unlinked object is a date or number (a value
    claim, checked as such). A triple whose property the store never states, or
    whose linked ends clash with the property's observed domain or range, is not;
    but an object outside the range is no clash when the triple's own words name
    the property (``aligner``) and the object is of a kind the property's chains
    reach (:func:`_chained`): "Fassbinder died in Europe" holds through a chain
    (Munich, Germany, Europe) that the reasoner follows. "Nabokov trained as a
    poet" does not: "trained" names educated at, but no chain from a school
    reaches a profession, so the claim is read again (as occupation).
    """
    profile = _profile(store)
    ids = [x for t in triples for x in (t.subject_id, t.object_id) if x]
    types = _types(store, ids) if ids else {}
    for t in triples:
        if not t.relation_ids or not t.subject_id:
            continue
        if t.object_id is None and not value(t.object):
            continue
        if t.object_id is None:
            return True  # a value claim: the value readers check it
        if t.relation_ids == [RELATED]:
            return True  # "S is associated with O": any relation, checked as such
        s_types, o_types = types.get(t.subject_id, set()), types.get(t.object_id, set())
        for prop in t.relation_ids[:3]:
            if prop not in profile.used:
                continue
            d, r = fits(store, prop, s_types, o_types)
            if d == "clash":
                continue
            if r != "clash" or (
                _named(aligner, t.relation, prop) and _chained(profile, prop, o_types)
            ):
                return True
    return False


def overlooked(text: str, triples: Sequence[ClaimTriple], store: KnowledgeGraph) -> bool:
    """Did the reading take a common noun for an end and leave a name of the claim unread?

    "Tom Hanks acted in the film Catch Me If You Can": spaCy parses the title as a
    clause, so the reading is (film, cast member, Tom Hanks) — linked ("film" is an
    entity too) and type-fit, yet the claim's title is read nowhere. One triple, an
    end in lower case, and a capitalised KG name that is not inside either end; or, in a
    claim all in lower case, an end that is the start of a longer name (:func:`_cut_short`).
    """
    if len(triples) != 1:
        return False
    t = triples[0]
    ends = [t.subject, t.object]
    inside = [normalise(e) for e in ends]
    words = _words(text)
    if text == text.lower() and _cut_short(words, inside, store):
        return True
    generic = {e.lower() for e in ends if e.islower() and " " not in e}
    if not generic:
        return False
    for a in _anchors(words, store.label_index(), lambda name: (name, 1.0)):
        # a name of several capitalised words right after the common noun the reading took
        # ("the film Catch Me If You Can"; "Records show that ..." is no such name)
        if a.start == 0 or a.end - a.start < 2 or not words[a.start].capital:
            continue
        if words[a.start - 1].text.lower() not in generic:
            continue
        name = normalise(a.text)
        if not any(name in e or e in name for e in inside if e):
            return True
    return False


def _cut_short(words: list[_Word], inside: list[str], store: KnowledgeGraph) -> bool:
    """In a claim typed all in lower case, did an end take the first words of a longer name?

    Without capitals spaCy cuts names where their words look like verbs or clauses: "ben
    folds works in ..." (subject "ben"), "... starred in catch me if you can" (subject "catch
    me"), "... member of organisation for economic co-operation and development" (object
    "organisation"). A KG name of two or more words that starts with an end and goes
    further sends the claim to the entity-anchored reading.
    """
    for a in _anchors(words, store.label_index(), lambda name: (name, 1.0), lower=True):
        name = normalise(a.text)
        if len(name.split()) < 2:
            continue
        if any(e and name != e and name.startswith(e + " ") for e in inside):
            return True
    return False


def _chained(profile: _Profile, prop: str, object_types: set[str]) -> bool:
    """Could a chain the reasoner follows for ``prop`` end at an object of these types?

    :data:`kgfc.kg.properties.CHAINS` says which properties continue a chain
    (place of birth, then located in / country / continent); the object must not
    clash with what every one of them has as objects in the store ("Europe" is
    a continent, an object of "continent"; a range seen on too few typed
    objects to tell, as continent's seven, does not rule it out).
    """
    spec = CHAINS.get(prop)
    if spec is None or not object_types:
        return False
    return any(
        _fit(profile.range.get(q), object_types) != "clash"
        for q in spec[0] | spec[1]
        if q != prop and q in profile.used
    )


def _named(aligner: RelationAligner | None, phrase: str, prop: str) -> bool:
    """Do the words ``phrase`` surely name ``prop`` (its label, an alias, a table entry)?"""
    if aligner is None or not phrase.strip():
        return False
    return any(a.property == prop and a.score >= LEXICAL_MIN for a in aligner.align(phrase)[:2])


# -- anchors --------------------------------------------------------------------------

_TOKEN = re.compile(r"\S+")
_EDGE = "\"'“”‘’()[],.;:!?"
_FUNCTION = STOP_WORDS | PRONOUNS


@dataclass(frozen=True)
class _Word:
    text: str  # without edge punctuation and possessive marker
    raw: str  # without edge punctuation
    possessive: bool
    capital: bool


def _words(text: str) -> list[_Word]:
    out = []
    for m in _TOKEN.finditer(text):
        w = raw = m.group().strip(_EDGE)
        poss = False
        for marker in ("'s", "’s"):
            if w.lower().endswith(marker):
                w, poss = w[: -len(marker)], True
        if w.endswith(("s'", "s’")):
            w, poss = w[:-1], True
        if w:
            out.append(_Word(w, raw, poss, w[:1].isupper()))
    return out


def _anchors(
    words: list[_Word], index: LabelIndex, resolve: Resolve, *, lower: bool = False
) -> list[Anchor]:
    """The longest non-overlapping spans that are KG names, in sentence order.

    ``lower``: the claim is typed all in lower case, so a title of three or more words may
    end in a function word without its capital ("catch me if you can").
    """
    spans: list[tuple[int, int, str]] = []
    n = len(words)
    for i in range(n):
        for j in range(min(n, i + MAX_SPAN), i, -1):
            # inside a span a possessive is part of the name ("People's Republic of
            # China"); "George Martin's music" is no name, so it finds no key
            inner = [w.raw for w in words[i : j - 1]] + [words[j - 1].text]
            key = normalise(" ".join(inner))
            if not key or key not in index:
                continue
            first, last = key.split()[0], key.split()[-1]
            # a title may end in a function word when it is capitalised ("Catch Me If You Can")
            titled = j - i > 1 and (words[j - 1].capital or (lower and j - i > 2))
            if (last in _FUNCTION and not titled) or (first in _FUNCTION and not words[i].capital):
                continue
            if all(k in _FUNCTION for k in key.split()):
                continue
            spans.append((i, j, " ".join(inner)))
    spans.sort(key=lambda s: (-(s[1] - s[0]), s[0]))
    taken: list[Anchor] = []
    used: set[int] = set()
    for i, j, text in spans:
        if used & set(range(i, j)):
            continue
        hit = resolve(text)
        if hit is None:
            continue
        used |= set(range(i, j))
        # shown as the KG names it ("Samuel R. Delany": the words lost their edge dots)
        taken.append(Anchor(i, j, index.label(hit[0]) or text, hit[0], hit[1], text))
    return sorted(taken, key=lambda a: a.start)


# -- reading --------------------------------------------------------------------------


def _phrase(words: list[_Word], start: int, end: int) -> list[str]:
    return [w.text for w in words[start:end]]


def _modifier(words: list[_Word], anchors: list[Anchor]) -> bool:
    """Is the claim "S is a/an E N" with E and N names side by side ("a hip hop musician")?

    Only after a bare copula and article, with N a lower-case noun (a class or a
    profession, not a second proper name) ending the sentence.
    """
    if len(anchors) != 3:
        return False
    subj, mod, head = anchors
    between = [w.text.lower() for w in words[subj.end : mod.start]]
    return (
        mod.end == head.start
        and head.end == len(words)
        and not words[head.start].capital
        and len(between) == 2
        and between[0] in AUXILIARIES
        and between[1] in ARTICLES
    )


def _negation(word: str) -> bool:
    w = word.lower().replace("’", "'")
    return w in NEGATIONS or w.endswith("n't")


def _affirmed(word: str) -> str:
    """ "wasn't" -> "was", "didn't" -> "did" (the auxiliary without its negation)."""
    w = word.replace("’", "'")
    return w[:-3] if w.lower().endswith("n't") and len(w) > 3 else word


def read_anchored(
    text: str,
    store: KnowledgeGraph,
    aligner: RelationAligner,
    resolve: Resolve,
    *,
    embedder: Embedder | BM25Scorer | None = None,
) -> Reading | None:
    """The entity-anchored reading of ``text``, or None when there is no clear one.

    ``resolve(name) -> (entity IRI, link confidence) | None`` links a span
    (the caller's linker, so the claim's own links are reused).
    """
    from kgfc.nlp.rewrite import simplified
    from kgfc.nlp.spacy_pipeline import parse

    index = store.label_index()
    # "Records show that X ...", "The actor X ...": the frames the decomposer drops
    inner = simplified(parse(text), lambda t: normalise(t) in index)
    words = _words(inner or text)
    anchors = _anchors(words, index, resolve, lower=text == text.lower())
    if len(anchors) < 2:
        return None
    subj, obj, phrase, pair = _relation_words(words, anchors)
    # "S was not in the film O": the phrase without its negation, the reading negated; only a
    # reading from the words themselves (a table phrase or a label), never a similarity guess,
    # may carry a negation (it refutes what the KG states)
    negated = any(_negation(w) for w in phrase)
    phrase = [_affirmed(w) for w in phrase if w.lower() not in NEGATIONS]
    keys = normalise(" ".join(phrase)).split()
    if not keys or any(k in NEGATIONS for k in keys) or subj.entity == obj.entity:
        return None
    if all(k in AUXILIARIES | ARTICLES for k in keys):
        # "X is a Y" whose subject the decomposer lost ("Gangs of New York is a film" parsed
        # around "New York"): the copula's reading, occupation or instance of
        if pair or not any(k in AUXILIARIES for k in keys):
            return None
        return _copula(subj, obj, phrase, negated)
    types = _types(store, [subj.entity, obj.entity])
    s_types, o_types = types.get(subj.entity, set()), types.get(obj.entity, set())
    profile = _profile(store)
    options, unusual = _fitting(profile, s_types, o_types, symmetric_only=pair)
    # "Avicenna's grave is in Asia": a continent is no place of burial, but the words name
    # one and a chain from a burial place reaches continents; the wording may read it
    chained = set() if pair else _chain_reachable(profile, s_types, o_types)
    if not options and not chained:
        return None
    phrase_text = " ".join(phrase)

    def triple(prop: str, inverse: bool, relation: str) -> ClaimTriple:
        return _triple(subj, obj, prop, inverse, relation, negated)

    def said(inverse: bool) -> tuple[str, str]:
        return (obj.said, subj.said) if inverse else (subj.said, obj.said)

    lexical = _lexical(aligner, phrase_text, options, unusual, chained)
    if lexical is not None:
        prop, inverse, score = lexical
        label = profile.labels.get(prop, V.local_id(prop))
        return Reading(
            triple(prop, inverse, label), phrase_text, prop, label, "lexical", score,
            said=said(inverse),
        )  # fmt: skip
    if negated or not options:
        return None
    prior = _type_prior(profile, s_types, o_types, options, unusual)
    semantic = _semantic(profile, phrase_text, options, unusual, embedder, prior)
    if semantic is None:
        return None
    prop, inverse, score, runner = semantic
    label = profile.labels.get(prop, V.local_id(prop))
    return Reading(
        triple(prop, inverse, label), phrase_text, prop, label, "semantic", score, runner,
        said(inverse),
    )  # fmt: skip


def _relation_words(
    words: list[_Word], anchors: list[Anchor]
) -> tuple[Anchor, Anchor, list[str], bool]:
    """(subject, object, the words that say how they relate, whether they are a pair)."""
    subj, obj = anchors[0], anchors[-1]
    pair = (
        len(anchors) == 2
        and [w.text.lower() for w in words[subj.end : obj.start]] == ["and"]
        and obj.end < len(words)
    )
    if pair:  # "X and Y are diplomatic partners"
        phrase = _phrase(words, obj.end, len(words))
    elif _modifier(words, anchors):
        # "S is a pop rock musician": the name before the final noun is the object,
        # the noun says how S relates to it (a musician's genre, a politician's party)
        obj, head = anchors[-2], anchors[-1]
        phrase = _phrase(words, head.start, len(words))
    else:
        phrase = _phrase(words, subj.end, obj.start) + _phrase(words, obj.end, len(words))
        if subj.start > 0 and words[subj.start - 1].text.lower() == "of":
            # relation first: "The style of S is O" names the relation before S
            phrase = _phrase(words, 0, subj.start) + phrase
    return subj, obj, phrase, pair


def _copula(subj: Anchor, obj: Anchor, phrase: list[str], negated: bool) -> Reading:
    """ "S is a O": the copula's reading, occupation or instance of."""
    copula = ClaimTriple(
        subject=subj.text, relation=" ".join(phrase), object=obj.text,
        subject_id=subj.entity, object_id=obj.entity, relation_ids=list(IS_A),
        subject_link=subj.link, object_link=obj.link, negated=negated,
    )  # fmt: skip
    return Reading(
        copula, " ".join(phrase), IS_A[1], "occupation or instance of", "lexical", 1.0,
        said=(subj.said, obj.said),
    )  # fmt: skip


def _triple(
    subj: Anchor, obj: Anchor, prop: str, inverse: bool, relation: str, negated: bool
) -> ClaimTriple:
    """The reading's triple: S prop O, or O prop S when the property reads backwards."""
    a, b = (obj, subj) if inverse else (subj, obj)
    return ClaimTriple(
        subject=a.text,
        relation=relation,
        object=b.text,
        subject_id=a.entity,
        object_id=b.entity,
        relation_ids=[prop],
        subject_link=a.link,
        object_link=b.link,
        negated=negated,
    )


def _fitting(
    profile: _Profile, s_types: set[str], o_types: set[str], *, symmetric_only: bool
) -> tuple[dict[str, list[bool]], set[str]]:
    """(property -> the directions (inverse flags) that fit the anchors, the unusual properties).

    A direction fits when each end fits or is unknown and at least one end is known
    to fit: with no type evidence at all a similar label alone would decide. A
    property whose best direction is unusual (no clash, no fit) is no candidate, but
    it may still be what the claim says: it blocks a reading it would compete with.
    """
    out: dict[str, list[bool]] = {}
    unusual: set[str] = set()
    for prop in profile.texts:
        if symmetric_only and prop not in SYMMETRIC:
            continue
        dom, rng = profile.domain.get(prop), profile.range.get(prop)
        dirs = []
        for inverse, (a, b) in ((False, (s_types, o_types)), (True, (o_types, s_types))):
            f = (_fit(dom, a), _fit(rng, b))
            if "clash" in f:
                continue
            if "unusual" in f:
                unusual.add(prop)
            elif "fits" in f:
                dirs.append(inverse)
        if prop in SYMMETRIC and dirs:
            dirs = [False]
        if dirs:
            out[prop] = dirs
            unusual.discard(prop)
    return out, unusual


def _chain_reachable(
    profile: _Profile, s_types: set[str], o_types: set[str]
) -> set[tuple[str, bool]]:
    """(property, inverse) readings whose range clashes with their object but whose chains reach it.

    The reading's subject must fit the domain; its object must be of a kind the
    property's chains end at (:func:`_chained`): "X died in Europe" through Munich,
    Germany; "Europe was home to X" read backwards. Only the claim's own words may
    take such a reading (:func:`_lexical`), never a similarity guess.
    """
    out = set()
    for prop in profile.texts:
        if prop not in CHAINS:
            continue
        for inverse, (a, b) in ((False, (s_types, o_types)), (True, (o_types, s_types))):
            if _fit(profile.domain.get(prop), a) != "fits":
                continue
            if _fit(profile.range.get(prop), b) == "clash" and _chained(profile, prop, b):
                out.add((prop, inverse))
    return out


def _lexical(
    aligner: RelationAligner,
    phrase: str,
    options: dict[str, list[bool]],
    unusual: set[str],
    chained: AbstractSet[tuple[str, bool]] = frozenset(),
) -> tuple[str, bool, float] | None:
    """The aligner's best reading of the phrase among the fitting ones, when it is a sure one.

    Readings that clash with the anchors' types are passed over ("is employed as a
    poet": employer, whose objects are never professions, then occupation); an
    unusual fit stops the search: the wording names that property. A reading in
    ``chained`` (:func:`_chain_reachable`) is taken when the words name it.
    """
    for a in aligner.align(phrase, value_kind="entity", limit=8):
        if a.property in unusual:
            return None
        if (a.property, a.inverse) in chained:
            return (a.property, a.inverse, a.score) if a.score >= LEXICAL_MIN else None
        if a.property not in options:
            continue
        if a.score < LEXICAL_MIN:
            return None
        if a.inverse in options[a.property]:
            return a.property, a.inverse, a.score
        return None
    return None


def _share(shares: Mapping[str, float] | None, types: set[str]) -> float:
    """The entity's types' share of a property's domain or range (FIT_MIN when unknown)."""
    if shares is None or not types:
        return FIT_MIN
    return max(CLASH_MAX, min(1.0, sum(shares.get(t, 0.0) for t in types)))


def _type_prior(
    profile: _Profile,
    s_types: set[str],
    o_types: set[str],
    options: dict[str, list[bool]],
    unusual: set[str],
) -> dict[str, float]:
    """property -> log of how typical the anchors' types are for it (its best direction).

    A professional "trained as a poet" is compared with occupation and with
    instrument (whose teachers' instruments include a few professions); poets are
    a quarter of occupation's objects and one in seventy of instrument's.
    """
    out = {}
    for prop in (*options, *unusual):
        best = 0.0
        for inverse in options.get(prop, [False, True]):
            a, b = (o_types, s_types) if inverse else (s_types, o_types)
            best = max(
                best, _share(profile.domain.get(prop), a) * _share(profile.range.get(prop), b)
            )
        out[prop] = math.log(best)
    return out


def _semantic(
    profile: _Profile,
    phrase: str,
    options: dict[str, list[bool]],
    unusual: set[str],
    embedder: Embedder | BM25Scorer | None,
    prior: Mapping[str, float] | None = None,
) -> tuple[str, bool, float, tuple[str, float] | None] | None:
    """The property the phrase is most like, when it is a clear winner.

    Candidates are ranked by similarity plus :data:`TYPE_WEIGHT` times the log type
    prior (``prior``: how typical the anchors' types are for the property), so a
    phrase equally like two properties goes to the one whose objects look like
    the claim's; the winner's own similarity must still reach :data:`SEMANTIC_MIN`.
    """
    from kgfc.nlp.embed import BM25Scorer, get_embedder

    embedder = embedder if embedder is not None else get_embedder()
    if isinstance(embedder, BM25Scorer):
        return None  # no absolute similarity to hold a threshold against: no semantic reading
    matrix = profile.embeddings(embedder)
    if matrix is None:
        return None
    query = embedder.embed([_bare(phrase)])[0]
    cos = matrix @ query
    best: dict[str, float] = {}
    best_text: dict[str, str] = {}
    for prop, text, c in zip(profile.rows, profile.row_texts, cos, strict=True):
        if (prop in options or prop in unusual) and float(c) > best.get(prop, -1.0):
            best[prop], best_text[prop] = float(c), text
    prior = prior or {}
    combined = {p: c + TYPE_WEIGHT * prior.get(p, 0.0) for p, c in best.items()}
    ranked = sorted(combined.items(), key=lambda x: -x[1])
    if not ranked or best[ranked[0][0]] < SEMANTIC_MIN:
        return None
    prop, score = ranked[0][0], best[ranked[0][0]]
    if prop in unusual:
        return None  # the nearest property is an unusual fit: no clear reading
    runner = (ranked[1][0], best[ranked[1][0]]) if len(ranked) > 1 else None
    if runner is not None and ranked[0][1] - ranked[1][1] < SEMANTIC_MARGIN:
        return None
    dirs = options[prop]
    if len(dirs) != 1:
        # Both directions fit ("influenced by": person to person) and similarity has no
        # direction: the voice decides. A passive phrase ("was shaped by") reads a
        # passive label ("influenced by") forward and an active one backwards; an active
        # phrase reads an active or noun label forward. An active phrase against a
        # passive label ("Y inspired X" or "X admired Y"?) is not decided.
        phrase_by = normalise(phrase).split()[-1:] == ["by"]
        label_by = _voice_text(best_text[prop]).endswith(" by")
        if not phrase_by and label_by:
            return None
        dirs = [phrase_by and not label_by]
    label_runner = (
        (profile.labels.get(runner[0], V.local_id(runner[0])), runner[1]) if runner else None
    )
    return prop, dirs[0], score, label_runner


def _voice_text(text: str) -> str:
    """A property text without its bracketed qualifier, whose last words give its voice: the
    alias "owned by (company or organisation)" is passive, as "owned by" is."""
    return normalise(_QUALIFIER.sub(" ", text)).strip()


_QUALIFIER = re.compile(r"\s*\([^)]*\)")


def _bare(phrase: str) -> str:
    """The phrase without auxiliaries and articles ("is employed as a" -> "employed as")."""
    kept = [w for w in phrase.split() if normalise(w) not in AUXILIARIES | ARTICLES]
    return " ".join(kept) or phrase
