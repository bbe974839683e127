#!/bin/bash
# Wrong (partial job): books the bill and replies that it is paid, but records no transfer and
# no payment.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book()
reply()
PY
