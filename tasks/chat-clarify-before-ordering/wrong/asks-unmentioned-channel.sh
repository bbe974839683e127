#!/bin/bash
# Wrong: asks in #atlas-launch without mentioning Dave (he does not hear it, no answer comes), then guesses the most recent cables.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

chat.call("POST", f"/conversations/{atlas['id']}/messages",
          {"text": "Which cables do we mean by the usual ones, and how many?"})
code = order("CAB-2102", 6)
confirm(f"Ordered 6 x USB-C to USB-C Cable, 2 m (order {code}).")
PY
