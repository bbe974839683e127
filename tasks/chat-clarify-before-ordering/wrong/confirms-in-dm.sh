#!/bin/bash
# Wrong: asks, orders right, but confirms in a direct message, not in the thread under Dave's message.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
code = order("CAB-3103", 10)
dm = chat.call("POST", "/dms", {"usernames": ["dave"]})
chat.call("POST", f"/conversations/{dm['id']}/messages",
          {"text": f"Ordered 10 x HDMI 2.1 Cable, 3 m (order {code})."})
PY
