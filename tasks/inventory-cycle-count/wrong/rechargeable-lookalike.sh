#!/bin/bash
# Wrong (look-alike SKU): corrects the rechargeable headlamps HDL-200R in EAST-B-03 to 19
# instead of the plain HDL-200 Bob recounted; the rest is right.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from count_steps import *

headlamps(sku="HDL-200R")
stoves()
filters()
PY
