#!/usr/bin/env python3
"""Evaluation of @@NAME@@ (evaluate.py pattern): prints one line per check and, last,
``TOTAL SCORE: X / 100``."""

from mock_services.verify import read_output

CHECKS = [
    # (points, description, check): replace with the task's real checks.
    (50, "the output file exists", lambda: read_output("output/result.md") is not None),
    (
        50,
        "the output file is not empty",
        lambda: (out := read_output("output/result.md")) is not None and out.size > 0,
    ),
]


def main() -> None:
    total = 0
    for points, description, check in CHECKS:
        try:
            passed = bool(check())
        except Exception as exc:
            passed, description = False, f"{description} ({type(exc).__name__}: {exc})"
        total += points if passed else 0
        print(f"[{'PASS' if passed else 'FAIL'}] {points:3d}  {description}")
    print(f"TOTAL SCORE: {total} / 100")


if __name__ == "__main__":
    main()
