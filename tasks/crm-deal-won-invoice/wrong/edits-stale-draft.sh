#!/bin/bash
# WRONG: edits the stale draft INV-0004 to the agreed lines and terms, then sends it: the
# numbers are right, but the draft the instruction says must not go out went out.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import books, LINES, win, tell

win()
books.call("PATCH", "/invoices/INV-0004", {
    "lines": LINES, "issued_on": "2026-03-16", "due_on": "2026-04-30",
    "memo": "Payment due within 45 days of the invoice date.",
})
inv = books.call("POST", "/invoices/INV-0004/finalize")
assert inv["total"] == 21750, inv
tell(inv["code"])
PY
