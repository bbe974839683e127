#!/bin/bash
# wrong (title): the right call, called "Call with Dana" instead of the name Alice gave it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import ask, book, latest_time
ask()
book(*latest_time(), title="Call with Dana")
PY
