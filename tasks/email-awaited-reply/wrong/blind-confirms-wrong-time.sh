#!/bin/bash
# Wrong (blind tester, stop 48) message: books 15:00 correctly with Dana invited, then replies to her confirming the call at 2:00 pm (her first time) - the mail contradicts the invitation.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dana import book_her_time_then_answer
book_her_time_then_answer("Hi Dana,\n\nNo problem at all - I have sent you an invitation for Thursday (March 12) at 2:00 pm Eastern, 30 minutes.\n\nBest,\nAlice")
PY
