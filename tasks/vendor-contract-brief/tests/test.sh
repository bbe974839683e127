#!/bin/bash
# Verifier entry point (LLM-judge pattern). Harbor uploads tests/ to /tests only after the agent
# has finished; llm_judge.py writes /logs/verifier/reward.txt and reward.json itself, also when
# it fails (missing judge credentials, unreachable judge).
# First end the agent's session with the task image's helper (as root): no process the agent
# left behind can write the reward later. Outside the image (the no-Docker runner) it is absent.
if [ -x /opt/mock/bin/end-agent-session ]; then /opt/mock/bin/end-agent-session || exit 1; fi
mkdir -p /logs/verifier
python3 /tests/llm_judge.py
exit 0
