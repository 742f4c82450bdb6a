"""Google results through serper.dev: ``POST /search`` with an ``X-API-KEY`` header.

The answer box and knowledge panel, when Google shows them, come first (they
are the most direct answers), then the organic results. A page that appears
twice (as the answer box and as an organic result, say) is one hit carrying
both snippets, one per line.
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

DEFAULT_URL = "https://google.serper.dev"


class SerperProvider(HttpProvider):
    name = "serper"

    def __init__(
        self,
        settings: Any,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.api_key = api_key or setting(settings, "serper_api_key")
        if not self.api_key:
            raise ConfigError(
                "The serper search provider needs an API key.",
                hint="Set KGFC_SERPER_API_KEY (get one at https://serper.dev), "
                "or search a local corpus with local:DIR.",
            )
        self.base_url = (base_url or setting(settings, "serper_url", DEFAULT_URL)).rstrip("/")
        self.http = CachedHttp(settings, self.name, client=client, sleep=sleep)

    def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        query = " ".join(query.split())
        if not query:
            return []
        limit = max(1, min(int(limit), 100))
        url = f"{self.base_url}/search"
        data = self.http.request(
            "POST",
            url,
            json_body={"q": query, "num": limit},
            headers={"X-API-KEY": self.api_key, "Content-Type": "application/json"},
            what=f"the Serper search API {url}",
            url_setting="KGFC_SERPER_URL",
            config_errors={
                401: "Check KGFC_SERPER_API_KEY: serper.dev did not accept it.",
                403: "Check KGFC_SERPER_API_KEY and the account's remaining credits at serper.dev.",
            },
        )
        if not isinstance(data, dict):
            raise RemoteError(
                f"The Serper search API {url} answered with something other than a JSON object."
            )
        return parse_serper(data, query)[:limit]


def parse_serper(data: dict[str, Any], query: str) -> list[SearchHit]:
    """Turn a serper.dev ``/search`` answer into hits, most direct answer first."""
    hits: list[SearchHit] = []
    by_id: dict[str, SearchHit] = {}

    def add(hit_id: str, title: str, text: str, url: str | None, kind: str, **meta: Any) -> None:
        text = text.strip()
        if not text:
            return
        known = by_id.get(hit_id)
        if known is not None:  # the same page again (answer box, then organic): keep both snippets
            if text not in known.text:
                known.text = f"{known.text}\n{text}"
            known.metadata.setdefault("also", []).append(kind)
            return
        meta = {k: v for k, v in meta.items() if v not in (None, "", [], {})}
        hit = SearchHit(
            id=hit_id,
            title=title,
            text=text,
            url=url,
            provider="serper",
            query=query,
            rank=len(hits) + 1,
            metadata={"kind": kind, **meta},
        )
        by_id[hit_id] = hit
        hits.append(hit)

    box = data.get("answerBox")
    if isinstance(box, dict):
        link = box.get("link")
        text = " ".join(str(box[k]) for k in ("answer", "snippet") if box.get(k))
        add(
            link or f"serper:answerBox:{query}",
            box.get("title", ""),
            text,
            link,
            "answer_box",
            date=box.get("date"),
        )

    panel = data.get("knowledgeGraph")
    if isinstance(panel, dict):
        link = panel.get("descriptionLink") or panel.get("website")
        attrs = given if isinstance(given := panel.get("attributes"), dict) else {}
        facts = "; ".join(f"{k}: {v}" for k, v in attrs.items())
        text = " ".join(t for t in (panel.get("description", ""), facts) if t)
        add(
            link or f"serper:knowledgeGraph:{panel.get('title', query)}",
            panel.get("title", ""),
            text,
            link,
            "knowledge_graph",
            type=panel.get("type"),
            attributes=attrs,
            source=panel.get("descriptionSource"),
        )

    for item in data.get("organic") or []:
        if not isinstance(item, dict) or not item.get("link"):
            continue
        add(
            item["link"],
            item.get("title", ""),
            item.get("snippet", ""),
            item["link"],
            "organic",
            position=item.get("position"),
            date=item.get("date"),
            attributes=item.get("attributes"),
        )
    return hits
