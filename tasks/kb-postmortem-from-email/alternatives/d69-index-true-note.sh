#!/bin/bash
# alternative (true index annotation, labels and messages): the link with "1 December, expired TLS certificate", a tls label
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_postmortem import publish

publish(labels=("checkout", "postmortem", "tls"), index_suffix=" (1 December, expired TLS certificate)", page_message="Postmortem of the 1 December payment failures", index_message="List the 1 December payments postmortem")
PY
