#!/bin/bash
# wrong (free text: event location): puts "Northwind, Harbour room: I will come over in person", but it is a call
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_callback import book

book(location="Northwind, Harbour room: I will come over in person")
PY
