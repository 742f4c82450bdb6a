"""Denied and negated NL claims over a Wikidata KG: a fact checker must not support a denial.

``bench_claims.py`` and ``bench_paraphrases.py`` measure claims that assert
a triple. People also deny one ("Tony Blair was not born in Edinburgh", "It
is false that ...", "S never studied at O", "S has nothing to do with O"),
and a reader that drops the denial and finds the triple stated turns a false
claim into SUPPORTED — the worst error a fact checker can make. This set
takes bench_claims' triples (CoDEx valid triples the KG states, and CoDEx
hard negatives, false in Wikidata) and writes each in

- **denials** (class ``negated``: the negation is on the verb — "S was not
  born in O", "S never lived in O", "S isn't a citizen of O"; class
  ``denial``: a frame around the statement says it is false — "It is false
  that ...", "The claim that ... is untrue", "S has nothing to do with O"):
  the claim is *false* for a stated triple, so SUPPORTED there is a false
  SUPPORTED and REFUTED is right; for a hard negative it is true, so
  REFUTED there is a true claim refuted (NOT ENOUGH INFO is fine: the KG
  rarely proves an absence). "S has nothing to do with O" denies every
  relation, not the one CoDEx checked: for a hard negative it is false when
  the KG states some other fact between S and O ("Leo Strauss has nothing to
  do with University of Chicago": he taught there), else unknown;
- **affirmations with a negation word in them** (class ``affirmed``: "There
  is no doubt that ...", "Nobody disputes that ..."): the claim means the
  triple; SUPPORTED for a stated one is right, for a hard negative wrong;
- **doubts** (class ``doubt``: "It is doubtful that ...", "It is unclear
  whether ..."): no claim either way; SUPPORTED or REFUTED is wrong for
  both.

The templates were written before the first run and are not changed to
suit the reader. Reported per template and class: false SUPPORTED (share of
false claims SUPPORTED; must be 0), true claims REFUTED (must be 0), and
recall — the share of the claims a sound reader can decide that it decides
right (denials of stated triples REFUTED, affirmations of stated triples
SUPPORTED).

Run: ``python benchmarks/bench_negation.py --split s --triples 100``.
Results go to ``benchmarks/results/negation.json``; nothing asserts on them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_claims import CODEX, NATURAL, build_store, dev_set, log, make_verifier, md_table  # noqa: E402
from bench_paraphrases import _labels  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "negation.json"

CLASSES = {
    "negated": "the verb negated",
    "denial": "a frame saying the statement is false",
    "affirmed": "a negation word in a frame that affirms",
    "doubt": "a frame that leaves it open",
    "lexical": "denied by a word, not by not: outside, refused to, failed to, almost",
    "restricted": "a word the KG cannot check narrows the statement: only, the largest, wanted to",
}

# The base form of the verbs NATURAL's sentences start with ("S speaks O" -> "S does not speak O").
_BASE = {
    "belongs": "belong", "borders": "border", "comes": "come", "dates": "date", "died": "die",
    "has": "have", "lived": "live", "operates": "operate", "played": "play", "plays": "play",
    "produces": "produce", "speaks": "speak", "studied": "study", "studies": "study",
    "suffered": "suffer", "uses": "use", "worked": "work", "works": "work", "starred": "star",
}  # fmt: skip
_PAST = {"died", "lived", "played", "studied", "suffered", "worked", "starred"}


def negated(template: str, how: str) -> str | None:
    """NATURAL's template with its verb negated: ``how`` is "not", "never" or "contracted"."""
    m = re.search(r"\b(is|was)\b ", template)
    verb = re.match(r"\{[so]\} (\w+) ", template)
    if verb and verb.group(1) in _BASE:
        word, base = verb.group(1), _BASE[verb.group(1)]
        if how == "never":
            new = f"never {word}"
        else:
            do = "did" if word in _PAST else "does"
            new = do + ("n't " if how == "contracted" else " not ") + base
        return template[: verb.start(1)] + new + template[verb.end(1) :]
    if m:
        aux, head, tail = m.group(1), template[: m.start()], template[m.end() :]
        if how == "contracted":
            return f"{head}{aux}n't {tail}"
        if how == "never" and aux == "is" and not tail.startswith(("located", "named", "used")):
            # "S is a member of O" -> "S has never been a member of O"
            return f"{head}has never been {tail}"
        return f"{head}{aux} {'never' if how == 'never' else 'not'} {tail}"
    return None


def _lower_first(sentence: str) -> str:
    return sentence.rstrip(".")


# (name, class, template over the plain sentence {bare} without its full stop, or for the
# negated class how its verb is negated)
TEMPLATES: list[tuple[str, str, str]] = [
    ("not", "negated", "not"),
    ("contracted", "negated", "contracted"),
    ("never", "negated", "never"),
    ("false_that", "denial", "It is false that {bare}."),
    ("not_true_that", "denial", "It is not true that {bare}."),
    ("untrue_that", "denial", "It's untrue that {bare}."),
    ("myth", "denial", "It is a myth that {bare}."),
    ("not_the_case", "denial", "It is not the case that {bare}."),
    ("claim_false", "denial", "The claim that {bare} is false."),
    ("falsely", "denial", "It has been falsely claimed that {bare}."),
    ("but_false", "denial", "Some say that {bare}, but that is not true."),
    ("wrong_to_say", "denial", "It is wrong to say that {bare}."),
    ("nothing_to_do", "denial", "{s} has nothing to do with {o}."),
    ("no_doubt", "affirmed", "There is no doubt that {bare}."),
    ("nobody_disputes", "affirmed", "Nobody disputes that {bare}."),
    ("cannot_deny", "affirmed", "It cannot be denied that {bare}."),
    ("not_false", "affirmed", "It is not false that {bare}."),
    ("doubtful", "doubt", "It is doubtful that {bare}."),
    ("unclear", "doubt", "It is unclear whether {bare}."),
    ("unproven", "doubt", "It has never been proven that {bare}."),
]


# Relations of place, for "S was born outside O" (the preposition that denies "in").
_PLACES = {
    "P19": "{s} was born outside {o}.",
    "P20": "{s} died outside of {o}.",
    "P551": "{s} lived outside {o}.",
    "P131": "{s} is located outside of {o}.",
    "P17": "{s} lies outside {o}.",
    "P30": "{s} is a place outside {o}.",
    "P159": "{s} is headquartered outside of {o}.",
    "P740": "{s} was formed outside {o}.",
    "P119": "{s} is buried outside {o}.",
}


def _verb_swap(template: str, lead: str) -> str | None:
    """NATURAL's verb after a lead verb: "{s} speaks {o}" -> "{s} refused to speak {o}"."""
    verb = re.match(r"\{[so]\} (\w+) ", template)
    if not verb or verb.group(1) not in _BASE:
        return None
    return template[: verb.start(1)] + f"{lead} {_BASE[verb.group(1)]}" + template[verb.end(1) :]


def lexical(pid: str, name: str) -> str | None:
    """The template of a lexical-class claim for a relation, or None when it does not apply."""
    natural = NATURAL[pid]
    if name == "outside":
        return _PLACES.get(pid)
    if name == "only_outside":
        t = _PLACES.get(pid)
        return t.replace(" outside", " only outside", 1) if t else None
    if name in ("refused", "failed", "never_managed", "almost", "wanted", "was_set"):
        lead = {
            "refused": "refused to", "failed": "failed to", "never_managed": "never managed to",
            "almost": "almost", "wanted": "wanted to", "was_set": "was set to",
        }[name]  # fmt: skip
        if name == "almost":
            # "S almost died in O", "S almost played for O": a past verb only
            verb = re.match(r"\{[so]\} (\w+) ", natural)
            if not verb or verb.group(1) not in _PAST:
                return None
            return natural[: verb.start(1)] + "almost " + natural[verb.start(1) :]
        return _verb_swap(natural, lead)
    if name == "only":
        verb = re.match(r"\{[so]\} (\w+) ", natural)
        if verb and verb.group(1) in _BASE:  # "S only speaks O"
            return natural[: verb.start(1)] + "only " + natural[verb.start(1) :]
        return None
    if name == "largest":
        return {
            "P106": "{s} is the greatest {o} of all time.",
            "P27": "{s} is the most famous citizen of {o}.",
            "P19": "{s} is the most famous person born in {o}.",
            "P131": "{s} is the largest city in {o}.",
            "P17": "{s} is the oldest place in {o}.",
            "P161": "{o} gave the best performance in {s}.",
            "P1412": "{s} speaks {o} better than anyone.",
            "P136": "{s} is the most important figure of the {o} genre.",
            "P69": "{s} is the most famous graduate of {o}.",
            "P463": "{s} is the oldest member of {o}.",
            "P102": "{s} is the longest-serving member of the {o}.",
        }.get(pid)
    return None


# (name, class): lexical denials and restrictions, per relation where they apply
LEXICAL = [
    ("outside", "lexical"),
    ("refused", "lexical"),
    ("failed", "lexical"),
    ("never_managed", "lexical"),
    ("almost", "lexical"),
    ("only_outside", "lexical"),
    ("wanted", "restricted"),
    ("was_set", "restricted"),
    ("only", "restricted"),
    ("largest", "restricted"),
]


def _related(store, h: str, t: str) -> bool:
    """Does the KG state some fact between the two entities, either way (not a class
    membership)? A plain pattern lookup, apart from kgfc's own reading of "related"."""
    import pyoxigraph as ox

    a, b = ox.NamedNode(WD + h), ox.NamedNode(WD + t)
    for s, o in ((a, b), (b, a)):
        for q in store.quads(subject=s, object=o):
            p = q.predicate.value
            if p.startswith(WDT) and p[len(WDT) :] not in ("P31", "P279"):
                return True
    return False


WD = "http://www.wikidata.org/entity/"
WDT = "http://www.wikidata.org/prop/direct/"
# denies every relation between the two, not only the triple's
ANY_RELATION = frozenset({"nothing_to_do"})


def negation_set(store, split: str, n: int, seed: int) -> list[dict]:
    base = dev_set(store, split, n, seed, ("natural",))
    claims = []
    for c in base:
        h, pid, t = c["triple"]
        s, o = _labels(store, h, t)
        natural = NATURAL[pid].format(s=s, o=o)
        bare = _lower_first(natural)
        related = _related(store, h, t)
        for name, klass, tpl in TEMPLATES:
            if klass == "negated":
                neg = negated(NATURAL[pid], str(tpl))
                text = neg.format(s=s, o=o) if neg else None
            else:
                text = str(tpl).format(s=s, o=o, bare=bare)
            if text:
                claims.append(
                    {"text": text, "stated": c["gold"], "template": name, "class": klass,
                     "triple": c["triple"], "related": related}
                )  # fmt: skip
        for name, klass in LEXICAL:
            tpl = lexical(pid, name)
            if tpl:
                claims.append(
                    {"text": tpl.format(s=s, o=o), "stated": c["gold"], "template": name,
                     "class": klass, "triple": c["triple"]}
                )  # fmt: skip
    return claims


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("s", "m"), default="s")
    ap.add_argument("--triples", type=int, default=100, help="positive and negative triples each")
    ap.add_argument("--seed", type=int, default=53, help="other triples than the other benches")
    ap.add_argument("--tag", default="current", help="name of this run in the results file")
    ap.add_argument("--failures", type=int, default=0, help="print this many wrong verdicts")
    ap.add_argument("--only", default="", help="comma-separated template names or classes")
    args = ap.parse_args()
    if not CODEX.exists():
        raise SystemExit(f"CoDEx data not found at {CODEX}")
    store = build_store(args.split)
    claims = negation_set(store, args.split, args.triples, args.seed)
    if args.only:
        keep = set(args.only.split(","))
        claims = [c for c in claims if c["template"] in keep or c["class"] in keep]
    log(f"{len(claims)} claims")
    verify = make_verifier(store)
    verify("Warm up the reader.")
    per: dict[str, Counter] = defaultdict(Counter)
    wrong: list[tuple[str, ...]] = []
    start = time.perf_counter()
    for i, c in enumerate(claims):
        r = verify(c["text"])
        v = r.verdict.value
        # What the claim says, given that the triple is stated (true) or a hard negative (false).
        if c["template"] in ANY_RELATION and not c["stated"]:
            truth = False if c["related"] else None
        elif c["class"] in ("negated", "denial", "lexical"):
            truth = not c["stated"]
        elif c["class"] == "affirmed":
            truth = c["stated"]
        elif c["class"] == "restricted" and not c["stated"]:
            truth = False  # "S only speaks O", "S is the largest city in O": false with the triple
        else:
            truth = None  # a doubt asserts nothing; a restriction of a stated triple is unknown
        for key in (c["template"], "class:" + c["class"]):
            k = per[key]
            k["n"] += 1
            # the KG states the triple and the claim says it is true or false: a sound reader
            # decides (a doubt, or a narrowed stated triple, has no verdict to find)
            decidable = bool(c["stated"]) and truth is not None
            k["decidable"] += decidable
            k["right"] += decidable and v == ("SUPPORTED" if truth else "REFUTED")
            k["false_supported"] += v == "SUPPORTED" and truth is not True
            k["true_refuted"] += v == "REFUTED" and truth is not False
            k["n_false"] += truth is not True
            k["n_true"] += truth is not False
        bad = (v == "SUPPORTED" and truth is not True) or (v == "REFUTED" and truth is not False)
        if bad:
            wrong.append((c["template"], c["text"], v, r.justification[:160]))
        if (i + 1) % 500 == 0:
            log(f"{i + 1}/{len(claims)}")
    seconds = time.perf_counter() - start

    def row(k: Counter) -> dict:
        return {
            "claims": k["n"],
            "recall": round(k["right"] / k["decidable"], 4) if k["decidable"] else None,
            "false_supported": k["false_supported"],
            "false_claims": k["n_false"],
            "true_refuted": k["true_refuted"],
            "true_claims": k["n_true"],
        }

    templates = {key: row(k) for key, k in sorted(per.items()) if not key.startswith("class:")}
    classes = {key[6:]: row(k) for key, k in sorted(per.items()) if key.startswith("class:")}
    total = Counter()
    for key, k in per.items():
        if key.startswith("class:"):
            total.update(k)
    out = {
        "split": args.split,
        "seed": args.seed,
        "claims": len(claims),
        "all": row(total),
        "claims_per_s": round(len(claims) / seconds, 2),
        "classes": classes,
        "per_template": templates,
    }
    header = ["claims", "recall", "false SUPPORTED", "true REFUTED"]

    def cells(r: dict) -> list[str]:
        return [
            str(r["claims"]),
            "—" if r["recall"] is None else f"{r['recall']:.3f}",
            f"{r['false_supported']} / {r['false_claims']}",
            f"{r['true_refuted']} / {r['true_claims']}",
        ]

    print(
        md_table(
            ["class"] + header, [[f"{k} ({CLASSES[k]})"] + cells(r) for k, r in classes.items()]
        )
    )
    print()
    print(md_table(["template"] + header, [[k] + cells(r) for k, r in templates.items()]))
    a = out["all"]
    print(
        f"\nall: recall {a['recall']:.3f}; false SUPPORTED {a['false_supported']}; true REFUTED "
        f"{a['true_refuted']}; {out['claims_per_s']} claims/s"
    )
    for w in wrong[: args.failures]:
        print("WRONG", " | ".join(w))
    if args.only:
        return  # a partial run does not overwrite the record
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[f"{args.tag}:{args.split}"] = out
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
