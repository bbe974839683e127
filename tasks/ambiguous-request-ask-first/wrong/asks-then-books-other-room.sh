#!/bin/bash
# wrong (opposite decision worded politely): asks Maria, hears Aurora, books Borealis anyway and tells her so kindly
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
said = ask("Hi Maria, which room do you mean by the usual one: Aurora or Borealis?")
assert "Aurora" in said, said
book(BOREALIS)
mail.call("POST", "/messages/send", {"to": ["maria@example.test"], "subject": "Vendor review booked",
    "body": "Thanks Maria! I went with the Borealis room in the end, I hope that is fine with you."})
PY
