#!/bin/bash
# Plausible wrong solution: takes the shipping day (the order's shipped_at, today) for the
# delivery day.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

SHOP, CAL = "http://127.0.0.1:1234/api", "http://127.0.0.1:5006/api"

login = {"username": "alice", "password": "alice-pass"}
shop = ServiceClient(SHOP).login(**login)
cal = ServiceClient(CAL).login(**login)
code = shop.call("GET", "/orders?status=shipped")["items"][0]["code"]
order = shop.call("GET", f"/orders/{code}")
day = next(e["at"] for e in order["events"] if e["status"] == "shipped")[:10]
cal.call("POST", "/events", {"title": f"Delivery {order['code']}", "all_day": True,
                                  "start_date": day, "end_date": day})
PY
