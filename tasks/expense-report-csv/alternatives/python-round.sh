#!/bin/bash
# Correct alternative: plain floats but each total rounded to the cent with round(x, 2);
# status compared case-insensitively; relative path from /workspace; sorted keys, no indent.
set -euo pipefail
cd /workspace
mkdir -p output
python3 - <<'PY'
import csv, json
rows = [r for r in csv.DictReader(open("environment/expenses.csv")) if r["status"].lower() == "approved"]
bc, bm = {}, {}
for r in rows:
    bc[r["category"]] = bc.get(r["category"], 0) + float(r["amount_eur"])
    bm[r["date"][:7]] = bm.get(r["date"][:7], 0) + float(r["amount_eur"])
rep = {"by_category": {k: round(v, 2) for k, v in bc.items()}, "by_month": {k: round(v, 2) for k, v in bm.items()},
       "total": round(sum(float(r["amount_eur"]) for r in rows), 2),
       "largest": max(rows, key=lambda r: float(r["amount_eur"]))["description"], "count": len(rows)}
json.dump(rep, open("output/report.json", "w"), sort_keys=True)
print(rep)
PY
