#!/bin/bash
# Class: output-elsewhere. Writes the right report to /workspace/report.json (and
# /workspace/output/summary.json) instead of /workspace/output/report.json.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import json

from claims_report import APPROVED, summarise, write

rep = summarise(APPROVED)
write(rep, "/workspace/report.json")
write(rep, "/workspace/output/summary.json")
PY
