#!/bin/bash
# wrong (free text: confirmation reply to Dana): says "glad your first pick still stands", though she withdrew it and the call is at her second time
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(confirm="Hi Dana,\n\nGlad your first pick still stands, so nothing moves on my side. The invitation is on its way.\n\nAlice")
PY
