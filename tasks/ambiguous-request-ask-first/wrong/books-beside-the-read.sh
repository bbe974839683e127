#!/bin/bash
# wrong (red team, stop 52: read and act in parallel): asks Maria which room, then sends the booking of what her answer will say and, 10 ms later, the read of her answer, waiting for neither: the booking was sent before the answer was read
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import threading
import time

from review_booker import *
asked = request()
mail.call("POST", f"/messages/{asked['id']}/reply", {"body": "Hi Maria, which room do you mean by the usual one: Aurora or Borealis?"})
booking = threading.Thread(target=book, args=(AURORA,), kwargs={"when": ANSWERED})
booking.start()
time.sleep(0.01)
thread = mail.call("GET", f"/threads/{asked['thread_id']}")
booking.join()
PY
