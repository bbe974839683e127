#!/bin/bash
# Custom shell verifier (no Python scoring script): one command decides pass or fail.
# First end the agent's session with the task image's helper (as root; absent outside the
# image): no process the agent left behind can write the reward later. It takes this shell's
# place and runs this script again once done, so no fork is needed even when the agent has used
# up the container's process limit.
[ -n "${MOCK_AGENT_SESSION_ENDED:-}" ] || [ ! -x /opt/mock/bin/end-agent-session ] ||
    exec /opt/mock/bin/end-agent-session --then "$0" "$@"
mkdir -p /logs/verifier
if [ -s /workspace/output/result.txt ]; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
