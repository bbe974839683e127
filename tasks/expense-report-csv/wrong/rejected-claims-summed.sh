#!/bin/bash
# Plausible wrong solution: sums every claim, the rejected ones included.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json

rows = list(csv.DictReader(open("/workspace/environment/expenses.csv", newline="")))
by_category, by_month = {}, {}
for row in rows:
    amount = float(row["amount_eur"])
    by_category[row["category"]] = round(by_category.get(row["category"], 0) + amount, 2)
    by_month[row["date"][:7]] = round(by_month.get(row["date"][:7], 0) + amount, 2)
largest = max(rows, key=lambda r: float(r["amount_eur"]))
json.dump({"by_category": by_category, "by_month": by_month,
           "total": round(sum(float(r["amount_eur"]) for r in rows), 2),
           "largest": largest["description"], "count": len(rows)},
          open("/workspace/output/report.json", "w"))
PY
