"""Web retrieval: search providers (Serper, SearXNG, local corpus, PubMed) and safe page fetching.

Backends are imported lazily by :func:`make_provider`, so importing this
package costs neither tantivy nor trafilatura.
"""

from kgfc.web.base import SearchHit, SearchProvider, make_provider, register_provider

__all__ = ["SearchHit", "SearchProvider", "make_provider", "register_provider"]
