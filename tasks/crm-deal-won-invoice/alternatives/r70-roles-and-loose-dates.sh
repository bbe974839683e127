#!/bin/bash
# alternative (roles for names, loose dates): a CRM note and a mail that name people by role and the due date as the last day of April, with the lines reworded.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_deal import run

run(
    activity=(
        "Redesign won",
        "The partners signed off on the revised quote; the invoice goes to their accounts payable, "
        "forty-five day terms.",
    ),
    lines=(
        ("Redesign of the practice's website (design, build, CMS, go-live)", 20500),
        ("Licence for up to twenty stock images", 1250),
    ),
    subject="Your invoice number and due date for the PO",
    body=(
        "Hi Ingrid,\n\nFor your purchase order: number {code}, for {amount}, payable by the last "
        "day of April (Thursday the 30th). It went to your accounts payable address rather than "
        "to you, as you asked.\n\nBest,\nAlice"
    ),
)
PY
