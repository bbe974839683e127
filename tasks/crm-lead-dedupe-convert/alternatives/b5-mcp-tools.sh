#!/bin/bash
# ALTERNATIVE (right): the whole job through the CRM's MCP server (/mcp tools login,
# find_duplicates, get_lead, convert_lead, update_lead, log_activity, merge_contacts), in another
# order (Marisol's merge first) and with different wording of the call note.
set -euo pipefail
python3 - <<'PY'
import sys
import json, urllib.request

class Mcp:
    def __init__(self, url):
        self.url, self.sid, self.n = url, None, 0
        self.rpc("initialize", {"protocolVersion": "2025-03-26", "capabilities": {},
                                "clientInfo": {"name": "blind-alt", "version": "1"}})
        self.notify("notifications/initialized")

    def _post(self, payload):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid:
            headers["Mcp-Session-Id"] = self.sid
        req = urllib.request.Request(self.url, json.dumps(payload).encode(), headers)
        with urllib.request.urlopen(req) as r:
            self.sid = r.headers.get("Mcp-Session-Id") or self.sid
            text = r.read().decode()
        if not text.strip():
            return None
        if text.lstrip().startswith("{"):
            return json.loads(text)
        for line in text.splitlines():  # SSE
            if line.startswith("data:"):
                return json.loads(line[5:])

    def notify(self, method, params=None):
        self._post({"jsonrpc": "2.0", "method": method, **({"params": params} if params else {})})

    def rpc(self, method, params):
        self.n += 1
        out = self._post({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        if "error" in out:
            raise RuntimeError(out["error"])
        return out["result"]

    def tools(self):
        return [t["name"] for t in self.rpc("tools/list", {})["tools"]]

    def call(self, name, **args):
        res = self.rpc("tools/call", {"name": name, "arguments": args})
        if res.get("isError"):
            raise RuntimeError(f"{name}: {res}")
        if "structuredContent" in res and res["structuredContent"] is not None:
            sc = res["structuredContent"]
            return sc.get("result", sc) if isinstance(sc, dict) and set(sc) == {"result"} else sc
        text = "".join(c.get("text", "") for c in res.get("content", []))
        try:
            return json.loads(text)
        except Exception:
            return text

m = Mcp("http://127.0.0.1:5110/mcp")
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
