#!/bin/bash
# Ignores the event: waits, sees Tom's update, and still triages his ticket on its description alone: high, kept.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
read_rules()
wait_for_update()
others()
keep(TOM, "high")
PY
