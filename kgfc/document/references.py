"""Pronouns, short names and descriptions resolved to the entities a document named earlier.

"Nino Rota was an Italian composer. He was born in Milan." -- the second
sentence is checked as "Nino Rota was born in Milan.". Rules, in the order
they are tried:

- a **short name** ("Rota", "Nino") is the most recent full person name it is
  the last or first word(s) of ("Nino Rota");
- **he / she / him / her / his / hers** is a person named earlier in the same
  sentence (left as it is), else the subject of the previous sentence, else
  the person the paragraph (then the document) is about, else the last person
  named -- skipping anyone the document already called by the other pronoun;
- **it / its** (not the empty "it" of "it is said that") and **they / their**
  is the previous sentence's subject when that is not a person (a city, a
  film, a band); a subject "it" after a person's sentence is the last thing
  that sentence named ("X was born in Leipzig. It is in Germany.");
- a **description** ("The composer") as a subject is the person the document
  or the KG's description ("Italian composer") already called so; a nationality
  in it ("the Swedish actress", "the Irishman", "the Italian city") must be one
  of the entity's countries' adjectives.

Hand-written: no coreference model ships for spaCy 3.8's small English
pipeline, and a document about one entity mostly needs exactly these rules.
Who is a person comes from spaCy's named entities and the KG (instance of human).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kgfc.document.answers import question_of, short_answer
from kgfc.document.models import Reference, ReferenceKind
from kgfc.document.people import FIRST_PERSON, first_name_gender, speaker_name
from kgfc.document.people import nationality_noun as _nationality_noun
from kgfc.document.phrases import EXPLETIVE_NEXT, expletive, lone_there, np_head, subjects
from kgfc.nlp.text import normalise

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from kgfc.document.sentences import Sentence

_NAME_ENTS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "NORP"}
_PERSONAL = {
    "he": ("m", "subj"),
    "him": ("m", "obj"),
    "his": ("m", "poss"),
    "she": ("f", "subj"),
    "her": ("f", "obj"),  # or possessive: decided by the parse
    "hers": ("f", "obj"),
}
# how long, said with a possessive that needs no resolving: "all his life"
_SPAN_NOUNS = {"life", "career", "childhood", "youth", "lifetime"}
# the verb after "I", as it reads after a name
_FIRST_PERSON_VERBS = {"have": "has", "am": "is", "'ve": "has", "'m": "is", "do": "does"}
_THING = {"it": "subj", "its": "poss", "they": "subj", "them": "obj", "their": "poss"}
_SUBJECTS = ("nsubj", "nsubjpass")
# a title before a surname: "Dr. Sagan" is "Sagan"
_HONORIFICS = {"dr", "mr", "mrs", "ms", "miss", "sir", "dame", "prof", "professor", "lord"}
# the small words inside a title or a name ("Lost in Translation", "Gone with the Wind")
_GLUE = {"of", "the", "and", "with", "in", "a", "an", "on", "at", "to", "for", "it"}
# spaCy often tags a lone surname as an organisation or a work; never as a place here
_SHORTENABLE = {"PERSON", "ORG", "WORK_OF_ART", "PRODUCT", "FAC", ""}


@dataclass
class Name:
    """An entity the document named in full."""

    text: str
    words: tuple[str, ...]
    person: bool
    entity: str | None
    sentence: int
    paragraph: int
    gender: str | None = None
    guessed: bool = False  # gender guessed from the first name already:
    guess: str | None = None  # "m" / "f" the first name is (mostly) given to
    firm_guess: str | None = None  # the guess when the name is not "mostly" one or the other
    descriptions: set[str] = field(default_factory=set)
    last_paragraph: int = -1  # the paragraph it was last named or referred to in


@dataclass
class Resolved:
    """A sentence with its references resolved: the text to check and how it maps back."""

    text: str
    # (start, end) in ``text`` -> (start, end) in the document, one piece per token
    pieces: list[tuple[int, int, int, int]]
    references: list[Reference]
    subject: Name | None = None

    def to_document(self, start: int, end: int) -> tuple[int, int]:
        """A span of the resolved text as a span of the document."""
        s = e = None
        for rs, re_, ds, de in self.pieces:
            if s is None and re_ > start:
                s = ds
            if rs < end:
                e = de
        if s is None or e is None:
            return self.pieces[0][2], self.pieces[-1][3]
        return s, max(s, e)


# nouns the KG describes places with: what "there" and "here" may stand for
PLACE_NOUNS = frozenset(
    [
        "city",
        "town",
        "village",
        "country",
        "state",
        "capital",
        "borough",
        "district",
        "metropolis",
        "municipality",
        "county",
        "province",
        "region",
        "island",
        "neighbourhood",
        "neighborhood",
        "suburb",
        "commune",
        "settlement",
    ]
)


class Resolver:
    """Walks a document's sentences in order, keeping the names seen so far.

    ``lookup(name)`` gives the KG entity of a name (or None); ``is_person(entity)``
    whether the KG holds it for a human; ``describe(entity)`` the nouns the KG
    describes it with ("philosopher", "composer": its description and occupations).
    """

    def __init__(
        self,
        lookup: Callable[[str], str | None],
        is_person: Callable[[str], bool],
        describe: Callable[[str], set[str]] = lambda _e: set(),
        relatives: Callable[[str, str], list[tuple[str, str]]] = lambda _e, _n: [],
        people_of: Callable[[str], list[tuple[str, str]]] = lambda _e: [],
    ) -> None:
        self.lookup = lookup
        self.is_person = is_person
        self.describe = describe
        self.relatives = relatives
        self.people_of = people_of
        self.names: list[Name] = []
        self.previous_subject: Name | None = None
        self.previous_people: list[Name] = []  # the people the previous sentence named, in order
        self.previous_things: list[Name] = []  # and the things the KG has, in order
        self.paragraph = -1
        self.paragraph_topic: Name | None = None
        self.document_topic: Name | None = None
        self.heading_topic: Name | None = None
        self.sentence_index = -1  # the sentence being resolved
        # the last people named together ("X and Y were ...", "X married Y."): whom
        # "the former", "the latter" and "both" stand for
        self.group: list[Name] = []
        self.dateline: Name | None = None  # the place a news story's dateline names
        self.question: tuple[str | None, str] | None = (
            None  # (speaker, words) of a question just asked
        )

    # -- the names ------------------------------------------------------------------
    def _name(self, span: Span, index: int, paragraph: int) -> Name | None:
        text = " ".join(span.text.split())
        if text.lower().endswith("'s"):
            text = text[:-2]
        key = normalise(text)
        if not key:
            return None
        before = span.doc[span.start - 1] if span.start > 0 else None
        if before is not None and before.text == "The" and self.lookup(f"The {text}"):
            text, key = f"The {text}", normalise(f"The {text}")  # "The Pianist", not "Pianist"
        for n in reversed(self.names):
            if n.words == tuple(key.split()):
                return n
        entity = self.lookup(text)
        if entity is None and len(span) > 1 and span[0].is_upper and len(span[0]) > 1:
            # a post's "RIP Prince", "OMG Tina Turner": the name after the capitals
            rest = " ".join(span[1:].text.split()).removesuffix("'s")
            if (found := self.lookup(rest)) is not None:
                text, key, entity = rest, normalise(rest), found
        person = span.label_ == "PERSON" or (entity is not None and self.is_person(entity))
        if span.label_ == "NORP" and entity is None:
            return None
        if entity is None and span.label_ not in _NAME_ENTS:
            return None
        name = Name(text, tuple(key.split()), person, entity, index, paragraph)
        if entity is not None:
            name.descriptions |= self.describe(entity)
        if index == 0 and text.isupper() and not person and self.dateline is None:
            self.dateline = name  # "SEATTLE —" opening a news story
            name.text = text.title() if entity is not None else text
        self.names.append(name)
        return name

    def _mentions(self, span: Span) -> list[tuple[Span, bool]]:
        """The sentence's names, and a capitalised word spaCy took for a common noun that
        is a person's name the document gave in full ("Cassavetes is buried in ...")."""
        out = self._titles(span, _mentions(span))
        covered = {t.i for e, _ in out for t in e}
        for t in span:
            if t.i not in covered and t.pos_ == "NOUN" and t.is_title and t.tag_ != "NNP":
                one = span.doc[t.i : t.i + 1]
                if self._short_name(one) is not None:
                    out.append((one, False))
        out.sort(key=lambda x: x[0].start)
        return out

    def _titles(self, span: Span, out: list[tuple[Span, bool]]) -> list[tuple[Span, bool]]:
        """A title whose small words spaCy split it at ("Lost in Translation", "Gone
        with the Wind"): one mention when the KG knows the whole, in place of its pieces."""
        doc = span.doc
        i = span.start
        while i < span.end:
            j = i
            while j < span.end and j - i < 8 and (doc[j].is_title or doc[j].lower_ in _GLUE):
                j += 1
            while j > i and doc[j - 1].lower_ in _GLUE:
                j -= 1
            words = doc[i:j]
            if (
                doc[i].is_title
                and len(words) >= 3
                and any(t.is_lower for t in words)
                and self.lookup(words.text) is not None
            ):
                out = [(e, k) for e, k in out if e.end <= i or e.start >= j]
                out.append((words, False))
                i = j
            else:
                i += 1
        out.sort(key=lambda x: x[0].start)
        return out

    def _short_name(self, span: Span) -> Name | None:
        """The full person name a one- or two-word name stands for ("Rota" -> "Nino Rota")."""
        words = tuple(normalise(span.text.removesuffix("'s")).split())
        if len(words) > 1 and words[0].rstrip(".") in _HONORIFICS:
            words = words[1:]  # "Dr. Sagan": "Sagan"
        if not words or len(words) > 2:
            return None
        # a thing's first word the KG does not hold alone: "Motown" for "Motown Records"
        thing = len(words) == 1 and self.lookup(span.text.removesuffix("'s")) is None
        found = [
            n
            for n in reversed(self.names)
            if len(n.words) > len(words)
            and (
                (n.person and (n.words[-len(words) :] == words or n.words[: len(words)] == words))
                or (thing and not n.person and n.entity and n.words[:1] == words)
            )
        ]
        # two people share it ("Richard Attenborough" and his brother "David
        # Attenborough"): the one the text is about, else the last named
        for topic in (self.previous_subject, self.paragraph_topic, self.document_topic):
            if len(found) > 1 and any(topic is n for n in found):
                return topic
        if not found and len(words) == 1 and self.lookup(span.text.removesuffix("'s")) is None:
            return self._first_name_of_linked(words[0], span)
        return found[0] if found else None

    def _first_name_of_linked(self, first: str, span: Span) -> Name | None:
        """A first name alone the document never gave in full ("barry was born in
        manchester" in a post about the Bee Gees): the one person the KG links to a
        thing or person named before (a band's member, a spouse) who has that first name,
        looking back from the last name."""
        for n in reversed(self.names):
            if n.entity is None:
                continue
            hits = [
                (e, label)
                for e, label in self.people_of(n.entity)
                if normalise(label).split()[:1] == [first]
            ]
            if len(hits) == 1:
                entity, label = hits[0]
                index = self.sentence_index
                target = Name(
                    label, tuple(normalise(label).split()), True, entity, index, self.paragraph
                )
                self.names.append(target)
                return target
        return None

    # -- one sentence -----------------------------------------------------------------
    def resolve(self, sent: Sentence) -> Resolved:
        span = sent.span
        self.sentence_index = sent.index
        if sent.paragraph != self.paragraph:
            self.paragraph = sent.paragraph
            self.paragraph_topic = None
        replace: dict[int, tuple[int, str, Reference]] = {}  # first token -> (end token, text, ref)
        token_name: dict[int, Name] = {}
        for ent, is_ent in self._mentions(span):
            short = self._short_name(ent) if ent.label_ in _SHORTENABLE or not is_ent else None
            if short is not None and normalise(ent.text) != normalise(short.text):
                ref = self._ref(sent, ent.start_char, ent.end_char, ent.text, short, "short_name")
                end = ent.end - (1 if ent[-1].lower_ == "'s" else 0)
                replace[ent.start] = (end, short.text, ref)
                for t in ent:
                    token_name[t.i] = short
                continue
            if _in_description(ent):
                continue
            name = self._name(ent, sent.index, sent.paragraph)
            if name is not None:
                for t in ent:
                    token_name[t.i] = name
        subject = self._subject(span, token_name)
        self._answer(sent, span, token_name, replace)
        # "Our son Sean ..., and he plays": the relative named before the pronoun after it;
        # "His brother Robert": once "his" is resolved
        self._kin_names(sent, span, token_name, replace)
        self._pronouns(sent, span, token_name, replace)
        self._kin_names(sent, span, token_name, replace)
        extra_refs = self._groups(sent, span, token_name, replace)
        described = self._description(span, token_name, replace)
        if described is not None:
            first, end, target = described
            tok = span.doc[first]
            end_char = span.doc[end - 1].idx + len(span.doc[end - 1].text)
            ref = self._ref(
                sent, tok.idx, end_char, span.doc[first:end].text, target, "description"
            )
            replace[first] = (end, target.text, ref)
            for i in range(first, end):
                token_name[i] = target
        subject = subject or self._subject(span, token_name)
        self._learn(span, token_name)
        for named in token_name.values():
            named.last_paragraph = sent.paragraph
        people = [token_name[t.i] for t in span if t.i in token_name and token_name[t.i].person]
        things = [
            n for t in span if (n := token_name.get(t.i)) is not None and not n.person and n.entity
        ]
        resolved = _rewrite(sent, replace)
        resolved.references.extend(extra_refs)
        resolved.references.sort(key=lambda r: r.start)
        resolved.subject = subject
        if sent.heading:
            first_named = next((token_name[t.i] for t in span if t.i in token_name), None)
            if first_named is not None:
                self.heading_topic = first_named
                if self.document_topic is None and first_named.person:
                    self.document_topic = first_named
            return resolved
        self._remember(subject, people)
        self.previous_things = things
        self.question = question_of(sent.text, sent.speaker)
        return resolved

    def _answer(
        self,
        sent: Sentence,
        span: Span,
        token_name: dict[int, Name],
        replace: dict[int, tuple[int, str, Reference]],
    ) -> None:
        """A transcript's short answer read with the question it answers (see
        :func:`~kgfc.document.answers.short_answer`), said of the answering speaker."""
        who = self._speaker(sent) if sent.speaker else None
        if self.question is None or who is None or self.question[0] == sent.speaker:
            return
        found = short_answer(self.question[1], span, who.text)
        if found is None:
            return
        first, end, said, text = found
        tok = span.doc[first]
        ref = self._ref(sent, tok.idx, tok.idx + len(text), text, who, "pronoun")
        replace[first] = (end, said, ref)
        for i in range(first, end):
            token_name[i] = who

    def _pronouns(
        self,
        sent: Sentence,
        span: Span,
        token_name: dict[int, Name],
        replace: dict[int, tuple[int, str, Reference]],
    ) -> None:
        """Personal, first-person and thing pronouns and "there": each to the name it means,
        into ``replace`` and ``token_name`` (changed in place)."""
        for t in span:
            if t.i in token_name or t.i in replace:
                continue
            low = t.lower_
            if (
                t.dep_ == "poss"
                and t.head.lower_ in _SPAN_NOUNS
                and any(c.lower_ in ("all", "whole", "entire") for c in t.head.children)
            ):
                continue  # "all his life", "her whole career": how long, whoever's it is
            if low in _PERSONAL:
                target = self._person_for(t, span, token_name, replace)
                if target is not None:
                    gender, role = _PERSONAL[low]
                    if low == "her":
                        role = "poss" if t.dep_ == "poss" else "obj"
                    target.gender = target.gender or gender
                    text = target.text + ("'s" if role == "poss" else "")
                    ref = self._ref(sent, t.idx, t.idx + len(t.text), t.text, target, "pronoun")
                    replace[t.i] = (t.i + 1, text, ref)
                    token_name[t.i] = target
            elif low in FIRST_PERSON and sent.speaker and (who := self._speaker(sent)):
                text = who.text + ("'s" if FIRST_PERSON[low] else "")
                ref = self._ref(sent, t.idx, t.idx + len(t.text), t.text, who, "pronoun")
                end = t.i + 1
                verb = span.doc[end].lower_ if end < span.end else ""
                if low == "i" and verb in _FIRST_PERSON_VERBS:  # "I have lived" -> "X has lived"
                    text, end = f"{text} {_FIRST_PERSON_VERBS[verb]}", end + 1
                replace[t.i] = (end, text, ref)
                token_name[t.i] = who
            elif (
                low in ("there", "here")
                and lone_there(t)
                and (place := self._place(t, span, token_name))
            ):
                ref = self._ref(sent, t.idx, t.idx + len(t.text), t.text, place, "pronoun")
                replace[t.i] = (t.i + 1, "in " + place.text, ref)
                token_name[t.i] = place  # named here for the sentences after
            elif low in _THING and not expletive(t):
                target = self._thing_for(t, span, token_name)
                if target is not None:
                    text = target.text + ("'s" if _THING[low] == "poss" else "")
                    ref = self._ref(sent, t.idx, t.idx + len(t.text), t.text, target, "pronoun")
                    end = t.i + 1
                    if (
                        end < span.end
                        and span.doc[end].tag_ == "VBZ"
                        and span.doc[end].lower_ in ("'s", "’s")
                    ):
                        text, end = f"{text} is", end + 1  # "it's set in Paris": "X is set ..."
                    replace[t.i] = (end, text, ref)
                    token_name[t.i] = target

    def _kin_names(
        self,
        sent: Sentence,
        span: Span,
        token_name: dict[int, Name],
        replace: dict[int, tuple[int, str, Reference]],
    ) -> None:
        """ "His brother Robert": a first name the KG does not know alone, after a relative
        of someone named -- the one relative of theirs the KG holds whose name has it."""
        for t in span:
            n = token_name.get(t.i)
            head = t.head
            if t.i in replace or t.dep_ != "appos" or t.pos_ != "PROPN":
                continue
            if n is not None and len(n.words) != 1:
                continue
            poss = next((c for c in head.children if c.dep_ == "poss"), None)
            owner = token_name.get(poss.i) if poss is not None else None
            if poss is not None and poss.lower_ == "our" and sent.speaker:
                owner = self._speaker(sent)  # a transcript's "our son": the speaker's
            if owner is None or owner.entity is None or head.pos_ != "NOUN":
                continue
            first = t.lower_
            found = [
                (e, label)
                for e, label in self.relatives(owner.entity, head.lemma_.lower())
                if first in normalise(label).split()
            ]
            if len(found) != 1:
                continue
            entity, label = found[0]
            toks = [x for x in span if n is not None and token_name.get(x.i) is n] or [t]
            target = Name(
                label, tuple(normalise(label).split()), True, entity, sent.index, sent.paragraph
            )
            self.names.append(target)
            start, end = toks[0].idx, toks[-1].idx + len(toks[-1].text)
            ref = self._ref(
                sent, start, end, span.doc[toks[0].i : toks[-1].i + 1].text, target, "short_name"
            )
            replace[toks[0].i] = (toks[-1].i + 1, label, ref)
            for x in toks:
                token_name[x.i] = target

    def _remember(self, subject: Name | None, people: list[Name]) -> None:
        """After a sentence: its subject and the people it named, for the next ones."""
        self.previous_people = []
        for p in people:  # Name is a mutable dataclass: compared by identity here
            if not any(p is q for q in self.previous_people):
                self.previous_people.append(p)
        if len(self.previous_people) >= 2:
            self.group = list(self.previous_people)
        self.previous_subject = subject
        if subject is not None and subject.person:
            if self.paragraph_topic is None:
                self.paragraph_topic = subject
            if self.document_topic is None:
                self.document_topic = subject

    def _place(self, t: Token, span: Span, token_name: dict[int, Name]) -> Name | None:
        """Where "there" is: the last thing the KG has named before it, in this sentence or the last."""
        here = [n for i in range(span.start, t.i) if (n := token_name.get(i)) and not n.person]
        last = self.previous_subject
        before = [last] if last is not None and not last.person else []
        found = [n for n in (*reversed(here), *before, *reversed(self.previous_things)) if n.entity]
        if t.lower_ == "here":  # where the writer is: a news story's dateline, else a place named
            found = [*([self.dateline] if self.dateline else []), *found]
        # a thing the KG calls a place before any other ("formed here": not the band named)
        places = [n for n in found if n.descriptions & PLACE_NOUNS]
        return next(iter(places or found), None)

    def _speaker(self, sent: Sentence) -> Name | None:
        """Whom "I" means in a transcript's turn: the speaker its label names, if the KG has them."""
        name = speaker_name(sent.speaker or "")
        entity = self.lookup(name) if name else None
        if name is None or entity is None:
            return None
        key = tuple(normalise(name).split())
        known = next((n for n in self.names if n.words == key), None)
        if known is None:
            known = Name(name, key, self.is_person(entity), entity, sent.index, sent.paragraph)
            self.names.append(known)
        known.text = name if known.text.isupper() else known.text  # "YOKO ONO" -> "Yoko Ono"
        return known

    def _ref(
        self, sent: Sentence, start: int, end: int, text: str, name: Name, kind: ReferenceKind
    ) -> Reference:
        return Reference(
            text=text,
            start=sent.base + start,
            end=sent.base + end,
            name=name.text,
            entity=name.entity,
            kind=kind,
        )

    def _subject(self, span: Span, token_name: dict[int, Name]) -> Name | None:
        root = span.root
        for t in [root, *(c for c in root.children if c.dep_ == "conj")]:
            for c in t.children:
                if c.dep_ in _SUBJECTS:
                    if c.i in token_name:  # "X's film Y": Y, not X
                        return token_name[c.i]
                    for x in c.subtree:
                        if x.i in token_name:
                            return token_name[x.i]
        return None

    def _person_for(
        self, t: Token, span: Span, token_name: dict[int, Name], replaced: Container[int] = ()
    ) -> Name | None:
        gender = _PERSONAL[t.lower_][0]
        if sum(1 for n in self.names if n.person) > 1:
            self._guess_genders()

        def fits(
            n: Name | None,
        ) -> bool:  # a first name "mostly" given to the other sex does not rule out
            return n is not None and n.person and (n.gender or n.firm_guess) in (None, gender)

        # a person named earlier in this sentence: the pronoun stays as it is (but a
        # pronoun after a resolved one is resolved the same way: "His critics say he ...")
        for i in range(t.i - 1, span.start - 1, -1):
            if fits(token_name.get(i)):
                if i in replaced and _possessive(t) and _verb_of(t) == _verb_of(span.doc[i]):
                    return None  # "He is survived by his wife": "his" as in "X is survived by his wife"
                return token_name[i] if i in replaced else None
        # a name this sentence gives only after the pronoun is not whom it stands for
        # ("He was born in Liverpool, like Ringo Starr.")
        everyone = [
            n
            for n in (
                self.previous_subject,
                *self.previous_people,
                self.paragraph_topic,
                self.heading_topic,
                self.document_topic,
                *reversed(self.names),
            )
            if n is not None and n.person
        ]
        # a name this sentence gives only after the pronoun is whom it stands for only
        # when no one else can be ("He was born in Liverpool, like Ringo Starr." but
        # "In his youth, Tom Wolfe studied ...")
        later = {id(token_name[i]) for i in range(t.i + 1, span.end) if i in token_name}
        earlier = {id(token_name[i]) for i in range(span.start, t.i) if i in token_name}
        before = [
            n
            for n in everyone
            if id(n) not in later or id(n) in earlier or n.sentence != self.sentence_index
        ]
        return self._pick(before, gender, fits) or self._pick(everyone, gender, fits)

    def _pick(
        self, order: list[Name], gender: str, fits: Callable[[Name | None], bool]
    ) -> Name | None:
        """The person a pronoun of ``gender`` stands for, among ``order`` (most likely first)."""
        # two people in the paragraph: the one whose first name fits the pronoun
        for n in order:
            if n.last_paragraph == self.paragraph and (n.gender or n.guess) == gender:
                return n
        # a new paragraph no one is named in yet: anyone named before whose sex is known
        # or whose first name fits ("His wife, Y, ...\n\nHe died ..." is not Y)
        if not any(n.last_paragraph == self.paragraph for n in order):
            for n in order:
                if (n.gender or n.guess) == gender:
                    return n
        return next((n for n in order if fits(n)), None)

    def _guess_genders(self) -> None:
        for n in self.names:
            if n.person and not n.guessed:
                n.guessed = True
                n.guess, firm = first_name_gender(n.text)
                n.firm_guess = n.guess if firm else None

    def _thing_for(self, t: Token, span: Span, token_name: dict[int, Name]) -> Name | None:
        if t.dep_ not in (*_SUBJECTS, "poss", "dobj", "pobj"):
            return None
        for i in range(span.start, t.i):  # named in this sentence already
            n = token_name.get(i)
            if n is not None and not n.person:
                # "... directed it and it's set in Paris": the same thing as the "it" before
                return n if span.doc[i].lower_ == t.lower_ == "it" else None
        n = self.previous_subject
        if n is not None and not n.person:
            return n
        after = {x.lower_ for x in t.doc[t.i + 1 : t.i + 5]}
        if (
            t.lower_ == "it"
            and t.dep_ in _SUBJECTS
            and self.previous_things
            and not (after & EXPLETIVE_NEXT)
        ):
            # "Wagner was born in Leipzig. It is in Germany.": the thing the previous
            # sentence named last, its subject being a person
            return self.previous_things[-1]
        if t.lower_ == "it" and t.dep_ in ("dobj", "pobj"):
            # "just rewatched Midnight in Paris. woody allen directed it": the one thing
            # the previous sentence named that is no place
            works = {n.entity: n for n in self.previous_things if not n.descriptions & PLACE_NOUNS}
            if len(works) == 1:
                return next(iter(works.values()))
        return None

    def _groups(
        self,
        sent: Sentence,
        span: Span,
        token_name: dict[int, Name],
        replace: dict[int, tuple[int, str, Reference]],
    ) -> list[Reference]:
        """ "the former" / "the latter" -> one of the last people named together; "both",
        "both of them", "both brothers", "the two" as a subject -> "X and Y".

        Returns the references past the first of a group (the first rides on ``replace``).
        """
        extra: list[Reference] = []
        if len(self.group) < 2:
            return extra
        for t in span:
            toks = [x for x in t.subtree if not x.is_punct]
            words = [x.lower_ for x in toks]
            if any(x.i in token_name or x.i in replace for x in toks):
                continue
            if words in (["the", "former"], ["the", "latter"]) and t.i == toks[-1].i:
                target = self.group[0] if words[1] == "former" else self.group[-1]
                end_char = toks[-1].idx + len(toks[-1].text)
                text = span.doc[toks[0].i : toks[-1].i + 1].text
                ref = self._ref(sent, toks[0].idx, end_char, text, target, "description")
                replace[toks[0].i] = (toks[-1].i + 1, target.text, ref)
                for x in toks:
                    token_name[x.i] = target
            elif t.dep_ in _SUBJECTS and len(self.group) == 2 and _pair_words(toks):
                a, b = self.group
                end_char = toks[-1].idx + len(toks[-1].text)
                text = span.doc[toks[0].i : toks[-1].i + 1].text
                ref = self._ref(sent, toks[0].idx, end_char, text, a, "description")
                replace[toks[0].i] = (toks[-1].i + 1, f"{a.text} and {b.text}", ref)
                extra.append(self._ref(sent, toks[0].idx, end_char, text, b, "description"))
                for x in toks:
                    token_name[x.i] = a
        return extra

    def _description(
        self,
        span: Span,
        token_name: dict[int, Name],
        replace: dict[int, tuple[int, str, Reference]],
    ) -> tuple[int, int, Name] | None:
        """'The composer', 'the Swedish actress', 'the Irishman' as the subject: (first
        token, end token, the person or thing it describes)."""
        root = span.root
        # the noun phrase up to its head: "The singer, once married to X," is "The singer"
        candidates = [(c, _with_second_role(c, np_head(c))) for c in subjects(root)]
        # "The band recorded for Motown." parsed as a noun phrase "the band (that) recorded"
        for x in span[:5]:
            if x.pos_ == "NOUN" and any(
                c.dep_ == "acl" and c.tag_ in ("VBD", "VBN") for c in x.children
            ):
                lefts = [y for y in x.lefts if y.dep_ in ("det", "amod", "compound")]
                candidates.append((x, [*lefts, x]))
        # "died in the city", "worked for the studio": the one thing the text named that
        # fits (a dateline's city counts)
        places = [
            (x, [d, x])
            for x in span
            if x.dep_ == "pobj"
            and x.pos_ == "NOUN"
            and x.head.lower_ in ("in", "for", "at", "with", "by", "from")
            and x.i - 1 >= span.start
            and (d := span.doc[x.i - 1]).lower_ == "the"
            and [c.i for c in x.children] == [d.i]
        ]
        for c, toks in candidates:
            # spaCy tags such a noun as an adjective or a proper noun now and then
            # ("the mathematician", "the Irishman")
            if c.pos_ not in ("NOUN", "PROPN", "ADJ") or c.i in token_name:
                continue
            if c.dep_ == "appos" and c.head.i in token_name:
                continue  # "Coldplay, the band formed in London, ...": the name is right there
            if toks[0].lower_ != "the" or any(t.i in token_name or t.i in replace for t in toks):
                continue
            if any(t.dep_ in ("prep", "relcl", "acl") for t in toks) or any(
                x.dep_ == "prep" for x in c.children
            ):
                continue
            here = [n for i in range(span.start, toks[0].i) if (n := token_name.get(i))]
            target = self._described(toks, here)
            if target is not None:
                return toks[0].i, toks[-1].i + 1, target
        for c, toks in places:  # only when one thing the text named fits ("the city")
            fit = {n.entity: n for n in self.names if not n.person and n.entity}
            found = [n for n in fit.values() if c.lemma_.lower() in n.descriptions]
            if len(found) > 1 and self.dateline is not None:
                # a news story's city is its dateline's: "SEATTLE — ... died in the city"
                found = [n for n in found if n.entity == self.dateline.entity] or found
            if len(found) == 1 and c.i not in token_name and c.i not in replace:
                return toks[0].i, toks[-1].i + 1, found[0]
        return None

    def _described(self, toks: list[Token], here: Sequence[Name] = ()) -> Name | None:
        """Whom or what "the [adjectives] noun" stands for (``here``: the names the sentence
        gave before it): the head noun (or, for a
        nationality noun such as "the German" or "the Irishman", the nationality and a
        person) and every nationality adjective must be among its descriptions."""
        words = [t.lower_ for t in toks[1:-1]]
        head = toks[-1].lemma_.lower()
        nationality = _nationality_noun(head)
        need = {nationality or head}
        need |= {w for w in words if _nationality_noun(w) == w}
        order = (self.previous_subject, self.paragraph_topic, self.document_topic)
        # "the film" after a film was named is the film, not its director ("film director")
        things = nationality is None and any(
            not n.person and need <= n.descriptions for n in self.names
        )
        # "A mural of X will follow; the singer was born ...": X, named before it in the sentence
        for n in (*reversed(here), *order, *reversed(self.names)):
            if n is None or not need <= n.descriptions or (things and n.person):
                continue
            if n.person or nationality is None:
                return n
        return None

    def _learn(self, span: Span, token_name: dict[int, Name]) -> None:
        """What the sentence calls its subject ("X was an Italian composer", "X, a composer,")."""
        for t in span:
            if t.dep_ == "attr" and t.pos_ == "NOUN" and t.head.lemma_ == "be":
                for c in t.head.children:
                    if c.dep_ in _SUBJECTS and c.i in token_name:
                        token_name[c.i].descriptions.add(t.lemma_.lower())
            elif t.dep_ == "appos" and t.pos_ == "NOUN" and t.head.i in token_name:
                token_name[t.head.i].descriptions.add(t.lemma_.lower())


def _with_second_role(c: Token, toks: list[Token]) -> list[Token]:
    """ "The playwright and screenwriter": a second noun joined to the head, kept with it."""
    conj = [x for x in c.rights if x.dep_ == "conj" and x.pos_ == "NOUN"]
    cc = [x for x in c.rights if x.dep_ == "cc"]
    if len(conj) != 1 or len(cc) != 1 or not (c.i < cc[0].i == conj[0].i - 1 == c.i + 1):
        return toks
    return [*toks, cc[0], conj[0]]


def _possessive(t: Token) -> bool:
    return t.lower_ == "his" or (t.lower_ == "her" and t.dep_ == "poss")


def _verb_of(t: Token) -> int:
    """The verb a word's clause hangs on (its index)."""
    while t.pos_ not in ("VERB", "AUX") and t.head.i != t.i:
        t = t.head
    return t.i


def _mentions(span: Span) -> list[tuple[Span, bool]]:
    """Named-entity spans (trimmed of "the" and "'s"), and runs of proper nouns spaCy missed."""
    from kgfc.nlp.mentions import strip_span

    out: list[tuple[Span, bool]] = []
    covered: set[int] = set()
    for ent in span.ents:
        if ent.label_ not in _NAME_ENTS:
            continue
        e = strip_span(ent)
        verb = next((k for k, t in enumerate(e) if k and t.pos_ in ("VERB", "AUX")), 0)
        if verb:  # a lower-case post's "[barry plays guitar]": the name ends at the verb
            e = e[:verb]
        while len(e) > 1 and e[0].is_lower and not e[1:].text.islower():
            e = e[1:]  # "bandmate George Harrison"
        if len(e) == 0:
            continue
        # spaCy clips names now and then ("[Wilhelm Leibniz]" in "Gottfried Wilhelm Leibniz")
        i, j = e.start, e.end
        while (
            i > span.start
            and span.doc[i - 1].pos_ == "PROPN"
            and not span.doc[i - 1].is_lower
            and i - 1 not in covered
        ):
            i -= 1
        while (
            j < span.end
            and span.doc[j].pos_ == "PROPN"
            and span.doc[j].ent_type_ == ""
            and span.doc[j].text[:1].isalpha()
        ):
            j += 1
        if (i, j) != (e.start, e.end):
            from spacy.tokens import Span

            e = Span(span.doc, i, j, label=ent.label_)
        out.append((e, True))
        covered.update(range(min(ent.start, i), max(ent.end, j)))
    i = span.start
    doc = span.doc
    while i < span.end:
        if doc[i].pos_ == "PROPN" and i not in covered and doc[i].text[:1].isalpha():
            j = i
            while (
                j < span.end
                and doc[j].pos_ == "PROPN"
                and j not in covered
                and doc[j].text[:1].isalpha()
            ):
                j += 1
            # a number ends some names ("The Jackson 5", "Maroon 5")
            if (
                j < span.end
                and doc[j].pos_ == "NUM"
                and doc[j].dep_ != "nummod"
                and j not in covered
            ):
                j += 1
            out.append((doc[i:j], False))
            i = j
        else:
            i += 1
    out.sort(key=lambda x: x[0].start)
    return out


def _in_description(ent: Span) -> bool:
    """A nationality word or a lower-case noun spaCy took for a name inside a description
    ("the German", "the Swedish actress", "the Italian city", "the mathematician"):
    not a name of its own."""
    if len(ent) != 1:
        return False
    t = ent[0]
    before = t.doc[t.i - 1].lower_ if t.i > 0 else ""
    if t.is_lower:
        return before == "the"
    return _nationality_noun(t.text) is not None and (
        before == "the" or t.dep_ in ("amod", "compound")
    )


def _pair_words(toks: list[Token]) -> bool:
    """ "both", "both of them", "both brothers", "the two", "the two men": two people at once."""
    words = [x.lower_ for x in toks]
    plural = len(toks) == 2 + (words[0] == "the") and toks[-1].tag_ == "NNS"
    if words[0] == "both":
        return len(words) == 1 or words[1:] == ["of", "them"] or (len(words) == 2 and plural)
    if words[:2] == ["the", "two"]:
        return len(words) == 2 or plural
    return False


def _rewrite(sent: Sentence, replace: dict[int, tuple[int, str, Reference]]) -> Resolved:
    span = sent.span
    parts: list[str] = []
    pieces: list[tuple[int, int, int, int]] = []
    refs: list[Reference] = []
    pos = 0
    i = span.start
    doc = span.doc
    while i < span.end:
        tok = doc[i]
        if i in replace:
            end, text, ref = replace[i]
            last = doc[min(end, span.end) - 1]
            ws = last.whitespace_ if end <= span.end else ""
            refs.append(ref)
            d0, d1 = sent.base + tok.idx, sent.base + last.idx + len(last.text)
            i = end
        else:
            text, ws = tok.text, tok.whitespace_
            d0, d1 = sent.base + tok.idx, sent.base + tok.idx + len(tok.text)
            i += 1
        if i >= span.end:
            ws = ""
        parts.append(text + ws)
        pieces.append((pos, pos + len(text), d0, d1))
        pos += len(text) + len(ws)
    return Resolved("".join(parts), pieces, refs)
