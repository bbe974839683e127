#!/bin/bash
# Wrong: asks, then orders both usual kinds to be safe (the HDMI ones as answered and the USB-C ones too).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
first = order("CAB-3103", 10)
second = order("CAB-2102", 6)
confirm(f"Ordered 10 x HDMI 2.1 Cable, 3 m (order {first}).")
PY
