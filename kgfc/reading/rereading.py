"""Reading a claim again once its entities are linked: the stages' reading steps.

What the pipeline's first step (:func:`kgfc.pipeline.stages.start_kg`) does with a
claim between linking its names and searching the KG, kept beside the rest of the
reading: a nationality adjective's property narrowed by the subject's kind
(:func:`narrow_nationality`), and the claim read again when the rules' reading
cannot be checked (:func:`reread`: the entity-anchored reading of
:mod:`kgfc.nlp.anchored`, then the reading by what the KG connects,
:mod:`kgfc.reading.connecting`). The pipeline orchestrates; the reading is here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg.linking import EntityLinker
from kgfc.models import ClaimTriple, LinkedEntity
from kgfc.nlp.anchored import Resolve
from kgfc.nlp.demonyms import NATIONALITY_PROPS
from kgfc.nlp.rewrite import simplified
from kgfc.nlp.spacy_pipeline import parse
from kgfc.nlp.text import normalise, read_from
from kgfc.nlp.values import is_value_text
from kgfc.reading.connecting import connecting, read_connected, refutable, worded_as
from kgfc.reading.namesakes import namesake
from kgfc.reading.reader import widen_equivalents

if TYPE_CHECKING:  # the pipeline's types, for annotations only: the pipeline imports this
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.nlp.alignment import RelationAligner
    from kgfc.pipeline.state import Episode
    from kgfc.pipeline.toolbox import Toolbox

_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
_VALUE = re.compile(r"[\d\s.,:/-]+(million|billion|thousand|%)?")
_YEAR = re.compile(r"\b\d{3,4}\b")


def looks_like_value(text: str) -> bool:
    """A date or number written as text ("1961", "August 4, 1961", "4 Aug 1961", "3.5 million")."""
    t = text.strip().lower()
    if _VALUE.fullmatch(t):
        return True
    if bool(_YEAR.search(t)) and any(m in t or m[:3] in t.split() for m in _MONTHS):
        return True
    # "about 1.2 million", "1.85 m", "the 1950s": what the value parser reads whole (strictly:
    # a name such as "12 Angry Men" stays a mention)
    return is_value_text(text)


def narrow_nationality(tb: Toolbox, triples: Sequence[ClaimTriple]) -> None:
    """A nationality adjective's property, once the subject is linked: the candidates
    (:data:`kgfc.nlp.demonyms.NATIONALITY_PROPS`) whose observed subjects' types do not
    clash with the subject's — citizenship for a person, country for a city, country of
    origin (and country) for a film."""
    from kgfc.nlp.anchored import fits
    from kgfc.reason.kgstats import stats_for

    pending = [
        (t, t.subject_id) for t in triples if t.relation_ids == NATIONALITY_PROPS and t.subject_id
    ]
    if not pending:
        return
    types = stats_for(tb.store).types_of([s for _, s in pending])
    for t, s in pending:
        s_types = types.get(s, set())
        keep = [p for p in t.relation_ids if fits(tb.store, p, s_types, set())[0] != "clash"]
        if keep:
            t.relation_ids = keep


def name_resolver(store: KnowledgeGraph, linked: Sequence[LinkedEntity]) -> Resolve:
    """A name's entity and confidence: as the claim's linking found it, else the linker's
    best above :data:`ANCHOR_MIN`."""
    known = {normalise(e.mention): (e.entity, e.confidence) for e in linked}
    linker = EntityLinker(store)

    def resolve(name: str) -> tuple[str, float] | None:
        got = known.get(normalise(name))
        if got is not None:
            return got
        hit = linker.resolve(name, ANCHOR_MIN)
        return (hit.entity, hit.score) if hit is not None else None

    return resolve


def reread(tb: Toolbox, ep: Episode) -> None:
    """The entity-anchored fallback (kgfc.nlp.anchored) when the claim's reading cannot be checked.

    When no triple has linked ends, a property the KG states and no type clash,
    the whole claim is read again; when some do, a relative clause or main
    clause whose own triples do not ("Tunisia, who has diplomatic relations
    with Italy, is on the continent of Africa") is read again on its own. A
    reading found replaces the triples it reads, and says how it was read.
    """
    from kgfc.nlp.anchored import read_anchored, sound

    if ep.analysis is None:
        return
    triples = ep.analysis.triples
    aligner = tb.aligner()
    resolve = name_resolver(tb.store, ep.linked)
    sentences, parts = _parts(tb, ep.read_text, triples, aligner)
    for text, mine in parts:
        found = read_anchored(text, tb.store, aligner, resolve)
        if found is None:
            continue
        t = found.triple
        # "Sam Cooke's genre is rhythm and blues" with Sam Cooke unknown to the KG: the
        # decomposer read "genre" as the relation, and the claim is about someone the KG
        # lacks; "genre" (an entity too) read as the subject of "is" would check nonsense.
        # (Only for a triple whose subject is unmatched: "S had a career as a singer",
        # misread as (S, singer, career), is rightly read again as S's occupation.)
        unmatched = {normalise(x.relation) for x in mine if x.relation_ids and not x.subject_id}
        if normalise(t.subject) in unmatched:
            continue
        if t.subject_id and t.object_id:  # "producer" as the KG states it for the subject
            other = namesake(tb, t.subject_id, t.relation_ids, found.said[1], t.object_id)
            if other is not None:
                t = t.model_copy(
                    update={
                        "object_id": other,
                        "object": tb.store.label_index().label(other) or t.object,
                    }
                )
        if len(sentences) > 1:
            # one statement's reading replaces that statement only, and never stands for
            # another's ("The film S works in the musical film genre": "film" is in both)
            bad = [x for x in mine if not sound(tb.store, [x], looks_like_value, aligner)]
            ends = (t.subject_id, t.object_id)
            if len(bad) != 1 or any(
                (x.subject_id, x.object_id) == ends for x in triples if x is not bad[0]
            ):
                continue
            mine = bad
        widen_equivalents(t)
        at = min((i for i, x in enumerate(triples) if any(x is y for y in mine)), default=0)
        triples = [x for x in triples if not any(x is y for y in mine)]
        triples.insert(min(at, len(triples)), t)
        # a guess by similarity refutes only when the KG puts its relation in question
        guess = found.how == "semantic" and not refutable(tb.store, found)
        ep.reading, ep.reading_semantic = found.describe(), ep.reading_semantic or guess
        _link_ends(ep, t)
    if (
        ep.reading is None
        and not sound(tb.store, triples, looks_like_value, aligner)
        and not tb.reader().names_kinship(ep.read_text)
    ):
        triples = _read_connected(tb, ep, triples, resolve)
    ep.analysis.triples = triples


def _parts(
    tb: Toolbox, claim: str, triples: list[ClaimTriple], aligner: RelationAligner
) -> tuple[list[str], list[tuple[str, list[ClaimTriple]]]]:
    """The claim's sentences, and the parts of it to read again, each with its triples."""
    from kgfc.nlp.anchored import overlooked, sound

    whole = sound(tb.store, triples, looks_like_value, aligner) and not overlooked(
        claim, triples, tb.store
    )
    # a claim of several statements ("S, a biochemist, is a follower of O" is two once
    # its description is one) is read again statement by statement, never as one; a
    # claim read as one checkable triple is not parsed again
    sentences = [claim] if whole and len(triples) < 2 else _sentences(tb, claim)
    if len(sentences) < 2 and not whole:
        return sentences, [(claim, list(triples))]
    if len(triples) > 1 or len(sentences) > 1:
        return sentences, [
            (part, mine)
            for part, mine in _clauses(sentences, triples)
            # a clause none of whose triples is known is left alone: its reading would
            # stand beside the triples it replaces, not instead of them
            if mine and not sound(tb.store, mine, looks_like_value, aligner)
        ]
    return sentences, []


def _link_ends(ep: Episode, t: ClaimTriple) -> None:
    """Add the triple's subject and object to the episode's linked entities, if not there yet."""
    have = {e.entity for e in ep.linked}
    for name, iri, conf in (
        (t.subject, t.subject_id, t.subject_link),
        (t.object, t.object_id, t.object_link),
    ):
        if iri and iri not in have:
            ep.linked.append(
                LinkedEntity(
                    mention=name, entity=iri, label=name, score=conf or 1.0,
                    confidence=conf or 1.0,
                )
            )  # fmt: skip


def _read_connected(
    tb: Toolbox, ep: Episode, triples: list[ClaimTriple], resolve: Resolve
) -> list[ClaimTriple]:
    """The claim read by what the KG connects between its names (:mod:`kgfc.reading.connecting`),
    when neither the rules nor the entity-anchored reading made a checkable triple of it."""
    got = read_connected(ep.read_text, tb.store, resolve, aligner=tb.aligner())
    if got.reading is None:
        return triples
    named = tb.aligner().align(got.reading.phrase, value_kind="entity", limit=1)
    if named and worded_as(tb.store, got.reading, named[0].property):
        return triples  # the words say another relation, which the KG does not state
    t = got.reading.triple
    widen_equivalents(t)
    ep.reading = got.reading.describe() + " among the relations the KG puts in question"
    ep.reading_semantic = ep.reading_semantic or (
        not connecting(tb.store, t.subject_id or "", t.object_id or "")
        and not refutable(tb.store, got.reading)
    )
    _link_ends(ep, t)
    return [t]


def _sentences(tb: Toolbox, claim: str) -> list[str]:
    """The claim's statements as sentences, as the decomposer read them: after the rewrites
    that make a description, a participle or a pronoun's clause a sentence of its own."""
    from kgfc.nlp.decompose import statements

    index = tb.store.label_index()
    inner = simplified(parse(claim), lambda name: normalise(name) in index) or claim
    return statements(parse(inner)) or [claim]


def _clauses(
    sentences: Sequence[str], triples: Sequence[ClaimTriple]
) -> list[tuple[str, list[ClaimTriple]]]:
    """The claim's clauses ("S, who V X, W Y." -> "S W Y.", "S V X."; each of its sentences),
    each with the triples read from it (those whose subject and object it contains); none
    when it has one clause."""
    from kgfc.nlp.decompose import relative_clauses

    parts = [p for s in sentences for p in (relative_clauses(s) or [s])]
    if len(parts) < 2:
        return []
    out = []
    for part in parts:
        out.append((part, [t for t in triples if read_from(t.subject, t.object, part)]))
    return out


ANCHOR_MIN = 0.95  # an anchor is an exact label or alias


# "S, the Chicago-born singer, was remembered ...", "F, Ridley Scott's epic, returns ...": an
# appositive (an article or a possessive first) between a name and the rest of the sentence
_APPOSITIVE = re.compile(
    r"^\s*(?P<s>[^,;:]+?),\s+(?P<app>(?:the|an?)\s[^,;:]+?|(?-i:[A-Z])[^,;:]*?['’]s\s[^,;:]+?),"
    r"\s*(?P<rest>\S[^;:]*)$",
    re.I,
)


# a name at the end of a noun phrase, after a preposition: "Typewriters once owned by
# William S. Burroughs", "A new biography of Robin Gibb"
_NAME_AT_END = re.compile(
    r"\s(?:of|by|from|about)\s+(?P<name>(?-i:[A-Z])[\w.'’-]*(?:\s+(?-i:[A-Z])[\w.'’-]*)*)$",
    re.I,
)
# "S, formerly married to O, joins ...", "F, directed by O, returns ...": a participle and its
# preposition between a name and the rest of the sentence
_PARTICIPLE = re.compile(
    r"^\s*(?P<s>(?-i:[A-Z])[^,;:]*?),\s+(?P<app>(?:(?:formerly|once|previously|later|long|"
    r"briefly|famously)\s+)?(?:\w+ed|born|made|written|shot|built|run|led|held)\s+"
    r"(?:to|by|in|at|with|from|for|as)\s[^,;:]+?),"
    r"\s*(?P<rest>\S[^;:]*)$",
    re.I,
)


def _appositive_apart(text: str) -> list[str]:
    """``[main clause, appositive]`` of a name's appositive ("S was remembered ...", "S, the
    Chicago-born singer"; "S, formerly married to O," as "S was formerly married to O."), as
    :func:`kgfc.nlp.decompose.relative_clauses` gives a "who" clause; none without one."""
    m = _APPOSITIVE.match(text)
    if m is not None:
        # "A biography of Robin Gibb, the Bee Gees singer, ...": the name the appositive
        # follows, not the noun phrase it ends
        inner = _NAME_AT_END.search(m["s"])
        said_of = inner["name"] if inner else m["s"]
        return [f"{m['s']} {m['rest']}", f"{said_of}, {m['app']}."]
    m = _PARTICIPLE.match(text)
    if m is not None:
        return [f"{m['s']} {m['rest']}", f"{m['s']} was {m['app']}."]
    return []


def lede_parts(tb: Toolbox, ep: Episode, said: str) -> tuple[str, str] | None:
    """``(news, aside)`` of a news lede none of whose triples the KG can check ("Harvey Keitel,
    whose former partner is the actress Lorraine Bracco, is to receive a lifetime honour"):
    the aside is then read on its own, and the news named as not checked. None when some
    triple can be checked, or the claim as ``said`` has no aside on a name."""
    from kgfc.nlp.decompose import relative_clauses

    if ep.analysis is None or any(_checkable(tb, t) for t in ep.analysis.triples):
        return None
    parts = relative_clauses(said)
    if not parts:
        parts = _appositive_apart(said)
        if len(parts) == 2 and ", " in parts[1]:  # "S, the Chicago-born singer." read as "S is ..."
            name, description = parts[1].split(", ", 1)
            parts[1] = f"{name} is {description}"
    return (parts[0], parts[1]) if len(parts) == 2 else None


def _has_value(store: KnowledgeGraph, prop: str, value: str) -> bool:
    """Does some subject have ``value`` under ``prop`` in the KG?"""
    try:
        quads = store.quads(predicate=ox.NamedNode(prop), object=ox.NamedNode(value))
    except ValueError:  # not IRIs
        return False
    return next(iter(quads), None) is not None


def _checkable(tb: Toolbox, t: ClaimTriple) -> bool:
    """A triple with a linked subject, a relation, and an object the KG can hold for it."""
    return bool(t.subject_id and t.relation_ids) and _holds(tb, t, t.object, t.object_id)


def _holds(tb: Toolbox, t: ClaimTriple, x: str, x_id: str | None) -> bool:
    """Can ``x`` be a value of ``t``'s relation in the KG: a value, a name (a label written
    with a capital), or a common noun some subject has under the relation ("stroke" as a
    medical condition; not "campus" as where someone studied)?"""
    if is_value_text(x) or looks_like_value(x):
        return True
    index = tb.store.label_index()
    ids = [x_id] if x_id else [e for e, _t, _k in index.by_key.get(normalise(x), ())]
    for e in ids:
        label = index.label(e) or x
        if label != label.lower() or any(_has_value(tb.store, p, e) for p in t.relation_ids):
            return True
    return False


def set_aside_descriptions(tb: Toolbox, ep: Episode) -> None:
    """A non-restrictive relative clause the KG cannot read at all ("Ice Cube, who gave few
    interviews, practised Islam"; "X, whose career spanned many years, ...") describes who
    is meant, as an unreadable description before a name does: its triples (and its times,
    "for several decades") are left out of the reading and the verdict names the clause as
    not checked.

    Only when the main clause keeps a triple, and only triples read from the clause alone
    whose relation no property matches or whose object is neither a KG name nor a value: a
    clause the KG can read ("X, who was born in Paris, died in Rome") is checked as before.

    The other way round, the main clause of a news lede the KG cannot read ("Macy Gray, who
    recorded for Epic Records, will headline the festival on Saturday") is left out when
    every triple of the clause can be checked: the verdict is the clause's, and it names
    the news as not checked.
    """
    from kgfc.nlp.decompose import relative_clauses

    if ep.analysis is None or len(ep.analysis.triples) < 2:
        return
    parts = relative_clauses(ep.read_text) or _appositive_apart(ep.read_text)
    if len(parts) != 2:
        return
    main, clause = parts
    index = tb.store.label_index()

    def unreadable(t: ClaimTriple, part: str, other: str) -> bool:
        """Read from ``part`` alone, and nothing the KG can read."""
        if not read_from(t.subject, t.object, part) or read_from(t.subject, t.object, other):
            return False
        if not t.relation_ids:
            return True
        if part is main and not (t.subject_id or normalise(t.subject) in index):
            return True
        return not _holds(tb, t, t.object, t.object_id)

    aside = [t for t in ep.analysis.triples if unreadable(t, clause, main)]
    keep = [t for t in ep.analysis.triples if not any(t is a for a in aside)]
    if aside and any(t.relation_ids and t.subject_id for t in keep):
        ep.analysis.triples = keep
        ep.analysis.undescribed.append(clause.rstrip("."))
        ep.said = main  # its times and circumstances ("for decades") are the clause's too
        return
    # the other way round: news the KG cannot read ("... left his letters to a library",
    # "... will headline the festival on Saturday") about someone the clause says a fact of
    aside = [t for t in ep.analysis.triples if unreadable(t, main, clause)]
    keep = [t for t in ep.analysis.triples if not any(t is a for a in aside)]
    if aside and keep and all(t.relation_ids and t.subject_id for t in keep):
        ep.analysis.triples = keep
        ep.analysis.unread_events.append(main.rstrip("."))
        ep.said = clause  # the news's times ("on Saturday") are the main clause's
