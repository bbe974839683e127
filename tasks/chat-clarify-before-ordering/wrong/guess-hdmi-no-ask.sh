#!/bin/bash
# Wrong: acts without asking: reorders the HDMI 2.1 3 m cables in the quantity of the history (4) and confirms it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

code = order("CAB-3103", 4)
confirm(f"Ordered 4 x HDMI 2.1 Cable, 3 m (order {code}).")
PY
