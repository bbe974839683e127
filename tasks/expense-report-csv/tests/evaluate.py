#!/usr/bin/env python3
"""Evaluation of expense-report-csv (evaluate.py pattern): compares output/report.json with
reference/expected.json; prints one line per check and, last, ``TOTAL SCORE: X / 100``.
Category and month totals earn partial points, one share per correct entry."""

import hashlib
import json
from pathlib import Path

from mock_services.verify import read_output

REFERENCE = json.loads((Path(__file__).parent / "reference" / "expected.json").read_text())
CSV = Path("/workspace/environment/expenses.csv")


def report() -> dict:
    found = read_output("output/report.json")
    assert found is not None, "output/report.json was not written"
    data = found.json()
    assert isinstance(data, dict), "the report is not a JSON object"
    return data


def close(a: object, b: float) -> bool:
    return isinstance(a, int | float) and not isinstance(a, bool) and abs(a - b) < 0.005


def share(got: object, expected: dict) -> float:
    if not isinstance(got, dict):
        return 0.0
    right = sum(close(got.get(k), v) for k, v in expected.items())
    extra = len(set(got) - set(expected))
    return max(0.0, (right - extra) / len(expected))


def csv_untouched() -> bool:
    digest = hashlib.sha256(CSV.read_bytes()).hexdigest()
    return digest == (Path(__file__).parent / "reference" / "csv.sha256").read_text().strip()


CHECKS = [
    (10, "report.json exists and is a JSON object", lambda: bool(report()) or True),
    (
        35,
        "per-category totals of approved claims",
        lambda: share(report().get("by_category"), REFERENCE["by_category"]),
    ),
    (
        20,
        "per-month totals of approved claims",
        lambda: share(report().get("by_month"), REFERENCE["by_month"]),
    ),
    (
        15,
        "grand total of approved claims",
        lambda: close(report().get("total"), REFERENCE["total"]),
    ),
    (10, "largest approved claim", lambda: report().get("largest") == REFERENCE["largest"]),
    (5, "number of approved claims", lambda: report().get("count") == REFERENCE["count"]),
    (5, "the CSV file was left unchanged", csv_untouched),
]


def main() -> None:
    total = 0.0
    for points, description, check in CHECKS:
        try:
            fraction = float(check())
        except Exception as exc:
            fraction, description = 0.0, f"{description} ({type(exc).__name__}: {exc})"
        total += points * fraction
        mark = "PASS" if fraction >= 1 else "PART" if fraction > 0 else "FAIL"
        print(f"[{mark}] {points * fraction:5.1f}/{points:<3d} {description}")
    print(f"TOTAL SCORE: {round(total, 1)} / 100")


if __name__ == "__main__":
    main()
