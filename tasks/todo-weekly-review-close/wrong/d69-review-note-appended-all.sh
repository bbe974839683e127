#!/bin/bash
# wrong (free text: the review note): a line added to Weekly review 10 says "all items, the still-open ones included" were ticked off, which was not done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_review import complete_done, latest_review, todo  # noqa: F401

done = complete_done()
review = latest_review()
body = review["body"] + "\n\nTicked off in the todo app: all items, the still-open ones included."
todo.call("PATCH", f"/notes/{review['id']}", {"body": body})
PY
