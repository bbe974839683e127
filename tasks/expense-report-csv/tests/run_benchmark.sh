#!/bin/bash
# The evaluation run of expense-report-csv (seed 001's evaluate.py pattern): runs the checks
# and prints their lines and "TOTAL SCORE: X / 100" on stdout.
set -uo pipefail
python3 -I /tests/evaluate.py
