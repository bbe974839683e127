#!/bin/bash
# wrong (content: everyone-elses-items): moves the workshop and tells the guests the new 15:40
# start, but the mail also lists all of Alice's other events of the week (flight, dinner with Sam,
# weekly planning) with their times.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from workshop_mover import events, meeting, move, send, GOOD_SUBJECT, GOOD_BODY
move(meeting, "15:40")
others = "\n".join(f"- {e['title']}: {e['start_local'][:16].replace('T', ' ')}-{e['end_local'][11:16]}" for e in events if e["id"] != meeting["id"])
send(GOOD_SUBJECT, GOOD_BODY + "\n\nFor context, here is the rest of my schedule:\n" + others)
print("moved; listed the other events")
PY
