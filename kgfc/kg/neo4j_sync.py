"""The Neo4j backend of the Cypher mirror (:mod:`kgfc.kg.cypher_mirror`), over Bolt.

``Neo4jMirror(driver)`` is the mirror on a ``neo4j`` driver (or anything with
its ``session().execute_write/execute_read`` surface). User queries run in a
read transaction, so Neo4j itself refuses a query that writes unless
``write=True``. The ``neo4j`` driver is imported lazily
(``pip install 'kgfc[neo4j]'``); its exceptions become kgfc errors in
:func:`_mapped_errors`, and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from kgfc.errors import ConfigError, QuerySyntaxError, RemoteError, RemoteUnavailable
from kgfc.kg.cypher_mirror import (
    BATCH,
    NEO4J_SCHEMES,
    CypherMirror,
    Record,
    SyncReport,
    statements,
    write_refused,
)

if TYPE_CHECKING:
    from neo4j import Driver, ManagedTransaction

__all__ = ["Neo4jBackend", "Neo4jMirror", "SyncReport", "connect", "statements"]


@contextmanager
def _mapped_errors(uri: str) -> Iterator[None]:
    try:
        import neo4j.exceptions as nx
    except ImportError:  # a fake driver in tests, or no driver at all
        yield
        return
    try:
        yield
    except nx.AuthError as exc:
        raise ConfigError(
            f"Neo4j at {uri} refused the credentials: {exc.message}",
            hint="Check --user and KGFC_NEO4J_PASSWORD.",
        ) from exc
    except nx.ServiceUnavailable as exc:
        raise RemoteUnavailable(
            f"Cannot reach Neo4j at {uri}: {exc}",
            hint="Check that the server runs and the URI (neo4j://HOST:7687) is right.",
        ) from exc
    except nx.CypherSyntaxError as exc:
        raise QuerySyntaxError(f"Cypher syntax error: {exc.message}") from exc
    except nx.Neo4jError as exc:
        if exc.code == "Neo.ClientError.Statement.AccessMode":
            raise write_refused(uri) from exc
        raise RemoteError(f"Neo4j at {uri} failed: {exc.message}") from exc


def connect(uri: str, user: str, password: str) -> Driver:
    """A ``neo4j`` driver; raises ConfigError naming the extra when the driver is missing."""
    try:
        import neo4j
    except ImportError:
        raise ConfigError(
            "The Neo4j driver is not installed.", hint="pip install 'kgfc[neo4j]'"
        ) from None
    if not uri.startswith(NEO4J_SCHEMES):
        raise ConfigError(
            f"Not a Neo4j URI: {uri!r}.", hint="Use neo4j://HOST[:7687] or bolt://HOST[:7687]."
        )
    # bounded: the driver retries a transaction for at most 15 s, a connection for 10 s
    return neo4j.GraphDatabase.driver(
        uri, auth=(user, password), connection_timeout=10.0, max_transaction_retry_time=15.0
    )


def _plain(value: object) -> object:
    """Nodes, relationships and paths as plain dicts and lists (as the FalkorDB backend gives)."""
    try:
        from neo4j.graph import Node, Path, Relationship
    except ImportError:  # a fake driver in tests
        return value
    if isinstance(value, Node):
        return {"_labels": sorted(value.labels), **dict(value)}
    if isinstance(value, Relationship):
        return {"_type": value.type, **dict(value)}
    if isinstance(value, Path):
        return [
            _plain(x)
            for pair in zip(value.nodes, [*value.relationships, None], strict=True)
            for x in pair
            if x is not None
        ]
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class Neo4jBackend:
    """A Neo4j database behind the :class:`~kgfc.kg.cypher_mirror.CypherBackend` protocol."""

    dialect = "neo4j"

    def __init__(self, driver: Driver, *, database: str | None = None, uri: str = "neo4j") -> None:
        self.driver = driver
        self.database = database
        self.uri = uri

    def close(self) -> None:
        self.driver.close()

    def write(self, query: str, params: Record) -> None:
        with _mapped_errors(self.uri), self.driver.session(database=self.database) as session:
            session.execute_write(lambda tx: tx.run(query, params).consume())

    def read(
        self, query: str, params: Record | None = None, *, write: bool = False
    ) -> tuple[list[str], list[Record]]:
        def work(tx: ManagedTransaction) -> tuple[list[str], list[Record]]:
            result = tx.run(query, params or {})
            keys = list(result.keys())
            rows = [
                dict(r.items())  # type: ignore[no-untyped-call]  # the driver's Record.items is unannotated
                if hasattr(r, "items")
                else dict(r)
                for r in result
            ]
            return keys, [{k: _plain(v) for k, v in r.items()} for r in rows]

        with _mapped_errors(self.uri), self.driver.session(database=self.database) as session:
            return (session.execute_write if write else session.execute_read)(work)

    def ensure_schema(self, statements: list[str]) -> None:
        for stmt in statements:  # CREATE CONSTRAINT ... IF NOT EXISTS: idempotent
            self.write(stmt, {})


class Neo4jMirror(CypherMirror):
    """The mirror in Neo4j, on a ``neo4j`` driver."""

    def __init__(
        self,
        driver: Driver,
        *,
        database: str | None = None,
        batch: int = BATCH,
        uri: str = "neo4j",
    ) -> None:
        self._neo4j = Neo4jBackend(driver, database=database, uri=uri)
        super().__init__(self._neo4j, batch=batch)

    @property
    def driver(self) -> Driver:
        return self._neo4j.driver
