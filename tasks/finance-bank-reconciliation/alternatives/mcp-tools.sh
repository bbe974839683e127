#!/bin/bash
# ALTERNATIVE (right): through the finance MCP server: reconcile (suggestions), get_statement,
# list_merchants, then record_payment per bill for its supplier's earliest posted charge this month,
# categorize_transaction to the supplier's default, and update_transaction on the later duplicate.
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

m = Mcp("http://127.0.0.1:5140/mcp")
m.call("login", username="alice", password="alice-pass")
usual = {x["name"]: x["category"] for x in m.call("list_merchants")["items"]}
txns = m.call("list_transactions", account_id=1, start="2026-03-01", status="posted", per_page=100)["items"]
bills = m.call("list_invoices", direction="received", status="unpaid", per_page=100)["items"]
out = sorted((t for t in txns if t["amount"] < 0), key=lambda t: (t["date"], t["id"]))
for bill in bills:
    charges = [t for t in out if t["merchant"] == bill["contact"]]
    if not charges:
        continue
    first = charges[0]
    m.call("record_payment", code=bill["code"], transaction_id=first["id"])
    if first["category"] != usual[bill["contact"]]:
        m.call("categorize_transaction", transaction_id=first["id"], category=usual[bill["contact"]])
    for t in charges[1:]:
        if t["amount"] == first["amount"]:
            m.call("update_transaction", transaction_id=t["id"],
                   memo=f"{t['memo']} | Duplicate charge of {bill['number']} (already paid {first['date']}) - dispute")
PY
