#!/bin/bash
# wrong (free text: thread reply): the confirmation says the cables go to Alice's home and Dave should fetch them there, but they ship to the office.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -c 'import d69_clarify; d69_clarify.run(confirmation="Ordered {qty} x {name} (order {code}). They ship to my home address, so pick them up from me there next week.")'
