#!/bin/bash
# Correct alternative: over MCP tools, in the other order: first fix yesterday's evening Metformin
# (undo_dose + record_dose skipped), then record_dose taken for each of today's 08:00 doses.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
from datetime import date, timedelta
m = McpClient("http://127.0.0.1:5007/mcp"); m.call("login", username="bob", password="bob-pass")
tl = {t["name"]: list(t["inputSchema"]["properties"]) for t in m.rpc("tools/list", {})["tools"]}
print(tl["medication_schedule"], tl["record_dose"], tl["undo_dose"])
today = m.call("medication_schedule")
Y = (date.fromisoformat(today["day"]) - timedelta(days=1)).isoformat()
for d in m.call("medication_schedule", day=Y)["items"]:
    if d["name"] == "Metformin" and d["time"] == "20:00" and d["status"] != "skipped":
        if d["dose_id"] is not None: m.call("undo_dose", medication_id=d["medication_id"], dose_id=d["dose_id"])
        m.call("record_dose", medication_id=d["medication_id"], day=Y, time="20:00", status="skipped")
for d in today["items"]:
    if d["time"] == "08:00" and d["status"] in ("due", "missed"):
        m.call("record_dose", medication_id=d["medication_id"], time="08:00", status="taken")
PY
