"""Prometheus metrics of one server (its own registry, so tests and apps do not mix)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)

if TYPE_CHECKING:
    from kgfc.models import VerifyResult

# the *_created series only add noise to every scrape
disable_created_metrics()  # type: ignore[no-untyped-call]  # unannotated in prometheus_client

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "kgfc_http_requests",
            "HTTP requests answered",
            ["method", "route", "status"],
            registry=r,
        )
        self.latency = Histogram(
            "kgfc_http_request_duration_seconds",
            "HTTP request latency",
            ["route"],
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
            registry=r,
        )
        self.verdicts = Counter("kgfc_verdicts", "Verdicts given", ["verdict"], registry=r)
        self.llm_calls = Counter("kgfc_llm_calls", "LLM calls made by verifications", registry=r)
        self.llm_tokens = Counter(
            "kgfc_llm_tokens", "LLM tokens used by verifications", ["kind"], registry=r
        )
        self.sparql = Counter(
            "kgfc_sparql_queries",
            "SPARQL queries run: by verifications, or sent to /sparql",
            ["origin"],
            registry=r,
        )
        self.stages = Histogram(
            "kgfc_verify_stage_duration_seconds",
            "Time a verification spent in each stage it ran (read, link, beam, reason, record)",
            ["stage"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10),
            registry=r,
        )
        self.searches = Counter("kgfc_search_calls", "Web and PubMed searches", registry=r)
        self.jobs_pending = Gauge("kgfc_jobs_pending", "Job items waiting", registry=r)

    def observe_result(self, result: VerifyResult) -> None:
        self.verdicts.labels(result.verdict.value).inc()
        c = result.counters
        self.llm_calls.inc(c.llm_calls)
        self.llm_tokens.labels("prompt").inc(c.prompt_tokens)
        self.llm_tokens.labels("completion").inc(c.completion_tokens)
        self.sparql.labels("verify").inc(c.sparql_queries)
        self.searches.inc(c.search_calls)
        for stage, seconds in c.stage_seconds().items():
            if seconds > 0:  # a stage the check did not run (a triple is not read) is not a sample
                self.stages.labels(stage).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)
