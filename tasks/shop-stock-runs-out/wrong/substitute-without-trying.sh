#!/bin/bash
# WRONG (acts before the event): decides on the substitute from the catalogue before trying the V27U, which had twelve in stock then; its first cart line is the substitute.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from stock import *

add("VIR-2704", QUANTITY)
checkout()
PY
