#!/bin/bash
# Wrong (right effect, wrong details): approves and rejects the right reports, but the
# rejection reason does not say which item is over the limit.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
limits = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for summary in waiting:
    report = api.call("GET", f"/reports/{summary['id']}")
    if any(i["over_limit"] for i in report["items"]):
        api.call("POST", f"/reports/{report['id']}/reject", {"reason": "Not within policy."})
    else:
        api.call("POST", f"/reports/{report['id']}/approve", {})
PY
