"""The web app ``kgfc serve`` shows at ``/``: check a claim, browse claims, sources, entities, query.

Server-rendered pages (Jinja2, autoescaped) beside the HTTP API, in the same
process and over the same store. Pages only read; the few writes (check,
re-check, retract) go through ``/ui/...`` endpoints that take the API's bearer
token in a header, so they are as CSRF-safe as the API (see :mod:`.actions`).
Every page is served with a Content-Security-Policy that allows scripts,
styles and requests from this server only, and no inline script or style:
the page's JavaScript (``static/app.js``) and the graph library
(cytoscape.js, vendored from npm with its licence by ``scripts/vendor_js.py``)
are files here, and nothing is fetched from anywhere else.
"""

from __future__ import annotations

from importlib import resources

from fastapi import FastAPI
from starlette.staticfiles import StaticFiles

from kgfc.service.web.actions import router as actions_router
from kgfc.service.web.pages import router as pages_router

STATIC = resources.files("kgfc.service.web") / "static"
ROUTERS = (pages_router, actions_router)

__all__ = ["ROUTERS", "mount_static"]


def mount_static(app: FastAPI) -> None:
    """Serve the stylesheet, the page script and the vendored library under ``/static``."""
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
