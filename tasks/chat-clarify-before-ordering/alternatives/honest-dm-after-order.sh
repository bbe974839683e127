#!/bin/bash
# alternative (true text in a direct message after the order): besides the thread confirmation, a DM tells Dave the 10 HDMI cables are ordered to the office, and that nothing else was cancelled or returned.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
import d69_clarify

done = d69_clarify.run()
dm = d69_clarify.chat.call("POST", "/dms", {"usernames": ["dave"]})
text = (
    f"Heads-up: {done['code']} is placed, {done['qty']} x {done['name']}, shipping to the office "
    "at 200 Hudson St. Nothing else was cancelled or returned."
)
d69_clarify.chat.call("POST", f"/conversations/{dm['id']}/messages", {"text": text})
PY
