"""Natural-language claims over a Wikidata KG: claim analysis, linking and verdicts (issue 14).

A development set built from CoDEx (``../shared/data/codex``, never copied into
the project): every true claim is a CoDEx valid triple the KG states, every
false one a CoDEx hard negative (``valid_negatives.txt``, never in the KG),
each verbalised with several phrasings:

- ``natural``   — a hand-written sentence per relation ("S was born in O.");
- ``rel_first`` — the property label verbatim, relation first ("The place of
  birth of S is O.", as verbalisers and LLM-generated claim sets write);
- ``possessive`` — "S's place of birth is O.";
- ``inverse``   — "O is the place of birth of S.";
- ``alias``     — relation first with a Wikidata alias of the property
  ("The birthplace of S is O."), where the property has one;
- ``where``     — the object first, the relation in a where-clause ("O is
  where S was born.", "O is the city where S died."), for relations whose
  object is a place or an institution;
- ``voice``     — the natural sentence's relation in the other voice ("S was
  employed by O.", "O influenced S.", "O is spoken by S."), where it has one;
- ``relative``  — the natural sentence with a relative clause stating another
  fact the KG holds about S ("S, who was born in X, died in O."): a conjunction
  whose truth is the main clause's.

KG: the bundled demo KG (CoDEx-M train, labels, Wikidata's property table),
loaded into memory; for ``--split s`` the positives are the CoDEx-S valid
triples the demo KG states (1,624 of 1,827), for ``--split m`` the CoDEx-M
valid triples are added to the KG as one more source graph. Only triples
whose two entities have English labels are used (the labels are the claim's
words).

Reported: per phrasing, the share of true claims SUPPORTED (recall), of
false ones SUPPORTED (false positives) and of true ones REFUTED (unsound
refutations); overall SUPPORTED precision/recall/F1; how often claim
analysis found the gold relation and linked both gold entities; claims/s.

Run: ``python benchmarks/bench_claims.py --split s --triples 150``
(``KGFC_SHARED_DATA`` points elsewhere than ``../shared/data``). Results
go to ``benchmarks/results/claims.json``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.models import Fact, Source, SourceKind  # noqa: E402

DATA = Path(os.environ.get("KGFC_SHARED_DATA") or ROOT.parent / "shared" / "data")
CODEX = DATA / "codex"
PROPS_CSV = DATA / "wikidata_properties" / "wikidata_properties_merged.csv"
RESULTS = ROOT / "benchmarks" / "results" / "claims.json"

# One hand-written phrasing per CoDEx relation: {s} subject, {o} object.
NATURAL = {
    "P749": "{s} is a subsidiary of {o}.",
    "P2578": "{s} studies {o}.",
    "P509": "{s} died of {o}.",
    "P149": "{s} was built in the {o} style.",
    "P451": "{s} was the partner of {o}.",
    "P452": "{s} operates in the {o} industry.",
    "P123": "{s} was published by {o}.",
    "P194": "The legislature of {s} is the {o}.",
    "P19": "{s} was born in {o}.",
    "P20": "{s} died in {o}.",
    "P138": "{s} is named after {o}.",
    "P161": "{o} starred in {s}.",
    "P2176": "{s} is treated with {o}.",
    "P641": "{s} plays {o}.",
    "P54": "{s} played for {o}.",
    "P1050": "{s} suffered from {o}.",
    "P159": "{s} is headquartered in {o}.",
    "P131": "{s} is located in {o}.",
    "P780": "{o} is a symptom of {s}.",
    "P36": "The capital of {s} is {o}.",
    "P140": "{s} is a follower of {o}.",
    "P2283": "{s} uses {o}.",
    "P488": "{s} is chaired by {o}.",
    "P47": "{s} borders {o}.",
    "P4552": "{s} is in the {o} mountain range.",
    "P106": "{s} is a {o}.",
    "P3373": "{s} is a sibling of {o}.",
    "P551": "{s} lived in {o}.",
    "P26": "{s} was married to {o}.",
    "P1412": "{s} speaks {o}.",
    "P466": "{s} is occupied by {o}.",
    "P800": "{s} is known for {o}.",
    "P2348": "{s} dates from the {o}.",
    "P1454": "The legal form of {s} is {o}.",
    "P495": "{s} comes from {o}.",
    "P407": "{s} is written in {o}.",
    "P102": "{s} is a member of the {o}.",
    "P69": "{s} studied at {o}.",
    "P840": "{s} is set in {o}.",
    "P264": "{s} is signed to {o}.",
    "P172": "{s} belongs to the {o} ethnic group.",
    "P84": "{s} was designed by {o}.",
    "P169": "{o} is the chief executive officer of {s}.",
    "P35": "{o} is the head of state of {s}.",
    "P17": "{s} is in {o}.",
    "P170": "{s} was created by {o}.",
    "P57": "{s} was directed by {o}.",
    "P40": "{o} is a child of {s}.",
    "P135": "{s} was part of the {o} movement.",
    "P50": "{s} was written by {o}.",
    "P1303": "{s} plays the {o}.",
    "P463": "{s} is a member of {o}.",
    "P30": "{s} is on the continent of {o}.",
    "P3095": "{s} is practiced by {o}.",
    "P113": "{s} has a hub at {o}.",
    "P27": "{s} is a citizen of {o}.",
    "P361": "{s} is part of {o}.",
    "P1056": "{s} produces {o}.",
    "P740": "{s} was formed in {o}.",
    "P119": "{s} is buried in {o}.",
    "P1995": "The health specialty of {s} is {o}.",
    "P530": "{s} has diplomatic relations with {o}.",
    "P457": "{s} is based on the {o}.",
    "P112": "{s} was founded by {o}.",
    "P37": "The official language of {s} is {o}.",
    "P366": "{s} is used for {o}.",
    "P114": "{s} is a member of the {o}.",
    "P108": "{s} worked for {o}.",
    "P737": "{s} was influenced by {o}.",
    "P101": "{s} works in the field of {o}.",
    "P136": "{s} works in the {o} genre.",
}
PHRASINGS = (
    "natural", "rel_first", "possessive", "inverse", "alias", "where", "voice", "relative"
)  # fmt: skip
# "O is where S ...": relations whose object is a place or an institution
WHERE = {
    "P19": "{o} is where {s} was born.",
    "P20": "{o} is the city where {s} died.",
    "P551": "{o} is where {s} lived.",
    "P69": "{o} is where {s} studied.",
    "P108": "{o} is where {s} worked.",
    "P119": "{o} is where {s} is buried.",
    "P159": "{o} is the place where {s} is headquartered.",
    "P740": "{o} is where {s} was formed.",
    "P937": "{o} is where {s} worked.",
}
# the natural sentence's relation in the other voice
VOICE = {
    "P108": "{s} was employed by {o}.",
    "P737": "{o} influenced {s}.",
    "P1412": "{o} is spoken by {s}.",
    "P112": "{o} founded {s}.",
    "P123": "{o} published {s}.",
    "P50": "{o} wrote {s}.",
    "P57": "{o} directed {s}.",
    "P161": "{s} starred {o}.",
    "P26": "{o} was married to {s}.",
    "P40": "{o} is a child of {s}.",
    "P3373": "{o} is a sibling of {s}.",
    "P138": "{o} gave {s} its name.",
    "P264": "{s} was signed to {o}.",
}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def read_triples(path: Path) -> list[tuple[str, str, str]]:
    with open(path, encoding="utf-8") as fh:
        return [tuple(line.split("\t")[:3]) for line in fh.read().splitlines() if line.strip()]  # type: ignore[misc]


def property_names() -> dict[str, tuple[str, list[str]]]:
    """PID -> (label, aliases) from the shared Wikidata property table."""
    out = {}
    with open(PROPS_CSV, encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            aliases = [a for a in (row.get("aliases") or "").split("|") if a]
            out[row["pid"]] = (row["label"], aliases)
    return out


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def verbalise(
    pid: str, s: str, o: str, phrasing: str, names: dict, aside: str | None = None
) -> str | None:
    """The claim (s, pid, o) in ``phrasing``; ``aside`` is another true fact about s, "who ..."."""
    label, aliases = names.get(pid, (None, []))
    if phrasing == "natural":
        return NATURAL[pid].format(s=s, o=o)
    if phrasing == "where":
        return WHERE[pid].format(s=s, o=o) if pid in WHERE else None
    if phrasing == "voice":
        return VOICE[pid].format(s=s, o=o) if pid in VOICE else None
    if phrasing == "relative":
        main = NATURAL[pid].format(s=s, o=o)
        if aside is None or not main.startswith(s + " "):
            return None
        return f"{s}, who {aside}, {main[len(s) + 1 :]}"
    if label is None:
        return None
    if phrasing == "rel_first":
        return f"The {label} of {s} is {o}."
    if phrasing == "possessive":
        return f"{possessive(s)} {label} is {o}."
    if phrasing == "inverse":
        return f"{o} is the {label} of {s}."
    if phrasing == "alias":
        # The first alias that is a phrase of words, not an abbreviation.
        alias = next((a for a in aliases if len(a) > 3 and a.lower() != label.lower()), None)
        return f"The {alias} of {s} is {o}." if alias else None
    raise ValueError(phrasing)


def build_store(split: str) -> OxigraphStore:
    start = time.perf_counter()
    facts = []
    if split == "m":
        triples = read_triples(CODEX / "triples" / "codex-m" / "valid.txt")
        facts = [
            Fact(subject=V.WD + h, predicate=V.WDT + r, object=V.WD + t) for h, r, t in triples
        ]
    store = demo_store_with(facts, "bench/codex-m/valid", "codex-m valid.txt")
    log(f"store ready in {time.perf_counter() - start:.1f}s")
    return store


def demo_store_with(facts: list[Fact], name: str, title: str) -> OxigraphStore:
    """The demo KG in memory, plus ``facts`` (if any) as one more source graph ``name``."""
    store = OxigraphStore()
    ensure_demo(store)
    if facts:
        source = Source(iri=V.KGFC_SOURCE + name, kind=SourceKind.FILE, title=title)
        store.add_source(source, facts)
    return store


def dev_set(
    store: OxigraphStore,
    split: str,
    n: int,
    seed: int,
    phrasings=PHRASINGS,
    relations: frozenset[str] | None = None,
) -> list[dict]:
    """``n`` labelled positive and ``n`` labelled negative triples, each in every phrasing
    (of the given ``relations`` only, when set)."""
    folder = CODEX / "triples" / f"codex-{split}"
    index = store.label_index()

    def labelled(triples):
        out = []
        for h, r, t in triples:
            hl, tl = index.label(V.WD + h), index.label(V.WD + t)
            if hl and tl and hl != tl and r in NATURAL and (relations is None or r in relations):
                out.append((h, r, t, hl, tl))
        return out

    rng = random.Random(seed)
    pos = labelled(read_triples(folder / "valid.txt"))
    neg = labelled(read_triples(folder / "valid_negatives.txt"))
    rng.shuffle(pos)
    rng.shuffle(neg)
    names = property_names()
    claims = []
    for gold, pool in ((True, pos), (False, neg)):
        taken = 0
        for h, r, t, hl, tl in pool:
            if taken >= n:
                break
            if gold and not _stated(store, h, r, t):
                continue
            if not gold and _stated(store, h, r, t):
                continue
            taken += 1
            aside = _aside(store, h, hl, r, rng)
            for phrasing in phrasings:
                text = verbalise(r, hl, tl, phrasing, names, aside)
                if text:
                    claims.append(
                        {
                            "text": text,
                            "gold": gold,
                            "phrasing": phrasing,
                            "triple": (h, r, t),
                        }
                    )
    return claims


def _aside(store: OxigraphStore, h: str, name: str, r: str, rng: random.Random) -> str | None:
    """ "was born in X": another fact the KG states about ``h``, as a relative clause's words."""
    options = []
    for f in store.neighbourhood([V.WD + h]):
        pid = f.predicate.rsplit("/", 1)[-1]
        template = NATURAL.get(pid, "")
        if (
            f.subject == V.WD + h
            and pid != r
            and f.object_label
            and not f.object_is_literal
            and template.startswith("{s} ")
            and template.count("{s}") == 1
        ):
            options.append(template.format(s=name, o=f.object_label)[len(name) + 1 : -1])
    return rng.choice(sorted(set(options))) if options else None


def _stated(store: OxigraphStore, h: str, r: str, t: str) -> bool:
    facts = store.neighbourhood([V.WD + h])
    return any(
        f.subject == V.WD + h and f.predicate == V.WDT + r and f.object == V.WD + t for f in facts
    )


def make_verifier(store: OxigraphStore):
    """claim text -> VerifyResult, through the same path as ``kgfc verify`` (local reasoner)."""
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    checker = FactChecker(store=store, settings=load_settings(offline=True))
    return lambda text: checker.verify(text, record=False)


def analysed(result, triple) -> tuple[bool, bool]:
    """(gold relation found, both gold entities linked) in the claim's analysis."""
    h, r, t = (V.WD + triple[0], V.WDT + triple[1], V.WD + triple[2])
    rel = linked = False
    for ct in result.triples:
        ids = set(ct.relation_ids or ())
        if r in ids:
            rel = True
            if {ct.subject_id, ct.object_id} == {h, t}:
                linked = True
    return rel, linked


def md_table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table (what the README quotes)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


def prf(tp: int, fp: int, fn: int) -> dict:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("s", "m"), default="s")
    ap.add_argument("--triples", type=int, default=150, help="positive and negative triples each")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--tag", default="current", help="name of this run in the results file")
    ap.add_argument("--failures", type=int, default=0, help="print this many missed true claims")
    ap.add_argument(
        "--phrasings", default=",".join(PHRASINGS), help="comma-separated subset of phrasings"
    )
    args = ap.parse_args()
    if not CODEX.exists():
        raise SystemExit(f"CoDEx data not found at {CODEX}")

    store = build_store(args.split)
    chosen = tuple(p for p in args.phrasings.split(",") if p)
    unknown = set(chosen) - set(PHRASINGS)
    if unknown:
        raise SystemExit(f"unknown phrasing(s): {', '.join(sorted(unknown))}")
    claims = dev_set(store, args.split, args.triples, args.seed, chosen)
    log(f"{len(claims)} claims")
    verify = make_verifier(store)
    for c in claims[:3]:
        verify(c["text"])  # warm: spaCy, embedder, label index, KG statistics
    per = defaultdict(Counter)
    tp = fp = fn = 0
    missed = []
    start = time.perf_counter()
    for i, c in enumerate(claims):
        r = verify(c["text"])
        v = r.verdict.value
        rel, linked = analysed(r, c["triple"])
        k = per[c["phrasing"]]
        k["n_" + ("pos" if c["gold"] else "neg")] += 1
        if c["gold"]:
            k["supported"] += v == "SUPPORTED"
            k["refuted"] += v == "REFUTED"
            k["relation_found"] += rel
            k["analysed_and_linked"] += linked
            tp += v == "SUPPORTED"
            fn += v != "SUPPORTED"
            if v != "SUPPORTED":
                missed.append((c["phrasing"], c["text"], v, r.justification[:160]))
        else:
            k["false_supported"] += v == "SUPPORTED"
            fp += v == "SUPPORTED"
        if (i + 1) % 200 == 0:
            log(f"{i + 1}/{len(claims)}")
    seconds = time.perf_counter() - start
    table = {}
    for phrasing in chosen:
        k = per[phrasing]
        npos, nneg = k["n_pos"] or 1, k["n_neg"] or 1
        table[phrasing] = {
            "true_claims": k["n_pos"],
            "false_claims": k["n_neg"],
            "recall": round(k["supported"] / npos, 4),
            "false_supported": round(k["false_supported"] / nneg, 4),
            "true_refuted": round(k["refuted"] / npos, 4),
            "relation_found": round(k["relation_found"] / npos, 4),
            "analysed_and_linked": round(k["analysed_and_linked"] / npos, 4),
        }
    out = {
        "split": args.split,
        "claims": len(claims),
        "supported": prf(tp, fp, fn),
        "claims_per_s": round(len(claims) / seconds, 2),
        "phrasings": table,
    }
    print(json.dumps(out, indent=2))
    columns = ("recall", "false_supported", "true_refuted", "relation_found", "analysed_and_linked")
    print(
        "\n"
        + md_table(
            ["phrasing", "recall", "false SUPPORTED", "true REFUTED", "relation found", "linked"],
            [[p] + [f"{row[c]:.3f}" for c in columns] for p, row in table.items()],
        )
    )
    s = out["supported"]
    print(
        f"\nSUPPORTED P {s['precision']:.3f} R {s['recall']:.3f} F1 {s['f1']:.3f}; "
        f"{out['claims_per_s']} claims/s"
    )
    for m in missed[: args.failures]:
        print(" | ".join(m))
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[f"{args.tag}:{args.split}"] = out
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
