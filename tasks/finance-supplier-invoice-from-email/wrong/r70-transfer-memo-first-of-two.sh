#!/bin/bash
# wrong (free text: transaction memo): the transfer of the whole 1,274.40 is labelled the first of two instalments.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(transfer_memo="{number}, first of two instalments")
PY
