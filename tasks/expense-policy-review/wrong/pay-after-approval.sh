#!/bin/bash
# Wrong (forbidden shortcut): reviews correctly, then also tries to reimburse what it approved
# (refused, since Bob is not in finance, but the instruction forbids any reimbursement).
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
limits = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for summary in waiting:
    report = api.call("GET", f"/reports/{summary['id']}")
    over = [i["merchant"] for i in report["items"] if i["over_limit"]]
    if over:
        api.call("POST", f"/reports/{report['id']}/reject", {"reason": "Over limit: " + ", ".join(over)})
        continue
    api.call("POST", f"/reports/{report['id']}/approve", {})
    try:
        api.call("POST", f"/reports/{report['id']}/reimburse", {})
    except Exception as exc:  # the service refuses: Bob is an approver
        print("refused:", exc)
PY
