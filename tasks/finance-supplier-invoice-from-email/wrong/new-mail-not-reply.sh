#!/bin/bash
# Wrong (output in the wrong place): the confirmation goes out as a new mail to the printer,
# outside the invoice's thread, and copies Bob.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from printer import *
book_and_pay()
mail.call("POST", "/messages/send", {"to": ["billing@northsideprint.example"], "cc": ["bob@example.test"], "subject": "Invoice NP-2318 paid", "body": RIGHT_REPLY})
PY
