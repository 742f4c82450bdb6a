"""Prompt sets: the editable instruction text of every LLM task, versioned, in TOML files.

A set has an ``id`` and a ``version``, and per task (``rank``, ``verdict``,
``forced_verdict``, ``decompose``, ``policy``, ``policy_system``, ``filter``,
``extract``, ``system``) a ``version`` and a ``text``. Only the instructions
live here: :mod:`kgfc.llm.prompts` adds the fenced data blocks and the fixed
"Reply as {...}" answer shape, so an edited set cannot break an output schema.
A text must keep its task's placeholders (``{k}`` for ``rank``) and may add no
others; :meth:`PromptSet.check` enforces both.

Selecting a set (``KGFC_PROMPTS`` / ``--prompts``): ``default`` (shipped), a
name (``kgfc/llm/prompt_sets/NAME.toml``, else ``$KGFC_HOME/prompts/NAME``), a
directory holding ``prompts.toml``, or a ``.toml`` file. :func:`use_prompts`
makes a set active for a block (per thread/task, a context variable);
:func:`set_default_prompts` for the process. Runs record :attr:`PromptSet.label`
(``default@1``).
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import string
import tomllib
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from kgfc.errors import ConfigError

SETS_DIR = Path(__file__).parent / "prompt_sets"
FILE_NAME = "prompts.toml"
# Each task's placeholders: a set must keep exactly these (code fills them in).
PLACEHOLDERS: dict[str, frozenset[str]] = {
    "system": frozenset(),
    "rank": frozenset({"k"}),
    "verdict": frozenset(),
    "forced_verdict": frozenset(),
    "decompose": frozenset(),
    "policy_system": frozenset(),
    "policy": frozenset(),
    "filter": frozenset(),
    "extract": frozenset(),
}
TASKS = tuple(PLACEHOLDERS)
MAX_TEXT_CHARS = 4000  # one instruction; longer is a runaway edit


class Prompt(BaseModel):
    version: int = Field(1, ge=1)
    text: str


class PromptSet(BaseModel):
    id: str
    version: int = Field(1, ge=1)
    prompts: dict[str, Prompt]
    source: str | None = Field(None, description="the file it was read from")

    @property
    def label(self) -> str:
        """``id@version``: what runs record."""
        return f"{self.id}@{self.version}"

    def text(self, task: str, **values: object) -> str:
        """Task ``task``'s instruction with its placeholders filled in."""
        return self.prompts[task].text.format(**values)

    def check(self) -> None:
        """Raise ConfigError unless every task is there with exactly its placeholders."""
        missing = [t for t in TASKS if t not in self.prompts]
        if missing:
            raise ConfigError(
                f"Prompt set {self.label} lacks task(s): {', '.join(missing)}.",
                hint="Start from kgfc/llm/prompt_sets/default.toml.",
            )
        for task, prompt in self.prompts.items():
            if task not in PLACEHOLDERS:
                raise ConfigError(f"Prompt set {self.label}: unknown task {task!r}.")
            problem = placeholder_problem(task, prompt.text)
            if problem:
                raise ConfigError(f"Prompt set {self.label}, task {task}: {problem}.")

    def to_toml(self) -> str:
        """The set as TOML (strings JSON-escaped, which TOML basic strings accept)."""
        lines = [f"id = {json.dumps(self.id)}", f"version = {self.version}", ""]
        for task in TASKS:
            p = self.prompts[task]
            lines += [f"[{task}]", f"version = {p.version}"]
            lines += [f"placeholders = {json.dumps(sorted(PLACEHOLDERS[task]))}"]
            lines += [f"text = {json.dumps(p.text, ensure_ascii=False)}", ""]
        return "\n".join(lines)


def placeholder_problem(task: str, text: str) -> str | None:
    """Why ``text`` cannot be task ``task``'s instruction, or None when it can."""
    if not text.strip():
        return "the text is empty"
    if len(text) > MAX_TEXT_CHARS:
        return f"the text is longer than {MAX_TEXT_CHARS} characters"
    try:
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError as exc:
        return f"the text is not a valid template ({exc}); write literal braces as {{{{ }}}}"
    want = PLACEHOLDERS[task]
    if fields - want:
        return f"unknown placeholder(s) {sorted(fields - want)}"
    if want - fields:
        return f"placeholder(s) {sorted(want - fields)} dropped"
    return None


def read_prompt_set(path: Path) -> PromptSet:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"Cannot read prompt set {path}: {exc}") from exc
    prompts = {k: v for k, v in data.items() if isinstance(v, dict)}
    try:
        ps = PromptSet(
            id=data.get("id", path.stem),
            version=data.get("version", 1),
            prompts={
                k: Prompt(version=v.get("version", 1), text=v.get("text", ""))
                for k, v in prompts.items()
            },
            source=str(path),
        )
    except ValidationError as exc:
        raise ConfigError(f"Prompt set {path} is malformed: {exc}") from exc
    ps.check()
    return ps


def resolve_prompt_set(spec: str | None, home: Path | None = None) -> Path:
    """The file a ``--prompts`` value names (see the module docstring for the forms)."""
    spec = (spec or "default").strip()
    path = Path(spec).expanduser()
    if path.is_dir():
        return path / FILE_NAME
    if path.suffix == ".toml" and path.is_file():
        return path
    bundled = SETS_DIR / f"{spec}.toml"
    if bundled.is_file():
        return bundled
    if home is not None and (home / "prompts" / spec / FILE_NAME).is_file():
        return home / "prompts" / spec / FILE_NAME
    shipped = sorted(p.stem for p in SETS_DIR.glob("*.toml"))
    raise ConfigError(
        f"No prompt set {spec!r}.",
        hint=f"Give a directory with {FILE_NAME}, a .toml file, or a name: {', '.join(shipped)}"
        + (f" or one under {home / 'prompts'}" if home else "")
        + ".",
    )


def load_prompt_set(spec: str | None = None, home: Path | None = None) -> PromptSet:
    return read_prompt_set(resolve_prompt_set(spec, home))


_default: PromptSet | None = None
_active: contextvars.ContextVar[PromptSet | None] = contextvars.ContextVar(
    "kgfc_prompts", default=None
)


def active_prompts() -> PromptSet:
    """The prompt set in force: the block's (:func:`use_prompts`), else the process default."""
    global _default
    ps = _active.get()
    if ps is not None:
        return ps
    if _default is None:
        _default = load_prompt_set("default")
    return _default


def set_default_prompts(ps: PromptSet | None) -> None:
    """Make ``ps`` the process-wide set (None: back to the shipped default)."""
    global _default
    _default = ps


@contextlib.contextmanager
def use_prompts(ps: PromptSet) -> Iterator[PromptSet]:
    token = _active.set(ps)
    try:
        yield ps
    finally:
        _active.reset(token)
