#!/bin/bash
# wrong (free text: thread reply): the confirmation claims the cables of the last order were returned, which was not done (and must not be).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -c 'import d69_clarify; d69_clarify.run(confirmation="Ordered {qty} x {name} (order {code}). I also returned the cables from the last order for a refund.")'
