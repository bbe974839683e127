#!/bin/bash
# Wrong (wrong dates): the two due dates swapped between the action items.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
do_all(BODY.replace("| Frank | 11 December |", "| Frank | 4 December |").replace("| Grace | 4 December |", "| Grace | 11 December |"))
PY
