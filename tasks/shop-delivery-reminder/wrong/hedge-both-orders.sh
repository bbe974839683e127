#!/bin/bash
# HEDGING: title names both shipped/pending order numbers, 'Deliveries ORD-204518 / ORD-204602: work from home'.
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

event(title="Deliveries ORD-204518 / ORD-204602: work from home")
PY
