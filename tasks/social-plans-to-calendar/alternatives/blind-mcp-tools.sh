#!/bin/bash
# ALT (correct): the same outcome through both services' MCP tools (streamable HTTP /mcp),
# reading the conversations first; reply wording differs from the reference.
set -euo pipefail
python3 - <<'PY'
import asyncio
from mcp import Client
PLANS = {
    "bob": ("Jazz night at the Blue Note", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": ("Birthday brunch", "Café Lumière", "2026-03-08T11:30:00Z", "2026-03-08T13:30:00Z"),
    "erin": ("Book club at Erin's", "Erin's place, 14 Elm Street", "2026-03-12T19:00:00Z", "2026-03-12T21:00:00Z"),
}
async def main():
    async with Client("http://127.0.0.1:5006/mcp") as cal, Client("http://127.0.0.1:5008/mcp") as soc:
        async def call(c, tool, **a):
            for _ in range(10):
                r = await c.call_tool(tool, a)
                if r.is_error and ("503" in r.content[0].text or "unavailable" in r.content[0].text.lower()):
                    await asyncio.sleep(1.2); continue
                if r.is_error:
                    raise SystemExit(f"{tool}: {r.content[0].text}")
                return r.structured_content
            raise SystemExit(tool + " kept failing")
        await call(cal, "login", username="alice", password="alice-pass")
        await call(soc, "login", username="alice", password="alice-pass")
        for f in PLANS:
            await call(soc, "conversation", username=f, per_page=100)
        for f, (t, p, s, e) in PLANS.items():
            await call(cal, "create_event", title=t, location=p, start=s, end=e)
            await call(soc, "send_message", username=f, text=f"Just put it in my calendar: {t}. Looking forward to it!")
asyncio.run(main())
PY
