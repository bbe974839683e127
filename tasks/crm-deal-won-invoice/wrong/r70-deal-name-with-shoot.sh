#!/bin/bash
# wrong (free text: deal name): renames the deal won at the revised quote to a redesign with the studio shoot, the part Ingrid dropped.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_deal import run

run(deal_name="Lindqvist Architects: website redesign with the studio shoot")
PY
