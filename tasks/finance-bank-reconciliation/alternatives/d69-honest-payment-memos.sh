#!/bin/bash
# alternative (accurate payment memos): the right actions, and each matched payment's memo says which bill it pays (the Orbit deposit as a part payment).
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_recon import Texts, solve

solve(Texts(payment_memos={
    "BP-7731": "{memo} - pays {number}",
    "LE-883120": "{memo} - pays {number}",
    "OOF-5520": "{memo} - deposit on {number}: USD 930.00 of 1,860.00, the rest still due",
}))
PY
