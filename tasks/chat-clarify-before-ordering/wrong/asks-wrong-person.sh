#!/bin/bash
# Wrong: asks Frank in a direct message which cables Dave means (no answer), then guesses the HDMI cables in the old quantity.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

dm = chat.call("POST", "/dms", {"usernames": ["frank"]})
chat.call("POST", f"/conversations/{dm['id']}/messages",
          {"text": "Which cables does Dave mean for the launch, and how many?"})
code = order("CAB-3103", 4)
confirm(f"Ordered 4 x HDMI 2.1 Cable, 3 m (order {code}).")
PY
