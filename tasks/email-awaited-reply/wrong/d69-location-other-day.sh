#!/bin/bash
# wrong (free text: event location): location reads "Phone, Friday March 13 3:00 pm", another day than the one booked
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_dana import book

book(location="Phone call, Friday March 13 at 3:00 pm ET")
PY
