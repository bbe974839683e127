#!/bin/bash
# Custom shell verifier (no Python scoring script): one command decides pass or fail.
# First end the agent's session with the task image's helper (as root): no process the agent
# left behind can write the reward later. Outside the image (the no-Docker runner) it is absent.
if [ -x /opt/mock/bin/end-agent-session ]; then /opt/mock/bin/end-agent-session || exit 1; fi
mkdir -p /logs/verifier
if [ -s /workspace/output/result.txt ]; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
