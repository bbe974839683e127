#!/bin/bash
# wrong (another month): right decisions, but the Berlin approval note places the trip in January (its items are from February)
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import review


def note(r):
    if r["code"] == "EXP-2001":
        return "Approved: the January Berlin customer visit is within policy."
    return None


review(note=note)
PY
