#!/bin/bash
# Twice: the call is booked twice (a retry), so Tom gets two invitations.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
book()
reply()
PY
