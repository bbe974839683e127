#!/bin/bash
# Wrong (right items, wrong people): Grace owns the certificate alerts and Frank the apology.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("| Frank | 11 December |", "| Grace | 11 December |").replace("| Grace | 4 December |", "| Frank | 4 December |"))
PY
