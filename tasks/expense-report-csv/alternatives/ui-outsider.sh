#!/usr/bin/env bash
# No service here: read the claims file with the csv module, keep the approved claims, and sum
# them in integer cents (no float drift), per category and per month.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json
from decimal import Decimal

with open("/workspace/environment/expenses.csv", newline="") as f:
    rows = [r for r in csv.DictReader(f) if r["status"].strip().lower() == "approved"]

def cents(r):
    return int((Decimal(r["amount_eur"].strip()) * 100).to_integral_value())

by_category, by_month = {}, {}
for r in rows:
    by_category[r["category"]] = by_category.get(r["category"], 0) + cents(r)
    month = r["date"].strip()[:7]
    by_month[month] = by_month.get(month, 0) + cents(r)
largest = max(rows, key=cents)
report = {
    "by_category": {k: v / 100 for k, v in by_category.items()},
    "by_month": {k: v / 100 for k, v in sorted(by_month.items())},
    "total": sum(cents(r) for r in rows) / 100,
    "largest": largest["description"],
    "count": len(rows),
}
with open("/workspace/output/report.json", "w") as f:
    json.dump(report, f, indent=2)
print(json.dumps(report, indent=2))
PY
