"""Dataset loaders: every benchmark as a list of :class:`Example` with a gold label.

Each loader reads the files as their upstream repositories publish them (the
project never ships datasets: ``--path`` points at a copy) and maps the
dataset's own labels onto four kinds:

``SUPPORTED``, ``REFUTED``, ``NOT ENOUGH INFO`` and ``PARTIAL`` (partly true,
conflicting evidence, cherry-picking).

A *protocol* then turns kinds into gold labels, as the papers do:

``binary``  NEI examples removed, PARTIAL merged into REFUTED (WKGFC's setting);
            a predicted NOT ENOUGH INFO counts as "not supported" = REFUTED.
``3way``    NEI kept as a class, PARTIAL merged into REFUTED; datasets without
            NEI examples stay two-class.

``--path`` may be the dataset's folder (the split's usual file name is used) or
the file itself.
"""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from kgfc.errors import InputError, UsageError, did_you_mean
from kgfc.pipeline.request import ClaimRequest, validation_message

SUPPORTED = "SUPPORTED"
REFUTED = "REFUTED"
NEI = "NOT ENOUGH INFO"
PARTIAL = "PARTIAL"
PROTOCOLS = ("binary", "3way")


@dataclass(frozen=True)
class Example:
    """One claim (text) or triple (ids) with its gold label under a protocol."""

    id: str
    gold: str  # SUPPORTED | REFUTED | NOT ENOUGH INFO
    raw_label: str  # the dataset's own label, verbatim
    claim: str | None = None
    triple: tuple[str, str, str] | None = None
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def text(self) -> str:
        return self.claim if self.claim is not None else " ".join(self.triple or ())

    def body(self) -> dict[str, Any]:
        """The claim part as a line of ``kgfc verify --file`` holds it (the label stays here)."""
        body: dict[str, Any] = {"id": self.id}
        if self.triple is not None:
            body["triple"] = list(self.triple)
        else:
            body["claim"] = self.claim
        return body

    def request(self) -> ClaimRequest:
        """The claim part, as a line of ``kgfc verify --file`` reads it (the label stays here)."""
        try:
            return ClaimRequest.model_validate(self.body())
        except ValidationError as exc:
            raise InputError(f"Not a claim: {validation_message(exc)}") from None


# A reader yields (id, raw label, claim text or triple, meta) from one file.
Row = tuple[str, str, str | tuple[str, str, str], dict[str, Any]]
Reader = Callable[[Path, dict[str, Any]], Iterator[Row]]


@dataclass(frozen=True)
class DatasetSpec:
    name: str
    title: str
    splits: dict[str, str]  # split -> file name inside the dataset folder
    default_split: str
    kinds: dict[str, str]  # normalised raw label -> kind
    read: Reader
    unlabeled: frozenset[str] = frozenset()  # splits published without labels
    paper: str = ""

    def file_for(self, path: Path, split: str) -> Path:
        if split not in self.splits:
            raise UsageError(
                f"{self.name} has no split {split!r}.",
                hint=f"Use one of: {', '.join(self.splits)}.",
            )
        if split in self.unlabeled:
            raise UsageError(
                f"{self.name} {split} is published without labels, so it cannot be scored.",
                hint=f"Use --split {self.default_split}.",
            )
        if path.is_dir():
            path = path / self.splits[split]
        if not path.exists():
            raise InputError(
                f"{path} does not exist.",
                hint=f"Point --path at the {self.title} folder or file ({self.splits[split]}).",
            )
        return path


def _norm(label: object) -> str:
    return str(label).strip().lower()


def to_gold(kind: str, protocol: str) -> str | None:
    """The gold label of a kind under a protocol; None means "left out"."""
    if kind == PARTIAL:
        return REFUTED
    if kind == NEI:
        return NEI if protocol == "3way" else None
    return kind


def labels_of(protocol: str, examples: Iterable[Example] = ()) -> list[str]:
    """The protocol's classes, in a fixed order; NEI only when 3-way and present."""
    present = {e.gold for e in examples}
    out = [SUPPORTED, REFUTED]
    if protocol == "3way" and (NEI in present or not present):
        out.append(NEI)
    return out


def pred_label(verdict: str, protocol: str) -> str:
    """A predicted verdict under a protocol: binary reads NOT ENOUGH INFO as not supported."""
    if protocol == "binary" and verdict == NEI:
        return REFUTED
    return verdict


# -- file readers ---------------------------------------------------------------------


def _jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    with open(path, encoding="utf-8-sig") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{n}: invalid JSON ({exc.msg})") from None
            if not isinstance(obj, dict):
                raise InputError(f"{path}:{n}: expected a JSON object")
            yield n, obj


def _json_list(path: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: invalid JSON ({exc.msg} at line {exc.lineno})") from None
    if not isinstance(data, list):
        raise InputError(f"{path}: expected a JSON array of claims")
    return data


def _need(obj: dict[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise InputError(f"{where}: no {key!r} field")
    return obj[key]


def read_fever(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    for n, o in _jsonl(path):
        where = f"{path}:{n}"
        yield str(o.get("id", n)), _need(o, "label", where), _need(o, "claim", where), {}


def read_hover(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    for i, o in enumerate(_json_list(path)):
        where = f"{path}[{i}]"
        meta = {"num_hops": o.get("num_hops")}
        yield str(o.get("uid", i)), _need(o, "label", where), _need(o, "claim", where), meta


def read_feverous(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    for i, o in enumerate(_json_list(path)):
        where = f"{path}[{i}]"
        meta = {"challenge": o.get("challenge")}
        yield str(o.get("id", i)), _need(o, "label", where), _need(o, "claim", where), meta


def read_liar_new(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    for n, o in _jsonl(path):
        where = f"{path}:{n}"
        meta = {"possibility": o.get("possibility_label")}
        yield (
            str(o.get("example_id", n)),
            _need(o, "label", where),
            _need(o, "statement", where),
            meta,
        )


def read_averitec(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    for i, o in enumerate(_json_list(path)):
        where = f"{path}[{i}]"
        yield str(i), _need(o, "label", where), _need(o, "claim", where), {}


def read_scifact(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    """Claim-level label = the label of its evidence sets (never mixed); no evidence = NEI."""
    for n, o in _jsonl(path):
        where = f"{path}:{n}"
        if "evidence" not in o:
            raise InputError(f"{where}: no 'evidence' field (the test split has no labels)")
        labels = {s["label"] for sets in o["evidence"].values() for s in sets}
        if len(labels) > 1:
            raise InputError(f"{where}: mixed evidence labels {sorted(labels)}")
        raw = labels.pop() if labels else "NEI"
        yield str(o.get("id", n)), raw, _need(o, "claim", where), {}


def read_healthfc(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    # utf-8-sig: the file starts with a BOM; csv handles the multi-line quoted fields.
    with open(path, encoding="utf-8-sig", newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh)):
            where = f"{path} row {i + 2}"
            claim = _need(row, "de_claim" if opts.get("lang") == "de" else "en_claim", where)
            yield str(i), _need(row, "label", where), claim, {"url": row.get("url")}


def read_claim_label(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    """FIRE's ``{claim, label}`` lines (label a string or a JSON boolean)."""
    for n, o in _jsonl(path):
        where = f"{path}:{n}"
        yield str(o.get("id", n)), _need(o, "label", where), _need(o, "claim", where), {}


# Generic JSONL: users' own data. Labels in any of the usual spellings.
GENERIC_KINDS = {
    **{k: SUPPORTED for k in ("supported", "supports", "support", "true", "1", "yes")},
    **{k: REFUTED for k in ("refuted", "refutes", "contradict", "false", "0", "no")},
    **{
        k: NEI
        for k in ("not enough info", "nei", "not_enough_info", "not enough information", "unknown")
    },
    **{k: PARTIAL for k in ("partial", "partly true", "half-true", "conflicting")},
}


def read_generic(path: Path, opts: dict[str, Any]) -> Iterator[Row]:
    for n, o in _jsonl(path):
        where = f"{path}:{n}"
        label = _need(o, "label", where)
        cid = str(o.get("id", n))
        if "triple" in o:
            t = o["triple"]
            if not (isinstance(t, list) and len(t) == 3 and all(isinstance(x, str) for x in t)):
                raise InputError(f"{where}: 'triple' must be a list of three ids")
            yield cid, label, (t[0], t[1], t[2]), {}
        elif isinstance(o.get("claim"), str):
            yield cid, label, o["claim"], {}
        else:
            raise InputError(f"{where}: needs a string 'claim' or a 'triple'")


def _fire(folder: str, title: str) -> DatasetSpec:
    return DatasetSpec(
        name=f"fire-{folder.replace('_', '-')}",
        title=f"FIRE {title}",
        splits={"test": "data.jsonl"},
        default_split="test",
        kinds={"true": SUPPORTED, "false": REFUTED},
        read=read_claim_label,
        paper="Xie et al. 2025 (FIRE); labels normalised with str(label).lower()",
    )


def _codex_spec(size: str) -> DatasetSpec:
    from kgfc.eval.codex import read_codex

    return DatasetSpec(
        name=f"codex-{size}",
        title=f"CoDEx-{size.upper()} triple classification",
        splits={"valid": f"triples/codex-{size}", "test": f"triples/codex-{size}"},
        default_split="valid",
        kinds={"1": SUPPORTED, "0": REFUTED},
        read=read_codex,
        paper="Safavi & Koutra 2020; valid (+) and valid_negatives (hard -)",
    )


DATASETS: dict[str, DatasetSpec] = {
    s.name: s
    for s in [
        DatasetSpec(
            "fever",
            "FEVER 1.0",
            {"dev": "paper_dev.jsonl"},
            "dev",
            {"supports": SUPPORTED, "refutes": REFUTED, "not enough info": NEI},
            read_fever,
            paper="Thorne et al. 2018, paper_dev",
        ),
        DatasetSpec(
            "hover",
            "HoVer",
            {"dev": "hover_dev_release_v1.1.json", "test": "hover_test_release_v1.1.json"},
            "dev",
            {"supported": SUPPORTED, "not_supported": REFUTED},
            read_hover,
            unlabeled=frozenset({"test"}),
            paper="Jiang et al. 2020; NOT_SUPPORTED read as REFUTED",
        ),
        DatasetSpec(
            "feverous",
            "FEVEROUS-S (ProgramFC release)",
            {"dev": "feverous_s_dev.json"},
            "dev",
            {"supports": SUPPORTED, "refutes": REFUTED},
            read_feverous,
            paper="Aly et al. 2021 / Pan et al. 2023",
        ),
        DatasetSpec(
            "liar-new",
            "LIAR-New",
            {"test": "LIAR-New.jsonl"},
            "test",
            # WKGFC's binary setting: only (mostly) true is supported; half-true is partly true,
            # merged into refuted. (The LIAR-New paper's own mapping counts half-true as true.)
            {
                "true": SUPPORTED,
                "mostly-true": SUPPORTED,
                "half-true": PARTIAL,
                "barely-true": REFUTED,
                "false": REFUTED,
                "pants-fire": REFUTED,
            },
            read_liar_new,
            paper="Pelrine et al. 2023",
        ),
        DatasetSpec(
            "averitec",
            "AVeriTeC",
            {"dev": "dev.json"},
            "dev",
            {
                "supported": SUPPORTED,
                "refuted": REFUTED,
                "conflicting evidence/cherrypicking": PARTIAL,
                "not enough evidence": NEI,
            },
            read_averitec,
            paper="Schlichtkrull et al. 2023",
        ),
        DatasetSpec(
            "scifact",
            "SciFact",
            {
                "dev": "claims_dev.jsonl",
                "train": "claims_train.jsonl",
                "test": "claims_test.jsonl",
            },
            "dev",
            {"support": SUPPORTED, "contradict": REFUTED, "nei": NEI},
            read_scifact,
            unlabeled=frozenset({"test"}),
            paper="Wadden et al. 2020; claim label from its evidence sets",
        ),
        DatasetSpec(
            "healthfc",
            "HealthFC",
            {"test": "Datensatz.csv"},
            "test",
            {"0": SUPPORTED, "1": NEI, "2": REFUTED},
            read_healthfc,
            paper="Vladika et al. 2024; English claims (--lang de for German)",
        ),
        _fire("bingcheck", "BingCheck"),
        _fire("factcheckbench", "FactCheck-Bench"),
        _fire("factool_qa", "FacTool-QA"),
        _fire("felm_wk", "FELM-WK"),
        _codex_spec("s"),
        _codex_spec("m"),
        DatasetSpec(
            "jsonl",
            "JSON lines ({claim|triple, label} per line)",
            {"file": ""},
            "file",
            GENERIC_KINDS,
            read_generic,
        ),
    ]
}


def get_spec(name: str) -> DatasetSpec:
    spec = DATASETS.get(name.lower())
    if spec is None:
        raise UsageError(
            f"Unknown dataset {name!r}.", hint=did_you_mean(name, DATASETS, "datasets")
        )
    return spec


def load(
    name: str,
    path: str | Path,
    *,
    split: str | None = None,
    protocol: str = "binary",
    options: dict[str, Any] | None = None,
) -> list[Example]:
    """Every scorable example of a dataset split, in file order, gold labels under ``protocol``."""
    if protocol not in PROTOCOLS:
        raise UsageError(f"Unknown protocol {protocol!r}.", hint="Use binary or 3way.")
    spec = get_spec(name)
    split = split or spec.default_split
    path = Path(path).expanduser()
    if spec.name == "jsonl":
        if not path.is_file():
            raise InputError(f"{path} is not a file.", hint="--path must name the JSONL file.")
        file = path
    else:
        file = spec.file_for(path, split)
    opts = {**(options or {}), "split": split}
    out: list[Example] = []
    seen: set[str] = set()
    for cid, raw, content, meta in spec.read(file, opts):
        kind = spec.kinds.get(_norm(raw))
        if kind is None:
            raise InputError(
                f"{file}: example {cid} has label {raw!r}, which {spec.name} does not define.",
                hint=f"Known labels: {', '.join(sorted(spec.kinds))}.",
            )
        gold = to_gold(kind, protocol)
        if gold is None:
            continue
        if cid in seen:
            raise InputError(f"{file}: duplicate example id {cid!r}.")
        seen.add(cid)
        claim, triple = (content, None) if isinstance(content, str) else (None, content)
        out.append(Example(cid, gold, str(raw), claim=claim, triple=triple, meta=meta))
    if not out:
        raise InputError(f"{file}: no labelled examples under the {protocol} protocol.")
    return out


def sample(examples: list[Example], limit: int | None, seed: int = 0) -> list[Example]:
    """A seeded random sample of ``limit`` examples, kept in dataset order (all when no limit)."""
    if not limit or limit >= len(examples):
        return list(examples)
    keep = set(random.Random(seed).sample(range(len(examples)), limit))
    return [e for i, e in enumerate(examples) if i in keep]
