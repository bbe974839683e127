#!/bin/bash
# Wrong (look-alike decoy): compares each item's amount in its own currency with the limit,
# so the London hotel (330 GBP, 419.10 USD) looks under the 400 USD lodging limit.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
limits = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for summary in waiting:
    report = api.call("GET", f"/reports/{summary['id']}")
    over = [i["merchant"] for i in report["items"]
            if limits[i["category"]] is not None and i["amount"] > limits[i["category"]]]
    if over:
        api.call("POST", f"/reports/{report['id']}/reject", {"reason": "Over limit: " + ", ".join(over)})
    else:
        api.call("POST", f"/reports/{report['id']}/approve", {})
PY
