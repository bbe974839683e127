#!/bin/bash
# Wrong (a note that carries nothing): the call is logged with its length, but the note says only that the call went well.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from crm_steps import *
c = convert()
unqualify()
log_call(c, body='Good call, next steps agreed.')
merge()
PY
