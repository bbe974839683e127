#!/bin/bash
# Wrong: asks, never reads the answer (acts on the state before it) and orders the most recent cables in the old quantity.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

chat.call("POST", f"/messages/{request['id']}/replies", {"text": "Which cables, and how many?"})
code = order("CAB-2102", 6)
confirm(f"Ordered 6 x USB-C to USB-C Cable, 2 m (order {code}).")
PY
