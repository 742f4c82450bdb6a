"""Search providers: one protocol, chosen by name.

=================  ==============================================================
spec               provider
=================  ==============================================================
``local:DIR``      a directory of .txt/.md/.html/.jsonl files indexed with tantivy
                   (the default offline provider)
``serper``         Google results through serper.dev (``KGFC_SERPER_API_KEY``)
``searxng[:URL]``  a SearXNG instance's JSON API (``KGFC_SEARXNG_URL`` by default)
``pubmed``         NCBI E-utilities, titles and abstracts (``KGFC_NCBI_API_KEY``
                   optional)
=================  ==============================================================

Third-party packages add providers under the ``kgfc.search`` entry-point
group; a factory is called as ``factory(rest_of_spec, settings)``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from kgfc.errors import ConfigError, did_you_mean
from kgfc.models import utcnow
from kgfc.web._http import setting


class SearchHit(BaseModel):
    """One search result: a web page snippet, a corpus passage or a PubMed abstract."""

    id: str = Field(
        description="the citable id: a URL, 'PMID:123', or 'path#passage' for a local file"
    )
    title: str = ""
    text: str = Field("", description="snippet, passage or abstract")
    url: str | None = None
    provider: str
    query: str
    rank: int = Field(description="1-based position in the provider's answer")
    score: float | None = None
    retrieved_at: datetime = Field(default_factory=utcnow)
    metadata: dict[str, Any] = Field(default_factory=dict)


@runtime_checkable
class SearchProvider(Protocol):
    """A search backend. ``calls`` counts the external queries it has made (cache hits excluded)."""

    name: str

    @property
    def calls(self) -> int: ...

    def search(self, query: str, limit: int = 5) -> list[SearchHit]: ...


ProviderFactory = Callable[[str, Any], SearchProvider]
_PROVIDERS: dict[str, ProviderFactory] = {}


def register_provider(kind: str, factory: ProviderFactory) -> None:
    _PROVIDERS[kind] = factory


def _serper(rest: str, settings: Any) -> SearchProvider:
    from kgfc.web.serper import SerperProvider

    if rest:
        raise ConfigError(
            f"The serper provider takes no argument (got 'serper:{rest}').",
            hint="Set the key with KGFC_SERPER_API_KEY and use plain 'serper'.",
        )
    return SerperProvider(settings)


def _searxng(rest: str, settings: Any) -> SearchProvider:
    from kgfc.web.searxng import SearxngProvider

    return SearxngProvider(settings, base_url=rest or None)


def _local(rest: str, settings: Any) -> SearchProvider:
    from kgfc.web.local import LocalCorpusProvider

    directory = rest or setting(settings, "corpus_dir", None)
    if not directory:
        raise ConfigError(
            "The local search provider needs a directory: use 'local:DIR'.",
            hint="Or set KGFC_CORPUS_DIR to the folder of .txt/.md/.html/.jsonl documents.",
        )
    return LocalCorpusProvider(directory, settings=settings)


def _pubmed(rest: str, settings: Any) -> SearchProvider:
    from kgfc.web.pubmed import PubMedProvider

    return PubMedProvider(settings, base_url=rest or None)


register_provider("serper", _serper)
register_provider("searxng", _searxng)
register_provider("local", _local)
register_provider("pubmed", _pubmed)


def _load_plugins() -> None:
    for ep in entry_points(group="kgfc.search"):
        if ep.name not in _PROVIDERS:
            register_provider(ep.name, ep.load())


def make_provider(spec: str | None, settings: Any) -> SearchProvider:
    """Build the provider ``spec`` names (``serper``, ``searxng[:URL]``, ``local:DIR``, ``pubmed``).

    ``None`` means ``settings.search_provider``. ``searxng:`` takes the rest of
    the spec as a URL (``searxng:http://localhost:8888``).
    """
    spec = (spec or setting(settings, "search_provider", None) or "").strip()
    if not spec:
        raise ConfigError(
            "No search provider configured.",
            hint="Set KGFC_SEARCH_PROVIDER to local:DIR, serper, searxng:URL or pubmed.",
        )
    kind, _, rest = spec.partition(":")
    kind = kind.strip().lower()
    factory = _PROVIDERS.get(kind)
    if factory is None:
        _load_plugins()
        factory = _PROVIDERS.get(kind)
    if factory is None:
        raise ConfigError(
            f"Unknown search provider {kind!r} in {spec!r}.",
            hint=did_you_mean(kind, _PROVIDERS, "providers"),
        )
    return factory(rest, settings)
