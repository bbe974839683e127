#!/bin/bash
# Wrong (the colleague's look-alike): takes the newest invoice mail from the hotel, which is
# the copy for Dave's room 415, and files it as Alice's.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from receipt_steps import *  # noqa: F403 (the steps the wrong solutions share)

pdf = attachment("q=adlon&has_attachment=true&sort=newest")  # the newest: Dave's copy
correct_hotel(406.35, "EUR", "2026-03-04")
attach(pdf)
submit()
PY
