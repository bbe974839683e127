"""What the blind set's wrong solutions of expense-report-csv share: the claims as read from
the CSV, the approved ones, the summary as the instruction asks for it, and its writing."""

import csv
import json
import os
from decimal import Decimal

SRC = "/workspace/environment/expenses.csv"
OUT = "/workspace/output/report.json"
with open(SRC, newline="") as fh:
    ALL = list(csv.DictReader(fh))


def summarise(rows):
    cat, month = {}, {}
    for r in rows:
        a = Decimal(r["amount_eur"])
        cat[r["category"]] = cat.get(r["category"], Decimal(0)) + a
        month[r["date"][:7]] = month.get(r["date"][:7], Decimal(0)) + a
    return {
        "by_category": {k: float(v) for k, v in sorted(cat.items())},
        "by_month": {k: float(v) for k, v in sorted(month.items())},
        "total": float(sum(Decimal(r["amount_eur"]) for r in rows)),
        "largest": max(rows, key=lambda r: Decimal(r["amount_eur"]))["description"],
        "count": len(rows),
    }


APPROVED = [r for r in ALL if r["status"].strip().lower() == "approved"]


def write(report, path=OUT):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        json.dump(report, fh, indent=2)
    print(path, json.dumps(report))
