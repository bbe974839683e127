#!/bin/bash
# Wrong (not one mail): a separate mail to Frank and to Grace.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish()
link(page)
send(page, ["frank@example.test"])
send(page, ["grace@example.test"])
PY
