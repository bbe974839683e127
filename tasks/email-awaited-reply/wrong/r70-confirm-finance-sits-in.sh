#!/bin/bash
# wrong (free text: confirmation reply to Dana): says "our finance lead will sit in as well", but only Dana is invited
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nThanks, {when} Eastern it is; the invitation is on its way. Our finance lead will sit in as well.\n\nAlice")
PY
