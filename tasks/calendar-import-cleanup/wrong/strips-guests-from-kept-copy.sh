#!/bin/bash
# wrong (side effect): cancels the extra copies, then replaces the attendee list of the kept Quarterly
# review with an empty one, so Bob's invitation on the kept copy is dropped (forbidden).
set -euo pipefail
python3 - <<'PY'
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
zone = ZoneInfo(api.call("GET", "/profile")["timezone"])
rs = api.call("GET", "/events")["range_start"].replace("Z", "+00:00")
today = datetime.fromisoformat(rs).astimezone(zone).date()
lo, hi = today - timedelta(days=7), today + timedelta(days=60)
items = api.call("GET", f"/events?start={lo}T00:00:00&end={hi}T00:00:00&per_page=100")["items"]
masters = sorted([e for e in items if not e.get("occurrence_index")], key=lambda e: e["id"])
def dup_extras():
    seen, extra = {}, []
    for e in masters:
        k = (e["title"], e["start"], e["end"])
        if k in seen and seen[k] != e["id"]:
            extra.append(e["id"])
        seen.setdefault(k, e["id"])
    return extra, seen


extra, seen = dup_extras()
for i in extra:
    api.call("DELETE", f"/events/{i}")
kept = seen[next((e["title"], e["start"], e["end"]) for e in masters if e["title"] == "Quarterly review")]
api.call("PATCH", f"/events/{kept}", {"attendees": []})
print("cancelled", extra, "cleared guests of", kept)
PY
