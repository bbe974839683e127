#!/bin/bash
# Reference solution of finance-supplier-invoice-from-email: a deterministic script that reaches the finished state the
# verifier checks (never a call to an agent). The oracle runs it as the agent would.
set -euo pipefail
# Drive the finance API the way an agent would; mock_services.client
# logs in, speaks JSON and retries 429/5xx answers (see taskkit/README.md):
#   python3 - <<'PY'
#   from mock_services.client import ServiceClient
#   api = ServiceClient("http://127.0.0.1:5140/api").login("alice", "alice-pass")
#   PY
curl -fsS http://127.0.0.1:5140/health
