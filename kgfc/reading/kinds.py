"""The object's kind chooses among the relations a claim's words may mean.

"Counting Crows originated in London": "originated in" may be country of origin or
location of formation; the KG's countries of origin are countries, its locations of
formation cities, and London is a city, so location of formation is read first.

"The United Kingdom is in Africa" / "Germany is a country in Oceania": the words
say only where the subject is (located in, country, part of). The subject's one
single-valued relation whose stated value is of the object's kind (its continent, a
continent) is what the claim is about, and is read first.

"The Shawshank Redemption is a crime film": the copula reads as occupation or instance
of, but the KG states "crime film" as the genre of 176 films and the class of 4. A value
the KG puts under one other relation far more often than as a class or an occupation is
read as that relation first, when the subject has it at all (:func:`value_use`). So are
words that name no relation, "be" and a preposition ("The Bee Gees were on Polydor
Records": Polydor Records is a record label far more often than anything else).
"""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.properties import IS_A
from kgfc.kg.store import value_of
from kgfc.models import ClaimTriple
from kgfc.nlp.text import normalise
from kgfc.reading.connecting import rivals

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

# a relation fits an object when at least this share of its typed values share a type with it
OBJECT_KIND_SHARE = 0.05
# relations that say only where something is: the words "in", "lies in", "a town in"
LOCATIVE = frozenset(
    V.WDT + p for p in ("P131", "P17", "P276", "P706", "P361", "P3005", "P150", "P30")
)


def fit_object(store: KnowledgeGraph, t: ClaimTriple) -> tuple[str, str] | None:
    """Reorder (or, for words saying only where, extend) ``t.relation_ids`` so that a relation
    whose values are of the object's kind comes first; returns (rule, note) when it did."""
    from kgfc.reason.kgstats import stats_for

    props = [p for p in t.relation_ids if p.startswith(V.WDT)]
    if not props or not t.object_id or not t.object_id.startswith(V.WD):
        return None
    stats = stats_for(store)
    types = stats.types_of([t.object_id]).get(t.object_id, set())

    def fits(p: str) -> bool:
        r = stats.range(p)
        if r is None or not r.known() or not types:
            return True  # nothing known against it
        return max(r.types.get(ty, 0) for ty in types) >= OBJECT_KIND_SHARE * r.typed_objects

    if t.subject_id and LOCATIVE & set(props):
        # words that say where: the subject's one single-valued relation of where it is,
        # stated with a value of the object's kind, is what they claim (a country's
        # continent, a city's country); a relation of where something happened to it is
        # none ("Billie Holiday was based in New York City" is no claim on her birthplace)
        own = [p for p in rivals(store, t.subject_id, t.object_id) if p in LOCATIVE and fits(p)]
        if len(own) == 1:
            t.relation_ids = [own[0], *(p for p in t.relation_ids if p != own[0])]
            return (
                "kinds:where",
                f"{V.local_id(own[0])} read first: the words say where {t.subject} is, and "
                f"{t.object} is of the kind of its stated value",
            )
    fit = [p for p in props if fits(p)]
    if fit and not fits(props[0]):
        t.relation_ids = [*fit, *(p for p in t.relation_ids if p not in fit)]
        return (
            "kinds:object",
            f"{V.local_id(fit[0])} read first: {t.object} is of the kind its values are",
        )
    return None


# a copula's object is read as the value of another relation when that relation names it
# at least VALUE_USE_MIN times and VALUE_USE_RATIO times as often as the copula's own
VALUE_USE_MIN = 5
VALUE_USE_RATIO = 4
_VALUE_USE_SCAN = 5000


def value_use(store: KnowledgeGraph, t: ClaimTriple) -> tuple[str, str] | None:
    """Put first, for a copula ("S is a crime film"), the relation the KG states its object
    as a value of (genre), far more often than as a class or an occupation, when the subject
    has that relation; returns (rule, note) when it did."""
    if not (t.subject_id and t.object_id) or not t.relation_ids:
        return None
    copula = set(t.relation_ids) <= set(IS_A)
    if not (copula or _vague(store, t)) or not t.object_id.startswith(V.WD):
        return None
    return _use(store, t, copula=copula, kind=False)


def kind_use(store: KnowledgeGraph, t: ClaimTriple) -> tuple[str, str] | None:
    """ "Jive Records is a London label": the relation's one noun is what the subject is, so
    the object is read by the one of its uses the subject has (a label's headquarters, not
    the place of birth London is most often stated as); returns (rule, note) when it did."""
    if not (t.subject_id and t.object_id) or not t.relation_ids:
        return None
    if not t.object_id.startswith(V.WD) or not _kind_noun(store, t):
        return None
    return _use(store, t, copula=False, kind=True)


def _use(
    store: KnowledgeGraph, t: ClaimTriple, *, copula: bool, kind: bool
) -> tuple[str, str] | None:
    """:func:`value_use` and :func:`kind_use`: put first the relation the KG states the
    object as a value of most often (of those the subject has, for ``kind``)."""
    assert t.subject_id and t.object_id
    uses = Counter(
        q.predicate.value
        for q in islice(store.quads(object=ox.NamedNode(t.object_id)), _VALUE_USE_SCAN)
        if q.predicate.value.startswith(V.WDT)
    )
    subject = ox.NamedNode(t.subject_id)

    def has(p: str) -> bool:
        return next(iter(store.quads(subject, ox.NamedNode(p))), None) is not None

    ranked = [(p, n) for p, n in uses.most_common() if has(p)] if kind else uses.most_common(1)
    if not ranked:
        return None
    top, n = ranked[0]
    own = sum(uses.get(p, 0) for p in t.relation_ids)
    if top in t.relation_ids or n < VALUE_USE_MIN or n < VALUE_USE_RATIO * own or not has(top):
        return None
    t.relation_ids = [top, *t.relation_ids]
    what = (
        "as a class or occupation"
        if copula
        else f'and "{t.relation}" is what {t.subject} is'
        if kind
        else f'as what "{t.relation}" may mean'
    )
    return (
        "kinds:value",
        f"{V.local_id(top)} read first: the KG states {t.object} as a {V.local_id(top)} "
        f"value {n} times, {what} {own}",
    )


# what is left of words that say no relation of their own ("were on", "was with") once the
# verb "to be" is taken off: a preposition alone
_VAGUE = frozenset({"on", "with", "at", "for", "under", "in"})
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being", "has", "have", "had"})


def _vague(store: KnowledgeGraph, t: ClaimTriple) -> bool:
    """Words that name no relation ("The Bee Gees were on Polydor Records"), read as
    relations the subject has none of: the object's use in the KG may say which is meant."""
    words = [w for w in normalise(t.relation or "").split() if w not in _BE]
    if len(words) != 1 or words[0] not in _VAGUE or not t.subject_id:
        return False
    node = ox.NamedNode(t.subject_id)
    return not any(
        next(iter(store.quads(node, ox.NamedNode(p))), None) is not None for p in t.relation_ids
    )


_INSTANCE_OF = V.WDT + "P31"


def _kind_noun(store: KnowledgeGraph, t: ClaimTriple) -> bool:
    """Is the relation one noun that names what the subject is ("Jive Records is a London
    label": the last word of a class the KG types it with, "record label")?"""
    words = [w for w in normalise(t.relation or "").split() if w not in _BE]
    if len(words) != 1 or not t.subject_id:
        return False
    index = store.label_index()
    return any(
        (index.label(q.object.value) or "").lower().split()[-1:] == words
        for q in store.quads(ox.NamedNode(t.subject_id), ox.NamedNode(_INSTANCE_OF))
        if isinstance(q.object, ox.NamedNode)
    )


CAST_MEMBER = V.WDT + "P161"
_HUMAN = V.WD + "Q5"


# who made a work, by the noun the claim calls it ("Christopher Nolan's psychological
# thriller"): a film's director, a book's author, a record's performer or composer; the
# last word of what the rules took for the relation between a person and a work
_FILM: tuple[str, ...] = (
    "film",
    "movie",
    "picture",
    "thriller",
    "epic",
    "biopic",
    "comedy",
    "drama",
)
_FILM += ("western", "documentary", "musical", "blockbuster", "noir", "satire", "horror")
_BOOK = ("novel", "book", "memoir", "novella", "poem", "play", "story")
_MUSIC = ("album", "record", "song", "single", "symphony", "opera", "ep")
WORK_MAKERS: dict[str, tuple[str, ...]] = {
    **{n: (V.WDT + "P57",) for n in _FILM},
    **{n: (V.WDT + "P50",) for n in _BOOK},
    **{n: (V.WDT + "P175", V.WDT + "P86") for n in _MUSIC},
}


def maker(store: KnowledgeGraph, t: ClaimTriple) -> tuple[str, str] | None:
    """ "Shutter Island is Christopher Nolan's psychological thriller": a person's work, said
    by a noun for the work, is a work they made; read as (work, maker, person), the maker
    property the noun names (a film's director, a book's author): the one the KG states
    between them, else the one the work states a person for, which a single value then
    decides. A work the KG gives no such maker is not what the noun says ("Beloved" the
    film is no novel), and a person the KG connects to the work otherwise (its cast) is
    left as read: "DiCaprio's thriller" may be his as its star. Returns (rule, note)."""
    if not (t.subject_id and t.object_id) or t.relation_ids:
        return None
    words = t.relation.lower().split()
    props = WORK_MAKERS.get(words[-1]) if words else None
    if props is None:
        return None
    person, work = t.subject_id, t.object_id
    if not _is_human(store, person):
        person, work = work, person
        if not _is_human(store, person):
            return None
    w, p = ox.NamedNode(work), ox.NamedNode(person)
    between = {q.predicate.value for q in store.quads(w, None, p)}
    stated = [m for m in props if m in between]
    if not stated:
        if between:
            return None
        stated = [
            m
            for m in props
            if any(_is_human(store, value_of(q.object)) for q in store.quads(w, ox.NamedNode(m)))
        ]
        if len(stated) != 1:
            return None
    names = {t.subject_id: t.subject, t.object_id: t.object}
    links = {t.subject_id: t.subject_link, t.object_id: t.object_link}
    t.subject, t.object = names[work], names[person]
    t.subject_link, t.object_link = links[work], links[person]
    t.subject_id, t.object_id = work, person
    t.relation_ids = stated[:1]
    return "kinds:maker", f"{t.object}'s {words[-1]} read as a work {t.object} made"


def _is_human(store: KnowledgeGraph, e: str) -> bool:
    node = ox.NamedNode(e)
    return (
        next(iter(store.quads(node, ox.NamedNode(V.WDT + "P31"), ox.NamedNode(_HUMAN))), None)
        is not None
    )


def in_work(store: KnowledgeGraph, t: ClaimTriple) -> tuple[str, str] | None:
    """ "Matt Damon was in The Bourne Identity": words that say only where, of a person and
    a work the KG gives a cast, say the person was in its cast; read as (work, cast member,
    person). Returns (rule, note) when it did."""
    if not (t.subject_id and t.object_id) or not t.relation_ids:
        return None
    if not set(t.relation_ids) <= LOCATIVE:
        return None
    cast = next(iter(store.quads(ox.NamedNode(t.object_id), ox.NamedNode(CAST_MEMBER))), None)
    if cast is None or not _is_human(store, t.subject_id):
        return None
    t.subject, t.object = t.object, t.subject
    t.subject_id, t.object_id = t.object_id, t.subject_id
    t.subject_link, t.object_link = t.object_link, t.subject_link
    t.relation_ids = [CAST_MEMBER]
    return "kinds:in a work", f"{t.object} in {t.subject} read as its cast member"
