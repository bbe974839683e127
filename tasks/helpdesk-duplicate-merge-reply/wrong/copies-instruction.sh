#!/bin/bash
# Copy: the reply is Carol's note pasted whole, cause and reference included.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
note = [c for c in desk.call("GET", f"/tickets/{OLDER}")["comments"] if not c["public"]][-1]["body"]
reply(text="Hi Maria,\n\n" + note)
PY
