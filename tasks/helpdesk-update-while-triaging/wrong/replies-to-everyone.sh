#!/bin/bash
# Right triage, plus a public reply on the other two tickets, which the rules say to leave for when the ticket is worked.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM)
reply(PRIYA, "Hi Priya,\n\nthanks, I have your ticket and will look at the monitor soon.\n\nAlice")
reply(MARIA, "Hi Maria,\n\nthanks, I will send you the signature steps soon.\n\nAlice")
PY
