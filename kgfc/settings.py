"""Settings: command-line flags > ``KGFC_*`` environment > a TOML file > defaults.

The TOML file is ``$KGFC_CONFIG`` if set, else ``$KGFC_HOME/config.toml``,
else ``./kgfc.toml`` when present. Every field's environment variable is
``KGFC_`` + its name in capitals (``KGFC_STORE``, ``KGFC_LLM_BASE_URL``...).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from kgfc.errors import ConfigError

ENV_PREFIX = "KGFC_"


def default_home() -> Path:
    env = os.environ.get("KGFC_HOME")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "kgfc"


def config_file() -> Path | None:
    explicit = os.environ.get("KGFC_CONFIG")
    if explicit:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise ConfigError(f"KGFC_CONFIG points to {path}, which does not exist.")
        return path
    for candidate in (default_home() / "config.toml", Path.cwd() / "kgfc.toml"):
        if candidate.is_file():
            return candidate
    return None


def _file_values() -> dict[str, Any]:
    """The settings in the TOML file (flat, or under a ``[kgfc]`` table); none without a file."""
    path = config_file()
    if path is None:
        return {}
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"Cannot parse the config file {path}: {exc}") from exc
    data = raw.get("kgfc", raw)
    return data if isinstance(data, dict) else {}


def _env_values(names: Iterable[str]) -> dict[str, str]:
    """``KGFC_<NAME>`` for each of ``names``, the variable's name in any case."""
    wanted = {f"{ENV_PREFIX}{name}".lower(): name for name in names}
    return {wanted[k.lower()]: v for k, v in os.environ.items() if k.lower() in wanted}


class Settings(BaseModel):
    """kgfc's settings. Fields not given are read from ``KGFC_*`` variables, then the TOML file.

    What pydantic-settings does for a flat model of scalar fields, without importing it: its
    import (and asyncio, which it pulls in) was a tenth of a one-shot ``kgfc verify``.
    Values keep their precedence (given > environment > file > default), variable names
    match in any case, unknown keys are ignored and defaults are validated too.
    """

    model_config = ConfigDict(extra="ignore", validate_default=True)

    home: Path = Field(
        default_factory=default_home, description="data dir (store, caches, trajectories)"
    )
    store: str | None = Field(
        None, description="store spec: PATH, oxigraph:PATH or memory; default HOME/store"
    )
    demo: bool = Field(True, description="load the bundled demo KG into an empty default store")

    wikidata_endpoint: str = "https://query.wikidata.org/sparql"
    wikidata_api: str = "https://www.wikidata.org/w/api.php"
    user_agent: str = "kgfc/0.1 (https://github.com/kgfc/kgfc; fact-checking research tool)"
    offline: bool = Field(False, description="never touch the network; answer from the local store")
    timeout: float = Field(30.0, gt=0, description="seconds per remote call")
    retries: int = Field(3, ge=0, le=10, description="retries after a failed remote call")
    backoff: float = Field(
        1.0, ge=0, description="first retry delay in seconds (doubles each time)"
    )

    wikidata_max_concurrent: int = Field(
        5, ge=1, description="Wikidata SPARQL queries in flight at once (across a Ray cluster too)"
    )
    wikidata_requests_per_minute: int | None = Field(
        None, ge=1, description="Wikidata SPARQL queries started per minute (unset: no cap)"
    )
    endpoint_limits: str | None = Field(
        None,
        description="calls in flight at once per endpoint, 'URL_OR_HOST=N, ...' (LLM servers, "
        "search providers); held across a Ray cluster too",
    )

    @field_validator("endpoint_limits")
    @classmethod
    def _check_endpoint_limits(cls, value: str | None) -> str | None:
        from kgfc.retry import parse_limits

        parse_limits(value)  # a ValueError becomes a settings error naming the entry
        return value

    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout: float | None = Field(
        None, gt=0, description="seconds per LLM request; default 300 on a local server, else 60"
    )
    prompts: str | None = Field(
        None, description="prompt set: default, a name, a directory or a .toml file"
    )
    llm_budget: float | None = Field(
        300.0, gt=0, description="LLM seconds one claim may spend before steps degrade to local"
    )

    web: bool = Field(False, description="search the web when the KG evidence is insufficient")
    pubmed: bool = Field(False, description="search PubMed for biomedical claims")
    search_provider: str | None = Field(
        None, description="serper, searxng[:URL], local:DIR or pubmed"
    )
    corpus_dir: Path | None = Field(
        None, description="document folder for the 'local' search provider"
    )
    serper_api_key: str | None = None
    serper_url: str = "https://google.serper.dev"
    searxng_url: str | None = None
    ncbi_api_key: str | None = None
    ncbi_email: str | None = None
    ncbi_eutils_url: str = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils"
    fetch_allow_private: bool = Field(
        False, description="let the fetcher reach loopback/private addresses"
    )
    fetch_allow_hosts: str | None = Field(
        None, description="comma-separated hosts/IPs/CIDRs the fetcher may reach"
    )
    fetch_max_bytes: int = Field(2_000_000, gt=0)

    reasoner: str | None = Field(
        None, description="local or llm; default llm when configured, else local"
    )
    strict: bool = Field(
        False,
        description="local reasoner: SUPPORTED only from stated or entailed facts, no rule-based completion",
    )
    calibration: Path | None = Field(
        None, description="per-relation completion thresholds (JSON from kgfc.reason.calibration)"
    )
    trust_order: str = Field(
        "wikidata > file > pubmed > web",
        description="which source prevails when sources disagree on a single-valued relation, "
        "most trusted first ('a > b' or 'a, b'; kinds left out rank last): wikidata (also the "
        "demo KG), file (a loaded RDF file), pubmed, web",
    )

    @model_validator(mode="before")
    @classmethod
    def _from_sources(cls, given: Any) -> Any:
        if not isinstance(given, dict):
            return given
        names = cls.model_fields
        found = {k: v for k, v in _file_values().items() if k in names}
        found.update(_env_values(names))
        found.update(given)
        return found

    @field_validator("trust_order")
    @classmethod
    def _check_trust_order(cls, value: str) -> str:
        # A bad KGFC_TRUST_ORDER fails when settings load, not at the first disagreement;
        # the value shown (kgfc config) is the full order, left-out kinds included.
        from kgfc.kg.trust import normalise_trust_order

        return " > ".join(normalise_trust_order(value))

    beam: int = Field(4, ge=1, le=50)
    hops: int = Field(4, ge=1, le=10)

    sparql_user: str | None = Field(None, description="HTTP digest user for a sparql: store")
    sparql_password: str | None = Field(
        None, description="HTTP digest password for a sparql: store"
    )
    cypher_uri: str | None = Field(
        None,
        description="the Cypher mirror for kg sync / kg cypher: neo4j://HOST, bolt://HOST, "
        "falkordb://HOST:6379/GRAPH or falkordb:PATH (embedded)",
    )
    neo4j_uri: str | None = Field(
        None, description="the Neo4j mirror for kg sync / kg cypher (when cypher_uri is unset)"
    )
    neo4j_user: str = Field("neo4j", description="Neo4j user")
    neo4j_password: str | None = Field(None, description="Neo4j password")
    server: str | None = Field(
        None, description="send verify (and kgfc mcp's verifications) to this running kgfc serve"
    )
    server_token: str | None = Field(
        None, description="kgfc serve: the bearer token writes need; clients: the token they send"
    )

    def store_path(self) -> Path:
        spec = self.store
        if spec is None:
            return self.home / "store"
        if spec.startswith("oxigraph:"):
            spec = spec[len("oxigraph:") :]
        return Path(spec).expanduser()

    @property
    def cache_dir(self) -> Path:
        return self.home / "cache"


SECRET_MARKERS = ("api_key", "password", "token")


def is_secret(name: str) -> bool:
    return any(m in name for m in SECRET_MARKERS)


def describe_settings(**overrides: Any) -> list[dict[str, Any]]:
    """Every setting with its effective value and where it came from.

    ``origin`` is ``flag`` (an override given here), ``env`` (``KGFC_*``),
    ``file`` (the TOML file) or ``default``; secret values are masked.
    """
    settings = load_settings(**overrides)
    given = {k for k, v in overrides.items() if v is not None}
    env = {k.upper() for k in os.environ}
    path = config_file()
    in_file = set(_file_values()) if path is not None else set()
    rows = []
    for name in Settings.model_fields:
        if name in given:
            origin = "flag"
        elif f"KGFC_{name.upper()}" in env:
            origin = "env"
        elif name in in_file:
            origin = "file"
        else:
            origin = "default"
        value = getattr(settings, name)
        if value is not None and is_secret(name):
            value = "****"
        elif isinstance(value, Path):
            value = str(value)
        rows.append({"name": name, "value": value, "origin": origin, "env": f"KGFC_{name.upper()}"})
    return rows


def load_settings(**overrides: Any) -> Settings:
    """Build settings; ``overrides`` are command-line flags (None means "not given")."""
    given = {k: v for k, v in overrides.items() if v is not None}
    try:
        return Settings(**given)
    except ValidationError as exc:
        errs = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ConfigError(
            f"Invalid settings: {errs}", hint="Check flags, KGFC_* variables and the config file."
        ) from exc
