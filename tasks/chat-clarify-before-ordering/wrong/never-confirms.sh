#!/bin/bash
# Wrong: asks, orders what Dave answers, never tells him.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
order("CAB-3103", 10)
PY
