#!/bin/bash
# Wrong (doing the same thing twice): the right reply is sent twice.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book_and_pay()
reply()
reply()
PY
