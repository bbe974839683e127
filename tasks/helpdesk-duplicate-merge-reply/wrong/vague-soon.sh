#!/bin/bash
# Vague: the reply says a fix is coming soon, with no day, and gives the workaround.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields()
reply(text=reply_text(release="Our team is working on it and a fix is coming soon."))
PY
