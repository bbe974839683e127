#!/bin/bash
# Wrong: asks, announces the order in the thread, and only then places it (the confirmation came before the order).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
confirm("Ordered 10 x HDMI 2.1 Cable, 3 m, order number to follow.")
order("CAB-3103", 10)
PY
