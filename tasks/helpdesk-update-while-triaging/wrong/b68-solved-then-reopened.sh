#!/bin/bash
# wrong (done then undone): solves the signature question TK-1103 with an answer as resolution, then reopens it as low/open/Alice's; triage was never to solve a ticket.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import escalate, hd, take, wait_for_update

take("TK-1101", "normal")
print(hd.call("POST", "/tickets/TK-1103/solve", {"resolution": "Signature: Settings > Signature in the mail app."})["status"])
take("TK-1103", "low")
wait_for_update()
escalate()
PY
