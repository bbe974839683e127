#!/bin/bash
# wrong (free text: checkout note): the office order carries the note "Please deliver to the home of Alice Martin in Brooklyn, not to the office", contradicting the address it ships to.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -c 'import d69_clarify; d69_clarify.run(note="Please deliver to the home of Alice Martin in Brooklyn, not to the office.")'
