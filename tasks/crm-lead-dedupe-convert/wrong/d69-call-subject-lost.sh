#!/bin/bash
# wrong (free text: activity subject): the call is logged with the subject "Call with Priya: deal lost, going with a competitor", contradicting the open deal and its body.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(call_subject="Call with Priya: deal lost, going with a competitor"))
PY
