#!/bin/bash
# wrong (free text: follow-up task): adds a task "Send Priya the contract at USD 52,000 a year", the booth list price instead of the agreed 48,500.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(task=("Send Priya the contract at USD 52,000 a year", "Use the LogiMAT list price.")))
PY
