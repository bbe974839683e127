#!/bin/bash
# ALT (correct): through the kb and email MCP tools: create the postmortem page (published), append the
# link to the Engineering index (at the top of the list, as "newest first"), mail Frank and Grace.
set -euo pipefail
python3 - <<'PY'
import json, urllib.request
class MCP:
    def __init__(self, url):
        self.url, self.sid, self.n = url, None, 0
        self.rpc("initialize", {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})
        self.rpc("notifications/initialized", None, notify=True)
    def rpc(self, method, params, notify=False):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None: msg["params"] = params
        if not notify:
            self.n += 1; msg["id"] = self.n
        h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.sid: h["Mcp-Session-Id"] = self.sid
        r = urllib.request.urlopen(urllib.request.Request(self.url, json.dumps(msg).encode(), h))
        self.sid = r.headers.get("Mcp-Session-Id") or self.sid
        raw = r.read().decode()
        if notify or not raw.strip(): return None
        if raw.lstrip().startswith("{"): return json.loads(raw)
        for line in raw.splitlines():
            if line.startswith("data:"): return json.loads(line[5:])
    def tool(self, name, **args):
        res = self.rpc("tools/call", {"name": name, "arguments": args})
        if "error" in res: raise RuntimeError(res["error"])
        r = res["result"]
        if r.get("isError"): raise RuntimeError(r)
        if "structuredContent" in r: return r["structuredContent"]
        t = r["content"][0]["text"]
        try: return json.loads(t)
        except Exception: return t
    def tools(self):
        return self.rpc("tools/list", {})["result"]["tools"]
    def call(self, name, pid=None, **args):
        if not hasattr(self, "_schemas"):
            self._schemas = {t["name"]: t["inputSchema"] for t in self.tools()}
        sch = self._schemas[name]
        if pid is not None:
            miss = [k for k in sch.get("required", []) if k not in args]
            key = miss[0] if miss else [k for k in sch["properties"] if "id" in k][0]
            args[key] = pid
        return self.tool(name, **args)
kb = MCP("http://127.0.0.1:5130/mcp"); kb.tool("login", username="alice", password="alice-pass")
em = MCP("http://127.0.0.1:5001/mcp"); em.tool("login", username="alice", password="alice-pass")
BODY = """# Postmortem: checkout payment failures 1 December

## Summary
Card payments at checkout failed from 09:14 to 10:52 UTC on 1 December: the payments gateway answered 502.

## Timeline (UTC)
- 09:14 TLS certificate of pay-gw.internal expires, failures begin
- 10:40 load balancer rollback, no effect
- 10:47 certificate renewed
- 10:52 errors stop

## Root cause
The payments gateway's TLS certificate (pay-gw.internal) expired; the load balancer change was not involved.

## Impact
1,312 checkouts failed; no double charges.

## Action items
| what | owner | due |
|---|---|---|
| certificate expiry alerts 30 days ahead for all internal certificates | Frank | 11 December |
| apology and 10% voucher to affected customers | Grace | 4 December |
"""
pages = kb.call("list_pages", space="ENG", per_page=100)
idx = [p for p in pages["items"] if p["title"] == "Incident reports"][0]
page = kb.call("create_page", space="ENG", parent_id=idx["id"], title="Postmortem: checkout payment failures 1 December", body=BODY, labels=["postmortem", "checkout"])
cur = kb.call("get_page", idx["id"])["body"]
new = cur.replace("- [[Postmortem: checkout outage 12 November]]", "- [[Postmortem: checkout payment failures 1 December]]\n- [[Postmortem: checkout outage 12 November]]", 1)
assert new != cur
kb.call("update_page", idx["id"], body=new)
names = [t["name"] for t in em.tools()]
SEND = "send_message" if "send_message" in names else [n for n in names if "send" in n][0]
em.tool(SEND, to=["frank@example.test", "grace@example.test"], subject="Postmortem of Tuesday's payment failures", body=f"Hi both,\n\nHere it is: http://localhost:5130/pages/{page['id']}\n\nAlice")
PY
