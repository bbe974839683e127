#!/bin/bash
# Partial: the reply gives the release day but not what Maria can do until then.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(text=reply_text(workaround="We will let you know once it is out."))
PY
