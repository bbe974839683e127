#!/bin/bash
# Partial: the call is in the calendar but Tom is not invited.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book(guests=())
reply()
PY
