#!/bin/bash
# Wrong (written to fool the grader): no brief of its own; output/brief.md is a link to the
# answer key that the verifier uploads to /tests later.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
ln -sf /tests/answer_key.json /home/node/.openclaw/output/brief.md
