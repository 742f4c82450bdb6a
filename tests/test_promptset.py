"""Prompt sets: versioned instruction files, placeholders kept, selection by name/dir/file."""

from __future__ import annotations

import pytest

from kgfc.errors import ConfigError
from kgfc.llm.prompts import rank_messages, verdict_messages
from kgfc.llm.promptset import (
    TASKS,
    active_prompts,
    load_prompt_set,
    placeholder_problem,
    read_prompt_set,
    use_prompts,
)
from kgfc.settings import load_settings


def test_the_shipped_set_has_every_task_and_an_id():
    ps = load_prompt_set("default")
    assert ps.label == "default@1" and set(ps.prompts) == set(TASKS)
    assert active_prompts().label == "default@1"


def test_a_set_round_trips_through_toml(tmp_path):
    ps = load_prompt_set()
    (tmp_path / "prompts.toml").write_text(ps.to_toml())
    again = load_prompt_set(str(tmp_path))
    assert again.prompts == ps.prompts and again.label == ps.label


def test_an_edited_set_changes_the_prompt_but_not_the_answer_shape(tmp_path):
    ps = load_prompt_set()
    edited = ps.model_copy(deep=True)
    edited.id, edited.version = "mine", 3
    edited.prompts["rank"].text = "Pick up to {k} facts that decide the claim."
    path = tmp_path / "mine.toml"
    path.write_text(edited.to_toml())
    with use_prompts(read_prompt_set(path)):
        user = rank_messages("c", ["a", "b", "c"], top_k=2)[1]["content"]
        assert "Pick up to 2 facts that decide the claim." in user
        assert active_prompts().label == "mine@3"
    assert user.endswith('Reply as {"ids": [<number>, ...]}.')
    assert "Which candidates" in rank_messages("c", ["a", "b", "c"])[1]["content"]


@pytest.mark.parametrize(
    ("task", "text", "problem"),
    [
        ("rank", "Pick the best facts.", "placeholder(s) ['k'] dropped"),
        ("verdict", "Decide {claim}.", "unknown placeholder(s) ['claim']"),
        ("verdict", "", "the text is empty"),
        ("rank", "Pick {k facts", "not a valid template"),
    ],
)
def test_a_text_that_drops_or_adds_placeholders_is_refused(task, text, problem):
    assert problem in placeholder_problem(task, text)


def test_a_broken_set_file_is_a_config_error(tmp_path):
    ps = load_prompt_set()
    ps.prompts["rank"].text = "no placeholder"
    (tmp_path / "prompts.toml").write_text(ps.to_toml())
    with pytest.raises(ConfigError, match="placeholder"):
        load_prompt_set(str(tmp_path))
    with pytest.raises(ConfigError, match="No prompt set 'nope'"):
        load_prompt_set("nope")


def test_settings_select_the_set_with_the_llm(tmp_path, monkeypatch):
    from kgfc.llm.client import make_llm
    from kgfc.llm.promptset import set_default_prompts

    ps = load_prompt_set()
    ps.id = "tuned"
    ps.prompts["forced_verdict"].text = "Out of steps: decide now."
    (tmp_path / "prompts" / "tuned").mkdir(parents=True)
    (tmp_path / "prompts" / "tuned" / "prompts.toml").write_text(ps.to_toml())
    settings = load_settings(
        home=tmp_path, llm_base_url="http://127.0.0.1:9/v1", llm_model="m", prompts="tuned"
    )
    try:
        make_llm(settings)
        assert active_prompts().label == "tuned@1"
        assert (
            "Out of steps: decide now." in verdict_messages("c", [], [], forced=True)[1]["content"]
        )
    finally:
        set_default_prompts(None)


def test_eval_rows_record_the_prompt_set_of_llm_runs():
    from kgfc.eval.loaders import Example
    from kgfc.eval.runner import row_of

    ex = Example(id="1", gold="REFUTED", raw_label="REFUTES", claim="c")
    llm_row = row_of(ex, {"verdict": "REFUTED", "reasoner": "llm:gemma"})
    local_row = row_of(ex, {"verdict": "REFUTED", "reasoner": "local"})
    assert llm_row["prompts"] == "default@1" and local_row["prompts"] is None
    ps = load_prompt_set()
    ps.id = "tuned"
    with use_prompts(ps):
        assert (
            row_of(ex, {"verdict": "REFUTED", "reasoner": "local (llm failed: x)"})["prompts"]
            == "tuned@1"
        )
