"""A self-hosted SearXNG instance: ``GET {url}/search?q=...&format=json``.

The instance must allow the JSON format (``search.formats`` in its
``settings.yml`` lists ``json``); a 403 says it does not.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kgfc.errors import ConfigError, RemoteError
from kgfc.web._http import CachedHttp, HttpProvider, setting
from kgfc.web.base import SearchHit

if TYPE_CHECKING:
    import httpx


class SearxngProvider(HttpProvider):
    name = "searxng"

    def __init__(
        self,
        settings: Any,
        *,
        base_url: str | None = None,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        url = base_url or setting(settings, "searxng_url")
        if not url:
            raise ConfigError(
                "The searxng search provider needs the instance's URL.",
                hint="Set KGFC_SEARXNG_URL (e.g. http://localhost:8888) or use searxng:URL.",
            )
        if not url.startswith(("http://", "https://")):
            raise ConfigError(
                f"The SearXNG URL {url!r} is not an http(s) URL.",
                hint="Set KGFC_SEARXNG_URL to e.g. http://localhost:8888.",
            )
        self.base_url = url.rstrip("/")
        self.http = CachedHttp(settings, self.name, client=client, sleep=sleep)

    def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        query = " ".join(query.split())
        if not query:
            return []
        url = f"{self.base_url}/search"
        data = self.http.request(
            "GET",
            url,
            params={"q": query, "format": "json", "pageno": "1"},
            what=f"the SearXNG instance {self.base_url}",
            url_setting="KGFC_SEARXNG_URL",
            config_errors={
                403: "Enable the JSON API on the instance: add 'json' to search.formats in its settings.yml.",
            },
        )
        if not isinstance(data, dict):
            raise RemoteError(
                f"The SearXNG instance {self.base_url} answered with something other than a JSON object."
            )
        return parse_searxng(data, query)[: max(1, int(limit))]


def parse_searxng(data: dict[str, Any], query: str) -> list[SearchHit]:
    hits: list[SearchHit] = []
    seen: set[str] = set()
    for item in data.get("results") or []:
        if not isinstance(item, dict):
            continue
        url, text = item.get("url"), (item.get("content") or "").strip()
        if not url or not text or url in seen:
            continue
        seen.add(url)
        engines = item.get("engines") or ([item["engine"]] if item.get("engine") else [])
        meta = {
            "engines": engines,
            "category": item.get("category"),
            "published": item.get("publishedDate"),
        }
        hits.append(
            SearchHit(
                id=url,
                title=item.get("title") or "",
                text=text,
                url=url,
                provider="searxng",
                query=query,
                rank=len(hits) + 1,
                score=item.get("score"),
                metadata={k: v for k, v in meta.items() if v not in (None, "", [])},
            )
        )
    return hits
