#!/bin/bash
# Wrong (the same thing twice): restores version 2, restores it again (a second, identical
# version in the history, a second notice to the watchers), then labels it and does the rest.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(2)
restore(2)
label(good_labels())
resolve_request()
discard()
publish()
PY
