"""Build a fifth development set of natural claims over the demo KG.

Written by an outside writer from the KG alone (pyoxigraph directly, through
``blindset_kg.py``), without looking at how kgfc reads claims: facts are drawn
by SPARQL with a seeded random choice, and every label is checked against the
KG by SPARQL again before anything is written (the script refuses to write if
one check fails).

SUPPORTED: the KG states the fact (the whole path for a two-hop chain, both
facts for a conjunction); a negation whose refuted part meets the REFUTED rule.
REFUTED: the subject has exactly one stated value of a single-valued relation
(place of birth, death or burial, a city's country, a country's continent, a
band's or label's location of formation or headquarters, a film's director,
religion, a person's spouse) and the claimed value is another entity of the
same kind, neither located in nor part of the stated one (cities: in another
country; religions: another family of faiths); a negation of a stated fact; a
chain or conjunction with one such false part.
NOT ENOUGH INFO: a pair the KG does not state for a multi-valued relation
(genre, occupation, employer, membership, record label, field of work, sport,
language spoken, sibling, child, influence, cast, instrument, school, medical
condition, residence), with no KG edge at all between subject and value, and
awards (the KG holds no award statement); a negation of such a pair.

Relations beyond birth and death places: spouse, unmarried partner, field of
work, movement, sport, medical condition, record label, parent organisation,
founded by, named after, languages spoken, a place's region, instruments,
employers, education, residence, cast, director, country of origin, location
of formation, headquarters, a city's country, a country's continent, religion,
party, cause of death, influences, siblings, children, narrative location,
genre, occupation, membership, official language, citizenship.
Styles: plain, encyclopedia, news, social (lower case, slang, emoji), question,
hedge, cleft, passive, possessive, appositive (the KG's description), alias
(skos:altLabel), surname alone, chain (two hops), conjunction, negation.
The ``class`` field is ``<relation>_<style>``; a chain's relation is
``P57>P19``, a conjunction's ``P19+P20``.

Run: ``python benchmarks/build_dev_reading_v5.py`` ->
``benchmarks/data/dev_natural_reading_v5.jsonl``.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402
from dataset_build import CITY_KINDS, jsonl, numbered  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "dev_natural_reading_v5.jsonl"
SEED = 20261207
WDT = "http://www.wikidata.org/prop/direct/"

# ---------------------------------------------------------------- kinds
CITY_TYPES = {
    *CITY_KINDS,
    "Q42744322",
    "Q22865",
    "Q200250",
    "Q747074",
    "Q484170",
    "Q1187811",
    "Q253030",
    "Q62049",
    "Q707813",
}
NOT_CITY = {"Q3624078", "Q6256", "Q35657", "Q3024240", "Q10864048", "Q5107"}
SOVEREIGN = "Q3624078"
HISTORICAL = "Q3024240"
CEMETERY = "Q39614"
HUMAN = "Q5"
FILM = "Q11424"
CONTINENTS = {"Europe", "Asia", "Africa", "North America", "South America", "Oceania"}
RELIGION_FAMILY = {
    "Catholicism": "christian",
    "Catholic Church": "christian",
    "Christianity": "christian",
    "Christian": "christian",
    "Anglicanism": "christian",
    "Lutheranism": "christian",
    "Baptist": "christian",
    "Episcopal Church": "christian",
    "Protestantism": "christian",
    "Eastern Orthodox Church": "christian",
    "Presbyterianism": "christian",
    "Methodism": "christian",
    "Unitarianism": "christian",
    "congregational church": "christian",
    "Calvinism": "christian",
    "Religious Society of Friends": "christian",
    "Russian Orthodox Church": "christian",
    "Judaism": "jewish",
    "American Jews": "jewish",
    "Jewish people": "jewish",
    "Islam": "islam",
    "Sunni Islam": "islam",
    "Shia Islam": "islam",
    "Hinduism": "hindu",
    "Buddhism": "buddhist",
    "Scientology": "scientology",
    "atheism": "none",
    "agnosticism": "none",
}
# how a claim names a religion it states or wrongly claims (the KG entity is the label's)
RELIGION_ADJ = {
    "Catholicism": "a Catholic",
    "Catholic Church": "a Roman Catholic",
    "Judaism": "Jewish",
    "Buddhism": "a Buddhist",
    "Hinduism": "a Hindu",
    "Islam": "a Muslim",
    "atheism": "an atheist",
    "Scientology": "a Scientologist",
    "Lutheranism": "a Lutheran",
    "Anglicanism": "an Anglican",
    "Methodism": "a Methodist",
    "Presbyterianism": "a Presbyterian",
    "Christianity": "a Christian",
    "agnosticism": "an agnostic",
}
CONTINENT_ADJ = {
    "Europe": "European",
    "Asia": "Asian",
    "Africa": "African",
    "North America": "North American",
    "South America": "South American",
}

SINGLE = {"P19", "P20", "P119", "P17", "P30", "P740", "P159", "P57", "P140", "P26"}
MULTI = {
    "P136",
    "P106",
    "P108",
    "P463",
    "P264",
    "P101",
    "P641",
    "P1412",
    "P3373",
    "P40",
    "P737",
    "P161",
    "P1303",
    "P69",
    "P1050",
    "P551",
    "P451",
    "award",
}


# ---------------------------------------------------------------- KG snapshot (for drawing)
class KG:
    def __init__(self, store):
        self.store = store
        self.F: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.INV: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.links: dict[str, set[str]] = defaultdict(set)
        for s, p, o in run(
            store,
            "SELECT ?s ?p ?o WHERE { ?s ?p ?o . FILTER(STRSTARTS(STR(?p), '"
            + WDT
            + "')) FILTER(ISIRI(?o)) }",
        ):
            self.F[p][s].add(o)
            self.INV[p][o].add(s)
            if p != "P31":
                self.links[s].add(o)
                self.links[o].add(s)
        self.label = {
            s: lab
            for s, lab in run(
                store,
                "SELECT ?s ?l WHERE { ?s rdfs:label ?l FILTER(STRSTARTS(STR(?s), 'http://www.wikidata.org/entity/Q')) }",
            )
        }
        self.alts = defaultdict(list)
        for s, a in run(store, "SELECT ?s ?a WHERE { ?s skos:altLabel ?a }"):
            self.alts[s].append(a)
        self.desc = {
            s: d
            for s, d in run(store, "SELECT ?s ?d WHERE { ?s <http://schema.org/description> ?d }")
        }
        self.types = {s: set(v) for s, v in self.F["P31"].items()}
        self.by_label = defaultdict(set)
        for q, lab in self.label.items():
            self.by_label[lab.lower()].add(q)
        for q, al in self.alts.items():
            for a in al:
                self.by_label[a.lower()].add(q)
        lastnames = Counter()
        for q in self.label:
            if HUMAN in self.types.get(q, ()):
                lastnames[self.label[q].split()[-1].lower()] += 1
        self.lastnames = lastnames

    def vals(self, s, p):
        return self.F[p].get(s, set())

    def lab(self, q):
        return self.label.get(q)

    def is_city(self, q):
        t = self.types.get(q, set())
        return bool(t & CITY_TYPES) and not (t & NOT_CITY)

    def countries(self, q):
        return self.vals(q, "P17")

    def good_country(self, q):
        t = self.types.get(q, set())
        return SOVEREIGN in t and HISTORICAL not in t

    def dead(self, s):
        return bool(self.vals(s, "P20") or self.vals(s, "P509") or self.vals(s, "P119"))


# ---------------------------------------------------------------- label checks (SPARQL, independent of the snapshot)
class Checker:
    def __init__(self, store):
        self.store = store

    def ask(self, q):
        return run(self.store, q)

    def stated(self, s, p, o):
        return self.ask(f"ASK {{ wd:{s} wdt:{p} wd:{o} }}")

    def values(self, s, p):
        return [r[0] for r in run(self.store, f"SELECT DISTINCT ?o WHERE {{ wd:{s} wdt:{p} ?o }}")]

    def spouses(self, s):
        return [
            r[0]
            for r in run(
                self.store,
                f"SELECT DISTINCT ?o WHERE {{ {{ wd:{s} wdt:P26 ?o }} UNION {{ ?o wdt:P26 wd:{s} }} }}",
            )
        ]

    def linked(self, a, b):
        return self.ask(f"ASK {{ {{ wd:{a} ?p wd:{b} }} UNION {{ wd:{b} ?p wd:{a} }} }}")

    def within(self, a, b):
        return self.ask(f"ASK {{ wd:{a} (wdt:P131|wdt:P17|wdt:P361|wdt:P706)+ wd:{b} }}")

    def types(self, q):
        return set(r[0] for r in run(self.store, f"SELECT ?t WHERE {{ wd:{q} wdt:P31 ?t }}"))

    def label(self, q):
        r = run(self.store, f"SELECT ?l WHERE {{ wd:{q} rdfs:label ?l }}")
        return r[0][0] if r else None

    def kind(self, q, p):
        t = self.types(q)
        if p == "P26" or p == "P57":
            return "human" if HUMAN in t else None
        if p == "P119":
            return "cemetery" if CEMETERY in t else None
        if p == "P140":
            return (
                "religion:" + RELIGION_FAMILY[self.label(q)]
                if self.label(q) in RELIGION_FAMILY
                else None
            )
        if p == "P30":
            return "continent" if self.label(q) in CONTINENTS else None
        if p == "P17":
            return "country" if SOVEREIGN in t and HISTORICAL not in t else None
        # places: birth, death, formation, headquarters
        return "city" if (t & CITY_TYPES) and not (t & NOT_CITY) else None

    def refutes(self, s, p, claimed):
        """The subject has exactly one stated value of single-valued p, and `claimed` is another of its kind."""
        if p not in SINGLE:
            return False, f"{p} not single-valued"
        vals = self.spouses(s) if p == "P26" else self.values(s, p)
        if len(vals) != 1:
            return False, f"{s} has {len(vals)} values of {p}"
        v = vals[0]
        if v == claimed:
            return False, "claimed value is the stated one"
        kv, kc = self.kind(v, p), self.kind(claimed, p)
        if kv is None or kc is None:
            return False, f"kinds {kv} / {kc}"
        if p == "P140":
            if kv == kc:
                return False, "same family of religion"
        elif kv != kc:
            return False, f"kinds differ {kv} / {kc}"
        if self.within(v, claimed) or self.within(claimed, v):
            return False, "one located in the other"
        if kv == "city":
            cv, cc = set(self.values(v, "P17")), set(self.values(claimed, "P17"))
            if not cv or not cc or cv & cc:
                return False, "cities not in two different stated countries"
        if p == "P26" and self.linked(s, claimed):
            return False, "subject and claimed spouse linked"
        if p == "P57" and self.linked(s, claimed):
            return False, "film and claimed director linked"
        return True, ""

    def unstated(self, s, p, o):
        if p not in MULTI:
            return False, f"{p} not multi-valued"
        if p == "award":
            n = int(
                run(self.store, f"SELECT (COUNT(*) AS ?n) WHERE {{ wd:{s} wdt:P166 ?o }}")[0][0]
            )
            return (n == 0, "awards stated")
        if self.stated(s, p, o):
            return False, "stated"
        if self.linked(s, o):
            return False, "subject and value linked"
        if p in ("P3373", "P40", "P451") and self.ask(
            f"ASK {{ wd:{o} (wdt:P3373|wdt:P40|wdt:P26|wdt:P451|^wdt:P40) wd:{s} }}"
        ):
            return False, "family link"
        return True, ""

    def check(self, spec):
        """spec: list of (op, ...) parts, all must hold."""
        for part in spec:
            op = part[0]
            if op == "stated":
                if not self.stated(*part[1:]):
                    return False, f"not stated {part}"
            elif op == "refutes":
                ok, why = self.refutes(*part[1:])
                if not ok:
                    return False, f"{part}: {why}"
            elif op == "one":
                n = len(self.values(part[1], part[2]))
                if n != 1:
                    return False, f"{part}: {n} values"
            elif op == "unstated":
                ok, why = self.unstated(*part[1:])
                if not ok:
                    return False, f"{part}: {why}"
            else:
                return False, f"unknown op {op}"
        return True, ""


# ---------------------------------------------------------------- surface
def article(phrase):
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def the(org):
    """'the United Nations', but 'Coldplay', 'The Beatles'."""
    if org.lower().startswith("the "):
        return org
    return "the " + org


SOCIAL_TAGS = [
    "",
    " 🔥",
    " 😂",
    " 👀",
    " lol",
    " 🙌",
    " #facts",
    " 💯",
    " fr",
    " 🤯",
    " ngl",
    " 😭",
]
SOCIAL_PRE = ["", "til ", "fun fact: ", "ok so ", "wait, ", "apparently ", "lowkey ", "btw "]
HEDGE_PRE = [
    "I think ",
    "I believe ",
    "If I remember correctly, ",
    "As far as I know, ",
    "I'm fairly sure ",
    "It seems that ",
    "Unless I'm mistaken, ",
]
NEWS_POST = [
    ", sources confirmed on Tuesday.",
    ", a spokesperson said.",
    ", according to public records.",
    ", officials said Monday.",
    ", the report noted.",
]
ENC_PRE = [
    "According to most reference works, ",
    "Reference works note that ",
    "As is well documented, ",
]


def news_title(kg, s):
    occ = " ".join(kg.lab(o) or "" for o in kg.vals(s, "P106")).lower()
    for key, title in (
        ("singer", "Singer"),
        ("actor", "Actor"),
        ("politician", "Politician"),
        ("novelist", "Novelist"),
        ("writer", "Author"),
        ("composer", "Composer"),
        ("musician", "Musician"),
        ("film director", "Director"),
        ("philosopher", "Philosopher"),
    ):
        if key in occ:
            return title + " "
    return ""


def short_desc(kg, s):
    d = kg.desc.get(s, "")
    if not d or re.search(r"[\d()]", d) or len(d.split()) > 5 or "," in d:
        return None
    return d


def lower_social(text):
    return text.lower()


THE_PREFIX = (
    "United States",
    "United Kingdom",
    "United Nations",
    "United Arab Emirates",
    "University of",
    "Council of",
    "Commonwealth of",
    "American Academy",
    "London School",
    "City College",
    "City University",
    "Czech Republic",
    "Netherlands",
    "Philippines",
    "Dominican Republic",
    "Central African",
    "Democratic Republic",
    "Republic of",
    "People's Republic",
    "Soviet Union",
    "Kingdom of",
    "Bahamas",
    "Gambia",
    "Maldives",
    "Juilliard School",
    "Lee Strasberg",
    "Massachusetts Institute",
    "California Institute",
    "Curtis Institute",
    "Berklee",
    "Royal ",
    "World Trade",
    "North Atlantic",
    "African Union",
    "State University",
)
THE_SUFFIX = (" Society", " Organization", " Party", " Institute", " Union", " Conservatory")
US_NAMES = ["United States", "US", "USA", "United States of America", "U.S."]


def needs_the(name):
    return (
        name.startswith(THE_PREFIX) or name.endswith(THE_SUFFIX)
    ) and not name.lower().startswith("the ")


def name_of(kg, q, rng):
    """How a writer names a place or an organisation: 'the US', 'the University of Chicago'."""
    lab = kg.lab(q)
    if HUMAN in kg.types.get(q, ()):
        return lab
    if q == "Q30":
        known = set(kg.alts.get(q, [])) | {lab}
        lab = rng.choice([n for n in US_NAMES if n in known])
    if q == "Q145" and "UK" in kg.alts.get(q, []) and rng.random() < 0.5:
        lab = "UK"
    return "the " + lab if needs_the(lab) or lab in ("US", "USA", "UK", "U.S.") else lab


def tidy(text, social):
    text = re.sub(r"\.\.$", ".", text)
    text = re.sub(r"\.\.(\s)", r".\1", text)
    text = re.sub(r"(\w)s's\b", r"\1s'", text)
    if not social and text[:1].islower():
        text = text[0].upper() + text[1:]
    if not social:
        text = re.sub(r"^The the ", "The ", text)
    return text


# ---------------------------------------------------------------- per-relation phrasing
# Each relation: templates by style, {S} subject name, {O} object name; past/present chosen by caller.


def templates(kg, rel, s, o, neg=False):
    """Return dict style -> list of (template) using {S} and {O}. Relation-specific."""
    S, O = "{S}", "{O}"  # noqa: E741 - the templates' own names
    dead = kg.dead(s) if s else True
    was = "was" if dead else "is"
    ART = article(kg.lab(o)) if o and kg.lab(o) else "a {O}"
    T: dict[str, list[str]] = {}
    if rel == "P19":
        vp, nvp = f"was born in {O}", f"was not born in {O}"
        T = {
            "question": [f"Was {S} born in {O}?"],
            "cleft": [f"It was in {O} that {S} was born."],
            "passive": [f"{O} is where {S} was born."],
            "possessive": [f"{S}'s birthplace is {O}.", f"{S}'s place of birth was {O}."],
            "encyclopedia": [
                f"Born in {O}, {S} went on to an international career.",
                f"{S} was born in the city of {O}.",
            ],
            "social": ["{s} was born in {o}", "{s} is literally {o}-born"],
            "news": [
                f"{O}-born {S} returned to the spotlight this week, sources confirmed on Tuesday."
            ],
        }
        negs = [
            f"{S} was not born in {O}.",
            f"{S} wasn't born in {O}.",
            f"Contrary to popular belief, {S} was not born in {O}.",
        ]
    elif rel == "P20":
        vp, nvp = f"died in {O}", f"did not die in {O}"
        T = {
            "question": [f"Did {S} die in {O}?"],
            "cleft": [f"It was in {O} that {S} died."],
            "passive": [f"{O} is where {S} passed away."],
            "possessive": [f"{S}'s place of death was {O}."],
            "encyclopedia": [f"{S}'s life came to an end in {O}."],
            "social": ["rip {s}, passed away in {o} 🕊️", "{s} died in {o}"],
        }
        negs = [f"{S} did not die in {O}.", f"{S} didn't pass away in {O}."]
    elif rel == "P119":
        vp, nvp = f"is buried at {O}", f"is not buried at {O}"
        T = {
            "question": [f"Is {S} buried at {O}?"],
            "cleft": [f"It is at {O} that {S} was laid to rest."],
            "passive": [f"{S} was interred at {O}.", f"{S} was laid to rest in {O}."],
            "possessive": [f"{S}'s grave is at {O}.", f"{S}'s final resting place is {O}."],
            "social": ["visited {s}'s grave at {o} today 🥀"],
        }
        negs = [f"{S} is not buried at {O}."]
    elif rel == "P26":
        vp, nvp = f"was married to {O}", f"was never married to {O}"
        T = {
            "question": [f"Was {S} married to {O}?"],
            "cleft": [f"It was {O} whom {S} married."],
            "passive": [f"{S} was wed to {O}."],
            "possessive": [f"{S}'s spouse was {O}."],
            "social": ["{s} and {o} got married?? 💍", "{s} married {o} 💍"],
            "news": [f"{S} tied the knot with {O}, a representative said."],
        }
        negs = [f"{S} was never married to {O}."]
    elif rel == "P451":
        vp, nvp = f"was in a relationship with {O}", f"never dated {O}"
        T = {
            "question": [f"Did {S} date {O}?"],
            "cleft": [f"It was {O} who was {S}'s partner."],
            "possessive": [f"{S}'s partner at one point was {O}."],
            "social": ["{s} and {o} were a thing back in the day 💕", "{s} dated {o}?? i'm shook"],
            "news": [f"{S} and {O} were romantically linked, tabloids reported."],
        }
        negs = [f"{S} never dated {O}."]
    elif rel == "P101":
        vp, nvp = f"worked in the field of {O}", f"never worked in {O}"
        T = {
            "question": [f"Did {S} work in {O}?"],
            "possessive": [f"{S}'s field of work was {O}."],
            "cleft": [f"It was {O} that {S} devoted a career to."],
            "encyclopedia": [f"{S} is chiefly remembered for contributions to {O}."],
        }
        negs = [f"{S} never worked in {O}."]
    elif rel == "P135":
        vp, nvp = f"was associated with {O}", f"had nothing to do with {O}"
        T = {
            "possessive": [f"{S}'s work belongs to {O}."],
            "encyclopedia": [f"{S} is usually counted among the figures of {O}."],
        }
        negs = []
    elif rel == "P641":
        vp, nvp = (
            f"played {O}"
            if o
            and kg.lab(o)
            and "ball" in kg.lab(o)
            or (o and kg.lab(o) in ("tennis", "baseball"))
            else f"practised {O}",
            f"never took up {O}",
        )
        T = {
            "question": [f"Did {S} play {O}?"],
            "possessive": [f"{S}'s sport was {O}."],
            "social": ["{s} was into {o} back in the day 🏅"],
        }
        negs = [f"{S} never took up {O}."]
    elif rel == "P1050":
        vp, nvp = f"suffered from {O}", f"never had {O}"
        T = {
            "question": [f"Did {S} suffer from {O}?"],
            "passive": [f"{S} was diagnosed with {O}."],
            "news": [f"{S} has spoken publicly about living with {O}, the report noted."],
            "social": ["{s} had {o}?? didn't know that 😢"],
        }
        negs = [f"{S} never had {O}."]
    elif rel == "P264":
        vp, nvp = f"was signed to {O}", f"was never signed to {O}"
        T = {
            "question": [f"Was {S} ever signed to {O}?"],
            "passive": [f"{S} was signed by {O}."],
            "cleft": [f"It was {O} that released {S}'s records."],
            "possessive": [f"One of {S}'s record labels was {O}."],
            "social": ["{s} was on {o} back then 🎶"],
            "news": [f"{O} has signed {S}, the label announced."],
        }
        negs = [f"{S} was never signed to {O}."]
    elif rel == "P749":
        vp, nvp = f"is a subsidiary of {O}", f"is not owned by {O}"
        T = {
            "question": [f"Is {S} part of {O}?"],
            "passive": [f"{S} is owned by {O}."],
            "possessive": [f"{S}'s parent company is {O}."],
        }
        negs = []
    elif rel == "P112":
        vp, nvp = f"was founded by {O}", f"was not founded by {O}"
        who = "who" if o and HUMAN in kg.types.get(o, ()) else "that"
        T = {
            "question": [f"Did {O} found {S}?"],
            "cleft": [f"It was {O} {who} founded {S}."],
            "passive": [f"{S} was established by {O}."],
            "possessive": [f"{S}'s founder was {O}."],
        }
        negs = []
    elif rel == "P138":
        vp, nvp = f"is named after {O}", f"is not named after {O}"
        T = {
            "question": [f"Is {S} named after {O}?"],
            "passive": [f"{S} was named in honour of {O}."],
            "encyclopedia": [f"{S} takes its name from {O}."],
        }
        negs = []
    elif rel == "P1412":
        dead = True  # a writer's past tense: "X spoke Russian"
        sp = "spoke"
        vp, nvp = f"{sp} {O}", f"{'did' if dead else 'does'} not speak {O}"
        T = {
            "question": [f"{'Did' if dead else 'Does'} {S} speak {O}?"],
            "possessive": [f"One of {S}'s languages {was} {O}."],
            "social": [f"{{s}} {sp} {{o}} fluently?? 😮"],
            "encyclopedia": [f"{S} {'was' if dead else 'is'} able to speak and write {O}."],
        }
        negs = [f"{S} {'did' if dead else 'does'} not speak {O}."]
    elif rel == "P131":
        vp, nvp = f"is located in {O}", f"is not in {O}"
        T = {"question": [f"Is {S} in {O}?"], "encyclopedia": [f"{S} lies within {O}."]}
        negs = []
    elif rel == "P1303":
        dead = True
        pl = "played"
        vp, nvp = f"{pl} the {O}", f"{'never played' if dead else 'does not play'} the {O}"
        T = {
            "question": [f"{'Did' if dead else 'Does'} {S} play the {O}?"],
            "possessive": [f"The {O} {was} one of {S}'s instruments."],
            "social": ["{s} on the {o} is unreal 🎶", f"{{s}} {pl} the {{o}}"],
            "cleft": [f"It is the {O} that {S} {pl}."],
        }
        negs = [f"{S} {'never played' if dead else 'does not play'} the {O}."]
    elif rel == "P108":
        vp, nvp = f"worked for {O}", f"never worked for {O}"
        T = {
            "question": [f"Did {S} work for {O}?"],
            "passive": [f"{S} was employed by {O}."],
            "possessive": [f"{S}'s employers included {O}."],
            "news": [f"{S} was once on the staff of {O}, the institution confirmed on Tuesday."],
        }
        negs = [f"{S} never worked for {O}."]
    elif rel == "P69":
        vp, nvp = f"studied at {O}", f"never studied at {O}"
        T = {
            "question": [f"Did {S} go to {O}?"],
            "passive": [f"{S} was educated at {O}."],
            "cleft": [f"It was at {O} that {S} studied."],
            "possessive": [f"{S}'s alma mater is {O}."],
            "social": ["{s} went to {o}?? same 🎓"],
            "encyclopedia": [f"{S} attended {O}."],
        }
        negs = [f"{S} never studied at {O}.", f"{S} did not attend {O}."]
    elif rel == "P551":
        vp, nvp = f"lived in {O}", f"never lived in {O}"
        T = {
            "question": [f"Did {S} live in {O}?"],
            "possessive": [f"{O} was {S}'s home for a time."],
            "social": ["{s} lived in {o} for a while 🏙️"],
            "encyclopedia": [f"{S} resided in {O}."],
        }
        negs = [f"{S} never lived in {O}."]
    elif rel == "P161":  # S film, O actor
        vp, nvp = f"features {O} in its cast", f"does not feature {O}"
        T = {
            "question": [f"Is {O} in {S}?", f"Did {O} act in {S}?"],
            "passive": [f"{O} was cast in {S}."],
            "possessive": [f"{S}'s cast includes {O}."],
            "cleft": [f"It was {O} who starred in {S}."],
            "social": ["{o} in {s} was iconic 🍿", "{o} was in {s}"],
            "plain": [f"{O} starred in {S}.", f"{O} appears in {S}."],
            "news": [f"{O}, who stars in {S}, spoke to reporters at the premiere on Tuesday."],
        }
        negs = [f"{O} was not in {S}.", f"{O} did not appear in {S}."]
    elif rel == "P57":  # S film, O director
        vp, nvp = f"was directed by {O}", f"was not directed by {O}"
        T = {
            "question": [f"Did {O} direct {S}?"],
            "cleft": [f"It was {O} who directed {S}."],
            "plain": [f"{O} directed {S}.", f"{S} was directed by {O}."],
            "possessive": [f"{S}'s director was {O}."],
            "social": ["{s} is a {o} film and it shows 🎬", "{o} directed {s}"],
            "news": [f"Director {O}'s film {S} returned to cinemas on Friday."],
        }
        negs = [f"{S} was not directed by {O}.", f"{O} did not direct {S}."]
    elif rel == "P495":
        vp, nvp = f"comes from {O}", f"is not from {O}"
        T = {
            "question": [f"Is {S} from {O}?"],
            "encyclopedia": [f"{S} was produced in {O}."],
            "possessive": [f"{S}'s country of origin is {O}."],
        }
        negs = []
    elif rel == "P740":
        vp, nvp = f"was formed in {O}", f"was not formed in {O}"
        T = {
            "question": [f"Was {S} formed in {O}?"],
            "cleft": [f"It was in {O} that {S} got started."],
            "encyclopedia": [f"{S} was founded in {O}."],
            "social": ["{s} started out in {o} 🤘"],
        }
        negs = [f"{S} was not formed in {O}."]
    elif rel == "P159":
        vp, nvp = f"is headquartered in {O}", f"is not headquartered in {O}"
        T = {
            "question": [f"Is {S} based in {O}?"],
            "possessive": [f"{S}'s headquarters are in {O}."],
            "cleft": [f"It is in {O} that {S} has its head office."],
            "passive": [f"{S} is based in {O}."],
        }
        negs = [f"{S} is not headquartered in {O}."]
    elif rel == "P17":
        vp, nvp = f"is a city in {O}", f"is not in {O}"
        T = {
            "question": [f"Is {S} in {O}?"],
            "encyclopedia": [f"{S} is located in {O}."],
            "social": ["{s} is in {o} 🗺️"],
            "possessive": [f"{O}'s city of {S} is a popular destination."],
        }
        negs = [f"{S} is not in {O}."]
    elif rel == "P30":
        adj = CONTINENT_ADJ.get(kg.lab(o) or "") if o else None
        vp, nvp = f"is in {O}", f"is not in {O}"
        T = {
            "question": [f"Is {S} in {O}?"],
            "encyclopedia": [f"{S} is a country located in {O}."],
            "social": ["{s} is in {o} right 🌍"] if False else ["{s} is in {o} 🌍"],
        }
        if adj:
            T["possessive"] = [f"{S} is {article(adj)} country."]
        negs = [f"{S} is not in {O}."]
    elif rel == "P140":
        adj = RELIGION_ADJ.get(kg.lab(o) or "") if o else None
        vp, nvp = (f"was {adj}" if adj else f"was a follower of {O}"), f"was not a follower of {O}"
        T = {
            "possessive": [f"{S}'s religion was {O}."],
            "question": [f"Was {S} {adj}?" if adj else f"Was {S} a follower of {O}?"],
            "news": [f"{S} was a follower of {O}, a family spokesperson said."],
        }
        if adj:
            T["social"] = [f"{{s}} was {adj.lower()} btw 🙏"]
        negs = [f"{S} did not follow {O}."]
    elif rel == "P102":
        vp, nvp = f"was a member of {O}", ""
        T = {
            "question": [f"Was {S} a member of {O}?"],
            "news": [f"{S} is a registered member of {O}, party officials said."],
        }
        negs = []
    elif rel == "P509":
        vp, nvp = f"died of {O}", f"did not die of {O}"
        T = {
            "question": [f"Did {S} die of {O}?"],
            "possessive": [f"{S}'s cause of death was {O}."],
            "passive": [f"{S} was killed by {O}."],
        }
        negs = []
    elif rel == "P737":
        vp, nvp = f"was influenced by {O}", f"was not influenced by {O}"
        T = {
            "question": [f"Was {S} influenced by {O}?"],
            "possessive": [f"{S}'s influences include {O}."],
            "plain": [f"{O} was an influence on {S}.", f"{S} was influenced by {O}."],
            "social": ["{s} was obviously influenced by {o} 📚"],
            "encyclopedia": [f"{S} cited {O} as an important influence."],
        }
        negs = [f"{S} was never influenced by {O}."]
    elif rel == "P3373":
        vp, nvp = f"is a sibling of {O}", f"is not related to {O}"
        T = {
            "question": [f"Are {S} and {O} siblings?"],
            "plain": [f"{S} and {O} are siblings.", f"{S} is {O}'s sibling."],
            "social": ["{s} and {o} are siblings?? 😳"],
            "possessive": [f"{O} is {S}'s sibling."],
        }
        negs = [f"{S} and {O} are not siblings."]
    elif rel == "P40":
        vp, nvp = f"is the parent of {O}", ""
        T = {
            "question": [f"Is {O} {S}'s child?"],
            "possessive": [f"{O} is {S}'s child."],
            "plain": [f"{S} is the parent of {O}.", f"{O} is a child of {S}."],
            "social": ["{o} is {s}'s kid?? 🤯"],
        }
        negs = []
    elif rel == "P840":
        vp, nvp = f"is set in {O}", f"is not set in {O}"
        T = {"question": [f"Is {S} set in {O}?"], "encyclopedia": [f"{S} takes place in {O}."]}
        negs = []
    elif rel == "P136":
        vp, nvp = f"is known for {O}", f"has nothing to do with {O}"
        T = {
            "social": ["{s} doing {o} hits different 🎧"],
            "possessive": [f"{S}'s genre is {O}."],
            "question": [f"Does {S} make {O}?"],
            "news": [f"{S} is best known as {ART} artist, the label said."],
        }
        negs = []
    elif rel == "P136film":
        vp, nvp = f"is {ART}", ""
        T = {
            "question": [f"Is {S} {ART}?"],
            "encyclopedia": [f"{S} is usually described as {ART}."],
        }
        negs = []
    elif rel == "P106":
        vp, nvp = f"{'was' if dead else 'is'} {ART}", ""
        T = {
            "question": [f"{'Was' if dead else 'Is'} {S} {ART}?"],
            "encyclopedia": [f"{S} worked as {ART}."],
            "social": [f"{{s}} is {ART} too?? talented 😍"],
        }
        negs = []
    elif rel == "P463":
        human = s and HUMAN in kg.types.get(s, ())
        vp, nvp = f"{'was' if human else 'is'} a member of {O}", ""
        T = {
            "question": [f"{'Was' if human else 'Is'} {S} a member of {O}?"],
            "encyclopedia": [f"{S} {'belonged' if human else 'belongs'} to {O}."],
        }
        negs = []
    elif rel == "P37":
        vp, nvp = f"has {O} as an official language", ""
        T = {
            "plain": [f"{O} is an official language of {S}."],
            "question": [f"Is {O} an official language of {S}?"],
        }
        negs = []
    elif rel == "P27":
        vp, nvp = f"{was} a citizen of {O}", ""
        T = {
            "plain": [f"{S} {was} a citizen of {O}."],
            "possessive": [f"{S}'s citizenship is that of {O}."],
        }
        negs = []
    elif rel == "award":
        vp, nvp = f"won {O}", f"never won {O}"
        T = {
            "question": [f"Did {S} win {O}?"],
            "news": [f"{S} won {O}, organisers announced on Monday."],
            "social": ["{s} winning {o} was so deserved 🏆"],
            "plain": [f"{S} won {O}."],
        }
        negs = [f"{S} never won {O}."]
    else:
        raise KeyError(rel)
    return vp, nvp, T, negs


class Writer:
    def __init__(self, kg: KG, rng: random.Random):
        self.kg, self.rng = kg, rng

    def surname(self, s):
        kg = self.kg
        if HUMAN not in kg.types.get(s, ()):
            return None
        parts = kg.lab(s).split()
        if len(parts) < 2:
            return None
        last = parts[-1]
        if not last[:1].isupper() or len(last) < 4 or last.endswith("."):
            return None
        if kg.lastnames[last.lower()] != 1 or kg.by_label.get(last.lower(), set()) - {s}:
            return None
        return last

    def alias(self, s):
        kg = self.kg
        lab = kg.lab(s)
        cands = []
        for a in kg.alts.get(s, []):
            if (
                a == lab
                or "(" in a
                or len(a) < 2
                or not a.isascii()
                or kg.by_label[a.lower()] != {s}
            ):
                continue
            if not all(w[:1].isupper() or w[:1].isdigit() for w in a.split()):
                continue
            if a.lower() == lab.lower():
                continue
            overlap = set(a.lower().split()) & set(lab.lower().split())
            cands.append((0 if not overlap else 1, a))
        if not cands:
            return None
        best = min(c[0] for c in cands)
        return self.rng.choice(sorted(a for k, a in cands if k == best))

    def render(self, rel, style, s, o, o_name=None, neg=False):
        """Returns claim text, or None when the style does not apply."""
        text = self._render(rel, style, s, o, o_name, neg)
        return None if text is None else tidy(text, style == "social" or text.islower())

    def _render(self, rel, style, s, o, o_name=None, neg=False):
        kg, rng = self.kg, self.rng
        vp, nvp, T, negs = templates(kg, rel, s, o)
        S = name_of(kg, s, rng)
        O = o_name if o_name is not None else name_of(kg, o, rng)  # noqa: E741
        if neg:
            if not negs:
                return None
            t = rng.choice(negs)
            if style == "social":
                return lower_social(
                    rng.choice(["nah ", "no, ", "fake news: ", ""])
                    + t.format(S=S, O=O).rstrip(".")
                    + rng.choice([" 🙄", " smh", " lol", ""])
                )
            if style == "hedge":
                return rng.choice(HEDGE_PRE) + t.format(S=S, O=O)
            return t.format(S=S, O=O)
        if style in ("alias", "surname"):
            name = self.alias(s) if style == "alias" else self.surname(s)
            if not name:
                return None
            base = rng.choice([f"{{S}} {vp}."] + T.get("question", []) + T.get("possessive", []))
            return base.format(S=name, O=O)
        if style == "appositive":
            d = short_desc(kg, s)
            if not d:
                return None
            return f"{S}, {article(d)}, {vp.format(O=O)}."
        if style == "plain":
            base = rng.choice(T.get("plain", [f"{{S}} {vp}."]))
            return base.format(S=S, O=O)
        if style == "hedge":
            base = rng.choice(T.get("plain", [f"{{S}} {vp}."]))
            return rng.choice(HEDGE_PRE) + base.format(S=S, O=O)
        if style == "news":
            if "news" in T and rng.random() < 0.6:
                return rng.choice(T["news"]).format(S=S, O=O)
            base = T.get("plain", [f"{{S}} {vp}"])[0].rstrip(".")
            return (news_title(kg, s) + base.format(S=S, O=O)).strip() + rng.choice(NEWS_POST)
        if style == "encyclopedia":
            if "encyclopedia" in T and rng.random() < 0.6:
                return rng.choice(T["encyclopedia"]).format(S=S, O=O)
            base = rng.choice(T.get("plain", [f"{{S}} {vp}."]))
            return rng.choice(ENC_PRE) + base.format(S=S, O=O)
        if style == "social":
            if "social" in T and rng.random() < 0.7:
                t = rng.choice(T["social"]).format(s=S, o=O)
            else:
                t = rng.choice(SOCIAL_PRE) + rng.choice(T.get("plain", [f"{{S}} {vp}"])).rstrip(
                    "."
                ).format(S=S, O=O)
            return lower_social(t + rng.choice(SOCIAL_TAGS)).strip()
        if style in T:
            return rng.choice(T[style]).format(S=S, O=O)
        return None


# ---------------------------------------------------------------- drawing
class Builder:
    def __init__(self, kg: KG, rng: random.Random):
        self.kg, self.rng = kg, rng
        self.w = Writer(kg, rng)
        self.claims = []
        self.per_subject = Counter()
        self.used = set()
        self.texts = set()

    def add(self, subj, label, rel, style, text, spec, key):
        if text is None or key in self.used or self.per_subject[subj] >= 3:
            return False
        text = tidy(text, "social" in style)
        if text.lower() in self.texts:
            return False
        self.used.add(key)
        self.texts.add(text.lower())
        self.per_subject[subj] += 1
        self.claims.append(
            {"claim": text, "label": label, "class": f"{rel}_{style}", "_spec": spec}
        )
        return True

    def labelled_pairs(self, p, subj_ok=None, obj_ok=None):
        kg = self.kg
        out = []
        for s, os_ in kg.F[p].items():
            if not self.nice(s) or (subj_ok and not subj_ok(s)):
                continue
            for o in os_:
                if self.nice(o) and (not obj_ok or obj_ok(o)):
                    out.append((s, o))
        out.sort()
        return out

    def nice(self, q):
        """A labelled entity whose label reads as a name in a sentence."""
        lab = self.kg.lab(q)
        return bool(lab) and "(" not in lab and not lab.isdigit()

    def peers(self, a, b):
        """Same citizenship and a shared occupation: a plausible wrong or unknown relative, spouse, influence."""
        kg = self.kg
        return bool(kg.vals(a, "P27") & kg.vals(b, "P27")) and bool(
            kg.vals(a, "P106") & kg.vals(b, "P106")
        )

    # ---- SUPPORTED
    def supported(self, rel, styles, n, p=None, subj_ok=None, obj_ok=None, tmpl_rel=None):
        p = p or rel
        pairs = self.labelled_pairs(p, subj_ok, obj_ok)
        self.rng.shuffle(pairs)
        made = 0
        for s, o in pairs:
            if made >= n:
                break
            style = styles[made % len(styles)]
            text = self.w.render(tmpl_rel or rel, style, s, o)
            if self.add(s, "SUPPORTED", rel, style, text, [("stated", s, p, o)], ("S", s, p, o)):
                made += 1
        return made

    # ---- REFUTED by a wrong value of a single-valued relation
    def single(self, s, p):
        kg = self.kg
        if p == "P26":
            return kg.vals(s, "P26") | kg.INV["P26"].get(s, set())
        return kg.vals(s, p)

    def distractor_pool(self, p):
        kg = self.kg
        objs = sorted({o for os_ in kg.F[p].values() for o in os_ if self.nice(o)})
        if p in ("P19", "P20", "P740", "P159", "P551"):
            return [
                o
                for o in objs
                if kg.is_city(o) and len([c for c in kg.countries(o) if kg.good_country(c)]) >= 1
            ]
        if p == "P119":
            return [o for o in objs if CEMETERY in kg.types.get(o, ())]
        if p == "P17":
            return [o for o in objs if kg.good_country(o)]
        if p == "P30":
            return [o for o in objs if kg.lab(o) in CONTINENTS]
        if p == "P140":
            return [o for o in objs if kg.lab(o) in RELIGION_ADJ]
        if p in ("P57", "P26"):
            return [o for o in objs if HUMAN in kg.types.get(o, ())]
        raise KeyError(p)

    def wrong_value(self, s, p, v):
        """A claimed value for a refutation, drawn at random; None if none fits."""
        kg = self.kg
        pool = self.distractor_pool(p)
        self.rng.shuffle(pool)
        for c in pool[:400]:
            if c in (v, s) or c in kg.links[s]:
                continue
            if p in ("P19", "P20", "P740", "P159"):
                cv = {x for x in kg.countries(v)}
                cc = {x for x in kg.countries(c)}
                if not cv or not cc or cv & cc:
                    continue
            if p == "P119" and (kg.lab(c).split()[0] == kg.lab(v).split()[0]):
                continue
            if p == "P140" and RELIGION_FAMILY.get(kg.lab(c)) == RELIGION_FAMILY.get(kg.lab(v)):
                continue
            if p == "P26" and (kg.vals(c, "P26") & {s} or not self.peers(s, c)):
                continue
            return c
        return None

    def single_subjects(self, p, subj_ok=None, val_ok=None):
        kg = self.kg
        subs = set(kg.F[p]) | (set(kg.INV["P26"]) if p == "P26" else set())
        out = []
        for s in sorted(subs):
            if s not in kg.label or (subj_ok and not subj_ok(s)):
                continue
            vals = self.single(s, p)
            if len(vals) != 1:
                continue
            v = next(iter(vals))
            if v not in kg.label or (val_ok and not val_ok(v)):
                continue
            out.append((s, v))
        return out

    def val_ok_for(self, p):
        kg = self.kg
        if p in ("P19", "P20", "P740", "P159"):
            return lambda v: (
                kg.is_city(v)
                and kg.countries(v)
                and all(kg.good_country(c) for c in kg.countries(v))
            )
        if p == "P119":
            return lambda v: CEMETERY in kg.types.get(v, ())
        if p == "P17":
            return kg.good_country
        if p == "P30":
            return lambda v: kg.lab(v) in CONTINENTS
        if p == "P140":
            return lambda v: kg.lab(v) in RELIGION_FAMILY
        return lambda v: HUMAN in kg.types.get(v, ())

    def refuted(self, rel, styles, n, subj_ok=None, negated_true=False):
        """REFUTED: a wrong value of single-valued rel; with negated_true, 'S not rel wrong' is SUPPORTED."""
        p = rel
        cands = self.single_subjects(p, subj_ok, self.val_ok_for(p))
        self.rng.shuffle(cands)
        made = 0
        for s, v in cands:
            if made >= n:
                break
            c = self.wrong_value(s, p, v)
            if c is None:
                continue
            style = styles[made % len(styles)]
            if negated_true:
                text = self.w.render(rel, style, s, c, o_name=self.oname(p, c), neg=True)
                label, cls_style = (
                    "SUPPORTED",
                    "negation" if style == "plain" else f"negation-{style}",
                )
            else:
                text = self.w.render(rel, style, s, c, o_name=self.oname(p, c))
                label, cls_style = "REFUTED", style
            if self.add(s, label, rel, cls_style, text, [("refutes", s, p, c)], (label, s, p, c)):
                made += 1
        return made

    def oname(self, p, o):
        return self.kg.lab(o)

    def negated_stated(self, rel, styles, n, p=None, subj_ok=None, obj_ok=None):
        """REFUTED: the negation of a stated fact."""
        p = p or rel
        pairs = self.labelled_pairs(p, subj_ok, obj_ok)
        self.rng.shuffle(pairs)
        made = 0
        for s, o in pairs:
            if made >= n:
                break
            style = styles[made % len(styles)]
            text = self.w.render(rel, style, s, o, neg=True)
            cls = "negation" if style == "plain" else f"negation-{style}"
            if self.add(s, "REFUTED", rel, cls, text, [("stated", s, p, o)], ("Rneg", s, p, o)):
                made += 1
        return made

    # ---- NOT ENOUGH INFO
    def nei(self, rel, styles, n, p=None, subj_ok=None, obj_ok=None, negated=False, tmpl_rel=None):
        kg = self.kg
        p = p or rel
        subjects = sorted(
            s
            for s in kg.F[p]
            if s in kg.label
            and (not subj_ok or subj_ok(s))
            and any(o in kg.label for o in kg.F[p][s])
        )
        pool = sorted(
            {
                o
                for os_ in kg.F[p].values()
                for o in os_
                if self.nice(o) and (not obj_ok or obj_ok(o))
            }
        )
        self.rng.shuffle(subjects)
        made = 0
        for s in subjects:
            if made >= n:
                break
            stated = kg.vals(s, p)
            words = set()
            for o in stated:
                words |= set(re.findall(r"\w+", (kg.lab(o) or "").lower()))
            stated_types = set().union(*(kg.types.get(o, set()) for o in stated)) - {"Q5"}
            cands = pool[:]
            self.rng.shuffle(cands)
            for c in cands:
                if c in stated or c == s or c in kg.links[s]:
                    continue
                if set(re.findall(r"\w+", kg.lab(c).lower())) & words:
                    continue
                if p in ("P3373", "P40", "P451", "P737") and (
                    kg.lab(c).split()[-1] == kg.lab(s).split()[-1] or not self.peers(s, c)
                ):
                    continue
                if p == "P1412":
                    official = set()
                    for ctry in kg.vals(s, "P27"):
                        official |= kg.vals(ctry, "P37")
                    if c in official:
                        continue
                if (
                    stated_types
                    and p not in ("P3373", "P40", "P737", "P161", "P451")
                    and not (kg.types.get(c, set()) & stated_types)
                ):
                    continue
                style = styles[made % len(styles)]
                text = self.w.render(tmpl_rel or rel, style, s, c, neg=negated)
                cls = (
                    (f"negation-{style}" if style != "plain" else "negation") if negated else style
                )
                if self.add(
                    s, "NOT ENOUGH INFO", rel, cls, text, [("unstated", s, p, c)], ("N", s, p, c)
                ):
                    made += 1
                break
        return made

    def awards(self, styles, n):
        kg = self.kg
        awards = {
            "actor": ["an Academy Award", "a Golden Globe", "an Emmy", "a Tony Award"],
            "singer": ["a Grammy Award", "a Grammy"],
            "novelist": ["the Pulitzer Prize", "the Nobel Prize in Literature"],
            "composer": ["an Oscar for Best Original Score"],
            "physicist": ["the Nobel Prize in Physics"],
        }
        humans = sorted(
            s
            for s in kg.label
            if HUMAN in kg.types.get(s, ()) and kg.vals(s, "P106") and self.nice(s)
        )
        self.rng.shuffle(humans)
        made = 0
        for s in humans:
            if made >= n:
                break
            occ = {kg.lab(o) for o in kg.vals(s, "P106")}
            keys = sorted(k for k in awards if k in occ)
            if not keys:
                continue
            style = styles[made % len(styles)]
            a = self.rng.choice(awards[keys[made % len(keys)]])
            text = self.w.render("award", style, s, None, o_name=a)
            if self.add(
                s,
                "NOT ENOUGH INFO",
                "award",
                style,
                text,
                [("unstated", s, "award", None)],
                ("N", s, "award", a),
            ):
                made += 1
        return made

    # ---- chains and conjunctions
    def chain_director_birth(self, n_sup, n_ref, styles):
        kg, rng = self.kg, self.rng
        films = sorted(f for f in kg.F["P57"] if self.nice(f))
        rng.shuffle(films)
        sup = ref = 0
        for f in films:
            ds = kg.vals(f, "P57")
            if len(ds) != 1:
                continue
            d = next(iter(ds))
            if d not in kg.label:
                continue
            births = kg.vals(d, "P19")
            if len(births) != 1:
                continue
            b = next(iter(births))
            if b not in kg.label:
                continue
            style = styles[(sup + ref) % len(styles)]
            F = kg.lab(f)
            if sup < n_sup:
                B = kg.lab(b)
                text = {
                    "plain": f"The director of {F} was born in {B}.",
                    "question": f"Was the director of {F} born in {B}?",
                    "social": f"the guy who directed {F.lower()} was born in {B.lower()} 👀",
                    "possessive": f"{F}'s director was born in {B}.",
                    "passive": f"{F} was directed by someone born in {B}.",
                }[style]
                if self.add(
                    f,
                    "SUPPORTED",
                    "P57>P19",
                    style,
                    text,
                    [("stated", f, "P57", d), ("stated", d, "P19", b)],
                    ("S", f, "P57>P19", b),
                ):
                    sup += 1
                continue
            if ref < n_ref and self.val_ok_for("P19")(b):
                c = self.wrong_value(d, "P19", b)
                if c is None:
                    continue
                C = kg.lab(c)
                text = {
                    "plain": f"The director of {F} was born in {C}.",
                    "question": f"Was the director of {F} born in {C}?",
                    "social": f"the director of {F.lower()} is from {C.lower()} originally, born and raised 🎬",
                    "possessive": f"{F}'s director was born in {C}.",
                    "passive": f"{F} was directed by a filmmaker born in {C}.",
                }[style]
                if self.add(
                    f,
                    "REFUTED",
                    "P57>P19",
                    style,
                    text,
                    [("one", f, "P57"), ("stated", f, "P57", d), ("refutes", d, "P19", c)],
                    ("R", f, "P57>P19", c),
                ):
                    ref += 1
            if sup >= n_sup and ref >= n_ref:
                break
        return sup, ref

    def chain_birth_country(self, n_sup, n_ref, styles):
        """'X was born in <country>' where the KG states birth city and the city's country."""
        kg, rng = self.kg, self.rng
        cands = self.single_subjects(
            "P19", lambda s: HUMAN in kg.types.get(s, ()), self.val_ok_for("P19")
        )
        rng.shuffle(cands)
        sup = ref = 0
        for s, city in cands:
            cs = kg.countries(city)
            if len(cs) != 1:
                continue
            ctry = next(iter(cs))
            if not kg.good_country(ctry) or ctry not in kg.label:
                continue
            style = styles[(sup + ref) % len(styles)]
            S = kg.lab(s)
            if sup < n_sup:
                Cn = name_of(kg, ctry, rng)
                text = {
                    "plain": f"{S} was born in {Cn}.",
                    "question": f"Was {S} born in {Cn}?",
                    "social": f"{S.lower()} was born in {Cn.lower()} 🌍",
                    "hedge": f"I think {S} was born somewhere in {Cn}.",
                }[style]
                if self.add(
                    s,
                    "SUPPORTED",
                    "P19>P17",
                    style,
                    text,
                    [("stated", s, "P19", city), ("stated", city, "P17", ctry)],
                    ("S", s, "P19>P17", ctry),
                ):
                    sup += 1
                continue
            if ref < n_ref:
                pool = [c for c in self.distractor_pool("P17") if c != ctry]
                rng.shuffle(pool)
                c = pool[0]
                Cn = name_of(kg, c, rng)
                text = {
                    "plain": f"{S} was born in {Cn}.",
                    "question": f"Was {S} born in {Cn}?",
                    "social": f"{S.lower()} was born in {Cn.lower()} 🌍",
                    "hedge": f"I think {S} was born somewhere in {Cn}.",
                }[style]
                if self.add(
                    s,
                    "REFUTED",
                    "P19>P17",
                    style,
                    text,
                    [("one", s, "P19"), ("stated", s, "P19", city), ("refutes", city, "P17", c)],
                    ("R", s, "P19>P17", c),
                ):
                    ref += 1
            if sup >= n_sup and ref >= n_ref:
                break
        return sup, ref

    def chain_spouse_birth(self, n, styles):
        kg = self.kg
        pairs = self.labelled_pairs("P26", lambda s: HUMAN in kg.types.get(s, ()))
        self.rng.shuffle(pairs)
        made = 0
        for s, sp in pairs:
            if made >= n:
                break
            bs = [b for b in kg.vals(sp, "P19") if b in kg.label]
            if not bs:
                continue
            b = sorted(bs)[0]
            style = styles[made % len(styles)]
            S, B = kg.lab(s), kg.lab(b)
            text = {
                "plain": f"{S}'s spouse was born in {B}.",
                "question": f"Was {S}'s spouse born in {B}?",
                "social": f"{S.lower()} married someone from {B.lower()} 💍 (born there!)",
            }[style]
            if self.add(
                s,
                "SUPPORTED",
                "P26>P19",
                style,
                text,
                [("stated", s, "P26", sp), ("stated", sp, "P19", b)],
                ("S", s, "P26>P19", b),
            ):
                made += 1
        return made

    def chain_city_continent(self, n, styles):
        kg = self.kg
        cities = sorted(c for c in kg.F["P17"] if c in kg.label and kg.is_city(c))
        self.rng.shuffle(cities)
        made = 0
        for c in cities:
            if made >= n:
                break
            cs = [x for x in kg.countries(c) if kg.good_country(x)]
            if len(cs) != 1:
                continue
            conts = [k for k in kg.vals(cs[0], "P30") if kg.lab(k) in CONTINENTS]
            if len(conts) != 1:
                continue
            K = kg.lab(conts[0])
            C = kg.lab(c)
            style = styles[made % len(styles)]
            text = {
                "plain": f"{C} is a city in {K}.",
                "question": f"Is {C} in {K}?",
                "social": f"{C.lower()} is in {K.lower()} btw ✈️",
            }[style]
            if self.add(
                c,
                "SUPPORTED",
                "P17>P30",
                style,
                text,
                [("stated", c, "P17", cs[0]), ("stated", cs[0], "P30", conts[0])],
                ("S", c, "P17>P30", K),
            ):
                made += 1
        return made

    def conj_birth_death(self, n_sup, n_ref, styles):
        kg = self.kg
        cands = self.single_subjects(
            "P19", lambda s: HUMAN in kg.types.get(s, ()), self.val_ok_for("P19")
        )
        self.rng.shuffle(cands)
        sup = ref = 0
        for s, b in cands:
            ds = [d for d in kg.vals(s, "P20") if d in kg.label]
            if len(ds) != 1 or ds[0] == b:
                continue
            d = ds[0]
            S, B, D = kg.lab(s), kg.lab(b), kg.lab(d)
            style = styles[(sup + ref) % len(styles)]
            if sup < n_sup:
                text = {
                    "plain": f"{S} was born in {B} and died in {D}.",
                    "encyclopedia": f"Born in {B}, {S} died in {D}.",
                    "social": f"{S.lower()}: born in {B.lower()}, died in {D.lower()} 🕊️",
                }[style]
                if self.add(
                    s,
                    "SUPPORTED",
                    "P19+P20",
                    style,
                    text,
                    [("stated", s, "P19", b), ("stated", s, "P20", d)],
                    ("S", s, "P19+P20"),
                ):
                    sup += 1
                continue
            if ref < n_ref:
                c = self.wrong_value(s, "P19", b)
                if c is None:
                    continue
                C = kg.lab(c)
                text = {
                    "plain": f"{S} was born in {C} and died in {D}.",
                    "encyclopedia": f"Born in {C}, {S} died in {D}.",
                    "social": f"{S.lower()}: born in {C.lower()}, died in {D.lower()} 🕊️",
                }[style]
                if self.add(
                    s,
                    "REFUTED",
                    "P19+P20",
                    style,
                    text,
                    [("refutes", s, "P19", c), ("stated", s, "P20", d)],
                    ("R", s, "P19+P20"),
                ):
                    ref += 1
            if sup >= n_sup and ref >= n_ref:
                break
        return sup, ref

    def conj_film(self, n, styles):
        kg = self.kg
        films = sorted(f for f in kg.F["P57"] if self.nice(f))
        self.rng.shuffle(films)
        made = 0
        for f in films:
            if made >= n:
                break
            ds = sorted(d for d in kg.vals(f, "P57") if d in kg.label)
            cs = sorted(a for a in kg.vals(f, "P161") if a in kg.label and a not in ds)
            if not ds or not cs:
                continue
            d, a = ds[0], self.rng.choice(cs)
            F, D, A = kg.lab(f), kg.lab(d), kg.lab(a)
            style = styles[made % len(styles)]
            text = {
                "plain": f"{F} was directed by {D} and stars {A}.",
                "news": f"{D}'s {F}, starring {A}, returns to theatres this weekend, the studio said.",
            }[style]
            if self.add(
                f,
                "SUPPORTED",
                "P57+P161",
                style,
                text,
                [("stated", f, "P57", d), ("stated", f, "P161", a)],
                ("S", f, "P57+P161"),
            ):
                made += 1
        return made


# ---------------------------------------------------------------- the plan
def build(kg: KG, rng: random.Random):
    b = Builder(kg, rng)
    human = lambda s: HUMAN in kg.types.get(s, ())  # noqa: E731
    film = lambda s: FILM in kg.types.get(s, ())  # noqa: E731
    nonhuman = lambda s: HUMAN not in kg.types.get(s, ())  # noqa: E731
    city = kg.is_city
    country = kg.good_country
    inst_ok = lambda o: (  # noqa: E731
        kg.lab(o)
        not in ("keyboard instrument", "percussion instrument", "singing", "vocalist", "sampler")
    )
    cod_ok = lambda o: (  # noqa: E731
        kg.lab(o)
        in (
            "pneumonia",
            "heart failure",
            "lung cancer",
            "kidney failure",
            "pancreatic cancer",
            "liver cancer",
            "prostate cancer",
            "leukemia",
            "tuberculosis",
            "cancer",
            "colorectal cancer",
            "esophageal cancer",
            "stomach cancer",
            "liver cirrhosis",
        )
    )
    music_genre = lambda o: "Q188451" in kg.types.get(o, ())  # noqa: E731
    film_genre = lambda o: "Q201658" in kg.types.get(o, ()) and kg.lab(o).endswith("film")  # noqa: E731
    party_ok = lambda o: (  # noqa: E731
        kg.lab(o) in ("Democratic Party", "Republican Party", "Labour Party", "Conservative Party")
    )
    org_member = lambda o: (  # noqa: E731
        kg.lab(o)
        in (
            "United Nations",
            "World Trade Organization",
            "Commonwealth of Nations",  # noqa: E731
            "Council of Europe",
            "North Atlantic Treaty Organization",
            "African Union",
        )
    )
    academy = lambda o: (  # noqa: E731
        kg.lab(o)
        in (
            "American Academy of Arts and Letters",
            "Royal Society",
            "American Philosophical Society",
        )
    )
    mov_ok = lambda o: kg.lab(o) not in ("atheism", "agnosticism", "metaphysics")  # noqa: E731
    occ_ok = lambda o: (  # noqa: E731
        " " not in kg.lab(o)
        or kg.lab(o)
        in ("film director", "film producer", "record producer", "television presenter")
    )

    # SUPPORTED ------------------------------------------------------------------ (~80)
    b.supported("P19", ["question", "appositive", "cleft", "alias"], 4, subj_ok=human)
    b.supported("P20", ["possessive", "surname", "hedge"], 3, subj_ok=human)
    b.supported("P119", ["passive", "social", "possessive"], 3, subj_ok=human)
    b.supported("P26", ["question", "news", "possessive"], 3, subj_ok=human)
    b.supported("P451", ["social", "news"], 2, subj_ok=human)
    b.supported("P101", ["encyclopedia", "question"], 2, subj_ok=human)
    b.supported("P135", ["encyclopedia", "plain"], 2, subj_ok=human, obj_ok=mov_ok)
    b.supported("P641", ["plain", "social"], 2, subj_ok=human)
    b.supported("P1050", ["passive", "question"], 2, subj_ok=human)
    b.supported("P264", ["passive", "cleft"], 2)
    b.supported("P749", ["possessive", "passive"], 2)
    b.supported("P112", ["cleft", "plain"], 2)
    b.supported(
        "P138",
        ["encyclopedia", "question"],
        2,
        subj_ok=lambda s: not country(s),
        obj_ok=lambda o: kg.lab(o)[:1].isupper(),
    )
    b.supported(
        "P1412", ["plain", "social"], 2, subj_ok=human, obj_ok=lambda o: kg.lab(o) != "English"
    )
    b.supported(
        "P131",
        ["plain", "encyclopedia"],
        2,
        subj_ok=city,
        obj_ok=lambda o: HISTORICAL not in kg.types.get(o, ()),
    )
    b.supported("P1303", ["social", "surname"], 2, subj_ok=human, obj_ok=inst_ok)
    b.supported("P108", ["passive", "news"], 2, subj_ok=human)
    b.supported("P69", ["possessive", "alias"], 2, subj_ok=human)
    b.supported("P551", ["plain", "social"], 2, subj_ok=human)
    b.supported("P161", ["possessive", "social"], 2, subj_ok=film)
    b.supported("P57", ["cleft", "plain"], 2, subj_ok=film)
    b.supported("P495", ["possessive"], 1, subj_ok=film, obj_ok=country)
    b.supported("P740", ["social"], 1, subj_ok=nonhuman)
    b.supported("P159", ["passive"], 1, subj_ok=nonhuman, obj_ok=city)
    b.supported("P17", ["encyclopedia"], 1, subj_ok=city, obj_ok=country)
    b.supported(
        "P30",
        ["possessive", "question"],
        2,
        subj_ok=lambda s: country(s) and len(kg.vals(s, "P30")) == 1,
        obj_ok=lambda o: kg.lab(o) in CONTINENTS,
    )
    b.supported("P140", ["possessive", "plain"], 2, subj_ok=human)
    b.supported("P102", ["news"], 1, subj_ok=human, obj_ok=party_ok)
    b.supported("P509", ["possessive"], 1, subj_ok=human, obj_ok=cod_ok)
    b.supported("P737", ["encyclopedia", "possessive"], 2, subj_ok=human)
    b.supported("P3373", ["social", "plain"], 2)
    b.supported("P40", ["possessive", "question"], 2)
    b.supported("P840", ["encyclopedia"], 1, subj_ok=film)
    b.supported("P136", ["social"], 1, subj_ok=human, obj_ok=music_genre)
    b.supported("P136", ["question"], 1, subj_ok=film, obj_ok=film_genre, tmpl_rel="P136film")
    b.supported("P106", ["social"], 1, subj_ok=human, obj_ok=occ_ok)
    b.supported("P463", ["question"], 1, subj_ok=country, obj_ok=org_member)
    b.supported("P37", ["plain"], 1, subj_ok=country)
    b.supported("P27", ["plain"], 1, subj_ok=human, obj_ok=country)
    b.chain_director_birth(3, 0, ["plain", "social", "possessive"])
    b.chain_spouse_birth(1, ["question"])
    b.chain_city_continent(1, ["plain"])
    b.chain_birth_country(2, 0, ["plain", "hedge"])
    b.conj_birth_death(2, 0, ["plain", "encyclopedia"])
    b.conj_film(1, ["news"])
    # negations that are true: the one stated value is another place
    b.refuted("P19", ["plain", "social"], 2, subj_ok=human, negated_true=True)
    b.refuted("P740", ["plain"], 1, subj_ok=nonhuman, negated_true=True)

    # REFUTED -------------------------------------------------------------------- (~70)
    b.refuted(
        "P19",
        ["plain", "news", "hedge", "question", "cleft", "social", "alias", "surname", "appositive"],
        9,
        subj_ok=human,
    )
    b.refuted(
        "P20",
        ["possessive", "social", "question", "encyclopedia", "hedge", "passive"],
        6,
        subj_ok=human,
    )
    b.refuted("P119", ["passive", "possessive", "social", "question"], 4, subj_ok=human)
    b.refuted("P17", ["plain", "question", "social", "encyclopedia", "hedge"], 5, subj_ok=city)
    b.refuted(
        "P30", ["plain", "question", "possessive", "social", "encyclopedia"], 5, subj_ok=country
    )
    b.refuted("P740", ["encyclopedia", "cleft", "question", "social"], 4, subj_ok=nonhuman)
    b.refuted("P159", ["passive", "possessive", "question", "hedge"], 4, subj_ok=nonhuman)
    b.refuted(
        "P57", ["plain", "cleft", "social", "question", "possessive", "news"], 6, subj_ok=film
    )
    b.refuted("P140", ["possessive", "question", "plain", "hedge", "news"], 5, subj_ok=human)
    b.refuted("P26", ["question", "plain", "possessive", "social", "news"], 5, subj_ok=human)
    b.negated_stated("P19", ["plain", "social"], 2, subj_ok=human)
    b.negated_stated("P57", ["plain"], 1, subj_ok=film)
    b.negated_stated("P69", ["plain"], 1, subj_ok=human)
    b.negated_stated("P1303", ["plain"], 1, subj_ok=human, obj_ok=inst_ok)
    b.negated_stated("P161", ["social"], 1, subj_ok=film)
    b.negated_stated("P26", ["plain"], 1, subj_ok=human)
    b.negated_stated("P3373", ["plain"], 1)
    b.chain_director_birth(0, 4, ["plain", "question", "social", "possessive"])
    b.chain_birth_country(0, 3, ["plain", "question", "social"])
    b.conj_birth_death(0, 3, ["plain", "encyclopedia", "social"])

    # NOT ENOUGH INFO ------------------------------------------------------------- (~50)
    b.nei("P136", ["social", "question", "news"], 3, subj_ok=human, obj_ok=music_genre)
    b.nei("P106", ["encyclopedia", "plain", "question"], 3, subj_ok=human, obj_ok=occ_ok)
    b.nei("P108", ["passive", "plain", "question"], 3, subj_ok=human)
    b.nei("P463", ["question", "plain"], 2, subj_ok=human, obj_ok=academy)
    b.nei("P264", ["passive", "social", "plain", "question"], 4)
    b.nei("P101", ["possessive", "question"], 2, subj_ok=human)
    b.nei("P641", ["plain", "social"], 2, subj_ok=human)
    b.awards(["plain", "question", "news", "social"], 4)
    b.nei("P1412", ["plain", "question", "social"], 3, subj_ok=human)
    b.nei("P3373", ["plain", "question", "social"], 3)
    b.nei("P40", ["possessive", "plain"], 2)
    b.nei("P737", ["plain", "possessive", "encyclopedia"], 3, subj_ok=human)
    b.nei("P161", ["plain", "question", "passive", "possessive"], 4, subj_ok=film)
    b.nei("P1303", ["plain", "question", "social"], 3, subj_ok=human, obj_ok=inst_ok)
    b.nei("P69", ["passive", "question", "cleft"], 3, subj_ok=human)
    b.nei("P1050", ["question", "passive"], 2, subj_ok=human)
    b.nei("P551", ["plain", "question"], 2, subj_ok=human, obj_ok=city)
    b.nei("P108", ["plain"], 1, subj_ok=human, negated=True)
    b.nei("P69", ["plain"], 1, subj_ok=human, negated=True)
    b.nei("P1303", ["plain"], 1, subj_ok=human, obj_ok=inst_ok, negated=True)
    return b.claims


def main():
    store = open_demo()
    kg = KG(store)
    rng = random.Random(SEED)
    claims = build(kg, rng)
    checker = Checker(store)
    failures = []
    for c in claims:
        ok, why = checker.check(c["_spec"])
        if not ok:
            failures.append((c["claim"], c["label"], why))
        if "{" in c["claim"] or "}" in c["claim"]:
            failures.append((c["claim"], c["label"], "unfilled template"))
    subj = Counter(p[1] for c in claims for p in c["_spec"][:1])
    if any(n > 3 for n in subj.values()):
        failures.append(("", "", "a subject has more than 3 claims"))
    if len({c["claim"].lower() for c in claims}) != len(claims):
        failures.append(("", "", "duplicate claims"))
    if failures:
        for f in failures:
            print("LABEL CHECK FAILED:", f, file=sys.stderr)
        print(f"refusing to write {OUT}", file=sys.stderr)
        sys.exit(1)
    rng.shuffle(claims)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    rows = [{k: c[k] for k in ("claim", "label", "class")} for c in claims]
    OUT.write_text(jsonl(numbered(rows, "dev5_{:04d}", 0)), encoding="utf-8")
    by_label = Counter(c["label"] for c in claims)
    print(f"wrote {len(claims)} claims to {OUT}: {dict(by_label)}")
    rel = Counter((c["label"], c["class"].split("_")[0]) for c in claims)
    for (lab, r), n in sorted(rel.items()):
        print(f"  {lab:16s} {r:10s} {n}")


if __name__ == "__main__":
    main()
