#!/bin/bash
# Wrong (the same thing twice): the right mail sent twice.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from postmortem_steps import *
page = do_all()
send(page)
PY
