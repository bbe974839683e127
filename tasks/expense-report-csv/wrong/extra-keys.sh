#!/bin/bash
# Wrong (more than asked): the right figures, plus a currency, the list of approved claims and
# a note, where the instruction asks for exactly five keys.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json
from decimal import Decimal

with open("/workspace/environment/expenses.csv", newline="") as handle:
    rows = [r for r in csv.DictReader(handle) if r["status"] == "approved"]
by_category, by_month = {}, {}
for row in rows:
    amount = Decimal(row["amount_eur"])
    by_category[row["category"]] = by_category.get(row["category"], Decimal(0)) + amount
    by_month[row["date"][:7]] = by_month.get(row["date"][:7], Decimal(0)) + amount
report = {
    "by_category": {k: float(v) for k, v in by_category.items()},
    "by_month": {k: float(v) for k, v in by_month.items()},
    "total": float(sum(Decimal(r["amount_eur"]) for r in rows)),
    "largest": max(rows, key=lambda r: Decimal(r["amount_eur"]))["description"],
    "count": len(rows),
    "currency": "EUR",
    "claims": rows,
    "note": "All figures verified against the approved claims.",
}
json.dump(report, open("/workspace/output/report.json", "w"), indent=2)
PY
