#!/bin/bash
# Twice: the same reply is sent twice (a retry), so Maria gets two mails.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
right_job()
reply()
PY
