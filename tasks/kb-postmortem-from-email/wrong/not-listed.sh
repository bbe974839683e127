#!/bin/bash
# Wrong (partial): published and mailed, but not listed on the index.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = publish()
send(page)
PY
