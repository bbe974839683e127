#!/bin/bash
# wrong (wrong owner): escalates TK-1102 as urgent with the reply, but assigns it to Carol in Technical Escalations instead of leaving it unassigned for their on-call engineer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(assignee="carol")
PY
