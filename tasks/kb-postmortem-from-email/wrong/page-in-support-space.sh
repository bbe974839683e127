#!/bin/bash
# Wrong (output in the wrong place): the postmortem published in the Customer Support space,
# under its "Incident reports" page, and listed there.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish(parent=SUPPORT_INDEX, space="SUP")
link(page, SUPPORT_INDEX)
send(page)
PY
