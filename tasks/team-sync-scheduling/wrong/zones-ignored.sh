#!/bin/bash
# Plausible wrong solution: reads every colleague's times as if they were in Alice's zone
# (Bob's London morning taken as Paris time) and books 10:30; it does retry on 503.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

CAL = "http://127.0.0.1:5006/api"

cal = ServiceClient(CAL).login("alice", "alice-pass")
cal.call("POST", "/events", {"title": "Team sync", "start": "2026-03-03T10:30:00",
                             "end": "2026-03-03T11:15:00",
                             "attendees": [{"username": "bob"}, {"username": "carol"}]})
PY
