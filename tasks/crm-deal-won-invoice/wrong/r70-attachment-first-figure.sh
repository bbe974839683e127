#!/bin/bash
# wrong (free text: mail attachment): attaches a summary giving the first proposal's total, twenty-four thousand with the two-day shoot, beside an invoice of 21,750.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(attachment=(
    "summary.txt",
    "Invoice {code}\nWebsite redesign and two-day studio shoot\nTotal: twenty-four thousand US dollars\n",
))
PY
