#!/bin/bash
# wrong (free text: event location): puts "Northwind's offices, face to face", but it is a call
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_dana import run

run(location="Northwind's offices, face to face")
PY
