#!/bin/bash
# wrong (free text: return reason): one pack is returned but the reason says "Both cable packs are broken, returning both", which is not what was done nor what Alice said.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_return "Both cable packs are broken, returning both of them." "Found this item cheaper elsewhere."
