#!/bin/bash
# wrong (works a ticket at triage): triages all three right, then also answers Maria's signature question on TK-1103 with a public reply; the rules say no reply at triage for low tickets.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import hd, triage_right

triage_right()
hd.call("POST", "/tickets/TK-1103/comments", {"body": "Hi Maria,\n\nIn the mail app open Settings, then Signature, type your title and phone number and save.\n\nAlice", "public": True})
PY
