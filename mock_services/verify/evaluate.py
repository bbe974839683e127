"""The ``evaluate.py`` pattern (skill tasks): a script prints ``TOTAL SCORE: X / 100``; the
score is normalised to [0, 1] and written as the reward."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from mock_services.verify.checkpoints import run_scored
from mock_services.verify.reward import META_PREFIX, write_reward

TOTAL_SCORE = re.compile(r"TOTAL SCORE:\s*([0-9]+(?:\.[0-9]+)?)\s*/\s*([0-9]+(?:\.[0-9]+)?)")


class ScoreNotFound(ValueError):
    """The evaluation output has no ``TOTAL SCORE: X / 100`` line."""


def parse_total_score(output: str) -> float:
    """The last ``TOTAL SCORE: X / N`` line of ``output`` as a fraction in [0, 1]."""
    matches = TOTAL_SCORE.findall(output)
    if not matches:
        tail = "\n".join(output.strip().splitlines()[-5:])
        raise ScoreNotFound(f"no 'TOTAL SCORE: X / 100' line in the output; it ended with:\n{tail}")
    got, out_of = (float(v) for v in matches[-1])
    if out_of <= 0 or not 0 <= got <= out_of:
        raise ScoreNotFound(f"TOTAL SCORE {got:g} / {out_of:g} is out of range")
    return got / out_of


def score_total(text: str, task: str, directory: Path | None = None) -> float:
    score = parse_total_score(text)
    write_reward(
        {"reward": score, "total_score": score * 100, f"{META_PREFIX}task": task}, directory
    )
    return score


def run_evaluation(
    command: Sequence[str], task: str, *, timeout: float = 600, directory: Path | None = None
) -> int:
    """Run an evaluation command, score its ``TOTAL SCORE`` line, write the rewards.

    Returns the seed's exit code (0 iff >= 0.5; 2 when the evaluation could not be scored).
    """

    def score() -> float:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        return score_total(done.stdout, task, directory)

    return run_scored(score, task, directory)


def main(argv: Sequence[str] | None = None) -> None:
    """``python3 -m mock_services.verify.evaluate --task NAME -- COMMAND...``"""
    import argparse

    parser = argparse.ArgumentParser(prog="python3 -m mock_services.verify.evaluate")
    parser.add_argument("--task", required=True)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("command", nargs="+", help="the evaluation command, after --")
    args = parser.parse_args(argv)
    sys.exit(run_evaluation(args.command, args.task, timeout=args.timeout))


if __name__ == "__main__":
    main()
