#!/bin/bash
# wrong (works the ticket at triage): escalates TK-1102 right, but the escalation reply also starts troubleshooting (asks the team to clear cookies, try a private window and send a screenshot), which triage is not.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, take, wait_for_update

take("TK-1101", "normal")
take("TK-1103", "low")
wait_for_update()
escalate(reply="Hi Tom,\n\nI have escalated your ticket as urgent to our Technical Escalations team; they will contact you within the hour.\n\nIn the meantime, could everyone clear their browser cookies for the CRM and try logging in from a private window? If the password-expired page still shows, please send me a screenshot of it and the exact time you tried.\n\nAlice")
PY
