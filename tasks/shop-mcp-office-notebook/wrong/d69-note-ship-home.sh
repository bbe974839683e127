#!/bin/bash
# wrong (free text: checkout note): the Work order says "Please ship this to my Home address, 742 Evergreen Terrace", contradicting the address chosen.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_notebook "Please ship this to my Home address, 742 Evergreen Terrace, not to the office."
