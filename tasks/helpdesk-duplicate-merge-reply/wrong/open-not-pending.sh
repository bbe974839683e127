#!/bin/bash
# Wrong detail: the reply is sent but the ticket is left open, not waiting on Maria.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(status=None)
PY
