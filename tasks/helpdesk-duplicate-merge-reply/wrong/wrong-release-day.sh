#!/bin/bash
# Wrong detail: the reply gives the fix for Friday 13 March instead of Thursday 12 March.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(text=reply_text(release="Our technical team has found the problem: the fix ships in release 4.2.1 on Friday 13 March."))
PY
