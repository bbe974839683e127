"""Check kinds of one upstream benchmark each, where its evaluator's semantics differ from the
shared kinds of ``mock_services.verify.imported`` (they run in the task container at verify
time: the standard library, pydantic and ``mock_services`` only)."""

from __future__ import annotations

from mock_services.verify.upstream import (
    claw_eval,
    clawbench,
    web_judged,
    webarena,
    wild_claw_bench,
)

SOURCE_KINDS = {
    **claw_eval.KINDS,
    **clawbench.KINDS,
    **web_judged.KINDS,
    **webarena.KINDS,
    **wild_claw_bench.KINDS,
}
