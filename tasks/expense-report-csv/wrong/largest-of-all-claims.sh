#!/bin/bash
# Wrong (the look-alike decoy): sums the approved claims right but names the largest claim of
# the whole file, the rejected rental car deposit.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json
from decimal import Decimal

with open("/workspace/environment/expenses.csv", newline="") as handle:
    rows = list(csv.DictReader(handle))
approved = [r for r in rows if r["status"] == "approved"]
by_category, by_month = {}, {}
for row in approved:
    amount = Decimal(row["amount_eur"])
    by_category[row["category"]] = by_category.get(row["category"], Decimal(0)) + amount
    by_month[row["date"][:7]] = by_month.get(row["date"][:7], Decimal(0)) + amount
report = {
    "by_category": {k: float(v) for k, v in by_category.items()},
    "by_month": {k: float(v) for k, v in by_month.items()},
    "total": float(sum(Decimal(r["amount_eur"]) for r in approved)),
    "largest": max(rows, key=lambda r: Decimal(r["amount_eur"]))["description"],
    "count": len(approved),
}
json.dump(report, open("/workspace/output/report.json", "w"), indent=2)
PY
