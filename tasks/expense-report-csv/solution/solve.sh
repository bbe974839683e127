#!/bin/bash
# Reference solution of expense-report-csv: sum the approved claims with exact decimals.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json
from decimal import Decimal

with open("/workspace/environment/expenses.csv", newline="") as handle:
    rows = [r for r in csv.DictReader(handle) if r["status"].strip().lower() == "approved"]
by_category, by_month = {}, {}
for row in rows:
    amount = Decimal(row["amount_eur"])
    by_category[row["category"]] = by_category.get(row["category"], Decimal(0)) + amount
    month = row["date"][:7]
    by_month[month] = by_month.get(month, Decimal(0)) + amount
largest = max(rows, key=lambda r: Decimal(r["amount_eur"]))
report = {
    "by_category": {k: float(v) for k, v in sorted(by_category.items())},
    "by_month": {k: float(v) for k, v in sorted(by_month.items())},
    "total": float(sum(Decimal(r["amount_eur"]) for r in rows)),
    "largest": largest["description"],
    "count": len(rows),
}
with open("/workspace/output/report.json", "w") as handle:
    json.dump(report, handle, indent=2)
PY
