#!/bin/bash
# Wrong (the look-alike index): the page is published under Engineering but listed on the
# Customer Support space's "Incident reports" page.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish()
link(page, SUPPORT_INDEX)
send(page)
PY
