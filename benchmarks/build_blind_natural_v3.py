"""Write benchmarks/data/blind_natural_v3.jsonl: 300 natural claims over the bundled demo KG.

The facts are sampled from the demo KG with SPARQL (pyoxigraph over kgfc/data/demo_kg.nq.gz,
not kgfc's own code); the sentences come from phrasing pools written by hand for this set, plus
hand-written claims for kinship, bands and films. Every claim carries the query that decides
its label and what that query must return; `blindset_check.py --set v3` re-runs them all.

Labels follow the KG, not the world: SUPPORTED when the KG states the fact, REFUTED when it
states a different value on a single-valued relation (place of birth, place of death, place of
burial, a city's country) or when the claim denies a fact the KG states, NOT ENOUGH INFO when
the KG says nothing either way (an absent fact on a many-valued relation is not a refutation).

    python benchmarks/build_blind_natural_v3.py   # deterministic (seeded)
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402
from dataset_build import CITY_KINDS, claim_row, jsonl, numbered  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "blind_natural_v3.jsonl"
SEED = 20261205

ADJ = {
    "United States of America": "American",
    "United Kingdom": "British",
    "France": "French",
    "Germany": "German",
    "Canada": "Canadian",
    "Italy": "Italian",
    "Japan": "Japanese",
    "India": "Indian",
    "Spain": "Spanish",
    "Australia": "Australian",
    "Russia": "Russian",
    "Ireland": "Irish",
    "Sweden": "Swedish",
    "Mexico": "Mexican",
    "Argentina": "Argentine",
    "Brazil": "Brazilian",
    "Netherlands": "Dutch",
    "Poland": "Polish",
    "Austria": "Austrian",
    "Switzerland": "Swiss",
    "Norway": "Norwegian",
    "Denmark": "Danish",
    "Belgium": "Belgian",
    "Greece": "Greek",
    "Hungary": "Hungarian",
    "Israel": "Israeli",
    "New Zealand": "New Zealand",
    "South Africa": "South African",
    "Soviet Union": "Soviet",
    "Romania": "Romanian",
    "Thailand": "Thai",
    "Portugal": "Portuguese",
    "Czech Republic": "Czech",
    "Egypt": "Egyptian",
    "Turkey": "Turkish",
    "Chile": "Chilean",
    "Colombia": "Colombian",
    "Cuba": "Cuban",
    "Finland": "Finnish",
    "Taiwan": "Taiwanese",
}
COUNTRY_TEXT = {
    "United States of America": ["the United States", "the US", "America", "the USA"],
    "United Kingdom": ["the United Kingdom", "the UK", "Britain"],
    "Czech Republic": ["the Czech Republic"],
    "Netherlands": ["the Netherlands"],
}


class KG:
    def __init__(self) -> None:
        self.store = open_demo()
        self.lab: dict[str, str] = {}
        for q, label in run(self.store, "SELECT ?s ?l WHERE { ?s rdfs:label ?l }"):
            self.lab.setdefault(q, label)
        self.names: dict[str, set[str]] = defaultdict(set)
        for q, label in run(
            self.store, "SELECT ?s ?l WHERE { { ?s rdfs:label ?l } UNION { ?s skos:altLabel ?l } }"
        ):
            if q.startswith("Q"):  # entities only; property labels and aliases are not names
                self.names[label.lower()].add(q)
        self.f: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for s, p, o in run(
            self.store,
            "SELECT ?s ?p ?o WHERE { ?s ?p ?o . "
            "FILTER(STRSTARTS(STR(?p), 'http://www.wikidata.org/prop/direct/')) }",
        ):
            self.f[s][p].append(o)
        last = Counter(lbl.split()[-1].lower() for lbl in self.lab.values() if lbl.split())
        self.last = last

    def L(self, q: str) -> str:
        return self.lab[q]

    def uniq(self, q: str) -> bool:
        """Labelled, and no other entity carries that label or alias."""
        return q in self.lab and self.names.get(self.lab[q].lower()) == {q}

    def vals(self, q: str, p: str) -> list[str]:
        return self.f.get(q, {}).get(p, [])

    def surname(self, q: str) -> str | None:
        """The last word of the label when it names nothing else in the KG."""
        parts = self.lab[q].split()
        if len(parts) < 2:
            return None
        s = parts[-1]
        if not s[0].isupper() or len(s) < 4 or s.endswith("."):
            return None
        if self.last[s.lower()] != 1 or self.names.get(s.lower(), {q}) != {q}:
            return None
        return s


def ask(*triples: str, negated: str = "") -> str:
    body = " . ".join(triples)
    if negated:
        body += f" . FILTER NOT EXISTS {{ {negated} }}"
    return f"ASK {{ {body} }}"


class Builder:
    def __init__(self, kg: KG) -> None:
        self.kg = kg
        self.rng = random.Random(SEED)
        self.rows: list[dict] = []
        self.seen: set[str] = set()
        self.used_subj: Counter = Counter()

    def add(self, claim, label, relation, style, sparql, expected) -> bool:
        claim = re.sub(r"\s+", " ", claim).strip().replace("..", ".")
        if claim in self.seen:
            return False
        self.seen.add(claim)
        self.rows.append(claim_row(claim, label, relation, sparql, expected, style))
        return True

    def pick(self, pool):
        return self.rng.choice(pool)


def country_text(rng, name):
    return rng.choice(COUNTRY_TEXT.get(name, [name]))


def main() -> int:
    kg = KG()
    b = Builder(kg)
    rng = b.rng
    L = kg.L
    V = kg.vals

    def deg(q):
        return sum(len(v) for v in kg.f[q].values())

    humans = [q for q in kg.f if "Q5" in V(q, "P31") and kg.uniq(q)]
    humans.sort(key=lambda q: (-deg(q), q))
    famous = humans[:1400]

    def name(q, allow_short=True):
        s = kg.surname(q) if allow_short and deg(q) >= 25 else None
        if s and rng.random() < 0.25:
            return s
        return L(q)

    def dead(q):
        return bool(V(q, "P20") or V(q, "P509") or V(q, "P119"))

    def be(q):
        return "was" if dead(q) else "is"

    def the(inst):
        return (
            "the " + inst if inst.startswith(("University of", "United States", "Royal ")) else inst
        )

    def take(n, cands, make, subj_cap=2):
        """Sample up to n candidates, each turned into a claim by make(c) -> bool."""
        cands = list(cands)
        rng.shuffle(cands)
        got = 0
        for c in cands:
            if got >= n:
                break
            subj = c[0] if isinstance(c, tuple) else c
            if b.used_subj[subj] >= subj_cap:
                continue
            if make(c):
                b.used_subj[subj] += 1
                got += 1
        if got < n:
            raise SystemExit(f"only {got} of {n} claims for {make.__name__}")

    # cities: a unique label, exactly one country, that country has an adjective
    def city_ok(c):
        cs = V(c, "P17")
        return (
            kg.uniq(c)
            and len(cs) == 1
            and cs[0] in kg.lab
            and L(cs[0]) in ADJ
            and any(t in V(c, "P31") for t in CITY_KINDS)
        )

    cities = sorted(c for c in kg.f if city_ok(c))
    city_country = {c: V(c, "P17")[0] for c in cities}
    popular_places = Counter(v for q in humans for p in ("P19", "P20") for v in V(q, p))
    alt_cities = [c for c, _ in popular_places.most_common(400) if c in city_country]

    def other_city(true_city):
        """A city in another country than every country the KG gives the true one."""
        true_cs = set(V(true_city, "P17"))
        pool = [c for c in alt_cities if c != true_city and city_country[c] not in true_cs]
        return rng.choice(pool)

    def single(q, p):
        vs = V(q, p)
        return vs[0] if len(vs) == 1 and kg.uniq(vs[0]) else None

    def place_known(c):
        return bool(V(c, "P17")) and all(x in kg.lab for x in V(c, "P17"))

    def occ_of(q):
        good = [o for o in V(q, "P106") if o in kg.lab and L(o) in OCC_OK]
        return good

    OCC_OK = {
        "actor",
        "film actor",
        "television actor",
        "film producer",
        "screenwriter",
        "singer",
        "voice actor",
        "writer",
        "stage actor",
        "musician",
        "film director",
        "composer",
        "singer-songwriter",
        "songwriter",
        "record producer",
        "guitarist",
        "model",
        "pianist",
        "poet",
        "comedian",
        "journalist",
        "politician",
        "playwright",
        "businessperson",
        "dancer",
        "television presenter",
        "philosopher",
        "painter",
        "physicist",
        "mathematician",
        "economist",
        "historian",
        "sociologist",
        "astronomer",
        "conductor",
        "lawyer",
        "diplomat",
        "photographer",
        "sculptor",
        "translator",
        "novelist",
        "jazz musician",
        "rapper",
        "drummer",
        "bassist",
        "violinist",
        "chemist",
        "biologist",
        "architect",
        "linguist",
    }
    AN = lambda w: ("an " if w[0].lower() in "aeiou" else "a ") + w  # noqa: E731

    # ------------------------------------------------------------------ phrasing pools
    # One pool per relation, shared by all three labels, so the wording says nothing about
    # the label. {n} the subject, {o} the value; {nl}/{ol} lower-cased for informal posts.
    S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

    BORN_T = [
        ("encyclopedia", "{n} was born in {o}."),
        ("encyclopedia", "{o} is the birthplace of {n}."),
        ("encyclopedia", "{n} is a native of {o}."),
        ("journalist", "{n}, who was born in {o}, is the subject of a new retrospective."),
        ("journalist", "It was in {o} that {n} was born."),
        ("journalist", "The {o}-born {n} is profiled in this week's magazine."),
        ("journalist", "{n}, born in {o}, is the subject of a new biography."),
        ("social", "TIL {n} was born in {o} 🤯"),
        ("social", "{nl} was born in {ol}?? never knew that lol"),
        ("social", "fun fact: {n} was born in {o} #trivia"),
        ("social", "{n} was born in {o} i swear"),
        ("social", "{n} was born in {o}!! hometown hero"),
        ("social", "omg {nl} is from {ol}?? born there and everything"),
    ]
    DIED_T = [
        ("encyclopedia", "{n} died in {o}."),
        ("encyclopedia", "{n}'s place of death was {o}."),
        ("encyclopedia", "{o} was the place of death of {n}."),
        ("journalist", "{n} passed away in {o}, friends confirmed."),
        ("journalist", "It was in {o} that {n} died."),
        ("journalist", "{o} is where {n} died."),
        ("journalist", "{n}, who died in {o}, is remembered this week."),
        ("social", "rip {nl}, who died in {ol} 🕊️"),
        ("social", "{n} died in {o}, right? so sad."),
        ("social", "{n} passed away in {o} 😢"),
    ]
    CITY_T = [
        ("encyclopedia", "{c} is a city in {k}."),
        ("encyclopedia", "{c} is {a} city."),
        ("journalist", "In {c}, {k}, officials met on Monday."),
        ("journalist", "In {c}, {k}, thousands marched on Sunday."),
        ("social", "{c} is in {k} obviously 🙄"),
        ("social", "{cl} ({al} city) is so underrated"),
    ]

    def fill(pool, **kw):
        style, t = rng.choice(pool)
        low = {k + "l": v.lower() for k, v in kw.items()}
        return style, t.format(**kw, **low)

    def place_claim(q, p, c, label, pool, sparql, expected, relation=None):
        style, txt = fill(pool, n=name(q), o=L(c))
        return b.add(txt, label, relation or p, style, sparql, expected)

    # place of birth / death: SUPPORTED, REFUTED (another city in another country), NEI (none)
    def born_sup(q):
        c = single(q, "P19")
        return bool(c) and place_claim(q, "P19", c, S, BORN_T, ask(f"wd:{q} wdt:P19 wd:{c}"), True)

    def died_sup(q):
        c = single(q, "P20")
        return bool(c) and place_claim(q, "P20", c, S, DIED_T, ask(f"wd:{q} wdt:P20 wd:{c}"), True)

    def born_ref(q):
        c = single(q, "P19")
        if not c or not place_known(c):
            return False
        sel = f"SELECT ?o WHERE {{ wd:{q} wdt:P19 ?o }}"
        occs = occ_of(q)
        if occs and rng.random() < 0.2:
            z, w = other_city(c), L(rng.choice(occs))
            txt = f"The {w} {name(q)}, who was born in {L(z)}, is profiled in this week's issue."
            return b.add(txt, R, "P19", "journalist", sel, [[c]])
        return place_claim(q, "P19", other_city(c), R, BORN_T, sel, [[c]])

    def died_ref(q):
        c = single(q, "P20")
        if not c or not place_known(c):
            return False
        sel = f"SELECT ?o WHERE {{ wd:{q} wdt:P20 ?o }}"
        return place_claim(q, "P20", other_city(c), R, DIED_T, sel, [[c]])

    def born_nei(q):
        if V(q, "P19"):
            return False
        z = rng.choice(alt_cities[:120])
        return place_claim(q, "P19", z, N, BORN_T, f"SELECT ?o WHERE {{ wd:{q} wdt:P19 ?o }}", [])

    def died_nei(q):
        if V(q, "P20") or not (V(q, "P509") or V(q, "P119")):
            return False  # known to have died (cause or place of burial), place of death not stated
        z = rng.choice(alt_cities[:120])
        return place_claim(q, "P20", z, N, DIED_T, f"SELECT ?o WHERE {{ wd:{q} wdt:P20 ?o }}", [])

    def notborn_sup(q):
        c = single(q, "P19")
        if not c or not place_known(c):
            return False
        z, n = other_city(c), name(q)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} was not born in {L(z)}."),
                ("journalist", f"Contrary to some reports, {n} was not born in {L(z)}."),
                ("social", f"{n} wasn't born in {L(z)} lol stop saying that"),
            ]
        )
        return b.add(txt, S, "not P19", style, f"SELECT ?o WHERE {{ wd:{q} wdt:P19 ?o }}", [[c]])

    # a city's country
    def city_claim(c, k, label, sparql, expected):
        kt = country_text(rng, L(k))
        style, txt = rng.choice(CITY_T)
        txt = txt.format(c=L(c), cl=L(c).lower(), k=kt, a=AN(ADJ[L(k)]), al=ADJ[L(k)].lower())
        return b.add(txt, label, "P17", style, sparql, expected)

    def city_sup(c):
        k = city_country[c]
        return city_claim(c, k, S, ask(f"wd:{c} wdt:P17 wd:{k}"), True)

    def city_ref(c):
        k = city_country[c]
        z = rng.choice(sorted({city_country[x] for x in cities} - {k}))
        return city_claim(c, z, R, f"SELECT ?o WHERE {{ wd:{c} wdt:P17 ?o }}", [[k]])

    # citizenship, alone or with an occupation
    def cit_sup(q):
        cs = [c for c in V(q, "P27") if c in kg.lab and L(c) in ADJ]
        occs = occ_of(q)
        if not cs or not occs:
            return False
        c, o = rng.choice(cs), rng.choice(occs)
        n, adj, w = name(q), ADJ[L(c)], L(o)
        both = [f"wd:{q} wdt:P27 wd:{c}", f"wd:{q} wdt:P106 wd:{o}"]
        style, txt, chk = rng.choice(
            [
                ("encyclopedia", f"{n} {be(q)} {AN(adj)} {w}.", both),
                ("journalist", f"The {adj} {w} {n} is the subject of a new biography.", both),
                (
                    "encyclopedia",
                    f"{n} {'held' if dead(q) else 'holds'} {adj} citizenship.",
                    both[:1],
                ),
                (
                    "journalist",
                    f"{n}, a citizen of {country_text(rng, L(c))}, is profiled in a new exhibition.",
                    both[:1],
                ),
                ("social", f"{n} {be(q)} {adj} btw, people keep asking", both[:1]),
                ("social", f"yes {n} {be(q)} {AN(adj)} {w}, look it up", both),
            ]
        )
        return b.add(txt, S, "P27" if len(chk) == 1 else "P27+P106", style, ask(*chk), True)

    def compound_ref(q):
        """True occupation and nationality, wrong place of birth."""
        c = single(q, "P19")
        occs = occ_of(q)
        cs = [x for x in V(q, "P27") if x in kg.lab and L(x) in ADJ]
        if not c or not place_known(c) or not occs or not cs:
            return False
        z, o, k = other_city(c), L(rng.choice(occs)), ADJ[L(rng.choice(cs))]
        n = L(q)
        style, txt = rng.choice(
            [
                (
                    "journalist",
                    f"The {k} {o} {n}, born in {L(z)}, is the subject of a new biography.",
                ),
                ("encyclopedia", f"{n} {be(q)} {AN(k)} {o} born in {L(z)}."),
                ("journalist", f"Born in {L(z)}, the {o} {n} {be(q)} {k}."),
                ("social", f"{L(z)}-born {o} {n} ({k}) deserves more credit"),
            ]
        )
        return b.add(
            txt, R, "P19+P27+P106", style, f"SELECT ?o WHERE {{ wd:{q} wdt:P19 ?o }}", [[c]]
        )

    # occupation
    def occ_claim(q, o, label, sparql, expected, also=False):
        n, w = name(q), L(o)
        a = " also" if also else ""
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} {be(q)}{a} {AN(w)}."),
                ("encyclopedia", f"{n} worked as {AN(w)}."),
                ("journalist", f"{n}, {AN(w)} by profession, features in a new exhibition."),
                ("journalist", f"By trade, {n} {be(q)} {AN(w)}."),
                ("journalist", f"Before fame, {n} worked as {AN(w)}."),
                ("social", f"{n} {be(q)} literally {AN(w)} lmao"),
                ("social", f"reminder that {n.lower()} {be(q)} {AN(w)} #facts"),
                ("social", f"did u know {n} {be(q)}{a} {AN(w)} 😳"),
            ]
        )
        return b.add(txt, label, "P106", style, sparql, expected)

    def occ_sup(q):
        occs = occ_of(q)
        if not occs:
            return False
        o = rng.choice(occs)
        return occ_claim(q, o, S, ask(f"wd:{q} wdt:P106 wd:{o}"), True)

    def occ_nei(q):
        held = {L(o) for o in V(q, "P106") if o in kg.lab}
        words = {w for h in held for w in h.split()}
        pool = [o for o in OCC_IDS if L(o) not in held and not (set(L(o).split()) & words)]
        if not pool or not held:
            return False
        o = rng.choice(pool)
        return occ_claim(q, o, N, ask(f"wd:{q} wdt:P106 wd:{o}"), False, also=True)

    # spouse
    def spouse_sup(pair):
        q, w = pair
        n, m = name(q), L(w)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} was married to {m}."),
                ("encyclopedia", f"{n} and {m} were married."),
                ("journalist", f"{n}'s spouse, {m}, attended the premiere."),
                ("journalist", f"{m}, who married {n}, released a statement."),
                ("social", f"wait {n} and {m} were MARRIED?? 💍"),
                ("social", f"{n.lower()} married {m.lower()}, keep up"),
            ]
        )
        return b.add(txt, S, "P26", style, ask(f"wd:{q} wdt:P26 wd:{w}"), True)

    def spouse_born_claim(q, z, label, sparql, expected):
        n = name(q)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n}'s spouse was born in {L(z)}."),
                ("journalist", f"{n} married a native of {L(z)}."),
                ("journalist", f"{n} married someone born in {L(z)}."),
                ("social", f"{n}'s spouse is from {L(z)}, born there"),
                ("social", f"{n}'s spouse was born in {L(z)} apparently"),
            ]
        )
        return b.add(txt, label, "P26+P19", style, sparql, expected)

    def spouse_born_ref(pair):
        q, w = pair
        c = single(w, "P19")
        if len(V(q, "P26")) != 1 or not c or not place_known(c):
            return False
        sel = f"SELECT ?w ?o WHERE {{ wd:{q} wdt:P26 ?w . ?w wdt:P19 ?o }}"
        return spouse_born_claim(q, other_city(c), R, sel, [[w, c]])

    def spouse_born_nei(pair):
        q, w = pair
        if len(V(q, "P26")) != 1 or V(w, "P19"):
            return False
        sel = f"SELECT ?w ?o WHERE {{ wd:{q} wdt:P26 ?w . OPTIONAL {{ ?w wdt:P19 ?o }} }}"
        return spouse_born_claim(q, rng.choice(alt_cities[:80]), N, sel, [[w, None]])

    # political party
    NOMINAL = {
        "Democratic Party": "a Democrat",
        "Republican Party": "a Republican",
        "Libertarian Party": "a Libertarian",
    }

    def party_claim(q, p, label, sparql, expected):
        n, pl = name(q), L(p)
        opts = [
            ("encyclopedia", f"{n} {be(q)} a member of the {pl}."),
            ("journalist", f"Politically, {n} {be(q)} a member of the {pl}."),
            ("social", f"{n} {be(q)} with the {pl}, obviously"),
        ]
        if pl in NOMINAL:
            nom = NOMINAL[pl]
            opts += [
                ("encyclopedia", f"{n} {be(q)} {nom}."),
                ("journalist", f"Politically, {n} {be(q)} {nom}."),
                ("social", f"{n.lower()} {be(q)} {nom.lower()} and proud of it"),
                ("social", f"{n} {be(q)} {nom.lower()} lol of course"),
            ]
        style, txt = rng.choice(opts)
        return b.add(txt, label, "P102", style, sparql, expected)

    def party_sup(q):
        ps = [p for p in V(q, "P102") if p in kg.lab]
        if len(ps) != 1 or len(V(q, "P102")) != 1:
            return False
        return party_claim(q, ps[0], S, ask(f"wd:{q} wdt:P102 wd:{ps[0]}"), True)

    def party_nei(q):
        if V(q, "P102") or "United States of America" not in [
            L(x) for x in V(q, "P27") if x in kg.lab
        ]:
            return False
        p = rng.choice(["Q29552", "Q29468"])  # Democratic Party, Republican Party
        return party_claim(q, p, N, f"SELECT ?o WHERE {{ wd:{q} wdt:P102 ?o }}", [])

    # religion
    REL_NOUN = {
        "atheism": ("an atheist", "atheist"),
        "Judaism": ("Jewish", "Jewish"),
        "Buddhism": ("a Buddhist", "Buddhist"),
        "Catholicism": ("a Catholic", "Catholic"),
        "Catholic Church": ("a Roman Catholic", "Roman Catholic"),
        "Islam": ("a Muslim", "Muslim"),
        "Hinduism": ("a Hindu", "Hindu"),
        "Anglicanism": ("an Anglican", "Anglican"),
        "Lutheranism": ("a Lutheran", "Lutheran"),
        "Baptist": ("a Baptist", "Baptist"),
        "agnosticism": ("an agnostic", "agnostic"),
        "Scientology": ("a Scientologist", "Scientologist"),
        "Methodism": ("a Methodist", "Methodist"),
        "Presbyterianism": ("a Presbyterian", "Presbyterian"),
    }

    def rel_claim(q, r, label, sparql, expected):
        n = name(q)
        pred, adj = REL_NOUN[L(r)]
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} {be(q)} {pred}."),
                ("encyclopedia", f"{n}'s religion {be(q)} {L(r)}."),
                ("journalist", f"Biographers describe {n} as {pred}."),
                ("social", f"{n} {be(q)} {pred} btw"),
                ("social", f"{n.lower()} being {adj.lower()} explains a lot lol"),
            ]
        )
        return b.add(txt, label, "P140", style, sparql, expected)

    def rel_sup(q):
        rs = [r for r in V(q, "P140") if r in kg.lab and L(r) in REL_NOUN]
        if len(V(q, "P140")) != 1 or not rs:
            return False
        return rel_claim(q, rs[0], S, ask(f"wd:{q} wdt:P140 wd:{rs[0]}"), True)

    def rel_nei(q):
        if V(q, "P140"):
            return False
        r = rng.choice(
            ["Q9268", "Q748", "Q7066", "Q9592"]
        )  # Judaism, Buddhism, atheism, Catholic Church
        return rel_claim(q, r, N, f"SELECT ?o WHERE {{ wd:{q} wdt:P140 ?o }}", [])

    # educated at
    def edu_claim(q, e, label, sparql, expected):
        n, u = name(q), L(e)
        tu = the(u)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} was educated at {tu}."),
                ("encyclopedia", f"{n} studied at {tu}."),
                ("journalist", f"{n}, who attended {tu}, is profiled in the alumni magazine."),
                ("journalist", f"{tu[0].upper() + tu[1:]} counts {n} among its former students."),
                ("social", f"{n} went to {tu}, crazy right"),
                ("social", f"{n} went to {tu} fr"),
            ]
        )
        return b.add(txt, label, "P69", style, sparql, expected)

    def edu_sup(q):
        es = [e for e in V(q, "P69") if kg.uniq(e)]
        if not es:
            return False
        e = rng.choice(es)
        return edu_claim(q, e, S, ask(f"wd:{q} wdt:P69 wd:{e}"), True)

    def edu_nei(q):
        if V(q, "P69"):
            return False
        u = rng.choice(["Q13371", "Q49088", "Q49112", "Q35794", "Q34433", "Q174710", "Q41506"])
        return edu_claim(q, u, N, f"SELECT ?o WHERE {{ wd:{q} wdt:P69 ?o }}", [])

    # languages
    def lang_sup(q):
        ls = [
            x for x in V(q, "P1412") if x in kg.lab and L(x) not in ("English", "American English")
        ]
        if not ls:
            return False
        x = rng.choice(ls)
        n, lg = name(q), L(x)
        lg = lg[0].upper() + lg[1:]
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} spoke {lg}."),
                ("journalist", f"According to biographers, {n} spoke {lg}."),
                ("social", f"{n} {'spoke' if dead(q) else 'speaks'} {lg} fluently apparently"),
            ]
        )
        return b.add(txt, S, "P1412", style, ask(f"wd:{q} wdt:P1412 wd:{x}"), True)

    # instruments
    def instr_claim(q, x, label, sparql, expected):
        n, i = name(q), L(x)
        plays = "played" if dead(q) else "plays"
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} {plays} the {i}."),
                ("encyclopedia", f"The {i} is among the instruments {n} {plays}."),
                ("journalist", f"On stage, {n} played the {i}."),
                ("social", f"{n} on {i} is unreal 🔥"),
                ("social", f"{n} could play {i}?? talent"),
            ]
        )
        return b.add(txt, label, "P1303", style, sparql, expected)

    def instr_sup(q):
        xs = [x for x in V(q, "P1303") if x in kg.lab and L(x) in INSTRUMENT_WORDS]
        if not xs:
            return False
        x = rng.choice(xs)
        return instr_claim(q, x, S, ask(f"wd:{q} wdt:P1303 wd:{x}"), True)

    def instr_nei(q):
        if V(q, "P1303"):
            return False
        return instr_claim(
            q, rng.choice(INSTR), N, f"SELECT ?o WHERE {{ wd:{q} wdt:P1303 ?o }}", []
        )

    # record label
    def label_claim(q, x, label, sparql, expected):
        n, r = name(q), L(x)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} has recorded for {r}."),
                ("encyclopedia", f"{r} is one of the labels {n} has released records on."),
                ("journalist", f"{n} was signed to {r}."),
                ("social", f"{n} is on {r} ngl"),
            ]
        )
        return b.add(txt, label, "P264", style, sparql, expected)

    def label_sup(q):
        xs = [x for x in V(q, "P264") if kg.uniq(x)]
        if not xs:
            return False
        x = rng.choice(xs)
        return label_claim(q, x, S, ask(f"wd:{q} wdt:P264 wd:{x}"), True)

    def label_nei(q):
        if V(q, "P264"):
            return False
        x = rng.choice(LABELS)
        return label_claim(q, x, N, f"SELECT ?o WHERE {{ wd:{q} wdt:P264 ?o }}", [])

    # genre
    def genre_claim(q, g, label, sparql, expected):
        n, gl = name(q), L(g)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} is known for {gl}."),
                ("encyclopedia", f"{n}'s music is {gl}."),
                ("journalist", f"Critics usually file {n} under {gl}."),
                ("social", f"{n} = {gl} legend, period"),
            ]
        )
        return b.add(txt, label, "P136", style, sparql, expected)

    def genre_sup(q):
        xs = [x for x in V(q, "P136") if kg.uniq(x) and "Q188451" in V(x, "P31")]
        if not xs:
            return False
        x = rng.choice(xs)
        return genre_claim(q, x, S, ask(f"wd:{q} wdt:P136 wd:{x}"), True)

    def genre_nei(q):
        held = set(V(q, "P136"))
        if not held:
            return False
        words = {w for h in held if h in kg.lab for w in re.split(r"[ -]", L(h).lower())} - {
            "music"
        }
        rnb = {"rhythm", "r&b", "soul", "funk", "gospel"}
        if words & rnb:
            words |= rnb
        pool = [
            g
            for g in GENRES
            if g not in held and not (set(re.split(r"[ -]", L(g).lower())) & words)
        ]
        if not pool:
            return False
        g = rng.choice(pool)
        return genre_claim(q, g, N, ask(f"wd:{q} wdt:P136 wd:{g}"), False)

    # films
    films = [q for q in kg.f if "Q11424" in V(q, "P31") and kg.uniq(q)]
    films.sort(key=lambda q: (-deg(q), q))

    def dir_sup(f):
        ds = [d for d in V(f, "P57") if kg.uniq(d)]
        if len(V(f, "P57")) != 1 or not ds:
            return False
        d = ds[0]
        t, n = L(f), name(d)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{t} was directed by {n}."),
                ("encyclopedia", f"{n} directed {t}."),
                ("journalist", f"{n}'s {t} returns to cinemas this month."),
                ("journalist", f"It was {n} who directed {t}."),
                ("social", f"{t} is a {n} film and it shows"),
            ]
        )
        return b.add(txt, S, "P57", style, ask(f"wd:{f} wdt:P57 wd:{d}"), True)

    def cast_sup(f):
        cs = [c for c in V(f, "P161") if kg.uniq(c) and "Q33999" in V(c, "P106")]
        if not cs:
            return False
        c = rng.choice(cs)
        t, n = L(f), name(c)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} appeared in {t}."),
                ("encyclopedia", f"{t} features {n} in its cast."),
                ("journalist", f"{n} had a role in {t}."),
                ("social", f"{n} in {t} was peak cinema"),
            ]
        )
        return b.add(txt, S, "P161", style, ask(f"wd:{f} wdt:P161 wd:{c}"), True)

    def director_born_ref(f):
        if len(V(f, "P57")) != 1:
            return False
        d = V(f, "P57")[0]
        c = single(d, "P19")
        if not c or not place_known(c) or not kg.uniq(d):
            return False
        z = other_city(c)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"The director of {L(f)} was born in {L(z)}."),
                ("journalist", f"{L(f)} was made by a director born in {L(z)}."),
                ("social", f"the guy who directed {L(f)} was born in {L(z)}"),
            ]
        )
        return b.add(
            txt,
            R,
            "P57+P19",
            style,
            f"SELECT ?d ?o WHERE {{ wd:{f} wdt:P57 ?d . ?d wdt:P19 ?o }}",
            [[d, c]],
        )

    # place of burial
    def burial_ref(q):
        c = single(q, "P119")
        if not c or "Q39614" not in V(c, "P31"):
            return False
        places = sorted(
            {x for h in humans for x in V(h, "P119") if kg.uniq(x) and "Q39614" in V(x, "P31")}
            - {c}
        )
        z, n = rng.choice(places), name(q)
        style, txt = rng.choice(
            [
                ("encyclopedia", f"{n} is buried at {L(z)}."),
                ("journalist", f"{n} was laid to rest in {L(z)}."),
                ("social", f"visited {n}'s grave at {L(z)} today 🌹"),
            ]
        )
        return b.add(txt, R, "P119", style, f"SELECT ?o WHERE {{ wd:{q} wdt:P119 ?o }}", [[c]])

    INSTRUMENT_WORDS = {
        "accordion",
        "acoustic guitar",
        "banjo",
        "bass guitar",
        "cello",
        "clarinet",
        "double bass",
        "drum kit",
        "electric guitar",
        "flute",
        "guitar",
        "harmonica",
        "harp",
        "harpsichord",
        "mandolin",
        "oboe",
        "organ",
        "piano",
        "saxophone",
        "synthesizer",
        "trombone",
        "trumpet",
        "ukulele",
        "viola",
        "violin",
    }

    # value pools for NOT ENOUGH INFO
    OCC_IDS = sorted(
        {o for q in humans for o in V(q, "P106") if o in kg.lab and L(o) in OCC_OK and kg.uniq(o)}
    )
    INSTR = sorted(
        {
            x
            for q in humans
            for x in V(q, "P1303")
            if x in kg.lab
            and L(x)
            in (
                "guitar",
                "piano",
                "violin",
                "saxophone",
                "drum kit",
                "harmonica",
                "cello",
                "banjo",
                "trumpet",
                "flute",
            )
        }
    )
    LABELS = [
        x for x, _ in Counter(x for q in humans for x in V(q, "P264") if kg.uniq(x)).most_common(15)
    ]
    GENRES = [
        x
        for x, _ in Counter(
            x for q in humans for x in V(q, "P136") if kg.uniq(x) and "Q188451" in V(x, "P31")
        ).most_common(25)
    ]

    spouses = sorted({(q, w) for q in famous for w in V(q, "P26") if kg.uniq(w)})

    # ------------------------------------------------------------------ hand-written claims
    HAND = hand_written(kg)
    for row in HAND:
        b.add(*row)
        for q in re.findall(r"wd:(Q\d+)", row[4])[:1]:
            b.used_subj[q] += 1

    # ------------------------------------------------------------------ sampled claims
    take(12, famous, born_sup)
    take(6, famous, died_sup)
    take(8, famous, cit_sup)
    take(10, famous, occ_sup)
    take(5, spouses, spouse_sup)
    take(5, [q for q in famous if V(q, "P102")], party_sup)
    take(6, famous, rel_sup)
    take(7, cities, city_sup)
    take(6, famous, edu_sup)
    take(4, famous, lang_sup)
    take(4, famous, instr_sup)
    take(4, famous, label_sup)
    take(3, famous, genre_sup)
    take(5, films[:400], dir_sup)
    take(4, films[:300], cast_sup)
    take(4, famous, notborn_sup)

    take(24, famous, born_ref)
    take(13, famous, died_ref)
    take(12, cities, city_ref)
    take(4, humans, burial_ref)
    take(5, spouses, spouse_born_ref)
    take(4, films[:400], director_born_ref)
    take(9, famous, compound_ref)

    take(9, famous, born_nei)
    take(5, humans[:2000], died_nei)
    take(8, famous, party_nei)
    take(5, famous, rel_nei)
    take(8, famous, occ_nei)
    take(4, famous, edu_nei)
    take(
        4, [q for q in famous if "Q639669" in V(q, "P106") or "Q177220" in V(q, "P106")], instr_nei
    )
    take(3, [q for q in famous if "Q177220" in V(q, "P106")], label_nei)
    take(3, [q for q in famous if "Q177220" in V(q, "P106")], genre_nei)
    take(3, spouses, spouse_born_nei)

    # ------------------------------------------------------------------ order, ids, write
    counts = Counter(r["label"] for r in b.rows)
    print(dict(counts), len(b.rows))
    rows = b.rows
    rng.shuffle(rows)
    OUT.write_text(jsonl(numbered(rows, "bn3-{:03d}")), encoding="utf-8")
    print(f"wrote {len(rows)} claims to {OUT}")
    return 0


def hand_written(kg: KG) -> list[tuple]:
    """Claims written one by one: kinship, bands, films, negations, awards, two-hop chains."""
    S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"

    def q(label):
        qs = kg.names[label.lower()]
        # labels shared in the KG; the context picks the town, the modern country, the instrument
        pinned = {"Princeton": "Q138518", "Cambridge": "Q350", "France": "Q142", "piano": "Q5994"}
        if label in pinned:
            assert pinned[label] in qs
            qs = {pinned[label]}
        assert len(qs) == 1, (label, qs)
        return next(iter(qs))

    def fact(a, p, c):
        return ask(f"wd:{q(a)} wdt:{p} wd:{q(c)}")

    def nofact(a, p, c):
        return ask(f"wd:{q(a)} wdt:{p} wd:{q(c)}")

    rows = []

    def sup(text, rel, style, a, p, c):
        rows.append((text, S, rel, style, fact(a, p, c), True))

    def neg_ref(text, rel, style, a, p, c):
        rows.append((text, R, f"not {rel}", style, fact(a, p, c), True))

    def nei(text, rel, style, a, p, c):
        rows.append((text, N, rel, style, nofact(a, p, c), False))

    # children / parents
    sup(
        "Kiefer Sutherland is the son of Donald Sutherland.",
        "P40",
        "encyclopedia",
        "Donald Sutherland",
        "P40",
        "Kiefer Sutherland",
    )
    sup(
        "Liza Minnelli's mother was Judy Garland.",
        "P40",
        "encyclopedia",
        "Judy Garland",
        "P40",
        "Liza Minnelli",
    )
    sup(
        "Jamie Lee Curtis, daughter of Janet Leigh, hosted the evening.",
        "P40",
        "journalist",
        "Janet Leigh",
        "P40",
        "Jamie Lee Curtis",
    )
    sup(
        "jeff bridges' dad was lloyd bridges, acting runs in the family",
        "P40",
        "social",
        "Lloyd Bridges",
        "P40",
        "Jeff Bridges",
    )
    sup(
        "Sofia Coppola is Francis Ford Coppola's daughter.",
        "P40",
        "encyclopedia",
        "Francis Ford Coppola",
        "P40",
        "Sofia Coppola",
    )
    neg_ref(
        "Angelina Jolie is not Jon Voight's daughter.",
        "P40",
        "encyclopedia",
        "Jon Voight",
        "P40",
        "Angelina Jolie",
    )
    neg_ref(
        "ben stiller is NOT jerry stiller's kid, people keep mixing them up",
        "P40",
        "social",
        "Jerry Stiller",
        "P40",
        "Ben Stiller",
    )
    nei(
        "Kate Hudson is the daughter of Kurt Russell.",
        "P40",
        "encyclopedia",
        "Kurt Russell",
        "P40",
        "Kate Hudson",
    )
    nei(
        "Charlie Sheen's mother is the actress Goldie Hawn.",
        "P40",
        "journalist",
        "Goldie Hawn",
        "P40",
        "Charlie Sheen",
    )

    # siblings
    sup(
        "Joan Cusack is John Cusack's sister.",
        "P3373",
        "encyclopedia",
        "Joan Cusack",
        "P3373",
        "John Cusack",
    )
    sup(
        "River Phoenix and Joaquin Phoenix were brothers.",
        "P3373",
        "encyclopedia",
        "River Phoenix",
        "P3373",
        "Joaquin Phoenix",
    )
    sup(
        "Dannii Minogue, Kylie's younger sister, joined her on stage.",
        "P3373",
        "journalist",
        "Dannii Minogue",
        "P3373",
        "Kylie Minogue",
    )
    sup(
        "ralph and joseph fiennes are siblings!! same family",
        "P3373",
        "social",
        "Ralph Fiennes",
        "P3373",
        "Joseph Fiennes",
    )
    sup(
        "Casey Affleck is the brother of Ben Affleck.",
        "P3373",
        "encyclopedia",
        "Casey Affleck",
        "P3373",
        "Ben Affleck",
    )
    neg_ref(
        "Eric Roberts and Julia Roberts are not related as siblings.",
        "P3373",
        "journalist",
        "Eric Roberts",
        "P3373",
        "Julia Roberts",
    )
    neg_ref(
        "Richard Attenborough was not David Attenborough's brother.",
        "P3373",
        "encyclopedia",
        "Richard Attenborough",
        "P3373",
        "David Attenborough",
    )
    nei(
        "Sean Penn is the brother of Michael Madsen.",
        "P3373",
        "journalist",
        "Sean Penn",
        "P3373",
        "Michael Madsen",
    )

    # bands (membership idioms)
    sup("Jon Bon Jovi fronts Bon Jovi.", "P463", "encyclopedia", "Jon Bon Jovi", "P463", "Bon Jovi")
    sup(
        "Fergie was a member of The Black Eyed Peas.",
        "P463",
        "encyclopedia",
        "Fergie",
        "P463",
        "The Black Eyed Peas",
    )
    sup(
        "Bryan Ferry, of Roxy Music, announced a solo tour.",
        "P463",
        "journalist",
        "Bryan Ferry",
        "P463",
        "Roxy Music",
    )
    sup(
        "Jaco Pastorius played in Blood, Sweat & Tears.",
        "P463",
        "encyclopedia",
        "Jaco Pastorius",
        "P463",
        "Blood, Sweat & Tears",
    )
    sup(
        "mike portnoy from dream theater is a beast 🥁",
        "P463",
        "social",
        "Mike Portnoy",
        "P463",
        "Dream Theater",
    )
    sup(
        "The White Stripes counted Jack White among their members.",
        "P463",
        "encyclopedia",
        "Jack White",
        "P463",
        "The White Stripes",
    )
    neg_ref(
        "Damon Albarn has never been part of Gorillaz.",
        "P463",
        "journalist",
        "Damon Albarn",
        "P463",
        "Gorillaz",
    )
    neg_ref(
        "Trent Reznor is not a member of Nine Inch Nails.",
        "P463",
        "encyclopedia",
        "Trent Reznor",
        "P463",
        "Nine Inch Nails",
    )
    neg_ref(
        "brian wilson was never in the beach boys, look it up",
        "P463",
        "social",
        "Brian Wilson",
        "P463",
        "The Beach Boys",
    )
    nei(
        "Chris Martin was a member of Depeche Mode.",
        "P463",
        "encyclopedia",
        "Chris Martin",
        "P463",
        "Depeche Mode",
    )
    nei(
        "will.i.am was once a member of Depeche Mode.",
        "P463",
        "journalist",
        "will.i.am",
        "P463",
        "Depeche Mode",
    )

    # spouses the KG does not give, either way round
    for text, x, y, style in [
        ("Meg Ryan was married to Tom Hanks.", "Meg Ryan", "Tom Hanks", "encyclopedia"),
        (
            "Julia Roberts and Richard Gere were once husband and wife.",
            "Julia Roberts",
            "Richard Gere",
            "journalist",
        ),
        (
            "kate winslet married leonardo dicaprio and nobody talks about it",
            "Kate Winslet",
            "Leonardo DiCaprio",
            "social",
        ),
        (
            "Keanu Reeves's wife, Sandra Bullock, joined him on the red carpet.",
            "Sandra Bullock",
            "Keanu Reeves",
            "journalist",
        ),
        (
            "Hugh Jackman was married to Nicole Kidman.",
            "Nicole Kidman",
            "Hugh Jackman",
            "encyclopedia",
        ),
    ]:
        rows.append(
            (
                text,
                N,
                "P26",
                style,
                f"ASK {{ {{ wd:{q(x)} wdt:P26 wd:{q(y)} }} UNION {{ wd:{q(y)} wdt:P26 wd:{q(x)} }} }}",
                False,
            )
        )

    # spouses denied
    neg_ref(
        "Yoko Ono was never married to John Lennon.",
        "P26",
        "encyclopedia",
        "Yoko Ono",
        "P26",
        "John Lennon",
    )
    neg_ref(
        "Hillary Clinton and Bill Clinton were not married.",
        "P26",
        "journalist",
        "Bill Clinton",
        "P26",
        "Hillary Clinton",
    )
    neg_ref(
        "katy perry never married russell brand lol",
        "P26",
        "social",
        "Russell Brand",
        "P26",
        "Katy Perry",
    )

    # party / religion / nominal predicates denied
    neg_ref(
        "Ronald Reagan was not a Republican.",
        "P102",
        "encyclopedia",
        "Ronald Reagan",
        "P102",
        "Republican Party",
    )
    neg_ref(
        "Bill Clinton is no Democrat.",
        "P102",
        "journalist",
        "Bill Clinton",
        "P102",
        "Democratic Party",
    )
    neg_ref(
        "Theodore Roosevelt was never a member of the Republican Party.",
        "P102",
        "encyclopedia",
        "Theodore Roosevelt",
        "P102",
        "Republican Party",
    )
    sup(
        "Bertrand Russell was a Labour Party member.",
        "P102",
        "encyclopedia",
        "Bertrand Russell",
        "P102",
        "Labour Party",
    )
    sup(
        "The composer Dmitri Shostakovich belonged to the Communist Party of the Soviet Union.",
        "P102",
        "journalist",
        "Dmitri Shostakovich",
        "P102",
        "Communist Party of the Soviet Union",
    )
    sup(
        "Clint Eastwood is a Republican.",
        "P102",
        "encyclopedia",
        "Clint Eastwood",
        "P102",
        "Republican Party",
    )

    # films: directors, cast, two-hop
    neg_ref(
        "Forrest Gump was not directed by Robert Zemeckis.",
        "P57",
        "encyclopedia",
        "Forrest Gump",
        "P57",
        "Robert Zemeckis",
    )
    neg_ref(
        "James Cameron had nothing to do with directing Aliens.",
        "P57",
        "journalist",
        "Aliens",
        "P57",
        "James Cameron",
    )
    neg_ref(
        "the pianist wasn't directed by polanski, it was someone else",
        "P57",
        "social",
        "The Pianist",
        "P57",
        "Roman Polanski",
    )
    nei(
        "Steven Spielberg directed Brokeback Mountain.",
        "P57",
        "encyclopedia",
        "Brokeback Mountain",
        "P57",
        "Steven Spielberg",
    )
    nei(
        "brokeback mountain is a scorsese film, fight me",
        "P57",
        "social",
        "Brokeback Mountain",
        "P57",
        "Martin Scorsese",
    )
    sup(
        "Ang Lee is the director of Brokeback Mountain.",
        "P57",
        "encyclopedia",
        "Brokeback Mountain",
        "P57",
        "Ang Lee",
    )
    neg_ref(
        "Alan Rickman was not in the cast of Harry Potter and the Chamber of Secrets.",
        "P161",
        "encyclopedia",
        "Harry Potter and the Chamber of Secrets",
        "P161",
        "Alan Rickman",
    )
    neg_ref(
        "Gary Oldman never appeared in Harry Potter and the Order of the Phoenix.",
        "P161",
        "journalist",
        "Harry Potter and the Order of the Phoenix",
        "P161",
        "Gary Oldman",
    )
    rows.append(
        (
            "A film directed by Chris Columbus featured Alan Rickman.",
            S,
            "P57+P161",
            "encyclopedia",
            ask(f"?f wdt:P57 wd:{q('Chris Columbus')}", f"?f wdt:P161 wd:{q('Alan Rickman')}"),
            True,
        )
    )
    rows.append(
        (
            "Maggie Smith starred in a movie directed by Chris Columbus.",
            S,
            "P57+P161",
            "journalist",
            ask(f"?f wdt:P57 wd:{q('Chris Columbus')}", f"?f wdt:P161 wd:{q('Maggie Smith')}"),
            True,
        )
    )
    rows.append(
        (
            "The director of Lost in Translation is the daughter of Francis Ford Coppola.",
            S,
            "P57+P40",
            "encyclopedia",
            ask(
                f"wd:{q('Lost in Translation')} wdt:P57 ?d",
                f"wd:{q('Francis Ford Coppola')} wdt:P40 ?d",
            ),
            True,
        )
    )
    rows.append(
        (
            "Liverpool-born Paul McCartney is a British singer.",
            S,
            "P19+P27+P106",
            "journalist",
            ask(
                f"wd:{q('Paul McCartney')} wdt:P19 wd:{q('Liverpool')}",
                f"wd:{q('Paul McCartney')} wdt:P27 wd:{q('United Kingdom')}",
                f"wd:{q('Paul McCartney')} wdt:P106 wd:{q('singer')}",
            ),
            True,
        )
    )
    rows.append(
        (
            "Albert Einstein, born in Ulm, died in Princeton.",
            S,
            "P19+P20",
            "encyclopedia",
            ask(
                f"wd:{q('Albert Einstein')} wdt:P19 wd:{q('Ulm')}",
                f"wd:{q('Albert Einstein')} wdt:P20 wd:{q('Princeton')}",
            ),
            True,
        )
    )
    rows.append(
        (
            "Yoko Ono's husband John Lennon died in New York City.",
            S,
            "P26+P20",
            "journalist",
            ask(
                f"wd:{q('Yoko Ono')} wdt:P26 wd:{q('John Lennon')}",
                f"wd:{q('John Lennon')} wdt:P20 wd:{q('New York City')}",
            ),
            True,
        )
    )
    rows.append(
        (
            "Einstein died in Berlin.",
            R,
            "P20",
            "encyclopedia",
            f"SELECT ?o WHERE {{ wd:{q('Albert Einstein')} wdt:P20 ?o }}",
            [[q("Princeton")]],
        )
    )
    rows.append(
        (
            "Karl Marx, the German-born economist, died in Paris.",
            R,
            "P20",
            "journalist",
            f"SELECT ?o WHERE {{ wd:{q('Karl Marx')} wdt:P20 ?o }}",
            [[q("London")]],
        )
    )
    rows.append(
        (
            "The Beatle George Harrison was born in Glasgow.",
            R,
            "P19",
            "journalist",
            f"SELECT ?o WHERE {{ wd:{q('George Harrison')} wdt:P19 ?o }}",
            [[q("Liverpool")]],
        )
    )
    rows.append(
        (
            "Mozart died in Salzburg, the city where he was born.",
            R,
            "P20",
            "encyclopedia",
            f"SELECT ?b ?d WHERE {{ wd:{q('Wolfgang Amadeus Mozart')} wdt:P19 ?b ; wdt:P20 ?d }}",
            [[q("Salzburg"), q("Vienna")]],
        )
    )
    rows.append(
        (
            "Both Janet Jackson and her brother Michael were born in Detroit.",
            R,
            "P19+P3373",
            "journalist",
            f"SELECT ?a ?b WHERE {{ wd:{q('Janet Jackson')} wdt:P19 ?a . wd:{q('Michael Jackson')} wdt:P19 ?b }}",
            [[q("Gary"), q("Gary")]],
        )
    )
    rows.append(
        (
            "Michael Jackson's sister La Toya was born in Gary.",
            S,
            "P3373+P19",
            "encyclopedia",
            # the KG states this sibling pair in one direction only (La Toya -> Michael)
            ask(
                f"{{ wd:{q('Michael Jackson')} wdt:P3373 wd:{q('La Toya Jackson')} }} UNION "
                f"{{ wd:{q('La Toya Jackson')} wdt:P3373 wd:{q('Michael Jackson')} }}",
                f"wd:{q('La Toya Jackson')} wdt:P19 wd:{q('Gary')}",
            ),
            True,
        )
    )
    rows.append(
        (
            "Kafka was not born in Prague.",
            R,
            "not P19",
            "encyclopedia",
            ask(f"wd:{q('Franz Kafka')} wdt:P19 wd:{q('Prague')}"),
            True,
        )
    )
    rows.append(
        (
            "Stephen Hawking did not die in Cambridge.",
            R,
            "not P20",
            "journalist",
            ask(f"wd:{q('Stephen Hawking')} wdt:P20 wd:{q('Cambridge')}"),
            True,
        )
    )
    rows.append(
        (
            "tolkien was never british lmao",
            R,
            "not P27",
            "social",
            ask(f"wd:{q('J. R. R. Tolkien')} wdt:P27 wd:{q('United Kingdom')}"),
            True,
        )
    )
    rows.append(
        (
            "Jean-Paul Sartre was not French.",
            R,
            "not P27",
            "encyclopedia",
            ask(f"wd:{q('Jean-Paul Sartre')} wdt:P27 wd:{q('France')}"),
            True,
        )
    )
    rows.append(
        (
            "Herbie Hancock doesn't play the piano.",
            R,
            "not P1303",
            "social",
            ask(f"wd:{q('Herbie Hancock')} wdt:P1303 wd:{q('piano')}"),
            True,
        )
    )
    rows.append(
        (
            "Stockholm is not in Sweden.",
            R,
            "not P17",
            "encyclopedia",
            ask(f"wd:{q('Stockholm')} wdt:P17 wd:{q('Sweden')}"),
            True,
        )
    )
    rows.append(
        (
            "Tokyo isn't a Japanese city.",
            R,
            "not P17",
            "social",
            ask(f"wd:{q('Tokyo')} wdt:P17 wd:{q('Japan')}"),
            True,
        )
    )
    rows.append(
        (
            "Whoopi Goldberg is not a Democrat.",
            R,
            "not P102",
            "journalist",
            ask(f"wd:{q('Whoopi Goldberg')} wdt:P102 wd:{q('Democratic Party')}"),
            True,
        )
    )
    rows.append(
        (
            "Leibniz was not a mathematician.",
            R,
            "not P106",
            "encyclopedia",
            ask(f"wd:{q('Gottfried Wilhelm Leibniz')} wdt:P106 wd:{q('mathematician')}"),
            True,
        )
    )
    rows.append(
        (
            "Harold Pinter never worked as a playwright.",
            R,
            "not P106",
            "journalist",
            ask(f"wd:{q('Harold Pinter')} wdt:P106 wd:{q('playwright')}"),
            True,
        )
    )
    rows.append(
        (
            "Carl Sagan was never an astronomer.",
            R,
            "not P106",
            "encyclopedia",
            ask(f"wd:{q('Carl Sagan')} wdt:P106 wd:{q('astronomer')}"),
            True,
        )
    )
    # negations of facts the KG does not state either way
    rows.append(
        (
            "Noam Chomsky never lived in Paris.",
            N,
            "not P551",
            "encyclopedia",
            ask(f"wd:{q('Noam Chomsky')} wdt:P551 wd:{q('Paris')}"),
            False,
        )
    )
    rows.append(
        (
            "Bob Dylan was not born in New York City.",
            N,
            "not P19",
            "journalist",
            f"SELECT ?o WHERE {{ wd:{q('Bob Dylan')} wdt:P19 ?o }}",
            [],
        )
    )
    rows.append(
        (
            "Taylor Swift is not an American citizen.",
            N,
            "not P27",
            "social",
            f"SELECT ?o WHERE {{ wd:{q('Taylor Swift')} wdt:P27 ?o }}",
            [],
        )
    )
    rows.append(
        (
            "Leonardo da Vinci never played the lute.",
            N,
            "not P1303",
            "encyclopedia",
            f"SELECT ?o WHERE {{ wd:{q('Leonardo da Vinci')} wdt:P1303 ?o }}",
            [],
        )
    )
    # awards: the demo KG holds no award facts at all
    for text, who, style in [
        ("Albert Einstein received the Nobel Prize in Physics.", "Albert Einstein", "encyclopedia"),
        (
            "Bob Dylan, the Nobel laureate in literature, skipped the ceremony.",
            "Bob Dylan",
            "journalist",
        ),
        ("Tom Hanks has two Academy Awards for Best Actor.", "Tom Hanks", "encyclopedia"),
        (
            "jack nicholson winning another oscar would be so on brand 🏆",
            "Jack Nicholson",
            "social",
        ),
        ("Philip Roth won the Pulitzer Prize for Fiction.", "Philip Roth", "encyclopedia"),
    ]:
        rows.append((text, N, "P166", style, f"ASK {{ wd:{q(who)} wdt:P166 ?award }}", False))
    # a claim about people the KG does not hold
    rows.append(
        (
            "Greta Thunberg was born in Stockholm.",
            N,
            "P19",
            "encyclopedia",
            'ASK { ?s rdfs:label "Greta Thunberg"@en }',
            False,
        )
    )
    rows.append(
        (
            "The footballer Lionel Messi plays for Inter Miami.",
            N,
            "P54",
            "journalist",
            'ASK { ?s rdfs:label "Lionel Messi"@en }',
            False,
        )
    )
    return [r for r in rows if r is not None]


if __name__ == "__main__":
    sys.exit(main())
