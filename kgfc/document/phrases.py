"""Small pieces of a sentence's parse the document reader asks about."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

_SUBJECTS = ("nsubj", "nsubjpass")
# verbs that report the clause they hang on: "X was an atheist, his biographers agree"
_CLAUSES = ("ccomp", "parataxis")
EXPLETIVE_NEXT = {"that", "to", "said", "believed", "thought", "reported", "known", "rumoured"}


def subjects(root: Token) -> list[Token]:
    """The subjects of the main verb, and of a clause the main verb reports ("The
    American writer was an atheist, his biographers agree.")."""
    out = [c for c in root.children if c.dep_ in _SUBJECTS]
    # "A member of X, the former prime minister, taught ...": the appositive is who
    heads = [root] if root.pos_ == "NOUN" else [c for c in out if _indefinite(c)]
    out += [c for h in heads for c in h.children if c.dep_ == "appos"]
    for clause in (c for c in root.children if c.dep_ in _CLAUSES and c.i < root.i):
        out += [c for c in clause.children if c.dep_ in _SUBJECTS]
    return out


def _indefinite(c: Token) -> bool:
    return any(x.dep_ == "det" and x.lower_ in ("a", "an") for x in c.children)


def np_head(c: Token) -> list[Token]:
    """A noun phrase's words up to its head noun ("The American writer"), without what
    follows it (an appositive, a "who" clause, a participle)."""
    toks = [c]
    for x in reversed(list(c.lefts)):
        words = sorted(x.subtree, key=lambda t: t.i)  # "The [aviator and film] producer"
        if words[-1].i != toks[0].i - 1 or x.dep_ not in ("det", "amod", "compound", "nmod"):
            break
        toks[:0] = words if all(t.dep_ in _IN_MODIFIER for t in words[1:]) else [x]
    return toks


# the words a modifier before a head noun may hold besides its own: "aviator and film"
_IN_MODIFIER = frozenset({"cc", "conj", "compound", "amod", "nmod"})


def expletive(t: Token) -> bool:
    """The empty "it" of "It is said that ...", "It seems ...", "It was in 1990 that ..."."""
    if t.lower_ != "it":
        return False
    if t.dep_ == "expl":
        return True
    head = t.head
    if head.lemma_ in ("seem", "appear", "rain", "snow", "matter"):
        return True
    after = [x.lower_ for x in t.doc[t.i + 1 : t.i + 5]]
    return any(w in EXPLETIVE_NEXT for w in after[1:3]) and head.lemma_ == "be"


def lone_there(t: Token) -> bool:
    """ "lived there", "taught there": "there" as the verb's only place or object (not the
    "there" of "there is", nor "died there of a stroke", whose claim is the cause)."""
    verb = t.head
    return (
        t.dep_ == "advmod"
        and verb.pos_ == "VERB"
        and not any(
            c.dep_ in ("prep", "dobj", "attr", "expl") and not _a_time(c) for c in verb.children
        )
    )


def _a_time(prep: Token) -> bool:
    """ "in 1976", "on Monday": a phrase of time, which leaves "there" the verb's place."""
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    return (
        prep.dep_ == "prep"
        and bool(objects)
        and all(o.ent_type_ in ("DATE", "TIME") or o.like_num for o in objects)
    )
