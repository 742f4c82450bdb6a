"""Multi-hop claims over the bundled demo KG: chains the verdict must follow and cite (issue 14, point 3).

A development set generated from the demo KG itself (a real Wikidata subgraph,
``kgfc/data/DEMO_KG.md``), so it runs on a clean checkout:

- **positives**: "S was born in Z." where the KG states S place of birth C and
  C is located in / country / continent ... Z within at most three facts in all,
  but never S place of birth Z itself; the same for place of death ("died in"),
  residence ("lived in"), headquarters ("is headquartered in"), employer
  through a parent organization or part-of ("worked for") and educated at
  through part-of ("was educated at");
- **ambiguous**: claims whose only chains pass through an ambiguous step (one of
  a city's several historical countries, one of a country's several
  continents): not sound evidence, so they should not come back SUPPORTED
  (and, being possibly true, never REFUTED);
- **negatives**: the same subject with a Z' of the same kind (a region, a
  country, a continent, an organisation: the end of another positive's chain
  by the same last property) that the subject's values do not reach, do not
  lie inside and — for regions and countries — share no country with.

Measured with the local reasoner (no LLM), through ``FactChecker.verify``
(the ``kgfc verify`` path): the share of positives SUPPORTED with the chain
cited (the cited facts lead from the subject to the object), positives
REFUTED (must be none: true-but-indirect claims), negatives SUPPORTED (false
positives), SUPPORTED precision, per relation and per chain length; claims/s.

Run: ``python benchmarks/bench_chains.py [--claims 120] [--seed 3]``.
Results go to ``benchmarks/results/chains.json``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import pyoxigraph as ox

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.paths import unambiguous  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "chains.json"

# relation -> how the claim says it
PHRASES = {
    "P19": "{s} was born in {o}.",
    "P20": "{s} died in {o}.",
    "P551": "{s} lived in {o}.",
    "P159": "{s} is headquartered in {o}.",
    "P108": "{s} worked for {o}.",
    "P69": "{s} was educated at {o}.",
    "P119": "{s} is buried in {o}.",
    "P740": "{s} was formed in {o}.",
}
# What each relation chains through: the dev set's own table (not kgfc's), so that a
# chain kgfc does not know about still shows as a miss.
_LOCATION = ("P131", "P276", "P17", "P706", "P30")
UP = {pid: _LOCATION for pid in ("P19", "P20", "P551", "P159", "P119", "P740")}
UP["P108"] = ("P749", "P361")
UP["P69"] = ("P361",)
# Other ways to say the same claims (``--phrasings blind1``), written before any change
# they might prompt and run first: each claim is asked in every one of its relation's
# phrasings, so the figures show which phrasing loses the chain.
PHRASINGS = {
    "blind1": {
        "P19": (
            "{s} is a native of {o}.",
            "{o} is the birthplace of {s}.",
            "{s}'s place of birth is in {o}.",
            "Was {s} born in {o}?",
            "{s} was born somewhere in {o}.",
        ),
        "P20": (
            "{s} passed away in {o}.",
            "{s}'s death took place in {o}.",
            "{o} is where {s} died.",
        ),
        "P551": ("{s} resided in {o}.", "{s} made a home in {o}.", "{s} has lived in {o}."),
        "P159": (
            "{s} has its headquarters in {o}.",
            "{s} is based in {o}.",
            "The headquarters of {s} are in {o}.",
        ),
        "P108": ("{s} was employed by {o}.", "{s} worked at {o}.", "{o} employed {s}."),
        "P69": ("{s} studied at {o}.", "{s} attended {o}.", "{s} is an alumnus of {o}."),
        "P119": ("{s} was buried in {o}.", "{s} is interred in {o}.", "{s}'s grave is in {o}."),
        "P740": ("{s} was founded in {o}.", "{s} formed in {o}.", "{s} originated in {o}."),
    },
    # written after blind1's fixes, run before any change of its own
    "blind2": {
        "P19": (
            "{s} hails from {o}.",
            "{s} came into the world in {o}.",
            "{s}'s birthplace lies in {o}.",
            "{s} was born in {o}, right?",
            "The place where {s} was born is in {o}.",
            "{s} first saw the light of day in {o}.",
        ),
        "P20": (
            "{s} breathed their last in {o}.",
            "{s} died somewhere in {o}.",
            "{s}'s life ended in {o}.",
            "The place of death of {s} is located in {o}.",
        ),
        "P551": (
            "{s} settled in {o}.",
            "{s} has a residence in {o}.",
            "{o} was home to {s}.",
            "{s} lived for a time in {o}.",
        ),
        "P159": (
            "{s} is headquartered somewhere in {o}.",
            "{s}'s head office is in {o}.",
            "{s} has its main office in {o}.",
            "{o} is home to the headquarters of {s}.",
        ),
        "P108": (
            "{s} was on the staff of {o}.",
            "{s} held a job at {o}.",
            "{s} was an employee of {o}.",
            "At one point {s} worked for {o}.",
        ),
        "P69": (
            "{s} went to {o}.",
            "{s} graduated from {o}.",
            "{s} was a student at {o}.",
            "{s} received an education at {o}.",
        ),
        "P119": (
            "{s} lies buried in {o}.",
            "{s} was laid to rest in {o}.",
            "{s}'s final resting place is in {o}.",
            "{s}'s remains are in {o}.",
        ),
        "P740": (
            "{s} was established in {o}.",
            "{s} got its start in {o}.",
            "{s} was set up in {o}.",
            "{s} has its roots in {o}.",
        ),
    },
    # written after blind2's fixes, run before any change of its own
    "blind3": {
        "P19": (
            "{s} was born in a city in {o}.",
            "It was in {o} that {s} was born.",
            "{s} entered the world in {o}.",
        ),
        "P20": (
            "Did {s} die in {o}?",
            "{s} died in a city in {o}.",
            "It was in {o} that {s} died.",
            "{s} lost their life in {o}.",
        ),
        "P551": (
            "{s} used to live in {o}.",
            "{s} once lived in {o}.",
            "{s} was a resident of {o}.",
        ),
        "P159": (
            "{s}'s headquarters are located in {o}.",
            "{s} is an organisation based in {o}.",
            "The seat of {s} is in {o}.",
        ),
        "P108": ("{s} worked for {o} for years.", "{s} was employed at {o}."),
        "P69": (
            "{s} did their studies at {o}.",
            "{s} earned a degree from {o}.",
            "{s} was schooled at {o}.",
        ),
        "P119": ("{s} rests in {o}.", "Was {s} buried in {o}?", "{s}'s burial place is in {o}."),
        "P740": (
            "{s} was formed somewhere in {o}.",
            "{s} came into being in {o}.",
            "{s}'s origins are in {o}.",
        ),
    },
}
# A duration the KG does not keep ("for years"): the claim says more than the chain holds, so
# NOT ENOUGH INFO is its answer since issue 14's qualifier rule (kgfc/nlp/qualifiers.py);
# reported apart, as bench_paraphrases reports its QUALIFIED templates.
QUALIFIED = frozenset({"{s} worked for {o} for years."})
MAX_LEN = 3
NAME = re.compile(r"[A-Z][\w .'&-]+")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


class KG:
    """Pattern lookups over the store, cached."""

    def __init__(self, store: OxigraphStore) -> None:
        self.store = store
        self.labels = store.label_index()
        self._out: dict[tuple[str, str], list[str]] = {}
        self._sound: dict[tuple[str, str, str], bool] = {}

    def objects(self, s: str, p: str) -> list[str]:
        key = (s, p)
        if key not in self._out:
            self._out[key] = sorted(
                {
                    q.object.value
                    for q in self.store.quads(subject=ox.NamedNode(s), predicate=ox.NamedNode(p))
                    if isinstance(q.object, ox.NamedNode)
                }
            )
        return self._out[key]

    def unambiguous(self, x: str, q: str, y: str) -> bool:
        key = (x, q, y)
        if key not in self._sound:
            self._sound[key] = unambiguous(self.store, x, q, y)
        return self._sound[key]

    def name(self, iri: str) -> str | None:
        """The entity's label, when it names only this entity (else the claim would be ambiguous)."""
        label = self.labels.label(iri)
        if not label or not NAME.fullmatch(label):
            return None
        if any(h.entity != iri for h in self.labels.search(label, fuzzy=False)):
            return None  # "New York" is the state's label and the city's alias
        return label

    def up(self, start: str, props, depth: int) -> dict[str, list[tuple[str, str, str]]]:
        """Entities reachable from ``start`` along ``props`` in at most ``depth`` steps, with a shortest path."""
        out: dict[str, list[tuple[str, str, str]]] = {}
        frontier = {start: []}
        for _ in range(depth):
            nxt = {}
            for node, path in frontier.items():
                for p in props:
                    for o in self.objects(node, p):
                        if o != start and o not in out:
                            out[o] = nxt[o] = [*path, (node, p, o)]
            frontier = nxt
        return out


def chain_claims(kg: KG, pid: str) -> list[dict]:
    """Every (subject, Z) with a chain of length 2..3 from the subject through ``pid``, Z not stated.

    ``sound`` says whether some chain to Z takes only unambiguous steps
    (:func:`kgfc.kg.paths.unambiguous`: not through one of a city's several
    historical countries, not into one of a country's several continents).
    """
    p = V.WDT + pid
    then = [V.WDT + q for q in UP[pid]]
    subjects = sorted({q.subject.value for q in kg.store.quads(predicate=ox.NamedNode(p))})
    out = []
    for s in subjects:
        if not kg.name(s):
            continue
        direct = set(kg.objects(s, p))
        found: dict[str, dict] = {}
        for c in sorted(direct):
            # (node, steps so far, all steps unambiguous)
            frontier = [(c, 1, True)]
            for _ in range(MAX_LEN - 1):
                nxt = []
                for node, length, ok in frontier:
                    for q in then:
                        for z in kg.objects(node, q):
                            sound = ok and kg.unambiguous(node, q, z)
                            nxt.append((z, length + 1, sound))
                            if z in direct or z == s or not kg.name(z):
                                continue
                            old = found.get(z)
                            if old is None or (sound and not old["sound"]):
                                found[z] = {
                                    "pid": pid,
                                    "s": s,
                                    "z": z,
                                    "via": c,
                                    "length": length + 1,
                                    "kind": q.rsplit("/", 1)[1],  # the last step's property
                                    "sound": sound,
                                }
                frontier = nxt
        out += [found[z] for z in sorted(found)]
    return out


def countries(kg: KG, entity: str) -> set[str]:
    up = kg.up(entity, [V.WDT + q for q in _LOCATION], 4)
    return {o for o, path in up.items() if path[-1][1] == V.WDT + "P17"}


def dev_set(store: OxigraphStore, n: int, seed: int) -> list[dict]:
    kg = KG(store)
    rng = random.Random(seed)
    claims: list[dict] = []
    per_rel = max(1, n // (2 * len(PHRASES)))
    for pid in PHRASES:
        every = chain_claims(kg, pid)
        if not every:
            continue
        # one claim per subject, spread over chain kinds and lengths
        by_subject: dict[str, list[dict]] = defaultdict(list)
        for c in every:
            by_subject[c["s"]].append(c)
        pos, ambiguous = [], []
        for _, cs in sorted(by_subject.items()):
            sound = [c for c in cs if c["sound"]]
            longer = [c for c in sound if c["length"] > 2]
            if longer and rng.random() < 0.5:
                pos.append(rng.choice(longer))  # the longer chains are rarer: keep them in
            elif sound:
                pos.append(rng.choice(sound))
            unsound = [c for c in cs if not c["sound"]]
            if unsound:
                ambiguous.append(rng.choice(unsound))
        rng.shuffle(pos)
        rng.shuffle(ambiguous)
        for c in ambiguous[: max(1, per_rel // 3)]:
            claims.append(
                {
                    **c,
                    "truth": None,
                    "text": PHRASES[pid].format(s=kg.name(c["s"]), o=kg.name(c["z"])),
                }
            )
        pool = defaultdict(set)
        for c in every:
            pool[c["kind"]].add(c["z"])
        p = V.WDT + pid
        then = [V.WDT + q for q in UP[pid]]
        made = 0
        for c in pos:
            if made >= per_rel:
                break
            s = c["s"]
            values = kg.objects(s, p)
            reach = set(values)
            for v in values:
                reach |= set(kg.up(v, then, 5))
            mine = set().union(*(countries(kg, v) for v in values)) if pid != "P108" else set()
            options = []
            for z2 in sorted(pool[c["kind"]]):
                if z2 in reach or not kg.name(z2):
                    continue
                if any(v in kg.up(z2, then, 5) for v in values):
                    continue  # one of the subject's values lies inside it
                if (
                    pid not in ("P108", "P69")
                    and c["kind"] == "P131"
                    and (not mine or countries(kg, z2) & mine)
                ):
                    continue  # a region of the same country might hold it, unstated
                options.append(z2)
            if not options:
                continue
            z2 = rng.choice(options)
            sn = kg.name(s)
            claims.append(
                {**c, "truth": True, "text": PHRASES[pid].format(s=sn, o=kg.name(c["z"]))}
            )
            claims.append(
                {
                    **c,
                    "z": z2,
                    "truth": False,
                    "length": 0,
                    "text": PHRASES[pid].format(s=sn, o=kg.name(z2)),
                }
            )
            made += 1
    return claims


def chain_cited(result, s: str, z: str) -> bool:
    """Do the cited facts lead from ``s`` to ``z`` (a chain, not one stated fact)?"""
    edges = defaultdict(set)
    for e in result.cited:
        if not e.object_is_literal:
            edges[e.subject].add(e.object)
    seen, frontier = {s}, [s]
    while frontier:
        nxt = []
        for node in frontier:
            for o in edges.get(node, ()):
                if o == z:
                    return True
                if o not in seen:
                    seen.add(o)
                    nxt.append(o)
        frontier = nxt
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=120, help="positives and negatives in all")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--tag", default="current", help="name of this run in the results file")
    ap.add_argument("--failures", type=int, default=0, help="print this many failures")
    ap.add_argument(
        "--phrasings",
        choices=sorted(PHRASINGS),
        help="ask each claim in every phrasing of this table instead of the plain one",
    )
    args = ap.parse_args()

    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    store = OxigraphStore()
    ensure_demo(store)
    claims = dev_set(store, args.claims, args.seed)
    if args.phrasings:
        kg = KG(store)
        claims = [
            {**c, "template": t, "text": t.format(s=kg.name(c["s"]), o=kg.name(c["z"]))}
            for c in claims
            for t in PHRASINGS[args.phrasings][c["pid"]]
        ]
    kinds = Counter({True: "true", False: "false", None: "ambiguous"}[c["truth"]] for c in claims)
    log(f"{len(claims)} claims: {dict(kinds)}")
    checker = FactChecker(store=store, settings=load_settings(offline=True))
    for c in claims[:2]:
        checker.verify(c["text"], record=False)  # warm: spaCy, embedder, label index, statistics
    per = defaultdict(Counter)
    failures = []
    start = time.perf_counter()
    for c in claims:
        r = checker.verify(c["text"], record=False)
        v = r.verdict.value
        key = {True: "pos", False: "neg", None: "amb"}[c["truth"]]
        groups = [f"rel:{c['pid']}", f"kind:{c['kind']}", "all"]
        if "template" in c:
            groups.append(f"tpl:{c['template']}")
        if c.get("template") in QUALIFIED:
            # not known true as worded: its SUPPORTED share is reported (lower is sounder)
            for group in (f"tpl:{c['template']}", "qualified"):
                per[group][key] += 1
                per[group][f"{key}:{v}"] += 1
            continue
        for group in groups:
            per[group][f"{key}"] += 1
            per[group][f"{key}:{v}"] += 1
        if c["truth"] is True:
            per[f"len:{c['length']}"]["pos"] += 1
            per[f"len:{c['length']}"][f"pos:{v}"] += 1
            if v == "SUPPORTED" and chain_cited(r, c["s"], c["z"]):
                for group in [*groups, f"len:{c['length']}"]:
                    per[group]["pos:chain_cited"] += 1
        if c["truth"] is True and v == "SUPPORTED" and not chain_cited(r, c["s"], c["z"]):
            failures.append((c["text"], "true, chain not cited", v, r.justification[:300]))
        elif (c["truth"] is True and v != "SUPPORTED") or (
            c["truth"] is not True and v == "SUPPORTED"
        ):
            failures.append((c["text"], key, v, r.justification[:300]))
    elapsed = time.perf_counter() - start

    def summary(cnt: Counter) -> dict:
        pos, neg = cnt["pos"], cnt["neg"]
        tp, fp = cnt["pos:SUPPORTED"], cnt["neg:SUPPORTED"]
        return {
            "positives": pos,
            "supported_chain_cited": round(cnt["pos:chain_cited"] / pos, 4) if pos else None,
            "supported": round(tp / pos, 4) if pos else None,
            "positives_refuted": cnt["pos:REFUTED"],
            "negatives": neg,
            "negatives_supported": fp,
            "negatives_refuted": cnt["neg:REFUTED"],
            "precision": round(tp / (tp + fp), 4) if tp + fp else None,
            "ambiguous": cnt["amb"],
            "ambiguous_supported": cnt["amb:SUPPORTED"],
            "ambiguous_refuted": cnt["amb:REFUTED"],
        }

    out = {
        "claims": len(claims),
        "claims_per_s": round(len(claims) / elapsed, 2),
        "overall": summary(per["all"]),
        "per_relation": {k[4:]: summary(v) for k, v in sorted(per.items()) if k.startswith("rel:")},
        "per_last_step": {
            k[5:]: summary(v) for k, v in sorted(per.items()) if k.startswith("kind:")
        },
        "per_length": {k[4:]: summary(v) for k, v in sorted(per.items()) if k.startswith("len:")},
    }
    if args.phrasings:
        out["phrasings"] = args.phrasings
        if per["qualified"]:
            out["qualified"] = summary(per["qualified"])
        out["per_phrasing"] = {
            k[4:]: summary(v) for k, v in sorted(per.items()) if k.startswith("tpl:")
        }
    print(json.dumps(out, indent=2))
    for f in failures[: args.failures]:
        log(f"  {f[1]} -> {f[2]}: {f[0]}\n      {f[3]}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    old = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    old[args.tag] = out
    RESULTS.write_text(json.dumps(old, indent=2) + "\n")


if __name__ == "__main__":
    main()
