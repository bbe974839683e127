#!/bin/bash
# wrong (free text: public reply): leaks the internal engineering reference spelled out ("engineering item forty-four seventy-one")
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(body_with("If you ever need to chase it, quote our engineering item number forty-four seventy-one and anyone here can look it up."))
PY
