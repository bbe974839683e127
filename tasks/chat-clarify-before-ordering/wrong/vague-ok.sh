#!/bin/bash
# Wrong: sends Dave a vague 'ok?' (he answers he is not sure what is meant), then guesses the most recent cables.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("@dave ok?"))
code = order("CAB-2102", 6)
confirm(f"Ordered 6 x USB-C to USB-C Cable, 2 m (order {code}).")
PY
