#!/bin/bash
# wrong (message carries another person's facts): escalates TK-1102 right, but the reply on Tom's ticket greets Priya and speaks of her flickering second monitor (TK-1101) while saying the escalation words.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(reply="Hi Priya,\n\nSorry about the flickering second monitor. I have escalated this as urgent to our Technical Escalations team; they will contact you within the hour.\n\nAlice")
PY
