"""The verifier SDK that a task's ``tests/verify.py`` imports (installed in the base image).

Standard library, pydantic, sqlalchemy and ``mock_services`` only. Importing it is cheap:
the audit reader (which loads the core's Flask app code) is imported on first use.
"""

from mock_services.verify.checkpoints import Checkpoint, Result, Verifier, run_scored
from mock_services.verify.evaluate import parse_total_score, run_evaluation
from mock_services.verify.judge import (
    JudgeConfig,
    JudgeError,
    JudgeNotConfigured,
    JudgeUnavailable,
    LlmJudge,
    load_rubric,
)
from mock_services.verify.outputs import (
    AgentOutput,
    UnsafeOutput,
    find_output,
    read_json_output,
    read_output,
    require_output,
)
from mock_services.verify.reward import (
    RewardError,
    VerifierFault,
    check_reward,
    score_line,
    write_reward,
)
from mock_services.verify.state import DbDiff, diff_service, query, service_db

_LAZY = {"audit_log", "calls"}  # they need Flask and SQLAlchemy: loaded on first use


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from mock_services.verify import audit

        return getattr(audit, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "AgentOutput",
    "Checkpoint",
    "DbDiff",
    "JudgeConfig",
    "JudgeError",
    "JudgeNotConfigured",
    "JudgeUnavailable",
    "LlmJudge",
    "Result",
    "RewardError",
    "UnsafeOutput",
    "Verifier",
    "VerifierFault",
    "audit_log",
    "calls",
    "check_reward",
    "diff_service",
    "find_output",
    "load_rubric",
    "parse_total_score",
    "query",
    "read_json_output",
    "read_output",
    "require_output",
    "run_evaluation",
    "run_scored",
    "score_line",
    "service_db",
    "write_reward",
]
