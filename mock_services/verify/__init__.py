"""The verifier SDK that a task's ``tests/verify.py`` imports (installed in the base image).

Standard library, pydantic, sqlalchemy and ``mock_services`` only.
"""

from mock_services.core.base.schemas import AuditChangeOut, AuditEntry
from mock_services.core.seeding.personas import own_words
from mock_services.verify.audit import (
    ReadsNotLogged,
    answered_before,
    attempted,
    audit_log,
    calls,
    last_written,
    logged_before,
    not_as_written,
    performed,
    reads,
    writes,
)
from mock_services.verify.checkpoints import (
    GOAL_CAP,
    Checkpoint,
    Result,
    Verifier,
    run_scored,
)
from mock_services.verify.content import ContentRule, Decision, mentions
from mock_services.verify.conversation import (
    ANSWER_SHOWN_BY,
    PersonaAnswer,
    PersonaNotPlayed,
    SaidTo,
    acted_unread,
    answer_seen,
    model_personas,
    persona_answered,
    persona_answers,
    require_persona_endpoint,
    said_to,
)
from mock_services.verify.evaluate import parse_total_score, run_evaluation
from mock_services.verify.expect import (
    ANY,
    Added,
    Changed,
    ChangeReport,
    Predicate,
    Removed,
    Surprise,
    check_changes,
    expect_changes,
    one_of,
    satisfies,
)
from mock_services.verify.findings import Findings
from mock_services.verify.judge import (
    Grade,
    JudgeConfig,
    JudgeError,
    JudgeNotConfigured,
    JudgeUnavailable,
    LlmJudge,
    grader_address,
    load_rubric,
)
from mock_services.verify.mailbox import mailbox_ids, sent_mail
from mock_services.verify.names import check_names, check_operations
from mock_services.verify.outputs import (
    AgentOutput,
    UnsafeOutput,
    read_input,
    read_json_output,
    read_output,
    require_output,
)
from mock_services.verify.process import (
    all_calls_as,
    never_called,
    never_performed,
    no_refused_calls,
    route_matches,
)
from mock_services.verify.quantities import Counts
from mock_services.verify.reward import (
    NotScorable,
    RewardError,
    VerifierFault,
    check_reward,
    score_line,
    write_reward,
)
from mock_services.verify.seed_clock import SeedTime, seed_time
from mock_services.verify.state import DbDiff, diff_service, query, service_db
from mock_services.verify.unknown import UnknownName
from mock_services.verify.when import contradicting_times
from mock_services.verify.world import after_event, before_event, event_fired, world_entries

__all__ = [
    "ANSWER_SHOWN_BY",
    "ANY",
    "GOAL_CAP",
    "Added",
    "AgentOutput",
    "AuditChangeOut",
    "AuditEntry",
    "ChangeReport",
    "Changed",
    "Checkpoint",
    "ContentRule",
    "Counts",
    "DbDiff",
    "Decision",
    "Findings",
    "Grade",
    "JudgeConfig",
    "JudgeError",
    "JudgeNotConfigured",
    "JudgeUnavailable",
    "LlmJudge",
    "NotScorable",
    "PersonaAnswer",
    "PersonaNotPlayed",
    "Predicate",
    "ReadsNotLogged",
    "Removed",
    "Result",
    "RewardError",
    "SaidTo",
    "SeedTime",
    "Surprise",
    "UnknownName",
    "UnsafeOutput",
    "Verifier",
    "VerifierFault",
    "acted_unread",
    "after_event",
    "all_calls_as",
    "answer_seen",
    "answered_before",
    "attempted",
    "audit_log",
    "before_event",
    "calls",
    "check_changes",
    "check_names",
    "check_operations",
    "check_reward",
    "contradicting_times",
    "diff_service",
    "event_fired",
    "expect_changes",
    "grader_address",
    "last_written",
    "load_rubric",
    "logged_before",
    "mailbox_ids",
    "mentions",
    "model_personas",
    "never_called",
    "never_performed",
    "no_refused_calls",
    "not_as_written",
    "one_of",
    "own_words",
    "parse_total_score",
    "performed",
    "persona_answered",
    "persona_answers",
    "query",
    "read_input",
    "read_json_output",
    "read_output",
    "reads",
    "require_output",
    "require_persona_endpoint",
    "route_matches",
    "run_evaluation",
    "run_scored",
    "said_to",
    "satisfies",
    "score_line",
    "seed_time",
    "sent_mail",
    "service_db",
    "world_entries",
    "write_reward",
    "writes",
]
