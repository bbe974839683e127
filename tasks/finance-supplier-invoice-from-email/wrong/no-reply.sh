#!/bin/bash
# Wrong (partial job): books and pays the bill correctly but never tells the printer.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book_and_pay()
PY
