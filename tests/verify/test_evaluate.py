"""The evaluate.py pattern: ``TOTAL SCORE: X / 100`` -> a reward in [0, 1]."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mock_services.verify.evaluate import ScoreNotFound, parse_total_score, run_evaluation


@pytest.mark.parametrize(
    ("output", "score"),
    [
        ("TOTAL SCORE: 85 / 100", 0.85),
        ("a\nTOTAL SCORE: 10/100\nTOTAL SCORE: 70 / 100", 0.7),
        ("TOTAL SCORE: 7.5 / 10", 0.75),
        ("TOTAL SCORE: 0 / 100", 0.0),
    ],
)
def test_parse(output: str, score: float) -> None:
    assert parse_total_score(output) == pytest.approx(score)


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("Score: 1.0/1.0", "no 'TOTAL SCORE: X / 100' line"),
        ("TOTAL SCORE: 120 / 100", "TOTAL SCORE 120 / 100 is out of range"),
        ("TOTAL SCORE: 5 / 0", "TOTAL SCORE 5 / 0 is out of range"),
    ],
)
def test_unparseable_output_is_an_error(output: str, message: str) -> None:
    with pytest.raises(ScoreNotFound, match=message):
        parse_total_score(output)


@pytest.mark.process  # runs a subprocess
def test_run_evaluation_writes_rewards(
    logs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "evaluate.py"
    script.write_text("print('[PASS] thing')\nprint('TOTAL SCORE: 60 / 100')\n")
    assert run_evaluation([sys.executable, str(script)], "skill-x") == 0
    assert (logs / "reward.txt").read_text() == "0.6\n"
    assert json.loads((logs / "reward.json").read_text()) == {"reward": 0.6, "total_score": 60.0}
    assert "Score: 0.6/1.0" in capsys.readouterr().out


@pytest.mark.process  # runs a subprocess
def test_run_evaluation_without_score_is_a_crash_with_reward_zero(
    logs: Path, tmp_path: Path
) -> None:
    script = tmp_path / "evaluate.py"
    script.write_text("raise SystemExit('boom')\n")
    assert run_evaluation([sys.executable, str(script)], "skill-x") == 2
    assert (logs / "reward.txt").read_text() == "0\n"
    meta = json.loads((logs / "reward_meta.json").read_text())
    assert meta["_meta_error"].startswith("ScoreNotFound: no 'TOTAL SCORE")
