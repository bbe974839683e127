#!/bin/bash
# wrong (free text: health record note): says she will skip the quarterly review for the Thursday 10:00 cleaning, the clash the move avoided
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_dentist import move

move("Kept the dental cleaning on Thursday at 10:00; I will skip the quarterly review.")
PY
