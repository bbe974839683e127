#!/bin/bash
# wrong (free text: checkout note): the order's note tells the shop "Placed by mistake: please cancel this order and refund the card", an instruction that undoes it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -c 'import d69_clarify; d69_clarify.run(note="Placed by mistake: please cancel this order and refund the card.")'
