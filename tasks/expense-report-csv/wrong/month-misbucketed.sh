#!/bin/bash
# Wrong (right effect, wrong details): buckets each claim by the month of its week's Monday
# (weekly reporting periods), so the claim of Sunday 4 January lands in 2025-12.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json
from datetime import date, timedelta
from decimal import Decimal

with open("/workspace/environment/expenses.csv", newline="") as handle:
    rows = [r for r in csv.DictReader(handle) if r["status"] == "approved"]
by_category, by_month = {}, {}
for row in rows:
    amount = Decimal(row["amount_eur"])
    by_category[row["category"]] = by_category.get(row["category"], Decimal(0)) + amount
    day = date.fromisoformat(row["date"])
    month = (day - timedelta(days=day.weekday())).strftime("%Y-%m")
    by_month[month] = by_month.get(month, Decimal(0)) + amount
report = {
    "by_category": {k: float(v) for k, v in by_category.items()},
    "by_month": {k: float(v) for k, v in sorted(by_month.items())},
    "total": float(sum(Decimal(r["amount_eur"]) for r in rows)),
    "largest": max(rows, key=lambda r: Decimal(r["amount_eur"]))["description"],
    "count": len(rows),
}
json.dump(report, open("/workspace/output/report.json", "w"), indent=2)
PY
