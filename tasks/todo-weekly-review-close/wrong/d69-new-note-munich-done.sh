#!/bin/bash
# wrong (free text: new note): a note "Ticked off from Weekly review 10" claims the Munich expenses and the API gateway certificate were closed too, which was not done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_review import complete_done, latest_review, todo  # noqa: F401

done = complete_done()
todo.call("POST", "/notes", {"title": "Ticked off from Weekly review 10", "body": "Completed: SSL certificate (status page and API gateway), Berlin and Munich expense reports, plants, dry cleaning, call mom, gym trial."})
PY
