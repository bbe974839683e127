#!/bin/bash
# wrong (changes the wiki): triages all three right, then watches the "Tier 1 triage rules" page to hear of rule changes; nothing in the wiki was to change.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_triage import triage_right

from mock_services.client import ServiceClient

triage_right()
kb = ServiceClient("http://127.0.0.1:5130/api", attempts=20).login("alice", "alice-pass")
found = kb.call("GET", "/search?q=Tier+1+triage+rules")
page = (found["items"] if isinstance(found, dict) else found)[0]["page"]
kb.call("PUT", f"/pages/{page['id']}/watch")
PY
