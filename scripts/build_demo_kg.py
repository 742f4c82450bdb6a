#!/usr/bin/env python
"""Build kgfc's bundled demo KG (``kgfc/data/demo_kg.nq.gz``) from ``../shared/data``.

The demo is a real Wikidata subgraph that works with no network: the CoDEx-M
training triples, CoDEx entity types as ``wdt:P31``, English labels, aliases
and descriptions from MIT-licensed tables, and the Wikidata property table.
Each upstream source becomes its own named graph carrying its PROV-O record,
exactly like a source kgfc retrieves itself.

CoDEx valid/test splits and negatives are left out on purpose: the KG is
CoDEx-M *train*, so ``valid`` can evaluate fact checking against it.

The output is deterministic (sorted N-Quads lines, gzip mtime 0, a fixed
generation time), so re-running this script on the same inputs reproduces the
shipped files byte for byte::

    python scripts/build_demo_kg.py [--shared ../shared/data] [--out kgfc/data]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pyoxigraph as ox

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # run from a checkout without installing kgfc

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.terms import provenance_quads  # noqa: E402
from kgfc.models import Source, SourceKind  # noqa: E402

# A fixed generation time keeps the output reproducible. Bump it (and rebuild)
# when the inputs change, so stores can tell the demo versions apart.
GENERATED_AT = datetime(2026, 11, 30, tzinfo=UTC)
EXTRACTOR = "kgfc build_demo_kg.py"
DEMO_GRAPH = V.KGFC_SOURCE + "demo/"

# Upstream repositories and commits, as recorded in each SOURCE.md.
CODEX_URL = "https://github.com/tsafavi/codex/tree/3132e426c2a6b643b70bad679905a3a6270be440"
FB15K_URL = "https://github.com/villmow/datasets_knowledge_embedding/tree/9e392453d6804d1f51c13e5650ae58ed48b638d5"
PROPS_URL = "https://github.com/EmmaLeonhart/AbstractWikipediaEditor/tree/5e84efea55c9b9876249b75838db224fcc95b226"
ALIASES_URL = (
    "https://github.com/ourochronos/foundation/tree/c24f457c182658618510b7469042b9efa8e9ac31"
)

# Property datatypes worth shipping: the ones a fact checker meets as claim
# predicates. External ids, URLs, media etc. would double the file for nothing.
DATATYPES = {
    "wikibase-item": "WikibaseItem",
    "quantity": "Quantity",
    "time": "Time",
    "string": "String",
    "monolingualtext": "Monolingualtext",
}
# Winning sources in entity_labels_recovered.jsonl that are MIT-licensed; the
# tminhquang00 ones come from a repo with no license and are skipped.
MIT_RECOVERED = {"fb15k237_entity2wikidata": "fb15k237", "codex_types_json": "codex"}

INSTANCE_OF = V.WDT + "P31"
PROPERTY_TYPE = V.WIKIBASE + "propertyType"
WIKIBASE_PROPERTY = V.WIKIBASE + "Property"


@dataclass
class Part:
    """One named graph of the demo: an upstream source and what came from it."""

    key: str
    title: str
    location: str
    quads: set[ox.Quad] = field(default_factory=set)

    @property
    def iri(self) -> str:
        return DEMO_GRAPH + self.key

    def add(self, s: str, p: str, o: ox.NamedNode | ox.Literal) -> None:
        self.quads.add(ox.Quad(ox.NamedNode(s), ox.NamedNode(p), o, ox.NamedNode(self.iri)))

    def add_provenance(self) -> None:
        source = Source(
            iri=self.iri,
            kind=SourceKind.DEMO,
            location=self.location,
            retrieved_at=GENERATED_AT,
            extractor=EXTRACTOR,
            title=self.title,
        )
        self.quads.update(provenance_quads(source))


def en(text: str) -> ox.Literal:
    return ox.Literal(text, language="en")


def clean(text: str | None) -> str | None:
    text = (text or "").strip()
    return text or None


# -- inputs ---------------------------------------------------------------
def read_triples(path: Path) -> list[tuple[str, str, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            h, p, t = line.split("\t")
            out.append((h, p, t))
    return out


@dataclass
class Names:
    """What one upstream record says about a QID."""

    part: str
    label: str | None
    aliases: list[str]
    description: str | None


def entity_names(shared: Path) -> dict[str, list[Names]]:
    """Every MIT-licensed English record per QID, best source first.

    Order: FB15k-237 entity2wikidata (Wikidata labels of ~2019), then the CoDEx
    type table, then the MIT records of the recovered-label file (which repeat
    those two sources; they are read so that nothing MIT-licensed is missed).
    """
    names: dict[str, list[Names]] = {}

    def offer(qid: str, rec: Names) -> None:
        names.setdefault(qid, []).append(rec)

    fb = json.loads(
        (shared / "wikidata_entities_fb15k237" / "entity2wikidata.json").read_text(encoding="utf-8")
    )
    for mid in sorted(fb):
        v = fb[mid]
        offer(
            v["wikidata_id"],
            Names(
                "fb15k237",
                clean(v.get("label")),
                v.get("alternatives") or [],
                clean(v.get("description")),
            ),
        )
    types = json.loads(
        (shared / "codex" / "types" / "en" / "types.json").read_text(encoding="utf-8")
    )
    for qid in sorted(types):
        v = types[qid]
        offer(qid, Names("codex", clean(v.get("label")), [], clean(v.get("description"))))
    recovered = shared / "codex" / "entities_partial" / "entity_labels_recovered.jsonl"
    for line in recovered.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        part = MIT_RECOVERED.get(r["source"])
        if part is not None:
            offer(
                r["qid"],
                Names(
                    part, clean(r.get("label")), r.get("aliases") or [], clean(r.get("description"))
                ),
            )
    return names


# -- building -------------------------------------------------------------
def add_names(qid: str, records: Iterable[Names], parts: dict[str, Part]) -> None:
    """One rdfs:label and one description per entity (the first source's);
    other labels and aliases become skos:altLabel, each text once."""
    iri = V.WD + qid
    label: str | None = None
    described = False
    seen: set[str] = set()
    for rec in records:
        part = parts[rec.part]
        texts = [rec.label] if rec.label else []
        texts += [a for a in (clean(x) for x in rec.aliases) if a]
        for text in texts:
            if text in seen:
                continue
            seen.add(text)
            if label is None:
                label = text
                part.add(iri, V.RDFS_LABEL, en(text))
            else:
                part.add(iri, V.SKOS_ALT, en(text))
        if rec.description and not described:
            described = True
            part.add(iri, V.SCHEMA_DESC, en(rec.description))


def add_properties(shared: Path, codex_pids: set[str], parts: dict[str, Part]) -> int:
    """Wikidata's property table, in the shape of Wikidata's own RDF dump."""
    relations = json.loads(
        (shared / "codex" / "relations" / "en" / "relations.json").read_text(encoding="utf-8")
    )
    path = shared / "wikidata_properties" / "wikidata_properties_merged.csv"
    with path.open(encoding="utf-8", newline="") as fh:
        rows = {r["pid"]: r for r in csv.DictReader(fh)}
    missing = sorted(codex_pids - rows.keys())
    if missing:
        raise SystemExit(f"CoDEx properties missing from {path.name}: {missing}")
    props, aliases, codex = (
        parts["wikidata-properties"],
        parts["wikidata-property-aliases"],
        parts["codex"],
    )
    n = 0
    for pid in sorted(rows, key=lambda p: int(p[1:])):
        row = rows[pid]
        if row["datatype"] not in DATATYPES and pid not in codex_pids:
            continue
        n += 1
        iri, rel = V.WD + pid, relations.get(pid, {})
        props.add(iri, V.RDF_TYPE, ox.NamedNode(WIKIBASE_PROPERTY))
        props.add(iri, V.DIRECT_CLAIM, ox.NamedNode(V.WDT + pid))
        if row["datatype"] in DATATYPES:
            props.add(iri, PROPERTY_TYPE, ox.NamedNode(V.WIKIBASE + DATATYPES[row["datatype"]]))
        label = clean(row["label"])
        seen = {label} if label else set()
        if label:
            props.add(iri, V.RDFS_LABEL, en(label))
        if clean(row["description"]):
            props.add(iri, V.SCHEMA_DESC, en(clean(row["description"])))
        for alias in (clean(a) for a in row["aliases"].split("|")):
            if alias and alias not in seen:
                seen.add(alias)
                aliases.add(iri, V.SKOS_ALT, en(alias))
        # CoDEx's older relation labels ("notable works", "religion") are
        # useful aliases; its description fills a gap in the table's.
        old = clean(rel.get("label"))
        if old and old not in seen:
            seen.add(old)
            codex.add(iri, V.RDFS_LABEL if label is None else V.SKOS_ALT, en(old))
        if not clean(row["description"]) and clean(rel.get("description")):
            codex.add(iri, V.SCHEMA_DESC, en(clean(rel.get("description"))))
    return n


def build(shared: Path) -> tuple[list[Part], dict]:
    codex_dir = shared / "codex"
    parts = {
        p.key: p
        for p in (
            Part(
                "codex-m-train",
                "CoDEx-M training triples (data/triples/codex-m/train.txt)",
                CODEX_URL,
            ),
            Part(
                "codex-m-types",
                "CoDEx entity types as instance of (data/types/entity2types.json)",
                CODEX_URL,
            ),
            Part(
                "codex",
                "CoDEx English type and relation labels (data/types/en/types.json, data/relations/en/relations.json)",
                CODEX_URL,
            ),
            Part(
                "fb15k237",
                "English labels, aliases and descriptions (FB15k-237/entity2wikidata.json)",
                FB15K_URL,
            ),
            Part(
                "wikidata-properties",
                "Wikidata property labels, descriptions and datatypes (data/wikidata_properties.json)",
                PROPS_URL,
            ),
            Part(
                "wikidata-property-aliases",
                "Wikidata property aliases (data/wikidata_properties.json)",
                ALIASES_URL,
            ),
        )
    }

    triples = read_triples(codex_dir / "triples" / "codex-m" / "train.txt")
    train = parts["codex-m-train"]
    for h, p, t in triples:
        train.add(V.WD + h, V.WDT + p, ox.NamedNode(V.WD + t))
    entities = {h for h, _, _ in triples} | {t for _, _, t in triples}
    codex_pids = {p for _, p, _ in triples} | {"P31"}

    # CoDEx's entity2types mixes Wikidata's instance-of and (for classes such
    # as occupations) subclass-of values without telling them apart; P31 is
    # the reading CoDEx documents ("entity types") and right for most entities.
    entity_types = json.loads(
        (codex_dir / "types" / "entity2types.json").read_text(encoding="utf-8")
    )
    type_qids: set[str] = set()
    for qid in sorted(entities):
        for t in entity_types.get(qid, []):
            parts["codex-m-types"].add(V.WD + qid, INSTANCE_OF, ox.NamedNode(V.WD + t))
            type_qids.add(t)

    names = entity_names(shared)
    kg_qids = entities | type_qids
    for qid in sorted(kg_qids):
        add_names(qid, names.get(qid, ()), parts)
    n_props = add_properties(shared, codex_pids, parts)

    for part in parts.values():
        part.add_provenance()

    ordered = list(parts.values())
    meta = {
        "name": "kgfc demo KG",
        "generated_at": GENERATED_AT.isoformat(),
        # The same definitions as OxigraphStore.stats(), so a loaded store can be checked.
        "facts": sum(_count_facts(p) for p in ordered),
        "entities": len(kg_qids),
        "labels": sum(_count(p, (V.RDFS_LABEL, V.SKOS_ALT)) for p in ordered),
        "sources": len(ordered),
        "quads": sum(len(p.quads) for p in ordered),
        "labelled_entities": len(_subjects(ordered, V.RDFS_LABEL, kg_qids)),
        "described_entities": len(_subjects(ordered, V.SCHEMA_DESC, kg_qids)),
        "train_triples": len(triples),
        "type_facts": _count_facts(parts["codex-m-types"]),
        "properties": n_props,
        "graphs": {
            p.iri: {
                "title": p.title,
                "location": p.location,
                "quads": len(p.quads),
                "facts": _count_facts(p),
            }
            for p in ordered
        },
    }
    return ordered, meta


def _count(part: Part, predicates: Iterable[str]) -> int:
    return sum(1 for q in part.quads if q.predicate.value in predicates)


def _count_facts(part: Part) -> int:
    return sum(1 for q in part.quads if q.predicate.value.startswith(V.WDT))


def _subjects(parts: Iterable[Part], predicate: str, qids: set[str]) -> set[str]:
    """The QIDs among ``qids`` that are the subject of ``predicate`` somewhere."""
    iris = {q.subject.value for part in parts for q in part.quads if q.predicate.value == predicate}
    return {qid for qid in qids if V.WD + qid in iris}


# -- output ---------------------------------------------------------------
def nquads(parts: Iterable[Part]) -> Iterator[bytes]:
    # Sorting the text lines (not the terms) makes the order independent of
    # set iteration and of pyoxigraph's term ordering.
    lines = {f"{q} ." for part in parts for q in part.quads}
    for line in sorted(lines):
        yield line.encode("utf-8") + b"\n"


def write_gzip(path: Path, lines: Iterable[bytes]) -> None:
    # mtime=0 and no file name in the header: the same input gives the same bytes.
    with (
        path.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz,
    ):
        for line in lines:
            gz.write(line)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def markdown(meta: dict) -> str:
    graphs = "\n".join(
        f"| `{iri.removeprefix(DEMO_GRAPH)}` | {g['title']} | {g['facts']:,} | {g['quads']:,} |"
        for iri, g in meta["graphs"].items()
    )
    return f"""# The bundled demo KG

`demo_kg.nq.gz` is a real Wikidata subgraph that kgfc loads into an empty
default store on first use, so the tool works with no network at all. It is
gzip-compressed N-Quads; each part below is its own named graph under
`{DEMO_GRAPH}` with a PROV-O record (`kgfc:sourceKind "demo"`,
`prov:wasDerivedFrom` the upstream repository at the commit used).

Entities and properties keep their Wikidata IRIs (`wd:Q..`, `wdt:P..`),
labels are `rdfs:label`, aliases `skos:altLabel`, descriptions
`schema:description`, all `@en`.

## Counts

| | |
|---|---:|
| facts (`wdt:` statements) | {meta["facts"]:,} |
| of which CoDEx-M train triples | {meta["train_triples"]:,} |
| of which entity types (`wdt:P31`) | {meta["type_facts"]:,} |
| entities (QIDs in facts) | {meta["entities"]:,} |
| entities with an English label | {meta["labelled_entities"]:,} |
| entities with an English description | {meta["described_entities"]:,} |
| properties described | {meta["properties"]:,} |
| labels and aliases | {meta["labels"]:,} |
| source graphs | {meta["sources"]:,} |
| quads | {meta["quads"]:,} |
| file size | {meta["file"]["bytes"] / 1e6:.1f} MB |

| graph | content | facts | quads |
|---|---|---:|---:|
{graphs}

## What is in it, and what is not

- **Facts**: every triple of CoDEx-M `train.txt` (Safavi & Koutra, EMNLP 2020),
  as `wd:Q.. wdt:P.. wd:Q..`. The CoDEx-M `valid` split and its negatives are
  *not* included, so they can be used to evaluate fact checking against this
  KG; the `test` splits are held out altogether.
- **Types**: CoDEx's `entity2types.json` for the entities above, as
  `wdt:P31` (instance of). CoDEx does not say which Wikidata property each
  type came from; for classes (occupations, languages) some values are really
  superclasses (`P279`).
- **Labels**: for the entities and the type QIDs, from FB15k-237's
  `entity2wikidata.json` (Wikidata labels of about 2019) first, then CoDEx's
  `types.json`; the MIT-licensed records of the CoDEx recovered-label file
  repeat these two. Records from sources without a license are left out, so
  many CoDEx-M entities have no label; kgfc shows their QID and can fetch the
  label from Wikidata when online (`kgfc kg enrich`).
- **Properties**: every Wikidata property of datatype wikibase-item,
  quantity, time, string or monolingualtext, plus every property CoDEx uses:
  `rdf:type wikibase:Property`, `wikibase:directClaim`,
  `wikibase:propertyType`, label, description and aliases. CoDEx's own
  (older) relation labels are added as aliases.

## Attribution and licenses

- CoDEx, (c) 2021 Tara Safavi, MIT license: <{CODEX_URL}>.
- FB15k-237 entity2wikidata.json, (c) 2017 Tim Dettmers, MIT license: <{FB15K_URL}>.
- Wikidata property catalogue, EmmaLeonhart/AbstractWikipediaEditor, MIT license: <{PROPS_URL}>.
- Wikidata property aliases, ourochronos/foundation (no license stated; the
  content is Wikidata's own property metadata): <{ALIASES_URL}>.
- All of it is Wikidata content, which is CC0 1.0 (public domain dedication):
  <https://www.wikidata.org/wiki/Wikidata:Licensing>.

## Regenerating

With the shared data folder beside the repository:

```
python scripts/build_demo_kg.py --shared ../shared/data --out kgfc/data
```

The build is deterministic: the same inputs give byte-identical
`demo_kg.nq.gz`, `demo_kg.json` and `DEMO_KG.md` (checked by
`tests/test_demo.py` when the shared data is present).
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--shared",
        type=Path,
        default=REPO.parent / "shared" / "data",
        help="the shared data folder",
    )
    ap.add_argument("--out", type=Path, default=REPO / "kgfc" / "data", help="output folder")
    args = ap.parse_args(argv)
    if not (args.shared / "codex" / "triples" / "codex-m" / "train.txt").is_file():
        ap.error(f"no CoDEx data under {args.shared}")
    args.out.mkdir(parents=True, exist_ok=True)

    parts, meta = build(args.shared)
    gz = args.out / "demo_kg.nq.gz"
    write_gzip(gz, nquads(parts))
    meta["file"] = {"name": gz.name, "bytes": gz.stat().st_size, "sha256": sha256(gz)}
    (args.out / "demo_kg.json").write_text(
        json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (args.out / "DEMO_KG.md").write_text(markdown(meta), encoding="utf-8")
    print(
        f"{gz}: {meta['quads']:,} quads, {meta['facts']:,} facts, {meta['entities']:,} entities "
        f"({meta['labelled_entities']:,} labelled), {meta['properties']:,} properties, "
        f"{meta['file']['bytes'] / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
