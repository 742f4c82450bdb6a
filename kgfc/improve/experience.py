"""The experience buffer: episodes and their steps, rewards and critiques, in SQLite.

One file under the data dir (``$KGFC_HOME/experience.sqlite``). An episode row
holds the claim, gold label, verdict, prompt set, reward parts and critique; a
step row (claim, state summary, action, observation summary, reward) per step.
The same episode recorded twice (same claim, prompt set, actions and verdict)
is stored once. SQLite (stdlib) because the buffer is small, local and must
survive a killed run: every :meth:`ExperienceBuffer.add` is one transaction.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kgfc.improve.reflect import Critique, step_lines
from kgfc.improve.reward import Reward

FILE_NAME = "experience.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS episodes (
  id INTEGER PRIMARY KEY,
  key TEXT UNIQUE NOT NULL,
  created TEXT NOT NULL,
  claim TEXT NOT NULL,
  gold TEXT,
  verdict TEXT NOT NULL,
  prompt_set TEXT NOT NULL,
  reward REAL,
  reward_parts TEXT,
  error_type TEXT,
  critique TEXT
);
CREATE TABLE IF NOT EXISTS steps (
  episode_id INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  claim TEXT NOT NULL,
  state TEXT NOT NULL,
  action TEXT NOT NULL,
  observation TEXT NOT NULL,
  reward REAL,
  PRIMARY KEY (episode_id, idx)
);
CREATE INDEX IF NOT EXISTS episodes_error ON episodes(error_type);
"""


class ExperienceBuffer:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA foreign_keys = ON")
        self._db.executescript(_SCHEMA)

    @classmethod
    def at_home(cls, home: Path) -> ExperienceBuffer:
        return cls(Path(home) / FILE_NAME)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ExperienceBuffer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(
        self,
        *,
        claim: str,
        gold: str | None,
        verdict: str,
        prompt_set: str,
        steps: Sequence[Any],
        reward: Reward | None = None,
        critique: Critique | None = None,
    ) -> tuple[int, bool]:
        """Store one episode; returns (episode id, whether it was new)."""
        lines = step_lines(steps)
        actions = [str(getattr(s.action, "value", s.action)) for s in steps]
        key = hashlib.sha256(
            json.dumps([claim, prompt_set, actions, verdict, gold]).encode()
        ).hexdigest()
        row = self._db.execute("SELECT id FROM episodes WHERE key = ?", (key,)).fetchone()
        if row is not None:
            return row["id"], False
        blamed = critique.blamed_step if critique else None
        with self._db:
            cur = self._db.execute(
                "INSERT INTO episodes (key, created, claim, gold, verdict, prompt_set, reward, "
                "reward_parts, error_type, critique) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    claim,
                    gold,
                    verdict,
                    prompt_set,
                    reward.total if reward else None,
                    reward.model_dump_json() if reward else None,
                    critique.error_type if critique else None,
                    critique.model_dump_json() if critique else None,
                ),
            )
            eid = cur.lastrowid
            state: list[str] = []
            last = len(steps) - 1
            for i, (s, line, action) in enumerate(zip(steps, lines, actions, strict=True)):
                # The last step carries the episode's reward; a blamed step gets 0.
                step_reward = None
                if reward is not None:
                    step_reward = (
                        0.0 if blamed == s.index else (reward.total if i == last else None)
                    )
                self._db.execute(
                    "INSERT INTO steps VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        eid,
                        s.index,
                        claim,
                        "; ".join(state[-3:]) or "start",
                        action,
                        " ".join((s.observation or "").split())[:300],
                        step_reward,
                    ),
                )
                state.append(line.split(". ", 1)[-1][:80])
        return eid, True

    def list(self, *, limit: int = 20, error_type: str | None = None) -> list[dict[str, Any]]:
        sql = (
            "SELECT id, created, claim, gold, verdict, prompt_set, reward, error_type FROM episodes"
        )
        args: tuple = ()
        if error_type:
            sql += " WHERE error_type = ?"
            args = (error_type,)
        sql += " ORDER BY id DESC LIMIT ?"
        return [dict(r) for r in self._db.execute(sql, (*args, limit))]

    def show(self, episode_id: int) -> dict[str, Any] | None:
        row = self._db.execute("SELECT * FROM episodes WHERE id = ?", (episode_id,)).fetchone()
        if row is None:
            return None
        out = {k: row[k] for k in row.keys() if k != "key"}  # noqa: SIM118 - a Row iterates values
        for k in ("reward_parts", "critique"):
            out[k] = json.loads(out[k]) if out[k] else None
        out["steps"] = [
            dict(r)
            for r in self._db.execute(
                "SELECT idx, state, action, observation, reward FROM steps "
                "WHERE episode_id = ? ORDER BY idx",
                (episode_id,),
            )
        ]
        return out

    def stats(self) -> dict[str, Any]:
        db = self._db
        n, mean, correct = db.execute(
            "SELECT COUNT(*), AVG(reward), SUM(gold = verdict) FROM episodes"
        ).fetchone()
        errors = dict(
            db.execute(
                "SELECT COALESCE(error_type, 'no critique'), COUNT(*) FROM episodes GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        )
        by_set = {
            r[0]: {"episodes": r[1], "mean_reward": round(r[2], 4) if r[2] is not None else None}
            for r in db.execute("SELECT prompt_set, COUNT(*), AVG(reward) FROM episodes GROUP BY 1")
        }
        steps = db.execute("SELECT COUNT(*) FROM steps").fetchone()[0]
        return {
            "episodes": n,
            "steps": steps,
            "accuracy": round((correct or 0) / n, 4) if n else None,
            "mean_reward": round(mean, 4) if mean is not None else None,
            "error_types": errors,
            "prompt_sets": by_set,
        }

    def critiques(self, *, limit: int = 20, prompt_set: str | None = None) -> list[Critique]:
        """The latest critiques of incorrect episodes (what an optimiser aggregates)."""
        sql = "SELECT critique FROM episodes WHERE critique IS NOT NULL AND gold != verdict"
        args: tuple = ()
        if prompt_set:
            sql += " AND prompt_set = ?"
            args = (prompt_set,)
        rows = self._db.execute(sql + " ORDER BY id DESC LIMIT ?", (*args, limit))
        return [Critique.model_validate_json(r[0]) for r in rows]
