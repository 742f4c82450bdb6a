"""The subject's description as a signal: does the KG's one-line description name the value?"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import VerdictLabel
from kgfc.pipeline.api import verify_triple
from kgfc.reason import completion as C
from kgfc.reason.descriptions import description_signal, names
from kgfc.reason.local import LocalReasoner
from kgfc.reason.plausibility import FEATURES, features

DATA = Path(__file__).parent / "data"
P27 = V.WDT + "P27"


@pytest.mark.parametrize(
    ("description", "label", "named"),
    [
        ("Russian playwright and short-story writer", "playwright", True),
        ("Russian playwright and short-story writer", "poet", False),
        ("American singer-songwriter and actress", "actor", True),  # the "-ress" form
        ("American singers", "singer", True),  # Porter stems
        ("Scottish philosopher, economist, and historian", "philosophy", True),  # derived
        ("Swiss mathematician", "mathematics", True),
        ("American astrophysicist and author", "astronomer", False),  # a shared start only
        ("American rock band", "hard rock", False),  # every content word, not some
        ("American singer", "rhythm and blues", False),
        ("American singer", "United States of America", True),  # the nationality adjective
        ("Austrian-American actor", "Austria", True),  # each half of a pair
        ("German composer, conductor", "Germany", True),
        ("German composer, conductor", "West Germany", False),  # not a former state
        ("German composer, conductor", "France", False),
    ],
)
def test_names(description, label, named):
    assert names(description, label) is named


def test_signal_is_missing_without_a_description_or_a_label():
    assert description_signal("Swiss mathematician", "mathematics") == 1.0
    assert description_signal("Swiss mathematician", "poet") == 0.0
    assert math.isnan(description_signal(None, "poet"))
    assert math.isnan(description_signal("Swiss mathematician", None))


@pytest.fixture(scope="module")
def kg(tmp_path_factory):
    """tests/data/completion.ttl (Ada Unstated, a Harbour Party member whose citizenship no
    fact states) with a description of Ada that names Freedonia."""
    extra = tmp_path_factory.mktemp("kg") / "described.ttl"
    extra.write_text(
        "@prefix wd: <http://www.wikidata.org/entity/> .\n"
        "@prefix schema: <http://schema.org/> .\n"
        'wd:Q700100 schema:description "politician from Freedonia"@en .\n',
        encoding="utf-8",
    )
    store = OxigraphStore()
    store.load_file(DATA / "completion.ttl")
    store.load_file(extra)
    return store


def test_feature_reads_the_subjects_description(kg):
    model = C.completion_for(kg)
    texts = kg.label_index()
    ada, freedonia, sylvania = V.WD + "Q700100", V.WD + "Q700002", V.WD + "Q700004"
    at = FEATURES.index("described")
    named = features(model, ada, P27, freedonia, texts=texts)
    assert named.values[at] == 1.0 and named.description == "politician from Freedonia"
    other = features(model, ada, P27, sylvania, texts=texts)
    assert other.values[at] == 0.0 and other.description is None
    # no texts, or a subject without a description: unknown, not "not named"
    assert math.isnan(features(model, ada, P27, freedonia).values[at])
    person = V.WD + "Q720000"  # Person 0 has no description
    assert math.isnan(features(model, person, P27, sylvania, texts=texts).values[at])


def test_a_combined_verdict_quotes_the_description(kg):
    from tests.test_combiner import constant

    result = verify_triple(
        kg, "Q700100", "P27", "Q700002", LocalReasoner(kg, calibration=constant(2.0))
    )
    v = result.verdict
    assert v.label == VerdictLabel.SUPPORTED
    assert 'the KG describes Ada Unstated as "politician from Freedonia", naming Freedonia' in (
        v.justification
    )
    other = verify_triple(
        kg, "Q700100", "P27", "Q700004", LocalReasoner(kg, calibration=constant(2.0))
    )
    assert "describes" not in other.verdict.justification


def test_codex_loader_stores_descriptions_official_file_first(tmp_path):
    from kgfc.eval.codex import build_train_store

    root = tmp_path / "codex"
    (root / "triples" / "codex-s").mkdir(parents=True)
    (root / "triples" / "codex-s" / "train.txt").write_text(
        "Q1\tP106\tQ2\nQ3\tP106\tQ2\n", encoding="utf-8"
    )
    (root / "entities_partial").mkdir()
    (root / "entities_partial" / "entity_labels_recovered.jsonl").write_text(
        json.dumps({"qid": "Q1", "label": "Ann", "description": "Freedonian poet"})
        + "\n"
        + json.dumps({"qid": "Q3", "label": "Bo", "description": "old text"})
        + "\n"
        + json.dumps({"qid": "Q9", "label": "Not in train", "description": "left out"})
        + "\n",
        encoding="utf-8",
    )
    (root / "entities" / "en").mkdir(parents=True)
    (root / "entities" / "en" / "entities.json").write_text(
        json.dumps({"Q2": {"label": "poet"}, "Q3": {"label": "Bo", "description": "painter"}}),
        encoding="utf-8",
    )
    store, info = build_train_store(root, "s")
    texts = store.label_index()
    assert texts.descriptions == {V.WD + "Q1": "Freedonian poet", V.WD + "Q3": "painter"}
    assert texts.label(V.WD + "Q2") == "poet"
    assert info["descriptions"] == 2


_DETERMINISM = """
import json, random
from kgfc.reason.completion import Completion, KGIndex, mine_completion_rules
from kgfc.reason.plausibility import features
W, P = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/"
rng = random.Random(7)
facts = []
# 400 people of one country (a hub wider than the length-3 sampler's fan-out), 60 clubs of
# 7 members whose members share an occupation: many rules and peers tie
for i in range(400):
    x = f"{W}Q{1000 + i}"
    facts += [(x, P + "P27", W + "Q1"), (x, P + "P463", f"{W}Q{2000 + i % 60}"),
              (x, P + "P106", f"{W}Q{3000 + (i % 60) % 4}"),
              (x, P + "P19", f"{W}Q{4000 + rng.randrange(30)}")]
facts += [(f"{W}Q{4000 + j}", P + "P17", W + "Q1") for j in range(30)]
index = KGIndex(facts)
rules = mine_completion_rules(index, max_const_rules=3)
model = Completion(index, rules)
rows = [features(model, f"{W}Q{1000 + i}", P + "P106", W + "Q3001").values
        for i in range(0, 400, 7)]
print(json.dumps({"rules": rules.to_json()["rules"], "features": rows}))
"""


def test_rules_and_features_are_the_same_in_every_process():
    """A set's order follows the per-process string hash (PYTHONHASHSEED): ties between rules
    and peers, and a hub's neighbours cut at the sampler's fan-out, must not follow it."""
    out = []
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", _DETERMINISM],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        out.append(run.stdout)
    assert json.loads(out[0])["rules"]
    assert out[0] == out[1] == out[2]
