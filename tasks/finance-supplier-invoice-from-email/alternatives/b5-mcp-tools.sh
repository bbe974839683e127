#!/bin/bash
# ALTERNATIVE (right): through the finance and email MCP servers: list_messages / get_message /
# get_attachment to read NP-2318, create_invoice as a draft then finalize_invoice (approve),
# add_transaction out of Business Checking, record_payment, and reply to the invoice mail.
set -euo pipefail
python3 - <<'PY'
import base64, re, sys
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

mail, fin = Mcp("http://127.0.0.1:5001/mcp"), Mcp("http://127.0.0.1:5140/mcp")
for m in (mail, fin):
    m.call("login", username="alice", password="alice-pass")
msgs = mail.call("list_messages", q="spring catalogue", has_attachment=True)["items"]
msg = mail.call("get_message", message_id=msgs[0]["id"])
att = mail.call("get_attachment", message_id=msg["id"], attachment_id=msg["attachments"][0]["id"])
text = base64.b64decode(att["content_base64"]).decode()
assert "NP-2318" in text and "1,274.40" in text, text
accounts = fin.call("list_accounts")
checking = next(a for a in (accounts["items"] if isinstance(accounts, dict) else accounts) if a["name"] == "Business Checking")
bill = fin.call("create_invoice", direction="received", contact="Northside Print Co.", number="NP-2318",
                issued_on="2026-03-17", due_on="2026-04-07", currency="USD",
                lines=[{"description": "Spring catalogue print run, 1,500 copies", "quantity": 1, "unit_price": 1185.00},
                       {"description": "Rush proofing, 2 rounds", "quantity": 1, "unit_price": 89.40}],
                memo="Spring catalogue")
bill = fin.call("finalize_invoice", code=bill["code"])
txn = fin.call("add_transaction", account_id=checking["id"], amount=-1274.40, merchant="Northside Print Co.",
               category="Printing", memo="Transfer to Northside Print, ref NP-2318")
paid = fin.call("record_payment", code=bill["code"], transaction_id=txn["id"])
assert paid["status"] == "paid", paid
mail.call("reply", message_id=msg["id"], body=(
    "Hi,\n\nInvoice NP-2318 is booked and has been paid in full: USD 1,274.40, transferred on "
    "20 March 2026.\n\nKind regards,\nAlice"))
PY
