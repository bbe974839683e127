#!/bin/bash
# WRONG (not a short brief): a heading and the four contracts pasted verbatim, no dates worked out.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
{ echo "# Contract renewal brief"; echo; for f in /home/node/.openclaw/corpus/*.txt; do echo "## $(basename $f)"; echo; cat "$f"; echo; done; } > /home/node/.openclaw/output/brief.md
