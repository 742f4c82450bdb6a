"""kgfc loads the English pipeline faster than ``spacy.load`` as shipped, and it reads text the same.

The model's tokenizer is built once, from the model's files, instead of first from the
language defaults and then again from the files; spaCy's registries find plug-ins by
a dict lookup. Neither may change a token, a tag, a parse or an entity.
"""

from __future__ import annotations

import importlib.metadata

import pytest

from kgfc.nlp import spacy_pipeline

TEXTS = [
    "Tony Blair was born in London.",
    "Don't you think the U.S. isn't as big as the U.K.? I'm sure it's 3.5km away, e.g. at 5pm.",
    "See https://example.org/a?b=c or mail me@example.com :) ;-) <3 -- he said 'yes'.",
    "Mr. Smith (born 1950) won't go; St. Louis, Mo. is 10-15 miles away... isn't it?!",
    "Barack Obama's wife Michelle was born in Chicago, Illinois, on January 17, 1964.",
    "Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
    "Albert Einstein, who studied at ETH Zurich, died in Princeton.  He was 76.",
    "",
]


def _reading(doc) -> tuple:
    tokens = [
        (t.text, t.whitespace_, t.tag_, t.pos_, t.dep_, t.head.i, t.lemma_, t.ent_iob_, t.ent_type_)
        for t in doc
    ]
    sents = [(s.start, s.end) for s in doc.sents] if len(doc) else []
    return tokens, sents, [(c.start, c.end) for c in doc.noun_chunks]


@pytest.fixture(scope="module")
def shipped():
    """The model as ``spacy.load`` builds it on its own (default tokenizer first)."""
    import spacy

    spacy_pipeline.get_nlp()  # spaCy imported the way kgfc imports it (without torch)
    return spacy.load(spacy_pipeline.MODEL, exclude=["senter"])


def test_the_tokenizer_is_the_one_the_model_saved(shipped):
    nlp = spacy_pipeline.get_nlp()
    assert nlp.config["nlp"]["tokenizer"] != shipped.config["nlp"]["tokenizer"]  # built our way
    # ... into the same rules, affix patterns, URL match and special cases
    assert nlp.tokenizer.to_bytes(exclude=["vocab"]) == shipped.tokenizer.to_bytes(
        exclude=["vocab"]
    )
    assert nlp.pipe_names == shipped.pipe_names


def test_texts_read_the_same_as_with_spacy_load(shipped):
    nlp = spacy_pipeline.get_nlp()
    for text in TEXTS:
        assert _reading(nlp(text)) == _reading(shipped(text)), text
    assert [_reading(d) for d in nlp.pipe(TEXTS)] == [_reading(d) for d in shipped.pipe(TEXTS)]


def test_registries_find_the_plugins_they_found_before():
    import catalogue
    import spacy

    spacy_pipeline.get_nlp()
    indexed = catalogue.AVAILABLE_ENTRY_POINTS
    assert isinstance(indexed, dict)
    installed = importlib.metadata.entry_points()
    for group in installed.groups:
        assert [e.name for e in indexed.get(group, [])] == [
            e.name for e in installed.select(group=group)
        ]
    # a plug-in spaCy finds only through its entry point (spacy-legacy's architectures)
    names = [e.name for e in installed.select(group="spacy_architectures")]
    if names:
        assert callable(spacy.registry.architectures.get(names[0]))
        assert names[0] in spacy.registry.architectures.get_all()
    # indexing twice keeps the dict
    spacy_pipeline._index_entry_points()
    assert catalogue.AVAILABLE_ENTRY_POINTS is indexed


def test_another_model_loads_as_shipped(monkeypatch):
    import spacy

    seen = {}

    def fake_load(name, *args, **kwargs):
        seen[name] = kwargs.get("config")
        raise OSError(f"[E050] Can't find model '{name}'.")

    monkeypatch.setattr(spacy_pipeline, "_loaded", {})
    monkeypatch.setattr(spacy, "load", fake_load)
    with pytest.raises(Exception, match="not installed"):
        spacy_pipeline.get_nlp("xx_other_model")
    assert seen == {"xx_other_model": {}}
    with pytest.raises(Exception, match="not installed"):
        spacy_pipeline.get_nlp()
    assert seen[spacy_pipeline.MODEL] == {
        "nlp": {"tokenizer": {"@tokenizers": "kgfc.blank_tokenizer.v1"}}
    }
