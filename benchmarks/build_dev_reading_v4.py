"""Build a fourth development set of natural claims over the demo KG.

Written from the KG alone, before looking at how kgfc reads these relations or
styles, with pyoxigraph directly (``blindset_kg.py``): facts are drawn by SPARQL
and every label is checked against the KG, as for the third set.
SUPPORTED: the KG states the fact (both facts, for a conjunction; the path, for a
chain; for a negation, the subject's one stated value of a single-valued relation
is another place of the same kind).
REFUTED: the subject has exactly one stated value of a single-valued relation
(place of birth, death or burial, religion, location of formation, headquarters,
a country's continent) and the claimed value is another entity of the same kind,
neither located in nor part of the stated one; a negation of a stated fact; a
conjunction with one such false part.
NOT ENOUGH INFO: a multi-valued relation (sibling, child, spouse, instrument,
influence, film setting, director, cast, occupation, school, employer, genre,
record label, membership) the KG does not state for the pair, and awards (the KG
holds none).

Relations: burial place, religion, party, siblings, children, instruments,
influences, headquarters, location of formation, film settings and languages,
continents, places of birth and death, spouses, directors, cast, occupations,
citizenship, education, employers, awards, genres, record labels, members.
Styles, drawn at random over the facts: plain, encyclopedia sentences with extra
irrelevant detail, news ledes (a title from the person's occupation, attributions,
"on Tuesday", "officials said"), lower-case social posts (slang, emoji, hashtags),
hedges; and, as classes of their own, clefts, negations, two-fact conjunctions,
two-hop chains (a film's director's birthplace, a spouse's burial place), aliases
from the KG and surnames alone.

Run: ``python benchmarks/build_dev_reading_v4.py`` -> ``benchmarks/data/dev_natural_reading_v4.jsonl``.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from build_dev_reading import COUNTRIES, N, R, S  # noqa: E402
from build_dev_reading_v3 import FEMALE, KG, MALE, first_name, lab, row  # noqa: E402
from dataset_build import write_rows  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "dev_natural_reading_v4.jsonl"
HUMAN = "?x wdt:P31 wd:Q5 ."
FILM = "?x wdt:P31 wd:Q11424 ."
GROUP = "FILTER NOT EXISTS { ?x wdt:P31 wd:Q5 }"
MUSICIAN = "?x wdt:P31 wd:Q5 . ?x wdt:P1303 ?instrument ."

# (property, subject pattern, phrasings with {x} subject and {o} object, refutable)
RELATIONS: list[tuple[str, str, list[str], bool]] = [
    ("P119", HUMAN, ["{x} is buried in {o}.", "{x} was laid to rest in {o}.",
                     "{x}'s grave is in {o}.", "{x} was interred in {o}."], True),
    ("P140", HUMAN, ["{x} was a follower of {o}.", "{x}'s religion was {o}.",
                     "{x} adhered to {o}.", "{x} practised {o}."], True),
    ("P102", HUMAN, ["{x} was a member of the {o}.", "{x} belonged to the {o}.",
                     "{x} sat for the {o}.", "{x} represented the {o}."], False),
    ("P3373", HUMAN, ["{x} and {o} were siblings.", "{o} is a sibling of {x}.",
                      "{x} grew up with {o}, a sibling."], False),
    ("P40", HUMAN, ["{o} is a child of {x}.", "{x} had a child, {o}.",
                    "{x} is a parent of {o}."], False),
    ("P1303", HUMAN, ["{x} plays the {o}.", "{x} played {o}.", "{x} is known for playing the {o}.",
                      "{x} performed on the {o}."], False),
    ("P737", HUMAN, ["{x} was influenced by {o}.", "{o} was an influence on {x}.",
                     "{x} cited {o} as an influence.", "{x} drew inspiration from {o}."], False),
    ("P159", GROUP, ["{x} is headquartered in {o}.", "{x} has its headquarters in {o}.",
                  "{x} is based in {o}."], True),
    ("P740", GROUP, ["{x} was formed in {o}.", "{x} was founded in {o}.",
                  "{x} got together in {o}."], True),
    ("P840", FILM, ["{x} is set in {o}.", "{x} takes place in {o}.",
                    "The story of {x} unfolds in {o}."], False),
    ("P407", FILM, ["{x} was made in the {o} language.",
                    "The dialogue of {x} is in {o}."], False),
    ("P19", HUMAN, ["{x} was born in {o}.", "{x} came into the world in {o}.",
                    "{x} is a native of {o}."], True),
    ("P20", HUMAN, ["{x} died in {o}.", "{x} passed away in {o}.", "{x} spent their last days in {o}."],
     True),
    ("P26", HUMAN, ["{x} married {o}.", "{x} was married to {o}.", "{x} wed {o}."], False),
    ("P57", FILM, ["{o} directed {x}.", "{x} was directed by {o}.", "{x} is a film by {o}."], False),
    ("P161", FILM, ["{o} starred in {x}.", "{o} appeared in {x}.", "The cast of {x} included {o}.",
                    "{x} features {o}."], False),
    ("P106", HUMAN, ["{x} worked as a {o}.", "{x} was by profession a {o}.",
                     "{x} made a living as a {o}."], False),
    ("P69", HUMAN, ["{x} studied at {o}.", "{x} graduated from {o}.", "{x} attended {o}.",
                    "{x} is an alumnus of {o}."], False),
    ("P108", HUMAN, ["{x} worked for {o}.", "{x} was employed by {o}.", "{x} joined the staff of {o}."],
     False),
    ("P136", MUSICIAN, ["{x} is known for {o}.", "{x} performed {o}.", "{x}'s music is {o}.",
                     "{x} worked in the {o} genre."], False),
    ("P264", MUSICIAN, ["{x} was signed to {o}.", "{x} recorded for {o}.",
                     "{x} released records on {o}."], False),
    ("P463", HUMAN, ["{x} was a member of {o}.", "{x} joined {o}.", "{x} belonged to {o}."], False),
]  # fmt: skip

EXTRAS = [
    "who was active for several decades",
    "whose career spanned many years",
    "who is remembered by many admirers",
    "who gave few interviews",
]
SOURCES = ["a biography published on Tuesday", "the archive", "records seen by reporters"]
TAILS = [" 🔥", " lol", " #history", " 😂", " ngl", " #TIL", "!!", " 🤯🤯"]
HEADS = ["ngl ", "wait ", "tbh ", "so apparently ", "til "]


def style(text: str, subject: str, title: str | None, rng: random.Random) -> tuple[str, str]:
    """One style over a plain sentence whose first words are ``subject`` (``title`` None: not a person)."""
    kind = rng.choice(["plain", "plain", "encyclopedia", "news", "social", "hedge"])
    body = text.rstrip(".")
    rest = body[len(subject) :] if body.startswith(subject) else ""
    if kind == "encyclopedia" and title is not None and rest and not rest.startswith("'"):
        return f"{subject}, {rng.choice(EXTRAS)},{rest}.", kind
    if kind == "news":
        if title and rest:
            return f"{title} {subject}{rest}, officials said on Tuesday.", kind
        return f"According to {rng.choice(SOURCES)}, {body}.", kind
    if kind == "social":
        return f"{rng.choice(HEADS)}{body.lower()}{rng.choice(TAILS)}", kind
    if kind == "hedge":
        return f"{rng.choice(['Reportedly', 'Apparently', 'It is widely said that'])} {body}.", kind
    return text, "plain"


class Builder:
    def __init__(self, kg: KG, rng: random.Random) -> None:
        self.kg, self.rng, self.out = kg, rng, []

    def label(self, q: str) -> str:
        rows = self.kg.q(f"SELECT ?l WHERE {{ wd:{q} rdfs:label ?l FILTER(lang(?l)='en') }}")
        return rows[0][0] if rows else ""

    def title(self, x: str) -> str:
        """A news title from one stated occupation ("Actor", "Politician")."""
        occ = sorted(self.kg.values(x, "P106"))
        lab_ = self.label(occ[0]) if occ else ""
        return lab_[:1].upper() + lab_[1:] if lab_ and " " not in lab_ else ""

    def facts(self, prop: str, pattern: str, limit: int = 4000) -> list[tuple]:
        rows = self.kg.q(
            f"SELECT ?x ?xl ?o ?ol WHERE {{ ?x wdt:{prop} ?o . {pattern} {lab('x')} {lab('o')} }} "
            f"LIMIT {limit}"
        )
        rows = sorted(set(rows))
        self.rng.shuffle(rows)
        return [r for r in rows if self.kg.ok(r[1], r[3])]

    def other(self, x: str, prop: str, o: str, pool: list[tuple]) -> tuple[str, str] | None:
        """Another value of the same kind, not stated for ``x``, unrelated to its values."""
        stated = self.kg.values(x, prop)
        for _ in range(12):
            o2, o2l = self.rng.choice(pool)
            if o2 in stated or o2 == x or not self.kg.alike(o, o2):
                continue
            if self.kg.q(f"ASK {{ wd:{o2} wdt:P31 wd:Q3024240 }}"):
                continue  # a historical country may be an earlier name of the stated one
            if any(self.kg.related(s, o2) for s in stated):
                continue
            return o2, o2l
        return None

    def add(self, text: str, label: str, cls: str) -> None:
        self.out.append(row(re.sub(r"\ba (?=[AEIOUaeiou])", "an ", text), label, cls))


def relations(b: Builder, per: int = 4) -> None:
    """Each relation: ``per`` stated facts in a random style, then refuted or unstated ones."""
    for prop, pattern, forms, refutable in RELATIONS:
        rows = b.facts(prop, pattern)
        pool = sorted({(r[2], r[3]) for r in rows})
        kept = 0
        for x, xl, o, ol in rows:
            if kept >= per:
                break
            text = b.rng.choice(forms).format(x=xl, o=ol)
            text, kind = style(text, xl, b.title(x) if "Q5 ." in pattern else None, b.rng)
            b.add(text, S, f"{prop}_{kind}")
            kept += 1
            if kept > 3:
                continue
            if refutable and len(b.kg.values(x, prop)) != 1:
                continue
            alt = b.other(x, prop, o, pool)
            if alt:
                b.add(b.rng.choice(forms).format(x=xl, o=alt[1]), R if refutable else N, prop)


def continents(b: Builder) -> None:
    rows = b.kg.q(
        "SELECT ?c ?k ?kl WHERE { ?c wdt:P30 ?k . ?c wdt:P31 wd:Q6256 . " + lab("k") + " }"
    )
    names = {q: v[0] for q, v in COUNTRIES.items()}
    conts = sorted({(r[1], r[2]) for r in rows})
    forms = ["{x} is in {o}.", "{x} is a country in {o}.", "{x} lies on the continent of {o}."]
    n = 0
    for c, k, kl in rows:
        if c not in names or len(b.kg.values(c, "P30")) != 1 or n >= 6:
            continue
        name = names[c][:1].upper() + names[c][1:]
        b.add(b.rng.choice(forms).format(x=name, o=kl), S, "P30")
        k2, k2l = b.rng.choice([x for x in conts if x[0] != k])
        if not b.kg.related(k, k2):
            b.add(b.rng.choice(forms).format(x=name, o=k2l), R, "P30")
        n += 1


def citizenship(b: Builder) -> None:
    vals = " ".join(f"wd:{q}" for q in COUNTRIES)
    rows = b.kg.q(
        f"SELECT ?x ?xl ?c WHERE {{ ?x wdt:P27 ?c . VALUES ?c {{ {vals} }} {HUMAN} {lab('x')} }} "
        "LIMIT 3000"
    )
    rows = sorted(rows)
    b.rng.shuffle(rows)
    forms = ["{x} was a citizen of {o}.", "{x} held {a} citizenship.", "{x} had {a} nationality."]
    for x, xl, c in [r for r in rows if b.kg.ok(r[1])][:5]:
        text = b.rng.choice(forms).format(x=xl, o=COUNTRIES[c][0], a=COUNTRIES[c][1])
        b.add(style(text, xl, b.title(x), b.rng)[0], S, "P27")


def awards(b: Builder) -> None:
    """The KG holds no awards: never SUPPORTED nor REFUTED."""
    rows = b.facts("P106", HUMAN + " ?x wdt:P106 wd:Q33999 .", 500)[:3]
    prizes = ["an Academy Award", "the Nobel Prize in Literature", "a Grammy Award"]
    for (_x, xl, _o, _ol), prize in zip(rows, prizes, strict=False):
        b.add(f"{xl} won {prize}.", N, "award")


def clefts(b: Builder) -> None:
    for prop, form in (
        ("P19", "It was in {o} that {x} was born."),
        ("P20", "It was in {o} that {x} died."),
        ("P57", "It was {o} who directed {x}."),
        ("P69", "It was at {o} that {x} studied."),
    ):
        rows = b.facts(prop, FILM if prop == "P57" else HUMAN)
        for _x, xl, _o, ol in rows[:3]:
            b.add(form.format(x=xl, o=ol), S, "cleft")


def negations(b: Builder) -> None:
    """ "X was not born in Y": stated Y refutes; another Y of the kind is supported."""
    for prop, form in (("P19", "{x} was not born in {o}."), ("P119", "{x} is not buried in {o}.")):
        rows = b.facts(prop, HUMAN)
        pool = sorted({(r[2], r[3]) for r in rows})
        n = 0
        for x, xl, o, ol in rows:
            if n >= 4 or len(b.kg.values(x, prop)) != 1:
                continue
            b.add(form.format(x=xl, o=ol), R, "negation")
            alt = b.other(x, prop, o, pool)
            if alt:
                b.add(form.format(x=xl, o=alt[1]), S, "negation")
            n += 1


def conjunctions(b: Builder) -> None:
    rows = b.kg.q(
        "SELECT ?x ?xl ?p ?pl ?d ?dl WHERE { ?x wdt:P19 ?p . ?x wdt:P20 ?d . FILTER(?p != ?d) "
        + " ".join(lab(v) for v in "xpd")
        + " } LIMIT 3000"
    )
    rows = sorted(rows)
    b.rng.shuffle(rows)
    deaths = sorted({(r[4], r[5]) for r in rows})
    n = 0
    for x, xl, p, pl, d, dl in rows:
        if n >= 6 or not b.kg.ok(xl, pl, dl):
            continue
        form = b.rng.choice(
            ["{x} was born in {p} and died in {d}.", "Born in {p}, {x} died in {d}.",
             "{x} was born in {p}, and later died in {d}."]
        )  # fmt: skip
        b.add(form.format(x=xl, p=pl, d=dl), S, "conjunction")
        if len(b.kg.values(x, "P20")) == 1 and n % 2 == 0:
            alt = b.other(x, "P20", d, deaths)
            if alt and not b.kg.related(alt[0], p):
                b.add(form.format(x=xl, p=pl, d=alt[1]), R, "conjunction")
        n += 1
    rows = b.kg.q(
        "SELECT ?x ?xl ?p ?pl ?e ?el WHERE { ?x wdt:P19 ?p . ?x wdt:P69 ?e . "
        + " ".join(lab(v) for v in "xpe")
        + " } LIMIT 3000"
    )
    rows = sorted(rows)
    b.rng.shuffle(rows)
    for _x, xl, _p, pl, _e, el in [r for r in rows if b.kg.ok(r[1], r[3], r[5])][:4]:
        b.add(f"{xl}, a native of {pl}, studied at {el}.", S, "conjunction")


def chains(b: Builder) -> None:
    """The director of a film was born in Y; X's spouse is buried in Y."""
    for pattern, form, cls in (
        ("?f wdt:P57 ?x . ?x wdt:P19 ?o . ?f wdt:P31 wd:Q11424 .",
         "The director of {f} was born in {o}.", "chain_director"),
        ("?f wdt:P26 ?x . ?x wdt:P119 ?o .", "{f}'s spouse is buried in {o}.", "chain_spouse"),
    ):  # fmt: skip
        rows = b.kg.q(
            f"SELECT ?f ?fl ?x ?o ?ol WHERE {{ {pattern} {lab('f')} {lab('o')} }} LIMIT 3000"
        )
        rows = sorted(rows)
        b.rng.shuffle(rows)
        pool = sorted({(r[3], r[4]) for r in rows})
        n = 0
        prop = "P19" if "P19" in pattern else "P119"
        via = "P57" if "P57" in pattern else "P26"
        for f, fl, x, o, ol in rows:
            if n >= 5 or not b.kg.ok(fl, ol) or len(b.kg.values(f, via)) != 1:
                continue
            b.add(form.format(f=fl, o=ol), S, cls)
            if len(b.kg.values(x, prop)) == 1 and n < 3:
                alt = b.other(x, prop, o, pool)
                if alt:
                    b.add(form.format(f=fl, o=alt[1]), R, cls)
            n += 1


def aliases(b: Builder) -> None:
    """A person by a short alias (one or two words) the KG holds for them alone."""
    rows = b.kg.q(
        "SELECT ?x ?a ?p ?pl WHERE { ?x wdt:P31 wd:Q5 . ?x skos:altLabel ?a . ?x wdt:P19 ?p . "
        "FILTER(lang(?a) = 'en') " + lab("p") + " } LIMIT 20000"
    )
    rows = [r for r in sorted(rows) if len(r[1].split()) <= 2 and len(r[1]) >= 3]
    b.rng.shuffle(rows)
    pool = sorted({(r[2], r[3]) for r in rows})
    n = 0
    for x, a, p, pl in rows:
        if n >= 6 or not b.kg.ok(pl) or not re.fullmatch(r"[A-Z][\w .'-]+", a):
            continue
        same = b.kg.q(
            f'SELECT ?y WHERE {{ {{ ?y rdfs:label "{a}"@en }} UNION {{ ?y skos:altLabel "{a}"@en }} }}'
        )
        if {r[0] for r in same} != {x} or len(b.kg.values(x, "P19")) != 1:
            continue
        b.add(f"{a} was born in {pl}.", S, "alias")
        alt = b.other(x, "P19", p, pool)
        if alt and n % 2 == 0:
            b.add(f"{a} was born in {alt[1]}.", R, "alias")
        n += 1


def surnames(b: Builder) -> None:
    """Well-known people by surname alone (a bearer with twice the degree of the next)."""
    rows = b.kg.q(
        "SELECT ?x ?xl ?o ?ol (COUNT(?f) AS ?deg) WHERE { ?x wdt:P31 wd:Q5 . ?x wdt:P69 ?o . "
        "?x ?p ?f . " + lab("x") + " " + lab("o") + " } GROUP BY ?x ?xl ?o ?ol "
        "ORDER BY DESC(?deg) LIMIT 400"
    )
    by: dict[str, list[tuple]] = {}
    for r in rows:
        parts = r[1].split()
        if len(parts) >= 2 and parts[-1][:1].isupper() and "." not in parts[-1]:
            by.setdefault(parts[-1], []).append(r)
    n = 0
    names = sorted(by.items())
    b.rng.shuffle(names)
    for name, people in names:
        people.sort(key=lambda r: -int(r[4]))
        top = people[0]
        rivals = b.kg.q(f'SELECT ?y WHERE {{ ?y rdfs:label ?l . FILTER(STRENDS(?l, " {name}")) }}')
        if len(rivals) > 3 or not b.kg.ok(top[3]) or n >= 5:
            continue
        b.add(f"{name} studied at {top[3]}.", S, "surname")
        n += 1


def gendered(b: Builder) -> None:
    """ "X's brother/sister is Y", "X is Y's father/mother"."""
    for prop, male, female, form in (
        ("P3373", "brother", "sister", "{x}'s {w} was {o}."),
        ("P40", "father", "mother", "{x} is the {w} of {o}."),
    ):
        rows = b.facts(prop, HUMAN)
        n = 0
        for _x, xl, _o, ol in rows:
            who = ol if prop == "P3373" else xl
            w = male if first_name(who) in MALE else female if first_name(who) in FEMALE else ""
            if n >= 4 or not w:
                continue
            b.add(form.format(x=xl, o=ol, w=w), S, f"{prop}_kin")
            n += 1


def main() -> None:
    b = Builder(KG(), random.Random(404))
    steps: list[Callable[[Builder], None]] = [
        relations, continents, citizenship, awards, clefts, negations, conjunctions, chains,
        aliases, surnames, gendered,
    ]  # fmt: skip
    for step in steps:
        step(b)
    write_rows(b.out, OUT, "dev4_")


if __name__ == "__main__":
    main()
