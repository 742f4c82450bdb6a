"""Pieces of a sentence the claim splitter drops or reads as claims of their own.

- a subject that names someone through a relative ("John F. Kennedy's youngest
  brother, Ted Kennedy, was born in Boston", "Allen Ginsberg's friend Jack Kerouac
  was ..."): the claim is said of the name, and the kinship, when it is one the KG
  holds, is a claim of its own ("John F. Kennedy was a sibling of Ted Kennedy.");
- a cause and a place of death in one phrase ("died of peritonitis in Zürich"): two
  claims, so that a stated cause does not vouch for an unstated place;
- words that say how long or how keenly, not what: "during the Spanish Civil War",
  "for eighteen years", "all my life", "a keen painter", "a lifelong Republican".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kgfc.document.tokens import commas, indefinite, set_off, text_of

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_SUBJECTS = ("nsubj", "nsubjpass")
# a relative named before the name, and the claim the kinship makes ({p}: the person
# the relative belongs to, {n}: the name); relatives the KG holds no relation for
# ("friend", "bandmate") give no claim but still hand the sentence to the name
KIN: dict[str, str | None] = {
    "wife": "{p} was married to {n}.",
    "husband": "{p} was married to {n}.",
    "spouse": "{p} was married to {n}.",
    "widow": "{p} was married to {n}.",
    "widower": "{p} was married to {n}.",
    "brother": "{p} was a sibling of {n}.",
    "sister": "{p} was a sibling of {n}.",
    "sibling": "{p} was a sibling of {n}.",
    "son": "{n} is the child of {p}.",
    "daughter": "{n} is the child of {p}.",
    "child": "{n} is the child of {p}.",
    "father": "{p} is the child of {n}.",
    "mother": "{p} is the child of {n}.",
    "partner": "{p} was a partner of {n}.",
    "girlfriend": "{p} was a partner of {n}.",
    "boyfriend": "{p} was a partner of {n}.",
    "friend": None,
    "bandmate": None,
    "colleague": None,
    "rival": None,
    "teacher": None,
    "student": None,
    "protégé": None,
    "mentor": None,
}
# "for eighteen years", "for decades": how long, not what
_DURATION_NOUNS = {"year", "years", "decade", "decades", "month", "months", "week", "weeks"}
# "all my life", "his whole life", "her entire career": how long, said as a noun phrase
_SPAN_NOUNS = {"life", "career", "childhood", "youth"}
_SPAN_WORDS = {"all", "whole", "entire"}
# words that place one event before or after another ("until he left", "before signing")
_TIME_MARKS = {"until", "till", "before", "after"}


def _phrase(t: Token) -> set[int]:
    return {x.i for x in t.subtree}


def kin_subject(sent: Span, subj: Token | None) -> tuple[set[int], str | None] | None:
    """For a subject "X's [adjectives] relative[,] Name[,]": the tokens to drop so that the
    claim is said of Name, and the kinship claim (None when the KG holds no such relation).
    None when the subject is no such phrase."""
    found = _kin_before(subj)
    if found is None:
        return None
    owner, kin, name_toks, drop = found
    owner_toks = {x.i for x in owner.subtree if x.dep_ != "case" and x.tag_ != "POS"}
    template = KIN[kin]
    if template is None:
        return drop, None
    doc = sent.doc
    who = " ".join(doc[i].text for i in sorted(owner_toks))
    named = " ".join(doc[i].text for i in sorted(name_toks) if not doc[i].is_punct)
    return drop, template.format(p=who, n=named)


def _kin_before(subj: Token | None) -> tuple[Token, str, set[int], set[int]] | None:
    """(owner, relative noun, the name's tokens, the tokens to drop) of a subject "X's
    relative, Name," or, as the parser also reads it, "X's relative Name" (the noun a
    compound of the name); None for any other subject."""
    if subj is None:
        return None
    owner = next((c for c in subj.children if c.dep_ == "poss" and c.pos_ == "PROPN"), None)
    if owner is None:
        return None
    if subj.pos_ == "NOUN" and subj.lemma_.lower() in KIN:
        name = next((c for c in subj.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        if name is None or name.i < subj.i:
            return None
        name_toks = {x.i for x in name.subtree}
        return owner, subj.lemma_.lower(), name_toks, _phrase(subj) - name_toks
    # "Robbie Robertson's bandmate Levon Helm": a lower-case relative noun among the
    # name's compounds, after the owner
    kin = next(
        (c for c in subj.lefts if c.dep_ == "compound" and c.is_lower and c.lower_ in KIN), None
    )
    if subj.pos_ != "PROPN" or kin is None or not owner.i < kin.i:
        return None
    name_toks = {x.i for x in subj.subtree if x.i > kin.i}
    drop = {x.i for x in owner.subtree} | {x.i for x in kin.subtree}
    return owner, kin.lower_, name_toks, drop


def participle_of(noun: Token) -> Token | None:
    """A past participle right after a noun ("the band formed in London", "a crime film
    directed by Martin Scorsese") with a phrase of its own: what the noun's thing was."""
    for c in noun.children:
        if (
            c.dep_ == "acl"
            and c.tag_ == "VBN"
            and c.i > noun.i
            and any(x.dep_ in ("prep", "agent") for x in c.children)
        ):
            return c
    return None


def gapped(root: Token) -> list[Token]:
    """The names of a gapped second clause, verb left out: "X had studied at Y, and Z at
    W" -> Z (a name coordinated with the verb, with a preposition of its own)."""
    if root.pos_ not in ("VERB", "AUX") or not any(c.dep_ in _SUBJECTS for c in root.children):
        return []
    return [
        c
        for c in root.children
        if c.dep_ == "conj"
        and c.pos_ in ("PROPN", "PRON")
        and any(x.dep_ == "prep" for x in c.children)
        and not any(x.pos_ in ("VERB", "AUX") for x in c.children)
    ]


def death_place(root: Token) -> Token | None:
    """The "in <place>" a cause of death carries ("died of peritonitis in Zürich"), to be
    read as a claim of its own; None when there is none."""
    if root.lemma_ != "die":
        return None
    of = next((c for c in root.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    if of is None:
        return None
    for prep in [c for c in root.children if c.dep_ == "prep" and c.lower_ in ("in", "at")] + [
        c for x in of.children if x.dep_ == "pobj" for c in x.children if c.dep_ == "prep"
    ]:
        if prep.lower_ not in ("in", "at"):
            continue
        objs = [c for c in prep.children if c.dep_ == "pobj"]
        if objs and objs[0].pos_ == "PROPN" and objs[0].ent_type_ not in ("DATE", "TIME"):
            return prep
    return None


# "next to", "beside", "alongside": a name in the same place as the subject
_BESIDE = ("beside", "alongside")


def beside_name(
    sent: Span, root: Token, subj: Token | None, dates: set[int]
) -> tuple[str, set[int]] | None:
    """ "X is buried next to Y at Z" -> "Y is buried at Z." (whoever lies next to X at a
    place is at that place too), with the tokens of "next to Y" (no part of X's claim,
    "X is buried at Z."); None when the verb has no such name and place."""
    if subj is None or root.pos_ != "VERB":
        return None
    near = None
    for c in root.children:
        if c.dep_ == "advmod" and c.lower_ == "next":
            near = next((p for p in c.children if p.dep_ == "prep" and p.lower_ == "to"), None)
            phrase = c
        elif c.dep_ == "prep" and c.lower_ in _BESIDE:
            near, phrase = c, c
        if near is not None:
            break
    who = [o for o in near.children if o.dep_ == "pobj"] if near is not None else []
    # the place on the verb, or on the name as the parser may hang it ("beside Y in Z")
    heads = [root, *who[:1]]
    place = next(
        (
            c
            for h in heads
            for c in h.children
            if c.dep_ == "prep"
            and c.lower_ in ("at", "in")
            and any(o.dep_ == "pobj" and o.pos_ == "PROPN" for o in c.children)
            and not {x.i for x in c.subtree} <= dates
        ),
        None,
    )
    if not who or who[0].pos_ != "PROPN" or place is None:
        return None
    verb = {c.i for c in root.children if c.dep_ in ("aux", "auxpass", "neg")} | {root.i}
    where = {x.i for x in place.subtree} - dates
    text = f"{text_of(sent.doc, name_words(who[0]))} {text_of(sent.doc, verb | where)}"
    return text, {x.i for x in phrase.subtree} - where


def loose_words(sent: Span, role: Callable[[str], bool], known: Callable[[str], bool]) -> set[int]:
    """Words that say how long or how keenly something was so, not what was so: a
    duration beside the verb's own complement, "all my life", and a lower-case adjective
    on a role the KG gives people ("a keen painter", "a lifelong Republican") unless the
    two words are one name the KG has ("political activist")."""
    out: set[int] = set()
    for t in sent:
        if t.dep_ == "prep" and t.lower_ == "for" and _duration(t) and (nested := _hung_on(t)):
            # "taught for decades at Cornell", the parser hanging "at Cornell" on "decades":
            # how long is left out, where is kept
            out |= _phrase(t) - {x.i for p in nested for x in p.subtree}
        elif t.dep_ == "prep" and t.lower_ in ("for", "during") and _beside_complement(t):
            if t.lower_ == "during" or _duration(t):
                out |= _phrase(t)
        elif (_when_else(t) or _age(t)) and _beside_complement(t):
            # "until he left for X", "before signing ...", "at the age of 49", ", aged 44"
            out |= _phrase(t)
            if t.i - 1 >= sent.start and sent.doc[t.i - 1].text == ",":
                out.add(t.i - 1)
        elif t.dep_ == "npadvmod" and t.lower_ in _SPAN_NOUNS and _beside_complement(t):
            if any(c.lower_ in _SPAN_WORDS for c in t.children):
                out |= _phrase(t)
        elif t.dep_ == "advmod" and t.lower_ in ("also", "too") and t.head.pos_ in ("VERB", "AUX"):
            out.add(t.i)  # "X was also a Buddhist": said besides something else, still the claim
        elif t.dep_ == "advmod" and t.lower_ == "only" and _not_until(t):
            out.add(t.i)  # "only moved to Nashville later": not until later, still moved there
        elif (
            t.dep_ == "amod"
            and t.pos_ == "ADJ"
            and t.text.islower()
            and t.tag_ == "JJ"  # not "the greatest singer": an opinion, left to the cues
            and t.head.dep_ in ("attr", "appos")
            and t.i == t.head.i - 1
            and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in t.head.children)
            and (t.head.pos_ == "PROPN" or role(t.head.lemma_.lower()))
            and not known(f"{t.text} {t.head.text}")
            and not any(c.dep_ in ("advmod", "conj") for c in t.children)
        ):
            out.add(t.i)
    return out


# words of a later time: "only ... later" says when, not that nothing else was so
_LATER = {"later", "then", "afterwards", "afterward", "eventually", "subsequently", "finally"}


def _not_until(only: Token) -> bool:
    """ "only" on a verb said with a later time ("only moved to Nashville later", "only
    married in 1990"): not until then -- no "and nothing else"."""
    verb = only.head
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    return any(x.i > only.i and (x.lower_ in _LATER or x.ent_type_ == "DATE") for x in verb.subtree)


def _hung_on(t: Token) -> list[Token]:
    """The phrases ("at Cornell") the parser hung on a duration's noun after it."""
    return [
        p
        for o in t.children
        if o.dep_ == "pobj"
        for p in o.children
        if p.dep_ == "prep" and p.i > o.i and p.lower_ != "of"
    ]


def _duration(t: Token) -> bool:
    """ "for ten years", "for two decades", "for a couple of years": a "for" of how long."""
    objs = [c for c in t.children if c.dep_ == "pobj"]
    if not objs:
        return False
    if objs[0].lower_ in _DURATION_NOUNS:
        return True
    return objs[0].lower_ in ("couple", "few", "number", "lot") and any(
        x.dep_ == "pobj" and x.lower_ in _DURATION_NOUNS
        for c in objs[0].children
        if c.dep_ == "prep" and c.lower_ == "of"
        for x in c.children
    )


def _when_else(t: Token) -> bool:
    """ "until he left for the United States", "before signing with X": another event,
    said to place this one in time after it, not part of its claim (one before the verb,
    "After leaving Liverpool, where he was born, ...", may hold claims of its own)."""
    if t.i < t.head.i:
        return False
    if t.dep_ == "advcl":
        return any(c.dep_ == "mark" and c.lower_ in _TIME_MARKS for c in t.children)
    return (
        t.dep_ == "prep"
        and t.lower_ in _TIME_MARKS
        and any(c.dep_ == "pcomp" and c.tag_ == "VBG" for c in t.children)
    )


def _age(t: Token) -> bool:
    """ "at the age of 49", "aged 44": how old, not what."""
    if t.dep_ == "prep" and t.lower_ == "at":
        return any(c.dep_ == "pobj" and c.lower_ == "age" for c in t.children)
    return t.lower_ == "aged" and any(c.like_num for c in t.children)


def _beside_complement(t: Token) -> bool:
    """Whether the verb (or noun) ``t`` hangs on has a complement besides ``t`` (a "for"
    or "during" of how long is none)."""
    head = t.head
    return any(
        c.i != t.i
        and c.dep_ in ("dobj", "attr", "prep", "acomp", "oprd", "advmod")
        and not (c.dep_ == "prep" and (c.lower_ == "during" or _duration(c) or _age(c)))
        for c in head.children
    ) or head.dep_ in ("pobj", "attr", "dobj")


def name_words(name: Token) -> set[int]:
    """A name's tokens: its head and the compounds right before it ("Ben Hecht"), not the
    compounds of a place in a clause on it ("who was born in New York City")."""
    words = {name.i}
    i = name.i - 1
    while i >= 0 and name.doc[i].dep_ == "compound" and name.doc[i].head.i in words:
        words.add(i)
        i -= 1
    return words


def who_on_names(
    sent: Span, subj: Token | None, drop: set[int], riders: set[int]
) -> list[tuple[str, set[int], set[int]]]:
    """ "... an exhibition on Albert Einstein, the physicist who was born in Ulm." ->
    "Albert Einstein was born in Ulm." (a "who" clause on a name, or on its appositive,
    away from the subject).

    Each as (text, the tokens it reads, the clause's own tokens: what the rest loses -- the
    name stays in the sentence's own claim, "A mural honoring Jimi Hendrix was unveiled")."""
    out: list[tuple[str, set[int], set[int]]] = []
    for c in sent:
        who = [x for x in c.children if x.lower_ == "who" and x.dep_ in _SUBJECTS]
        if c.dep_ != "relcl" or not who or c.head == subj:
            continue
        name = c.head.head if c.head.dep_ == "appos" and c.head.pos_ == "NOUN" else c.head
        if name.pos_ != "PROPN" or name == subj:
            continue
        words = name_words(name)
        sub = {x.i for x in c.subtree}
        body = sub - {who[0].i} - drop
        out.append((text_of(sent.doc, words) + " " + text_of(sent.doc, body), words | body, sub))
        riders |= words
    return out


def kin_appositives(sent: Span, subj: Token | None) -> list[tuple[str, set[int]]]:
    """ "Warren Beatty and his wife, Annette Bening, attended ...": a relative the KG holds,
    named in an appositive away from the subject ("his": the subject's) -- "Warren Beatty
    was married to Annette Bening." (the sentence's own claim keeps its words)."""
    out: list[tuple[str, set[int]]] = []
    for t in sent:
        template = KIN.get(t.lemma_.lower()) if t.pos_ == "NOUN" else None
        if template is None or t == subj:
            continue
        poss = next((c for c in t.children if c.dep_ == "poss"), None)
        owner = poss if poss is not None and poss.pos_ == "PROPN" else None
        if poss is not None and poss.lower_ in ("his", "her") and subj is not None:
            owner = subj if subj.pos_ == "PROPN" else None  # "X and his wife, Y, ..."
        name = next((c for c in t.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        if owner is None or name is None or name.i < t.i or not set_off(sent, name):
            continue
        who = text_of(sent.doc, name_words(owner))
        named = text_of(sent.doc, name_words(name))
        out.append((template.format(p=who, n=named), {x.i for x in t.subtree}))
    return out


def appositives_on_names(
    sent: Span, subj: Token | None, drop: set[int]
) -> list[tuple[str, set[int]]]:
    """ "... survived by his wife, Laurie Anderson, a composer and violinist." ->
    "Laurie Anderson was a composer and violinist." (an indefinite appositive on a name
    away from the subject)."""
    out: list[tuple[str, set[int]]] = []
    for c in sent:
        name = c.head
        if not (
            c.dep_ == "appos"
            and c.pos_ == "NOUN"
            and name.pos_ == "PROPN"
            and name != subj
            and c.i > name.i
            and set_off(sent, c)
        ):
            continue
        sub = {x.i for x in c.subtree}
        if indefinite(c):
            words = name_words(name)
            out.append((text_of(sent.doc, words) + " was " + text_of(sent.doc, sub - drop), sub))
            continue
        # "Stockholm, Norway, the hometown of ABBA's Benny Andersson": what the place is to
        # someone (the appositive after a place's region is the place's)
        of = _of_name(c)
        if of is None or not any(x.dep_ == "det" and x.lower_ == "the" for x in c.children):
            continue
        if _place_pair(name):
            name = name.head
        if name == subj:
            continue
        band = {
            x.i for p in of.children if p.dep_ == "poss" and p.pos_ == "PROPN" for x in p.subtree
        }
        body = text_of(sent.doc, sub - drop - band)
        out.append((text_of(sent.doc, name_words(name)) + " is " + body, sub))
    return out


def _of_name(noun: Token) -> Token | None:
    """The name after "of" on a noun ("the hometown of Benny Andersson"), else None."""
    for p in noun.children:
        if p.dep_ == "prep" and p.lower_ == "of":
            for o in p.children:
                if o.dep_ == "pobj" and o.pos_ == "PROPN":
                    return o
    return None


_PLACES = ("GPE", "LOC")


def _place_pair(region: Token) -> bool:
    """Whether a name is the region set after a place's name ("Stockholm, Norway"), as the
    parser hangs it: an appositive, or a conjunct after a comma alone (no list: "Paris,
    London and Rome")."""
    others = [c for c in (*region.children, *region.head.children) if c.i != region.i]
    listed = region.dep_ == "conj" and (
        region.doc[region.i - 1].text != "," or any(c.dep_ in ("cc", "conj") for c in others)
    )
    return (
        region.dep_ in ("appos", "conj")
        and not listed
        and region.pos_ == "PROPN"
        and region.head.pos_ == "PROPN"
        and region.i > region.head.i
        and region.ent_type_ in _PLACES
        and region.head.ent_type_ in _PLACES
    )


def place_pairs(sent: Span, subj: Token | None) -> list[tuple[str, set[int]]]:
    """ "I did Stockholm, Norway" -> "Stockholm is in Norway." (a place named with its region
    as a thing of its own; a place a claim is about, "born in Ulm, Germany", is checked
    with its region as the claim's place)."""
    out: list[tuple[str, set[int]]] = []
    for c in sent:
        if not _place_pair(c) or c.head.dep_ == "pobj" or c.head == subj or not set_off(sent, c):
            continue
        region = name_words(c)
        text = f"{text_of(sent.doc, name_words(c.head))} is in {text_of(sent.doc, region)}"
        out.append((text, region))
    return out


def where_clauses(
    sent: Span,
    drop: set[int] = frozenset(),  # type: ignore[assignment]
) -> list[tuple[str, set[int]]]:
    """ "X settled in Paris, where he died." -> "X died in Paris." (a "where" clause on a
    place is a claim about that place of its own)."""
    out: list[tuple[str, set[int]]] = []
    for c in sent:
        where = [x for x in c.children if x.lower_ == "where" and x.dep_ == "advmod"]
        if (
            c.dep_ != "relcl"
            or not where
            or c.head.dep_ not in ("pobj", "dobj")
            or not any(x.dep_ in _SUBJECTS for x in c.children)
        ):
            continue
        sub = {x.i for x in c.subtree}
        place = {x.i for x in c.head.subtree} - sub - commas(sent, sub)
        body = sub - {where[0].i} - drop
        out.append((text_of(sent.doc, body) + " in " + text_of(sent.doc, place), sub))
    return out


# words a title or a name may hold in lower case ("Gone with the Wind")
_TITLE_GLUE = {"of", "the", "and", "with", "in", "a", "an", "on", "at", "to", "for"}


def which_on_names(
    sent: Span,
    known: Callable[[str], bool],
    drop: set[int] = frozenset(),  # type: ignore[assignment]
) -> list[tuple[str, set[int], set[int]]]:
    """ "X directed Gandhi, which is set in India." -> "Gandhi is set in India."; "X won an
    Oscar for Good Will Hunting, which Gus Van Sant directed." -> "Gus Van Sant directed
    Good Will Hunting." (a non-restrictive "which" clause on a name the KG knows).

    Each as (text, the tokens it reads, the clause's own tokens: what the rest loses)."""
    out: list[tuple[str, set[int], set[int]]] = []
    for c in sent:
        which = [x for x in c.children if x.lower_ == "which" and x.dep_ in (*_SUBJECTS, "dobj")]
        if c.dep_ != "relcl" or not which or which[0].i - 1 < sent.start:
            continue
        comma = sent.doc[which[0].i - 1]
        name = _name_before(sent, comma.i, known) if comma.text == "," else None
        if name is None:
            continue
        sub = {x.i for x in c.subtree}
        body = sub - {which[0].i} - drop
        words = text_of(sent.doc, name)
        if which[0].dep_ == "dobj":
            out.append((text_of(sent.doc, body) + " " + words, body, sub))
        else:
            out.append((words + " " + text_of(sent.doc, body), name | body, sub))
    return out


def _name_before(sent: Span, end: int, known: Callable[[str], bool]) -> set[int] | None:
    """The longest name the KG knows that ends right before token ``end`` (a title's
    words, "Some Like It Hot", may be parsed as anything)."""
    start = end
    while (
        start - 1 >= sent.start
        and end - start < 8
        and (sent.doc[start - 1].is_title or sent.doc[start - 1].lower_ in _TITLE_GLUE)
    ):
        start -= 1
    for i in range(start, end):
        if sent.doc[i].is_title and known(sent.doc[i:end].text):
            return set(range(i, end))
    return None
