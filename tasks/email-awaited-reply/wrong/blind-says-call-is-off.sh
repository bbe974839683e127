#!/bin/bash
# Wrong (blind tester, stop 48) message, opposite of what it did: books 15:00 correctly with Dana invited, then replies that Alice cannot do Thursday after all and will propose another day.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import book_her_time_then_answer
book_her_time_then_answer("Hi Dana,\n\nThanks for coming back to me. Unfortunately Thursday no longer works on my side after all, so please disregard any invitation - I will propose another day next week.\n\nBest,\nAlice")
PY
