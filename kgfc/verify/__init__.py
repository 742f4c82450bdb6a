"""One claim, one episode: the way a claim takes through kgfc.

- :mod:`kgfc.verify.api` — :class:`FactChecker` and :func:`verify`, the public entry points;
- :mod:`kgfc.verify.state` — the typed episode state (:class:`Episode`, :class:`Budget`);
- :mod:`kgfc.verify.stages` — analyse, link, KG retrieval, search, decide: plain functions;
- :mod:`kgfc.verify.policies` — who picks the next step (rules, LLM, a fixed plan);
- :mod:`kgfc.verify.loop` — the episode loop; :mod:`kgfc.verify.record` — recording;
- :mod:`kgfc.verify.web` — the web and PubMed tools of an episode.

``kgfc.verify`` on the top-level package is the :func:`~kgfc.verify.api.verify`
*function*; import the internals as ``from kgfc.verify.api import FactChecker``.
"""
