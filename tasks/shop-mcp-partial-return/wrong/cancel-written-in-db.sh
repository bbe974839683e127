#!/bin/bash
# Wrong (output written to fool the grader: the cancellation written into the DB file),
# through the shop's MCP tools over stdio, like the reference solution.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from shop_mcp import alices_orders, run


async def steps(call):
    delivered, cables, paid, shipped, one_pack = await alices_orders(call)
    await call("request_return", code=delivered["code"], reason="broken", items=one_pack,
               refund_method="store_credit")
    import sqlite3

    try:  # the no-Docker runner runs the agent as root; in a task image the DB is not writable
        with sqlite3.connect("/var/lib/mock-data/shop.db", timeout=10) as db:
            db.execute("UPDATE orders SET status = 'cancelled' WHERE code = ?", (paid["code"],))
    except sqlite3.Error as exc:
        print("cannot write the shop DB:", exc)


run(steps)
PY
