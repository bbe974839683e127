#!/bin/bash
# wrong (free text: event description): description gives the chair's order ORD-203977 and product as what arrives
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_desk import remind

remind(description="Delivery of order ORD-203977 (Ergonomic Mesh Chair): sign for it at home.")
PY
