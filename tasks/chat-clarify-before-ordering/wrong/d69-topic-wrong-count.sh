#!/bin/bash
# wrong (free text: channel topic): after the right order and confirmation the #atlas-launch topic is set to "Cables: 20 x USB-C ordered", another product and count.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import d69_clarify

done = d69_clarify.run()
channel = done["request"]["conversation_id"]
d69_clarify.chat.call("PATCH", f"/channels/{channel}", {"topic": "Atlas launch. Cables: 20 x USB-C 2 m ordered."})
PY
