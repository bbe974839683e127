#!/bin/bash
# wrong (free text: edited thread reply): the right confirmation is edited afterwards to "Ordered 5 x HDMI 2.1 Cable, 3 m (order ...): the other 5 next month", not what was ordered.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import d69_clarify

done = d69_clarify.run()
text = f"Ordered 5 x {done['name']} (order {done['code']}); the other 5 next month."
d69_clarify.chat.call("PATCH", f"/messages/{done['confirmation']['id']}", {"text": text})
PY
