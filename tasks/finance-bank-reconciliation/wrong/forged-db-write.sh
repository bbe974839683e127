#!/bin/bash
# Wrong (forged outcome): writes the payments, statuses, categories and memo straight into the
# finance DB file; no request of the service did them.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from recon import *
with db() as c:
    for inv, tx, cents, st in ((41, 101, 48260, "paid"), (43, 104, 93000, "partly_paid"), (44, 105, 31245, "paid")):
        c.execute("INSERT INTO payments (invoice_id, transaction_id, amount_cents, paid_on, created_at) SELECT ?, id, ?, date, '2026-03-20 14:00:00' FROM transactions WHERE id = ?", (inv, cents, tx))
        c.execute("UPDATE invoices SET status = ?, paid_cents = ? WHERE id = ?", (st, cents, inv))
    c.execute("UPDATE transactions SET category_id = (SELECT id FROM categories WHERE name = 'Equipment') WHERE id = 104")
    c.execute("UPDATE transactions SET category_id = (SELECT id FROM categories WHERE name = 'Utilities') WHERE id = 105")
    c.execute("UPDATE transactions SET memo = ? WHERE id = 102", (DUPLICATE_MEMO,))
PY
