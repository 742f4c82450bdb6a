"""Build a development set of natural claims over the bundled demo KG.

Written from the KG alone (not from kgfc's reading rules): for each class of
phrasing below, facts are drawn by SPARQL and each label is checked against the
KG, so SUPPORTED means the KG states (or entails by a stated chain) the claim,
REFUTED means a stated value of a single-valued relation excludes it, and the
rest are left out.

Classes: city/country refutation ("<city> is in <country>", "<city> is a
<nationality> city"), place of birth/death refutation, nominal predicates
("X is a Democrat", "X is a Catholic"), surnames alone, membership idioms,
kinship, possessive and film-director chains, informal text.

Run: ``python benchmarks/build_dev_reading.py`` -> ``benchmarks/data/dev_natural_reading.jsonl``.
The committed set was drawn before one choice (a city's present-day country) stopped
depending on Python's string hashing; a rebuild draws a set of the same make-up.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from dataset_build import write_rows  # noqa: E402

from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "dev_natural_reading.jsonl"
PREFIX = (
    "PREFIX wd: <http://www.wikidata.org/entity/> "
    "PREFIX wdt: <http://www.wikidata.org/prop/direct/> "
    "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
)
S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"
# present-day countries and their adjectives (the set's own table)
COUNTRIES = {
    "Q142": ("France", "French"),
    "Q183": ("Germany", "German"),
    "Q38": ("Italy", "Italian"),
    "Q29": ("Spain", "Spanish"),
    "Q17": ("Japan", "Japanese"),
    "Q145": ("the United Kingdom", "British"),
    "Q30": ("the United States", "American"),
    "Q16": ("Canada", "Canadian"),
    "Q159": ("Russia", "Russian"),
    "Q668": ("India", "Indian"),
    "Q36": ("Poland", "Polish"),
    "Q40": ("Austria", "Austrian"),
    "Q39": ("Switzerland", "Swiss"),
    "Q55": ("the Netherlands", "Dutch"),
    "Q34": ("Sweden", "Swedish"),
    "Q408": ("Australia", "Australian"),
    "Q155": ("Brazil", "Brazilian"),
    "Q96": ("Mexico", "Mexican"),
}


class KG:
    def __init__(self) -> None:
        self.store = OxigraphStore()
        ensure_demo(self.store)

    def q(self, body: str) -> list[dict[str, str]]:
        rows = self.store._store.query(PREFIX + body, use_default_graph_as_union=True)
        names = [v.value for v in rows.variables]
        return [{n: (r[n].value if r[n] is not None else "") for n in names} for r in rows]

    def values(self, s: str, p: str) -> set[str]:
        return {r["o"] for r in self.q(f"SELECT ?o WHERE {{ <{s}> wdt:{p} ?o }}")}

    def reaches(self, x: str, y: str) -> bool:
        """Is ``x`` located in / part of / in the country ``y`` (up to four steps)?"""
        body = f"ASK {{ <{x}> (wdt:P131|wdt:P17|wdt:P361|wdt:P706|wdt:P30){{0,4}} <{y}> }}"
        try:
            return bool(self.store._store.query(PREFIX + body, use_default_graph_as_union=True))
        except SyntaxError:
            body = f"ASK {{ <{x}> (wdt:P131|wdt:P17|wdt:P361|wdt:P706|wdt:P30)* <{y}> }}"
            return bool(self.store._store.query(PREFIX + body, use_default_graph_as_union=True))


def labs(*names: str) -> str:
    """English-label patterns for the variables ``names`` (``?x`` -> ``?xl``)."""
    return " ".join(f"?{v} rdfs:label ?{v}l . FILTER(lang(?{v}l) = 'en')" for v in names)


def wd(q: str) -> str:
    return "http://www.wikidata.org/entity/" + q


def cities(kg: KG, rng: random.Random, out: list) -> None:
    rows = kg.q(
        "SELECT ?c ?cl (GROUP_CONCAT(STR(?k); separator=' ') AS ?ks) WHERE { ?c wdt:P17 ?k . "
        "?c wdt:P31 ?t . VALUES ?t { wd:Q515 wd:Q1549591 wd:Q1637706 wd:Q5119 } "
        + labs("c")
        + " } GROUP BY ?c ?cl"
    )
    rng.shuffle(rows)
    phr_in = ["{c} is in {k}.", "{c} is located in {k}.", "{c} is a city in {k}."]
    phr_adj = ["{c} is a {a} city.", "{c} is an {a} city."]
    n = 0
    for r in rows:
        ks = set(r["ks"].split())
        modern = sorted(k for k in ks if k.rsplit("/", 1)[1] in COUNTRIES)
        if not modern or "," in r["cl"]:
            continue
        true_q = modern[0].rsplit("/", 1)[1]
        false_q = rng.choice([q for q in COUNTRIES if wd(q) not in ks])
        if any(kg.reaches(k, wd(false_q)) for k in ks):
            continue
        for q, label in ((true_q, S), (false_q, R)):
            name, adj = COUNTRIES[q]
            if rng.random() < 0.5:
                text = rng.choice(phr_in).format(c=r["cl"], k=name)
            else:
                text = rng.choice(phr_adj).format(c=r["cl"], a=adj)
                text = text.replace(" an ", " a ") if adj[0] not in "AEIOU" else text
            out.append({"claim": text, "label": label, "class": "city_country"})
        n += 1
        if n >= 30:
            break


def places(kg: KG, rng: random.Random, out: list) -> None:
    """Born / died in: the true city, and a city the person is tied to otherwise (refuted)."""
    rows = kg.q(
        "SELECT ?x ?xl ?b ?bl ?d ?dl WHERE { ?x wdt:P19 ?b . ?x wdt:P20 ?d . FILTER(?b != ?d) "
        + labs("x", "b", "d")
        + " } LIMIT 3000"
    )
    rng.shuffle(rows)
    born = ["{x} was born in {p}.", "{x}, a native of {p}, ...", "{x} was born and raised in {p}."]
    died = ["{x} died in {p}.", "{x} passed away in {p}.", "{x} died in {p} in old age."]
    n = 0
    for r in rows:
        if len(kg.values(r["x"], "P19")) != 1 or len(kg.values(r["x"], "P20")) != 1:
            continue
        if kg.reaches(r["b"], r["d"]) or kg.reaches(r["d"], r["b"]):
            continue
        if "," in r["bl"] + r["dl"]:
            continue
        b = rng.choice(born[:1] + born[2:])
        d = rng.choice(died)
        out.append({"claim": b.format(x=r["xl"], p=r["bl"]), "label": S, "class": "place"})
        out.append({"claim": d.format(x=r["xl"], p=r["bl"]), "label": R, "class": "place"})
        out.append({"claim": d.format(x=r["xl"], p=r["dl"]), "label": S, "class": "place"})
        out.append({"claim": b.format(x=r["xl"], p=r["dl"]), "label": R, "class": "place"})
        n += 1
        if n >= 15:
            break


PARTIES = {"Q29552": "a Democrat", "Q29468": "a Republican"}
RELIGIONS = {
    "Q9592": "a Catholic",
    "Q1841": "a Catholic",
    "Q9268": "Jewish",
    "Q432": "a Muslim",
    "Q75809": "a Lutheran",
}


def nominal(kg: KG, rng: random.Random, out: list) -> None:
    for prop, table, cls in (("P102", PARTIES, "party"), ("P140", RELIGIONS, "religion")):
        vals = " ".join(f"wd:{q}" for q in table)
        rows = kg.q(
            f"SELECT ?x ?xl ?o WHERE {{ ?x wdt:{prop} ?o . VALUES ?o {{ {vals} }} "
            + labs("x")
            + " } LIMIT 2000"
        )
        rng.shuffle(rows)
        kept = 0
        for r in rows:
            stated = kg.values(r["x"], prop)
            if len(stated) != 1:
                continue
            word = table[r["o"].rsplit("/", 1)[1]]
            pattern = rng.choice(["{x} is {w}.", "{x} was {w}.", "{x} was a lifelong {v}."])
            v = word.split(" ", 1)[-1]
            out.append({"claim": pattern.format(x=r["xl"], w=word, v=v), "label": S, "class": cls})
            others = [w for q, w in table.items() if w != word and wd(q) not in stated]
            if prop == "P140" or kept % 2 == 0:
                other = rng.choice(others)
                label = R if prop == "P140" else N
                if label == R:
                    out.append({"claim": f"{r['xl']} is {other}.", "label": R, "class": cls})
            kept += 1
            if kept >= 15:
                break


def surnames(kg: KG, rng: random.Random, out: list) -> None:
    """Well-known people named by surname alone, whose surname no better-connected person shares."""
    rows = kg.q(
        "SELECT ?x ?xl ?b ?bl (COUNT(?f) AS ?deg) WHERE { ?x wdt:P31 wd:Q5 . ?x wdt:P19 ?b . "
        "?x ?p ?f . " + labs("x", "b") + " } GROUP BY ?x ?xl ?b ?bl "
        "ORDER BY DESC(?deg) LIMIT 400"
    )
    by_surname: dict[str, list[dict]] = {}
    for r in rows:
        parts = r["xl"].split()
        if len(parts) >= 2 and parts[-1][0].isupper() and "." not in parts[-1]:
            by_surname.setdefault(parts[-1], []).append(r)
    kept = 0
    for name, people in by_surname.items():
        top = people[0]
        if len(people) > 1 and int(people[1]["deg"]) * 2 > int(top["deg"]):
            continue  # two well-known people share it: genuinely ambiguous
        if len(kg.values(top["x"], "P19")) != 1:
            continue
        other = rng.choice([r for r in rows if r["b"] != top["b"]])
        if kg.reaches(other["b"], top["b"]) or kg.reaches(top["b"], other["b"]):
            continue
        out.append({"claim": f"{name} was born in {top['bl']}.", "label": S, "class": "surname"})
        out.append({"claim": f"{name} was born in {other['bl']}.", "label": R, "class": "surname"})
        kept += 1
        if kept >= 20:
            break


def membership(kg: KG, rng: random.Random, out: list) -> None:
    rows = kg.q(
        "SELECT ?g ?gl (GROUP_CONCAT(?xl; separator='|') AS ?ms) (COUNT(?x) AS ?n) WHERE { "
        "?x wdt:P463 ?g . ?g wdt:P31 ?t . ?t rdfs:label ?tl . "
        "FILTER(CONTAINS(?tl, 'band') || CONTAINS(?tl, 'musical group') || CONTAINS(?tl, 'duo')) "
        + labs("x", "g")
        + " } GROUP BY ?g ?gl"
    )
    rng.shuffle(rows)
    for r in rows[:40]:
        members = r["ms"].split("|")
        x = rng.choice(members)
        g = r["gl"]
        if len(set(members)) == 2 and rng.random() < 0.6:
            text = f"{x} is one half of {g}."
        else:
            text = rng.choice(
                [
                    f"{x} is one of {g}.",
                    f"{x} was a founding member of {g}.",
                    f"{x} plays in {g}.",
                    f"{x} is a member of {g}.",
                    f"{x} was in {g}.",
                ]
            )
        out.append({"claim": text, "label": S, "class": "membership"})


def chains(kg: KG, rng: random.Random, out: list) -> None:
    rows = kg.q(
        "SELECT ?x ?xl ?d ?dl WHERE { ?x wdt:P26 ?y . ?y wdt:P20 ?d . "
        + labs("x", "d")
        + " } LIMIT 500"
    )
    rng.shuffle(rows)
    cities = [r for r in rows]
    for r in rows[:15]:
        out.append(
            {"claim": f"{r['xl']}'s spouse died in {r['dl']}.", "label": S, "class": "possessive"}
        )
        other = rng.choice(cities)
        spouses = {s for s in kg.values(r["x"], "P26")}
        deaths = {d for s in spouses for d in kg.values(s, "P20")}
        if (
            len(spouses) == 1
            and len(deaths) == 1
            and not any(kg.reaches(d, other["d"]) or kg.reaches(other["d"], d) for d in deaths)
        ):
            out.append(
                {
                    "claim": f"{r['xl']}'s spouse died in {other['dl']}.",
                    "label": R,
                    "class": "possessive",
                }
            )
    rows = kg.q(
        "SELECT ?a ?al ?b ?bl WHERE { ?a wdt:P40 ?c . ?c wdt:P40 ?b . "
        + labs("a", "b")
        + " } LIMIT 200"
    )
    for r in rows[:12]:
        out.append(
            {"claim": f"{r['al']} is a grandparent of {r['bl']}.", "label": S, "class": "kinship"}
        )
    rows = kg.q(
        "SELECT DISTINCT ?x ?xl ?z ?zl WHERE { ?f wdt:P161 ?x . ?f wdt:P57 ?z . FILTER(?x != ?z) "
        + labs("x", "z")
        + " } LIMIT 3000"
    )
    rng.shuffle(rows)
    for r in rows[:15]:
        out.append(
            {
                "claim": f"{r['xl']} acted in a film directed by {r['zl']}.",
                "label": S,
                "class": "film_chain",
            }
        )


def informal(kg: KG, rng: random.Random, out: list) -> None:
    rows = kg.q(
        "SELECT ?f ?fl ?z ?zl WHERE { ?f wdt:P57 ?z . ?f wdt:P31 wd:Q11424 . "
        + labs("f", "z")
        + " } LIMIT 3000"
    )
    rng.shuffle(rows)
    directors = [r for r in rows]
    tails = [" lol", " 🎬", " !!", " 😂", ""]
    for r in rows[:20]:
        f, z = r["fl"], r["zl"]
        text = f"{f.lower()} was directed by {z.lower()}{rng.choice(tails)}"
        out.append({"claim": text, "label": S, "class": "informal"})
        if len(kg.values(r["f"], "P57")) == 1:
            other = rng.choice(directors)
            if other["z"] != r["z"]:
                text = f"{f.lower()} was directed by {other['zl'].lower()}{rng.choice(tails)}"
                out.append({"claim": text, "label": R, "class": "informal"})


def main() -> None:
    rng = random.Random(35)
    kg = KG()
    out: list[dict] = []
    for build in (cities, places, nominal, surnames, membership, chains, informal):
        build(kg, rng, out)
    write_rows(out, OUT, "dev")


if __name__ == "__main__":
    main()
