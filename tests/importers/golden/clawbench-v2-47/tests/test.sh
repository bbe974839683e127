#!/bin/bash
# Verifier of an imported task: tests/checks.json scored by the SDK (mock_services.verify.imported).
# First end the agent's session with the task image's helper (absent outside the image).
[ -n "${MOCK_AGENT_SESSION_ENDED:-}" ] || [ ! -x /opt/mock/bin/end-agent-session ] ||
    exec /opt/mock/bin/end-agent-session --then "$0" "$@"
mkdir -p /logs/verifier
python3 -I /tests/verify.py
exit 0
