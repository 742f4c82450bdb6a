"""The KG-embedding scorer (kgfc[kge]): scoring with numpy, training with torch, a combiner feature.

tests/data/completion.ttl: 15 Harbour Party members are citizens of
Freedonia, 10 Valley Party members of Sylvania; Ada Unstated is a Harbour
Party member whose citizenship no fact states.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.errors import ConfigError, InputError
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import VerdictLabel
from kgfc.pipeline.api import verify_triple
from kgfc.reason import embedding as E
from kgfc.reason.calibration import Combiner, Model, fit_features
from kgfc.reason.completion import completion_for
from kgfc.reason.local import LocalReasoner
from kgfc.reason.plausibility import FEATURES, features
from tests.test_combiner import DATA

P27 = V.WDT + "P27"
ADA, FREEDONIA, SYLVANIA = V.WD + "Q700100", V.WD + "Q700002", V.WD + "Q700004"
SMALL = E.Settings(rank=8, epochs=150, batch=64, n3=0.001, seed=1)

try:
    import torch  # noqa: F401

    HAVE_TORCH = True
except ImportError:
    HAVE_TORCH = False
torch_only = pytest.mark.skipif(
    not HAVE_TORCH, reason="needs torch (pip install 'kgfc[kge]'; .ci/run installs it)"
)


def toy(k: int = 2) -> E.Embedding:
    """Three entities and one relation (plus its reciprocal), vectors by hand (real parts only)."""
    ent = np.zeros((3, 2 * k), dtype=np.float32)
    ent[0, 0], ent[1, 0], ent[2, 1] = 1.0, 3.0, 1.0  # a, b (aligned with a), c (orthogonal)
    rel = np.zeros((2, 2 * k), dtype=np.float32)
    rel[:, 0] = 1.0  # score(x, r, y) = x0 * y0
    return E.Embedding(["a", "b", "c"], ["r"], ent, rel, {"fingerprint": "f"})


def test_features_rank_and_log_probability_by_hand(tmp_path):
    emb = toy()
    lp, rank, lp_s, rank_s = emb.features("a", "r", "b")
    # scores for (a, r, ?) = [1, 3, 0]: b ranks first, with softmax probability e^3 / (e + e^3 + 1)
    assert rank == 0.0
    assert lp == pytest.approx(3 - math.log(math.e + math.e**3 + 1), abs=1e-5)
    assert emb.features("a", "r", "c")[1] == pytest.approx(-math.log(3))  # two entities above c
    assert lp_s < 0 and rank_s <= 0
    assert all(math.isnan(x) for x in emb.features("a", "r", "zzz"))  # unknown: no evidence
    assert all(math.isnan(x) for x in emb.features("a", "other", "b"))
    path = tmp_path / "e.npz"
    emb.save(path)
    again = E.Embedding.load(path)
    assert again.entities == emb.entities and again.meta["fingerprint"] == "f"
    assert again.features("a", "r", "b") == pytest.approx(emb.features("a", "r", "b"))
    path.write_bytes(b"not a model")
    with pytest.raises(ConfigError, match="kgfc kg embed"):
        E.Embedding.load(path)


def test_combiner_reads_a_missing_feature_as_neutral():
    names = ("rule", *E.FEATURES)
    rows = [("P", [r, k, k, k, k], int(r + k > 1)) for r in (0.1, 0.9) for k in (0.2, 0.8)] * 10
    rows += [("P", [0.9, math.nan, math.nan, math.nan, math.nan], 1)] * 5
    comb = fit_features(rows, names, trees=None).combiner  # the logistic model's reading
    assert comb is not None and all(x == x for x in comb.mean)  # NaN never reaches the fit
    at_mean = comb.probability("P", [0.5, *comb.mean[1:]])
    assert comb.probability("P", [0.5, *[math.nan] * 4]) == pytest.approx(at_mean)


def test_signals_row_selects_features_by_name():
    store = OxigraphStore()
    store.load_file(DATA / "completion.ttl")
    sig = features(completion_for(store), ADA, P27, FREEDONIA)
    assert sig.row(FEATURES) == sig.values
    assert all(math.isnan(x) for x in sig.row(E.FEATURES))  # no embedding: missing
    with pytest.raises(ValueError, match="unknown combiner feature"):
        sig.row(("nope",))


def test_training_without_torch_says_what_to_install():
    # Hidden only inside the block: teardown hooks (pytest-randomly reseeds thinc, which
    # seeds torch when it is importable) must see the real torch again.
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(__import__("sys").modules, "torch", None)
        with pytest.raises(ConfigError, match="needs torch") as err:
            E.train([("a", "r", "b")])
    assert "kgfc[kge]" in (err.value.hint or "")
    with pytest.raises(InputError):
        E.Settings(rank=0).validate()


@torch_only
def test_trained_model_ranks_the_peers_value_first_and_is_reproducible():
    store = OxigraphStore()
    store.load_file(DATA / "completion.ttl")
    triples = E.store_triples(store)
    seen = []
    emb = E.train(triples, SMALL, threads=1, progress=lambda e, loss, s: seen.append(loss))
    assert len(seen) == SMALL.epochs and seen[-1] < seen[0]
    # Ada is a Harbour Party member, like Freedonia's 15 citizens: Freedonia over Sylvania
    f, s = emb.features(ADA, P27, FREEDONIA), emb.features(ADA, P27, SYLVANIA)
    assert f[0] > s[0] and f[1] >= s[1]
    again = E.train(triples, SMALL, threads=1)
    assert np.array_equal(again.ent, emb.ent)  # same seed, same model


@torch_only
def test_kg_embed_cli_trains_caches_and_the_reasoner_cites_it(tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    store_dir = tmp_path / "store"
    runner = CliRunner()
    res = runner.invoke(
        cli, ["kg", "load", str(DATA / "completion.ttl"), "--store", str(store_dir)]
    )
    assert res.exit_code == 0, res.output
    res = runner.invoke(
        cli,
        [
            "kg",
            "embed",
            "--store",
            str(store_dir),
            "--rank",
            "8",
            "--epochs",
            "150",
            "--threads",
            "1",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    assert '"relations"' in res.output and '"stale": false' in res.output
    res = runner.invoke(cli, ["kg", "embed", "--store", str(store_dir), "--info", "--json"])
    assert res.exit_code == 0 and '"rank": 8' in res.output
    assert '"path": null' not in res.output  # the file it serves from
    store = OxigraphStore(store_dir)
    try:
        emb = E.embedding_for(store)
        assert emb is not None and emb.knows(ADA)
        names = (*FEATURES, *E.FEATURES)
        weights = [0.0] * len(names)
        weights[names.index("kge_object")] = 1.0
        mean = [0.0] * len(names)
        mean[names.index("kge_object")] = emb.features(ADA, P27, SYLVANIA)[0]
        comb = Combiner(names, tuple(mean), (1.0,) * len(names), Model((0.0, *weights), 40, 20))
        from kgfc.reason.calibration import Calibration

        cal = Calibration(combiner=comb, meta={"claims": 40})
        result = verify_triple(
            store, "Q700100", "P27", "Q700002", LocalReasoner(store, calibration=cal)
        )
        v = result.verdict
        assert v.label == VerdictLabel.SUPPORTED
        assert "KG-embedding model trained on the KG ranks Freedonia" in v.justification
    finally:
        store.close()
        E.forget(store)
    # new facts: the last model keeps serving, and says it is stale
    extra = tmp_path / "extra.ttl"
    extra.write_text(
        "<http://www.wikidata.org/entity/Q1> <http://www.wikidata.org/prop/direct/P27> "
        "<http://www.wikidata.org/entity/Q700002> .\n",
        encoding="utf-8",
    )
    res = runner.invoke(cli, ["kg", "load", str(extra), "--store", str(store_dir)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["kg", "embed", "--store", str(store_dir), "--info", "--json"])
    assert res.exit_code == 0 and '"stale": true' in res.output


def test_kg_embed_info_without_a_model_fails_clearly(tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    runner = CliRunner()
    store_dir = tmp_path / "store"
    runner.invoke(cli, ["kg", "load", str(DATA / "completion.ttl"), "--store", str(store_dir)])
    res = runner.invoke(cli, ["kg", "embed", "--store", str(store_dir), "--info"])
    assert res.exit_code == 1
    assert "no KG embedding" in res.output


@torch_only
def test_eval_kge_trains_on_the_eval_kg_and_fits_the_combiner_with_its_features(
    tmp_path, monkeypatch
):
    import json

    from tests.test_combiner import _codex_layout, _eval

    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    root = _codex_layout(tmp_path / "codex")
    out = tmp_path / "out"
    common = ["codex-s", "--path", root, "--kg", "train", "--output", out, "--json"]
    res = _eval(*common, "--kge", expect=2)  # the embedding only matters to the combiner
    assert "add --calibrate" in res.output
    got = json.loads(_eval(*common, "--calibrate", "cross-fit", "--kge").stdout)
    assert got["accuracy"] == 1.0, got["confusion"]
    folder = out / "codex-s-valid" / "calibration-cross-fit-kge"
    fold0 = json.loads((folder / "calibration-fold0.json").read_text())
    assert fold0["combiner"]["features"][-len(E.FEATURES) :] == list(E.FEATURES)
    # a run without the embedding keeps its own folder and results
    assert (
        out / "codex-s-valid" / "kg-only.local.b4h4.cal-cross-fit-kge" / "results.jsonl"
    ).exists()
