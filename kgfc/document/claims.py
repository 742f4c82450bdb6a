"""A compound sentence cut into claims, each with the span of the sentence it rests on.

Applied to the sentence with its references resolved and any framing dropped:

- coordinated predicates: "X was born in Milan and died in Rome." -> "X was born
  in Milan." + "X died in Rome." (a second clause with its own subject stands alone);
- coordinated objects: "X was an Italian composer and pianist." -> "X was an
  Italian composer." + "X was an Italian pianist." -- unless the whole phrase is
  one name the KG knows ("Simon and Garfunkel");
- an appositive or a "who" clause on the subject: "X, an Italian composer, was
  born in Milan." -> "X was born in Milan." + "X was an Italian composer.";
- a participle before the subject: "Born in Boston, X became an actress." ->
  "X was born in Boston." + "X became an actress.".

Each claim's span is the part of the sentence only it rests on (the second
conjunct, the appositive...); the main claim keeps the rest. The reader
(:mod:`kgfc.nlp`) then reads each claim as it reads any other.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kgfc.document.clause_parts import (
    appositives_on_names,
    beside_name,
    death_place,
    gapped,
    kin_appositives,
    kin_subject,
    loose_words,
    participle_of,
    place_pairs,
    where_clauses,
    which_on_names,
    who_on_names,
)
from kgfc.document.people import nationality_noun
from kgfc.document.sentences import EMOJI, EMOTICON
from kgfc.document.tokens import commas, indefinite, set_off, text_of

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

MAX_PARTS = 6
_OBJECTS = ("attr", "dobj", "pobj", "oprd")
_SUBJECTS = ("nsubj", "nsubjpass")
_VOWEL = tuple("aeiouAEIOU")
_MONTHS = set(calendar.month_name[1:]) | set(calendar.month_abbr[1:])
_PRONOUNS = {"he", "she", "it", "they"}
# "X and Y were both ...", "X, Y and Z all worked ...": said of each subject in turn
_EACH = {"both", "all", "each", "together"}
_SINGULAR = {"were": "was", "are": "is", "have": "has"}


@dataclass
class Part:
    text: str  # the claim to check
    start: int  # the span it rests on, in characters of the text that was split
    end: int
    main: bool = True  # False: an aside (appositive, "who" clause, participle) on a name


def decompose(
    doc: Doc,
    known: Callable[[str], bool] = lambda _t: False,
    role: Callable[[str], bool] = lambda _t: True,
) -> list[Part]:
    """The claims of a parsed statement (one or more sentences); one Part if nothing splits.

    ``known(text)``: whether the KG has a name; ``role(noun)``: whether the noun is an
    occupation the KG gives people ("composer"; not "partner")."""
    parts: list[Part] = []
    for sent in doc.sents:
        apart = _who_apart(sent) or _clauses_apart(sent)
        if apart is not None:  # the parse went astray: each half parsed on its own
            from kgfc.nlp.spacy_pipeline import parse

            for text in apart:
                for sub in parse(text).sents:
                    for part in _sentence(sub, known, role):
                        parts.append(Part(part.text, sent.start_char, sent.end_char))
            continue
        each = _split_subjects(sent, known, role)
        if each is None:
            parts.extend(_sentence(sent, known, role))
            continue
        from kgfc.nlp.spacy_pipeline import parse

        for text in each:  # one subject each; every claim rests on the whole sentence
            for sub in parse(text).sents:
                for part in _sentence(sub, known, role):
                    parts.append(Part(part.text, sent.start_char, sent.end_char))
    if not parts:
        text = doc.text.strip()
        return [Part(_finish(text), 0, len(doc.text.rstrip()))] if text else []
    parts = [q for p in parts for q in _aside_clauses(p, known, role)]
    return [q for p in parts for q in _who_after_role(p)][:MAX_PARTS]


def _aside_clauses(
    part: Part, known: Callable[[str], bool], role: Callable[[str], bool]
) -> list[Part]:
    """An aside that holds two clauses ("Howard Hughes, who was born in Houston and died
    there, ...") as a claim for each, on the aside's span."""
    if part.main or " and " not in part.text:
        return [part]
    from kgfc.nlp.spacy_pipeline import parse

    doc = parse(part.text)
    each = [q for sent in doc.sents for q in _sentence(sent, known, role)]
    if len(each) < 2:
        return [part]
    return [Part(q.text, part.start, part.end, main=False) for q in each]


# "Warren Beatty, who was married to Madonna, directed ...": a name, its "who" clause, the rest
_NAME_WHO = re.compile(r"^((?:[A-Z][\w.'’-]*\s){0,4}[A-Z][\w.'’-]*), who ([^,]{3,120}), ([a-z].+)$")


def _who_apart(sent: Span) -> tuple[str, str] | None:
    """ "X, who was married to Y, directed Z." when the parser made the name the root (no
    verb heads the sentence): "X directed Z." and "X was married to Y."."""
    if sent.root.pos_ in ("VERB", "AUX"):
        return None
    m = _NAME_WHO.match(sent.text.strip())
    if m is None:
        return None
    name, clause, rest = m.groups()
    return f"{name} {rest}", _finish(f"{name} {clause}")


def _clauses_apart(sent: Span) -> tuple[str, str] | None:
    """ "X played guitar and Y played drums." when the parser took Y for a second object
    of the first verb, leaving the second verb without a subject: the two clauses apart."""
    for v in sent:
        if v.dep_ != "conj" or v.pos_ != "VERB" or any(c.dep_ in _SUBJECTS for c in v.children):
            continue
        i = v.i
        while i > sent.start and sent.doc[i - 1].pos_ == "PROPN":
            i -= 1
        if i == v.i or i - 1 <= sent.start or sent.doc[i - 1].lower_ != "and":
            continue
        if not any(c.dep_ in _SUBJECTS for c in v.head.children):
            continue
        doc = sent.doc
        first = doc[sent.start : i - 1].text.rstrip(" ,")
        return _finish(first), doc[i : sent.end].text
    return None


# "X is a Buddhist who studied at Y": what X is, and what X did
_ROLE_WHO = re.compile(r"^(.+?) (is|was) (an? (?:[\w-]+ ){0,3}?[\w-]+) who (.+)$")


def _who_after_role(part: Part) -> list[Part]:
    """ "Rick Rubin is a Buddhist who studied at New York University." -> "Rick Rubin is a
    Buddhist." + "Rick Rubin studied at New York University." (both on the part's span)."""
    m = _ROLE_WHO.match(part.text)
    if m is None:
        return [part]
    who, verb, role, rest = m.groups()
    return [
        Part(_finish(f"{who} {verb} {role}"), part.start, part.end, part.main),
        Part(_finish(f"{who} {rest}"), part.start, part.end, main=False),
    ]


_ASIDE = re.compile(r"\(([a-z]+) ([^()]{2,80})\)")
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DATE_WORDS = re.compile(
    rf"\b(?:(?:on|in)\s+)?(?:\d{{1,2}}\s+)?(?:(?:{_MONTH})\.?\s+)?(?:\d{{1,2}},?\s+)?\d{{3,4}}\b"
)
# a post's emoji and hashtags after the words ("died in Seattle 😭😭 #RIP"): not the claim's
_POST_TAIL = re.compile(rf"(?:\s*(?:{EMOJI}+|{EMOTICON}|#\w+))+\s*([.!?]?)$")
_FRONT = re.compile(r"(An? [a-z][^,]{2,80}), ((?:[A-Z][\w.'’-]*\s){1,4})(?=[a-z])")
_NAME_BEFORE = re.compile(r"((?:[A-Z][\w.'’-]*\s+){1,5})$")
# "not only X but also Y": X and Y, both said
_NOT_ONLY = re.compile(r"\b(not only )(.{1,80}?)\b(but also)\b", re.IGNORECASE)
# a bracket of life dates after a name: "(December 25, 1899 – January 14, 1957)",
# "(11 March 1952 – 11 May 2001)", "(born 1930)", "(1912–1954)"
_LIFE_DATES = re.compile(r"\(([^()]{4,80})\)")
_LIFE_WORDS = re.compile(r"\b(?:born|b|died|d|c|ca|circa)\b\.?", re.IGNORECASE)


def asides(text: str) -> tuple[str, list[Part]]:
    """Bracketed participles after a name ("Tony Blair (born 6 May 1953 in Edinburgh),
    ...") as claims of their own -- "Tony Blair was born in Edinburgh." -- and the text
    with them blanked out (same length, so spans still line up). Done on the text: the
    small parser often cuts the sentence inside such a bracket ("born 6." ...)."""
    from kgfc.nlp.spacy_pipeline import parse  # the shared pipeline; loaded on first use

    parts: list[Part] = []
    masked = text
    front = _FRONT.match(text)
    if front is not None:  # "A member of the Labour Party, Tony Blair later taught ..."
        who, what = front.group(2).strip(), front.group(1)
        parts.append(
            Part(_finish(f"{who} was {what[0].lower()}{what[1:]}"), 0, front.end(1), main=False)
        )
        masked = " " * (front.start(2)) + text[front.start(2) :]
    for m in _LIFE_DATES.finditer(text):  # a name's life dates: no claim the KG holds
        if _NAME_BEFORE.search(text[: m.start()]) is not None and _only_dates(m.group(1)):
            masked = masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
    for m in _ASIDE.finditer(text):
        name = _NAME_BEFORE.search(text[: m.start()])
        if name is None:
            continue
        who = name.group(1).strip()
        rest = " ".join(_DATE_WORDS.sub(" ", m.group(2)).split()).strip(" ,;")
        if not re.search(r"[A-Za-z]{2}", rest):
            continue  # "(born 1930)": a date alone, which the KG's triples do not hold
        doc = parse(f"{who} was {m.group(1)} {rest}.")
        verb = next((t for t in doc if t.lower_ == m.group(1)), None)
        if verb is None or verb.tag_ != "VBN":
            continue
        body = {t.i for t in doc} - _aside_dates(verb)
        parts.append(Part(_finish(text_of(doc, body)), m.start(), m.end(), main=False))
        masked = masked[: m.start()] + " " * (m.end() - m.start()) + masked[m.end() :]
    return masked, parts


def plain_and(text: str) -> tuple[str, Callable[[int], int]]:
    """ "X was not only a physicist but also a philosopher" -> "X was a physicist and a
    philosopher" (no negation in it), and a map from its offsets back to the text's."""
    out: list[str] = []
    anchors: list[tuple[int, int]] = [(0, 0)]  # (offset in the new text, in the old)
    pos = new = 0
    for m in _NOT_ONLY.finditer(text):
        out.append(text[pos : m.start(1)])
        new += m.start(1) - pos
        anchors.append((new, m.end(1)))
        out.append(m.group(2))
        new += len(m.group(2))
        out.append("and")
        anchors.append((new, m.start(3)))
        new += 3
        anchors.append((new, m.end(3)))
        pos = m.end(3)
    if pos == 0:
        return text, lambda i: i
    out.append(text[pos:])

    def to_old(i: int) -> int:
        start, old = next((a, b) for a, b in reversed(anchors) if a <= i)
        return old + (i - start)

    return "".join(out), to_old


def _only_dates(inside: str) -> bool:
    """Whether a bracket holds dates and nothing else ("December 25, 1899 – January 14, 1957")."""
    rest = _LIFE_WORDS.sub(" ", _DATE_WORDS.sub(" ", inside))
    return bool(re.search(r"\d{3,4}", inside)) and not re.search(r"[^\s,;–—\-?]", rest)


def _sentence(
    sent: Span, known: Callable[[str], bool], role: Callable[[str], bool] = lambda _t: True
) -> list[Part]:
    root = sent.root
    # dates said in passing, durations, "a keen painter": not part of any claim
    dates = _dates(sent) | loose_words(sent, role, known)
    keep = {t.i for t in sent} - dates
    # "X was an atheist, his biographers agree": the clause before the one reporting it
    said = [c for c in root.children if c.dep_ in ("ccomp", "parataxis") and c.i < root.i]
    if said and said[0].pos_ in ("VERB", "AUX") and _subject(said[0]) is not None:
        root = said[0]
        keep &= {t.i for t in root.subtree}
    extra: list[tuple[str, set[int]]] = []  # (text, tokens it rests on)
    subj = _subject(root)
    tense = "was" if root.tag_ in ("VBD", "VBN") or _past_aux(root) else "is"

    # "X's brother, Y, was ...": said of Y; the kinship a claim of its own
    kin = kin_subject(sent, subj)
    kin_drop = kin[0] if kin is not None else set()
    who = {t.i for t in subj.subtree} - kin_drop if subj is not None else set()
    # coordinated predicates, and a gapped one ("..., and Y at Z")
    extra += _predicates(sent, root, subj, who, dates, keep)
    beside = beside_name(sent, root, subj, dates)
    if beside is not None:  # "X is buried next to Y at Z": Y is at Z too
        extra.append(beside)
        keep -= beside[1] | commas(sent, beside[1])

    n_predicates = len(extra)
    riders: set[int] = set()  # words a claim repeats from elsewhere (the name before "who")
    keep -= kin_drop
    if kin is not None and kin[1] is not None:
        extra.append((kin[1], kin_drop))
    # an appositive or a non-restrictive "who" clause on the subject
    if subj is not None:
        extra += _around_subject(sent, root, subj, tense, keep, dates, riders)

    if subj is None and not extra:
        extra += _who_clause(sent, keep)
    for text, toks, sub in who_on_names(sent, subj, dates, riders):
        extra.append((text, toks))
        keep -= sub | commas(sent, sub)
    for text, sub in [
        *appositives_on_names(sent, subj, dates),
        *place_pairs(sent, subj),
        *where_clauses(sent, dates),
    ]:
        extra.append((text, sub))
        keep -= sub | commas(sent, sub)
    extra += kin_appositives(sent, subj)  # "X and X's wife, Y, attended ...": the kinship
    for text, toks, sub in which_on_names(sent, known, dates):
        extra.append((text, toks))
        riders |= toks - sub  # the name before "which": part of the claim, not its span
        keep -= sub | commas(sent, sub)
    death = _death_place(sent, root, subj, keep, dates)

    main = ([(text_of(sent.doc, keep), keep)] if keep else []) + death
    out: list[Part] = []
    demonyms = _demonyms(sent)
    for n, (text, toks) in enumerate(main + extra):
        aside = n >= len(main) + n_predicates
        for nationality in _nationalities(text, demonyms):
            if all(p.text != nationality for p in out):
                out.append(_part(sent, nationality, toks, aside))
        held = _citizenships(text, demonyms)
        out += [_part(sent, each, toks, aside) for each in held]
        if held:
            continue  # "holds both French and Polish citizenship": one claim for each
        for piece_text, piece_toks in _objects(sent, text, toks, known, role):
            span_toks = (piece_toks - riders if aside else piece_toks) or piece_toks
            first = min(span_toks)
            if (
                span_toks is not piece_toks
                and first > sent.start
                and sent.doc[first - 1].lower_ == "who"
            ):
                span_toks = span_toks | {first - 1}  # the clause's span from its "who"
            out.append(_part(sent, _without(piece_text, demonyms), span_toks, aside))
    if len(out) == 1:  # nothing split: the claim rests on the whole sentence
        out[0].start, out[0].end = sent.start_char, sent.end_char
    return out


def _death_place(
    sent: Span, root: Token, subj: Token | None, keep: set[int], dates: set[int]
) -> list[tuple[str, set[int]]]:
    """ "died of peritonitis in Zürich": the place as a claim apart from the cause (its
    tokens leave ``keep``, changed in place)."""
    place = death_place(root) if subj is not None else None
    if place is None or subj is None:
        return []
    sub = {t.i for t in place.subtree} - dates
    who = {t.i for t in subj.subtree} & keep
    keep -= sub
    return [(text_of(sent.doc, who) + f" {root.text} " + text_of(sent.doc, sub), sub)]


def _predicates(
    sent: Span, root: Token, subj: Token | None, who: set[int], dates: set[int], keep: set[int]
) -> list[tuple[str, set[int]]]:
    """ "X was born in Milan and died in Rome", "X studied at Y, and Z at W": the second
    predicate as a claim of its own (its tokens leave ``keep``, changed in place); ``who``
    is the subject's words."""
    extra: list[tuple[str, set[int]]] = []
    conjs = [c for c in root.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")]
    shared = _shared_complement(root, conjs[0]) if conjs and subj is not None else set()
    for conj in conjs:
        own = _subject(conj)
        sub = {t.i for t in conj.subtree} - dates
        links = _links_before(conj, sent)
        if own is None and subj is None:
            continue
        if own is not None and own.lower_ in _PRONOUNS and subj is not None:
            # "X was born in Y, but he died in Z": the pronoun is the sentence's subject
            mine = {t.i for t in own.subtree}
            text = text_of(sent.doc, who) + " " + text_of(sent.doc, sub - mine)
        elif own is not None:
            text = text_of(sent.doc, sub)
        else:
            text = text_of(sent.doc, who) + " " + text_of(sent.doc, sub)
        extra.append((text, sub))
        keep -= sub | links
    keep |= shared - dates
    for name in gapped(root):  # "..., and Jim Morrison at Florida State University"
        sub = {t.i for t in name.subtree} - dates
        prep = {t.i for c in name.children if c.dep_ == "prep" for t in c.subtree}
        verb = [c.i for c in root.children if c.dep_ in ("aux", "auxpass", "neg")] + [root.i]
        text = text_of(sent.doc, sub - prep) + " " + text_of(sent.doc, set(verb))
        extra.append((text + " " + text_of(sent.doc, prep), sub))
        keep -= sub | _links_before(name, sent)
    return extra


# verbs of making a work: the work is their object ("directed and starred in Bonnie and
# Clyde": Bonnie and Clyde is what was directed, not where)
_MAKING = frozenset(
    [
        "direct",
        "co-direct",
        "write",
        "co-write",
        "produce",
        "compose",
        "create",
        "found",
        "co-found",
        "design",
        "edit",
        "narrate",
        "record",
        "release",
        "publish",
        "paint",
        "build",
    ]
)
_COMPLEMENTS = ("dobj", "prep", "attr", "acomp", "oprd", "xcomp", "ccomp", "dative", "agent")


def _shared_complement(root: Token, conj: Token) -> set[int]:
    """ "X directed and starred in Y", "X lived and died in Paris": a verb with nothing after
    it but "and" and a second verb shares that verb's complement -- "X directed Y." (a verb of
    making takes the work as its object), "X lived in Paris.". The tokens the first verb's
    claim takes; none when it has a complement of its own."""
    doc = root.doc
    if any(c.dep_ in _COMPLEMENTS for c in root.children) or _subject(conj) is not None:
        return set()
    between = doc[root.i + 1 : conj.i]
    if not any(t.dep_ == "cc" for t in between) or any(
        t.dep_ not in ("cc", "advmod", "punct") for t in between
    ):
        return set()
    comp = next((c for c in conj.children if c.i > conj.i and c.dep_ in ("dobj", "prep")), None)
    if comp is None:
        return set()
    if comp.dep_ == "prep" and root.lemma_.lower() in _MAKING:
        objects = [c for c in comp.children if c.dep_ == "pobj"]
        return {t.i for t in objects[0].subtree} if objects else set()
    return {t.i for t in comp.subtree}


def _around_subject(
    sent: Span,
    root: Token,
    subj: Token,
    tense: str,
    keep: set[int],
    drop: set[int],
    riders: set[int],
) -> list[tuple[str, set[int]]]:
    """Claims in an appositive, an age, a participle or a non-restrictive "who" clause on the
    subject, and in a participle before it; their tokens leave ``keep`` (changed in place).
    ``drop``: words of no claim (a date said in passing); ``riders`` gets the words a
    claim's text repeats from elsewhere (the name before a "who"), not part of its span."""
    extra: list[tuple[str, set[int]]] = []
    # the subject's words still kept ("X's bandmate" of "X's bandmate Y" said of Y alone)
    whole = {t.i for t in subj.subtree} & keep
    for c in subj.children:
        if c.dep_ == "appos" and (c.pos_ == "NOUN" or (c.pos_ == "PROPN" and indefinite(c))):
            sub = {t.i for t in c.subtree}
            named = text_of(sent.doc, whole - sub - commas(sent, sub))
            done = participle_of(c)  # "Coldplay, the band formed in London," -> "was formed ..."
            if done is not None:
                what = {t.i for t in done.subtree} - drop
                extra.append((f"{named} was " + text_of(sent.doc, what), sub))
                # "X, the Los Angeles-based label founded by Y": what the noun says besides
                rest = sub - {t.i for t in done.subtree} - drop
                if any(sent.doc[i].dep_ in ("amod", "compound", "nmod") for i in rest):
                    extra.append((f"{named} {tense} " + text_of(sent.doc, rest), sub))
            else:
                extra.append((f"{named} {tense} " + text_of(sent.doc, sub - drop), sub))
            keep -= sub | commas(sent, sub)
        elif c.dep_ in ("appos", "npadvmod", "amod") and c.pos_ == "NUM" and set_off(sent, c):
            sub = {t.i for t in c.subtree}  # an age: "The singer, 81, played ..."
            keep -= sub | commas(sent, sub)
        elif c.dep_ == "acl" and c.tag_ == "VBN" and c.i > subj.i and set_off(sent, c):
            # "X, born in Kensington, admired ...", "X (born 1930 in Edinburgh) was ..."
            sub = {t.i for t in c.subtree}
            head = whole - sub - commas(sent, sub)
            body = sub - _aside_dates(c)
            if any(sent.doc[i].pos_ in ("NOUN", "PROPN") for i in body):  # not "(born 1911)"
                extra.append((text_of(sent.doc, head) + " was " + text_of(sent.doc, body), sub))
            keep -= sub | commas(sent, sub)
        elif c.dep_ == "relcl" and any(
            t.lower_ == "who" and t.dep_ in _SUBJECTS for t in c.children
        ):
            sub = {t.i for t in c.subtree}
            body = {t.i for t in c.subtree if not (t.lower_ == "who" and t.head == c)} - drop
            head = whole - sub - commas(sent, sub)
            # the name rides along: a list in the clause is cut into claims of the name
            extra.append((text_of(sent.doc, head) + " " + text_of(sent.doc, body), head | body))
            riders |= head
            keep -= sub | commas(sent, sub)
    # "X is a crime film directed by Y": the participle on the noun, a claim of its own
    for c in root.children:
        done = participle_of(c) if c.dep_ == "attr" and root.lemma_ == "be" else None
        if done is not None:
            sub = {t.i for t in done.subtree}
            head = {t.i for t in subj.subtree} & keep
            extra.append((text_of(sent.doc, head) + " was " + text_of(sent.doc, sub - drop), sub))
            keep -= sub
    # "Born in Boston, X ...": a participle before the subject (its first word lower-cased)
    for c in root.children:
        if c.dep_ == "advcl" and c.tag_ == "VBN" and c.i < subj.i and c.i == sent.start:
            sub = {t.i for t in c.subtree}
            head = {t.i for t in subj.subtree}
            swap = {c.i: c.text.lower()}
            extra.append((text_of(sent.doc, head) + " was " + text_of(sent.doc, sub, swap), sub))
            keep -= sub | commas(sent, sub)
    return extra


def _split_subjects(
    sent: Span, known: Callable[[str], bool], role: Callable[[str], bool]
) -> list[str] | None:
    """ "X and Y were film directors." -> ["X was a film director.", "Y was a film director."].

    None unless the main verb's subject is coordinated names that are not one name
    the KG knows ("Simon and Garfunkel").
    """
    root = sent.root
    subj = _subject(root)
    if subj is None or subj.pos_ != "PROPN":
        return None
    members = [subj, *(c for c in _conjuncts(subj) if c.pos_ == "PROPN")]
    whole = {t.i for t in subj.subtree}
    for a in subj.children:  # "A, B and C" parsed as A with the appositive "B and C"
        if a.dep_ == "appos" and a.pos_ == "PROPN" and _conjuncts(a):
            members += [a, *(c for c in _conjuncts(a) if c.pos_ == "PROPN")]
    each = {t.i for t in sent if t.lower_ in _EACH}
    if len(members) < 2 or known(text_of(sent.doc, whole)):
        return None
    if not each and any(_mutual(t, role) for t in sent):
        return None  # "X and Y were partners": said of the two together
    rest = {t.i for t in sent} - whole
    drop = {
        t.i
        for t in sent
        if t.i in rest and t.lower_ in _EACH and t.dep_ not in _SUBJECTS and t.head.i not in whole
    }
    swap: dict[int, str] = {}
    for t in sent:
        if t.i not in rest:
            continue
        if t.tag_ == "VBP" or (t.lower_ == "were" and t.tag_ == "VBD"):
            swap[t.i] = _SINGULAR.get(t.lower_, t.text)
        if t.dep_ == "attr" and t.tag_ == "NNS" and t.head.lemma_ == "be":
            first = min(x.i for x in t.subtree if x.i not in drop)
            swap[t.i] = t.lemma_
            if not any(c.dep_ == "det" and c.i not in drop for c in t.children):
                word = swap.get(first, sent.doc[first].text)
                swap[first] = ("an " if word.startswith(_VOWEL) else "a ") + word
    own = {
        m.i: _own(m, whole)
        - each
        - {x.i for a in m.children if a.dep_ == "appos" for x in a.subtree}
        for m in members
    }
    # "A, B and C from the band were ...": the parser hangs C's phrase on A; past the last
    # name it is the last name's
    last = max(members, key=lambda m: m.i)
    late = {i for i in own[members[0].i] if i > last.i}
    own[members[0].i] -= late
    own[last.i] |= late
    return [_finish(text_of(sent.doc, own[m.i] | (rest - drop), swap)) for m in members]


def _demonyms(sent: Span) -> dict[str, list[str]]:
    """Nationality words before a role ("an American playwright", "a Scottish actor", "a
    French and Polish film director"), each run as written with its words: a claim for each
    nationality ("X was Scottish.") and one for the role ("X was an actor."), so that a
    loose nationality word does not leave the role unchecked."""
    out: dict[str, list[str]] = {}
    for t in sent:
        if not (_nationality_word(t) and t.i != sent.start and t.head.pos_ == "NOUN"):
            continue
        citizenship = t.head.dep_ == "dobj" and t.head.lemma_.lower() in _CITIZENSHIP
        if t.dep_ not in ("amod", "compound") or not (t.head.dep_ in _ROLE_DEPS or citizenship):
            continue
        run = [t, *(c for c in t.children if c.dep_ == "conj" and _nationality_word(c))]
        out[sent.doc[t.i : run[-1].i + 1].text] = [x.text for x in run]
    return out


_ROLE_DEPS = ("attr", "nmod", "appos", "conj", "oprd")
_CITIZENSHIP = ("citizenship", "nationality", "passport")


def _nationality_word(t: Token) -> bool:
    return (
        t.ent_type_ in ("NORP", "LANGUAGE")
        or (t.pos_ == "ADJ" and t.text[:1].isupper())
        or (t.dep_ == "compound" and t.text[:1].isupper() and nationality_noun(t.text) is not None)
    )


def _nationalities(text: str, runs: dict[str, list[str]]) -> list[str]:
    """ "X was a Scottish actor" -> ["X was Scottish."]: each nationality a claim of its own."""
    out = []
    for run, words in runs.items():
        m = re.match(rf"(.+?) (was|is) an? {re.escape(run)} \w", text)
        if m is not None:
            out += [_finish(f"{m.group(1)} {m.group(2)} {w}") for w in words]
    return out


def _citizenships(text: str, runs: dict[str, list[str]]) -> list[str]:
    """ "X holds both French and Polish citizenship" -> a claim for each citizenship."""
    out = []
    for run, words in runs.items():
        held = re.match(
            rf"(.+?) (holds|has|had|held) (?:both )?{re.escape(run)} ({'|'.join(_CITIZENSHIP)})\b",
            text,
        )
        if held is not None and len(words) > 1:
            who, verb, noun = held.groups()
            out += [_finish(f"{who} {verb} {w} {noun}") for w in words]
    return out


def _without(text: str, words: Iterable[str]) -> str:
    for w in words:
        text = re.sub(
            rf"\b([Aa]n?) {re.escape(w)} (\w)",
            lambda m: (
                ("A" if m.group(1)[0] == "A" else "a")
                + ("n " if m.group(2) in _VOWEL else " ")
                + m.group(2)
            ),
            text,
        )
    return text


def _aside_dates(verb: Token) -> set[int]:
    """The date words of a participle that also has a place or an object ("born 1930 in
    Edinburgh"): the claim is the place."""
    dates = {
        t.i
        for t in verb.subtree
        if t.i != verb.i and (t.ent_type_ == "DATE" or t.like_num or t.text in _MONTHS)
    }
    rest = [t for t in verb.subtree if t.i not in dates and t.i != verb.i and not t.is_punct]
    if not any(t.pos_ in ("PROPN", "NOUN") for t in rest):
        return set()
    preps = {
        t.i
        for t in verb.subtree
        if t.dep_ == "prep" and all(x.i in dates or x.i == t.i for x in t.subtree)
    }
    return dates | preps


def _mutual(t: Token, role: Callable[[str], bool]) -> bool:
    """A plural noun after "were" that is no occupation ("partners", "rivals"), unlike a
    role ("film directors"): a relation between the subjects."""
    return (
        t.dep_ == "attr"
        and t.tag_ == "NNS"
        and t.head.lemma_ == "be"
        and not any(c.dep_ in ("det", "amod", "compound") for c in t.children)
        and not role(t.lemma_)
    )


def _dates(sent: Span) -> set[int]:
    """The tokens of a year or date said in passing beside the place or object a verb
    already has ("born in Hamburg in 1833", "died, in 1883, in Venice"): the claim is
    the place. A date that is all the verb has ("founded in 1901") stays."""
    out: set[int] = set()
    for t in sent:
        verb = t.head
        if not _date_phrase(t):
            continue
        # "were partners in the early 1960s", "died of lung cancer in 2001": the date is
        # beside the noun
        if verb.dep_ not in ("attr", "pobj"):
            if verb.pos_ not in ("VERB", "AUX"):
                continue
            others = [c for c in verb.children if c.dep_ in ("prep", "dobj", "attr") and c.i != t.i]
            if not any(not _date_phrase(c) for c in others):
                continue
        last = max(x.i for x in t.subtree)
        out |= {x.i for x in t.subtree}
        for i in (t.i - 1, last + 1):  # the commas around ", in 1883,"
            if sent.start <= i < sent.end and sent.doc[i].text == ",":
                out.add(i)
    return out


def _date_phrase(t: Token) -> bool:
    """ "in 1833", "on 7 May 1833", "during 1914": a preposition with only a date after it."""
    if t.dep_ != "prep" or t.lower_ not in ("in", "on", "during"):
        return False
    rest = [x for x in t.subtree if x.i != t.i]
    return bool(rest) and all(x.ent_type_ == "DATE" or x.is_punct for x in rest)


def _who_clause(sent: Span, keep: set[int]) -> list[tuple[str, set[int]]]:
    """ "X, who was born in Milan, studied ..." when the parse went astray (no subject found).

    Read from the words: a name, a comma, "who", a clause up to the next comma.
    """
    toks = list(sent)
    k = 0
    while k < len(toks) and toks[k].pos_ == "PROPN":
        k += 1
    if not (0 < k < len(toks) - 3 and toks[k].text == "," and toks[k + 1].lower_ == "who"):
        return []
    close = next((j for j in range(k + 2, len(toks)) if toks[j].text == ","), None)
    if close is None or close == len(toks) - 1:
        return []
    name = {t.i for t in toks[:k]}
    body = {t.i for t in toks[k + 2 : close]}
    keep -= body | {toks[k].i, toks[k + 1].i, toks[close].i}
    return [(text_of(sent.doc, name) + " " + text_of(sent.doc, body), name | body)]


def _part(sent: Span, text: str, toks: set[int], aside: bool = False) -> Part:
    words = [sent.doc[i] for i in sorted(toks) if not sent.doc[i].is_punct] or [
        sent.doc[i] for i in sorted(toks)
    ]
    first, last = words[0], words[-1]
    return Part(_finish(text), first.idx, last.idx + len(last.text), main=not aside)


def _objects(
    sent: Span,
    text: str,
    toks: set[int],
    known: Callable[[str], bool],
    role: Callable[[str], bool] = lambda _t: True,
) -> list[tuple[str, set[int]]]:
    """One claim per conjunct of a coordinated object inside ``toks`` (else the claim as it is)."""
    doc = sent.doc
    for i in sorted(toks):
        x = doc[i]
        if x.dep_ == "appos" and x.pos_ == "NOUN":
            split = _nmod_pair(doc, x, text, toks, role) or _role_list(doc, x, text, toks)
            if split is not None:
                return split
        if x.dep_ not in _OBJECTS or x.pos_ not in ("NOUN", "PROPN"):
            continue
        if x.dep_ == "attr" and x.pos_ == "NOUN":
            split = _nmod_pair(doc, x, text, toks, role)
            if split is not None:
                return split
        # spaCy's small model tags a bare second noun as an adjective now and then
        # ("a philosopher and mathematician"): a conjunct of a noun is taken as a noun
        conjs = [c for c in _conjuncts(x) if c.i in toks and c.pos_ in ("NOUN", "PROPN", "ADJ")]
        if not conjs:
            continue
        whole = text_of(doc, {t.i for t in x.subtree} & toks)
        if known(whole):
            continue
        conj_tokens = set().union(*(_own(c, toks) | _links_before(c, sent) for c in conjs))
        base = toks - conj_tokens
        # "the University of Chicago and Columbia University": the conjunct hangs from
        # "Chicago" but stands beside the whole name
        anchor = x
        if x.dep_ == "pobj" and x.head.dep_ == "prep" and x.head.head.pos_ in ("NOUN", "PROPN"):
            outer = x.head.head
            name = {i for i in _own(outer, toks) - conj_tokens if doc[i].dep_ != "det"}
            if known(text_of(doc, name)):
                anchor = outer
        own_x = _own(anchor, toks) - conj_tokens
        out: list[tuple[str, set[int]]] = [(text_of(doc, base), own_x)]
        for c in conjs:
            own_c = _own(c, toks)
            bare = all(ch.dep_ in ("cc", "conj", "punct") for ch in c.children)
            if bare and anchor is x and c.pos_ != "PROPN":
                # "an Italian composer and pianist": pianist takes composer's adjectives,
                # not its compound nouns ("a film director and screenwriter")
                compounds = {t.i for ch in x.children if ch.dep_ == "compound" for t in ch.subtree}
                parts_text = text_of(doc, base - compounds, {x.i: c.text})
            else:
                keep_det = {i for i in own_x if doc[i].dep_ == "det" and doc[i].head == anchor}
                has_det = any(ch.dep_ == "det" for ch in c.children) or c.pos_ == "PROPN"
                dets = set() if has_det else keep_det
                word = doc[min(own_c)].text  # "an actor, film director": "a film director"
                swap = {
                    i: ("an" if word.startswith(_VOWEL) else "a")
                    for i in dets
                    if doc[i].lower_ in ("a", "an")
                }
                parts_text = text_of(doc, (base - own_x) | own_c | dets, swap)
            out.append((parts_text, own_c))
        return out
    return [(text, toks)]


def _listed(c: Token) -> bool:
    """A conjunct of ``c.head``: "conj", or an appositive that starts a list ("a
    physicist, a mathematician and a painter" parses the second item as appos)."""
    return c.dep_ == "conj" or (
        c.dep_ == "appos"
        and c.i > c.head.i
        and c.head.dep_ in _OBJECTS
        and any(cc.dep_ == "conj" for cc in c.children)
    )


def _nmod_pair(
    doc: Doc,
    x: Token,
    text: str,
    toks: set[int],
    role: Callable[[str], bool] = lambda _t: True,
) -> list[tuple[str, set[int]]] | None:
    """ "X was a songwriter and film producer" when spaCy hung "songwriter and film" on
    "producer": "X was a songwriter." + "X was a film producer.". When the first noun is
    no role but is one with the head ("a film and stage actor"), the head is shared:
    "X was a film actor." + "X was a stage actor."."""
    n = next((c for c in x.children if c.dep_ == "nmod" and c.i in toks), None)
    conj = [c for c in _conjuncts(n) if c.i in toks] if n is not None else []
    if n is None or len(conj) != 1 or conj[0].i + 1 != x.i:
        return None
    phrase = text_of(doc, {t.i for t in x.subtree} & toks)
    if phrase not in text:
        return None
    pre = [t for t in x.lefts if t.i < n.i]  # "a", "an American"
    lead = [t.text for t in pre if t.dep_ != "det"]

    def item(words: list[str]) -> str:
        first = (lead + words)[0]
        return " ".join(["an" if first.startswith(_VOWEL) else "a", *lead, *words])

    first = [n.text]
    if not role(n.text) and role(f"{n.text} {x.text}"):
        first = [n.text, x.text]
    return [
        (text.replace(phrase, item(first), 1), {n.i}),
        (text.replace(phrase, item([conj[0].text, x.text]), 1), {conj[0].i, x.i}),
    ]


def _role_list(doc: Doc, x: Token, text: str, toks: set[int]) -> list[tuple[str, set[int]]] | None:
    """ "X was a British politician, lawyer and author" (an appositive list read as a
    claim): one claim per bare noun of the list, "X was a lawyer."."""
    items = [x, *(c for c in _conjuncts(x) if c.i in toks and c.pos_ in ("NOUN", "ADJ"))]
    if len(items) < 2 or any(
        ch.dep_ not in ("cc", "conj", "punct", "compound") for c in items[1:] for ch in c.children
    ):
        return None
    phrase = text_of(doc, {t.i for t in x.subtree} & toks)
    if phrase not in text:
        return None
    out = []
    for c in items:  # "the astronomer and science writer": "an astronomer", "a science writer"
        words = " ".join(
            [ch.text for ch in c.children if ch.dep_ == "compound" and ch.i < c.i] + [c.text]
        )
        article = "an" if words.startswith(_VOWEL) else "a"
        out.append((text.replace(phrase, f"{article} {words}", 1), {c.i}))
    return out


def _conjuncts(x: Token) -> list[Token]:
    out: list[Token] = []
    stack = [c for c in x.children if _listed(c)]
    while stack:
        c = stack.pop(0)
        out.append(c)
        stack.extend(cc for cc in c.children if cc.dep_ == "conj")
    return out


def _own(x: Token, within: set[int]) -> set[int]:
    """A conjunct's own tokens: its subtree without the conjuncts hanging from it."""
    drop: set[int] = set()
    for c in x.children:
        if c.dep_ == "cc" or _listed(c) or (c.dep_ == "punct" and c.i > x.i):
            drop |= {t.i for t in c.subtree}
    return {t.i for t in x.subtree if t.i not in drop and t.i in within}


def _links_before(c: Token, sent: Span) -> set[int]:
    """The "and" / "," tokens right before a conjunct."""
    out: set[int] = set()
    i = min(t.i for t in c.subtree) - 1
    while i >= sent.start and (sent.doc[i].dep_ == "cc" or sent.doc[i].is_punct):
        out.add(i)
        i -= 1
    return out


def _subject(verb: Token) -> Token | None:
    for c in verb.children:
        if c.dep_ in _SUBJECTS:
            return c
    return None


def _past_aux(verb: Token) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def _finish(text: str) -> str:
    text = _POST_TAIL.sub("", text.strip()).rstrip(",;:")
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?\"'”" else text + "."
