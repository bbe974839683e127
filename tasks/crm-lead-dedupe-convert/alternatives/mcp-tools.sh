#!/bin/bash
# Correct alternative (MCP tools over streamable HTTP at /mcp, another order, other wording):
# merges Marisol first, finds Priya's two entries by searching her name, converts the one with a
# phone and title, then logs the call with "$48.5k" and "April 17", and unqualifies the misspelt
# entry last with a note saying why.
set -euo pipefail
python3 - <<'PY'
import asyncio

from mcp import Client


async def main() -> None:
    async with Client("http://127.0.0.1:5110/mcp") as crm:

        async def call(tool, **arguments):
            result = await crm.call_tool(tool, arguments)
            if result.is_error:
                raise SystemExit(f"{tool}: {result.content[0].text}")
            return result.structured_content

        await call("login", username="alice", password="alice-pass")
        groups = (await call("find_duplicates", kind="contacts"))["groups"]
        (group,) = [g for g in groups if "Marisol Vega" in g["names"]]
        people = [await call("get_contact", contact_id=i) for i in group["ids"]]
        people.sort(key=lambda c: c["created_at"])
        original, *copies = people
        for copy in copies:
            await call("merge_contacts", contact_id=original["id"], duplicate_id=copy["id"])

        leads = (await call("list_leads", q="Kestrel"))["items"]
        full = next(lead for lead in leads if lead["phone"] and lead["job_title"])
        other = next(lead for lead in leads if lead["id"] != full["id"])
        done = await call("convert_lead", lead_id=full["id"], create_deal=True,
                          amount=48500, currency="USD", close_date="2026-04-17",
                          deal_name="Kestrel Robotics - warehouse fleet tracking")
        await call("log_activity", kind="call", subject="Kestrel Robotics: go-ahead",
                   body="Priya confirmed: three warehouses, $48.5k per year, signature "
                        "expected by April 17.",
                   contact_id=done["contact_id"], deal_id=done["deal_id"],
                   duration_minutes=30)
        await call("update_lead", lead_id=other["id"], status="unqualified",
                   notes="Duplicate entry (badge scan); converted from the referral lead.")


asyncio.run(main())
PY
