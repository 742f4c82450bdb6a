"""What the claim-set builders share: claim rows, their checks over the demo KG, and the writing.

A hand-written set (``build_blind_natural_v5.py`` and later, ``build_dev_reading_v6.py``) is a
block of claim lines, one claim a line, fields joined by ``|``:

    style | label | relation | check | SPARQL pattern | claim

or, with ``fields=CLASS_LINE``, ``style | label | relation | class | check | SPARQL pattern |
also named | claim``. style: e(ncyclopedia), j(ournalist), s(ocial); label: S(UPPORTED),
R(EFUTED), N(OT ENOUGH INFO). The check says what the pattern must give over the demo KG (``Q..``
is ``wd:Q..``, ``P..`` is ``wdt:P..``):

    yes      ASK { pattern } is true
    no       ASK { pattern } is false
    one=Qx   SELECT ?o { pattern } is exactly Qx
    none     SELECT ?o { pattern } is empty

A check may end in ``~Qa,Qb``, or the ``also named`` field list ``Qa Qb`` (``-`` for none):
entities the claim names that the pattern does not hold. :func:`build` runs every query on the demo
KG, checks every entity has an English label, that no subject is used too often, that no claim
repeats (also up to case and accents), the label balance and the set's own rules, and writes the
JSON-lines set and its description only when all of that holds.

The builders that draw their claims from the KG with a seed use only the row and writing helpers
(:func:`claim_row`, :func:`numbered`, :func:`jsonl`, :func:`write_rows`).
"""

from __future__ import annotations

import json
import random
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pyoxigraph as ox

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
ROW_FIELDS = ("claim", "label", "relation", "check_sparql", "expected_check", "style")
LABELS = {"S": "SUPPORTED", "R": "REFUTED", "N": "NOT ENOUGH INFO"}
STYLES = {"e": "encyclopedia", "j": "journalist", "s": "social"}
# kinds of city (city, big city, city of the United States, city with millions of inhabitants,
# capital); a set may count more
CITY_KINDS = frozenset({"Q515", "Q1549591", "Q1093829", "Q1637706", "Q5119"})
BLIND_BALANCE = {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}
LINE = ("style", "label", "relation", "check", "pattern", "claim")
CLASS_LINE = ("style", "label", "relation", "class", "check", "pattern", "also", "claim")
# A rule of one set: (demo KG, parsed row) -> what is wrong with the row, as messages.
RowCheck = Callable[[ox.Store, dict], Iterable[str]]


def claim_row(claim: str, label: str, relation: str, sparql: str, expected, style: str) -> dict:
    """One claim as the sets store it (before its id)."""
    return dict(zip(ROW_FIELDS, (claim, label, relation, sparql, expected, style), strict=True))


def numbered(rows: Iterable[dict], id_format: str, first: int = 1) -> list[dict]:
    """``rows`` with an ``id`` first (``id_format.format(n)``), fields starting with ``_`` left out."""
    return [
        {"id": id_format.format(n), **{k: v for k, v in r.items() if not k.startswith("_")}}
        for n, r in enumerate(rows, first)
    ]


def jsonl(rows: Iterable[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def write_rows(out: list[dict], path: Path, prefix: str) -> None:
    """Write ``out`` as JSON lines with ids ``<prefix><n>`` (``n`` its place in ``out``, four
    digits), each claim once (the first kept)."""
    seen: set[str] = set()
    kept = []
    for i, row in enumerate(out):
        if row["claim"] not in seen:
            seen.add(row["claim"])
            kept.append({"id": f"{prefix}{i:04d}", **row})
    path.write_text(jsonl(kept), encoding="utf-8")
    print(f"{len(seen)} claims -> {path.relative_to(DATA.parents[1])}")


def kg_result(store: ox.Store, sparql: str):
    """What a check query gives, in the form ``expected_check`` holds (rows as lists)."""
    got = run(store, sparql)
    return [list(x) for x in got] if isinstance(got, list) else got


def fold(text: str) -> str:
    """Lower case without accents."""
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in text if not unicodedata.combining(c))


def prefixed(pattern: str) -> str:
    return re.sub(r"\bP(\d+)\b", r"wdt:P\1", re.sub(r"\bQ(\d+)\b", r"wd:Q\1", pattern))


def to_sparql(pattern: str, check: str) -> tuple[str, object]:
    """The query text (wd:/wdt: prefixes) and what it must return, for one check."""
    check = check.split("~", 1)[0]
    body = prefixed(pattern)
    if check in ("yes", "no"):
        return f"ASK {{ {body} }}", check == "yes"
    if check == "none":
        return f"SELECT ?o WHERE {{ {body} }}", []
    if check.startswith("one="):
        return f"SELECT ?o WHERE {{ {body} }}", [[check[4:]]]
    raise ValueError(f"unknown check {check!r}")


def parse_line(n: int, line: str, fields: tuple[str, ...]) -> dict:
    """One claim line as a row; fields starting with ``_`` serve the checks and are not written."""
    parts = line.split("|", len(fields) - 1)
    if len(parts) != len(fields):
        raise ValueError(f"line {n}: expected {len(fields)} fields: {line!r}")
    f = dict(zip(fields, (p.strip() for p in parts), strict=True))
    if f["style"] not in STYLES or f["label"] not in LABELS:
        raise ValueError(f"line {n}: bad style or label: {line!r}")
    check, pattern = f["check"], f["pattern"]
    selects = check.split("~", 1)[0].startswith("one=") or check == "none"
    if selects and "?o" not in pattern:
        raise ValueError(f"line {n}: a {check} check needs ?o in its pattern")
    also = check.split("~", 1)[1].split(",") if "~" in check else []
    if f.get("also", "-") != "-":
        also = f["also"].split()
    if any(not re.fullmatch(r"Q\d+", q) for q in also):
        raise ValueError(f"line {n}: bad list of entities also named: {line!r}")
    query, expected = to_sparql(pattern, check)
    row = claim_row(
        f["claim"], LABELS[f["label"]], f["relation"], query, expected, STYLES[f["style"]]
    )
    if "class" in f:
        row["class"] = f["class"]
    qids = set(re.findall(r"\bQ\d+\b", pattern + " " + check)) | set(also)
    row.update(_line=n, _check=check, _pattern=pattern, _subject=pattern.split()[0], _others=also)
    row.update(_qids=sorted(qids), _named=re.findall(r"\bQ\d+\b", pattern) + also)
    return row


@dataclass(frozen=True)
class ClaimSet:
    """One hand-written set: its lines, where it goes, and the rules it is checked against."""

    claims: str
    out: Path
    doc: Path
    doc_text: str  # the description, formatted by :func:`describe`
    id_format: str  # "bn5-{:03d}": the id of the n-th claim once shuffled
    balance: dict[str, int]
    seed: int  # the rows are shuffled once, so labels and styles are interleaved
    fields: tuple[str, ...] = LINE
    first_id: int = 1
    max_per_subject: int = 3
    style_range: tuple[int, int] | None = None  # how many claims each style may have
    checks: tuple[RowCheck, ...] = ()  # the set's own rules

    def rows(self) -> list[dict]:
        lines = self.claims.strip().splitlines()
        return [parse_line(n, line, self.fields) for n, line in enumerate(lines, 1)]


def claim_set(
    name: str, claims: str, doc_text: str, id_format: str, balance: dict, seed: int, **rules
) -> ClaimSet:
    """The set written to ``DATA/<name>.jsonl`` and described in ``DATA/<name>.md``."""
    out, doc = DATA / f"{name}.jsonl", DATA / f"{name}.md"
    return ClaimSet(claims, out, doc, doc_text, id_format, balance, seed, **rules)


def where(r: dict) -> str:
    return f"line {r['_line']} {r['claim']!r}"


def english_names(store: ox.Store, rows: list[dict]) -> dict[str, str]:
    """The English label of every entity the rows use ("" when it has none)."""
    names: dict[str, str] = {}
    for q in sorted({q for r in rows for q in r["_qids"]}):
        found = run(
            store,
            f"SELECT ?l WHERE {{ wd:{q} rdfs:label ?l FILTER(LANG(?l) = 'en' || LANG(?l) = '') }}",
        )
        names[q] = found[0][0] if found else ""
    return names


def row_problems(store: ox.Store, r: dict, names: dict[str, str]) -> list[str]:
    """What every set requires of a row: its query holds, its entities and relations are sound."""
    problems = []
    got = kg_result(store, r["check_sparql"])
    if got != r["expected_check"]:
        problems.append(f"got {got!r}, expected {r['expected_check']!r}")
    problems += [f"{q} has no English label in the demo KG" for q in r["_qids"] if not names[q]]
    if r["relation"] != "chain" and not all(
        re.fullmatch(r"P\d+", p) for p in r["relation"].split("+")
    ):
        problems.append(f"bad relation {r['relation']!r}")
    expected = r["expected_check"]
    if r["label"] == "REFUTED" and not (
        expected is True or (isinstance(expected, list) and len(expected) == 1)
    ):
        problems.append("REFUTED needs a single other value or a stated fact it negates")
    return problems


def set_problems(spec: ClaimSet, rows: list[dict], names: dict[str, str]) -> list[str]:
    """What every set requires of the whole: subjects not overused, no repeats, the balance."""
    problems = []
    for subject, k in Counter(r["_subject"] for r in rows).items():
        if k > spec.max_per_subject:
            problems.append(f"subject {subject} ({names.get(subject)}) used {k} times")
    for claim, k in Counter(r["claim"] for r in rows).items():
        if k > 1:
            problems.append(f"claim repeated {k} times: {claim!r}")
    for claim, k in Counter(fold(r["claim"]) for r in rows).items():
        if k > 1:
            problems.append(f"claim repeated (up to case) {k} times: {claim!r}")
    counts = dict(Counter(r["label"] for r in rows))
    if counts != spec.balance:
        problems.append(f"label balance {counts} is not {spec.balance}")
    if spec.style_range:
        low, high = spec.style_range
        for style, k in Counter(r["style"] for r in rows).items():
            if not low <= k <= high:
                problems.append(f"style {style} has {k} claims, outside {spec.style_range}")
    return problems


def verify(store: ox.Store, spec: ClaimSet, rows: list[dict]) -> list[str]:
    """Every way the set can be wrong, as messages; empty when it is right."""
    names = english_names(store, rows)
    problems = []
    for r in rows:
        found = row_problems(store, r, names)
        for check in spec.checks:
            found += check(store, r)
        problems += [f"{where(r)}: {p}" for p in found]
    problems += set_problems(spec, rows, names)
    warn_unnamed(rows, names)
    return problems


def warn_unnamed(rows: list[dict], names: dict[str, str]) -> None:
    """Print (not fail) where an entity the claim names shares no word with the claim.

    A QID typo shows here; the value of a ``one=`` check is the KG's own (other) value, so it is
    not looked for. Nicknames, short names and unnamed chain links are expected in this list.
    """
    for r in rows:
        for q in r["_named"]:
            label = fold(names.get(q, ""))
            words = [w for w in re.findall(r"\w+", label) if len(w) > 2] or [label]
            if not any(w in fold(r["claim"]) for w in words):
                print(f"note: {q} ({label}) not named in {r['claim']!r}")


def subjects_of_parity(parity: str) -> RowCheck:
    """A rule: every subject (the pattern's first entity) has an ``odd`` or ``even`` Q-number."""

    def check(store: ox.Store, r: dict) -> list[str]:
        subject = r["_subject"]
        if not re.fullmatch(r"Q\d+", subject):
            return ["the pattern does not start with its subject"]
        found = "odd" if int(subject[1:]) % 2 else "even"
        return [] if found == parity else [f"subject {subject} has an {found} Q-number"]

    return check


def subjects_new_to(pattern: str, own: str) -> RowCheck:
    """A rule: no subject was used by the sets ``DATA.glob(pattern)`` other than the file ``own``."""
    used: set[str] = set()
    for path in sorted(DATA.glob(pattern)):
        if path.name == own:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                m = re.search(r"wd:(Q\d+)", json.loads(line).get("check_sparql", ""))
                if m:
                    used.add(m.group(1))

    def check(store: ox.Store, r: dict) -> list[str]:
        if r["_subject"] in used:
            return [f"subject {r['_subject']} was used by an earlier set"]
        return []

    return check


def hops_single(store: ox.Store, pattern: str) -> bool:
    """Every prefix of a pattern has exactly one solution (one value at every hop)."""
    triples = [t.strip() for t in pattern.split(" . ")]
    for i in range(1, len(triples) + 1):
        body = prefixed(" . ".join(triples[:i]))
        if len(run(store, f"SELECT * WHERE {{ {body} }}")) != 1:
            return False
    return True


def check_fits_label(store: ox.Store, r: dict) -> list[str]:
    """A rule: a one= check decides a REFUTED claim, names the claimed value (``~Q..``), differs
    from it and has one value at every hop; no/none decide NOT ENOUGH INFO; yes never does."""
    kind, label = r["_check"].split("~", 1)[0], r["label"]
    if kind.startswith("one="):
        problems = [] if label == "REFUTED" else ["a one= check must decide a REFUTED claim"]
        if not r["_others"] or kind[4:] in r["_others"]:
            problems.append("the claimed value must be given and differ")
        if not hops_single(store, r["_pattern"]):
            problems.append("not exactly one value at every hop")
        return problems
    if kind in ("no", "none") and label != "NOT ENOUGH INFO":
        return [f"check {kind} cannot decide {label}"]
    if kind == "yes" and label == "NOT ENOUGH INFO":
        return ["a stated fact cannot be NOT ENOUGH INFO"]
    return []


def property_names(store: ox.Store, rows: list[dict]) -> dict[str, str]:
    """English labels of the relations used, from the KG's property catalogue."""
    props: dict[str, str] = {"chain": "two-hop chain"}
    for p in sorted({p for r in rows for p in r["relation"].split("+")} - {"chain"}):
        found = run(store, f"SELECT ?l WHERE {{ wd:{p} rdfs:label ?l }}")
        props[p] = found[0][0] if found else p
    return props


def count_table(rows: list[dict], key: str, props: dict[str, str]) -> str:
    lines = [f"| {key} | claims |", "|---|---:|"]
    for k, v in sorted(Counter(r[key] for r in rows).items(), key=lambda kv: (-kv[1], kv[0])):
        name = " + ".join(props.get(p, p) for p in k.split("+")) if key == "relation" else ""
        lines.append(f"| {k} ({name}) | {v} |" if name else f"| {k} | {v} |")
    return "\n".join(lines)


def describe(spec: ClaimSet, rows: list[dict], props: dict[str, str]) -> str:
    """The set's description: ``doc_text`` with its counts filled in."""
    by_label = Counter((r["label"], r["style"]) for r in rows)
    cross = ["| label | encyclopedia | journalist | social |", "|---|---:|---:|---:|"]
    for label in spec.balance:
        counts = (str(by_label[(label, s)]) for s in STYLES.values())
        cross.append(f"| {label} | " + " | ".join(counts) + " |")
    return spec.doc_text.format(
        n=len(rows),
        nsubj=len({r["_subject"] for r in rows}),
        ncls=len({r.get("class") for r in rows}),
        labels=count_table(rows, "label", props),
        styles=count_table(rows, "style", props),
        cross="\n".join(cross),
        relations=count_table(rows, "relation", props),
        nrel=len({r["relation"] for r in rows}),
    )


def build(spec: ClaimSet) -> int:
    """Check the set; write it and its description only when every check holds."""
    try:
        rows = spec.rows()
    except ValueError as e:
        print(f"PROBLEM {e}\nnot written", file=sys.stderr)
        return 1
    store = open_demo()
    problems = verify(store, spec, rows)
    if problems:
        for p in problems:
            print("PROBLEM", p, file=sys.stderr)
        print(f"not written: {len(problems)} problems", file=sys.stderr)
        return 1
    random.Random(spec.seed).shuffle(rows)
    spec.out.write_text(jsonl(numbered(rows, spec.id_format, spec.first_id)), encoding="utf-8")
    spec.doc.write_text(describe(spec, rows, property_names(store, rows)), encoding="utf-8")
    print(
        f"wrote {spec.out.name}: {len(rows)} claims, {dict(Counter(r['label'] for r in rows))}, "
        f"{dict(Counter(r['style'] for r in rows))}"
    )
    return 0
