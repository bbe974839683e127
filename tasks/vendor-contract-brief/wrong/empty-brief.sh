#!/bin/bash
# Wrong: creates the brief and never fills it.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
: > /home/node/.openclaw/output/brief.md
