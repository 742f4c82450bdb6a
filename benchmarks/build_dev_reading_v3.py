"""Build a third development set of natural claims over the demo KG.

Written from the KG alone, before the reading changes it is meant to guide, with
pyoxigraph directly (``blindset_kg.py``), not through kgfc: facts are drawn by
SPARQL and every label is checked against the KG.
SUPPORTED: the KG states the fact (or the path, for compositions).
REFUTED: the subject has exactly one stated value of a single-valued relation
(country of a city, place of birth or death, religion, location of formation,
a spouse's place of death or birth) and the claimed value is another place or
entity of the same kind, neither located in nor part of the stated one.
NOT ENOUGH INFO: a multi-valued relation (occupation, membership, a film chain)
the KG does not state for the pair; nothing excludes it.

Classes: city/country ("X is a town in <country>", "X is a <nationality> city"),
place of birth/death contradicted by the stated value while the claimed value is
one a mined rule would predict (the place of death, residence, a spouse's or a
parent's birthplace), nominal predicates by object type (party, religion,
occupation), surnames and names shared with films, membership idioms over bands
stored as part of (P361) and as member of (P463), compositions (a husband's or
wife's place of death, grandfather/grandmother, acting in a film directed by Z),
informal text (lower case, "lol", emoji, hashtags), "originated in" and
"The spouse of X was ...". Gender is not in the KG: "husband", "wife",
"grandfather" and "grandmother" are chosen by a short table of first names.

Run: ``python benchmarks/build_dev_reading_v3.py`` -> ``benchmarks/data/dev_natural_reading_v3.jsonl``.
"""

from __future__ import annotations

import random
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from blindset_kg import open_demo, run  # noqa: E402
from build_dev_reading import COUNTRIES, N, R, S  # noqa: E402
from dataset_build import write_rows  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "dev_natural_reading_v3.jsonl"
MALE = {
    "John", "James", "William", "Charles", "George", "Robert", "Henry", "Paul", "Peter",
    "David", "Richard", "Michael", "Thomas", "Edward", "Frank", "Arthur", "Louis", "Joseph",
    "Frederick", "Albert", "Francis", "Philip", "Harold", "Walter", "Jack", "Fred", "Carl",
    "Karl", "Ernest", "Alfred", "Leopold", "Ludwig", "Friedrich", "Otto", "Jean", "Pierre",
}  # fmt: skip
FEMALE = {
    "Mary", "Elizabeth", "Anne", "Margaret", "Catherine", "Jane", "Sarah", "Marie", "Anna",
    "Helen", "Alice", "Grace", "Julia", "Victoria", "Louise", "Charlotte", "Emma", "Sophia",
    "Joan", "Patricia", "Barbara", "Susan", "Nancy", "Carol", "Ruth", "Dorothy", "Lucy",
    "Maria", "Isabella", "Diana", "Judy", "Linda", "Carrie", "Ingrid", "Rita", "Lauren",
}  # fmt: skip
GROUPS = "wd:Q215380 wd:Q5741069 wd:Q2088357 wd:Q9212979 wd:Q16979650 wd:Q58603552"
PLACE_PATH = "(wdt:P131|wdt:P17|wdt:P361|wdt:P706|wdt:P30|wdt:P279)"


class KG:
    """The demo KG, opened with pyoxigraph; labels, values, containment and unique names."""

    def __init__(self) -> None:
        self.store = open_demo()
        rows = run(
            self.store,
            "SELECT ?l (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e rdfs:label ?l . "
            "FILTER(lang(?l) = 'en') } GROUP BY ?l",
        )
        self.unique = {label for label, n in rows if n == "1"}

    def q(self, body: str) -> list[tuple]:
        return run(self.store, body)

    def values(self, s: str, p: str) -> set[str]:
        return {r[0] for r in self.q(f"SELECT ?o WHERE {{ wd:{s} wdt:{p} ?o }}")}

    def related(self, a: str, b: str) -> bool:
        """Is one of ``a``, ``b`` located in, part of or a kind of the other (any steps)?"""
        return a == b or any(
            self.q(f"ASK {{ wd:{x} {PLACE_PATH}+ wd:{y} }}") for x, y in ((a, b), (b, a))
        )

    def alike(self, a: str, b: str) -> bool:
        """Two values of one kind (a shared type), neither located in nor part of the other."""
        return bool(self.values(a, "P31") & self.values(b, "P31")) and not self.related(a, b)

    def ok(self, *labels: str) -> bool:
        return all(x in self.unique and "," not in x and "(" not in x for x in labels)


def lab(v: str) -> str:
    return f"?{v} rdfs:label ?{v}l . FILTER(lang(?{v}l) = 'en')"


def row(claim: str, label: str, cls: str) -> dict:
    return {"claim": claim, "label": label, "class": cls}


def cities(kg: KG, rng: random.Random, out: list) -> None:
    """A city's country, stated (SUPPORTED) or another present-day country (REFUTED)."""
    rows = kg.q(
        "SELECT ?c ?cl (GROUP_CONCAT(STR(?k); separator=' ') AS ?ks) WHERE { ?c wdt:P17 ?k . "
        "?c wdt:P31 ?t . VALUES ?t { wd:Q515 wd:Q1549591 wd:Q1637706 wd:Q5119 wd:Q3957 } "
        + lab("c")
        + " } GROUP BY ?c ?cl"
    )
    rng.shuffle(rows)
    forms_in = ["{c} is a town in {k}.", "{c} lies in {k}.", "The city of {c} is in {k}."]
    forms_adj = ["{c} is a {a} city.", "{c} is a {a} town.", "{c} is a city in {a} territory."]
    n = 0
    for c, cl, ks in rows:
        kset = {k.rsplit("/", 1)[1] for k in ks.split()}
        modern = sorted(k for k in kset if k in COUNTRIES)
        if len(kset) != 1 or len(modern) != 1 or not kg.ok(cl):  # one stated, present-day
            continue
        false_q = rng.choice(sorted(q for q in COUNTRIES if q not in kset))
        if any(kg.related(k, false_q) for k in kset):
            continue
        chain = f"ASK {{ wd:{c} wdt:P131+/wdt:P17 ?k . FILTER(?k != wd:{modern[0]}) }}"
        if kg.q(chain):
            continue  # its administrative chain names another country
        for q, label in ((modern[0], S), (false_q, R)):
            name, adj = COUNTRIES[q]
            forms = forms_in if rng.random() < 0.5 else forms_adj
            text = rng.choice(forms).format(c=cl, k=name, a=adj)
            out.append(row(re.sub(r"\ba (?=[AEIOU])", "an ", text), label, "city_country"))
        n += 1
        if n >= 15:
            break


def places(kg: KG, rng: random.Random, out: list) -> None:
    """Born/died in a place the person is tied to otherwise (a rule's weak guess): REFUTED."""
    born = ["{x} was born in {p}.", "{x}'s birthplace is {p}.", "{x} was born in the city of {p}."]
    died = ["{x} died in {p}.", "{x} passed away in {p}.", "{x}'s place of death was {p}."]
    ties = {
        "P20": "?x wdt:P20 ?alt .",
        "P551": "?x wdt:P551 ?alt .",
        "spouse": "?x wdt:P26 ?y . ?y wdt:P19 ?alt .",
        "parent": "?y wdt:P40 ?x . ?y wdt:P19 ?alt .",
    }
    for tie, pattern in ties.items():
        rows = kg.q(
            f"SELECT ?x ?xl ?b ?bl ?alt ?altl WHERE {{ ?x wdt:P19 ?b . {pattern} "
            f"FILTER(?b != ?alt) ?alt wdt:P31 ?t . ?b wdt:P31 ?t . "
            f"{lab('x')} {lab('b')} {lab('alt')} }} LIMIT 3000"
        )
        rng.shuffle(rows)
        n = 0
        for x, xl, b, bl, alt, altl in rows:
            if n >= 3 or not kg.ok(xl, bl, altl) or kg.related(b, alt):
                continue
            if len(kg.values(x, "P19")) != 1:
                continue
            out.append(row(rng.choice(born).format(x=xl, p=bl), S, "place_rule"))
            out.append(row(rng.choice(born).format(x=xl, p=altl), R, "place_rule"))
            deaths = kg.values(x, "P20")
            if tie == "P20" or len(deaths) != 1:
                n += 1
                continue
            d = next(iter(deaths))
            if d != b and not kg.related(d, b) and kg.alike(d, b):
                out.append(row(rng.choice(died).format(x=xl, p=bl), R, "place_rule"))
            n += 1


NOMINAL = {
    "P102": {"Q29552": "a Democrat", "Q29468": "a Republican"},
    "P140": {
        "Q9592": "a Catholic",
        "Q1841": "a Catholic",
        "Q9268": "Jewish",
        "Q432": "a Muslim",
        "Q75809": "a Lutheran",
        "Q9089": "a Hindu",
        "Q7066": "an atheist",
    },
    "P106": {
        "Q937857": "an association football player",
        "Q49757": "a poet",
        "Q36834": "a composer",
        "Q855091": "a guitarist",
        "Q4964182": "a philosopher",
        "Q1930187": "a journalist",
        "Q82955": "a politician",
    },
}


def nominal(kg: KG, rng: random.Random, out: list) -> None:
    """ "X is a Democrat / a Catholic / an association football player"."""
    forms = ["{x} is {w}.", "{x} was {w}.", "{x} was {w} all their life."]
    for prop, table in NOMINAL.items():
        vals = " ".join(f"wd:{q}" for q in table)
        rows = kg.q(
            f"SELECT ?x ?xl ?o WHERE {{ ?x wdt:{prop} ?o . VALUES ?o {{ {vals} }} "
            f"?x wdt:P31 wd:Q5 . {lab('x')} }} LIMIT 3000"
        )
        rng.shuffle(rows)
        kept = 0
        for x, xl, o in rows:
            if kept >= 8:
                break
            stated = kg.values(x, prop)
            if not kg.ok(xl) or (prop != "P106" and len(stated) != 1):
                continue
            word = table[o]
            out.append(row(rng.choice(forms).format(x=xl, w=word), S, f"nominal_{prop}"))
            others = sorted({w for q, w in table.items() if w != word and q not in stated})
            other = rng.choice(others)
            if prop == "P140":  # one stated religion: another one is excluded
                out.append(row(f"{xl} is {other}.", R, "nominal_P140"))
            elif prop == "P106" and kept % 3 == 0:  # occupations are many: not excluded
                out.append(row(f"{xl} is {other}.", N, "nominal_P106"))
            kept += 1


def degree(kg: KG, q: str) -> int:
    return int(kg.q(f"SELECT (COUNT(*) AS ?n) WHERE {{ wd:{q} ?p ?o }}")[0][0])


def surnames(kg: KG, rng: random.Random, out: list) -> None:
    """A surname alone, including surnames that are also a film's title."""
    rows = kg.q(
        "SELECT ?f ?fl ?p ?pl WHERE { ?f wdt:P31 wd:Q11424 . " + lab("f") + " "
        "FILTER(!CONTAINS(?fl, ' ')) ?p wdt:P31 wd:Q5 . " + lab("p") + " "
        "FILTER(STRENDS(?pl, CONCAT(' ', ?fl))) }"
    )
    by_name: dict[str, list[tuple]] = defaultdict(list)
    for f, fl, p, pl in rows:
        by_name[fl].append((degree(kg, p), p, pl, f))
    for name, people in sorted(by_name.items()):
        people.sort(reverse=True)
        top = people[0]
        if len(people) > 1 and people[1][0] * 2 > top[0]:
            continue  # two well-known bearers: ambiguous
        births = kg.values(top[1], "P19")
        directors = kg.values(top[3], "P57")
        if len(births) == 1:
            b = next(iter(births))
            bl = kg.q(f"SELECT ?l WHERE {{ wd:{b} rdfs:label ?l FILTER(lang(?l)='en') }}")[0][0]
            out.append(row(f"{name} was born in {bl}.", S, "surname_film"))
        for d in sorted(directors)[:1]:
            dl = kg.q(f"SELECT ?l WHERE {{ wd:{d} rdfs:label ?l FILTER(lang(?l)='en') }}")[0][0]
            out.append(row(f"{name} was directed by {dl}.", S, "surname_film"))
    plain_surnames(kg, rng, out)


def plain_surnames(kg: KG, rng: random.Random, out: list) -> None:
    """Well-known people by surname alone: died in (stated / another city of the same kind)."""
    rows = kg.q(
        "SELECT ?x ?xl ?d ?dl (COUNT(?f) AS ?deg) WHERE { ?x wdt:P31 wd:Q5 . ?x wdt:P20 ?d . "
        "?x ?p ?f . " + lab("x") + " " + lab("d") + " } GROUP BY ?x ?xl ?d ?dl "
        "ORDER BY DESC(?deg) LIMIT 500"
    )
    by_surname: dict[str, list[tuple]] = defaultdict(list)
    for r in rows:
        parts = r[1].split()
        if len(parts) >= 2 and parts[-1][:1].isupper() and "." not in parts[-1]:
            by_surname[parts[-1]].append(r)
    kept = 0
    deaths = sorted({(r[2], r[3]) for r in rows})
    for name, people in sorted(by_surname.items()):
        people.sort(key=lambda r: -int(r[4]))
        top = people[0]
        if len(people) > 1 and int(people[1][4]) * 2 > int(top[4]):
            continue
        if len(kg.values(top[0], "P20")) != 1 or not kg.ok(top[3]):
            continue
        d2, d2l = rng.choice(deaths)
        if not kg.ok(d2l) or not kg.alike(d2, top[2]):
            continue
        out.append(row(f"{name} died in {top[3]}.", S, "surname"))
        out.append(row(f"{name} died in {d2l}.", R, "surname"))
        kept += 1
        if kept >= 6:
            break


def membership(kg: KG, rng: random.Random, out: list) -> None:
    """Band members stored as part of (P361) or member of (P463), in idioms."""
    forms = [
        "{x} is one of {g}.",
        "{x} was a founding member of {g}.",
        "{x} played in {g}.",
        "{x} is a member of the band {g}.",
        "{x} was part of {g}.",
    ]
    everyone: list[tuple] = []
    for prop in ("P361", "P463"):
        rows = kg.q(
            f"SELECT ?x ?xl ?g ?gl WHERE {{ ?x wdt:{prop} ?g . ?x wdt:P31 wd:Q5 . "
            f"?g wdt:P31 ?t . VALUES ?t {{ {GROUPS} }} {lab('x')} {lab('g')} }}"
        )
        rows = sorted(set(rows))
        rng.shuffle(rows)
        everyone += rows
        for _x, xl, g, gl in rows[:10]:
            members = {
                m
                for p in ("P361", "P463")
                for m in kg.q(f"SELECT ?m WHERE {{ ?m wdt:{p} wd:{g} . ?m wdt:P31 wd:Q5 }}")
            }
            if len(members) == 2 and rng.random() < 0.7:
                text = f"{xl} is one half of {gl}."
            else:
                text = rng.choice(forms).format(x=xl, g=gl)
            out.append(row(text, S, f"membership_{prop}"))
    groups = sorted({(g, gl) for _, _, g, gl in everyone})
    for x, xl, g, _ in everyone[:: max(1, len(everyone) // 5)][:5]:
        g2, g2l = rng.choice(groups)
        if g2 == g or kg.q(f"ASK {{ wd:{x} (wdt:P361|wdt:P463) wd:{g2} }}"):
            continue
        out.append(row(rng.choice(forms).format(x=xl, g=g2l), N, "membership"))


def first_name(label: str) -> str:
    return label.split()[0] if label else ""


def spouse_death(kg: KG, rng: random.Random, out: list) -> None:
    """ "X's husband/wife died in Y": the spouse's stated place of death."""
    rows = kg.q(
        "SELECT ?x ?xl ?y ?yl ?d ?dl WHERE { ?x wdt:P26 ?y . ?y wdt:P20 ?d . "
        + " ".join(lab(v) for v in "xyd")
        + " }"
    )
    rng.shuffle(rows)
    deaths = sorted({(r[4], r[5]) for r in rows})
    n = 0
    for x, xl, y, yl, d, dl in rows:
        word = "husband" if first_name(yl) in MALE else "wife" if first_name(yl) in FEMALE else ""
        if n >= 8 or not word or not kg.ok(xl, dl):
            continue
        out.append(row(f"{xl}'s {word} died in {dl}.", S, "spouse_death"))
        n += 1
        spouses = kg.values(x, "P26")
        if len(spouses) != 1 or len(kg.values(y, "P20")) != 1:
            continue
        d2, d2l = rng.choice(deaths)
        if kg.ok(d2l) and kg.alike(d, d2):
            out.append(row(f"{xl}'s {word} died in {d2l}.", R, "spouse_death"))


def grandparents(kg: KG, rng: random.Random, out: list) -> None:
    rows = kg.q(
        "SELECT DISTINCT ?a ?al ?b ?bl WHERE { ?a wdt:P40 ?c . ?c wdt:P40 ?b . "
        + lab("a")
        + " "
        + lab("b")
        + " }"
    )
    rng.shuffle(rows)
    n = 0
    for _a, al, _b, bl in rows:
        word = (
            "grandfather"
            if first_name(al) in MALE
            else "grandmother"
            if first_name(al) in FEMALE
            else "grandparent"
        )
        if n >= 8 or not kg.ok(al, bl):
            continue
        form = rng.choice(["{a} is {b}'s {w}.", "{a} was the {w} of {b}."])
        out.append(row(form.format(a=al, b=bl, w=word), S, "grandparent"))
        n += 1


def film_chain(kg: KG, rng: random.Random, out: list) -> None:
    """ "X acted in a film directed by Z" (a path through a film); pairs with no film: NEI."""
    rows = kg.q(
        "SELECT DISTINCT ?x ?xl ?z ?zl WHERE { ?f wdt:P161 ?x . ?f wdt:P57 ?z . "
        "FILTER(?x != ?z) " + lab("x") + " " + lab("z") + " } LIMIT 4000"
    )
    rows = sorted(rows)
    rng.shuffle(rows)
    forms = [
        "{x} acted in a film directed by {z}.",
        "{x} starred in a movie directed by {z}.",
        "{x} appeared in a film that {z} directed.",
    ]
    good = [r for r in rows if kg.ok(r[1], r[3])]
    for _x, xl, _z, zl in good[:8]:
        out.append(row(rng.choice(forms).format(x=xl, z=zl), S, "film_chain"))
    for (x, xl, _, _), (_, _, z, zl) in zip(good[8:12], good[12:16], strict=False):
        if not kg.q(f"ASK {{ ?f wdt:P161 wd:{x} . ?f wdt:P57 wd:{z} }}") and x != z:
            out.append(row(rng.choice(forms).format(x=xl, z=zl), N, "film_chain"))


def informal(kg: KG, rng: random.Random, out: list) -> None:
    """Lower case, "lol", emoji, hashtags: birthplaces and directors."""
    tails = [" lol", " 🎬", " #tbt", " 😂😂", " #film #history", "!!", " 🤯", " ngl"]
    heads = ["", "omg ", "fun fact: ", "did u know "]
    rows = kg.q(
        "SELECT ?x ?xl ?b ?bl WHERE { ?x wdt:P19 ?b . ?x wdt:P31 wd:Q5 . "
        + lab("x")
        + " "
        + lab("b")
        + " } LIMIT 6000"
    )
    rows = sorted(rows)
    rng.shuffle(rows)
    births = sorted({(r[2], r[3]) for r in rows})
    n = 0
    for x, xl, b, bl in rows:
        if n >= 6 or not kg.ok(xl, bl) or len(kg.values(x, "P19")) != 1:
            continue
        b2, b2l = rng.choice(births)
        if not kg.ok(b2l) or not kg.alike(b, b2):
            continue
        for place, label in ((bl, S), (b2l, R)):
            text = f"{rng.choice(heads)}{xl} was born in {place}{rng.choice(tails)}".lower()
            out.append(row(text, label, "informal"))
        n += 1
    rows = kg.q(
        "SELECT ?f ?fl ?z ?zl WHERE { ?f wdt:P57 ?z . ?f wdt:P31 wd:Q11424 . "
        + lab("f")
        + " "
        + lab("z")
        + " } LIMIT 4000"
    )
    rows = sorted(rows)
    rng.shuffle(rows)
    n = 0
    for _f, fl, _z, zl in rows:
        if n >= 6 or not kg.ok(fl, zl):
            continue
        tag = "#" + "".join(w.capitalize() for w in fl.split() if w.isalnum())
        text = f"{rng.choice(heads)}{fl.lower()} was directed by {zl.lower()} {tag}"
        out.append(row(text + rng.choice(tails), S, "informal"))
        n += 1


def originated(kg: KG, rng: random.Random, out: list) -> None:
    """ "<band> originated in <city>": location of formation (P740), one stated value."""
    rows = kg.q(
        f"SELECT ?g ?gl ?o ?ol WHERE {{ ?g wdt:P740 ?o . ?g wdt:P31 ?t . VALUES ?t {{ {GROUPS} }} "
        f"{lab('g')} {lab('o')} }}"
    )
    rows = sorted(set(rows))
    rng.shuffle(rows)
    places = sorted({(r[2], r[3]) for r in rows})
    forms = ["{g} originated in {o}.", "{g} was formed in {o}.", "{g} got its start in {o}."]
    n = 0
    for g, gl, o, ol in rows:
        if n >= 6 or not kg.ok(gl, ol):
            continue
        out.append(row(rng.choice(forms).format(g=gl, o=ol), S, "originated"))
        n += 1
        if len(kg.values(g, "P740")) != 1:
            continue
        o2, o2l = rng.choice(places)
        if kg.ok(o2l) and kg.alike(o, o2):
            out.append(row(f"{gl} originated in {o2l}.", R, "originated"))


def spouse_of(kg: KG, rng: random.Random, out: list) -> None:
    """ "The spouse of X was Y" and "The spouse of X was born in Y"."""
    rows = kg.q(
        "SELECT ?x ?xl ?y ?yl ?b ?bl WHERE { ?x wdt:P26 ?y . ?y wdt:P19 ?b . "
        + " ".join(lab(v) for v in "xyb")
        + " }"
    )
    rows = sorted(rows)
    rng.shuffle(rows)
    births = sorted({(r[4], r[5]) for r in rows})
    n = 0
    for x, xl, y, yl, b, bl in rows:
        if n >= 6 or not kg.ok(xl, yl, bl):
            continue
        out.append(row(f"The spouse of {xl} was {yl}.", S, "spouse_of"))
        out.append(row(f"The spouse of {xl} was born in {bl}.", S, "spouse_of"))
        n += 1
        if len(kg.values(x, "P26")) != 1 or len(kg.values(y, "P19")) != 1:
            continue
        b2, b2l = rng.choice(births)
        if kg.ok(b2l) and kg.alike(b, b2):
            out.append(row(f"The spouse of {xl} was born in {b2l}.", R, "spouse_of"))


def main() -> None:
    rng = random.Random(303)
    kg = KG()
    out: list[dict] = []
    for build in (
        cities, places, nominal, surnames, membership, spouse_death, grandparents,
        film_chain, informal, originated, spouse_of,
    ):  # fmt: skip
        build(kg, rng, out)
    write_rows(out, OUT, "dev3_")


if __name__ == "__main__":
    main()
