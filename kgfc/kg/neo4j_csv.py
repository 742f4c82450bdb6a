"""``kgfc kg export --format neo4j-csv``: the mirror's property graph as ``neo4j-admin`` import files.

One CSV per node label and per relationship kind, in the header format of
``neo4j-admin database import full`` (Neo4j 5): ``key:ID(Group)`` columns
name node ids within an id group, ``:START_ID(Group)``/``:END_ID(Group)``
point at them, ``:LABEL``/``:TYPE`` carry the label and relationship type,
``name:float``/``name:boolean``/``name:long`` type a property and
``name:string[]`` is an array whose items are separated by ``|``
(``--array-delimiter='|'``; a ``|`` inside an alias is replaced by ``/``).
Fields are quoted with ``"`` (doubled inside), and may span lines
(``--multiline-fields=true``). The folder gets an ``import.sh`` with the
exact command. The mapping is :mod:`kgfc.kg.neo4j_mapping`'s.
"""

from __future__ import annotations

import csv
import shlex
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg.neo4j_mapping import EntityRow, FactRow, GraphRows, LinkRow, map_graph, source_row

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

ARRAY = "|"
# a node's row: its properties by name
NodeRow = Mapping[str, object]
# a fact by (subject, type, property, object, object kind)
FactKey = tuple[str, str, str, str, str]


class MergedFactRow(FactRow):
    """A fact as every source that states it gives it: their iris, the highest confidence."""

    sources: list[str]


NODE_FILES = {
    "Entity": (
        "nodes_entities.csv",
        ["iri:ID(Entity)", "label", "description", "aliases:string[]"],
    ),
    "Value": ("nodes_values.csv", ["key:ID(Value)", "value", "datatype", "lang"]),
    "Source": (
        "nodes_sources.csv",
        [
            "iri:ID(Source)",
            "kind",
            "location",
            "retrievedAt",
            "extractor",
            "confidence:float",
            "title",
            "query",
            "queryName",
            "sentence",
            "facts:long",
            "syncKey",
        ],
    ),
    "Claim": ("nodes_claims.csv", ["iri:ID(Claim)", "claimId", "text", "graph"]),
    "Verdict": (
        "nodes_verdicts.csv",
        ["iri:ID(Verdict)", "label", "confidence:float", "justification", "reasoner"],
    ),
    "Statement": (
        "nodes_statements.csv",
        ["iri:ID(Statement)", "evidenceId", "text", "property", "cited:boolean"],
    ),
}
FACT_COLUMNS = ["property", "label", "sources:string[]", "confidence:float"]


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ARRAY.join(str(v).replace(ARRAY, "/") for v in value)
    return str(value)


def _prop(header: str) -> str:
    return header.split(":", 1)[0]


def collect(
    store: KnowledgeGraph,
) -> tuple[dict[str, dict[str, NodeRow]], dict[FactKey, MergedFactRow], list[LinkRow]]:
    """Nodes by label, facts merged across sources, and links, for the whole store."""
    labels = store.label_index().labels
    nodes: dict[str, dict[str, NodeRow]] = {k: {} for k in NODE_FILES}
    entities: dict[str, EntityRow] = {}
    facts: dict[FactKey, MergedFactRow] = {}
    links: list[LinkRow] = []
    for source in store.sources():
        nodes["Source"][source.iri] = source_row(source)
        rows: GraphRows = map_graph(source, store.quads(graph=ox.NamedNode(source.iri)), labels)
        for iri, row in rows.entities.items():
            have = entities.setdefault(iri, {"iri": iri})
            if row.get("label") and not have.get("label"):
                have["label"] = row["label"]
            if row.get("description") and not have.get("description"):
                have["description"] = row["description"]
            if row.get("aliases"):
                have["aliases"] = list(dict.fromkeys([*have.get("aliases", []), *row["aliases"]]))
        nodes["Value"].update(rows.values)
        for f in rows.facts:
            key = (f["s"], f["type"], f["property"], f["o"], f["object_kind"])
            merged = facts.get(key)
            if merged is None:
                facts[key] = {**f, "sources": [f["source"]]}
            else:
                if f["source"] not in merged["sources"]:
                    merged["sources"].append(f["source"])
                merged["confidence"] = max(merged["confidence"], f["confidence"])
                merged["label"] = merged["label"] or f["label"]
        for label, items in (
            ("Claim", rows.claims),
            ("Verdict", rows.verdicts),
            ("Statement", rows.statements),
        ):
            for item in items:
                nodes[label][item["iri"]] = item
        links += rows.links
    for iri in labels:  # labelled entities without facts are nodes too, as in a sync
        entities.setdefault(iri, {"iri": iri, "label": labels[iri]})
    nodes["Entity"] = dict(entities)
    return nodes, facts, links


def export_neo4j_csv(store: KnowledgeGraph, folder: str | Path) -> dict[str, int]:
    """Write the import files into ``folder``; returns rows written per file."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    nodes, facts, links = collect(store)
    counts: dict[str, int] = {}
    args: list[str] = []

    def write(name: str, header: list[str], rows: Iterable[list[str]]) -> None:
        with open(out / name, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh, quoting=csv.QUOTE_MINIMAL, lineterminator="\n")
            w.writerow(header)
            n = 0
            for row in rows:
                w.writerow(row)
                n += 1
        counts[name] = n

    for label, (name, header) in NODE_FILES.items():
        write(
            name,
            [*header, ":LABEL"],
            ([*(_cell(r.get(_prop(h))) for h in header), label] for r in nodes[label].values()),
        )
        args.append(f"--nodes={name}")
    for kind in ("Entity", "Value"):
        name = f"rels_facts_{kind.lower()}.csv"
        write(
            name,
            [":START_ID(Entity)", f":END_ID({kind})", ":TYPE", *FACT_COLUMNS],
            (
                [f["s"], f["o"], f["type"], *(_cell(f.get(_prop(c))) for c in FACT_COLUMNS)]
                for f in facts.values()
                if f["object_kind"] == kind
            ),
        )
        args.append(f"--relationships={name}")
    groups: dict[tuple[str, str, str], list[LinkRow]] = {}
    for link in links:
        # A link to a node the export does not hold (a cited source since retracted) is left out.
        if link["to"] in nodes[link["to_label"]] and link["from"] in nodes[link["from_label"]]:
            groups.setdefault((link["type"], link["from_label"], link["to_label"]), []).append(link)
    for (rel, a, b), items in sorted(groups.items()):
        name = f"rels_{rel.lower()}_{a.lower()}_{b.lower()}.csv"
        unique = dict.fromkeys((i["from"], i["to"]) for i in items)
        write(name, [f":START_ID({a})", f":END_ID({b})", ":TYPE"], ([s, e, rel] for s, e in unique))
        args.append(f"--relationships={name}")
    command = [
        "neo4j-admin",
        "database",
        "import",
        "full",
        "--overwrite-destination",
        "--multiline-fields=true",
        f"--array-delimiter={ARRAY}",
        *args,
        "neo4j",
    ]
    (out / "import.sh").write_text(
        "#!/bin/sh\n# Import kgfc's property graph into a stopped Neo4j 5 (run in this folder).\n"
        'cd "$(dirname "$0")" && ' + " ".join(shlex.quote(c) for c in command) + "\n",
        encoding="utf-8",
    )
    return counts
