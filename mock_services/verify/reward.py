"""The reward files a verifier leaves in ``/logs/verifier`` and the rules they obey.

Seed rules: ``reward`` is mandatory and in [0, 1]; every other value is a number unless its key
starts with ``_meta_``. Harbor 0.26 reads ``reward.json`` *before* ``reward.txt`` and rejects a
file holding any non-number, ``_meta_`` keys included, so the ``_meta_`` entries are written to
``reward_meta.json`` next to it and ``reward.json`` stays numbers-only.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any


class VerifierFault(Exception):
    """The verifier itself cannot score (a judge unreachable or misconfigured): never a 0 for
    the agent. Raised inside a checkpoint, it ends the run as a verifier crash."""


class NotScorable(VerifierFault):
    """Something cannot be scored where it runs (a grader it needs is not configured, a live
    site an imported check needs). Raised by a checkpoint, that checkpoint is left out of the
    reward; when the whole run cannot be scored, its message, the reason, goes to
    ``reward_meta.json`` as ``_meta_not_scored``: the runners report "not scored: <reason>",
    never a 0 or a failure (seed 002 keeps "not scored" apart from "failed")."""


META_PREFIX = "_meta_"
NOT_SCORED_KEY = f"{META_PREFIX}not_scored"
VERIFIER_DIR_ENV = "VERIFIER_LOG_DIR"
DEFAULT_VERIFIER_DIR = "/logs/verifier"
PASS_THRESHOLD = 0.5


class RewardError(ValueError):
    """A reward dict that breaks the rules; the message names the key, value and rule."""


def verifier_dir() -> Path:
    """``/logs/verifier``; ``$VERIFIER_LOG_DIR`` overrides it for tests on a host."""
    return Path(os.environ.get(VERIFIER_DIR_ENV) or DEFAULT_VERIFIER_DIR)


def check_reward(values: dict[str, Any]) -> dict[str, Any]:
    """Raise ``RewardError`` unless ``values`` obeys the reward.json rules; returns it."""
    if not isinstance(values, dict):
        raise RewardError(f"rewards must be a dict, got {type(values).__name__}")
    if "reward" not in values:
        raise RewardError(f"the 'reward' key is mandatory; got keys {sorted(values)}")
    for key, value in values.items():
        if not isinstance(key, str) or not key:
            raise RewardError(f"keys must be non-empty strings, got {key!r}")
        if key.startswith(META_PREFIX):
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise RewardError(
                f"{key!r} = {value!r}: a {type(value).__name__}; non-numeric values need a "
                f"key starting with {META_PREFIX!r} (e.g. {META_PREFIX}{key})"
            )
        if not math.isfinite(value):
            raise RewardError(f"{key!r} = {value!r}: expected a finite number")
    reward = values["reward"]
    if not 0.0 <= reward <= 1.0:
        raise RewardError(f"'reward' = {reward!r}: expected a number in [0.0, 1.0]")
    return values


def write_reward(values: dict[str, Any], directory: Path | None = None) -> Path:
    """Check ``values``, then write reward.txt, reward.json (numbers) and reward_meta.json."""
    check_reward(values)
    directory = directory or verifier_dir()
    directory.mkdir(parents=True, exist_ok=True)
    numbers = {k: v for k, v in values.items() if not k.startswith(META_PREFIX)}
    meta = {k: v for k, v in values.items() if k.startswith(META_PREFIX)}
    write_atomically(directory / "reward.json", json.dumps(numbers, indent=2) + "\n")
    if meta:
        write_atomically(directory / "reward_meta.json", json.dumps(meta, indent=2, default=str))
    write_atomically(directory / "reward.txt", f"{format_reward(values['reward'])}\n")
    return directory / "reward.txt"


def format_reward(value: float) -> str:
    return f"{round(float(value), 4):g}"


def write_atomically(path: Path, text: str) -> None:
    """``text`` into ``path`` all at once: a reader (Harbor, the runner) sees the old file or
    the new one, never half of it."""
    staging = path.with_name(f".{path.name}.tmp")
    staging.write_text(text)
    os.replace(staging, path)


def score_line(score: float) -> str:
    """The seed's ``Score: X.X/1.0`` line (two decimals when one would hide partial credit)."""
    shown = f"{score:.1f}"
    if abs(float(shown) - score) > 1e-9:
        shown = f"{score:.2f}"
    return f"Score: {shown}/1.0"


def exit_code(score: float) -> int:
    return 0 if score >= PASS_THRESHOLD else 1
