"""The graph-store contract.

Every backend keeps facts in named graphs, one per source, with the source's
PROV-O record on the graph IRI; it answers the same questions with kgfc's
models. The embedded Oxigraph store (:mod:`kgfc.kg.oxigraph_store`) is the
default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from kgfc.models import Fact, Label, LabelHit, Source, StoreStats


@runtime_checkable
class GraphStore(Protocol):
    def add_source(
        self,
        source: Source,
        facts: Iterable[Fact],
        labels: Iterable[Label] = (),
        *,
        replace: bool = False,
    ) -> bool:
        """Write ``facts`` and ``labels`` as one named graph with its provenance, atomically.

        Returns False (and writes nothing) when the source already exists and
        ``replace`` is false, which makes enrichment idempotent.
        """
        ...

    def has_source(self, iri: str) -> bool:
        """Whether the source graph exists (enrichment and ingest skip sources already there)."""
        ...

    def neighbourhood(self, entities: Sequence[str]) -> list[Fact]:
        """One-hop incoming and outgoing facts of all ``entities`` in one query, with labels."""
        ...

    def run(
        self,
        name: str,
        bindings: Mapping[str, str] | None = None,
        values: Sequence[str] | None = None,
    ) -> list[dict]:
        """Run the named query from ``queries/sparql`` with bound values."""
        ...

    def search_labels(self, text: str, limit: int = 10) -> list[LabelHit]: ...

    def sources(self) -> list[Source]: ...

    def retract(self, source_iri: str) -> int: ...

    def stats(self) -> StoreStats: ...
