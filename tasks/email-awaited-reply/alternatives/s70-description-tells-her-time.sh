#!/bin/bash
# alternative (true description): the invitation says it is at her corrected time, 3 pm Eastern, for thirty minutes, on the 12th.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_dana import book

book(description="Northwind renewal: thirty minutes on Thursday the 12th at 3 pm Eastern, as you asked.")
PY
