#!/bin/bash
# Reference solution of @@NAME@@: a deterministic script that reaches the finished state the
# verifier checks (never a call to an agent). The oracle runs it as the agent would.
set -euo pipefail
@@SOLVE_BODY@@
