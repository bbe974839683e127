#!/usr/bin/env python3
"""Evaluation of expense-report-csv (evaluate.py pattern): compares output/report.json with
reference/expected.json and prints one line per check and, last, ``TOTAL SCORE: X / 100``.

The checks are the SDK's checkpoints (weights are points out of 100), so the goal gate is the
SDK's: the five figures of the report are the goals; while all of them are right the score is
the sum of the points, once one is wrong it is ``GOAL_CAP`` (0.49) times the share of the
secondary points (exact shape, CSV untouched), so a wrong report scores at most 49.
``evaluate.py --describe`` prints the checks as JSON."""

import hashlib
import json
import sys
from functools import cache
from pathlib import Path

from mock_services.verify import GOAL_CAP, UnsafeOutput, Verifier, read_input, read_output

HERE = Path(__file__).parent
REFERENCE = json.loads((HERE / "reference" / "expected.json").read_text())
CSV = Path("/workspace/environment/expenses.csv")
KEYS = {"by_category", "by_month", "total", "largest", "count"}
CENT = 0.005

verifier = Verifier("expense-report-csv")


@cache
def report() -> dict:
    """The agent's report; read_output refuses a link (to the reference, say) or a hard link."""
    found = read_output("output/report.json")
    assert found is not None, "output/report.json was not written"
    data = found.json()
    assert isinstance(data, dict), "the report is not a JSON object"
    return data


def is_amount(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def close(got: object, expected: float) -> bool:
    return is_amount(got) and abs(got - expected) < CENT


def totals(field: str) -> bool:
    """Every entry of the reference right to the cent, and no other entry (a goal: no shares)."""
    got, expected = report().get(field), REFERENCE[field]
    assert isinstance(got, dict), f"{field} is {type(got).__name__}, not an object"
    wrong = sorted(k for k, v in expected.items() if not close(got.get(k), v))
    extra = sorted(set(got) - set(expected))
    assert not wrong and not extra, f"{field}: wrong or missing {wrong}, unexpected {extra}"
    return True


@verifier.checkpoint(
    weight=15, goal=True, rationale="each category's approved total, categories as spelled"
)
def by_category() -> bool:
    return totals("by_category")


@verifier.checkpoint(weight=15, goal=True, rationale="each month's approved total, YYYY-MM keys")
def by_month() -> bool:
    return totals("by_month")


@verifier.checkpoint(weight=10, goal=True, rationale="the total of the approved claims")
def total() -> bool:
    got = report().get("total")
    assert close(got, REFERENCE["total"]), f"total {got!r}"
    return True


@verifier.checkpoint(weight=5, goal=True, rationale="the description of the largest approved claim")
def largest() -> bool:
    got = report().get("largest")
    assert got == REFERENCE["largest"], f"largest {got!r}"
    return True


@verifier.checkpoint(weight=5, goal=True, rationale="the number of approved claims")
def count() -> bool:
    got = report().get("count")
    assert isinstance(got, int) and not isinstance(got, bool), f"count {got!r} is not an integer"
    assert got == REFERENCE["count"], f"count {got}"
    return True


def amounts(data: dict) -> list[object]:
    nested = [data.get(f) for f in ("by_category", "by_month")]
    return [data.get("total"), *(v for d in nested if isinstance(d, dict) for v in d.values())]


@verifier.checkpoint(
    weight=25,
    rationale="exactly the five keys, every amount a number rounded to the cent",
)
def exact_shape() -> bool:
    data = report()
    assert set(data) == KEYS, f"keys {sorted(data)}, expected {sorted(KEYS)}"
    # written rounded, a number reads back as itself rounded: 443.2, never 443.20000000000005
    bad = [a for a in amounts(data) if not is_amount(a) or round(a, 2) != a]
    assert not bad, f"amounts that are not numbers rounded to the cent: {bad}"
    return True


@verifier.checkpoint(
    weight=25, rationale="the report is the one change: the CSV is as it was (no free credit)"
)
def csv_untouched() -> bool:
    report()
    try:  # the agent's folder: the CSV may be gone, a link or a FIFO by now
        found = read_input(CSV)
    except UnsafeOutput as exc:
        raise AssertionError(f"the CSV changed: {exc}") from None
    assert found is not None, "the CSV changed: it is gone"
    digest = hashlib.sha256(found.data).hexdigest()
    assert digest == (HERE / "reference" / "csv.sha256").read_text().strip(), "the CSV changed"
    return True


def main() -> None:
    if sys.argv[1:] == ["--describe"]:
        print(json.dumps(verifier.describe(), indent=2))
        return
    outcome = verifier.evaluate()
    for name, result in outcome.scores.items():
        mark = "PASS" if result.score >= 1 else "PART" if result.score > 0 else "FAIL"
        goal = " (goal)" if name in outcome.goals else ""
        detail = f" - {result.detail}" if result.detail else ""
        print(f"[{mark}] {name}{goal} {result.score:g}{detail}")
    if outcome.goals_missed:
        missed = ", ".join(outcome.goals_missed)
        print(f"goal missed ({missed}): capped at {GOAL_CAP * 100:g} / 100")
    print(f"TOTAL SCORE: {round(outcome.reward * 100, 1)} / 100")


if __name__ == "__main__":
    main()
