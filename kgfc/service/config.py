"""How one server runs: :class:`ServiceConfig`, which ``kgfc serve`` fills and the routes read."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kgfc.settings import Settings


@dataclass
class ServiceConfig:
    """How one server runs. ``kgfc serve`` fills it from flags and ``KGFC_*`` variables."""

    settings: Settings = field(default_factory=Settings)
    token: str | None = None  # bearer token required on writes when set
    max_body_bytes: int = 10_000_000
    sparql_timeout: float = 30.0
    sparql_max_rows: int = 10_000
    sparql_slots: int = 4  # concurrent SPARQL evaluations; more get 503 (kgfc.service.sparql_pool)
    sparql_memory_mb: int | None = 1024  # address space one query may add (None: no cap)
    jobs_db: Path | None = None  # default: <home>/service/jobs.sqlite3
    warm_up: bool = True  # build the pipeline's indexes at start, not on the first claim
    workers: int | None = None  # job items on worker processes (None: one per core for big jobs)
    url: str | None = None  # where the server listens, for the lock note beside the store
    # where the token came from ("--token", "KGFC_SERVER_TOKEN", "the config file"): the
    # lock note names it so a client can say which token to set; never the token itself
    token_from: str | None = None
    cors_origins: tuple[
        str, ...
    ] = ()  # browser origins allowed to call the API (e.g. a YASGUI page)

    def jobs_path(self) -> Path:
        return self.jobs_db or self.settings.home / "service" / "jobs.sqlite3"
