#!/bin/bash
# alternative (true checkout note and a detailed confirmation): the note names the request, the reply the product, quantity, order, total, office address and card.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 -c 'import d69_clarify; d69_clarify.run(note="Atlas launch demo stations: {qty} x {name}, requested by Dave Okafor.", confirmation="Ordered {qty} x {name} (order {code}), total ${total:.2f}, shipping to the office at 200 Hudson St, Floor 4, paid with the Visa ending 4242.", channel_post="Update for the team: the {qty} HDMI 2.1 cables (3 m) for the demo stations are ordered, order {code}.")'
