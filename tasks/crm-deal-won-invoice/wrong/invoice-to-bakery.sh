#!/bin/bash
# Wrong (the look-alike customer): issues the invoice to Lindqvist Bakery, the first Lindqvist in the books, instead of Lindqvist Architects.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue(customer="Lindqvist Bakery")
mail()
PY
