"""Reward files: the seed's rules checked value by value, and what is written where."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from mock_services.verify.reward import (
    RewardError,
    check_reward,
    exit_code,
    score_line,
    write_reward,
)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"accuracy": 1.0}, "'reward' key is mandatory; got keys ['accuracy']"),
        (
            {"reward": "0.5"},
            "'reward' = '0.5': a str; non-numeric values need a key starting with '_meta_'",
        ),
        (
            {"reward": 1.0, "model": "kimi"},
            "'model' = 'kimi': a str; non-numeric values need "
            "a key starting with '_meta_' (e.g. _meta_model)",
        ),
        ({"reward": True}, "'reward' = True: a bool"),
        ({"reward": 1.0, "detail": {"a": 1}}, "'detail' = {'a': 1}: a dict"),
        ({"reward": math.nan}, "'reward' = nan: expected a finite number"),
        ({"reward": 1.0, "x": math.inf}, "'x' = inf: expected a finite number"),
        ({"reward": 1.5}, "'reward' = 1.5: expected a number in [0.0, 1.0]"),
        ({"reward": -0.1}, "'reward' = -0.1: expected a number in [0.0, 1.0]"),
        ({"reward": 1.0, "": 1}, "keys must be non-empty strings, got ''"),
        ([("reward", 1.0)], "rewards must be a dict, got list"),
    ],
)
def test_bad_rewards_are_refused_with_key_value_and_rule(values: object, expected: str) -> None:
    with pytest.raises(RewardError) as caught:
        check_reward(values)  # type: ignore[arg-type]
    assert expected in str(caught.value)


def test_meta_values_may_be_anything() -> None:
    values = {"reward": 0.8, "_meta_rationale": "ok", "_meta_detail": {"a": [1]}, "n": 3}
    assert check_reward(values) is values


def test_written_files_keep_reward_json_numeric_and_meta_apart(logs: Path) -> None:
    write_reward({"reward": 0.875, "accuracy": 0.75, "_meta_rationale": "why"})
    assert (logs / "reward.txt").read_text() == "0.875\n"
    assert json.loads((logs / "reward.json").read_text()) == {"reward": 0.875, "accuracy": 0.75}
    assert json.loads((logs / "reward_meta.json").read_text()) == {"_meta_rationale": "why"}


def test_nothing_is_written_when_the_reward_is_invalid(logs: Path) -> None:
    with pytest.raises(RewardError):
        write_reward({"reward": 2})
    assert not logs.exists() or not any(logs.iterdir())


@pytest.mark.parametrize(
    ("score", "line", "code"),
    [
        (1.0, "Score: 1.0/1.0", 0),
        (0.5, "Score: 0.5/1.0", 0),
        (0.0, "Score: 0.0/1.0", 1),
        (0.75, "Score: 0.75/1.0", 0),
        (0.49, "Score: 0.49/1.0", 1),
    ],
)
def test_score_line_and_exit_code(score: float, line: str, code: int) -> None:
    assert score_line(score) == line
    assert exit_code(score) == code
