#!/bin/bash
# Reference solution of expense-policy-review: for each submitted report of the team, reject it
# naming the merchants of its over-limit items (the service flags them in the base currency),
# else approve it.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for summary in waiting:
    report = api.call("GET", f"/reports/{summary['id']}")
    over = [item["merchant"] for item in report["items"] if item["over_limit"]]
    if over:
        reason = "Over the category limit: " + ", ".join(over)
        api.call("POST", f"/reports/{report['id']}/reject", {"reason": reason})
    else:
        api.call("POST", f"/reports/{report['id']}/approve", {})
    print(report["code"], "rejected" if over else "approved")
PY
