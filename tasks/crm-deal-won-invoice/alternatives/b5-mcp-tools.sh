#!/bin/bash
# ALTERNATIVE (right): everything through the three MCP servers (crm, finance, email tools):
# read Ingrid's latest mail, update_deal to closed won at 21,750, void_invoice the stale draft,
# create_invoice + finalize_invoice to Lindqvist Architects due in 45 days, then reply to her mail.
set -euo pipefail
python3 - <<'PY'
import re, sys
from datetime import date, timedelta
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

crm, fin, mail = (Mcp(f"http://127.0.0.1:{p}/mcp") for p in (5110, 5140, 5001))
for m in (crm, fin, mail):
    m.call("login", username="alice", password="alice-pass")
msgs = mail.call("list_messages", q="redesign", folder="inbox")["items"]
latest = max((x for x in msgs if x["from_address"].startswith("ingrid")), key=lambda x: x["date"])
body = mail.call("get_message", message_id=latest["id"])["body"]
amount = float(re.search(r"USD ([\d,]+)", body).group(1).replace(",", ""))
days = int(re.search(r"(\d+) days", body).group(1))
deals = crm.call("list_deals", q="website redesign", open=True)["items"]
(deal,) = [d for d in deals if d["account_name"] == "Lindqvist Architects"]
crm.call("update_deal", deal_id=deal["id"], stage="closed_won", amount=amount)
for d in fin.call("list_invoices", contact="Lindqvist Architects", status="draft")["items"]:
    fin.call("void_invoice", code=d["code"])
today = date(2026, 3, 16)
inv = fin.call("create_invoice", direction="issued", contact="Lindqvist Architects",
               issued_on=today.isoformat(), due_on=(today + timedelta(days=days)).isoformat(), currency="USD",
               lines=[{"description": "Website redesign: design, build, CMS, launch", "quantity": 1, "unit_price": 20500},
                      {"description": "Stock image licence (up to 20 images)", "quantity": 1, "unit_price": 1250}],
               memo="Net 45")
inv = fin.call("finalize_invoice", code=inv["code"])
assert inv["total"] == amount and inv["status"] == "open", inv
due = date.fromisoformat(inv["due_on"])
mail.call("reply", message_id=latest["id"],
          body=f"Hi Ingrid,\n\nDone: invoice {inv['code']} has been issued to your accounts payable "
               f"for USD {amount:,.0f}, due {due.strftime('%B %-d, %Y')}.\n\nKind regards,\nAlice")
PY
