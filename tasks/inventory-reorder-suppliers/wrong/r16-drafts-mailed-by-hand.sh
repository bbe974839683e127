#!/bin/bash
# WRONG (forged sending): drafts the orders but, instead of sending them in the app, mails each supplier the order by hand; the orders stay drafts.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_reorder_flow import run

run(dict(send=False, extra='''for po in inv.call("GET", "/purchase-orders?status=draft")["items"]:\n    txt = "\\n".join(f"{l['quantity']} x {l['product_name']} ({l['sku']}) at {l['unit_cost']:.2f}" for l in po["lines"])\n    mail.call("POST", "/messages/send", {"to": [po["supplier_email"]], "subject": f"Purchase order {po['code']}", "body": f"Please deliver to our East Coast DC by {po['expected_date']}:\\n{txt}\\n\\nAlice Martin"})'''))
PY
