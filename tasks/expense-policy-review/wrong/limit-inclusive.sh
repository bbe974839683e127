#!/bin/bash
# Wrong (right effect, wrong details): treats an item exactly at the limit as over it, so the
# 250.00 client dinner (limit 250.00) is rejected.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
limits = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for summary in waiting:
    report = api.call("GET", f"/reports/{summary['id']}")
    over = [i["merchant"] for i in report["items"]
            if limits[i["category"]] is not None and i["base_amount"] >= limits[i["category"]]]
    if over:
        api.call("POST", f"/reports/{report['id']}/reject", {"reason": "Over limit: " + ", ".join(over)})
    else:
        api.call("POST", f"/reports/{report['id']}/approve", {})
PY
