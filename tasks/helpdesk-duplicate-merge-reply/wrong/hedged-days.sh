#!/bin/bash
# Vague: the reply does not commit to a day ("this week, Wednesday or Friday").
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(text=reply_text(release="The fix should go out this week, Wednesday or Friday."))
PY
