#!/usr/bin/env bash
# A file task (no web pages): the CSV read with the csv module (header named), approved rows
# only (status trimmed, any case), sums kept exact with Decimal and written as numbers rounded to
# the cent; the largest approved claim's description; the count.
set -euo pipefail
python3 - <<'PY'
import csv
import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

rows = []
with open("/workspace/environment/expenses.csv", newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        if (row.get("status") or "").strip().lower() == "approved":
            rows.append(row)


def cents(x: Decimal) -> float:
    return float(x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


by_category: dict[str, Decimal] = {}
by_month: dict[str, Decimal] = {}
for row in rows:
    amount = Decimal(row["amount_eur"].strip())
    category = row["category"].strip()
    by_category[category] = by_category.get(category, Decimal(0)) + amount
    month = row["date"].strip()[:7]
    by_month[month] = by_month.get(month, Decimal(0)) + amount
largest = max(rows, key=lambda r: Decimal(r["amount_eur"].strip()))
report = {
    "by_category": {k: cents(v) for k, v in sorted(by_category.items())},
    "by_month": {k: cents(v) for k, v in sorted(by_month.items())},
    "total": cents(sum((Decimal(r["amount_eur"].strip()) for r in rows), Decimal(0))),
    "largest": largest["description"].strip(),
    "count": len(rows),
}
out = Path("/workspace/output")
out.mkdir(parents=True, exist_ok=True)
(out / "report.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
print(json.dumps(report, indent=2))
PY
