#!/bin/bash
# Wrong (look-alike in another space, the first search hit): restores the Data Platform's
# runbook to its version 1 as Kenji's comment suggests, labels it and does the drafts; the
# Engineering runbook keeps Heidi's notes.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(1, OTHER_RUNBOOK)
label([*version(1, OTHER_RUNBOOK)["labels"], "verified"], OTHER_RUNBOOK)
resolve(open_comments(OTHER_RUNBOOK)[0])
discard()
publish()
PY
