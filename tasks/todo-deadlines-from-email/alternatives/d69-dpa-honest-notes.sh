#!/bin/bash
# alternative (true task notes): the DPA task notes "From Klaus Richter (Nordwind), mail of 2 March: signed data processing agreement back to him by Friday 6 March (Berlin time)".
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_deadlines import run

run(dpa={"notes": "From Klaus Richter (Nordwind), mail of 2 March: signed data processing agreement back to him by Friday 6 March (Berlin time)."})
PY
