#!/bin/bash
# ALT (correct): reads the shop and mail through their APIs, creates the all-day event with the calendar MCP tool, different wording.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
login = {"username": "alice", "password": "alice-pass"}
shop = ServiceClient("http://127.0.0.1:1234/api").login(**login)
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
def event(title="Desk delivery ORD-204518: stay home to sign", start="2026-03-05", end="2026-03-05", **kw):
    body = {"title": title, "all_day": True, "start_date": start, "end_date": end}
    body.update(kw)
    return cal.call("POST", "/events", body)

import asyncio
from mcp import Client
async def main():
    async with Client("http://127.0.0.1:5006/mcp") as c:
        r = await c.call_tool("login", {"username": "alice", "password": "alice-pass"})
        r = await c.call_tool("create_event", {"title": "Home office day - Ergolift standing desk delivery, order ORD-204518 (sign for it)", "all_day": True, "start_date": "2026-03-05", "end_date": "2026-03-05"})
        assert not r.is_error, r.content[0].text
asyncio.run(main())
PY
