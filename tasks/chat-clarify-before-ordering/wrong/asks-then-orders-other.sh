#!/bin/bash
# Wrong: asks, then orders the other reading (USB-C 2 m) in Dave's quantity.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
code = order("CAB-2102", 10)
confirm(f"Ordered 10 x USB-C to USB-C Cable, 2 m (order {code}).")
PY
