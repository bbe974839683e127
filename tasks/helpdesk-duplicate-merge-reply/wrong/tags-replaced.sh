#!/bin/bash
# Wrong detail: the tags are replaced by month-end alone, dropping the ticket's own tags.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
merge()
set_fields(tags=["month-end"])
reply()
PY
