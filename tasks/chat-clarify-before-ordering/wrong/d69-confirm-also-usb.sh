#!/bin/bash
# wrong (free text: thread reply): the confirmation names the right order and adds "I also ordered 10 of the 2 m USB-C cables", which was not done.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -c 'import d69_clarify; d69_clarify.run(confirmation="Ordered {qty} x {name} (order {code}). I also ordered {qty} of the 2 m USB-C cables in a second order, just in case.")'
