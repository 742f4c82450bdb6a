"""A SPARQL 1.1 Protocol and Graph Store HTTP Protocol client, for the remote store.

One :class:`SparqlClient` talks to one server: queries (POST, form-encoded, so
long ``VALUES`` blocks never hit URL limits), updates and whole-graph writes.
Every request has a timeout and goes through the shared retry policy
(:func:`kgfc.retry.call_with_retries`). Updates are retried too: every
update kgfc sends (``INSERT DATA``, ``DELETE DATA``, ``DROP``, a GSP ``PUT``)
is idempotent, so a retry after a lost answer cannot duplicate anything.

Errors are mapped here and nowhere else:

- a server that refuses writes (HTTP 401/403, Oxigraph's ``serve-read-only``,
  Virtuoso's ``SR186: No permission`` answered as HTTP 500) raises
  :class:`UpdatesRefused` at once, without retries, saying how to enable updates;
- a query the server cannot parse (HTTP 400) raises
  :class:`~kgfc.errors.QuerySyntaxError` with the server's message;
- a server that is down or slow raises :class:`~kgfc.errors.RemoteUnavailable`
  after the retries.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

import httpx
import pyoxigraph as ox

from kgfc.errors import QuerySyntaxError, StoreError
from kgfc.retry import call_with_retries

RESULTS_JSON = "application/sparql-results+json"
RESULTS_XML = "application/sparql-results+xml"
TURTLE = "text/turtle"
# Virtuoso answers every error with HTTP 500 and its SQL state in the body:
# 40001 (deadlock) and S1T00 (timeout) are worth a retry, the rest are not.
_VIRTUOSO_ERROR = re.compile(r"^Virtuoso (\w{5}) Error", re.MULTILINE)
_VIRTUOSO_TRANSIENT = {"40001", "S1T00", "08C01"}
# Virtuoso answers a refused update with HTTP 500 and this text in the body.
_REFUSED = re.compile(
    r"SR186|No permission|permission denied|read-only|not allowed|forbidden", re.IGNORECASE
)


class UpdatesRefused(StoreError):
    """The server does not accept updates from us."""


@dataclass(frozen=True)
class Endpoints:
    query: str
    update: str | None = None
    gsp: str | None = None


def _excerpt(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SparqlClient:
    """HTTP calls to one SPARQL server; results come back as pyoxigraph objects."""

    def __init__(
        self,
        endpoints: Endpoints,
        *,
        timeout: float = 30.0,
        retries: int = 2,
        backoff: float = 0.5,
        auth: tuple[str, str] | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.endpoints = endpoints
        self.retries = retries
        self.backoff = backoff
        self._sleep = sleep
        self._http = httpx.Client(
            timeout=httpx.Timeout(timeout),
            auth=httpx.DigestAuth(*auth) if auth else None,
            transport=transport,
            headers={"User-Agent": "kgfc (https://w3id.org/kgfc)"},
        )
        self.server: str | None = None  # the Server header of the first answer

    def close(self) -> None:
        self._http.close()

    @property
    def flavour(self) -> str:
        """``oxigraph``, ``virtuoso`` or ``generic``, from the server's own header."""
        if self.server is None:
            self.query("ASK {}")
        server = (self.server or "").lower()
        for name in ("oxigraph", "virtuoso"):
            if name in server:
                return name
        return "generic"

    # -- requests ---------------------------------------------------------
    def _send(
        self, what: str, build: Callable[[], httpx.Request], *, writing: bool
    ) -> httpx.Response:
        def attempt() -> httpx.Response:
            resp = self._http.send(build())
            if self.server is None:
                self.server = resp.headers.get("server", "")
            if resp.is_success:
                return resp
            body = resp.text
            if writing and (
                resp.status_code in (401, 403)
                or (resp.status_code >= 500 and _REFUSED.search(body))
            ):
                raise UpdatesRefused(
                    f"The SPARQL server refuses updates at {resp.request.url.copy_with(query=None)} "
                    f"(HTTP {resp.status_code}: {_excerpt(body)}).",
                    hint=(
                        "Point update= (and gsp=) at a writable endpoint, give kgfc credentials "
                        "(KGFC_SPARQL_USER / KGFC_SPARQL_PASSWORD), or grant updates on the server "
                        '(Virtuoso: `GRANT SPARQL_UPDATE TO "SPARQL";` in isql); '
                        "to only read, pass --read-only."
                    ),
                )
            if resp.status_code == 400:
                raise QuerySyntaxError(
                    f"The SPARQL server rejected the {what}: {_excerpt(body)}",
                    hint="Check the query text.",
                )
            state = _VIRTUOSO_ERROR.search(body) if resp.status_code == 500 else None
            if state and state.group(1) not in _VIRTUOSO_TRANSIENT:
                raise StoreError(
                    f"The SPARQL server failed the {what}: {_excerpt(body)}",
                    hint="This is the server's own error message; check the query or the server log.",
                )
            resp.raise_for_status()
            return resp

        return call_with_retries(
            attempt,
            retries=self.retries,
            backoff=self.backoff,
            what=f"the SPARQL server {self.endpoints.query}",
            hint="Check that the server is running and the store spec (--store sparql:URL) is right.",
            url_setting="KGFC_STORE",
            sleep=self._sleep or time.sleep,
        )

    def query(
        self, text: str, *, params: dict[str, str] | None = None, timeout: float | None = None
    ) -> ox.QuerySolutions | ox.QueryBoolean | list[ox.Triple]:
        """Run a query; SELECT/ASK give pyoxigraph results, CONSTRUCT/DESCRIBE a list of triples.

        ``timeout`` overrides the client's for this query (whole-store scans).
        """
        url = self.endpoints.query
        # Virtuoso writes XML results ~5x faster than JSON (207k rows: 12 s vs 67 s).
        results = RESULTS_XML if "virtuoso" in (self.server or "").lower() else RESULTS_JSON

        def build() -> httpx.Request:
            return self._http.build_request(
                "POST",
                url,
                params=params,
                data={"query": text},
                headers={"Accept": f"{results}, {TURTLE};q=0.9"},
                # the client's own timeout unless this query has one
                timeout=httpx.Timeout(timeout) if timeout else httpx.USE_CLIENT_DEFAULT,
            )

        resp = self._send("query", build, writing=False)
        ctype = resp.headers.get("content-type", "").split(";")[0].strip().lower()
        try:
            if ctype in (RESULTS_JSON, "application/json"):
                return ox.parse_query_results(resp.content, ox.QueryResultsFormat.JSON)
            if ctype in (RESULTS_XML, "application/xml"):
                return ox.parse_query_results(resp.content, ox.QueryResultsFormat.XML)
            rdf = ox.RdfFormat.from_media_type(ctype) or ox.RdfFormat.TURTLE
            return [q.triple for q in ox.parse(resp.content, rdf)]
        except (SyntaxError, ValueError) as exc:
            raise StoreError(
                f"The SPARQL server at {url} sent an answer kgfc cannot read ({ctype}): {exc}"
            ) from exc

    def select(
        self, text: str, *, timeout: float | None = None
    ) -> list[dict[str, ox.NamedNode | ox.Literal | ox.BlankNode | None]]:
        """SELECT rows as ``{variable: term or None}``."""
        result = self.query(text, timeout=timeout)
        if not isinstance(result, ox.QuerySolutions):
            raise StoreError(f"Expected SELECT results from {self.endpoints.query}.")
        names = [v.value for v in result.variables]
        return [dict(zip(names, row, strict=True)) for row in result]

    def update(self, text: str) -> None:
        url = self._writable("update")

        def build() -> httpx.Request:
            return self._http.build_request("POST", url, data={"update": text})

        self._send("update", build, writing=True)

    def put_graph(self, graph: str, turtle: bytes, *, replace: bool) -> None:
        """Graph Store Protocol: PUT replaces the graph, POST adds to it."""
        url = self._writable("gsp")

        def build() -> httpx.Request:
            return self._http.build_request(
                "PUT" if replace else "POST",
                url,
                params={"graph": graph},
                content=turtle,
                headers={"Content-Type": TURTLE},
            )

        self._send("graph write", build, writing=True)

    def _writable(self, kind: str) -> str:
        url: str | None = getattr(self.endpoints, kind)
        if url is None:
            raise UpdatesRefused(
                f"No {kind} endpoint is configured for the SPARQL store {self.endpoints.query}.",
                hint=f"Add {kind}=URL to the store spec: --store sparql:QUERY_URL,{kind}=URL.",
            )
        return url
