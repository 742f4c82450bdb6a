"""Build a second development set of natural claims over the demo KG: relations no rule names.

Written from the KG alone, like ``build_dev_reading.py`` (whose :class:`KG` helper
it uses): facts are drawn by SPARQL and every label is checked against the KG.
SUPPORTED: the KG states the fact (or the path, for kinship compositions).
REFUTED: the subject has exactly one stated value of a single-valued relation
(place of burial, cause of death, headquarters, location of formation, sport), the claimed value is another entity that is a value of the
same relation elsewhere, shares a type with the stated one, and neither is located in or a subclass of the other.
Names must be unambiguous: only subjects and objects whose English label belongs
to one entity of the KG are used.

The phrasings are the ones kgfc's rules were not written for: employer,
educated at, genre, instrument, record label, field of work, influences,
residence, languages, siblings, children, founders, settings, burial, cause of
death, grandparents, a spouse's place of birth; as paraphrases, passives and
nominalisations.

Run: ``python benchmarks/build_dev_reading_v2.py`` -> ``benchmarks/data/dev_natural_reading_v2.jsonl``.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from build_dev_reading import KG, PREFIX, R, S, labs  # noqa: E402
from dataset_build import write_rows  # noqa: E402

OUT = ROOT / "benchmarks" / "data" / "dev_natural_reading_v2.jsonl"
PER_CLASS = 8

# property -> (class name, phrasings with {s} and {o}, refutable)
RELATIONS: dict[str, tuple[str, list[str], bool]] = {
    "P69": (
        "educated_at",
        [
            "{s} studied at {o}.",
            "{s} is an alumnus of {o}.",
            "{s} attended {o}.",
            "{s} graduated from {o}.",
            "{s} went to {o}.",
            "{s} received an education at {o}.",
        ],
        False,
    ),
    "P108": (
        "employer",
        [
            "{s} worked for {o}.",
            "{s} was employed by {o}.",
            "{o} employed {s}.",
            "{s} was on the staff of {o}.",
            "{s} held a position at {o}.",
        ],
        False,
    ),
    "P136": (
        "genre",
        [
            "{s} is known for {o}.",
            "{s} works in the {o} genre.",
            "{s} performed {o}.",
            "{s} is associated with the genre {o}.",
            "The music of {s} is {o}.",
        ],
        False,
    ),
    "P1303": (
        "instrument",
        [
            "{s} plays the {o}.",
            "{s} played {o}.",
            "{s} is a {o} player.",
            "{s} performs on the {o}.",
            "{s} can play the {o}.",
        ],
        False,
    ),
    "P264": (
        "record_label",
        [
            "{s} signed with {o}.",
            "{s} was signed to {o}.",
            "{s} recorded for {o}.",
            "{s} released records on {o}.",
            "{s} is on the label {o}.",
        ],
        False,
    ),
    "P101": (
        "field_of_work",
        [
            "{s} worked in the field of {o}.",
            "{s} specialised in {o}.",
            "{s} was active in {o}.",
            "{s}'s field is {o}.",
        ],
        False,
    ),
    "P737": (
        "influenced_by",
        [
            "{s} was influenced by {o}.",
            "{o} influenced {s}.",
            "{s} drew inspiration from {o}.",
            "{s} cited {o} as an influence.",
            "{o} was an influence on {s}.",
        ],
        False,
    ),
    "P551": (
        "residence",
        [
            "{s} lived in {o}.",
            "{s} resided in {o}.",
            "{s} had a residence in {o}.",
            "{s} made a home in {o}.",
        ],
        False,
    ),
    "P1412": (
        "language",
        [
            "{s} spoke {o}.",
            "{s} was fluent in {o}.",
            "{s} could speak {o}.",
            "{s} wrote in {o}.",
        ],
        False,
    ),
    "P3373": (
        "sibling",
        [
            "{s} is a sibling of {o}.",
            "{s} and {o} are siblings.",
            "{o} is {s}'s sibling.",
            "{s} has a sibling named {o}.",
        ],
        False,
    ),
    "P40": (
        "child",
        [
            "{s} is a parent of {o}.",
            "{o} is a child of {s}.",
            "{s} had a child named {o}.",
            "{o} is the offspring of {s}.",
        ],
        False,
    ),
    "P112": (
        "founded_by",
        [
            "{o} founded {s}.",
            "{s} was founded by {o}.",
            "{s} was established by {o}.",
            "{o} is the founder of {s}.",
        ],
        False,
    ),
    "P840": (
        "setting",
        [
            "{s} is set in {o}.",
            "{s} takes place in {o}.",
            "The story of {s} unfolds in {o}.",
        ],
        False,
    ),
    "P119": (
        "burial",
        [
            "{s} is buried in {o}.",
            "{s} was laid to rest at {o}.",
            "{s} was interred at {o}.",
            "{s}'s grave is at {o}.",
            "The burial place of {s} is {o}.",
        ],
        True,
    ),
    "P509": (
        "cause_of_death",
        [
            "{s} died of {o}.",
            "{s}'s death was caused by {o}.",
            "{s} succumbed to {o}.",
            "{o} killed {s}.",
            "The cause of {s}'s death was {o}.",
        ],
        True,
    ),
    "P159": (
        "headquarters",
        [
            "{s} is headquartered in {o}.",
            "{s} has its head office in {o}.",
            "The headquarters of {s} are in {o}.",
            "{s} is based in {o}.",
        ],
        True,
    ),
    "P740": (
        "formed_in",
        [
            "{s} was formed in {o}.",
            "{s} originated in {o}.",
            "{s} got together in {o}.",
        ],
        True,
    ),
    "P641": (
        "sport",
        [
            "{s} competes in {o}.",
            "{s} is a {o} player.",
            "{s} plays {o}.",
        ],
        True,
    ),
}
# the subject's kind where the phrasings need one ("X plays the guitar": a person)
HUMAN = "wd:Q5"
SUBJECT_TYPE = {p: HUMAN for p in RELATIONS if p not in ("P112", "P840", "P159", "P740")}
SUBJECT_TYPE["P740"] = "wd:Q215380"  # musical group


class Names:
    """Entities whose English label no other entity of the KG has (unambiguous names)."""

    def __init__(self, kg: KG) -> None:
        rows = kg.q(
            "SELECT ?l (COUNT(DISTINCT ?e) AS ?n) WHERE { ?e rdfs:label ?l . "
            "FILTER(lang(?l) = 'en') } GROUP BY ?l"
        )
        self.unique = {r["l"] for r in rows if r["n"] == "1"}

    def ok(self, *labels: str) -> bool:
        return all(x in self.unique and "," not in x and "(" not in x for x in labels)


def related(kg: KG, a: str, b: str) -> bool:
    """Is one of ``a``, ``b`` located in, part of or a kind of the other (up to 4 steps)?"""
    path = "(wdt:P131|wdt:P17|wdt:P361|wdt:P279|wdt:P706)+"
    for x, y in ((a, b), (b, a)):
        q = f"ASK {{ <{x}> {path} <{y}> }}"
        if kg.store._store.query(PREFIX + q, use_default_graph_as_union=True):
            return True
    return False


def alike(kg: KG, a: str, b: str) -> bool:
    """Two values of one kind (a shared type), neither located in nor a kind of the other."""
    shared = kg.values(a, "P31") & kg.values(b, "P31")
    return bool(shared) and not related(kg, a, b)


def article(text: str) -> str:
    """ "a American football player" -> "an American football player"."""
    return re.sub(r"\ba (?=[AEIOUaeiou])", "an ", text)


def relation(kg: KG, names: Names, rng: random.Random, pid: str, out: list) -> None:
    cls, phrasings, refutable = RELATIONS[pid]
    kind = f"?s wdt:P31 {SUBJECT_TYPE[pid]} ." if pid in SUBJECT_TYPE else ""
    rows = kg.q(
        f"SELECT ?s ?sl ?o ?ol WHERE {{ ?s wdt:{pid} ?o . {kind} {labs('s', 'o')} }} LIMIT 4000"
    )
    rng.shuffle(rows)
    values = sorted({(r["o"], r["ol"]) for r in rows})
    n = 0
    for r in rows:
        if n >= PER_CLASS:
            break
        if not names.ok(r["sl"], r["ol"]) or r["s"] == r["o"]:
            continue
        text = article(rng.choice(phrasings).format(s=r["sl"], o=r["ol"]))
        out.append({"claim": text[0].upper() + text[1:], "label": S, "class": cls})
        n += 1
        if not refutable or len(kg.values(r["s"], pid)) != 1:
            continue
        for _ in range(10):
            o2, o2l = rng.choice(values)
            if o2 != r["o"] and names.ok(o2l) and alike(kg, r["o"], o2):
                break
        else:
            continue
        text = article(rng.choice(phrasings).format(s=r["sl"], o=o2l))
        out.append({"claim": text[0].upper() + text[1:], "label": R, "class": cls})


def compositions(kg: KG, names: Names, rng: random.Random, out: list) -> None:
    """Grandparents, and a spouse's place of birth (a path through the spouse)."""
    rows = kg.q(
        "SELECT DISTINCT ?a ?al ?b ?bl WHERE { ?a wdt:P40 ?c . ?c wdt:P40 ?b . "
        + labs("a", "b")
        + " } LIMIT 500"
    )
    rng.shuffle(rows)
    forms = [
        "{a} is a grandparent of {b}.",
        "{b} is a grandchild of {a}.",
        "{a} is {b}'s grandparent.",
    ]
    for r in [r for r in rows if names.ok(r["al"], r["bl"])][:PER_CLASS]:
        text = rng.choice(forms).format(a=r["al"], b=r["bl"])
        out.append({"claim": text, "label": S, "class": "grandparent"})
    rows = kg.q(
        "SELECT ?x ?xl ?b ?bl WHERE { ?x wdt:P26 ?y . ?y wdt:P19 ?b . "
        + labs("x", "b")
        + " } LIMIT 2000"
    )
    rng.shuffle(rows)
    births = sorted({(r["b"], r["bl"]) for r in rows})
    forms = [
        "{x}'s spouse was born in {b}.",
        "{x}'s spouse came from {b}.",
        "The spouse of {x} was born in {b}.",
        "{x}'s spouse is a native of {b}.",
    ]
    n = 0
    for r in rows:
        if n >= PER_CLASS:
            break
        if not names.ok(r["xl"], r["bl"]):
            continue
        form = rng.choice(forms)
        out.append(
            {"claim": form.format(x=r["xl"], b=r["bl"]), "label": S, "class": "spouse_birth"}
        )
        n += 1
        spouses = kg.values(r["x"], "P26")
        born = {b for s in spouses for b in kg.values(s, "P19")}
        if len(spouses) != 1 or len(born) != 1:
            continue
        o2, o2l = rng.choice(births)
        if o2 not in born and names.ok(o2l) and alike(kg, o2, next(iter(born))):
            out.append(
                {"claim": form.format(x=r["xl"], b=o2l), "label": R, "class": "spouse_birth"}
            )


def main() -> None:
    rng = random.Random(2026)
    kg = KG()
    names = Names(kg)
    out: list[dict] = []
    for pid in RELATIONS:
        relation(kg, names, rng, pid, out)
    compositions(kg, names, rng, out)
    write_rows(out, OUT, "dev2_")


if __name__ == "__main__":
    main()
