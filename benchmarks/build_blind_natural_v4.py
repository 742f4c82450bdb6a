"""Build benchmarks/data/blind_natural_v4.jsonl: the fourth blind set of natural claims over the demo KG.

Facts are sampled from kgfc/data/demo_kg.nq.gz with SPARQL (pyoxigraph, seeded, deterministic) and
worded from phrasing pools written by hand for this set; a few claims are written one by one. Each
claim carries the SPARQL query that decides its label and what it must return;
`python benchmarks/blindset_check.py --set v4` re-runs them all.

    python benchmarks/build_blind_natural_v4.py
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402
from dataset_build import claim_row, jsonl, kg_result, numbered  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "blind_natural_v4.jsonl"
SEED = 40_2026_12_05
BALANCE = {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}

# Nationality adjectives, written by hand for the countries the KG uses most.
ADJ = {
    "Q30": "American",
    "Q145": "British",
    "Q142": "French",
    "Q183": "German",
    "Q38": "Italian",
    "Q29": "Spanish",
    "Q16": "Canadian",
    "Q408": "Australian",
    "Q17": "Japanese",
    "Q159": "Russian",
    "Q668": "Indian",
    "Q55": "Dutch",
    "Q34": "Swedish",
    "Q39": "Swiss",
    "Q40": "Austrian",
    "Q20": "Norwegian",
    "Q35": "Danish",
    "Q27": "Irish",
    "Q36": "Polish",
    "Q28": "Hungarian",
    "Q155": "Brazilian",
    "Q96": "Mexican",
    "Q414": "Argentine",
    "Q41": "Greek",
    "Q45": "Portuguese",
    "Q33": "Finnish",
    "Q31": "Belgian",
    "Q43": "Turkish",
    "Q258": "South African",
    "Q801": "Israeli",
}
# Short country names for sentences ("a city in the United States").
CNAME = {
    "Q30": "the United States",
    "Q145": "the United Kingdom",
    "Q55": "the Netherlands",
    "Q148": "China",
}

# ---------------------------------------------------------------------------------------------
# Phrasing pools, one per relation, shared by every label so wording never gives the label away.
# (style, template); {s} subject, {o} object, {a} nationality adjective, {n} article for {o}.
E, J, S = "encyclopedia", "journalist", "social"
POOLS: dict[str, list[tuple[str, str]]] = {
    "P19": [
        (E, "{s} was born in {o}."),
        (E, "{o} is the birthplace of {s}."),
        (E, "{s} is a native of {o}."),
        (E, "The birthplace of {s} was the city of {o}."),
        (E, "{o} saw the birth of {s}."),
        (J, "{s}, who was born in {o}, is the subject of a new documentary."),
        (J, "Reportedly born in {o}, {s} returned there for a private visit this week."),
        (J, "The {o}-born {s} drew a large crowd on Friday."),
        (J, "According to archival records, {s} was born in {o}."),
        (S, "wait {s} was born in {o}?? had no idea"),
        (S, "fun fact: {s} was born in {o} 🤯"),
        (S, "ngl i thought {s} was born somewhere else but nope, {o}"),
        (S, "{s} born in {o}, that's wild lol #TIL"),
    ],
    "P20": [
        (E, "{s} died in {o}."),
        (E, "{s} passed away in {o}."),
        (E, "It was in {o} that {s} died."),
        (E, "The death of {s} took place in {o}."),
        (E, "{o} is the place where {s} died."),
        (J, "{s}, who died in {o}, is remembered in a new exhibition."),
        (J, "Historians say {s} is believed to have died in {o}."),
        (J, "A plaque now marks the spot in {o} where {s} died."),
        (S, "rip {s}, died in {o} 🕊️"),
        (S, "til {s} passed away in {o}"),
        (S, "so {s} died in {o}?? sad"),
    ],
    "P119": [
        (E, "{s} is buried in {o}."),
        (E, "{s} was laid to rest at {o}."),
        (E, "The grave of {s} is in {o}."),
        (J, "Fans gathered at {o}, where {s} is buried."),
        (J, "{s}, whose remains lie in {o}, was honoured on Sunday."),
        (S, "visited {s}'s grave at {o} today 🥀"),
        (S, "{s} is buried at {o}, right?"),
    ],
    "P17": [
        (E, "{s} is a city in {o}."),
        (E, "{s} lies in {o}."),
        (E, "{s} is {n} {a} city."),
        (E, "The city of {s} is located in {o}."),
        (J, "Crowds filled the streets of {s}, {o}, on Saturday."),
        (J, "The {a} city of {s} will host the summit next year."),
        (S, "{s} in {o} is so underrated tbh"),
        (S, "just landed in {s}, {o} ✈️"),
    ],
    "P27": [
        (E, "{s} is {n} {a} citizen."),
        (E, "{s} holds {a} citizenship."),
        (E, "{s} is a citizen of {o}."),
        (E, "{s} has the nationality of {o}."),
        (J, "The {a} {s} arrived at the ceremony late on Thursday."),
        (J, "{s}, {n} {a} national, declined to comment."),
        (S, "{s} is {a}?? always assumed otherwise"),
        (S, "{s} is {a} btw"),
    ],
    "P106": [
        (E, "{s} is {n} {o}."),
        (E, "{s} worked as {n} {o}."),
        (E, "By profession, {s} is {n} {o}."),
        (E, "{s} is known as {n} {o}."),
        (J, "{s}, {n} {o} by trade, spoke at the event."),
        (J, "Reportedly, {s} has worked as {n} {o}."),
        (S, "{s} is {n} {o}?? since when"),
        (S, "didn't know {s} was {n} {o} lol"),
    ],
    "P26": [
        (E, "{s} is married to {o}."),
        (E, "{s} and {o} were married."),
        (E, "{o} was the spouse of {s}."),
        (E, "{s} wed {o}."),
        (J, "{s} and spouse {o} attended the gala."),
        (J, "{s}, who married {o}, has rarely spoken about the relationship."),
        (S, "{s} and {o} got married?? 😭"),
        (S, "wait {s} married {o}?"),
    ],
    "P40": [
        (E, "{o} is a child of {s}."),
        (E, "{s} is a parent of {o}."),
        (E, "{s} had a child named {o}."),
        (E, "{o}'s parent is {s}."),
        (J, "{o}, the child of {s}, opened the exhibition."),
        (J, "{s} was joined on stage by {o}, {s}'s own child."),
        (S, "omg {o} is {s}'s kid??"),
        (S, "{s} is {o}'s parent, the resemblance 😂"),
    ],
    "P3373": [
        (E, "{s} and {o} are siblings."),
        (E, "{o} is a sibling of {s}."),
        (E, "{s} has a sibling named {o}."),
        (J, "{s} and sibling {o} appeared together on Monday."),
        (S, "{s} and {o} are siblings?? mind blown"),
    ],
    "P451": [
        (E, "{s} was in a relationship with {o}."),
        (E, "{s} and {o} were romantic partners."),
        (J, "{s}, once the partner of {o}, declined an interview."),
        (S, "{s} dated {o}?? when"),
    ],
    "P463": [
        (E, "{s} is a member of {o}."),
        (E, "{o} counts {s} among its members."),
        (E, "{s} has been a member of {o}."),
        (J, "{o} member {s} gave a rare interview."),
        (J, "{s}, who belongs to {o}, spoke first."),
        (S, "{s} from {o} 🔥🔥"),
        (S, "{s} is in {o}?? since when lol"),
    ],
    "P102": [
        (E, "{s} is a member of the {o}."),
        (E, "{s} belongs to the {o}."),
        (E, "{s} has been affiliated with the {o}."),
        (J, "{s}, of the {o}, addressed the crowd."),
        (S, "{s} is in the {o}? figures"),
    ],
    "P69": [
        (E, "{s} studied at {o}."),
        (E, "{s} was educated at {o}."),
        (E, "{s} is an alumnus of {o}."),
        (E, "{o} counts {s} among its alumni."),
        (J, "{s}, a graduate of {o}, returned to campus."),
        (J, "{s} reportedly attended {o}."),
        (S, "{s} went to {o}, no way"),
    ],
    "P57": [
        (E, "{s} was directed by {o}."),
        (E, "{o} directed {s}."),
        (E, "{o} is the director of {s}."),
        (J, "{o}'s {s} returns to cinemas this month."),
        (J, "{s}, directed by {o}, was restored in 4K."),
        (S, "{s} is a {o} movie and it shows 🎬"),
    ],
    "P161": [
        (E, "{o} appears in {s}."),
        (E, "{o} starred in {s}."),
        (E, "The cast of {s} includes {o}."),
        (J, "{s}, featuring {o}, drew record audiences."),
        (S, "{o} in {s} was iconic ngl"),
    ],
    "P136": [
        (E, "{s} is associated with the genre {o}."),
        (E, "{s} works in {o}."),
        (E, "{o} is among the genres of {s}."),
        (J, "Critics usually file {s} under {o}."),
        (S, "{s} is pure {o} 🎶"),
    ],
    "P264": [
        (E, "{s} is signed to {o}."),
        (E, "{s} has recorded for {o}."),
        (E, "{o} is a record label of {s}."),
        (J, "{o} artist {s} announced a tour."),
        (S, "{s} on {o}, makes sense"),
    ],
    "P1303": [
        (E, "{s} plays the {o}."),
        (E, "The {o} is one of the instruments of {s}."),
        (J, "{s} picked up the {o} for the encore."),
        (S, "{s} on the {o} is unreal"),
    ],
    "P1412": [
        (E, "{s} speaks {o}."),
        (E, "{o} is one of the languages {s} speaks."),
        (J, "{s} answered questions in {o}, one of the languages {s} speaks."),
        (S, "{s} speaks {o}? nice"),
    ],
    "P140": [
        (E, "{s} is an adherent of {o}."),
        (E, "The religion of {s} is {o}."),
        (J, "{s}, a follower of {o}, spoke about faith."),
        (S, "{s} follows {o} apparently"),
    ],
    "P108": [
        (E, "{s} worked for {o}."),
        (E, "{s} was employed by {o}."),
        (E, "{o} employed {s}."),
        (J, "{s}, a former employee of {o}, testified on Tuesday."),
        (S, "{s} used to work at {o} lol"),
    ],
    "P509": [
        (E, "{s} died of {o}."),
        (E, "The cause of death of {s} was {o}."),
        (J, "{s} reportedly died of {o}."),
        (S, "{s} died of {o}? so sad"),
    ],
    "P551": [
        (E, "{s} lived in {o}."),
        (E, "{s} resided in {o}."),
        (J, "{s}, a longtime resident of {o}, ..."),
        (S, "{s} lived in {o}?? cool"),
    ],
    "P737": [
        (E, "{s} was influenced by {o}."),
        (E, "{o} influenced {s}."),
        (J, "{s} has often cited {o} as an influence."),
        (S, "you can hear {o} all over {s} fr"),
    ],
    "P740": [
        (E, "{s} was formed in {o}."),
        (E, "{o} is where {s} was founded."),
        (J, "{s}, formed in {o}, marked an anniversary this week."),
        (S, "{s} started in {o} 🎶"),
    ],
    "P840": [
        (E, "{s} is set in {o}."),
        (E, "The story of {s} takes place in {o}."),
        (J, "{s}, set in {o}, premiered on Friday."),
        (S, "{s} being set in {o} is everything"),
    ],
}
# The journalist P551 template needs a predicate; fix the placeholder once here.
POOLS["P551"][2] = (J, "{s}, a longtime resident of {o}, opened the new library.")

# Negated phrasings per relation: "not {P}". {s} subject, {o} object.
NEG: dict[str, list[tuple[str, str]]] = {
    "P19": [
        (E, "{s} was not born in {o}."),
        (J, "Contrary to some reports, {s} was not born in {o}."),
        (S, "{s} wasn't born in {o} lol"),
    ],
    "P20": [(E, "{s} did not die in {o}."), (S, "{s} didn't die in {o}, stop spreading that")],
    "P463": [
        (E, "{s} has never been a member of {o}."),
        (J, "{s} is not a member of {o}, a spokesperson said."),
        (S, "{s} was never in {o}"),
    ],
    "P57": [(E, "{o} did not direct {s}."), (S, "{s} isn't a {o} film")],
    "P69": [(E, "{s} never studied at {o}."), (J, "{s} did not attend {o}, records show.")],
    "P26": [(E, "{s} was never married to {o}."), (S, "{s} and {o} never married")],
    "P27": [(E, "{s} is not a citizen of {o}."), (S, "{s} is not {a}")],
    "P161": [(E, "{o} does not appear in {s}."), (S, "{o} isn't even in {s}")],
    "P106": [(E, "{s} has never worked as {n} {o}."), (S, "{s} is not {n} {o}")],
    "P40": [(E, "{o} is not a child of {s}.")],
}

# Multi-valued relations where an absent fact is NOT ENOUGH INFO.
MANY = [
    "P106",
    "P26",
    "P463",
    "P69",
    "P57",
    "P161",
    "P136",
    "P1303",
    "P264",
    "P108",
    "P737",
    "P40",
    "P1412",
    "P27",
    "P551",
]
# Single-valued relations where a different stated value refutes.
SINGLE = ["P19", "P20", "P119"]

CLEAN = re.compile(r"^[^\W_][\w .'&:!-]*$")
GRAVE = re.compile(r"Cemetery|Abbey|Memorial Park|Cathedral|Church|Chapel|Mausoleum|Friedhof")


class KG:
    """Labels, unique names and facts of the demo KG, read once with SPARQL."""

    def __init__(self) -> None:
        self.store = open_demo()
        self.label = {
            q: lab
            for q, lab in run(self.store, "SELECT ?x ?l WHERE { ?x rdfs:label ?l }")
            if q.startswith("Q")
        }
        names = run(
            self.store, "SELECT ?x ?l WHERE { { ?x rdfs:label ?l } UNION { ?x skos:altLabel ?l } }"
        )
        # A name counts once per entity that carries it, as label or alias.
        self.names = Counter(
            lab for _, lab in {(q, lab.lower()) for q, lab in names if q.startswith("Q")}
        )
        self.facts: dict[str, dict[str, set[str]]] = {}
        for p in [*POOLS, "P17", "P131", "P50"]:
            table: dict[str, set[str]] = {}
            for s, o in run(self.store, f"SELECT ?s ?o WHERE {{ ?s wdt:{p} ?o }}"):
                if s.startswith("Q") and o.startswith("Q"):
                    table.setdefault(s, set()).add(o)
            self.facts[p] = table

    def ok(self, q: str) -> bool:
        """A name a claim can use: an English label that names nothing else in the KG."""
        lab = self.label.get(q)
        if (
            not lab
            or len(lab) > 45
            or not CLEAN.match(lab)
            or re.search(r"(\w{3,})\1$", lab)
            or re.search(r" [A-Z]$", lab)
        ):
            return False
        return self.names[lab.lower()] == 1

    def values(self, p: str, s: str) -> set[str]:
        return self.facts[p].get(s, set())

    def countries(self, place: str) -> set[str]:
        return self.values("P17", place)

    def objects(self, p: str) -> list[str]:
        return sorted({o for vs in self.facts[p].values() for o in vs if self.ok(o)})

    def pairs(self, p: str) -> list[tuple[str, str]]:
        return sorted(
            (s, o) for s, vs in self.facts[p].items() for o in vs if self.ok(s) and self.ok(o)
        )

    def single(self, p: str) -> list[tuple[str, str]]:
        """Subjects with exactly one value for p, and that value."""
        return sorted(
            (s, next(iter(vs)))
            for s, vs in self.facts[p].items()
            if len(vs) == 1 and self.ok(s) and self.ok(next(iter(vs)))
        )


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def ask(*triples: str) -> str:
    return "ASK { " + " . ".join(triples) + " }"


class Writer:
    """Draws facts and words them; every draw is seeded and taken from sorted candidates."""

    def __init__(self, kg: KG, seed: int) -> None:
        self.kg = kg
        self.rng = random.Random(seed)
        self.used: Counter[str] = Counter()  # subjects already in a claim
        self.rows: list[dict] = []
        self.claims: set[str] = set()
        places = set(kg.facts["P19"]) | set(kg.facts["P20"])
        cities = {o for p in ("P19", "P20") for vs in kg.facts[p].values() for o in vs}
        self.country_set = {c for vs in kg.facts["P17"].values() for c in vs}
        self.cities = sorted(c for c in cities if kg.ok(c) and kg.countries(c) and c not in ADJ)
        # Wrong burial places are cemeteries and churches only, never a town, region or country.
        self.graves = sorted(
            o
            for o in kg.objects("P119")
            if o not in cities
            and o not in places
            and not kg.countries(o)
            and GRAVE.search(kg.label[o])
        )

    def name(self, q: str) -> str:
        return self.kg.label[q]

    def country(self, c: str) -> str:
        return CNAME.get(c, self.kg.label[c])

    def fresh(self, cands: list, key: Callable = lambda c: c[0], cap: int = 1) -> list:
        """Shuffled candidates whose subject has been used fewer than cap times."""
        cands = [c for c in cands if self.used[key(c)] < cap]
        self.rng.shuffle(cands)
        return cands

    def say(
        self, pool: list[tuple[str, str]], s: str, o: str = "", extra: dict | None = None
    ) -> tuple[str, str]:
        style, tpl = self.rng.choice(pool)
        fields = {"s": s, "o": o, "n": article(o), **(extra or {})}
        text = tpl.format(**fields)
        if style == S and self.rng.random() < 0.5:
            text = text.lower()
        return style, text[0].upper() + text[1:] if style != S else text

    def add(
        self,
        label: str,
        relation: str,
        styled: tuple[str, str],
        sparql: str,
        expected: object,
        subjects: tuple[str, ...] = (),
    ) -> bool:
        style, claim = styled
        if claim in self.claims:
            return False
        got = kg_result(self.kg.store, sparql)
        if got != expected:
            raise AssertionError(f"{claim}: {sparql} gave {got!r}, not {expected!r}")
        self.claims.add(claim)
        for q in subjects:
            self.used[q] += 1
        self.rows.append(claim_row(claim, label, relation, sparql, expected, style))
        return True


SYMMETRIC = {"P26", "P3373", "P451"}


def holds(p: str, s: str, o: str) -> str:
    """ASK whether the KG states p(s, o); symmetric relations are asked both ways."""
    if p in SYMMETRIC:
        return f"ASK {{ {{ wd:{s} wdt:{p} wd:{o} }} UNION {{ wd:{o} wdt:{p} wd:{s} }} }}"
    return ask(f"wd:{s} wdt:{p} wd:{o}")


def value_of(p: str, s: str) -> str:
    return f"SELECT ?o WHERE {{ wd:{s} wdt:{p} ?o }}"


def obj_fields(w: Writer, p: str, o: str) -> tuple[str, dict]:
    """The object's wording and the extra fields ({a}, {n}) a template may use."""
    if p in ("P17", "P27"):
        return w.country(o), {"a": ADJ[o], "n": article(ADJ[o])}
    return w.name(o), {}


def fact_pairs(w: Writer, p: str) -> list[tuple[str, str]]:
    pairs = [(s, o) for s, o in w.kg.pairs(p) if fits(w, p, s, o)]
    if p == "P17":
        city = set(w.cities)
        return [(s, o) for s, o in pairs if s in city and o in ADJ]
    if p == "P27":
        return [(s, o) for s, o in pairs if o in ADJ]
    return pairs


def fits(w: Writer, p: str, s: str, o: str | None = None) -> bool:
    """Keep members to people (the KG also lists countries as members) and languages to languages."""
    if p == "P463" and s not in w.kg.facts["P106"]:
        return False
    if p == "P1303" and o is not None and w.kg.label.get(o) in ("vocalist", "voice"):
        return False  # the KG lists singing as an instrument; "plays the vocalist" is no claim
    return not (p == "P1412" and o is not None and o in w.country_set)


def wrong_value(w: Writer, p: str, o: str) -> str | None:
    """A value that cannot be the single stated value o, nor contain or lie in it."""
    if p == "P119":
        cands = [g for g in w.graves if g != o] if o in w.graves else []
    elif p == "P17":
        cands = sorted(c for c in ADJ if c != o and w.kg.ok(c))
    else:
        home = w.kg.countries(o)
        cands = [c for c in w.cities if home and not (w.kg.countries(c) & home)]
    return w.rng.choice(cands) if cands else None


def absent_value(w: Writer, p: str, s: str) -> str | None:
    """A value of p the KG gives someone else but not s (either way round for symmetric p)."""
    if p == "P27":
        pool = sorted(ADJ)
    elif p in SYMMETRIC:
        pool = sorted(q for q in w.kg.facts[p] if w.kg.ok(q))
    elif p == "P463":  # bodies that count people among their members, not unions of states
        pool = sorted({o for q in w.kg.facts["P106"] for o in w.kg.values(p, q) if w.kg.ok(o)})
    else:
        pool = w.kg.objects(p)
    stated = w.kg.values(p, s) | {
        q for q, vs in w.kg.facts[p].items() if s in vs and p in SYMMETRIC
    }
    cands = [q for q in pool if q not in stated and q != s and fits(w, p, s, q)]
    return w.rng.choice(cands) if cands else None


def true_claims(w: Writer, p: str, label: str, n: int, negated: bool = False) -> None:
    """Claims stating (or, negated, denying) a fact the KG states."""
    pool = NEG[p] if negated else POOLS[p]
    rel = f"not {p}" if negated else p
    for s, o in w.fresh(fact_pairs(w, p)):
        if n == 0:
            return
        text, extra = obj_fields(w, p, o)
        if w.add(label, rel, w.say(pool, w.name(s), text, extra), holds(p, s, o), True, (s,)):
            n -= 1
    raise RuntimeError(f"ran out of {p} facts")


def wrong_claims(w: Writer, p: str, label: str, n: int, negated: bool = False) -> None:
    """A single-valued relation with another value than the KG's (REFUTED; negated: SUPPORTED)."""
    pool = NEG[p] if negated else POOLS[p]
    rel = f"not {p}" if negated else p
    if p == "P17":
        cands = [
            (s, next(iter(cs)))
            for s in w.cities
            if len(cs := w.kg.countries(s)) == 1 and next(iter(cs)) in ADJ
        ]
    else:
        cands = w.kg.single(p)
    for s, o in w.fresh(cands):
        if n == 0:
            return
        bad = wrong_value(w, p, o)
        if bad is None:
            continue
        text, extra = obj_fields(w, p, bad)
        if w.add(label, rel, w.say(pool, w.name(s), text, extra), value_of(p, s), [[o]], (s,)):
            n -= 1
    raise RuntimeError(f"ran out of single-valued {p} facts")


def absent_claims(w: Writer, p: str, n: int, negated: bool = False) -> None:
    """A value the KG does not give on a many-valued relation the subject has: NOT ENOUGH INFO."""
    pool = NEG[p] if negated else POOLS[p]
    rel = f"not {p}" if negated else p
    subjects = sorted(s for s in w.kg.facts[p] if w.kg.ok(s) and fits(w, p, s))
    if p == "P17":
        raise ValueError("P17 of a city is treated as single-valued")
    for s in w.fresh(subjects, key=lambda c: c):
        if n == 0:
            return
        o = absent_value(w, p, s)
        if o is None:
            continue
        text, extra = obj_fields(w, p, o)
        if w.add(
            "NOT ENOUGH INFO", rel, w.say(pool, w.name(s), text, extra), holds(p, s, o), False, (s,)
        ):
            n -= 1
    raise RuntimeError(f"ran out of {p} subjects")


def missing_claims(w: Writer, p: str, n: int) -> None:
    """A person with occupations but no value at all for p: NOT ENOUGH INFO."""
    people = sorted(s for s in w.kg.facts["P106"] if w.kg.ok(s) and not w.kg.values(p, s))
    values = w.cities if p in ("P19", "P20") else w.kg.objects(p)
    for s in w.fresh(people, key=lambda c: c):
        if n == 0:
            return
        o = w.rng.choice(values)
        if w.add(
            "NOT ENOUGH INFO", p, w.say(POOLS[p], w.name(s), w.name(o)), value_of(p, s), [], (s,)
        ):
            n -= 1
    raise RuntimeError(f"ran out of people without {p}")


# Two-hop chains: {s} -first-> {o} -second-> {p}; the second relation holds one value.
CHAINS: dict[str, list[tuple[str, str]]] = {
    "P26+P19": [
        (E, "{o}, the spouse of {s}, was born in {p}."),
        (E, "The spouse of {s}, {o}, is a native of {p}."),
        (J, "{s} and {o}, who was born in {p}, marked their anniversary quietly."),
        (S, "{s}'s spouse {o} was born in {p}, didn't know that"),
    ],
    "P57+P19": [
        (E, "{s} was directed by {o}, who was born in {p}."),
        (E, "{o}, the director of {s}, is a native of {p}."),
        (J, "The {p}-born filmmaker {o} directed {s}."),
        (S, "{o} directed {s} and was born in {p}? wow"),
    ],
    "P463+P19": [
        (E, "{o} member {s} was born in {p}."),
        (E, "{s}, a member of {o}, was born in {p}."),
        (J, "{s}, who belongs to {o}, is a native of {p}."),
        (S, "{s} ({o}) was born in {p} lol"),
    ],
    "P40+P19": [
        (E, "{o}, a child of {s}, was born in {p}."),
        (J, "{o}, whose parent is {s}, was born in {p}."),
        (S, "{s}'s kid {o} was born in {p}, makes sense"),
    ],
}
ON_SUBJECT = {"P463+P19"}
EXIST: dict[str, list[tuple[str, str]]] = {
    "P57+P19": [
        (E, "{s} was directed by someone born in {p}."),
        (S, "{s} was made by a director born in {p} apparently"),
    ],
    "P26+P19": [(E, "{s} married a native of {p}."), (J, "{s} is married to someone born in {p}.")],
}


def chain_claims(w: Writer, rel: str, label: str, n: int) -> None:
    """Name both hops; the last hop is single-valued, so a wrong end value is REFUTED."""
    first, second = rel.split("+")
    singles = dict(w.kg.single(second))
    on_subject = rel in ON_SUBJECT  # "X of band Y was born in Z": the second hop starts at X
    cands = [
        (s, o)
        for s, o in w.kg.pairs(first)
        if (s if on_subject else o) in singles and fits(w, first, s, o)
    ]
    for s, o in w.fresh(cands):
        if n == 0:
            return
        mid = s if on_subject else o
        p = singles[mid] if label == "SUPPORTED" else wrong_value(w, second, singles[mid])
        if p is None:
            continue
        sparql = f"SELECT ?p WHERE {{ wd:{s} wdt:{first} wd:{o} . wd:{mid} wdt:{second} ?p }}"
        styled = w.say(CHAINS[rel], w.name(s), w.name(o), {"p": w.name(p)})
        if w.add(label, rel, styled, sparql, [[singles[mid]]], (s, o)):
            n -= 1
    raise RuntimeError(f"ran out of {rel} chains")


def exist_claims(w: Writer, rel: str, n: int) -> None:
    """'directed by someone born in P': SUPPORTED when some stated first hop ends in P."""
    first, second = rel.split("+")
    cands = sorted(
        {(s, p) for s, o in w.kg.pairs(first) for p in w.kg.values(second, o) if w.kg.ok(p)}
    )
    for s, p in w.fresh(cands):
        if n == 0:
            return
        sparql = ask(f"wd:{s} wdt:{first} ?x", f"?x wdt:{second} wd:{p}")
        if w.add(
            "SUPPORTED", rel, w.say(EXIST[rel], w.name(s), "", {"p": w.name(p)}), sparql, True, (s,)
        ):
            n -= 1
    raise RuntimeError(f"ran out of {rel} facts")


CONJ: dict[str, list[tuple[str, str]]] = {
    "P106+P19": [
        (E, "{s}, {n} {o}, was born in {p}."),
        (E, "The {o} {s} was born in {p}."),
        (J, "{p}-born {o} {s} won praise this week."),
        (S, "{s} the {o} was born in {p}?? ok"),
    ],
    "P27+P106": [
        (E, "{s} is {n} {a} {o}."),
        (J, "The {a} {o} {s} gave a talk on Wednesday."),
        (S, "{s} is {n} {a} {o} and i love that"),
    ],
    "P106+P69": [
        (E, "{s}, {n} {o}, studied at {p}."),
        (J, "{o} {s}, an alumnus of {p}, spoke at the ceremony."),
        (S, "{s} the {o} went to {p}? wild"),
    ],
}


def both(a: str, b: str) -> str:
    return f"SELECT (EXISTS {{ {a} }} AS ?first) (EXISTS {{ {b} }} AS ?second) WHERE {{ }}"


def conj_claims(w: Writer, rel: str, label: str, n: int) -> None:
    """An occupation the KG states joined to a second part that holds, fails or is unknown."""
    second = rel.split("+")[0] if rel.startswith("P27") else rel.split("+")[1]
    occs = {
        s: sorted(o for o in vs if w.kg.ok(o)) for s, vs in w.kg.facts["P106"].items() if w.kg.ok(s)
    }
    for s in w.fresh(
        sorted(s for s in occs if occs[s] and w.kg.values(second, s)), key=lambda c: c
    ):
        if n == 0:
            return
        occ = w.rng.choice(occs[s])
        extra = {"n": article(occ)}
        if rel == "P106+P19":
            true = w.kg.values("P19", s)
            bad = wrong_value(w, "P19", next(iter(true))) if len(true) == 1 else None
            if bad is None:
                continue
            extra["p"] = w.name(bad)
            sparql = f"SELECT ?o WHERE {{ wd:{s} wdt:P106 wd:{occ} . wd:{s} wdt:P19 ?o }}"
            want = [[next(iter(true))]]
        elif rel == "P27+P106":
            cs = sorted(c for c in w.kg.values("P27", s) if c in ADJ)
            if not cs:
                continue
            c = w.rng.choice(cs)
            extra.update(a=ADJ[c], n=article(ADJ[c]))
            sparql, want = (
                both(f"wd:{s} wdt:P27 wd:{c}", f"wd:{s} wdt:P106 wd:{occ}"),
                [["true", "true"]],
            )
        else:
            x = absent_value(w, "P69", s)
            if x is None:
                continue
            extra["p"] = w.name(x)
            sparql, want = (
                both(f"wd:{s} wdt:P106 wd:{occ}", f"wd:{s} wdt:P69 wd:{x}"),
                [["true", "false"]],
            )
        if w.add(label, rel, w.say(CONJ[rel], w.name(s), w.name(occ), extra), sparql, want, (s,)):
            n -= 1
    raise RuntimeError(f"ran out of {rel} subjects")


XSD_DT = "<http://www.w3.org/2001/XMLSchema#dateTime>"


def no_dates(q: str) -> str:
    """The KG holds no date about q (CoDEx-M has entity-to-entity facts only)."""
    return f"SELECT ?p ?v WHERE {{ wd:{q} ?p ?v FILTER(isLiteral(?v) && DATATYPE(?v) = {XSD_DT}) }}"


def unknown_name(name: str) -> str:
    return f'ASK {{ ?x rdfs:label|skos:altLabel ?l FILTER(LCASE(STR(?l)) = "{name.lower()}") }}'


# Written one by one: (label, relation, style, claim, sparql, expected).
HAND: list[tuple[str, str, str, str, str, object]] = [
    (
        "SUPPORTED",
        "P40+P40",
        E,
        "Jenna Bush Hager is a grandchild of George H. W. Bush.",
        ask("wd:Q23505 wdt:P40 ?x", "?x wdt:P40 wd:Q153481"),
        True,
    ),
    (
        "SUPPORTED",
        "P50",
        E,
        "Dr. No was written by Ian Fleming.",
        ask("wd:Q102754 wdt:P50 wd:Q82104"),
        True,
    ),
    (
        "SUPPORTED",
        "P40+P40",
        S,
        "wait eugene o'neill is geraldine chaplin's grandparent?? 🤯",
        ask("wd:Q93157 wdt:P40 ?x", "?x wdt:P40 wd:Q230636"),
        True,
    ),
    (
        "REFUTED",
        "P19+P20",
        E,
        "Albert Einstein, born in Ulm in 1879, died in Vienna.",
        "SELECT ?b ?d WHERE { wd:Q937 wdt:P19 ?b . wd:Q937 wdt:P20 ?d }",
        [["Q3012", "Q138518"]],
    ),
    (
        "REFUTED",
        "P20",
        J,
        "Wolfgang Amadeus Mozart died in Salzburg, the city where he was born.",
        "SELECT ?b ?d WHERE { wd:Q254 wdt:P19 ?b . wd:Q254 wdt:P20 ?d }",
        [["Q34713", "Q1741"]],
    ),
    (
        "REFUTED",
        "P40+P40+P19",
        J,
        "Jenna Bush Hager, a grandchild of George H. W. Bush, was born in Toronto.",
        "SELECT ?b WHERE { wd:Q23505 wdt:P40 ?x . ?x wdt:P40 wd:Q153481 . wd:Q153481 wdt:P19 ?b }",
        [["Q16557"]],
    ),
    (
        "REFUTED",
        "not P119",
        S,
        "franz liszt is NOT buried in bayreuth, common mistake",
        ask("wd:Q41309 wdt:P119 wd:Q3923"),
        True,
    ),
    (
        "NOT ENOUGH INFO",
        "P569",
        E,
        "Albert Einstein was born on 14 March 1879.",
        no_dates("Q937"),
        [],
    ),
    (
        "NOT ENOUGH INFO",
        "P570",
        J,
        "Wolfgang Amadeus Mozart reportedly died in December 1791.",
        no_dates("Q254"),
        [],
    ),
    (
        "NOT ENOUGH INFO",
        "P19+P569",
        E,
        "Richard Wagner was born in Leipzig in 1813.",
        both("wd:Q1511 wdt:P19 wd:Q2079", f"wd:Q1511 ?p ?v FILTER(DATATYPE(?v) = {XSD_DT})"),
        [["true", "false"]],
    ),
    (
        "NOT ENOUGH INFO",
        "P577",
        S,
        "dr. no came out in 1958 and still slaps",
        no_dates("Q102754"),
        [],
    ),
    (
        "NOT ENOUGH INFO",
        "P19+P569",
        J,
        "George W. Bush, born in New Haven in 1946, spoke on Monday.",
        both("wd:Q207 wdt:P19 wd:Q49145", f"wd:Q207 ?p ?v FILTER(DATATYPE(?v) = {XSD_DT})"),
        [["true", "false"]],
    ),
    (
        "NOT ENOUGH INFO",
        "P570",
        E,
        "Charlie Chaplin died on Christmas Day in 1977.",
        no_dates("Q882"),
        [],
    ),
    (
        "NOT ENOUGH INFO",
        "P26+P580",
        S,
        "tom hanks and rita wilson have been married since 1988 🥹",
        no_dates("Q2263"),
        [],
    ),
    (
        "NOT ENOUGH INFO",
        "P19",
        E,
        "Marguerite Okonkwo-Lindqvist was born in Ulm.",
        unknown_name("Marguerite Okonkwo-Lindqvist"),
        False,
    ),
    (
        "NOT ENOUGH INFO",
        "P463",
        J,
        "Cellist Tobias Hartwell-Nyquist, a member of the Berlin Philharmonic, retired.",
        unknown_name("Tobias Hartwell-Nyquist"),
        False,
    ),
    (
        "NOT ENOUGH INFO",
        "P166",
        E,
        "Meryl Streep has won three Academy Awards.",
        ask("?x wdt:P166 ?y"),
        False,
    ),
    (
        "NOT ENOUGH INFO",
        "P166",
        J,
        "Bob Dylan, who received the Nobel Prize in Literature, stayed silent for weeks.",
        ask("wd:Q392 wdt:P166 ?y"),
        False,
    ),
]

# What to draw: (kind, relation, label, count). Hand-written claims come on top.
PLAN: list[tuple[str, str, str, int]] = [
    *[
        ("true", p, "SUPPORTED", n)
        for p, n in [
            ("P19", 8),
            ("P20", 6),
            ("P119", 3),
            ("P17", 6),
            ("P27", 6),
            ("P106", 5),
            ("P26", 4),
            ("P40", 4),
            ("P3373", 3),
            ("P451", 3),
            ("P463", 5),
            ("P102", 4),
            ("P69", 5),
            ("P57", 4),
            ("P161", 4),
            ("P136", 3),
            ("P264", 3),
            ("P1303", 3),
            ("P1412", 3),
            ("P140", 3),
            ("P108", 3),
            ("P509", 3),
            ("P551", 3),
            ("P737", 3),
            ("P740", 3),
            ("P840", 3),
        ]
    ],
    ("wrong-neg", "P19", "SUPPORTED", 3),
    ("wrong-neg", "P20", "SUPPORTED", 2),
    ("chain", "P26+P19", "SUPPORTED", 2),
    ("chain", "P57+P19", "SUPPORTED", 2),
    ("chain", "P463+P19", "SUPPORTED", 1),
    ("exist", "P57+P19", "SUPPORTED", 1),
    ("exist", "P26+P19", "SUPPORTED", 1),
    ("conj", "P27+P106", "SUPPORTED", 2),
    *[("wrong", p, "REFUTED", n) for p, n in [("P19", 24), ("P20", 14), ("P119", 6), ("P17", 10)]],
    *[
        ("true-neg", p, "REFUTED", n)
        for p, n in [
            ("P19", 3),
            ("P463", 4),
            ("P57", 3),
            ("P69", 3),
            ("P26", 3),
            ("P27", 3),
            ("P161", 2),
            ("P106", 2),
            ("P40", 2),
        ]
    ],
    *[
        ("chain", r, "REFUTED", n)
        for r, n in [("P26+P19", 5), ("P57+P19", 4), ("P463+P19", 4), ("P40+P19", 3)]
    ],
    ("conj", "P106+P19", "REFUTED", 6),
    *[
        ("absent", p, "NOT ENOUGH INFO", n)
        for p, n in [
            ("P106", 4),
            ("P26", 3),
            ("P463", 3),
            ("P69", 4),
            ("P57", 3),
            ("P161", 3),
            ("P136", 3),
            ("P1303", 3),
            ("P264", 3),
            ("P108", 3),
            ("P737", 2),
            ("P40", 2),
            ("P1412", 2),
            ("P27", 3),
        ]
    ],
    *[
        ("missing", p, "NOT ENOUGH INFO", n)
        for p, n in [("P19", 4), ("P20", 3), ("P102", 3), ("P140", 3), ("P509", 2)]
    ],
    ("absent-neg", "P463", "NOT ENOUGH INFO", 2),
    ("absent-neg", "P69", "NOT ENOUGH INFO", 2),
    ("absent-neg", "P26", "NOT ENOUGH INFO", 1),
    ("conj", "P106+P69", "NOT ENOUGH INFO", 3),
]


def draw(w: Writer, kind: str, rel: str, label: str, n: int) -> None:
    if kind in ("true", "true-neg"):
        true_claims(w, rel, label, n, negated=kind == "true-neg")
    elif kind in ("wrong", "wrong-neg"):
        wrong_claims(w, rel, label, n, negated=kind == "wrong-neg")
    elif kind in ("absent", "absent-neg"):
        absent_claims(w, rel, n, negated=kind == "absent-neg")
    elif kind == "missing":
        missing_claims(w, rel, n)
    elif kind == "chain":
        chain_claims(w, rel, label, n)
    elif kind == "exist":
        exist_claims(w, rel, n)
    else:
        conj_claims(w, rel, label, n)


def main() -> int:
    kg = KG()
    w = Writer(kg, SEED)
    for label, rel, style, claim, sparql, expected in HAND:
        if not w.add(label, rel, (style, claim), sparql, expected):
            raise AssertionError(f"duplicate hand-written claim: {claim}")
    for kind, rel, label, n in PLAN:
        draw(w, kind, rel, label, n)
    counts = Counter(r["label"] for r in w.rows)
    if dict(counts) != BALANCE:
        raise AssertionError(f"balance {dict(counts)} is not {BALANCE}")
    rows = list(w.rows)
    random.Random(SEED + 1).shuffle(rows)
    OUT.write_text(jsonl(numbered(rows, "bn4-{:03d}")), encoding="utf-8")
    print(
        f"wrote {len(rows)} claims to {OUT.name}: {dict(counts)}, "
        f"{dict(Counter(r['style'] for r in rows))}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
