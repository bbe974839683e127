#!/bin/bash
# alternative (MCP channel): through the shop's MCP tools (official mcp SDK over `mock-services mcp
# shop`), finds last month's filters, sets the mug aside with remove_cart_item, adds the filters,
# checks out to Office with the Mastercard, puts the mug back. A tool error saying the service is
# busy/unavailable is waited out and retried; the order list is checked for exactly one new order.
set -euo pipefail
python3 - <<'PY'
import asyncio, re, sys
from mcp import Client, StdioServerParameters

SHOP = StdioServerParameters(command=sys.executable, args=["-m", "mock_services.cli", "mcp", "shop"])
BUSY = re.compile(r"try again|unavailable|too many|rate.limit|busy|429|503|retry", re.I)

async def main():
    async with Client(SHOP) as shop:
        async def call(tool, **args):
            for attempt in range(12):
                r = await shop.call_tool(tool, args)
                if not r.is_error:
                    return r.structured_content
                text = r.content[0].text
                if BUSY.search(text):
                    print(f"{tool}: busy ({text[:80]}), waiting")
                    await asyncio.sleep(1.5)
                    continue
                raise SystemExit(f"{tool}: {text}")
            raise SystemExit(f"{tool}: still busy")
        await call("login", username="alice", password="alice-pass")
        before = {o["code"] for o in (await call("list_orders", per_page=100))["items"]}
        filters = None
        for code in sorted(before):
            o = await call("get_order", code=code)
            if o["placed_at"].startswith("2026-02"):
                for i in o["items"]:
                    if "filter" in i["name"].lower():
                        filters = (i["sku"], i["quantity"])
        print("filters", filters)
        office = next(a for a in (await call("list_addresses"))["items"] if a["label"] == "Office")
        master = next(m for m in (await call("list_payment_methods"))["items"] if m.get("brand") == "Mastercard")
        cart = await call("get_cart")
        saved = [(l["sku"], l["quantity"]) for l in cart["lines"]]
        for line in cart["lines"]:
            await call("remove_cart_item", line_id=line["id"])
        await call("add_cart_item", sku=filters[0], quantity=filters[1])
        try:
            order = await call("checkout", address_id=office["id"], payment_method_id=master["id"])
            print("ordered", order["code"])
        except SystemExit as exc:
            print("checkout said", exc)
        after = {o["code"] for o in (await call("list_orders", per_page=100))["items"]}
        assert len(after - before) == 1, after - before
        for sku, q in saved:
            await call("add_cart_item", sku=sku, quantity=q)

asyncio.run(main())
PY
