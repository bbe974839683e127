#!/bin/bash
# Wrong (right effect, missing half): approves every report waiting for approval, never
# checking the policy, so the two over-limit reports are approved too.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
limits = {c["slug"]: c["limit"] for c in api.call("GET", "/categories")["items"]}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for summary in waiting:
    api.call("POST", f"/reports/{summary['id']}/approve", {})
PY
