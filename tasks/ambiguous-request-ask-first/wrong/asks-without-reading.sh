#!/bin/bash
# wrong (asks, then acts on a guess): mails Maria which room, but books Aurora at her mail's time
# right away, without reading her answer (which moves the review to 10:30)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
mail.call("POST", "/messages/send", {"to": ["maria@example.test"], "subject": "Vendor review room",
                                     "body": "Hi Maria, which room do you mean by the usual one: Aurora or Borealis?"})
book(AURORA, when=REQUESTED)
PY
