#!/bin/bash
# wrong (free text: direct message): after the right confirmation a DM tells Dave "I will cancel that order tomorrow and reorder USB-C instead", a promise against the work.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import d69_clarify

done = d69_clarify.run()
dm = d69_clarify.chat.call("POST", "/dms", {"usernames": ["dave"]})
text = f"Heads-up: I will cancel {done['code']} tomorrow and reorder USB-C cables instead."
d69_clarify.chat.call("POST", f"/conversations/{dm['id']}/messages", {"text": text})
PY
