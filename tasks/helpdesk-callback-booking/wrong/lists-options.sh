#!/bin/bash
# Hedge: the reply lists every time in his windows instead of the one booked.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
reply(reply_text("Thursday 12 March at 11:30; if that does not suit, 10:00 or Friday 13 March at 15:00 also work"))
PY
