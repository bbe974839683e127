#!/bin/bash
# Verifier entry point (evaluate.py pattern): run_benchmark.sh runs evaluate.py, which prints
# "TOTAL SCORE: X / 100"; mock_services.verify turns it into /logs/verifier/reward.txt and
# reward.json (and still writes a reward of 0 with the reason if no score line comes out).
# First end the agent's session with the task image's helper (as root; absent outside the
# image): no process the agent left behind can write the reward later. It takes this shell's
# place and runs this script again once done, so no fork is needed even when the agent has used
# up the container's process limit.
[ -n "${MOCK_AGENT_SESSION_ENDED:-}" ] || [ ! -x /opt/mock/bin/end-agent-session ] ||
    exec /opt/mock/bin/end-agent-session --then "$0" "$@"
mkdir -p /logs/verifier
python3 -I -m mock_services.verify.evaluate --task expense-report-csv -- bash /tests/run_benchmark.sh
exit 0
