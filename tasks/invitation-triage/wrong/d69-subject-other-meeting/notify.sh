#!/bin/bash
# wrong (free text: mail subject): each notice's subject names "Roadmap review", the invitation she accepted, while the body names the declined meeting
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import notify

notify(subject="Can't make it: Roadmap review")
PY
