"""The HTTP API's routers, one per resource; :func:`kgfc.service.app.create_app` mounts them."""

from kgfc.service.routes import (
    claims,
    cypher,
    documents,
    enrich,
    jobs,
    ops,
    sources,
    sparql,
    verify,
)

ROUTERS = (
    ops.router,
    verify.router,
    documents.router,
    jobs.router,
    claims.router,
    sources.router,
    enrich.router,
    sparql.router,
    cypher.router,
)

__all__ = ["ROUTERS"]
