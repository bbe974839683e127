#!/bin/bash
# alternative (true checkout note): the one right order with the note "Reorder of last month: {qty} x {name}, for the office (3rd floor)".
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 -m d69_filters "Reorder of last month: {qty} x {name}, for the office (3rd floor)."
