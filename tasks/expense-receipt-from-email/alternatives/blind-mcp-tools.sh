#!/bin/bash
# Correct alternative: all over MCP: mail's list_messages/get_message/get_attachment to read the
# PDF invoices, picks Alice's March one, then expense's update_item, add_receipt, submit_report.
set -euo pipefail
python3 - <<'PY'
import base64, re
from datetime import datetime
import json, time, urllib.request, urllib.error
class Mcp:
    def __init__(self, base):
        self.url = base.rstrip("/") + "/mcp"; self.sid = None; self.n = 0
        r = self.rpc("initialize", {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
        self.notify("notifications/initialized")
    def _post(self, msg):
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid: h["Mcp-Session-Id"] = self.sid
        req = urllib.request.Request(self.url, data=json.dumps(msg).encode(), headers=h, method="POST")
        with urllib.request.urlopen(req, timeout=30) as resp:
            sid = resp.headers.get("Mcp-Session-Id")
            if sid: self.sid = sid
            raw = resp.read().decode()
        if not raw: return None
        if raw.startswith("event:") or raw.startswith("data:"):
            raw = "\n".join(l[5:] for l in raw.splitlines() if l.startswith("data:"))
        return json.loads(raw)
    def notify(self, method):
        try: self._post({"jsonrpc": "2.0", "method": method})
        except Exception: pass
    def rpc(self, method, params):
        self.n += 1
        r = self._post({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        if "error" in r: raise RuntimeError(r["error"])
        return r["result"]
    def tool(self, name, args=None, tries=10):
        for i in range(tries):
            res = self.rpc("tools/call", {"name": name, "arguments": args or {}})
            txt = "".join(c.get("text", "") for c in res.get("content", []))
            if res.get("isError"):
                if any(s in txt for s in ("rate", "429", "503", "unavailable", "Too many", "too many")) and i < tries - 1:
                    time.sleep(1.5); continue
                raise RuntimeError(f"{name}: {txt}")
            if res.get("structuredContent") is not None: return res["structuredContent"]
            try: return json.loads(txt)
            except Exception: return txt
mail = Mcp("http://127.0.0.1:5001"); mail.tool("login", {"username": "alice", "password": "alice-pass"})
ex = Mcp("http://127.0.0.1:5005"); ex.tool("login", {"username": "alice", "password": "alice-pass"})
et = {t["name"]: list(t["inputSchema"]["properties"]) for t in ex.rpc("tools/list", {})["tools"]}
mt = {t["name"]: list(t["inputSchema"]["properties"]) for t in mail.rpc("tools/list", {})["tools"]}
print(et["update_item"], et["add_receipt"], et["submit_report"], mt["get_attachment"])
def lines_of(pdf):
    return [re.sub(r"\\(.)", r"\1", t.decode("latin-1")) for t in re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", pdf)]
found = mail.tool("list_messages", {"q": "adlon", "has_attachment": True, "per_page": 100})["items"]
pick = None
for s in found:
    msg = mail.tool("get_message", {"message_id": s["id"]})
    for a in msg["attachments"]:
        att = mail.tool("get_attachment", {"message_id": msg["id"], "attachment_id": a["id"]})
        ls = lines_of(base64.b64decode(att["content_base64"]))
        txt = "\n".join(ls)
        d = datetime.strptime(re.search(r"Invoice date: (.+)", txt)[1].strip(), "%d %B %Y").date()
        if "Alice Martin" in txt and d.month == 3: pick = (att, txt, d)
att, txt, d = pick
cur, total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d.]+)", txt).groups()
reps = ex.tool("list_reports", {"status": "draft", "q": "ITB"})["items"]
rep = ex.tool("get_report", {"report_id": reps[0]["id"]})
item = next(i for i in rep["items"] if "adlon" in i["merchant"].lower())
ex.tool("update_item", {"report_id": rep["id"], "item_id": item["id"], "amount": float(total), "currency": cur, "spent_on": d.isoformat(), "category": "lodging", "description": "3 nights incl. city tax, invoice ADL-2026-58213"})
ex.tool("add_receipt", {"report_id": rep["id"], "item_id": item["id"], "filename": att["filename"], "content_type": att["content_type"], "content_base64": att["content_base64"]})
print(ex.tool("submit_report", {"report_id": rep["id"]})["status"])
PY
