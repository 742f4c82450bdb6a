# ruff: noqa: UP031  (SPARQL braces read better with %-formatting than doubled in f-strings)
"""Build benchmarks/data/blind_natural_v1.jsonl from the demo KG (run once; the set is frozen after).

Facts are sampled with a fixed seed; every claim carries the SPARQL query that decides its label.
REFUTED claims use only relations with one stated value (birthplace, party, director, ...);
NOT ENOUGH INFO claims name a relation the subject has no value for in the KG.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from blindset_kg import open_demo, run
from dataset_build import claim_row, jsonl, numbered

OUT = Path(__file__).resolve().parent / "data" / "blind_natural_v1.jsonl"
RNG = random.Random(20261204)

ADJ = {
    "United States of America": "American",
    "United Kingdom": "British",
    "France": "French",
    "Germany": "German",
    "Italy": "Italian",
    "Canada": "Canadian",
    "Japan": "Japanese",
    "Spain": "Spanish",
    "Australia": "Australian",
    "India": "Indian",
    "Russia": "Russian",
    "Sweden": "Swedish",
    "Ireland": "Irish",
    "Netherlands": "Dutch",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Poland": "Polish",
    "Austria": "Austrian",
    "Belgium": "Belgian",
    "Norway": "Norwegian",
    "Denmark": "Danish",
    "Switzerland": "Swiss",
    "China": "Chinese",
    "Argentina": "Argentine",
    "Greece": "Greek",
    "Israel": "Israeli",
    "Turkey": "Turkish",
    "Hungary": "Hungarian",
    "Finland": "Finnish",
    "Portugal": "Portuguese",
    "Egypt": "Egyptian",
    "South Africa": "South African",
    "New Zealand": "New Zealander",
    "Scotland": "Scottish",
}
PARTY = {"Democratic Party": "a Democrat", "Republican Party": "a Republican"}
CITY = ("Q515", "Q1549591")
COUNTRY = ("Q6256", "Q3624078")
SINGLE = "SELECT ?x WHERE {{ wd:{s} wdt:{p} ?x }}"


def facts(store, p, limit=4000, otype=None, stype=None):
    extra = f"?o wdt:P31 wd:{otype} ." if otype else ""
    if stype:
        extra += " VALUES ?st { %s } ?s wdt:P31 ?st ." % " ".join(f"wd:{x}" for x in stype)
    q = (
        "SELECT ?s ?sl ?o ?ol WHERE { ?s wdt:%s ?o . ?s rdfs:label ?sl . ?o rdfs:label ?ol . %s "
        "FILTER(!CONTAINS(?sl, ',') && !CONTAINS(?ol, ',')) } LIMIT %d" % (p, extra, limit)
    )
    return run(store, q)


def values(store, s, p):
    return [r[0] for r in run(store, SINGLE.format(s=s, p=p))]


class Builder:
    def __init__(self, store):
        self.store = store
        self.items: list[dict] = []
        self.used: Counter = (
            Counter()
        )  # (subject, relation) pairs, so one subject is not asked twice

    def add(self, claim, label, relation, sparql, expected, style):
        self.items.append(claim_row(claim, label, relation, sparql, expected, style))

    def fresh(self, rows, key):
        RNG.shuffle(rows)
        for r in rows:
            if self.used[(r[0], key)]:
                continue
            self.used[(r[0], key)] += 1
            yield r


def supported(b, p, templates, n, otype=None, fmt=None, stype=None, single=False):
    """single: only subjects with one stated value (no historical second country)."""
    rows = facts(b.store, p, otype=otype, stype=stype)
    gen = b.fresh(rows, p)
    for i in range(n):
        s, sl, o, ol = next(gen)
        while single and len(values(b.store, s, p)) != 1:
            s, sl, o, ol = next(gen)
        tpl, style = templates[i % len(templates)]
        o_text = fmt(ol) if fmt else ol
        if o_text is None:
            continue
        b.add(
            render(tpl, sl, o_text),
            "SUPPORTED",
            p,
            f"ASK {{ wd:{s} wdt:{p} wd:{o} }}",
            True,
            style,
        )


def refuted(b, p, templates, n, otype=None, fmt=None, negated_support=False, stype=None):
    """Subject with exactly one stated value; the claim names another value of the same relation."""
    rows = facts(b.store, p, otype=otype, stype=stype)
    pool = sorted({(r[2], r[3]) for r in facts(b.store, p, otype=otype)})
    if p in ("P17", "P27", "P495"):
        pool = [x for x in pool if x[1] in ADJ]
    pool = [x for x in pool if x[1] != "Eurasia"]
    gen = b.fresh(rows, p + "r")
    made = 0
    while made < n:
        s, sl, o, ol = next(gen)
        vals = values(b.store, s, p)
        if len(vals) != 1:
            continue
        wrong, wl = RNG.choice(pool)
        if wrong == o or wl == ol:
            continue
        o_text = fmt(wl) if fmt else wl
        if o_text is None or (fmt and fmt(ol) == o_text):
            continue
        # a wrong place must not contain the stated one (born in Manchester vs 'born in England')
        if run(b.store, f"ASK {{ wd:{o} (wdt:P131|wdt:P17|wdt:P361)+ wd:{wrong} }}"):
            continue
        tpl, style = templates[made % len(templates)]
        label = "SUPPORTED" if negated_support else "REFUTED"
        b.add(
            render(tpl, sl, o_text),
            label,
            p,
            SINGLE.format(s=s, p=p),
            [[o]],
            style,
        )
        made += 1


def negated_refuted(b, p, templates, n):
    """'X is not ...' where the KG states exactly that: REFUTED."""
    rows = facts(b.store, p)
    gen = b.fresh(rows, p + "n")
    for i in range(n):
        s, sl, o, ol = next(gen)
        tpl, style = templates[i % len(templates)]
        b.add(
            render(tpl, sl, ol),
            "REFUTED",
            p,
            f"ASK {{ wd:{s} wdt:{p} wd:{o} }}",
            True,
            style,
        )


def nei(b, p, subj_p, templates, n, objects, subj_type=None):
    """Subjects that have some `subj_p` fact but no `p` value at all; object drawn from `objects`."""
    t = f"?s wdt:P31 wd:{subj_type} ." if subj_type else ""
    rows = run(
        b.store,
        "SELECT DISTINCT ?s ?sl WHERE { ?s wdt:%s ?z . ?s rdfs:label ?sl . %s "
        "FILTER NOT EXISTS { ?s wdt:%s ?any } FILTER(!CONTAINS(?sl, ',')) } LIMIT 3000"
        % (subj_p, t, p),
    )
    gen = b.fresh([(r[0], r[1], None, None) for r in rows], p + "nei")
    for i in range(n):
        s, sl, _, _ = next(gen)
        tpl, style = templates[i % len(templates)]
        b.add(
            render(tpl, sl, RNG.choice(objects)),
            "NOT ENOUGH INFO",
            p,
            f"ASK {{ wd:{s} wdt:{p} ?x }}",
            False,
            style,
        )


def nei_literal(b, subj_p, templates, n, what, subj_type=None):
    """Dates and numbers: the demo KG has no literal-valued facts about the subject."""
    t = f"?s wdt:P31 wd:{subj_type} ." if subj_type else ""
    rows = run(
        b.store,
        "SELECT DISTINCT ?s ?sl WHERE { ?s wdt:%s ?z . ?s rdfs:label ?sl . %s "
        "FILTER(!CONTAINS(?sl, ',')) } LIMIT 3000" % (subj_p, t),
    )
    gen = b.fresh([(r[0], r[1], None, None) for r in rows], "lit")
    for i in range(n):
        s, sl, _, _ = next(gen)
        tpl, style = templates[i % len(templates)]
        b.add(
            render(tpl, sl, RNG.choice(what)),
            "NOT ENOUGH INFO",
            "literal",
            f"ASK {{ wd:{s} ?p ?v . FILTER(isLiteral(?v) && STRSTARTS(STR(?p), "
            f'"http://www.wikidata.org/prop/direct/")) }}',
            False,
            style,
        )


def render(tpl, sl, o_text):
    an = "an" if o_text[:1].lower() in "aeiou" else "a"
    bare = o_text[2:] if o_text.startswith("a ") else o_text
    text = tpl.format(
        s=sl, o=o_text, O=o_text[:1].upper() + o_text[1:], an=an, o_bare=bare, short=sl.split()[-1]
    )
    return text[:1].upper() + text[1:]


def adj(label):
    return ADJ.get(label)


def main():
    store = open_demo()
    b = Builder(store)
    J, E, S = "journalist", "encyclopedia", "social"
    cities = ["Paris", "Chicago", "Toronto", "Vienna", "Melbourne", "Dublin", "Boston", "Madrid"]

    # ---- place of birth
    supported(
        b,
        "P19",
        [
            ("{s} was born in {o}.", E),
            ("{o} is the birthplace of {s}.", E),
            ("Born in {o}, {s} went on to a long career.", J),
            ("{s} is a native of {o}.", J),
            ("TIL {s} was born in {o}", S),
            ("{s}'s hometown? {o}.", S),
            ("{short} was born in {o}.", J),
            ("{o}-born {s}", J),
        ],
        14,
    )
    refuted(
        b,
        "P19",
        [
            ("{s} was born in {o}.", E),
            ("{s}? Born in {o}.", S),
            ("{o} is where {s} was born.", E),
            ("pretty sure {s} was born in {o}", S),
            ("{short}, a native of {o}.", J),
            ("{s} came into the world in {o}.", J),
        ],
        14,
    )
    refuted(
        b,
        "P19",
        [("{s} was not born in {o}.", E), ("{s} wasn't born in {o}, actually.", S)],
        4,
        negated_support=True,
    )
    negated_refuted(
        b,
        "P19",
        [("{s} was not born in {o}.", E), ("Contrary to reports, {s} was not born in {o}.", J)],
        4,
    )
    nei(
        b,
        "P19",
        "P106",
        [("{s} was born in {o}.", E), ("{s} is from {o}, by birth.", S), ("{o} native {s}", J)],
        14,
        cities,
    )

    # ---- place of death
    supported(
        b,
        "P20",
        [
            ("{s} died in {o}.", E),
            ("{s} passed away in {o}.", J),
            ("{o} is where {s} died.", E),
            ("RIP {s}, who died in {o}", S),
            ("{s}'s place of death was {o}.", E),
        ],
        9,
    )
    refuted(
        b,
        "P20",
        [
            ("{s} died in {o}.", E),
            ("{s} passed away in {o}.", J),
            ("{s} spent the final years in {o} and died there.", J),
            ("{s} died in {o} right?", S),
        ],
        8,
    )
    nei(b, "P20", "P106", [("{s} died in {o}.", E), ("{s} passed away in {o}.", J)], 8, cities)

    # ---- citizenship / nationality adjectives
    supported(
        b,
        "P27",
        [
            ("{s} is {o}.", E),
            ("{s} is {an} {o} citizen.", J),
            ("The {o} {s}", J),
            ("{s}, the {o} star.", S),
        ],
        10,
        fmt=adj,
    )
    supported(
        b,
        "P27",
        [
            ("{s} is a citizen of {o}.", E),
            ("{s} has citizenship in {o}.", J),
            ("{s} is a national of {o}.", J),
        ],
        6,
    )
    refuted(
        b,
        "P27",
        [
            ("{s} is {o}.", E),
            ("The {o} {s}", J),
            ("{s} is {an} {o} national.", J),
            ("{s} is so {o} lol", S),
        ],
        10,
        fmt=adj,
    )
    refuted(b, "P27", [("{s} is a citizen of {o}.", E), ("{s} is not a citizen of {o}.", E)][:1], 3)
    refuted(
        b, "P27", [("{s} is not {o}.", E), ("{s} isn't {o}.", S)], 4, fmt=adj, negated_support=True
    )

    nei(
        b,
        "P27",
        "P106",
        [("{s} is {o}.", E), ("{s} is a proud {o} citizen.", S)],
        4,
        ["British", "French", "Canadian"],
    )

    # ---- occupation (multi-valued: no REFUTED except negations)
    supported(
        b,
        "P106",
        [
            ("{s} is {an} {o}.", E),
            ("{s} works as {an} {o}.", J),
            ("{O} {s}", J),
            ("By profession, {s} is {an} {o}.", E),
            ("{s} is {an} {o} by trade.", S),
            ("{short} is {an} {o}.", J),
            ("{s} made a name as {an} {o}.", J),
        ],
        16,
    )
    negated_refuted(
        b,
        "P106",
        [
            ("{s} is not {an} {o}.", E),
            ("{s} has never been {an} {o}.", J),
            ("{s} isn't {an} {o}, never was", S),
        ],
        7,
    )

    # ---- party
    supported(
        b,
        "P102",
        [
            ("{s} is {o}.", E),
            ("{s} is {o}, as everyone knows.", S),
            ("{s} is {o} through and through.", S),
        ],
        6,
        fmt=PARTY.get,
    )
    supported(
        b,
        "P102",
        [
            ("{s} is a member of the {o}.", E),
            ("{s} belongs to the {o}.", J),
            ("{s} was elected for the {o}.", J),
        ],
        6,
    )
    refuted(
        b,
        "P102",
        [("{s} is {o}.", E), ("{s}, a lifelong {o_bare}.", J), ("{s} has always been {o}.", S)],
        6,
        fmt=PARTY.get,
    )
    refuted(b, "P102", [("{s} is a member of the {o}.", E), ("{s} sits with the {o}.", J)], 6)
    refuted(b, "P102", [("{s} is not {o}.", E)], 2, fmt=PARTY.get, negated_support=True)
    nei(
        b,
        "P102",
        "P39" if False else "P27",
        [("{s} is a member of the {o}.", E), ("{s} joined the {o}.", J)],
        4,
        ["Labour Party", "Republican Party", "Democratic Party"],
    )

    # ---- religion
    supported(
        b,
        "P140",
        [
            ("{s} is a follower of {o}.", E),
            ("{s}'s religion is {o}.", E),
            ("{s} practises {o}.", J),
        ],
        6,
    )
    refuted(
        b,
        "P140",
        [
            ("{s}'s religion is {o}.", E),
            ("{s} is a follower of {o}.", J),
            ("{s} converted to {o}.", J),
        ],
        6,
    )
    nei(b, "P140", "P106", [("{s} practises {o}.", J)], 5, ["Buddhism", "Judaism", "Islam"])

    # ---- education
    supported(
        b,
        "P69",
        [
            ("{s} studied at {o}.", E),
            ("{s} is an alumnus of {o}.", E),
            ("{s} graduated from {o}.", J),
            ("{s} attended {o}.", J),
            ("{o} educated {s}.", E),
            ("{s} went to {o} btw", S),
        ],
        12,
    )
    negated_refuted(b, "P69", [("{s} never studied at {o}.", J), ("{s} did not attend {o}.", E)], 4)
    nei(
        b,
        "P69",
        "P106",
        [("{s} studied at {o}.", E), ("{s} is a graduate of {o}.", J)],
        8,
        ["Harvard University", "University of Oxford", "Yale University", "Stanford University"],
    )

    # ---- membership
    supported(
        b,
        "P463",
        [
            ("{s} is a member of {o}.", E),
            ("{s} belongs to {o}.", J),
            ("{s} joined {o}.", J),
            ("{o} counts {s} among its members.", E),
        ],
        8,
    )
    nei(
        b,
        "P463",
        "P106",
        [("{s} is a member of {o}.", E)],
        2,
        ["the Royal Society", "the American Academy of Arts and Sciences"],
    )

    # ---- film: cast, director, country, narrative location, genre
    supported(
        b,
        "P161",
        [
            ("{o} appeared in {s}.", E),
            ("{s} stars {o}.", J),
            ("{o} was in the cast of {s}.", E),
            ("{o} played a role in {s}.", J),
            ("{s} features {o}", S),
            ("{s}'s cast includes {o}.", E),
        ],
        12,
    )
    negated_refuted(b, "P161", [("{o} was not in {s}.", E), ("{o} never appeared in {s}.", J)], 3)
    supported(
        b,
        "P57",
        [
            ("{s} was directed by {o}.", E),
            ("{o} directed {s}.", J),
            ("{o}'s {s}", J),
            ("{s}, a film by {o}.", E),
        ],
        8,
    )
    refuted(
        b,
        "P57",
        [
            ("{s} was directed by {o}.", E),
            ("{o} directed {s}.", J),
            ("{s} is {o}'s film.", S),
            ("{s}, a film by {o}.", E),
        ],
        12,
    )
    supported(
        b, "P495", [("{s} is {an} {o} production.", E), ("{s} is {an} {o} film.", J)], 4, fmt=adj
    )
    refuted(
        b,
        "P495",
        [("{s} is {an} {o} production.", E), ("{s} is {an} {o} film.", J), ("{s} is {o}.", J)],
        6,
        fmt=adj,
    )
    supported(
        b, "P840", [("{s} is set in {o}.", E), ("The story of {s} takes place in {o}.", J)], 4
    )
    nei(b, "P840", "P57", [("{s} is set in {o}.", E)], 3, cities)
    supported(
        b,
        "P136",
        [
            ("{s} is associated with the genre {o}.", E),
            ("{o} is the genre of {s}.", J),
            ("{s} falls under {o}", S),
        ],
        6,
    )

    # ---- music: instrument, label
    supported(
        b,
        "P1303",
        [("{s} plays the {o}.", E), ("{s} is a {o} player.", J), ("{s} can play {o}", S)],
        6,
    )
    negated_refuted(b, "P1303", [("{s} does not play the {o}.", E)], 2)
    nei(b, "P1303", "P106", [("{s} plays the {o}.", E)], 3, ["violin", "drums", "saxophone"])
    supported(
        b,
        "P264",
        [
            ("{s} is signed to {o}.", J),
            ("{s} released records on {o}.", E),
            ("{s} recorded for {o}.", E),
        ],
        6,
    )
    nei(
        b,
        "P264",
        "P106",
        [("{s} is signed to {o}.", J)],
        3,
        ["Columbia Records", "Atlantic Records"],
    )

    # ---- death cause and burial
    supported(
        b,
        "P509",
        [("{s} died of {o}.", E), ("{o} killed {s}.", J), ("{s}'s cause of death was {o}.", E)],
        6,
    )
    refuted(
        b,
        "P509",
        [
            ("{s} died of {o}.", E),
            ("{s} succumbed to {o}.", J),
            ("{o} killed {s}.", J),
            ("{s}'s cause of death was {o}.", E),
        ],
        10,
    )
    nei(b, "P509", "P20", [("{s} died of {o}.", E)], 3, ["pneumonia", "cancer", "stroke"])
    supported(b, "P119", [("{s} is buried in {o}.", E), ("{s} was laid to rest at {o}.", J)], 4)
    refuted(
        b,
        "P119",
        [
            ("{s} is buried in {o}.", E),
            ("{s} was laid to rest at {o}.", J),
            ("{s}'s grave is in {o}.", S),
        ],
        8,
    )

    # ---- family
    supported(
        b,
        "P26",
        [
            ("{s} is married to {o}.", E),
            ("{s} and {o} are husband and wife.", S),
            ("{o} is {s}'s spouse.", E),
            ("{s} wed {o}.", J),
        ],
        6,
    )
    supported(b, "P3373", [("{s} and {o} are siblings.", E), ("{o} is a sibling of {s}.", E)], 4)
    supported(b, "P40", [("{o} is the child of {s}.", E), ("{s} is the parent of {o}.", J)], 4)
    supported(b, "P451", [("{s} dated {o}.", S), ("{s} was romantically involved with {o}.", J)], 3)
    nei(
        b, "P26", "P106", [("{s} is married to {o}.", E)], 5, ["Paul McCartney", "Elizabeth Taylor"]
    )

    # ---- places
    supported(b, "P17", [("{s} is in {o}.", E), ("{s} is located in {o}.", E)], 4, single=True)
    supported(
        b,
        "P17",
        [("{s} is {an} {o} city.", E), ("{s} is {o}.", S)],
        4,
        fmt=adj,
        stype=CITY,
        single=True,
    )
    refuted(b, "P17", [("{s} is in {o}.", E), ("{s} is located in {o}.", J)], 6)
    refuted(
        b,
        "P17",
        [("{s} is {an} {o} city.", E), ("{s} is one of the great {o} cities.", J)],
        5,
        fmt=adj,
        stype=CITY,
    )
    refuted(b, "P17", [("{s} is not in {o}.", E)], 2, negated_support=True)
    supported(b, "P30", [("{s} is in {o}.", E), ("{s} is a country in {o}.", E)], 4, stype=COUNTRY)
    refuted(
        b,
        "P30",
        [("{s} is in {o}.", E), ("{s} is a country in {o}.", E), ("{s} lies in {o}.", J)],
        8,
        stype=COUNTRY,
    )
    supported(
        b,
        "P37",
        [("{o} is an official language of {s}.", E), ("The official language of {s} is {o}.", E)],
        4,
        stype=COUNTRY,
    )
    refuted(
        b,
        "P37",
        [("The official language of {s} is {o}.", E), ("In {s} the official language is {o}.", J)],
        4,
        stype=COUNTRY,
    )
    supported(
        b,
        "P530",
        [
            ("{s} has diplomatic relations with {o}.", E),
            ("{s} and {o} maintain diplomatic ties.", J),
        ],
        4,
    )

    # ---- organisations
    supported(
        b, "P159", [("{s} is headquartered in {o}.", E), ("{s} has its headquarters in {o}.", J)], 4
    )
    refuted(
        b, "P159", [("{s} is headquartered in {o}.", E), ("{s}'s head office is in {o}.", J)], 4
    )
    supported(b, "P740", [("{s} was formed in {o}.", E), ("{s} got together in {o}.", J)], 4)
    refuted(b, "P740", [("{s} was formed in {o}.", E), ("{s} formed in {o} back in the day", S)], 4)
    supported(b, "P108", [("{s} worked for {o}.", E), ("{s} was employed by {o}.", J)], 4)
    nei(b, "P108", "P106", [("{s} worked for {o}.", J)], 5, ["Google", "the BBC", "NASA"])

    # ---- influence, residence, languages, fields, ethnicity, sport, movement
    supported(
        b, "P737", [("{s} was influenced by {o}.", E), ("{o} was a major influence on {s}.", J)], 4
    )
    supported(b, "P551", [("{s} lives in {o}.", E), ("{s} resides in {o}.", J)], 4)
    nei(b, "P551", "P106", [("{s} lives in {o}.", S), ("{s} now calls {o} home.", J)], 6, cities)
    supported(
        b,
        "P1412",
        [("{s} speaks {o}.", E), ("{s} is fluent in {o}.", J), ("{s} writes in {o}.", E)],
        6,
    )
    supported(
        b, "P101", [("{s} works in the field of {o}.", E), ("{s} is known for work in {o}.", J)], 4
    )
    supported(
        b, "P172", [("{s}'s ethnicity: {o}.", S), ("{s} belongs to the {o} ethnic group.", E)], 3
    )
    supported(b, "P641", [("{s} plays {o}.", E), ("{s} competes in {o}.", J)], 3)
    supported(b, "P135", [("{s} belonged to the {o} movement.", E)], 2)
    nei(
        b,
        "P166",
        "P106",
        [("{s} won the {o}.", J), ("{s} received the {o}.", E)],
        8,
        ["Nobel Prize", "Academy Award for Best Actor", "Grammy Award"],
    )

    # ---- dates and numbers: the demo KG has none
    nei_literal(
        b,
        "P106",
        [
            ("{s} was born in {o}.", E),
            ("{s} died in {o}.", E),
            ("{s} turned 60 in {o}.", S),
        ],
        10,
        ["1948", "1962", "1975", "1931", "1987"],
    )
    nei_literal(
        b,
        "P57",
        [("{s} was released in {o}.", E), ("{s} came out in {o}.", J)],
        6,
        ["1994", "2001", "1979", "2010"],
    )
    nei_literal(
        b,
        "P17",
        [("{s} has a population of about {o}.", E), ("Around {o} people live in {s}.", J)],
        6,
        ["2 million", "500,000", "80,000"],
        subj_type="Q515",
    )

    target = {"SUPPORTED": 160, "REFUTED": 140, "NOT ENOUGH INFO": 100}
    by = {k: [i for i in b.items if i["label"] == k] for k in target}
    keep = set()
    for k, items in by.items():
        RNG.shuffle(items)
        keep |= {id(i) for i in items[: target[k]]}
    b.items = [i for i in b.items if id(i) in keep]
    seen, out = set(), []
    for it in b.items:
        if it["claim"] in seen:
            continue
        seen.add(it["claim"])
        out.append(it)
    OUT.write_text(jsonl(numbered(out, "bn-{:03d}")), encoding="utf-8")
    print(len(out), Counter(i["label"] for i in out))


if __name__ == "__main__":
    main()
