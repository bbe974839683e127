"""Checkpoints -> weighted reward; verify.py's output, files and exit codes, crash included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mock_services.verify import Result, Verifier

ROOT = Path(__file__).resolve().parents[2]


def test_weighted_mean_of_checkpoint_scores() -> None:
    verifier = Verifier("t")
    verifier.add("found", lambda: True, weight=3, rationale="r1")
    verifier.add("partial", lambda: 0.5, weight=1, rationale="r2")
    verifier.add("missed", lambda: Result(0.0, "no email"), weight=1, rationale="r3")
    outcome = verifier.evaluate()
    assert outcome.reward == pytest.approx((3 * 1 + 0.5) / 5)
    rewards = outcome.rewards("t")
    assert rewards["found"] == 1.0 and rewards["partial"] == 0.5
    assert rewards["_meta_checkpoints"]["missed"] == {
        "score": 0.0,
        "detail": "no email",
        "rationale": "r3",
        "weight": 1,
        "goal": False,
        "evidence": {"calls": [], "state": []},  # it read neither calls nor tables
    }
    assert rewards["_meta_checkpoints"]["found"]["weight"] == 3  # the viewer shows them


def test_a_raising_checkpoint_scores_zero_and_says_why() -> None:
    verifier = Verifier("t")

    @verifier.checkpoint(weight=1, rationale="r")
    def broken() -> bool:
        raise KeyError("orders")

    @verifier.checkpoint(weight=1, rationale="r")
    def asserted() -> bool:
        raise AssertionError("2 rows changed in users")

    outcome = verifier.evaluate()
    assert outcome.scores["broken"] == Result(0.0, "KeyError: 'orders'")
    assert outcome.scores["asserted"] == Result(0.0, "assertion failed: 2 rows changed in users")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "reward", "weight": 1, "rationale": "r"}, "expected an identifier, not 'reward'"),
        ({"name": "bad name", "weight": 1, "rationale": "r"}, "expected an identifier"),
        ({"name": "ok", "weight": 0, "rationale": "r"}, "weight 0 must be > 0"),
        ({"name": "ok", "weight": 1, "rationale": " "}, "give a rationale"),
    ],
)
def test_bad_checkpoints_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Verifier("t").add(check=lambda: True, **kwargs)


def test_out_of_range_score_breaks_the_verifier_not_the_checkpoint() -> None:
    verifier = Verifier("t")
    verifier.add("over", lambda: 1.5, weight=1, rationale="r")
    with pytest.raises(ValueError, match=r"scored 1.5; expected a number in \[0, 1\]"):
        verifier.evaluate()


def _run_verify(tmp_path: Path, body: str) -> tuple[subprocess.CompletedProcess, Path]:
    script = tmp_path / "verify.py"
    script.write_text(textwrap.dedent(body))
    logs = tmp_path / "logs"
    env = {**os.environ, "VERIFIER_LOG_DIR": str(logs), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    return done, logs


PASSING = """
    from mock_services.verify import Verifier
    verifier = Verifier("demo")
    verifier.add("a", lambda: True, weight=1, rationale="r")
    verifier.add("b", lambda: 0.5, weight=1, rationale="r")
    verifier.main()
"""


@pytest.mark.process  # runs a subprocess
def test_verify_script_prints_score_writes_files_and_exits_zero(tmp_path: Path) -> None:
    done, logs = _run_verify(tmp_path, PASSING)
    assert done.returncode == 0, done.stderr
    assert "Score: 0.75/1.0" in done.stdout
    assert "[PART] b 0.5" in done.stdout
    assert (logs / "reward.txt").read_text() == "0.75\n"
    assert json.loads((logs / "reward.json").read_text()) == {"a": 1.0, "b": 0.5, "reward": 0.75}


@pytest.mark.process  # runs a subprocess
def test_low_score_exits_one(tmp_path: Path) -> None:
    done, _logs = _run_verify(tmp_path, PASSING.replace("lambda: True", "lambda: False"))
    assert done.returncode == 1
    assert "Score: 0.25/1.0" in done.stdout


@pytest.mark.process  # runs a subprocess
def test_crashing_verifier_still_writes_reward_zero_with_the_reason(tmp_path: Path) -> None:
    done, logs = _run_verify(
        tmp_path,
        """
        from mock_services.verify import Verifier
        verifier = Verifier("demo")
        verifier.main()  # no checkpoints: the verifier itself is broken
    """,
    )
    assert done.returncode == 2
    assert "Score: 0.0/1.0" in done.stdout
    assert (logs / "reward.txt").read_text() == "0\n"
    meta = json.loads((logs / "reward_meta.json").read_text())
    assert meta["_meta_error"] == "RuntimeError: verifier 'demo' has no checkpoints"
    assert json.loads((logs / "reward.json").read_text()) == {"reward": 0.0}
