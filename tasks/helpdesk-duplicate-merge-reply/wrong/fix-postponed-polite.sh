#!/bin/bash
# Opposite, worded politely: the reply names Thursday 12 March and the workaround, but says the
# fix will not ship then and has no date yet.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(text=reply_text(release="I am sorry to say the fix will not ship on Thursday 12 March as we hoped; there is no date yet."))
PY
