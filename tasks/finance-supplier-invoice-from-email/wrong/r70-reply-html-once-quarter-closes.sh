#!/bin/bash
# wrong (free text: reply HTML part): the plain text says it is paid, but the reply's HTML part says it will be settled once the quarter closes.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from r70_printer import run

run(body_html=(
    "<p>Hello,</p><p>Thank you for invoice {number}; it is recorded in our books, and we will "
    "settle it once the quarter closes.</p><p>Best regards,<br>Alice Martin</p>"
))
PY
