#!/bin/bash
# wrong (free text: channel post): besides a right confirmation, a post in #atlas-launch tells the team 12 HDMI cables were ordered (10 were).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -c 'import d69_clarify; d69_clarify.run(channel_post="FYI team: I ordered 12 HDMI 2.1 cables (3 m) for the demo stations, order {code}.")'
