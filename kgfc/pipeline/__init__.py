"""One claim, one episode: the way a claim takes through kgfc.

- :mod:`kgfc.pipeline.api` — :class:`FactChecker` and :func:`verify`, the public entry points;
- :mod:`kgfc.pipeline.state` — the typed episode state (:class:`Episode`, :class:`Budget`);
- :mod:`kgfc.pipeline.stages` — analyse, link, KG retrieval, search, decide: plain functions;
- :mod:`kgfc.pipeline.policies` — who picks the next step (rules, LLM, a fixed plan);
- :mod:`kgfc.pipeline.loop` — the episode loop; :mod:`kgfc.pipeline.record` — recording;
- :mod:`kgfc.pipeline.web` — the web and PubMed tools of an episode.

"""
