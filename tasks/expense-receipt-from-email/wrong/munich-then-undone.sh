#!/bin/bash
# Wrong (done, then undone): first files the invoice in the open Munich draft, deletes it
# there on second thought, then does it right: the end state is clean, the Munich report was
# acted on.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

(munich,) = expense.call("GET", "/reports?status=draft&q=Munich")["items"]
wrong = expense.call("POST", f"/reports/{munich['id']}/items",
                     {"spent_on": "2026-03-05", "merchant": "Hotel Adlon Kempinski",
                      "category": "lodging", "amount": 609.53, "currency": "EUR"})
expense.call("DELETE", f"/reports/{munich['id']}/items/{wrong['id']}")
pdf = invoice("room%20412")
correct_hotel(609.53, "EUR", "2026-03-05")
attach(pdf)
submit()
PY
