"""Claims worded as a document words them, rephrased as the facts the KG holds.

Applied to the claims :mod:`~kgfc.document.claims` cut a statement into:

- a work named by whose it is: "Darren Aronofsky's Black Swan is a nightmare" -> "Black
  Swan is a nightmare." + "Black Swan is Darren Aronofsky's film."; "Lost in Translation,
  Sofia Coppola's film set in Tokyo," -> that and "Lost in Translation is set in Tokyo.";
- a work someone made: "Billy Wilder later made Some Like It Hot." -> "Some Like It Hot
  is a film by Billy Wilder." (a film made is directed, a novel written, an album recorded);
- a film's players: "Black Swan follows a ballerina played by Natalie Portman, with Mila
  Kunis as her rival." -> "Natalie Portman stars in Black Swan." + "Mila Kunis stars in
  Black Swan.";
- a role in a band: "X was the guitarist of the Band." -> "X was a guitarist." + "X was a
  member of the Band.";
- a place's place: "X was Australia's second-largest city." -> "X was a city in
  Australia.";
- what the writer did ("Last year I did Stockholm, Norway, the hometown of ..."): no claim,
  when the sentence holds others (its asides on the names).
"""

from __future__ import annotations

import re
from typing import Protocol

from kgfc.document.claims import Part
from kgfc.document.references import PLACE_NOUNS
from kgfc.kg import vocab as V
from kgfc.reading.kinds import WORK_MAKERS


class Names(Protocol):
    """What the rephrasing asks of the KG (``check._KG`` answers it)."""

    def lookup(self, name: str) -> str | None: ...

    def is_person(self, entity: str) -> bool: ...

    def describe(self, entity: str) -> set[str]: ...

    def is_role(self, noun: str) -> bool: ...


def rephrase(parts: list[Part], aside: list[Part], statement: str, kg: Names) -> list[Part]:
    """The claims of a statement (``parts`` cut from it, ``aside`` from its brackets), each
    worded as the fact it states; see the module's docstring."""
    whose, owners = _whose_works(statement, kg)
    for p in parts:  # "Darren Aronofsky's Black Swan is ...": said of the work itself
        for owned, title in owners:
            p.text = p.text.replace(owned, title)
        p.text = _place_in(_made_work(p.text, kg))
    parts = [r for p in parts for q in _cast(p, kg) for r in _role_in_group(q, kg)]
    out: list[Part] = []
    for p in parts + aside + whose:  # a claim read twice is checked once
        if all(p.text != q.text for q in out):
            out.append(p)
    # "Last year I did Stockholm, Norway, the hometown of ...": what the writer did is no
    # fact of the KG's; the asides on the names are the sentence's claims
    mine = [p for p in out if _WRITER.match(p.text)]
    return [p for p in out if p not in mine] if len(mine) < len(out) else out


# a claim said of the writer ("I", "we" left after a transcript's speakers are resolved),
# after a few words at most ("Last year I did ...", "Of course I went ...")
_WRITER = re.compile(r"^(?:[A-Za-z]+,? ){0,3}?(?:I|[Ww]e)\s")
# a name as written: up to four capitalised words ("J. R. R. Tolkien")
_NAME = r"(?:[A-Z][\w.'’-]*\s){0,3}[A-Z][\w.'’-]*"
_VOWELS = ("a", "e", "i", "o", "u")


def _article(noun: str) -> str:
    return "an" if noun.startswith(_VOWELS) else "a"


# "Darren Aronofsky's Black Swan is ...", "... of Lost in Translation, Sofia Coppola's film
# set in Tokyo, ...": a work named by whose it is
_WHOSE = re.compile(
    rf"(?P<who>{_NAME})['’]s\s+"
    r"(?P<what>(?:[A-Z][\w'’-]*|[a-z]+)(?:\s(?:[A-Z][\w'’-]*|of|the|in|and|a|to)){0,6})"
)
_SET_IN = re.compile(r"^\s*(?P<how>set|filmed|shot|released)\s+in\s+(?P<where>[A-Z][^,;.]*)")


def _whose_works(statement: str, kg: Names) -> tuple[list[Part], list[tuple[str, str]]]:
    """Claims of a work named by whose it is: "P's W" (W a title the KG knows) as "W is P's
    film" by the noun the KG describes W with (film, novel, album), and "W, P's film set in
    X," as that and "W is set in X" -- read as the work's director, author or performer.
    With them, each "P's W" so read and its title: the sentence's own claim is said of W
    ("Black Swan is a nightmare ...")."""
    out: list[Part] = []
    owners: list[tuple[str, str]] = []
    for m in _WHOSE.finditer(statement):
        who = kg.lookup(m["who"])
        if who is None or not kg.is_person(who):
            continue
        found, noun = _title_after(m["what"], kg), m["what"].split()[0].lower()
        if found is not None:  # "Darren Aronofsky's Black Swan"
            title, work = found
            noun = next((n for n in WORK_MAKERS if n in kg.describe(work)), "")
            if noun:
                text = f"{title} is {m['who']}'s {noun}."
                out.append(Part(text, m.start(), m.end(), main=False))
                owners.append((statement[m.start() : m.start("what")] + title, title))
            continue
        before = _title_before(statement[: m.start()], kg)
        if before is None or noun not in WORK_MAKERS:
            continue
        text = f"{before} is {m['who']}'s {noun}."
        out.append(Part(text, m.start(), m.end(), main=False))
        rest = _SET_IN.match(statement[m.end() :])
        if rest is not None and rest["how"] == "set":
            where = f"{before} is set in {rest['where'].strip()}."
            out.append(Part(where, m.start(), m.end() + rest.end(), main=False))
    return out, owners


# "Billy Wilder later made Some Like It Hot.": a person made a work
_MADE = re.compile(
    rf"^(?P<who>{_NAME})\s"
    r"(?:(?:later|also|then|first|once|eventually|subsequently|soon|famously)\s)?"
    r"made\s(?P<what>[A-Z].*?)\.$"
)


def _made_work(text: str, kg: Names) -> str:
    """ "P made W" (W a work the KG knows, P a person) as "W is a film by P" by the noun
    the KG describes W with: making a film is directing it, a novel writing it, an album
    recording it. Any other claim as it is."""
    m = _MADE.match(text)
    if m is None:
        return text
    who = kg.lookup(m["who"])
    found = _title_after(m["what"], kg)
    if who is None or not kg.is_person(who) or found is None or found[0] != m["what"]:
        return text
    noun = next((n for n in WORK_MAKERS if n in kg.describe(found[1])), "")
    if not noun:
        return text
    return f"{m['what']} is {_article(noun)} {noun} by {m['who']}."


# a film's players: "a ballerina played by Natalie Portman", "with Mila Kunis as her rival"
_PLAYED = re.compile(rf"\b(?:played|portrayed) by (?P<by>{_NAME})|\bwith (?P<with>{_NAME}) as\b")
# the nouns for a film (a director's work)
_SCREEN = frozenset(n for n, props in WORK_MAKERS.items() if V.WDT + "P57" in props)


def _cast(part: Part, kg: Names) -> list[Part]:
    """A claim on a film that names who plays its people ("Black Swan follows a ballerina
    played by Natalie Portman, with Mila Kunis as her rival") as a claim for each player,
    "Natalie Portman stars in Black Swan." (what the film follows is no fact the KG holds);
    any other claim as it is."""
    found = _title_after(part.text.split(",")[0], kg)
    if found is None or not part.text.startswith(found[0]) or not _SCREEN & kg.describe(found[1]):
        return [part]
    players: list[str] = []
    for m in _PLAYED.finditer(part.text):
        who = (m["by"] or m["with"]).rstrip(".")  # not the full stop after it
        entity = kg.lookup(who)
        if entity is not None and kg.is_person(entity) and who not in players:
            players.append(who)
    return [
        Part(f"{who} stars in {found[0]}.", part.start, part.end, part.main) for who in players
    ] or [part]


# "X was the guitarist of the Band": a role held in a group
_ROLE_OF = re.compile(
    r"^(?P<who>.+?) (?P<be>is|was) the (?P<role>[a-z]+(?: [a-z]+)?) (?:of|in|for) "
    r"(?P<group>(?:the )?[A-Z][^,;]*?)\.$"
)
# the nouns the KG describes a group of players or singers with
_GROUPS = frozenset(["band", "group", "orchestra", "ensemble", "choir"])


def _role_in_group(part: Part, kg: Names) -> list[Part]:
    """ "X was the guitarist of the Band" (an occupation the KG gives people, a band the KG
    knows) as the two facts it holds: "X was a guitarist." and "X was a member of the
    Band."; any other claim as it is."""
    m = _ROLE_OF.match(part.text)
    if m is None or not kg.is_role(m["role"]):
        return [part]
    group = kg.lookup(m["group"])
    if group is None or kg.is_person(group) or not _GROUPS & kg.describe(group):
        return [part]
    who, be, role = m["who"], m["be"], m["role"]
    return [
        Part(f"{who} {be} {_article(role)} {role}.", part.start, part.end, part.main),
        Part(f"{who} {be} a member of {m['group']}.", part.start, part.end, part.main),
    ]


# "X was Australia's second-largest city": a place's place
_PLACE_OF = re.compile(
    rf"^(?P<who>.+?) (?P<be>is|was) (?P<where>{_NAME})['’]s (?:[\w-]+ ){{0,3}}?(?P<noun>[a-z]+)\.$"
)


def _place_in(text: str) -> str:
    """ "X was Australia's second-largest city" as "X was a city in Australia": a city (a
    town, a port...) said to be a place's is in that place; how large or old it is, is no
    fact the KG holds. Any other claim as it is."""
    m = _PLACE_OF.match(text)
    if m is None or m["noun"] not in PLACE_NOUNS:
        return text
    return f"{m['who']} {m['be']} {_article(m['noun'])} {m['noun']} in {m['where']}."


def _title_after(words: str, kg: Names) -> tuple[str, str] | None:
    """The longest run of ``words`` from their start that names a thing the KG knows, with
    the thing."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        text = " ".join(parts[:n])
        entity = kg.lookup(text) if text[:1].isupper() else None
        if entity is not None and not kg.is_person(entity):
            return text, entity
    return None


def _title_before(text: str, kg: Names) -> str | None:
    """The title an appositive follows ("... screening of Lost in Translation, "): the
    longest run of words before the comma that names a thing the KG knows."""
    if not text.rstrip().endswith(","):
        return None
    parts = text.rstrip()[:-1].split()
    for n in range(min(len(parts), 7), 0, -1):
        title = " ".join(parts[-n:])
        entity = kg.lookup(title) if title[:1].isupper() else None
        if entity is not None and not kg.is_person(entity):
            return title
    return None
