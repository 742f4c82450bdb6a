"""CoDEx triple classification: the examples, and the training KG they are checked against.

Layout read (as in github.com/tsafavi/codex, rooted at ``--path``)::

    triples/codex-{s,m}/{train,valid,valid_negatives,test,test_negatives}.txt
    types/entity2types.json, types/en/types.json, relations/en/relations.json
    entities/en/entities.json   (optional: CoDEx's English entity labels and descriptions)
    entities_partial/entity_labels_recovered.jsonl   (optional: recovered labels, descriptions)

``valid.txt`` rows are label 1 (SUPPORTED), ``valid_negatives.txt`` CoDEx's hard
negatives, label 0 (REFUTED). Structured by default (QID, PID, QID); with
``--verbalise`` each triple becomes "head label relation label tail label",
which needs both entity labels: triples without them are left out, and since
label coverage differs between positives and negatives the class balance of a
verbalised set differs from the structured one (reported by the loader).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgfc.errors import InputError

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)


def _root(folder: Path) -> Path:
    """``.../codex/triples/codex-s`` -> ``.../codex``."""
    return folder.parent.parent


def read_triples(path: Path) -> list[tuple[str, str, str]]:
    if not path.exists():
        raise InputError(f"{path} does not exist.", hint="Point --path at the CoDEx folder.")
    out = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            parts = line.strip().split("\t")
            if parts == [""]:
                continue
            if len(parts) != 3:
                raise InputError(f"{path}:{n}: expected head<TAB>relation<TAB>tail")
            out.append((parts[0], parts[1], parts[2]))
    return out


def entity_labels(root: Path) -> dict[str, str]:
    return entity_texts(root)[0]


def entity_texts(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Entity labels and descriptions, each file read once: type labels (``types.json``), then
    the recovered-labels file, then CoDEx's own ``entities.json`` (a later file's label or
    description wins where two have one)."""
    labels: dict[str, str] = {}
    descriptions: dict[str, str] = {}
    types = root / "types" / "en" / "types.json"
    if types.exists():
        for qid, rec in json.loads(types.read_text(encoding="utf-8")).items():
            if rec.get("label"):
                labels[qid] = rec["label"]
    for qid, rec in _entity_records(root):
        if rec.get("label"):
            labels[qid] = rec["label"]
        if rec.get("description"):
            descriptions[qid] = rec["description"]
    return labels, descriptions


def _entity_records(root: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """(QID, record) from the recovered-labels file, then from CoDEx's own ``entities.json``."""
    rec_path = root / "entities_partial" / "entity_labels_recovered.jsonl"
    if rec_path.exists():
        with open(rec_path, encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                yield rec["qid"], rec
    official = root / "entities" / "en" / "entities.json"
    if official.exists():
        yield from json.loads(official.read_text(encoding="utf-8")).items()


def relation_labels(root: Path) -> dict[str, str]:
    path = root / "relations" / "en" / "relations.json"
    if not path.exists():
        return {}
    return {
        pid: rec["label"]
        for pid, rec in json.loads(path.read_text(encoding="utf-8")).items()
        if rec.get("label")
    }


def read_codex(folder: Path, opts: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    split = opts.get("split", "valid")
    pos = read_triples(folder / f"{split}.txt")
    neg = read_triples(folder / f"{split}_negatives.txt")
    verbalise = bool(opts.get("verbalise"))
    if verbalise:
        root = _root(folder)
        ents, rels = entity_labels(root), relation_labels(root)
    kept = {"1": 0, "0": 0}
    for label, rows in (("1", pos), ("0", neg)):
        for i, (h, r, t) in enumerate(rows):
            cid = f"{'pos' if label == '1' else 'neg'}-{i}"
            meta = {"relation": r}
            if not verbalise:
                yield cid, label, (h, r, t), meta
                continue
            if h not in ents or t not in ents or r not in rels:
                continue
            kept[label] += 1
            yield cid, label, f"{ents[h]} {rels[r]} {ents[t]}.", {**meta, "triple": [h, r, t]}
    if verbalise:
        log.warning(
            "verbalised CoDEx: %d of %d positives and %d of %d negatives have both entity labels; "
            "the rest are left out, so the class balance differs from the structured set",
            kept["1"],
            len(pos),
            kept["0"],
            len(neg),
        )


def build_train_store(
    root: Path, size: str, store: KnowledgeGraph | None = None
) -> tuple[KnowledgeGraph, dict[str, Any]]:
    """The split's train triples, entity types (as P31), labels and descriptions, each part its own
    source graph.

    Returns the store (in memory unless one is given) and counts. This is the
    KG of CoDEx's triple-classification protocol: valid triples are never in it.
    """
    from kgfc.kg import vocab as V
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.models import Fact, Label, Source, SourceKind

    start = time.perf_counter()
    triples = read_triples(root / "triples" / f"codex-{size}" / "train.txt")
    entities = {h for h, _, _ in triples} | {t for _, _, t in triples}
    store = store if store is not None else OxigraphStore()
    base = V.KGFC_SOURCE + f"eval/codex-{size}/"
    facts = [Fact(subject=V.WD + h, predicate=V.WDT + r, object=V.WD + t) for h, r, t in triples]
    store.add_source(
        Source(iri=base + "train", kind=SourceKind.FILE, title=f"codex-{size} train.txt"), facts
    )
    e2t_path = root / "types" / "entity2types.json"
    types = []
    if e2t_path.exists():
        e2t = json.loads(e2t_path.read_text(encoding="utf-8"))
        types = [
            Fact(subject=V.WD + e, predicate=V.WDT + "P31", object=V.WD + t)
            for e in sorted(entities)
            for t in e2t.get(e, ())
        ]
        store.add_source(
            Source(iri=base + "types", kind=SourceKind.FILE, title="entity2types.json as P31"),
            types,
        )
    ents, texts = entity_texts(root)
    rels = relation_labels(root)
    labels = [Label(entity=V.WD + q, text=t) for q, t in ents.items() if q in entities]
    descriptions = [
        Label(entity=V.WD + q, text=t, kind="description")
        for q, t in texts.items()
        if q in entities
    ]
    labels += [Label(entity=V.WD + pid, text=t) for pid, t in rels.items()]
    prop_facts = [
        Fact(subject=V.WD + pid, predicate=V.DIRECT_CLAIM, object=V.WDT + pid) for pid in rels
    ]
    store.add_source(
        Source(iri=base + "labels", kind=SourceKind.FILE, title="CoDEx labels"),
        prop_facts,
        labels + descriptions,
    )
    info = {
        "train_triples": len(triples),
        "type_facts": len(types),
        "labels": len(labels),
        "descriptions": len(descriptions),
        "entities": len(entities),
        "load_seconds": round(time.perf_counter() - start, 2),
    }
    return store, info
