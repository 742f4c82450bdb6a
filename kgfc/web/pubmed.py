"""PubMed through NCBI E-utilities: ``esearch`` for PMIDs, then ``efetch`` of titles and abstracts.

NCBI allows 3 requests a second per client without an API key and 10 with
one (``KGFC_NCBI_API_KEY``); :class:`RateLimiter` keeps this process under
that, across every :class:`PubMedProvider` it creates. Requests carry the
``tool`` and ``email`` parameters NCBI asks for (``KGFC_NCBI_EMAIL``).
Cached answers cost no request and wait for no limiter.
"""

from __future__ import annotations

import collections
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from kgfc.errors import RemoteError
from kgfc.web._http import CachedHttp, HttpProvider, setting
from kgfc.web.base import SearchHit
from kgfc.web.boolean_query import relaxations

if TYPE_CHECKING:
    import httpx

DEFAULT_URL = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
RATE_NO_KEY = 3
RATE_WITH_KEY = 10
MAX_PAPERS = 5  # per search, as BioCheck does
MAX_QUERIES = 5  # Boolean queries tried per search_boolean(), strict one included


class RateLimiter:
    """At most ``rate`` acquisitions in any ``period`` seconds (a sliding window); thread-safe.

    ``clock`` and ``sleep`` are injectable so tests can run on a fake clock.
    """

    def __init__(
        self,
        rate: int,
        period: float = 1.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if rate < 1:
            raise ValueError("rate must be at least 1")
        self.rate = rate
        self.period = period
        self._clock = clock
        self._sleep = sleep
        self._stamps: collections.deque[float] = collections.deque(maxlen=rate)
        self._lock = threading.Lock()
        self.waited = 0.0

    def acquire(self) -> float:
        """Block until a request may go; return the seconds waited."""
        with self._lock:
            waited = 0.0
            if len(self._stamps) == self.rate:
                delay = self._stamps[0] + self.period - self._clock()
                if delay > 0:
                    self._sleep(delay)
                    waited = delay
            self._stamps.append(self._clock())
            self.waited += waited
            return waited


_LIMITERS: dict[tuple[str, int], RateLimiter] = {}
_LIMITERS_LOCK = threading.Lock()


def shared_limiter(base_url: str, rate: int) -> RateLimiter:
    """The process-wide limiter for one E-utilities endpoint at one rate."""
    with _LIMITERS_LOCK:
        return _LIMITERS.setdefault((base_url, rate), RateLimiter(rate))


class PubMedProvider(HttpProvider):
    name = "pubmed"

    def __init__(
        self,
        settings: Any,
        *,
        api_key: str | None = None,
        email: str | None = None,
        tool: str = "kgfc",
        base_url: str | None = None,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        limiter: RateLimiter | None = None,
        max_papers: int = MAX_PAPERS,
    ) -> None:
        self.api_key = api_key or setting(settings, "ncbi_api_key")
        self.email = email or setting(settings, "ncbi_email")
        self.tool = tool
        self.base_url = (base_url or setting(settings, "ncbi_eutils_url", DEFAULT_URL)).rstrip("/")
        self.max_papers = max_papers
        rate = RATE_WITH_KEY if self.api_key else RATE_NO_KEY
        self.limiter = limiter or shared_limiter(self.base_url, rate)
        self.http = CachedHttp(
            settings, self.name, client=client, sleep=sleep, before_request=self.limiter.acquire
        )
        self.queries: list[str] = []  # every query sent to esearch, cached or not, in order

    # -- public API -------------------------------------------------------
    def search(self, query: str, limit: int | None = None) -> list[SearchHit]:
        """Titles and abstracts of the best ``limit`` (default 5) papers for a PubMed query."""
        query = " ".join(query.split())
        if not query:
            return []
        limit = max(1, min(int(limit or self.max_papers), 100))
        self.queries.append(query)
        found = self._esearch(query, limit)
        pmids = found["idlist"][:limit]
        if not pmids:
            return []
        articles = {a["pmid"]: a for a in self._efetch(pmids)}
        hits: list[SearchHit] = []
        for pmid in pmids:  # esearch's relevance order, whatever order efetch used
            art = articles.get(pmid)
            if art is None:
                continue
            meta = {k: v for k, v in art.items() if k not in ("title", "text")}
            if found.get("querytranslation"):
                meta["query_translation"] = found["querytranslation"]
            hits.append(
                SearchHit(
                    id=f"PMID:{pmid}",
                    title=art["title"],
                    text=art["text"] or art["title"],
                    url=f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/",
                    provider=self.name,
                    query=query,
                    rank=len(hits) + 1,
                    metadata=meta,
                )
            )
        return hits

    def search_boolean(
        self,
        groups: Sequence[Sequence[str]],
        limit: int | None = None,
        *,
        max_queries: int = MAX_QUERIES,
        field: str | None = None,
    ) -> list[SearchHit]:
        """Search with the strict Boolean query, relaxing it while nothing is found.

        ``groups`` are concepts, most important first, each a list of
        synonyms. At most ``max_queries`` queries are tried; each hit records
        the query that found it and how many relaxation steps it took.
        """
        for step, query in enumerate(relaxations(groups, field=field)):
            if step >= max_queries:
                break
            hits = self.search(query, limit)
            if hits:
                for hit in hits:
                    hit.metadata.update(boolean_query=query, relaxation=step)
                return hits
        return []

    # -- E-utilities ------------------------------------------------------
    def _params(self, **params: str) -> dict[str, str]:
        params["tool"] = self.tool
        if self.email:
            params["email"] = self.email
        if self.api_key:
            params["api_key"] = self.api_key
        return params

    def _esearch(self, term: str, retmax: int) -> dict[str, Any]:
        url = f"{self.base_url}/esearch.fcgi"
        data = self.http.request(
            "GET",
            url,
            params=self._params(
                db="pubmed", term=term, retmax=str(retmax), retmode="json", sort="relevance"
            ),
            secret_params=("api_key",),
            what=f"NCBI E-utilities esearch {url}",
            url_setting="KGFC_NCBI_EUTILS_URL",
            cacheable=lambda d: isinstance(d, dict) and "ERROR" not in d.get("esearchresult", {}),
        )
        result = data.get("esearchresult") if isinstance(data, dict) else None
        if not isinstance(result, dict):
            raise RemoteError(
                f"NCBI esearch {url} answered without an 'esearchresult'.",
                hint="Try again later; if it persists, check KGFC_NCBI_EUTILS_URL.",
            )
        if "ERROR" in result:
            raise RemoteError(
                f"NCBI esearch refused the query {term!r}: {result['ERROR']}.",
                hint="Simplify the query.",
            )
        ids = [str(i) for i in result.get("idlist") or [] if str(i).isdigit()]
        return {"idlist": ids, "querytranslation": result.get("querytranslation")}

    def _efetch(self, pmids: Sequence[str]) -> list[dict[str, Any]]:
        url = f"{self.base_url}/efetch.fcgi"
        text = self.http.request(
            "GET",
            url,
            params=self._params(db="pubmed", id=",".join(pmids), rettype="abstract", retmode="xml"),
            secret_params=("api_key",),
            parse="text",
            what=f"NCBI E-utilities efetch {url}",
            url_setting="KGFC_NCBI_EUTILS_URL",
            cacheable=_parses,
        )
        try:
            return parse_efetch(text)
        except ET.ParseError as exc:
            raise RemoteError(
                f"NCBI efetch {url} sent XML that does not parse ({exc}).", hint="Try again later."
            ) from exc


def _parses(text: Any) -> bool:
    try:
        ET.fromstring(text.encode("utf-8"))
    except (ET.ParseError, AttributeError):
        return False
    return True


class _Section(TypedDict):
    """One labelled part of an abstract (BACKGROUND, METHODS...)."""

    label: str | None
    category: str | None
    text: str


def _text(el: ET.Element | None) -> str:
    """All text inside ``el`` (titles and abstracts carry <i>, <sup>... markup), whitespace collapsed."""
    return " ".join("".join(el.itertext()).split()) if el is not None else ""


def parse_efetch(xml_text: str) -> list[dict[str, Any]]:
    """PubmedArticleSet XML -> one dict per article: pmid, title, text, sections, journal, year..."""
    root = ET.fromstring(xml_text.encode("utf-8"))
    if root.tag == "eFetchResult":
        raise RemoteError(
            f"NCBI efetch returned an error: {_text(root.find('ERROR')) or 'unknown'}."
        )
    articles = []
    for node in root:
        if node.tag == "PubmedArticle":
            base = node.find("MedlineCitation")
            art = base.find("Article") if base is not None else None
        elif node.tag == "PubmedBookArticle":
            base = node.find("BookDocument")
            art = base
        else:
            continue
        if base is None or art is None:
            continue
        pmid = _text(base.find("PMID"))
        if not pmid:
            continue
        title = _text(art.find("ArticleTitle")) or _text(art.find("Book/BookTitle"))
        sections: list[_Section] = []
        for part in art.findall("Abstract/AbstractText"):
            body = _text(part)
            if body:
                sections.append(
                    {"label": part.get("Label"), "category": part.get("NlmCategory"), "text": body}
                )
        text = "\n".join(
            f"{s['label']}: {s['text']}" if s["label"] else s["text"] for s in sections
        )
        authors = []
        for a in art.findall("AuthorList/Author"):
            name = _text(a.find("CollectiveName")) or " ".join(
                t for t in (_text(a.find("LastName")), _text(a.find("Initials"))) if t
            )
            if name:
                authors.append(name)
        pubdate = art.find("Journal/JournalIssue/PubDate")
        year = ""
        if pubdate is not None:
            year = _text(pubdate.find("Year")) or _text(pubdate.find("MedlineDate"))[:4]
        ids = {
            i.get("IdType"): _text(i) for i in node.findall("PubmedData/ArticleIdList/ArticleId")
        }
        meta = {
            "pmid": pmid,
            "title": title,
            "text": text,
            "sections": sections,
            "journal": _text(art.find("Journal/Title")) or None,
            "year": int(year) if year.isdigit() else None,
            "authors": authors,
            "doi": ids.get("doi") or _text(art.find("ELocationID[@EIdType='doi']")) or None,
            "pmcid": ids.get("pmc"),
            "mesh": [_text(m) for m in base.findall("MeshHeadingList/MeshHeading/DescriptorName")],
            "publication_types": [
                _text(p) for p in art.findall("PublicationTypeList/PublicationType")
            ],
            "has_abstract": bool(sections),
        }
        articles.append(meta)
    return articles
