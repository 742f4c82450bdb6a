"""The claim reader: refines a claim's triples once its entities are linked.

The sentence-level reading (:mod:`kgfc.nlp`) gives subject, relation and object;
what the words *mean* in the KG is decided here, with the lexicons as data and
the KG as the judge:

- a nominal predicate ("X is a Democrat", "X was a devout Catholic"): the noun
  names an entity (``lexicons/nominal.toml``), and the relation is the one that
  entity is a value of in the KG (party membership, religion), not occupation;
- a membership idiom ("one of the Beatles", "one half of Daft Punk", "a founding
  member of Coldplay", ``lexicons/membership.toml``) when the KG knows the object
  as a group: read as every membership relation of ``equivalences.toml``;
- any claim read as one relation of an equivalence is checked against all of it.

One :class:`ClaimReader` per store; it keeps no module state, and its ``hits``
count which lexicon entries fired (shown in the episode's trajectory).
"""

from __future__ import annotations

import functools
import logging
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.store import value_of
from kgfc.models import ClaimTriple, Fact, LinkedEntity
from kgfc.nlp.decompose import relative_clauses
from kgfc.nlp.text import STOP_WORDS, normalise
from kgfc.reading.informal import plain
from kgfc.reading.kinds import fit_object, in_work, kind_use, maker, value_use
from kgfc.reading.lexicon import Entry, Lexicon, load_lexicon
from kgfc.reading.namesakes import states

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.nlp.alignment import RelationAligner

log = logging.getLogger(__name__)

# not a relation a noun's entity is "read as": what kind of thing it is
_NOT_READINGS = frozenset(V.WDT + p for p in ("P31", "P279", "P1889", "P460"))
# one word, capitalised: "Einstein", "O'Neal", "McCartney" (not "he", not "the band")
_SURNAME = re.compile(r"^[A-Z][a-z]*(?:['’][A-Z])?[a-zA-Z-]+$")
SURNAME_DOMINANCE = 2  # the best-known bearer has at least twice the facts of the next
SURNAME_LINK = 0.9  # as sure as an exact alias: may refute


INSTANCE_OF = V.WDT + "P31"
# a relation phrase the paraphrase table names with this score or more is read as that
# property outright ("was born in": place of birth), before what the KG connects
TABLE_SURE = 0.95
_CASED_SPAN = 6  # words of the longest name an all-lowercase claim is cased by
_TAIL = re.compile(r"(?:['’]s?)?[.,!?;:]*$")
_P31 = ox.NamedNode(INSTANCE_OF)
# "city of the United States" -> "city"; "urban municipality of Germany" -> "municipality"
_OF = re.compile(r"\s+(?:of|in|for)\s+.*$", re.IGNORECASE)


def head_noun(label: str) -> str:
    """The head noun of an English class label, normalised: the last word before "of"."""
    words = _OF.sub("", label).split()
    return normalise(words[-1]) if words else ""


AMONG_SEVERAL = 0.8  # a path's end picked among several: below what may refute


@dataclass
class Reading:
    """What the lexicons made of a claim: notes, and the paths whose facts it rests on."""

    notes: list[str] = field(default_factory=list)
    chains: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Equivalence:
    name: str
    properties: tuple[str, ...]
    inverses: tuple[str, ...]
    source: str


@functools.cache
def equivalences() -> tuple[Equivalence, ...]:
    """The relation equivalences (``equivalences.toml``), loaded once."""
    text = resources.files("kgfc.reading").joinpath("equivalences.toml").read_text()
    return tuple(
        Equivalence(
            e["name"],
            tuple(V.WDT + p for p in e["properties"]),
            tuple(V.WDT + p for p in e.get("inverses", ())),
            e["source"],
        )
        for e in tomllib.loads(text)["equivalence"]
    )


def widen_equivalents(t: ClaimTriple) -> None:
    """A triple read as one relation of an equivalence is checked against all of it ("member
    of" a band also as "part of" it), however the relation was read."""
    for eq in equivalences():
        if t.relation_ids and t.relation_ids[0] in eq.properties:
            t.relation_ids += [p for p in eq.properties if p not in t.relation_ids]


# a copula before a name: the kin itself is named, no path ("The director of F was Y")
_NAMES_THE_KIN = re.compile(r"^(?:is|was|were)\s+(?-i:[A-Z])", re.I)


class ClaimReader:
    """Lexicon-driven refinement of linked triples, for one store."""

    def __init__(
        self, store: KnowledgeGraph, aligner: Callable[[], RelationAligner] | None = None
    ) -> None:
        self.store = store
        # () -> RelationAligner: the caller's, built on first use (a phrase a table names
        # is read before any similarity)
        self._aligner = aligner
        self.hits: Counter[str] = Counter()
        self._by_surname: dict[str, list[str]] | None = None
        self.nominal: Lexicon = load_lexicon("nominal")
        self.membership: Lexicon = load_lexicon("membership")
        self.paths: Lexicon = load_lexicon("paths")
        self.works: Lexicon = load_lexicon("works")
        self.kinship: Lexicon = load_lexicon("kinship")
        self.kinship_possessive: Lexicon = load_lexicon("kinship_possessive")
        self.occupations: Lexicon = load_lexicon("occupations")

    def refine(self, text: str, triples: list[ClaimTriple]) -> Reading:
        """Re-read ``triples`` of claim ``text`` in place; returns what fired and the paths read."""
        reading = Reading()
        clean = plain(text)
        stated = self._stated(clean)
        # a post in lower case, its only capitals an acronym's ("died in LA")
        lower = not any(w[:1].isupper() and not w.isupper() for w in clean.split())
        cased = self._cased(stated or clean) if lower else None
        # "Beloved, whose director died in Los Angeles, is ...": the clause as a sentence
        aside = relative_clauses(clean)[1:] if "," in clean else []
        for lexicon, apply in (
            (self.nominal, self._nominal),
            (self.membership, self._member),
            (self.paths, self._possessive),
            (self.works, self._work),
            (self.kinship, self._kin),
            (self.kinship_possessive, self._kin),
            (self.occupations, self._occupation),
        ):
            # a question's statement first: "Was S's spouse born in O?" read as written
            # has the subject "Was S"
            found = (
                (lexicon.match(stated) if stated else None)
                or lexicon.match(clean)
                or (lexicon.match(cased) if cased else None)
                or (lexicon.match(aside[0]) if aside else None)
            )
            if found is None:
                continue
            entry, m = found
            note = apply(entry, m, triples, reading)
            if note:
                self._hit(f"{lexicon.name}:{entry.name}")
                reading.notes.append(note)
        for t in triples:
            note = self._surname(t) or self._fit_subject(t) or self._kind(t)
            if note:
                reading.notes.append(note)
            note = self._by_kind(t)
            if note:
                reading.notes.append(note)
            widen_equivalents(t)
        return reading

    def _stated(self, clean: str) -> str | None:
        """A yes-no question as the statement it asks about ("Was S a Buddhist?" -> "S was a
        Buddhist."), and a film said to be made by someone of a kind as what it says of its
        maker ("F was directed by a Detroit-born filmmaker" -> "The director of F was born
        in Detroit."), which the lexicons' frames read; None otherwise."""
        from kgfc.nlp.rewrite import asked, made_by_someone, the_one_who

        index = self.store.label_index()

        def known(name: str) -> bool:
            return normalise(name) in index

        made = made_by_someone(clean, known) or the_one_who(clean, known)
        if made is not None:
            return made
        if not clean.rstrip().endswith("?"):
            return None
        got = asked(clean, known)
        return got if got and got != clean else None

    def _cased(self, text: str) -> str | None:
        """An all-lowercase claim with the names the KG knows written as it writes them
        ("the director of cast away is from johannesburg" -> "... Cast Away is from
        Johannesburg"): the lexicons' frames tell a name by its capital. The longest span
        first; a name only (a label or alias with a capital), never a stop word alone."""
        index = self.store.label_index()
        words, out, i = text.split(), [], 0
        while i < len(words):
            for n in range(min(_CASED_SPAN, len(words) - i), 0, -1):
                span = " ".join(words[i : i + n])
                found = _TAIL.search(span)  # always matches, if only the empty tail
                tail = found[0] if found else ""  # a possessive, punctuation
                key = normalise(span[: len(span) - len(tail)])
                if n == 1 and key in STOP_WORDS:
                    continue
                name = next((t for _, t, _k in index.by_key.get(key, ()) if t != t.lower()), None)
                if name is not None and normalise(name) == key:
                    out.append(name + tail)
                    i += n
                    break
            else:
                out.append(words[i])
                i += 1
        got = " ".join(out)
        return got if got != text else None

    def names_kinship(self, text: str) -> bool:
        """Does ``text`` say a kinship the lexicons read as a path ("a grandparent of")?

        Then the path decides, never a similarity: "grandparent" is as like "parent of"
        as like anything, and "X is a grandparent of X's child" must not read as parenthood.
        """
        clean = plain(text)
        return any(lx.match(clean) for lx in (self.kinship, self.kinship_possessive))

    def _hit(self, rule: str) -> None:
        self.hits[rule] += 1
        log.debug("reading rule %s fired (%d times so far)", rule, self.hits[rule])

    def report(self) -> dict[str, int]:
        """Every lexicon entry and built-in reading with how often it fired (0: never)."""
        out = {f"{lx.name}:{e.name}": 0 for lx in self._lexicons() for e in lx.entries}
        builtin = (
            "names:relation domain", "names:surname", "kinds:head noun", "kinds:object",
            "kinds:where", "kinds:value", "kinds:in a work", "kinds:maker",
        )  # fmt: skip
        out.update({k: 0 for k in builtin})
        out.update(self.hits)
        return out

    def _lexicons(self) -> tuple[Lexicon, ...]:
        return (
            self.nominal, self.membership, self.paths, self.works, self.kinship,
            self.kinship_possessive, self.occupations,
        )  # fmt: skip

    def chain_facts(self, reading: Reading) -> list[list[Fact]]:
        """The facts between the ends of each path the reading followed, labelled, as paths."""
        from kgfc.kg.paths import label_facts, links

        return [label_facts(self.store, links(self.store, a, b)) for a, b in reading.chains]

    # -- compositional paths ----------------------------------------------
    def _possessive(
        self, entry: Entry, found: re.Match[str], triples: list[ClaimTriple], reading: Reading
    ) -> str | None:
        """ "X's husband died in Y": the claim is about X's spouse, reached by the path."""
        m = self._whole_title(found)
        # "Prestige's director" from "The Prestige, whose director ...": the title's article
        x = self._entity(m["subject"]) or self._entity(f"The {m['subject']}")
        # "The husband of X died in Y": the rules may take the kinship noun for the subject
        t = self._triple_mentioning(m["subject"], triples) or self._triple_mentioning(
            m["word"], triples
        )
        if x is None or t is None:
            return None
        kin = self._follow(x, entry.data["path"])
        if not kin:
            return None
        path_props = {V.WDT + p.lstrip("^") for p in entry.data["path"]}
        if t.object_id is None or not t.relation_ids or t.relation_ids[0] in path_props:
            # the rules took the kinship noun for the relation ("X's spouse | spouse | born in
            # Y"): the rest of the sentence says what is claimed of the kin
            note = self._rest(m, x, kin, triples, reading)
            if note or not t.relation_ids:
                return note
        props = [p for p in t.relation_ids if p.startswith(V.WDT)]
        stated = [k for k in kin if t.object_id and states(self.store, k, props, t.object_id)]
        k = (stated or kin)[0]
        t.subject, t.subject_id = self._label(k), k
        # one of several, none stated: a guess among them, which must not refute
        t.subject_link = 1.0 if stated or len(kin) == 1 else AMONG_SEVERAL
        reading.chains.append((x, k))
        return f'"{m["subject"]}\'s {m["word"]}" read as {self._label(k)}'

    def _whole_title(self, m: re.Match[str]) -> Mapping[str, str]:
        """The frame's parts, the subject run on into the rest while it is no name the KG
        knows and a longer span is: "The director of Up in the Air was born in ..." (the frame
        stops the subject at the first lower-case word)."""
        parts = {"subject": m["subject"], "word": m["word"], "rest": m["rest"]}
        if self._entity(parts["subject"]) is not None:
            return parts
        words = parts["rest"].split()
        for n in range(len(words) - 1, 0, -1):
            longer, rest = f"{parts['subject']} {' '.join(words[:n])}", " ".join(words[n:])
            if self._entity(longer) is not None:
                if _NAMES_THE_KIN.match(rest):  # "... of F was Barry Sonnenfeld": the kin named
                    return parts
                return {**parts, "subject": longer, "rest": rest}
        return parts

    def _rest(
        self,
        m: Mapping[str, str],
        x: str,
        kin: list[str],
        triples: list[ClaimTriple],
        reading: Reading,
    ) -> str | None:
        """ "X's spouse is a native of Y": the relation the KG states between a kin of X and
        Y that the words before Y say (:func:`kgfc.reading.connecting.relation_between`)."""
        from kgfc.nlp.anchored import _anchors, _words
        from kgfc.reading.connecting import relation_between

        words = _words(m["rest"])
        found = _anchors(words, self.store.label_index(), self._exact)
        if not found:
            return None
        y = found[-1]
        phrase = " ".join(w.text for w in words[: y.start])
        table = self._table_reading(phrase)
        if table is not None:  # the words name a relation outright ("was born in"): read so
            prop, inverse = table
            end = self._namesake_for(prop, inverse, kin, y.text, y.entity)
            k = (
                kin[0]
                if len(kin) == 1
                else next((k for k in kin if states(self.store, k, [prop], end)), None)
            )
            if k is not None:
                a, b = (end, k) if inverse else (k, end)
                triples[:] = [
                    ClaimTriple(
                        subject=self._label(a), relation=phrase, object=self._label(b),
                        subject_id=a, relation_ids=[prop], object_id=b, subject_link=1.0,
                        object_link=1.0, relation_score=TABLE_SURE,
                    )
                ]  # fmt: skip
                reading.chains.append((x, k))
                return f'"{m["subject"]}\'s {m["word"]}" read as {self._label(k)}'
        for k in kin:
            aligner = self._aligner() if self._aligner is not None else None
            best, _ = (
                relation_between(self.store, k, y.entity, [phrase], aligner=aligner)
                if phrase
                else (None, [])
            )
            if best is None or (best.kind == "rival" and len(kin) > 1):
                continue  # another value of one spouse of several: no refutation
            a, b = (y.entity, k) if best.inverse else (k, y.entity)
            triples[:] = [
                ClaimTriple(
                    subject=self._label(a), relation=best.label, object=self._label(b),
                    subject_id=a, relation_ids=[best.property], object_id=b, subject_link=1.0,
                    object_link=1.0, relation_score=best.score,
                )
            ]  # fmt: skip
            reading.chains.append((x, k))
            return (
                f'"{m["subject"]}\'s {m["word"]}" read as {self._label(k)}, who has a {best.label}'
            )
        return None

    def _namesake_for(self, prop: str, inverse: bool, kin: list[str], name: str, e: str) -> str:
        """Which of the entities named ``name`` the end of a path means: one the KG states
        for a kin under ``prop``, else one of a kind the property's values have when ``e``
        (the first found) is of none ("Forrest Gump's director was born in Chicago": the
        city, not the band); ``e`` otherwise."""
        named = [x for x, _t, _k in self.store.label_index().by_key.get(normalise(name), ())]
        others = [x for x in dict.fromkeys(named) if x != e]
        if not others:
            return e
        for x in [e, *others]:
            ends = [(x, k) if inverse else (k, x) for k in kin]
            if any(states(self.store, a, [prop], b) for a, b in ends):
                return x
        if inverse:
            return e
        from kgfc.reason.kgstats import stats_for

        stats = stats_for(self.store)
        seen = stats.range(prop)
        if seen is None or not seen.known():
            return e
        types = stats.types_of([e, *others])
        if types.get(e, set()) & set(seen.types) or not types.get(e):
            return e
        return next((x for x in others if types.get(x, set()) & set(seen.types)), e)

    def _table_reading(self, phrase: str) -> tuple[str, bool] | None:
        """The property a relation phrase names outright in the paraphrase table (a score of
        :data:`TABLE_SURE` or more, ahead of the next), with whether it reads backwards."""
        if self._aligner is None or not phrase.strip():
            return None
        got = self._aligner().align(phrase, value_kind="entity", limit=2)
        if not got or got[0].score < TABLE_SURE:
            return None
        if len(got) > 1 and got[1].score >= got[0].score - 0.05:
            return None
        return got[0].property, got[0].inverse

    def _exact(self, name: str) -> tuple[str, float] | None:
        e = self._entity(name)
        return (e, 1.0) if e is not None else None

    def _work(
        self, entry: Entry, m: re.Match[str], triples: list[ClaimTriple], reading: Reading
    ) -> str | None:
        """ "X acted in a film directed by Z": a film the KG states both of, if any."""
        x, z = self._entity(m["subject"]), self._entity(m["object"])
        if x is None or z is None:
            return None
        to_x, to_z = (ox.NamedNode(V.WDT + entry.data[k]) for k in ("to_subject", "to_object"))
        with_x = {
            value_of(q.subject) for q in self.store.quads(predicate=to_x, object=ox.NamedNode(x))
        }
        films = [
            value_of(q.subject)
            for q in self.store.quads(predicate=to_z, object=ox.NamedNode(z))
            if value_of(q.subject) in with_x
        ]
        if not films:
            return None
        f = films[0]
        triples[:] = [
            ClaimTriple(
                subject=self._label(f),
                relation=m["word"],
                object=self._label(x),
                subject_id=f,
                relation_ids=[to_x.value],
                object_id=x,
                subject_link=1.0,
                object_link=1.0,
                relation_score=1.0,
            )
        ]
        reading.chains.append((f, z))
        return f'"a film directed by {m["object"]}" read as {self._label(f)}'

    def _kin(
        self, entry: Entry, m: re.Match[str], triples: list[ClaimTriple], reading: Reading
    ) -> str | None:
        """ "X is a grandparent of Y": the path of parent-child facts from X to Y, if the KG
        has one (X's child, a parent of Y); read as its last fact, the rest cited."""
        from kgfc.reading.connecting import connecting

        x = self._linked(m["subject"], triples) or self._entity(m["subject"])
        y = self._linked(m["object"], triples) or self._entity(m["object"])
        path: list[str] = entry.data["path"]
        if x is None or y is None or x == y or connecting(self.store, x, y):
            return None
        last = path[-1]
        ends = set(self._follow(y, [last[1:] if last.startswith("^") else "^" + last]))
        middles = [k for k in self._follow(x, path[:-1]) if k in ends and k not in (x, y)]
        if not middles:
            return None
        k = middles[0]
        prop = V.WDT + last.lstrip("^")
        a, b = (y, k) if last.startswith("^") else (k, y)
        triples[:] = [
            ClaimTriple(
                subject=self._label(a), relation=self._label(prop) or V.local_id(prop),
                object=self._label(b), subject_id=a, relation_ids=[prop], object_id=b,
                subject_link=1.0, object_link=1.0, relation_score=1.0,
            )
        ]  # fmt: skip
        reading.chains.append((x, k))
        return f'"{m["word"]}" read as the path through {self._label(k)}'

    def _linked(self, name: str, triples: list[ClaimTriple]) -> str | None:
        """The entity a triple of the claim already links ``name`` to."""
        key = normalise(name)
        for t in triples:
            for words, e in ((t.subject, t.subject_id), (t.object, t.object_id)):
                if e and normalise(words) == key:
                    return e
        return None

    def _follow(self, x: str, path: list[str]) -> list[str]:
        """The entities ``path`` leads to from ``x`` ("^P40": P40 read backwards)."""
        here = [x]
        for step in path:
            p = ox.NamedNode(V.WDT + step.lstrip("^"))
            nxt: list[str] = []
            for e in here:
                node = ox.NamedNode(e)
                if step.startswith("^"):
                    nxt += [value_of(q.subject) for q in self.store.quads(predicate=p, object=node)]
                else:
                    nxt += [value_of(q.object) for q in self.store.quads(node, p)]
            here = list(dict.fromkeys(nxt))
        return here

    def new_links(
        self, linked: list[LinkedEntity], triples: list[ClaimTriple]
    ) -> list[LinkedEntity]:
        """The entities the reading gave triples that are not among ``linked`` yet."""
        have = {e.entity for e in linked}
        out = []
        for t in triples:
            for e, words, conf in (
                (t.subject_id, t.subject, t.subject_link),
                (t.object_id, t.object, t.object_link),
            ):
                if e and e not in have:
                    have.add(e)
                    score = conf if conf is not None else 1.0
                    out.append(
                        LinkedEntity(
                            mention=words,
                            entity=e,
                            label=self._label(e),
                            score=score,
                            confidence=score,
                        )
                    )
        return out

    # -- kinds ------------------------------------------------------------
    def _kind(self, t: ClaimTriple) -> str | None:
        """ "Detroit is a city" when the KG types Detroit a big city or a city of the
        United States: a type whose head noun is the claimed class is a kind of it."""
        if not (t.subject_id and t.object_id) or INSTANCE_OF not in t.relation_ids:
            return None
        wanted = normalise(self._label(t.object_id))
        types = [value_of(q.object) for q in self.store.quads(ox.NamedNode(t.subject_id), _P31)]
        if not wanted or t.object_id in types:
            return None
        for ty in types:
            if head_noun(self._label(ty)) == wanted:
                t.object, t.object_id = self._label(ty), ty
                t.relation_ids = [INSTANCE_OF]
                self._hit("kinds:head noun")
                return f'"{wanted}" read as {t.object} (a kind of {wanted})'
        return None

    def _by_kind(self, t: ClaimTriple) -> str | None:
        """The first of the object-kind rules of :mod:`kgfc.reading.kinds` that rereads ``t``:
        a person "in" a work with a cast is its cast member (``in_work``); a place before
        the noun for what the subject is, where it is (``kind_use``); of the relations
        the words may mean, one whose values are of the object's kind first
        (``fit_object``); a copula whose object the KG states as another relation's value
        (a genre) reads as that relation first (``value_use``). Returns its note."""
        for rule in (in_work, maker, kind_use, fit_object, value_use):
            found = rule(self.store, t)
            if found is not None:
                self._hit(found[0])
                return found[1]
        return None

    # -- names ------------------------------------------------------------
    def _fit_subject(self, t: ClaimTriple) -> str | None:
        """The subject's namesake that has the claim's relation at all, when the link has not.

        "Australia was directed by Alfred Hitchcock": the country has no director,
        the film of that name has one; the relation's domain tells them apart.
        """
        props = [p for p in t.relation_ids[:3] if p.startswith(V.WDT)]
        if not t.subject_id or not props or self._has_any(t.subject_id, props):
            return None
        index = self.store.label_index()
        for entity, text, _kind in index.by_key.get(normalise(t.subject), ()):
            if entity != t.subject_id and self._has_any(entity, props):
                t.subject_id = entity
                self._hit("names:relation domain")
                return f'"{t.subject}" read as the {text} that has a {V.local_id(props[0])}'
        return None

    def _surname(self, t: ClaimTriple) -> str | None:
        """A surname alone ("Einstein was born in Ulm"): the person of that surname who has
        the claim's relation, when one is far better connected in the KG than any other.

        Also when the name is linked to something else of that name that cannot have the
        relation, and no namesake can: "Hancock was born in Chicago" is not about the film."""
        props = [p for p in t.relation_ids[:3] if p.startswith(V.WDT)]
        word = t.subject.strip()
        if not props or not _SURNAME.match(word):
            return None
        if t.subject_id and (
            self._has_any(t.subject_id, props)
            or self._namesake_has(t, props)
            or self._is_person(t.subject_id)  # a person is never swapped for another
        ):
            return None  # linked to something the relation fits ("Hancock", the film, directed)
        bearers = self._surnames().get(normalise(word), ())
        # people only: "Japan" ends the label of a record label, which no surname names
        people = [e for e in bearers if self._has_any(e, props) and self._is_person(e)]
        if not people:
            return None
        ranked = sorted(((self._degree(e), e) for e in people), reverse=True)
        if len(ranked) > 1 and ranked[0][0] < SURNAME_DOMINANCE * ranked[1][0]:
            return None  # two well-known people share it: a reader could not tell either
        if t.subject_id and any(
            self._degree(e) >= ranked[0][0] and self._is_person(e)
            for e in bearers
            if e not in people
        ):
            return None  # "Lincoln": the best-known bearer lacks the relation, not another's
        t.subject_id, t.subject_link = ranked[0][1], SURNAME_LINK
        self._hit("names:surname")
        return f'"{word}" read as {self._label(ranked[0][1])} (the best-known of that surname)'

    def _is_person(self, e: str) -> bool:
        node, human = ox.NamedNode(e), ox.NamedNode(V.WD + "Q5")
        return next(iter(self.store.quads(node, _P31, human)), None) is not None

    def _namesake_has(self, t: ClaimTriple, props: list[str]) -> bool:
        """Has another entity of exactly the subject's name one of ``props``?"""
        index = self.store.label_index()
        return any(
            self._has_any(e, props) for e, _, _ in index.by_key.get(normalise(t.subject), ())
        )

    def _surnames(self) -> dict[str, list[str]]:
        if self._by_surname is None:
            index = self.store.label_index()
            out: dict[str, list[str]] = {}
            for e, label in index.labels.items():
                words = label.split()
                if len(words) >= 2 and e not in out.get(normalise(words[-1]), ()):
                    out.setdefault(normalise(words[-1]), []).append(e)
            self._by_surname = out
        return self._by_surname

    def _has_any(self, e: str, props: list[str]) -> bool:
        node = ox.NamedNode(e)
        return any(next(iter(self.store.quads(node, ox.NamedNode(p))), None) for p in props)

    def _degree(self, e: str) -> int:
        return sum(1 for _ in self.store.quads(subject=ox.NamedNode(e)))

    # -- nominal predicates -----------------------------------------------
    def _nominal(
        self, entry: Entry, m: re.Match[str], triples: list[ClaimTriple], _r: Reading | None = None
    ) -> str | None:
        # the triple that reads the noun: "Fred MacMurray, who was never a Republican, spent
        # ..." has another about him, which must keep its own relation
        word = normalise(m["word"])
        about = [t for t in triples if t.subject_id and word in normalise(t.object)]
        t = about[0] if about else self._triple_about(m["subject"], triples)
        o = self._entity(entry.data.get("means", ()))
        if t is None or o is None or (not about and len(triples) > 1):
            return None
        props = self._properties_of_value(o)
        if not props:
            return None
        t.object, t.object_id, t.object_link = self._label(o), o, 1.0
        t.relation_ids = props[:3]
        t.relation_score = 1.0
        return f'"{m["word"]}" read as {self._label(o)} ({V.local_id(props[0])})'

    def _occupation(
        self, entry: Entry, m: re.Match[str], triples: list[ClaimTriple], _r: Reading | None = None
    ) -> str | None:
        """ "X also composed music" ("music | composer | X" to the decomposer): X's occupation
        is the agent noun, an entity the KG states as an occupation ("composer" also labels P86)."""
        prop, index = ox.NamedNode(V.WDT + entry.data["property"]), self.store.label_index()
        hits = [e for n in entry.data["means"] for e, _, k in index.by_key.get(normalise(n), ())]
        o = next(
            (e for e in hits if next(iter(self.store.quads(None, prop, ox.NamedNode(e))), 0)), None
        )
        if not o:
            return None
        key = normalise(m["subject"])
        for t in triples:
            for name, e, link in (
                (t.subject, t.subject_id, t.subject_link),
                (t.object, t.object_id, t.object_link),
            ):
                if e and normalise(name) == key:
                    t.subject, t.subject_id, t.subject_link = name, e, link
                    t.relation, t.relation_ids, t.relation_score = "occupation", [prop.value], 1.0
                    t.object, t.object_id, t.object_link = self._label(o), o, 1.0
                    return f'"{m["word"]}" read as occupation {self._label(o)}'
        return None

    def _properties_of_value(self, o: str) -> list[str]:
        """The properties whose value ``o`` is in the KG, most used first."""
        counts = Counter(
            q.predicate.value
            for q in self.store.quads(object=ox.NamedNode(o))
            if q.predicate.value.startswith(V.WDT) and q.predicate.value not in _NOT_READINGS
        )
        return [p for p, _ in counts.most_common()]

    # -- membership idioms ------------------------------------------------
    def _member(
        self, entry: Entry, m: re.Match[str], triples: list[ClaimTriple], _r: Reading | None = None
    ) -> str | None:
        t = self._triple_about(m["subject"], triples)
        if t is None:
            return None
        eq = equivalences()[0]
        # "Jon Bon Jovi was a founding member of Bon Jovi": of the namesakes, the group
        names = [m["object"], re.sub(r"^the\s+", "", m["object"], flags=re.I)]
        index = self.store.label_index()
        named = [
            e for n in names for e, _, kind in index.by_key.get(normalise(n), ()) if kind == "label"
        ]
        group = next((g for g in (t.object_id, *named) if g and self._is_group(g, eq)), None)
        if group is None:
            return None
        if group != t.object_id:
            t.object = self._label(group)
        t.object_id = group
        t.object_link = max(t.object_link or 0.0, 0.95)
        t.relation_ids = list(eq.properties)
        t.relation_score = 1.0
        return f'"{entry.name}" read as {eq.name}'

    def _is_group(self, o: str, eq: Equivalence) -> bool:
        node = ox.NamedNode(o)
        for p in eq.properties:
            if next(iter(self.store.quads(predicate=ox.NamedNode(p), object=node)), None):
                return True
        return any(
            next(iter(self.store.quads(subject=node, predicate=ox.NamedNode(p))), None)
            for p in eq.inverses
        )

    # -- helpers ----------------------------------------------------------
    @staticmethod
    def _triple_mentioning(subject: str, triples: list[ClaimTriple]) -> ClaimTriple | None:
        key = normalise(subject)
        bare = re.sub(r"^the ", "", key)  # "The Pianist", read by the rules as "Pianist"
        for t in triples:
            if key and (key in normalise(t.subject) or bare == normalise(t.subject)):
                return t
        return None

    @staticmethod
    def _triple_about(subject: str, triples: list[ClaimTriple]) -> ClaimTriple | None:
        linked = [t for t in triples if t.subject_id]
        key = normalise(subject)
        for t in linked:
            if normalise(t.subject) in key or key in normalise(t.subject):
                return t
        return linked[0] if len(linked) == 1 else None

    def _entity(self, names: str | Iterable[str]) -> str | None:
        """The entity with one of ``names`` as its exact label (first name found)."""
        index = self.store.label_index()
        for name in [names] if isinstance(names, str) else names:
            hits = [e for e, _, kind in index.by_key.get(normalise(name), ()) if kind == "label"]
            if hits:
                return hits[0]
        return None

    def _label(self, e: str) -> str:
        return self.store.label_index().label(e) or V.local_id(e)
