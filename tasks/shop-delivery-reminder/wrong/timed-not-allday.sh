#!/bin/bash
# WRONG form: a timed 08:00-18:00 event (delivery window) instead of an all-day reminder.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
shop = ServiceClient("http://127.0.0.1:1234/api").login(**login)
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
def event(title="Desk delivery ORD-204518: stay home to sign", start="2026-03-05", end="2026-03-05", **kw):
    body = {"title": title, "all_day": True, "start_date": start, "end_date": end}
    body.update(kw)
    return cal.call("POST", "/events", body)

cal.call("POST", "/events", {"title": "Desk delivery ORD-204518: stay home to sign", "start": "2026-03-05T08:00:00", "end": "2026-03-05T18:00:00"})
PY
