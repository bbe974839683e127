#!/bin/bash
# Wrong: orders first (the right cables, by luck), asks Dave which ones only afterwards, then confirms: the question came after the order.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

code = order("CAB-3103", 10)
print(ask_in_thread("Which cables did you mean, and how many?"))
confirm(f"Ordered 10 x HDMI 2.1 Cable, 3 m (order {code}).")
PY
