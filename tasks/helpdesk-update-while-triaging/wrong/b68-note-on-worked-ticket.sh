#!/bin/bash
# wrong (touches a worked ticket): triages all three right, then leaves an internal note on Grace's TK-1088 ("seen in the triage sweep"); tickets being worked were to be left as they are.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import hd, triage_right

triage_right()
hd.call("POST", "/tickets/TK-1088/comments", {"body": "Seen in the Tier 1 triage sweep; still with Grace.", "public": False})
PY
