"""Which sentences state a fact: framings to drop, and opinions, questions, predictions,
speculation and reported speech to leave unchecked.

The cue words live in ``cues.toml`` (with the sentences that justify each
entry and the ones it must not catch); this module is the matching.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from kgfc.document.models import SkipKind

_FRAME_END = {":", ",", "—", "–", "that"}
_QUOTES = set('"“”«»')
_NAME_ENTS = {"PERSON", "ORG", "WORK_OF_ART", "EVENT", "PRODUCT", "FAC", "GPE", "LOC"}
_SELF = {"i", "we"}


# what a cue in cues.toml marks: a framing to drop, or a kind of sentence to leave unchecked
CueKind = Literal["framing", "opinion", "prediction", "quote", "speculation"]


@dataclass(frozen=True)
class Cue:
    name: str
    kind: CueKind
    words: frozenset[str] = frozenset()
    phrases: tuple[tuple[str, ...], ...] = ()
    modals: frozenset[str] = frozenset()
    verbs: frozenset[str] = frozenset()
    lead_ins: tuple[tuple[str, ...], ...] = ()
    openers: tuple[tuple[str, ...], ...] = ()
    except_after: frozenset[str] = frozenset()
    examples: tuple[str, ...] = ()
    counter_examples: tuple[str, ...] = ()


@dataclass
class Verdict:
    """Why a sentence is not checked: the kind, the reason in words, and the cue that said so."""

    kind: SkipKind
    reason: str
    cue: str = ""
    hits: list[str] = field(default_factory=list)


def _phrase_words(phrase: str) -> tuple[str, ...]:
    from kgfc.nlp.spacy_pipeline import get_nlp

    return tuple(t.lower_ for t in get_nlp().tokenizer(phrase))


@cache
def cues() -> tuple[Cue, ...]:
    raw = tomllib.loads(
        (resources.files("kgfc.document") / "cues.toml").read_text(encoding="utf-8")
    )
    return tuple(
        Cue(
            name=c["name"],
            kind=c["kind"],
            words=frozenset(c.get("words", ())),
            phrases=tuple(_phrase_words(p) for p in c.get("phrases", ())),
            modals=frozenset(c.get("modals", ())),
            verbs=frozenset(c.get("verbs", ())),
            lead_ins=tuple(_phrase_words(p) for p in c.get("lead_ins", ())),
            openers=tuple(_phrase_words(p) for p in c.get("openers", ())),
            except_after=frozenset(c.get("except_after", ())),
            examples=tuple(c.get("examples", ())),
            counter_examples=tuple(c.get("counter_examples", ())),
        )
        for c in raw["cue"]
    )


def _find(words: list[str], phrase: tuple[str, ...]) -> int:
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if tuple(words[i : i + n]) == phrase:
            return i
    return -1


def framing_end(span: Span) -> int:
    """How many tokens of leading framings ("Fun fact:", "Reportedly,", "According to the
    BBC,", "In 1874,") to drop; 0 if none. Framings can follow one another."""
    k = 0
    while k < len(span):
        n = _one_framing(span[k:])
        if n == 0:
            break
        k += n
    return k


# a contrast or concession put before the clause: what the sentence asserts follows it
_CONCESSIVE = {"although", "though", "unlike", "like", "despite", "whereas"}


def _one_framing(span: Span) -> int:
    words = [t.lower_ for t in span]
    if len(words) > 3 and re.fullmatch(r"\d{1,2}/", words[0]):  # a thread's "2/"
        return 2 if words[1] in ("and", "but", "so") else 1
    if len(words) > 4 and words[0] == "#" and span[1].is_alpha:  # "#TIL the singer ..."
        return 2
    if words[0] in _CONCESSIVE:  # "Unlike her, ...", "Although best known as a drummer, ..."
        comma = next((i for i in range(1, min(len(words), 12)) if words[i] == ","), 0)
        if comma and len(words) > comma + 3:
            return comma + 1
    dash = next((i for i, w in enumerate(words[:9]) if w in ("—", "–", "-", "--")), 0)
    if dash and span[0].is_upper and len(span[0]) > 1 and len(words) > dash + 3:
        return dash + 1  # a news dateline: "LIVERPOOL, England (AP) —"
    colon = words.index(":") if ":" in words[:5] else 0
    if colon and len(words) > colon + 3 and all(t.is_upper for t in span[:colon]):
        return colon + 1  # a transcript's speaker label: "YOKO ONO:", "A:"
    for cue in cues():
        if cue.kind != "framing":
            continue
        for phrase in cue.phrases:
            n = len(phrase)
            if tuple(words[:n]) == phrase and len(words) > n + 2 and words[n] in _FRAME_END:
                k = n + 1
                # "Did you know that ...", "Fact - ...": one more connective at most
                if k < len(words) and words[k] in ("that",) and words[n] != "that":
                    k += 1
                return k
        for phrase in cue.openers:
            n = _opener_length(words, phrase)
            if n and len(words) > n + 3:
                return n + (1 if words[n] in _FRAME_END else 0)
        for phrase in cue.lead_ins:
            n = len(phrase)
            if tuple(words[:n]) == phrase:
                comma = next(
                    (i for i in range(n + 1, min(len(words), n + 8)) if words[i] == ","), 0
                )
                if comma and len(words) > comma + 3:
                    return comma + 1
    return _time_lead_in(span)


_POSSESSIVES = {"his", "her", "their"}


def _opener_length(words: list[str], phrase: tuple[str, ...]) -> int:
    """How many of the sentence's first words an opener takes (0: not there); its "his" /
    "her" also takes a name with "'s", the pronoun resolved ("In Albert Einstein's final
    years")."""
    k = 0
    for want in phrase:
        if k < len(words) and words[k] == want:
            k += 1
        elif want in _POSSESSIVES and "'s" in words[k : k + 6]:
            k = words.index("'s", k) + 1
        else:
            return 0
    return k


def _time_lead_in(span: Span) -> int:
    """A time before the clause ("In 1874,", "In 1951 he died", "During the 1930s,"): the
    KG's facts hold whenever they happened, so the time is not part of the claim."""
    first = span[0]
    if first.pos_ != "ADP" or first.dep_ != "prep" or first.head.dep_ != "ROOT":
        return 0
    sub = list(first.subtree)
    end = sub[-1].i - span.start + 1
    if sub[0].i != first.i or end + 3 > len(span):
        return 0
    inner = [t for t in sub[1:] if not t.is_punct and t.dep_ != "det"]
    if not inner or not all(t.ent_type_ in ("DATE", "TIME") or t.like_num for t in inner):
        return 0
    return end + (1 if span[end].text == "," else 0)


def _named(t: Token) -> bool:
    return t.ent_type_ in _NAME_ENTS or t.tag_ in ("NNP", "NNPS")


def _reporter(verb: Token) -> str:
    """Who says it: the reporting verb's subject, as written ("Critics", "His agent")."""
    subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not subj:
        return ""
    return " ".join("".join(t.text_with_ws for t in subj[0].subtree).split())


def not_a_statement(span: Span, *, start: int = 0) -> Verdict | None:
    """Why the sentence (from token ``start``, after any framing) should not be checked, or None."""
    toks = list(span)[start:]
    if not toks:
        return Verdict("heading", "no words left to check")
    words = [t.lower_ for t in toks]
    text = "".join(t.text_with_ws for t in toks).strip()
    if text.rstrip("\"'”’)]» ").endswith("?"):
        return Verdict("question", "a question, not a statement")
    found: list[Verdict] = []
    for cue in cues():
        if cue.kind == "framing":
            continue
        v = _match(cue, toks, words)
        if v is not None:
            found.append(v)
    if not found:
        return None
    order = ("quote", "opinion", "prediction", "speculation")
    found.sort(key=lambda v: order.index(v.kind) if v.kind in order else len(order))
    return found[0]


def _match(cue: Cue, toks: list[Token], words: list[str]) -> Verdict | None:
    for i, t in enumerate(toks):
        w = words[i]
        if w in cue.words and not _named(t) and (i == 0 or words[i - 1] not in cue.except_after):
            return _said(cue, w)
        if w in cue.modals and t.tag_ == "MD":
            return _said(cue, w)
        if cue.verbs and t.lemma_.lower() in cue.verbs and t.pos_ in ("VERB", "AUX"):
            own = t.lemma_.lower() in _REPORTING
            if _as_aside(t):
                continue
            clause = any(c.dep_ == "ccomp" for c in t.children)
            quoted = any(ch in _QUOTES for x in toks for ch in x.text)
            if clause and not quoted and own and _own_influences(t) is not None:
                continue  # "He often said he was influenced by X": his own account of it
            if clause or (quoted and t.dep_ in ("ROOT", "parataxis")):
                who = _reporter(t)
                if who.lower() in _SELF:
                    return Verdict("opinion", f"an opinion ('{who} {t.text}')", cue.name, [t.text])
                return Verdict(
                    "quote",
                    f"a statement attributed to {who or 'someone else'} ('{t.text}'): "
                    "the document reports it, it does not assert it",
                    cue.name,
                    [t.text],
                )
    for phrase in cue.phrases:
        k = _find(words, phrase)
        if k >= 0:
            said = " ".join(phrase)
            if cue.kind == "quote":
                rest = [
                    t.text for t in toks[k + len(phrase) : k + len(phrase) + 3] if not t.is_punct
                ]
                who = " ".join(rest[:3])
                return Verdict(
                    "quote",
                    f"a statement attributed to others ('{said} {who}'): "
                    "the document reports it, it does not assert it",
                    cue.name,
                    [said],
                )
            return _said(cue, said)
    return None


# what moved someone's own work: only they can tell it, and their telling is the fact
_INFLUENCES = {"influence", "inspire"}
# plain verbs of telling (not "claim", "insist", "deny": those keep their distance)
_REPORTING = {"say", "tell", "recall", "explain", "admit", "note", "acknowledge"}


def _own_influences(verb: Token) -> Token | None:
    """The clause of a reporting verb that tells who influenced the speaker ("He often said
    he was influenced by Jonathan Winters", "She said Tolkien inspired her", pronouns
    resolved), else None: one's influences are what one owns to, so the document states
    them -- not another's view it passes on."""
    who = _reporter(verb).lower()
    for c in verb.children:
        if c.dep_ != "ccomp" or c.lemma_.lower() not in _INFLUENCES or not who:
            continue
        passive = [x for x in c.children if x.dep_ == "nsubjpass"]
        active = [x for x in c.children if x.dep_ == "dobj"]
        for x in (passive or active)[:1]:
            said = " ".join("".join(t.text_with_ws for t in x.subtree).split()).lower()
            if _AS_SUBJECT.get(said, said) == who:
                return c
    return None


# "she said Woolf inspired her": the object pronoun is the speaker
_AS_SUBJECT = {"him": "he", "her": "she", "me": "i", "us": "we", "them": "they"}


def own_account(span: Span) -> int | None:
    """Where the clause starts (a character offset) when the sentence is someone telling
    their own influences ("He often said he was influenced by X": "he was influenced by
    X"); None otherwise."""
    for t in span:
        if t.dep_ == "ROOT" and t.lemma_.lower() in _REPORTING:
            clause = _own_influences(t)
            if clause is not None:  # from its subject on ("that" left out)
                return min(x.idx for x in clause.subtree if x.dep_ != "mark")
    return None


def _as_aside(verb: Token) -> bool:
    """A reporting verb in a "like everyone says" / "as we all know" aside: a comment on
    the writer's own statement, not another's statement reported."""
    doc = verb.doc
    for i in range(verb.i - 1, max(verb.i - 4, -1), -1):
        if doc[i].lower_ in ("like", "as"):
            return i < verb.i - 1  # a word or two between: who says it ("everyone", "we all")
        if doc[i].pos_ not in ("PRON", "NOUN", "PROPN", "DET", "ADV"):
            return False
    return False


_REASONS = {
    "opinion": "an opinion ('{w}'), not a checkable fact",
    "prediction": "a prediction ('{w}'): the KG holds what is, not what will be",
    "speculation": "speculation ('{w}'): the sentence does not assert it",
}


def _said(cue: Cue, word: str) -> Verdict:
    assert cue.kind != "framing"  # framings are dropped, never matched as a kind of sentence
    return Verdict(cue.kind, _REASONS.get(cue.kind, "{w}").format(w=word), cue.name, [word])
