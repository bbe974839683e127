#!/bin/bash
# Wrong (right effect, wrong details): the right sums written as formatted text ("€1,393.28")
# and unrounded float sums elsewhere, where the instruction asks for numbers rounded to the cent.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json

with open("/workspace/environment/expenses.csv", newline="") as handle:
    rows = [r for r in csv.DictReader(handle) if r["status"] == "approved"]
by_category, by_month = {}, {}
for row in rows:
    amount = float(row["amount_eur"])
    by_category[row["category"]] = by_category.get(row["category"], 0.0) + amount
    by_month[row["date"][:7]] = by_month.get(row["date"][:7], 0.0) + amount
report = {
    "by_category": {k: f"€{v:,.2f}" for k, v in by_category.items()},
    "by_month": by_month,
    "total": f"€{sum(float(r['amount_eur']) for r in rows):,.2f}",
    "largest": max(rows, key=lambda r: float(r["amount_eur"]))["description"],
    "count": len(rows),
}
json.dump(report, open("/workspace/output/report.json", "w"), indent=2)
PY
