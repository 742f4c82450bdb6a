"""Dates and quantities in natural-language claims: reading, linking and comparing (issue 14, point 1).

**The values are synthetic.** No dataset in ``../shared/data`` pairs a KG with
literal facts (CoDEx has entity-to-entity triples only), so this benchmark
makes them up: it takes CoDEx entities of fitting types (humans, countries,
cities, organisations from CoDEx-S; films from CoDEx-M, as CoDEx-S has one),
draws a random value per (entity, property) with a seeded RNG and writes it
into the store the way kgfc stores a Wikidata statement (the truthy ``wdt:``
form its Wikidata fetch reads):

- dates as ``"1950-05-03T00:00:00Z"^^xsd:dateTime``; a date known only to the
  year as ``"1950-01-01T00:00:00Z"`` (Wikidata's encoding of year precision);
  P569 date of birth, P570 date of death, P571 inception, P577 publication date;
- quantities as a bare ``xsd:decimal`` amount, because the truthy form drops
  the unit: P1082 population (a count), P2048 height (humans; in metres or in
  centimetres, as Wikidata editors write either), P2044 elevation above sea
  level (metres), P2046 area (square kilometres).

So what is measured is whether claim analysis reads the value and the
relation, links the entity and compares at the right precision and in the
right unit — not whether kgfc knows anybody's birthday. Nothing is written
to disk but the results file; the data is generated on every run.

Each fact is verbalised in several phrasings (templates per property, plus
hand-written variants), as a true claim and as a false variant of the same
phrasing: a wrong year, a wrong day or month at full precision, a quantity
outside a sensible tolerance (x0.5-0.75 or x1.35-2), or a wrong magnitude
(a thousand or a hundred times off, "185 m tall"). A true claim more precise
than the stored value (a full date against a year) is not generated: nothing
can decide it.

The "blind" phrasings were written after the reading was fixed against the
others and are the check on how far those fixes carry (see README).

Reported per phrasing: true claims SUPPORTED (recall) and REFUTED (unsound:
must be 0), false claims SUPPORTED (false positives) and REFUTED; overall
SUPPORTED precision/recall/F1 and REFUTED precision/recall.

Run: ``python benchmarks/bench_literals.py --entities 60`` (entities per
kind; ``KGFC_SHARED_DATA`` points elsewhere than ``../shared/data``).
Results go to ``benchmarks/results/literals.json``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import pyoxigraph as ox  # noqa: E402
from bench_claims import (  # noqa: E402
    CODEX,
    demo_store_with,
    log,
    make_verifier,
    md_table,
    prf,
    read_triples,
)

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.models import Fact  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "literals.json"
DATETIME = V.XSD + "dateTime"
DECIMAL = V.XSD + "decimal"

# Entity kinds by their CoDEx type (P31 in the demo KG).
KINDS = {
    "human": {"Q5"},
    "country": {"Q6256", "Q3624078"},
    "city": {"Q515", "Q1549591", "Q1637706", "Q5119", "Q1093829"},
    "organisation": {"Q18127", "Q3918", "Q902104", "Q15936437", "Q23002054", "Q4830453",
                     "Q43229", "Q45400320"},
    "film": {"Q11424"},
}  # fmt: skip
PROPERTIES = {
    "human": ("P569", "P570", "P2048"),
    "country": ("P571", "P1082", "P2046"),
    "city": ("P571", "P1082", "P2044", "P2046"),
    "organisation": ("P571",),
    "film": ("P577",),
}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]  # fmt: skip

# -- templates -------------------------------------------------------------------------
# {s} the entity's label; a date template gets {d} (3 May 1950), {us} (May 3, 1950),
# {iso} (1950-05-03), {my} (May 1950), {y} (1950), {dec} (1950s); a quantity
# template gets the value already written.
DATE_TEMPLATES = {
    "P569": {
        "full_date": "{s} was born on {d}.",
        "us_date": "{s} was born on {us}.",
        "month_year": "{s} was born in {my}.",
        "year": "{s} was born in {y}.",
        "iso": "{s}'s date of birth is {iso}.",
        "rel_first": "The date of birth of {s} is {us}.",
        "decade": "{s} was born in the {dec}.",
        "hand": "{s}'s birthday is {d}.",
    },
    "P570": {
        "full_date": "{s} died on {d}.",
        "us_date": "{s} died on {us}.",
        "month_year": "{s} died in {my}.",
        "year": "{s} died in {y}.",
        "iso": "{s}'s date of death is {iso}.",
        "rel_first": "The date of death of {s} is {us}.",
        "decade": "{s} died in the {dec}.",
        "hand": "{s} passed away in {y}.",
    },
    "P571": {
        "full_date": "{s} was founded on {d}.",
        "us_date": "{s} was established on {us}.",
        "month_year": "{s} was founded in {my}.",
        "year": "{s} was founded in {y}.",
        "iso": "{s}'s inception is {iso}.",
        "rel_first": "The inception of {s} is {y}.",
        "decade": "{s} was founded in the {dec}.",
        "hand": "{s} was established in {y}.",
    },
    "P577": {
        "full_date": "{s} was released on {d}.",
        "us_date": "{s} was released on {us}.",
        "month_year": "{s} was released in {my}.",
        "year": "{s} was released in {y}.",
        "iso": "{s}'s publication date is {iso}.",
        "rel_first": "The publication date of {s} is {us}.",
        "decade": "{s} was released in the {dec}.",
        "hand": "{s} came out in {y}.",
    },
}

# Relative phrasings (a decade's third, a century), added after the first figures: their
# false variants draw from a second RNG so the claims above stay the same.
RELATIVE_DATES = {
    "P569": {"century": "{s} was born in the {cent} century.",
             "decade_part": "{s} was born in the {part} {dec}."},
    "P570": {"century": "{s} died in the {cent} century.",
             "decade_part": "{s} died in the {part} {dec}."},
    "P571": {"century": "{s} was founded in the {cent} century.",
             "decade_part": "{s} was established in the {part} {dec}."},
    "P577": {"century": "{s} was released in the {cent} century.",
             "decade_part": "{s} came out in the {part} {dec}."},
}  # fmt: skip

# "blind": phrasings written after the reading fixes were made against the ones
# above, and measured without tuning to them: a check on how far the fixes carry.
BLIND_DATES = {
    "P569": ["{s} was born on the {dth} of {mon}, {y}.", "In {y}, {s} was born.",
             "{s}'s year of birth is {y}."],
    "P570": ["{s} died on the {dth} of {mon} {y}.", "In {y}, {s} died.",
             "{s}'s year of death is {y}."],
    "P571": ["{s} was created in {y}.", "The founding year of {s} is {y}.",
             "{s} was set up in {y}."],
    "P577": ["{s} premiered in {y}.", "{s} was first released on {d}.",
             "{s} was published in {my}."],
}  # fmt: skip


def _precision(template: str) -> int:
    """What a date template states: 3 the day, 2 the month, 1 the year (or decade)."""
    if any(k in template for k in ("{d}", "{us}", "{iso}", "{dth}")):
        return 3
    return 2 if "{my}" in template or "{mon}" in template else 1


def _fmt_int(n: float) -> str:
    return f"{round(n):,}"


def _scaled(n: float) -> str:
    """1234567 -> "1.2 million", 45300 -> "45,000" (two significant digits)."""
    for word, size in (("billion", 1e9), ("million", 1e6)):
        if n >= size:
            v = _round2(n) / size
            text = f"{v:.1f}" if v < 10 else f"{v:.0f}"
            return (text[:-2] if text.endswith(".0") else text) + f" {word}"
    return _fmt_int(_round2(n))


def _round2(n: float) -> float:
    """``n`` to two significant digits (what "about 1.2 million" says)."""
    from math import floor, log10

    if n <= 0:
        return n
    k = 10 ** (floor(log10(n)) - 1)
    return round(n / k) * k


# quantity phrasings: property -> phrasing -> function(label, SI value, stored unit) -> text
def _height(metres: float, unit: str) -> str:
    return f"{metres:.2f} m" if unit == "m" else f"{round(metres * 100)} cm"


BLIND_QTY = {
    "P1082": [lambda s, v: f"{s} has {_scaled(v)} residents.",
              lambda s, v: f"The number of inhabitants of {s} is {_fmt_int(v)}.",
              lambda s, v: f"{s} counts roughly {_scaled(v)} people."],
    "P2048": [lambda s, v: f"{s} has a height of {v:.2f} m.",
              lambda s, v: f"{s} measures {round(v * 100)} cm in height.",
              lambda s, v: f"{s} is {round(v * 100)} centimeters tall."],
    "P2044": [lambda s, v: f"{s} has an altitude of {_fmt_int(v)} metres.",
              lambda s, v: f"{s} sits {_fmt_int(v)} m above sea level."],
    "P2046": [lambda s, v: f"{s} spans {_fmt_int(v)} km².",
              lambda s, v: f"The total area of {s} is {_fmt_int(v)} square kilometers."],
}  # fmt: skip

QTY_TEMPLATES = {
    "P1082": {
        "plain": lambda s, v: f"{s} has a population of {_fmt_int(v)}.",
        "rel_first": lambda s, v: f"The population of {s} is {_fmt_int(v)}.",
        "scaled": lambda s, v: f"The population of {s} is {_scaled(v)}.",
        "about": lambda s, v: f"{s} has about {_scaled(v)} inhabitants.",
        "hand": lambda s, v: f"{s} is home to approximately {_fmt_int(_round2(v))} people.",
        "possessive": lambda s, v: f"{s}'s population is {_scaled(v)}.",
    },
    "P2048": {
        "plain": lambda s, v: f"{s} is {v:.2f} m tall.",
        "unit": lambda s, v: f"{s} is {round(v * 100)} cm tall.",
        "rel_first": lambda s, v: f"The height of {s} is {v:.2f} metres.",
        "possessive": lambda s, v: f"{s}'s height is {round(v * 100)} centimetres.",
        "hand": lambda s, v: f"{s} stands {v:.2f} metres tall.",
        "feet": lambda s, v: f"{s} is {_feet(v)} tall.",
    },
    "P2044": {
        "plain": lambda s, v: f"{s} lies at an elevation of {_fmt_int(v)} m.",
        "rel_first": lambda s, v: f"The elevation above sea level of {s} is {_fmt_int(v)} metres.",
        "hand": lambda s, v: f"{s} is {_fmt_int(v)} metres above sea level.",
        "feet": lambda s, v: f"{s} is {_fmt_int(v / 0.3048)} feet above sea level.",
    },
    "P2046": {
        "plain": lambda s, v: f"{s} has an area of {_fmt_int(v)} km².",
        "rel_first": lambda s, v: f"The area of {s} is {_fmt_int(v)} square kilometres.",
        "about": lambda s, v: f"{s} covers about {_scaled(v)} square kilometres.",
        "unit": lambda s, v: f"{s} has an area of {_fmt_int(v / 2.589988)} square miles.",
    },
}


def _feet(metres: float) -> str:
    inches = round(metres / 0.0254)
    return f"{inches // 12} ft {inches % 12} in"


# -- synthetic facts --------------------------------------------------------------------


def _date(rng: random.Random, lo: int, hi: int, year_only: float) -> tuple[int, int, int, bool]:
    y = rng.randint(lo, hi)
    if rng.random() < year_only:
        return y, 1, 1, True
    return y, rng.randint(1, 12), rng.randint(2, 28), False


def synth_values(kind: str, rng: random.Random) -> dict[str, tuple]:
    """Plausible made-up values for one entity: pid -> ("date", y, m, d, year_only) | ("qty", SI value, unit)."""
    out: dict[str, tuple] = {}
    if kind == "human":
        y, m, d, yo = _date(rng, 1890, 1990, 0.15)
        out["P569"] = ("date", y, m, d, yo)
        if rng.random() < 0.6:
            y2, m2, d2, yo2 = _date(rng, y + 30, min(y + 95, 2020), 0.15)
            out["P570"] = ("date", y2, m2, d2, yo2)
        if rng.random() < 0.6:
            out["P2048"] = ("qty", round(rng.uniform(1.52, 2.05), 2), rng.choice(("m", "cm")))
    elif kind == "country":
        out["P571"] = ("date", *_date(rng, 1700, 1993, 0.5))
        out["P1082"] = ("qty", float(rng.randint(300_000, 250_000_000)), "1")
        out["P2046"] = ("qty", float(rng.randint(2_000, 3_000_000)), "km2")
    elif kind == "city":
        out["P571"] = ("date", *_date(rng, 800, 1900, 0.9))
        out["P1082"] = ("qty", float(rng.randint(20_000, 12_000_000)), "1")
        out["P2044"] = ("qty", float(rng.randint(5, 2_400)), "m")
        out["P2046"] = ("qty", float(rng.randint(30, 3_000)), "km2")
    elif kind == "organisation":
        out["P571"] = ("date", *_date(rng, 1800, 2010, 0.5))
    elif kind == "film":
        out["P577"] = ("date", *_date(rng, 1930, 2019, 0.2))
    return out


def stored_literal(value: tuple) -> tuple[str, str]:
    """(lexical form, datatype) as the truthy Wikidata statement holds it."""
    if value[0] == "date":
        _, y, m, d, _yo = value
        return f"{y:04d}-{m:02d}-{d:02d}T00:00:00Z", DATETIME
    _, si, unit = value
    amount = si * 100 if unit == "cm" else si  # the truthy form keeps the statement's unit's amount
    text = f"{amount:.2f}".rstrip("0").rstrip(".") if amount != int(amount) else str(int(amount))
    return text, DECIMAL


# -- the dev set ------------------------------------------------------------------------


def pick_entities(
    store: OxigraphStore, per_kind: int, rng: random.Random
) -> list[tuple[str, str, str]]:
    """(qid, label, kind): labelled CoDEx entities of each kind, CoDEx-S first (films from CoDEx-M)."""
    index = store.label_index()
    p31 = ox.NamedNode(V.WDT + "P31")
    taken: set[str] = set()
    out = []
    for kind, classes in KINDS.items():
        split = "m" if kind == "film" else "s"
        ents: set[str] = set()
        for h, _r, t in read_triples(CODEX / "triples" / f"codex-{split}" / "train.txt"):
            ents.update((h, t))
        pool = []
        for q in sorted(ents):
            label = index.label(V.WD + q)
            if (
                not label
                or q in taken
                or not label[:1].isupper()
                or any(c.isdigit() for c in label)
            ):
                continue
            types = {
                x.object.value.rsplit("/", 1)[-1]
                for x in store.quads(subject=ox.NamedNode(V.WD + q), predicate=p31)
            }
            if types & classes:
                pool.append((q, label, kind))
        rng.shuffle(pool)
        chosen = pool[:per_kind]
        taken.update(q for q, _, _ in chosen)
        out += chosen
    return out


def _date_words(y: int, m: int, d: int) -> dict[str, str]:
    return {
        "d": f"{d} {MONTHS[m - 1]} {y}",
        "us": f"{MONTHS[m - 1]} {d}, {y}",
        "iso": f"{y:04d}-{m:02d}-{d:02d}",
        "my": f"{MONTHS[m - 1]} {y}",
        "y": str(y),
        "dth": _ordinal(d),
        "mon": MONTHS[m - 1],
        "dec": f"{y // 10 * 10}s",
        "cent": _ordinal(y // 100 + 1) if y % 100 else "",
        "part": ("early", "early", "early", "mid", "mid", "mid", "mid", "late", "late", "late")[
            y % 10
        ],
    }


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _wrong_date(
    value: tuple, phrasing: str, precision: int, rng: random.Random
) -> tuple[tuple, str]:
    """A false variant of a stored date for ``phrasing``: (y, m, d), and what is wrong."""
    _, y, m, d, year_only = value
    if phrasing == "decade":
        return (y + rng.choice((-1, 1)) * rng.randint(1, 3) * 10, m, d), "wrong decade"
    if not year_only and precision == 3 and rng.random() < 0.5:
        if rng.random() < 0.5:
            return (y, m, (d - 1 + rng.randint(1, 26)) % 28 + 1), "wrong day"
        return (y, m % 12 + 1, d), "wrong month"
    if not year_only and precision == 2 and rng.random() < 0.5:
        return (y, (m + rng.randint(0, 10)) % 12 + 1, d), "wrong month"
    return (y + rng.choice((-1, 1)) * rng.randint(1, 12), m, d), "wrong year"


def _wrong_qty(si: float, rng: random.Random) -> tuple[float, str]:
    roll = rng.random()
    if roll < 0.35:
        return si * rng.uniform(1.35, 2.0), "too high"
    if roll < 0.7:
        return si * rng.uniform(0.5, 0.75), "too low"
    return si * rng.choice((1000.0, 0.001, 100.0, 0.01)), "wrong magnitude"


def dev_set(store: OxigraphStore, per_kind: int, seed: int) -> tuple[list[dict], list[Fact]]:
    rng = random.Random(seed)
    rng2 = random.Random(seed + 1)  # the relative phrasings' false variants
    claims: list[dict] = []
    facts: list[Fact] = []
    for q, label, kind in pick_entities(store, per_kind, rng):
        for pid, value in synth_values(kind, rng).items():
            if pid not in PROPERTIES[kind]:
                continue
            text, dtype = stored_literal(value)
            facts.append(
                Fact(
                    subject=V.WD + q,
                    predicate=V.WDT + pid,
                    object=text,
                    object_is_literal=True,
                    datatype=dtype,
                )
            )
            if value[0] == "date":
                _, y, m, d, year_only = value
                for phrasing, tpl in RELATIVE_DATES[pid].items():
                    words = _date_words(y, m, d)
                    if phrasing == "century" and not words["cent"]:
                        continue  # 1900: the 19th or the 20th century, as one counts
                    base = {
                        "phrasing": phrasing,
                        "property": pid,
                        "entity": q,
                        "stored": text,
                        "states": 1,
                    }
                    claims.append({**base, "text": tpl.format(s=label, **words), "gold": True})
                    step = 100 if phrasing == "century" else 10
                    y2 = y + rng2.choice((-1, 1)) * rng2.randint(1, 3) * step
                    y2 += y2 % 100 == 0  # not a year two centuries share
                    wrong = tpl.format(s=label, **_date_words(y2, m, d))
                    claims.append(
                        {**base, "text": wrong, "gold": False, "why": f"wrong {phrasing}"}
                    )
                blind = [("blind", t) for t in BLIND_DATES[pid]]
                for phrasing, tpl in [*DATE_TEMPLATES[pid].items(), *blind]:
                    precision = _precision(tpl)
                    if year_only and precision > 1:
                        continue  # a claim more precise than the KG: nothing decides it
                    base = {
                        "phrasing": phrasing,
                        "property": pid,
                        "entity": q,
                        "stored": text,
                        "states": precision,
                    }
                    claims.append(
                        {**base, "text": tpl.format(s=label, **_date_words(y, m, d)), "gold": True}
                    )
                    (y2, m2, d2), why = _wrong_date(value, phrasing, precision, rng)
                    claims.append(
                        {
                            **base,
                            "text": tpl.format(s=label, **_date_words(y2, m2, d2)),
                            "gold": False,
                            "why": why,
                        }
                    )
            else:
                _, si, _unit = value
                blind = [("blind", t) for t in BLIND_QTY[pid]]
                for phrasing, tpl in [*QTY_TEMPLATES[pid].items(), *blind]:
                    name = phrasing if phrasing == "blind" else "qty_" + phrasing
                    base = {"phrasing": name, "property": pid, "entity": q, "stored": text}
                    claims.append({**base, "text": tpl(label, si), "gold": True})
                    wrong, why = _wrong_qty(si, rng)
                    claims.append({**base, "text": tpl(label, wrong), "gold": False, "why": why})
    return claims, facts


def build_store(facts: list[Fact]) -> OxigraphStore:
    title = "synthetic literal facts (bench_literals.py; made-up values)"
    return demo_store_with(facts, "bench/literals/synthetic", title)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--entities", type=int, default=60, help="entities per kind")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--tag", default="current", help="name of this run in the results file")
    ap.add_argument("--failures", type=int, default=0, help="print this many wrong verdicts")
    args = ap.parse_args()
    if not CODEX.exists():
        raise SystemExit(f"CoDEx data not found at {CODEX}")
    start = time.perf_counter()
    probe = OxigraphStore()
    ensure_demo(probe)
    claims, facts = dev_set(probe, args.entities, args.seed)
    del probe
    store = build_store(facts)
    log(
        f"{len(facts)} synthetic facts, {len(claims)} claims; store ready in {time.perf_counter() - start:.1f}s"
    )
    verify = make_verifier(store)
    for c in claims[:3]:
        verify(c["text"])  # warm: spaCy, label index, KG statistics
    per: dict[str, Counter] = defaultdict(Counter)
    wrong = []
    start = time.perf_counter()
    for i, c in enumerate(claims):
        r = verify(c["text"])
        v = r.verdict.value
        k = per[c["phrasing"]]
        side = "true" if c["gold"] else "false"
        k[f"n_{side}"] += 1
        k[f"{side}_supported"] += v == "SUPPORTED"
        k[f"{side}_refuted"] += v == "REFUTED"
        bad = (c["gold"] and v != "SUPPORTED") or (not c["gold"] and v == "SUPPORTED")
        if bad:
            wrong.append(
                (c["phrasing"], str(c["gold"]), c["text"], c["stored"], v, r.justification[:150])
            )
        if (i + 1) % 200 == 0:
            log(f"{i + 1}/{len(claims)}")
    seconds = time.perf_counter() - start
    table = {}
    tot = Counter()
    for phrasing in sorted(per):
        k = per[phrasing]
        tot.update(k)
        table[phrasing] = {
            "true_claims": k["n_true"],
            "false_claims": k["n_false"],
            "recall": round(k["true_supported"] / max(1, k["n_true"]), 4),
            "true_refuted": k["true_refuted"],
            "false_supported": k["false_supported"],
            "false_refuted": round(k["false_refuted"] / max(1, k["n_false"]), 4),
        }
    tp, fp = tot["true_supported"], tot["false_supported"]
    fn = tot["n_true"] - tp
    out = {
        "claims": len(claims),
        "synthetic_facts": len(facts),
        "entities_per_kind": args.entities,
        "seed": args.seed,
        "supported": prf(tp, fp, fn),
        "refuted": prf(
            tot["false_refuted"], tot["true_refuted"], tot["n_false"] - tot["false_refuted"]
        ),
        "true_refuted": tot["true_refuted"],
        "claims_per_s": round(len(claims) / seconds, 2),
        "phrasings": table,
    }
    print(json.dumps(out, indent=2))
    header = [
        "phrasing",
        "true",
        "recall",
        "true REFUTED",
        "false",
        "false SUPPORTED",
        "false REFUTED",
    ]
    rows = [
        [p, str(r["true_claims"]), f"{r['recall']:.3f}", str(r["true_refuted"]),
         str(r["false_claims"]), str(r["false_supported"]), f"{r['false_refuted']:.3f}"]
        for p, r in table.items()
    ]  # fmt: skip
    print("\n" + md_table(header, rows))
    s, rf = out["supported"], out["refuted"]
    print(
        f"\nSUPPORTED P {s['precision']:.3f} R {s['recall']:.3f} F1 {s['f1']:.3f}; "
        f"REFUTED P {rf['precision']:.3f} R {rf['recall']:.3f}; true REFUTED {tot['true_refuted']}; "
        f"{out['claims_per_s']} claims/s"
    )
    for w in wrong[: args.failures]:
        print(" | ".join(w))
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[args.tag] = out
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
