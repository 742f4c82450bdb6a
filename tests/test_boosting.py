"""The combiner's boosted trees: interactions, the relation as a category, missing values, storage."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from kgfc.kg import vocab as V
from kgfc.reason import boosting
from kgfc.reason.boosting import Forest, Settings, fit
from kgfc.reason.calibration import Calibration, _logistic, fit_features
from kgfc.reason.plausibility import FEATURES


def _accuracy(forest: Forest, X, cats, y) -> float:
    return sum(
        (forest.probability(list(x), c) >= 0.5) == bool(g)
        for x, c, g in zip(X, cats, y, strict=True)
    ) / len(y)


def test_trees_learn_an_interaction_a_logistic_model_cannot():
    """Label = exactly one of two signals: no weighted sum separates it, two levels of splits do."""
    rng = random.Random(1)
    X = [[rng.random(), rng.random(), rng.random()] for _ in range(600)]
    y = [int((a > 0.5) != (b > 0.5)) for a, b, _ in X]
    forest = fit(X, ["P"] * len(X), y)
    assert _accuracy(forest, X, ["P"] * len(X), y) > 0.95
    Z = np.hstack([np.ones((len(X), 1)), np.array(X)])
    w = _logistic(Z, np.array(y, float), 1.0)
    linear = np.mean(((Z @ w) >= 0) == np.array(y, bool))
    assert linear < 0.7  # what the combiner had alone


def test_the_relation_is_a_category_and_an_unseen_one_follows_the_larger_side():
    rng = random.Random(2)
    X, cats, y = [], [], []
    for i in range(900):
        x = rng.random()
        rel = ("A", "B", "C")[i % 3]
        X.append([x])
        cats.append(rel)
        # A and B: high values are true; C: the other way round
        y.append(int(x > 0.5) if rel != "C" else int(x < 0.5))
    forest = fit(X, cats, y)
    assert _accuracy(forest, X, cats, y) > 0.95
    assert forest.probability([0.9], "C") < 0.2 and forest.probability([0.1], "C") > 0.8
    assert forest.probability([0.9], "A") > 0.8
    # A relation no split saw goes where most training claims went (A and B: 2 of 3)
    # (later splits on noise may part A from B a little)
    for x in (0.1, 0.9):
        assert forest.probability([x], "Z") == pytest.approx(forest.probability([x], "A"), abs=0.02)


def test_a_missing_value_goes_with_the_lowest_and_can_be_split_on_alone():
    X = [[math.nan]] * 100 + [[0.0]] * 100 + [[1.0]] * 100
    y = [1] * 100 + [0] * 100 + [1] * 100
    forest = fit(X, ["P"] * 300, y)
    assert _accuracy(forest, X, ["P"] * 300, y) == 1.0
    splits = [n for nodes in forest.trees for n in nodes if "feature" in n]
    assert any(n["threshold"] is None for n in splits)  # a split that sends only NaN left
    assert forest.probability([math.nan], "P") > 0.8
    assert forest.probability([0.0], "P") < 0.2


def test_no_split_leaves_fewer_claims_than_the_minimum():
    rng = random.Random(4)
    X = [[rng.random(), rng.random()] for _ in range(200)]
    y = [int(a > 0.97) for a, _ in X]  # six or so positives: too few for a leaf of 20
    forest = fit(X, ["P"] * 200, y, Settings(iterations=5, min_leaf=20))
    X = np.array(X)
    for nodes in forest.trees:
        # route the training rows and count them per leaf
        counts: dict[int, int] = {}
        for x in X:
            i = 0
            while "value" not in nodes[i]:
                n = nodes[i]
                left = n["threshold"] is not None and x[n["feature"]] <= n["threshold"]
                i = n["left"] if left else n["right"]
            counts[i] = counts.get(i, 0) + 1
        assert min(counts.values()) >= 20


def test_forest_round_trips_as_plain_json_and_rejects_a_broken_tree(tmp_path):
    rng = random.Random(6)
    X = [[rng.random(), rng.random()] for _ in range(300)]
    cats = [rng.choice("AB") for _ in X]
    y = [int(a + (c == "A") * b > 0.7) for (a, b), c in zip(X, cats, strict=True)]
    forest = fit(X, cats, y, Settings(iterations=30))
    text = json.dumps(forest.to_json(), allow_nan=False)  # strict JSON: no Infinity or NaN
    again = Forest.from_json(json.loads(text))
    assert again.claims == 300
    for x, c in zip(X, cats, strict=True):
        assert again.raw(x, c) == pytest.approx(forest.raw(x, c))
    with pytest.raises(ValueError, match="expect"):
        forest.raw([0.5], "A")
    for bad in (
        {"feature": 0, "threshold": 0.5, "left": 0, "right": 0},  # a cycle
        {"feature": 7, "threshold": 0.5, "left": 1, "right": 2},  # no such feature
        {"threshold": 0.5, "left": 1, "right": 2},  # splits on nothing
    ):
        broken = json.loads(text)
        broken["trees"][0][0] = bad
        with pytest.raises(ValueError, match="neither a leaf nor a split"):
            Forest.from_json(broken)
    # the calibration file that holds it says which file is broken, not a traceback
    from kgfc.errors import ConfigError

    cal = fit_features(
        [("P", [a, b] + [0.0] * (len(FEATURES) - 2), g) for (a, b), g in zip(X, y, strict=True)],
        FEATURES,
    )
    data = cal.to_json()
    data["combiner"]["trees"]["trees"][0][0] = {
        "feature": 0,
        "threshold": 0.5,
        "left": 0,
        "right": 0,
    }
    path = tmp_path / "cal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigError, match="Cannot read the calibration file"):
        Calibration.load(path)


def test_no_claims_give_a_forest_that_predicts_the_prior():
    forest = fit(np.zeros((0, 2)), [], np.zeros(0))
    assert forest.trees == [] and forest.probability([0.1, 0.2], "P") == pytest.approx(0.5)


def test_the_combiner_averages_trees_and_logistic_model_and_keeps_them_in_its_file(tmp_path):
    rng = random.Random(7)
    a = V.WDT + "P1"
    samples = []
    for _ in range(400):
        x = [rng.random() for _ in FEATURES]
        samples.append((a, x, int((x[0] > 0.5) != (x[1] > 0.5))))
    cal = fit_features(samples, FEATURES)
    comb = cal.combiner
    assert comb.trees is not None and comb.trees.claims == 400
    assert cal.meta["combiner_trees"]["iterations"] == boosting.Settings().iterations
    linear = fit_features(samples, FEATURES, trees=None).combiner
    assert linear.trees is None
    x = samples[0][1]
    assert comb.probability(a, x) == pytest.approx(
        (linear.probability(a, x) + comb.trees.probability(x, a)) / 2
    )
    correct = sum((comb.probability(p, x) >= 0.5) == bool(g) for p, x, g in samples)
    correct_linear = sum((linear.probability(p, x) >= 0.5) == bool(g) for p, x, g in samples)
    assert correct > correct_linear + 100
    path = tmp_path / "cal.json"
    cal.save(path)
    again = Calibration.load(path).combiner
    assert again.trees is not None
    assert again.probability(a, x) == pytest.approx(comb.probability(a, x), abs=1e-4)
    # a file written before the trees existed: the logistic model alone, as before
    data = cal.to_json()
    del data["combiner"]["trees"]
    old = Calibration.from_json(data).combiner
    assert old.trees is None
    assert old.probability(a, x) == pytest.approx(linear.probability(a, x))


def _walk(forest: Forest, values: list[float], category: str) -> float:
    """The trees read one by one, node by node: what Forest.raw computes all at once."""
    total = forest.intercept
    for nodes in forest.trees:
        node = nodes[0]
        while "value" not in node:
            if "left_set" in node:
                if category in node["left_set"]:
                    left = True
                elif category in node["right_set"]:
                    left = False
                else:
                    left = node["unseen_left"]
            else:
                x, t = values[node["feature"]], node["threshold"]
                left = x != x or (t is not None and x <= t)
            node = nodes[node["left"] if left else node["right"]]
        total += node["value"]
    return total


def test_all_trees_at_once_read_as_each_tree_node_by_node():
    rng = random.Random(8)
    X, cats, y = [], [], []
    for _ in range(800):
        x = [rng.random(), rng.random() if rng.random() > 0.2 else math.nan, rng.random()]
        c = rng.choice("ABCD")
        X.append(x)
        cats.append(c)
        y.append(int((x[0] > 0.4) == (c in "AB") or (x[1] != x[1] and x[2] > 0.7)))
    forest = fit(X, cats, y, Settings(iterations=60))
    assert any("left_set" in n for nodes in forest.trees for n in nodes)
    assert any(n.get("threshold", 0) is None for nodes in forest.trees for n in nodes)
    for x, c in [*zip(X[:200], cats[:200], strict=True), ([0.5, math.nan, 0.9], "unseen")]:
        assert forest.raw(x, c) == pytest.approx(_walk(forest, x, c), abs=1e-9)
