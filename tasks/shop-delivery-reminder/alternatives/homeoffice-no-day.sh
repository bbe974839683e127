#!/bin/bash
# ALT (correct, probe of the title check): 'Home office - desk delivery ORD-204518'.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
def event(title="Desk delivery ORD-204518: stay home to sign", start="2026-03-05", end="2026-03-05", **kw):
    body = {"title": title, "all_day": True, "start_date": start, "end_date": end}
    body.update(kw)
    return cal.call("POST", "/events", body)

event(title="Home office - desk delivery ORD-204518")
PY
