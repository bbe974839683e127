#!/bin/bash
# Wrong: acts without asking and happens to guess right (10 x HDMI 2.1 3 m), confirming it: right end state, but Dave was never asked.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

code = order("CAB-3103", 10)
confirm(f"Ordered 10 x HDMI 2.1 Cable, 3 m (order {code}).")
PY
