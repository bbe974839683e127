#!/bin/bash
# ALTERNATIVE (right): the whole job through the CRM's MCP server (/mcp tools login,
# find_duplicates, get_lead, convert_lead, update_lead, log_activity, merge_contacts), in another
# order (Marisol's merge first) and with different wording of the call note.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import sys

m = McpClient("http://127.0.0.1:5110/mcp")
m.call("login", username="alice", password="alice-pass")
# Marisol: keep the oldest (complete) record
(grp,) = m.call("find_duplicates", kind="contacts")["groups"]
people = [m.call("get_contact", contact_id=i) for i in grp["ids"]]
keep = min(people, key=lambda c: c["created_at"])
for p in people:
    if p["id"] != keep["id"]:
        m.call("merge_contacts", contact_id=keep["id"], duplicate_id=p["id"])
# Priya: convert the complete entry, unqualify the other
(grp,) = m.call("find_duplicates", kind="leads")["groups"]
leads = [m.call("get_lead", lead_id=i) for i in grp["ids"]]
full = next(l for l in leads if l["phone"] and l["job_title"])
twin = next(l for l in leads if l["id"] != full["id"])
m.call("update_lead", lead_id=twin["id"], status="unqualified")
conv = m.call("convert_lead", lead_id=full["id"], create_deal=True,
              deal_name="Kestrel Robotics - fleet tracking (3 warehouses)",
              amount=48500, currency="USD", close_date="2026-04-17")
m.call("log_activity", kind="call", subject="Kestrel Robotics accepts the fleet-tracking quote",
       body="Spoke with Priya for half an hour. They accept last week's quote (48,500 USD per year, "
            "three warehouses) and she expects to sign by April 17.",
       contact_id=conv["contact_id"], deal_id=conv["deal_id"], duration_minutes=30)
PY
