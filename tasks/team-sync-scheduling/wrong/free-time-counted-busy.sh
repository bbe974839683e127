#!/bin/bash
# Wrong (the look-alike decoy): counts Carol's "Writing time" (marked free) as busy, so the
# first slot it finds is 16:00 Paris, after Bob's London afternoon; it does retry on 503.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

cal = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
GUESTS = [{"username": "bob"}, {"username": "carol"}]
cal.call("POST", "/events", {"title": "Team sync", "start": "2026-03-03T16:00:00",
                             "end": "2026-03-03T16:45:00", "attendees": GUESTS})
PY
