#!/bin/bash
# Wrong: merges the old ticket into the new one (the reverse of what was asked), then does the
# rest on the newer ticket. The conversation with Carol's note ends up closed.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge(OLDER, NEWER)
set_fields(NEWER, tags=["invoices", "month-end"])
reply(NEWER)
PY
