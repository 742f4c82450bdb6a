"""``/v1/enrich``: pull Wikidata neighbourhoods into the store as a background task with progress.

The same enrichment as ``kgfc kg enrich`` (cache-first, one source graph per entity),
run in a thread under the store's write lock; the server must be online.
"""

from __future__ import annotations

import re
import threading
import time
import uuid
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from kgfc.errors import ConfigError, KgfcError
from kgfc.service.routes.common import WRITES, ApiError, Context, Ctx, JsonBodyRoute

router = APIRouter(tags=["enrich"], route_class=JsonBodyRoute)

_QID = re.compile(r"^(?:http://www\.wikidata\.org/entity/|wd:)?(Q[1-9][0-9]*)$")
KEEP = 50  # finished tasks kept for their status


class EnrichRequest(BaseModel):
    """Wikidata entities whose neighbourhood to pull into the store."""

    model_config = ConfigDict(extra="forbid")

    entities: list[str] = Field(
        ..., min_length=1, max_length=1000, description="Wikidata ids: Q76, wd:Q76 or the full IRI"
    )
    hops: int = Field(1, ge=1, le=3, description="neighbourhood depth (1: the entities' own facts)")
    max_per_hop: int = Field(200, ge=1, le=5000, description="at most this many new entities a hop")
    refresh: bool = Field(False, description="fetch again entities the store already has")


class EnrichTask:
    def __init__(self, req: EnrichRequest, ids: list[str]) -> None:
        self.id = "enrich-" + uuid.uuid4().hex[:16]
        self.request, self.ids = req, ids
        self.state, self.done, self.total = "running", 0, len(ids)
        self.report: dict[str, Any] | None = None
        self.error: dict[str, str | None] | None = None
        self.started: float = time.time()
        self.finished: float | None = None

    def status(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "entities": self.ids,
            "hops": self.request.hops,
            "started": self.started,
            "finished": self.finished,
            "report": self.report,
            "error": self.error,
        }


def _qids(entities: list[str]) -> list[str]:
    ids, bad = [], []
    for e in entities:
        m = _QID.match(e.strip())
        if m:
            ids.append(m.group(1))
        else:
            bad.append(e)
    if bad:
        raise ApiError(
            400,
            f"Not Wikidata item ids: {', '.join(map(str, bad[:5]))}.",
            hint="Send ids such as Q76 (kgfc kg search finds the id of a name).",
        )
    return list(dict.fromkeys(ids))


def _run(ctx: Context, task: EnrichTask) -> None:
    from kgfc.kg.wikidata import WikidataSource

    eng = ctx.started.engine

    def progress(done: int, total: int) -> None:
        task.done, task.total = done, total

    try:
        with eng.write_lock:
            report = WikidataSource(eng.store, eng.settings).enrich(
                task.ids,
                hops=task.request.hops,
                refresh=task.request.refresh,
                max_per_hop=task.request.max_per_hop,
                progress=progress,
            )
        task.report, task.state = report.model_dump(mode="json"), "done"
    except KgfcError as exc:
        task.error, task.state = {"message": exc.message, "hint": exc.hint}, "failed"
    except Exception as exc:  # a bug: the task says so rather than dying unseen
        task.error, task.state = {"message": f"Internal error: {type(exc).__name__}"}, "failed"
    finally:
        task.finished = time.time()


@router.post("/v1/enrich", dependencies=WRITES, status_code=202)
async def start_enrich(req: EnrichRequest, ctx: Ctx) -> JSONResponse:
    """Start pulling the Wikidata neighbourhood of ``entities`` into the store (``kgfc kg enrich``).

    Answers ``202`` with the task's status; ``GET /v1/enrich/{id}`` follows its progress and
    ends with the enrichment report. An offline server refuses (400).
    """
    if ctx.started.engine.settings.offline:
        raise ConfigError(
            "This server is offline: enrichment fetches from Wikidata.",
            hint="Start kgfc serve without --offline / KGFC_OFFLINE to enrich over HTTP.",
        )
    task = EnrichTask(req, _qids(req.entities))
    tasks = ctx.enrich_tasks
    finished = [t for t in tasks.values() if t.state != "running"]
    for old in finished[: max(0, len(tasks) - KEEP + 1)]:
        tasks.pop(old.id, None)
    tasks[task.id] = task
    threading.Thread(target=_run, args=(ctx, task), name=task.id, daemon=True).start()
    return JSONResponse(
        task.status(), status_code=202, headers={"Location": f"/v1/enrich/{task.id}"}
    )


@router.get("/v1/enrich/{task_id}")
async def enrich_status(task_id: str, ctx: Ctx) -> dict[str, Any]:
    """An enrichment task: ``state`` (running, done, failed), ``done`` of ``total`` entities,
    and when done its report (entities fetched and cached, facts and sources written)."""
    task = ctx.enrich_tasks.get(task_id)
    if task is None:
        raise ApiError(404, f"No enrichment task {task_id!r} on this server.")
    return task.status()
