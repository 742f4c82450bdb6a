"""Build a development set for refutation: claims the KG's stated values contradict.

Written from the KG alone, before the refutation changes it is meant to guide,
with pyoxigraph directly (``blindset_kg.py``), not through kgfc: facts are drawn
by SPARQL and every label is checked against the KG.

REFUTED: the subject has exactly one stated value of a relation that takes one
value per subject (place of birth, death or burial, spouse, cause of death,
religion, a film's director, a company's headquarters, a band's place of
formation, a city's country or region, a country's continent), and the claimed
value is another entity of the same kind, neither located in nor part of the
stated one; or a negated claim ("X was not born in Y") whose fact the KG states.
Chains: "X's spouse was born in Y" against the one spouse's one birthplace.
SUPPORTED controls: the stated facts, and negations of a contradicted value.
NOT ENOUGH INFO controls: many-valued relations (occupation, membership,
employer, education, genre, languages spoken, film cast, residence) the KG does
not state for the pair; nothing excludes them.

Run: ``python benchmarks/build_dev_refute_v1.py`` -> ``benchmarks/data/dev_refute_v1.jsonl``.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from build_dev_reading import COUNTRIES, N, R, S  # noqa: E402
from build_dev_reading_v3 import KG, lab, row  # noqa: E402
from dataset_build import write_rows  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "dev_refute_v1.jsonl"
HUMAN = "?x wdt:P31 wd:Q5 ."
# a region, not a country or a historical state, as the value of P131
NOT_STATE = (
    "FILTER NOT EXISTS { ?o wdt:P31 ?st . VALUES ?st { wd:Q6256 wd:Q3024240 wd:Q3624078 "
    "wd:Q417175 wd:Q1250464 } }"
)
VAGUE = ("church",)  # a denomination may be a branch of the stated religion: never claimed

# relation -> (subject pattern, REFUTED count, SUPPORTED count, phrasings)
SINGLE = {
    "P19": (HUMAN, 10, 3, [
        "{x} was born in {o}.", "{x} is a native of {o}.", "{x}'s birthplace is {o}.",
        "{x} was born and raised in {o}.", "Born in {o}, {x} went on to fame.",
    ]),
    "P20": (HUMAN, 10, 3, [
        "{x} died in {o}.", "{x} passed away in {o}.", "{x}'s place of death was {o}.",
        "{x} spent their last days in {o}, where they died.", "{x} died at home in {o}.",
    ]),
    "P119": (HUMAN, 8, 3, [
        "{x} is buried in {o}.", "{x} was laid to rest in {o}.", "{x}'s grave is in {o}.",
        "{x} was interred in {o}.",
    ]),
    "P26": (HUMAN, 8, 2, [
        "{x} was married to {o}.", "{x}'s spouse was {o}.", "{x} married {o}.",
        "{o} was the spouse of {x}.",
    ]),
    "P509": (HUMAN, 6, 2, [
        "{x} died of {o}.", "The cause of {x}'s death was {o}.", "{x} died from {o}.",
    ]),
    "P140": (HUMAN, 6, 2, [
        "{x}'s religion was {o}.", "{x} practised {o}.", "{x} was a follower of {o}.",
    ]),
    "P57": ("?x wdt:P31 wd:Q11424 .", 8, 3, [
        "{x} was directed by {o}.", "{o} directed {x}.", "{x} is a film by director {o}.",
        "The director of {x} was {o}.",
    ]),
    "P159": ("", 6, 2, [
        "{x} is headquartered in {o}.", "{x} has its headquarters in {o}.",
        "{x} is based in {o}.",
    ]),
    "P740": ("FILTER NOT EXISTS { ?x wdt:P31 wd:Q5 }", 6, 2, [
        "{x} was formed in {o}.", "{x} was founded in {o}.", "{x} originated in {o}.",
    ]),
    "P131": ("?x wdt:P31 ?ct . VALUES ?ct { wd:Q515 wd:Q1549591 wd:Q1637706 } " + NOT_STATE, 4, 1, ["{x} is located in {o}.", "{x} lies in {o}.", "{x} is a city in {o}."]),
    "P30": ("?x wdt:P31 wd:Q6256 .", 4, 1, ["{x} is in {o}.", "{x} is a country in {o}."]),
}  # fmt: skip

NEGATED = {
    "P19": ["{x} was not born in {o}.", "{x} wasn't born in {o}."],
    "P20": ["{x} did not die in {o}.", "{x} didn't die in {o}."],
    "P57": ["{x} was not directed by {o}."],
    "P26": ["{x} was never married to {o}."],
}

MANY = {  # many-valued: unstated pair -> NOT ENOUGH INFO
    "P106": (HUMAN, ["{x} worked as a {o}.", "{x} was a {o}."]),
    "P463": (HUMAN, ["{x} was a member of {o}.", "{x} belonged to {o}."]),
    "P108": (HUMAN, ["{x} worked for {o}.", "{x} was employed by {o}."]),
    "P69": (HUMAN, ["{x} studied at {o}.", "{x} was educated at {o}."]),
    "P136": (HUMAN, ["{x} performed {o}.", "{x}'s genre is {o}."]),
    "P1412": (HUMAN, ["{x} spoke {o}."]),
    "P161": ("?x wdt:P31 wd:Q11424 .", ["{o} starred in {x}.", "{o} acted in {x}."]),
    "P551": (HUMAN, ["{x} lived in {o}.", "{x} resided in {o}."]),
}


def form(text: str) -> str:
    text = re.sub(r"\ba (?=[AEIOUaeiou])", "an ", text)
    return text[0].upper() + text[1:]


def pairs(kg: KG, prop: str, pattern: str) -> list[tuple]:
    rows = kg.q(
        f"SELECT ?x ?xl ?o ?ol WHERE {{ ?x wdt:{prop} ?o . {pattern} {lab('x')} {lab('o')} }}"
        " LIMIT 8000"
    )
    return sorted(set(rows))


def single(kg: KG, rng: random.Random, out: list, prop: str) -> list[tuple]:
    """Stated facts (SUPPORTED) and another value of the same kind (REFUTED)."""
    pattern, n_r, n_s, forms = SINGLE[prop]
    rows = pairs(kg, prop, pattern)
    rng.shuffle(rows)
    values = sorted({(o, ol) for _, _, o, ol in rows})
    kept: list[tuple] = []
    n_sup = 0
    for x, xl, o, ol in rows:
        if len(kept) >= n_r:
            break
        if not kg.ok(xl, ol) or kg.values(x, prop) != {o}:
            continue
        if prop == "P26" and len(kg.values(o, "P26") | {x}) != 1 and kg.values(o, "P26") != {x}:
            continue
        for _ in range(6):
            o2, o2l = rng.choice(values)
            if o2 in (o, x) or not kg.ok(o2l) or not kg.alike(o, o2):
                continue
            if any(w in o2l.lower() or w in ol.lower() for w in VAGUE):
                continue
            if kg.q(f"ASK {{ wd:{x} ?p wd:{o2} }} ") or kg.q(f"ASK {{ wd:{o2} ?p wd:{x} }}"):
                continue  # tied otherwise (a partner, a residence): keep it plainly false
            break
        else:
            continue
        out.append(row(form(rng.choice(forms).format(x=xl, o=o2l)), R, f"{prop}"))
        if n_sup < n_s:
            out.append(row(form(rng.choice(forms).format(x=xl, o=ol)), S, f"{prop}"))
            n_sup += 1
        kept.append((x, xl, o, ol, o2, o2l))
    return kept


def cities(kg: KG, rng: random.Random, out: list) -> None:
    """A city's one present-day country against another country."""
    rows = kg.q(
        "SELECT DISTINCT ?c ?cl WHERE { ?c wdt:P17 ?k . ?c wdt:P31 ?t . "
        "VALUES ?t { wd:Q515 wd:Q1549591 wd:Q1637706 wd:Q5119 } " + lab("c") + " }"
    )
    rng.shuffle(rows)
    forms = [
        "{c} is a city in {k}.", "{c} is in {k}.", "{c} is a {a} city.",
        "The town of {c} is located in {k}.", "{c} is a big {a} city.",
    ]  # fmt: skip
    n = 0
    for c, cl in rows:
        ks = kg.values(c, "P17")
        if n >= 10 or len(ks) != 1 or not ks <= set(COUNTRIES) or not kg.ok(cl):
            continue
        k = next(iter(ks))
        if kg.q(f"ASK {{ wd:{c} wdt:P131+/wdt:P17 ?k . FILTER(?k != wd:{k}) }}"):
            continue
        q2 = rng.choice(sorted(q for q in COUNTRIES if q != k))
        if kg.related(k, q2):
            continue
        for q, label in ((q2, R), (k, S)) if n < 4 else ((q2, R),):
            name, adj = COUNTRIES[q]
            out.append(row(form(rng.choice(forms).format(c=cl, k=name, a=adj)), label, "P17"))
        n += 1


def negated(kg: KG, rng: random.Random, out: list, kept: dict[str, list[tuple]]) -> None:
    """ "X was not born in Y": REFUTED when stated; SUPPORTED for the contradicted value."""
    for prop, forms in NEGATED.items():
        for i, (_x, xl, _o, ol, _o2, o2l) in enumerate(kept.get(prop, [])[-3:]):
            out.append(row(form(rng.choice(forms).format(x=xl, o=ol)), R, f"not_{prop}"))
            if i == 0:
                out.append(row(form(rng.choice(forms).format(x=xl, o=o2l)), S, f"not_{prop}"))


def spouse_birth(kg: KG, rng: random.Random, out: list) -> None:
    """ "X's spouse was born in Y" against the one spouse's one birthplace."""
    rows = kg.q(
        "SELECT ?x ?xl ?y ?b ?bl WHERE { ?x wdt:P26 ?y . ?y wdt:P19 ?b . "
        + lab("x") + " " + lab("b") + " }"
    )  # fmt: skip
    rows = sorted(set(rows))
    rng.shuffle(rows)
    births = sorted({(r[3], r[4]) for r in rows})
    n = 0
    for x, xl, y, b, bl in rows:
        if n >= 5 or not kg.ok(xl, bl) or len(kg.values(x, "P26")) != 1:
            continue
        if len(kg.values(y, "P19")) != 1:
            continue
        b2, b2l = rng.choice(births)
        if not kg.ok(b2l) or not kg.alike(b, b2):
            continue
        out.append(row(f"{xl}'s spouse was born in {b2l}.", R, "spouse_P19"))
        if n < 2:
            out.append(row(f"{xl}'s spouse was born in {bl}.", S, "spouse_P19"))
        n += 1


def many(kg: KG, rng: random.Random, out: list) -> None:
    """Unstated pairs of many-valued relations: NOT ENOUGH INFO."""
    for prop, (pattern, forms) in MANY.items():
        rows = pairs(kg, prop, pattern)
        rng.shuffle(rows)
        values = sorted({(o, ol) for _, _, o, ol in rows})
        n = 0
        for x, xl, _o, _ol in rows:
            if n >= 4 or not kg.ok(xl):
                continue
            o2, o2l = rng.choice(values)
            if not kg.ok(o2l) or kg.q(f"ASK {{ wd:{x} ?p wd:{o2} }}"):
                continue
            out.append(row(form(rng.choice(forms).format(x=xl, o=o2l)), N, f"many_{prop}"))
            n += 1


def main() -> None:
    rng = random.Random(411)
    kg = KG()
    out: list[dict] = []
    kept = {prop: single(kg, rng, out, prop) for prop in SINGLE}
    cities(kg, rng, out)
    negated(kg, rng, out, kept)
    spouse_birth(kg, rng, out)
    many(kg, rng, out)
    write_rows(out, OUT, "ref1_")


if __name__ == "__main__":
    main()
