"""Knowledge-graph sources: Wikidata (cached into the store) and the local store alone.

:class:`WikidataSource` answers from the store first. An entity it has not
seen is fetched with the two WKGFC templates (``wikidata_outgoing``,
``wikidata_incoming``) and ``wikidata_labels``, one query each for a batch of
entities, through SPARQLWrapper against ``settings.wikidata_endpoint``. What
comes back is written as one named graph per (endpoint, entity), in one
transaction, with its PROV record; so a second call, a re-run or a resumed
job reads the store and sends nothing. Entity search uses the MediaWiki
``wbsearchentities`` API through httpx, cached on disk.

With ``settings.offline`` (or :class:`LocalKGSource`) the same questions are
answered from the store alone and no socket is ever opened.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from kgfc.errors import InputError, RemoteError, RemoteRateLimited, UsageError
from kgfc.kg import vocab as V
from kgfc.kg.labels import normalise
from kgfc.kg.terms import source_iri, with_values
from kgfc.models import EnrichReport, Fact, Label, LabelHit, Source, SourceKind
from kgfc.resources import load_query
from kgfc.retry import Limit, MalformedResponse, call_with_retries, gate_for, through_gate

if TYPE_CHECKING:
    import httpx
    from SPARQLWrapper import SPARQLWrapper

    from kgfc.kg.store import KnowledgeGraph
    from kgfc.settings import Settings

log = logging.getLogger(__name__)

QUERY_NAME = "wikidata_outgoing+wikidata_incoming"
TEMPLATES = ("wikidata_outgoing", "wikidata_incoming")
LABELS_QUERY = "wikidata_labels"
# WDQS serves GET from its cache; long VALUES lists go by POST to stay under URL limits.
_MAX_GET_QUERY = 1800
_ITEM = re.compile(r"^(?:wd:|https?://www\.wikidata\.org/(?:entity|wiki)/)?([Qq][1-9][0-9]*)$")
_ABSOLUTE = re.compile(r"^https?://[^\s<>\"{}|\\^`]+$")
_ITEM_IRI = re.compile(
    r"^https?://www\.wikidata\.org/(?:entity|wiki)/Q"
)  # malformed item IRIs stay errors
_LIMIT = re.compile(r"^\s*LIMIT\s+(\d+)\s*$", re.IGNORECASE | re.MULTILINE)

Progress = Callable[[int, int], None]
# Fetches chunks of entities (elsewhere: Ray tasks) and yields, as each is done, the chunk,
# its entities' graphs, the entities that failed (id -> why) and the queries it sent.
FetchedChunk = tuple[list[str], dict[str, Any], dict[str, str], int]
FetchMany = Callable[[list[list[str]]], Iterator[FetchedChunk]]


@runtime_checkable
class KGSource(Protocol):
    """Where entity search and one-hop neighbourhoods come from."""

    def search_entities(self, text: str, limit: int = 10) -> list[LabelHit]:
        """Entities whose label or alias matches ``text``, best first."""
        ...

    def neighbourhood(self, entities: Sequence[str]) -> list[Fact]:
        """One-hop incoming and outgoing facts of all ``entities``, labelled, with their source graph."""
        ...


def wikidata_item(ref: str) -> str:
    """``Q76``, ``wd:Q76`` or ``http://www.wikidata.org/entity/Q76`` -> the item's IRI.

    Raises :class:`InputError` for anything else, before any query is built.
    """
    m = _ITEM.match(ref.strip()) if isinstance(ref, str) else None
    if m is None:
        raise InputError(
            f"{ref!r} is not a Wikidata id such as Q76.",
            hint="Give an item id (Q followed by digits) or its IRI http://www.wikidata.org/entity/Q76; "
            "find the id of a name with entity search or on https://www.wikidata.org.",
        )
    return V.WD + m.group(1).upper()


def _items(entities: Sequence[str] | str) -> list[str]:
    if isinstance(entities, str):
        entities = [entities]
    return list(dict.fromkeys(wikidata_item(e) for e in entities))


def _refs(entities: Sequence[str] | str) -> tuple[list[str], list[str]]:
    """Split into Wikidata items (fetchable) and other absolute IRIs (store only).

    Other IRIs (entities extracted from the web, property entities) can sit in
    an agent's frontier; they are answered from the store. Anything that is
    neither raises :class:`InputError`.
    """
    if isinstance(entities, str):
        entities = [entities]
    items: list[str] = []
    others: list[str] = []
    for ref in entities:
        try:
            items.append(wikidata_item(ref))
        except InputError:
            iri = ref.strip() if isinstance(ref, str) else ""
            if not (_ABSOLUTE.match(iri) and not _ITEM_IRI.match(iri)):
                raise
            others.append(iri)
    return list(dict.fromkeys(items)), list(dict.fromkeys(others))


class LocalKGSource:
    """A :class:`KGSource` answered from the local store alone (offline)."""

    def __init__(self, store: KnowledgeGraph) -> None:
        self.store = store

    def search_entities(self, text: str, limit: int = 10) -> list[LabelHit]:
        return self.store.search_labels(text, limit=limit)

    def neighbourhood(self, entities: Sequence[str]) -> list[Fact]:
        items, others = _refs(entities)
        return self.store.neighbourhood(items + others)


@dataclass
class _EntityGraph:
    """What one entity's named graph will hold: ordered, de-duplicated."""

    facts: dict[Fact, None] = field(default_factory=dict)
    labels: dict[Label, None] = field(default_factory=dict)
    truncated: list[str] = field(default_factory=list)

    @property
    def fact_count(self) -> int:
        return sum(1 for f in self.facts if f.predicate != V.DIRECT_CLAIM)


def _term(binding: dict[str, str] | None) -> tuple[str, bool, str | None, str | None] | None:
    """A SPARQL-JSON term -> (value, is_literal, datatype, lang); None for blank nodes."""
    if binding is None:
        return None
    kind = binding.get("type")
    if kind == "uri":
        return binding["value"], False, None, None
    if kind in ("literal", "typed-literal"):
        lang = binding.get("xml:lang")
        return binding["value"], True, None if lang else binding.get("datatype"), lang
    return None


def _batches(items: Sequence[str], size: int) -> Iterator[list[str]]:
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def _qid(iri: str) -> str:
    return V.local_id(iri)


def _is_item(iri: str) -> bool:
    return iri.startswith(V.WD) and V.is_qid(iri[len(V.WD) :])


class WikidataSource:
    """A :class:`KGSource` over a Wikidata SPARQL endpoint, cached into ``store``.

    ``sparql_factory(endpoint)`` builds the SPARQLWrapper (tests and callers
    may wrap it); ``http_client`` is an ``httpx.Client`` for the search API;
    ``sleep`` is what retries wait with. ``sparql_queries`` and
    ``api_requests`` count the HTTP requests actually sent, retries included.
    """

    def __init__(
        self,
        store: KnowledgeGraph,
        settings: Settings,
        *,
        http_client: httpx.Client | None = None,
        sparql_factory: Callable[[str], SPARQLWrapper] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        batch_size: int = 50,
    ) -> None:
        self.store = store
        self.settings = settings
        self.endpoint = settings.wikidata_endpoint
        self.offline = settings.offline
        self.sparql_queries = 0
        self.api_requests = 0
        self.batch_size = max(1, batch_size)
        self._http = http_client
        self._own_http = False
        self._sparql_factory = sparql_factory
        self._sleep = sleep
        self._local = LocalKGSource(store)
        # WDQS's limits: queries in flight at once and started per minute, shared by every
        # thread of the process (and, in a Ray worker, the cluster); a 429's Retry-After
        # holds them all back
        self._gate = gate_for(
            self.endpoint,
            Limit(settings.wikidata_max_concurrent, settings.wikidata_requests_per_minute),
        )

    # -- lifecycle --------------------------------------------------------
    def close(self) -> None:
        if self._own_http and self._http is not None:
            self._http.close()
            self._http = None

    def __enter__(self) -> WikidataSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- public API -------------------------------------------------------
    def graph_iri(self, entity: str) -> str:
        """The named graph that holds ``entity``'s data fetched from this endpoint."""
        return source_iri("wikidata", f"{self.endpoint}|{_qid(wikidata_item(entity))}")

    def search_entities(self, text: str, limit: int = 10) -> list[LabelHit]:
        """``wbsearchentities`` (English labels and aliases), cached on disk; the store's label index offline."""
        if self.offline:
            return self._local.search_entities(text, limit)
        text = text.strip()
        if not text:
            return []
        params = {
            "action": "wbsearchentities",
            "search": text,
            "language": "en",
            "uselang": "en",
            "type": "item",
            "format": "json",
            "limit": str(max(1, min(int(limit), 50))),
        }
        data = self._api_get(params)
        if "error" in data:
            err = data["error"]
            raise RemoteError(
                f"The Wikidata API {self.settings.wikidata_api} refused the search: "
                f"{err.get('code')}: {err.get('info')}.",
                hint="Check KGFC_WIKIDATA_API.",
            )
        return _search_hits(text, data.get("search", []))[:limit]

    def neighbourhood(self, entities: Sequence[str], *, refresh: bool = False) -> list[Fact]:
        """Fetch the items not yet in the store (all with ``refresh``), then answer from the store.

        Non-Wikidata IRIs (web-extracted entities, say) are answered from the
        store alone.
        """
        items, others = _refs(entities)
        if not self.offline:
            self._ensure(items, refresh=refresh, report=_new_report(), isolate=False, tick=None)
        return self.store.neighbourhood(items + others)

    def enrich(
        self,
        entities: Sequence[str] | str,
        hops: int = 1,
        refresh: bool = False,
        progress: Progress | None = None,
        *,
        max_per_hop: int = 200,
        fetch_many: FetchMany | None = None,
    ) -> EnrichReport:
        """Pull the ``hops``-hop Wikidata neighbourhood of ``entities`` into the store.

        Breadth first: hop 1 fetches the seeds, hop 2 their neighbours (at
        most ``max_per_hop`` new entities per hop, most connected first), and
        so on. Each entity's graph is written in one transaction and skipped
        when present, so a killed job resumes where it stopped and a re-run
        writes nothing. An entity whose fetch still fails after retries is
        recorded in ``report.failed`` and the job goes on; an endpoint that
        refuses connections or keeps rate-limiting stops the job
        (RemoteUnavailable / RemoteRateLimited) with what was done kept.

        ``fetch_many`` fetches the chunks of each hop elsewhere (Ray tasks:
        :func:`kgfc.pipeline.cluster.enrich_on_ray`); this process still writes
        every entity, once, as its chunk comes back.
        """
        if hops < 1:
            raise InputError(f"hops must be at least 1, not {hops}.")
        seeds = _items(entities)
        if self.offline:
            raise UsageError(
                "Enrichment fetches from Wikidata, but offline mode is on.",
                hint="Unset KGFC_OFFLINE / drop --offline to fetch; offline, the store answers as it is.",
            )
        report = _new_report()
        start_queries = self.sparql_queries
        visited: set[str] = set()
        state = {"done": 0, "total": len(seeds)}

        def tick() -> None:
            state["done"] += 1
            if progress is not None:
                progress(state["done"], state["total"])

        level = seeds
        for hop in range(1, hops + 1):
            visited.update(level)
            self._ensure(
                level,
                refresh=refresh,
                report=report,
                isolate=True,
                tick=tick,
                fetch_many=fetch_many,
            )
            if hop == hops:
                break
            level = self._next_level(level, visited, max_per_hop)
            if not level:
                break
            state["total"] += len(level)
        report.entities_requested = len(visited)
        report.sparql_queries = self.sparql_queries - start_queries
        return report

    # -- fetching and caching ---------------------------------------------
    def _ensure(
        self,
        iris: Sequence[str],
        *,
        refresh: bool,
        report: EnrichReport,
        isolate: bool,
        tick: Callable[[], None] | None,
        fetch_many: FetchMany | None = None,
    ) -> None:
        todo: list[str] = []
        for iri in iris:
            if not refresh and self.store.has_source(self.graph_iri(iri)):
                report.entities_cached += 1
                if tick:
                    tick()
            else:
                todo.append(iri)
        chunks = list(_batches(todo, self.batch_size))
        done: Iterator[FetchedChunk]
        if fetch_many is None:
            done = (self._fetch_here(c, isolate) for c in chunks)
        else:
            done = fetch_many(chunks)
        for chunk, fetched, failed, queries in done:
            report.failed.update(failed)
            if fetch_many is not None:
                self.sparql_queries += queries
            for iri in chunk:
                graph = fetched.get(iri)
                if graph is not None:
                    report.entities_fetched += 1
                    if self._write(iri, graph, replace=refresh):
                        report.sources_written += 1
                        report.facts_written += graph.fact_count
                if tick:
                    tick()

    def _fetch_here(self, chunk: list[str], isolate: bool) -> FetchedChunk:
        before = self.sparql_queries
        failed: dict[str, str] = {}
        graphs = self._fetch_isolating(chunk, failed) if isolate else self._fetch(chunk)
        return chunk, graphs, failed, self.sparql_queries - before

    def fetch_chunk(self, chunk: list[str]) -> FetchedChunk:
        """Fetch ``chunk`` (entity IRIs) without writing: the chunk, its graphs (picklable), the
        entities that failed (id -> why) and the queries sent. For a worker whose driver writes."""
        return self._fetch_here(chunk, True)

    def _fetch_isolating(
        self, chunk: list[str], failed: dict[str, str], retries: int | None = None
    ) -> dict[str, _EntityGraph]:
        """Fetch a batch; when it fails, split it so one bad entity fails alone (into ``failed``).

        The halves get at most one retry each: the whole batch already had its
        full share, and a hub entity that times out should not cost minutes.
        """
        try:
            return self._fetch(chunk, retries)
        except RemoteError as exc:
            if isinstance(exc, RemoteRateLimited) or getattr(exc, "reason", None) == "connect":
                raise  # the endpoint is down or pushing back: stop, the job resumes later
            if len(chunk) == 1:
                log.warning("giving up on %s: %s", _qid(chunk[0]), exc)
                failed[_qid(chunk[0])] = str(exc)
                return {}
            mid = len(chunk) // 2
            halves = min(self.settings.retries, 1)
            return {
                **self._fetch_isolating(chunk[:mid], failed, halves),
                **self._fetch_isolating(chunk[mid:], failed, halves),
            }

    def _fetch(self, chunk: list[str], retries: int | None = None) -> dict[str, _EntityGraph]:
        graphs = {iri: _EntityGraph() for iri in chunk}
        truncated: set[tuple[str, str]] = set()  # (entity, template) cut at the LIMIT
        for name in TEMPLATES:
            incoming = name == "wikidata_incoming"
            for row in self._select_complete(name, chunk, truncated, retries):
                entity = row.get("entity", {}).get("value")
                graph = graphs.get(entity)
                prop = _term(row.get("property"))
                value = _term(row.get("value"))
                if graph is None or prop is None or value is None or prop[1]:
                    continue
                v_text, v_lit, v_dt, v_lang = value
                if incoming:
                    if v_lit:
                        continue
                    fact = Fact(subject=v_text, predicate=prop[0], object=entity)
                else:
                    fact = Fact(
                        subject=entity,
                        predicate=prop[0],
                        object=v_text,
                        object_is_literal=v_lit,
                        datatype=v_dt,
                        lang=v_lang,
                    )
                graph.facts[fact] = None
                self._add_property(graph, row, prop[0])
                label = _term(row.get("valueLabel"))
                if label is not None and not v_lit:
                    graph.labels[Label(entity=v_text, text=label[0], lang=label[3] or "en")] = None
        for iri in graphs:
            for name in TEMPLATES:
                if (iri, name) in truncated:
                    graphs[iri].truncated.append(name)
        for row in self._select(LABELS_QUERY, chunk, retries):
            entity = row.get("entity", {}).get("value")
            kind = row.get("kind", {}).get("value")
            text = _term(row.get("text"))
            if entity in graphs and kind in ("label", "alias", "description") and text is not None:
                graphs[entity].labels[
                    Label(entity=entity, text=text[0], kind=kind, lang=text[3] or "en")
                ] = None
        return graphs

    @staticmethod
    def _add_property(graph: _EntityGraph, row: dict[str, Any], prop: str) -> None:
        """The property entity's label and its ``wikibase:directClaim`` link, so the store can label predicates."""
        pe = _term(row.get("propertyEntity"))
        if pe is not None and not pe[1]:
            prop_entity = pe[0]
        elif prop.startswith(V.WDT):
            prop_entity = V.WD + prop[len(V.WDT) :]
        else:
            return
        graph.facts[Fact(subject=prop_entity, predicate=V.DIRECT_CLAIM, object=prop)] = None
        label = _term(row.get("propertyLabel"))
        if label is not None:
            graph.labels[Label(entity=prop_entity, text=label[0], lang=label[3] or "en")] = None

    def _write(self, iri: str, graph: _EntityGraph, *, replace: bool) -> bool:
        qid = _qid(iri)
        title = f"Wikidata {qid}"
        if graph.truncated:
            title += f" (truncated at the LIMIT of {', '.join(graph.truncated)})"
        if not graph.facts and not graph.labels:
            log.warning("%s has no data at %s (a deleted or redirected item?)", qid, self.endpoint)
        source = Source(
            iri=self.graph_iri(iri),
            kind=SourceKind.WIKIDATA,
            location=self.endpoint,
            query_name=QUERY_NAME,
            query=qid,
            extractor="SPARQLWrapper",
            confidence=1.0,
            title=title,
        )
        return self.store.add_source(source, list(graph.facts), list(graph.labels), replace=replace)

    def _next_level(self, level: Sequence[str], visited: set[str], cap: int) -> list[str]:
        """New neighbour items of ``level``, most connected first, at most ``cap``."""
        in_level = set(level)
        counts: Counter[str] = Counter()
        for f in self.store.neighbourhood(list(level)):
            for node in (f.subject,) if f.object_is_literal else (f.subject, f.object):
                if node not in in_level and node not in visited and _is_item(node):
                    counts[node] += 1
        ranked = sorted(counts, key=lambda n: (-counts[n], int(_qid(n)[1:])))
        return ranked[: max(0, cap)]

    # -- SPARQL -----------------------------------------------------------
    def _select_complete(
        self, name: str, chunk: list[str], truncated: set[tuple[str, str]], retries: int | None
    ) -> list[dict[str, Any]]:
        """Run a template; a batch that hits the template's LIMIT is split so no entity starves another."""
        rows = self._select(name, chunk, retries)
        limit = _query_limit(name)
        if limit is not None and len(rows) >= limit:
            if len(chunk) > 1:
                mid = len(chunk) // 2
                return self._select_complete(
                    name, chunk[:mid], truncated, retries
                ) + self._select_complete(name, chunk[mid:], truncated, retries)
            log.warning("%s of %s stopped at LIMIT %d", name, _qid(chunk[0]), limit)
            truncated.add((chunk[0], name))
        return rows

    def _select(
        self, name: str, iris: Sequence[str], retries: int | None = None
    ) -> list[dict[str, Any]]:
        text = with_values(load_query(name), "entity", iris)

        def attempt() -> list[dict[str, Any]]:
            from SPARQLWrapper import GET, JSON, POST

            sw = self._new_sparql()
            sw.agent = self.settings.user_agent
            sw.setReturnFormat(JSON)
            # setTimeout() would truncate to whole seconds; the attribute takes a float
            sw.timeout = self.settings.timeout  # type: ignore[assignment]
            sw.setMethod(GET if len(text) <= _MAX_GET_QUERY else POST)
            sw.setQuery(text)
            self.sparql_queries += 1

            def fetch() -> bytes:
                result = sw.query()
                try:
                    body: bytes = result.response.read()
                    return body
                finally:
                    result.response.close()

            raw = through_gate(self._gate, fetch)
            try:
                bindings: list[dict[str, Any]] = json.loads(raw)["results"]["bindings"]
                return bindings
            except (ValueError, KeyError, TypeError) as exc:
                raise MalformedResponse(f"unreadable SPARQL JSON results ({exc})") from exc

        return call_with_retries(
            attempt,
            retries=self.settings.retries if retries is None else retries,
            backoff=self.settings.backoff,
            what=f"the Wikidata SPARQL endpoint {self.endpoint}",
            url_setting="KGFC_WIKIDATA_ENDPOINT",
            sleep=self._sleep,
        )

    def _new_sparql(self) -> SPARQLWrapper:
        if self._sparql_factory is not None:
            return self._sparql_factory(self.endpoint)
        from SPARQLWrapper import SPARQLWrapper

        return SPARQLWrapper(self.endpoint, agent=self.settings.user_agent)

    # -- MediaWiki API ----------------------------------------------------
    def _client(self) -> httpx.Client:
        if self._http is None:
            import httpx

            self._http = httpx.Client(
                timeout=self.settings.timeout,
                headers={"User-Agent": self.settings.user_agent},
                follow_redirects=True,
            )
            self._own_http = True
        return self._http

    def _api_get(self, params: dict[str, str]) -> dict[str, Any]:
        api = self.settings.wikidata_api
        key = json.dumps({"url": api, "params": params}, sort_keys=True)
        path = (
            self.settings.cache_dir
            / "wbsearch"
            / f"{hashlib.sha256(key.encode()).hexdigest()}.json"
        )
        try:
            cached: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["response"]
            return cached
        except (OSError, ValueError, KeyError, TypeError):
            pass  # not cached yet, or a damaged entry: fetch again

        def attempt() -> dict[str, Any]:
            self.api_requests += 1
            resp = self._client().get(
                api, params=params, headers={"User-Agent": self.settings.user_agent}
            )
            resp.raise_for_status()
            try:
                data = resp.json()
            except ValueError as exc:
                raise MalformedResponse(f"unreadable JSON from the Wikidata API ({exc})") from exc
            if not isinstance(data, dict):
                raise MalformedResponse(
                    "the Wikidata API answered with something other than a JSON object"
                )
            return data

        data = call_with_retries(
            attempt,
            retries=self.settings.retries,
            backoff=self.settings.backoff,
            what=f"the Wikidata API {api}",
            url_setting="KGFC_WIKIDATA_API",
            sleep=self._sleep,
        )
        if "error" not in data:
            _write_atomic(path, json.dumps({"request": json.loads(key), "response": data}))
        return data


def _new_report() -> EnrichReport:
    return EnrichReport(
        entities_requested=0,
        entities_fetched=0,
        entities_cached=0,
        sources_written=0,
        facts_written=0,
        sparql_queries=0,
    )


_LIMITS: dict[str, int | None] = {}


def _query_limit(name: str) -> int | None:
    if name not in _LIMITS:
        found = _LIMIT.findall(load_query(name))
        _LIMITS[name] = int(found[-1]) if found else None
    return _LIMITS[name]


def _search_hits(query: str, results: list[dict[str, Any]]) -> list[LabelHit]:
    """``wbsearchentities`` results -> LabelHits, keeping the API's ranking."""
    key = normalise(query)
    hits: list[LabelHit] = []
    for rank, r in enumerate(results):
        uri = r.get("concepturi") or (V.WD + r["id"] if r.get("id") else None)
        if not uri:
            continue
        match = r.get("match") or {}
        kind: Literal["label", "alias"] = "alias" if match.get("type") == "alias" else "label"
        text = match.get("text") or r.get("label") or r.get("id", "")
        exact = normalise(text) == key
        base = (1.0 if kind == "label" else 0.95) if exact else 0.9
        hits.append(
            LabelHit(
                entity=uri,
                text=text,
                kind=kind,
                score=round(max(0.0, base - 0.01 * rank), 4),
                description=r.get("description"),
            )
        )
    return sorted(hits, key=lambda h: -h.score)  # stable: the API's order among equals


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
