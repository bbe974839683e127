#!/bin/bash
# wrong (free text: mail HTML part): the plain text is right, but the mail's HTML part tells Ingrid twenty-four thousand dollars due by mid-May, the first proposal's figure and a later date than 30 April.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(body_html=(
    "<p>Hi Ingrid,</p><p>Invoice {code} for the website redesign: twenty-four thousand dollars, "
    "due by mid-May.</p><p>Best,<br>Alice</p>"
))
PY
