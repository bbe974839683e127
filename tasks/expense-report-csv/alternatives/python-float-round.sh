#!/bin/bash
# Alternative (different computation): plain csv.reader by column position, float sums rounded
# to the cent with round(x, 2) at the end, categories and months in order of first appearance,
# compact JSON on one line. Same values as the reference.
set -euo pipefail
mkdir -p /workspace/output
python3 - <<'PY'
import csv
import json
from collections import defaultdict

with open("/workspace/environment/expenses.csv", newline="") as fh:
    rows = list(csv.reader(fh))
header, body = rows[0], rows[1:]
col = {name.strip(): i for i, name in enumerate(header)}
ok = [r for r in body if r[col["status"]].strip().casefold() == "approved"]
cats, months = defaultdict(float), defaultdict(float)
for r in ok:
    amount = float(r[col["amount_eur"]])
    cats[r[col["category"]]] += amount
    months[r[col["date"]][:7]] += amount
best = max(ok, key=lambda r: float(r[col["amount_eur"]]))
report = {
    "by_category": {k: round(v, 2) for k, v in cats.items()},
    "by_month": {k: round(v, 2) for k, v in months.items()},
    "total": round(sum(float(r[col["amount_eur"]]) for r in ok), 2),
    "largest": best[col["description"]],
    "count": len(ok),
}
with open("/workspace/output/report.json", "w") as fh:
    json.dump(report, fh, separators=(",", ":"))
print(json.dumps(report))
PY
