#!/bin/bash
# alternative (true reasons): the return says one of the two packs arrived broken, the cancellation that the item was found cheaper elsewhere.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 -m d69_return "One of the two Braided USB-C Cable 2-Packs arrived broken; returning that one pack." "Found this item cheaper elsewhere."
