#!/bin/bash
# alternative (true checkout note): the right order with the note "One A5 Hardcover Dotted Notebook for the office, 500 Market Street, Floor 12; paid with my gift card".
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 -m d69_notebook "One A5 Hardcover Dotted Notebook for the office, 500 Market Street, Floor 12; paid with my gift card."
