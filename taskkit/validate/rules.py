"""Every validator rule: a stable name, a severity and a fix hint (as ``harbor lint`` does)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Rule:
    name: str
    severity: Severity
    summary: str
    fix: str


E, W = Severity.ERROR, Severity.WARNING

_RULES = (
    # layout and files
    Rule(
        "required-file",
        E,
        "a file every task needs is missing",
        "add it (`invoke new-task` writes a complete skeleton)",
    ),
    Rule(
        "verifier-entry",
        E,
        "tests/ has no scoring script of a known evaluation pattern",
        "add tests/verify.py, tests/evaluate.py or tests/llm_judge.py, or run "
        "python3 -m mock_services.verify.rubric (dataset builds) from test.sh",
    ),
    Rule(
        "task-dir-name",
        E,
        "the task directory is not kebab-case",
        "rename it to lowercase words joined by '-', e.g. flight-seat-selection",
    ),
    Rule(
        "task-name-mismatch",
        E,
        "[task].name does not end in the directory name",
        'set [task].name = "liveclawbench/<directory name>"',
    ),
    Rule(
        "not-executable",
        E,
        "solve.sh or test.sh lacks its run bit",
        "chmod +x the script (and commit the mode)",
    ),
    Rule(
        "agent-script-python",
        E,
        "a solution, wrong solution or alternative runs `python`, which the task image lacks",
        "call python3 (the images, local and Harbor alike, have python3 only)",
    ),
    Rule(
        "multi-step-layout",
        E,
        "the steps/ folders and [[steps]] entries disagree",
        "give every [[steps]] entry a steps/<name>/ with instruction.md and tests/test.sh",
    ),
    Rule(
        "ui-solution-channel",
        E,
        "solution/ui.py does more than a browser user can (an API call, a cookie, the data)",
        "open pages, read them and use their forms and buttons through Playwright only",
    ),
    Rule(
        "stub-instruction",
        W,
        "instruction.md is too short to be a real task",
        "describe the goal, the expected outputs and the constraints",
    ),
    Rule(
        "stub-test",
        W,
        "test.sh only echoes, it scores nothing",
        "call the verifier (python3 /tests/verify.py) and write /logs/verifier/reward.txt",
    ),
    Rule(
        "missing-solution",
        W,
        "no solution/solve.sh: the oracle cannot prove solvability",
        "add a deterministic solution/solve.sh",
    ),
    Rule(
        "readme-criteria",
        W,
        "the README's criteria table disagrees with verify.py --describe",
        "make the table list each checkpoint with its weight (and goal flag) as verify.py does",
    ),
    Rule(
        "verifier-syntax",
        E,
        "a Python file of the verifier does not compile",
        "fix the syntax error at the given line (python3 -m py_compile FILE shows it)",
    ),
    Rule(
        "verifier-unknown-name",
        E,
        "the verifier names a table, column or route its service does not have",
        "use one of the closest names the message gives (the SDK checks names where the "
        "verifier declares its checks: check_names, expect_changes, never_called, ...)",
    ),
    Rule(
        "readme-solutions",
        W,
        "a wrong solution or correct alternative the README does not name",
        "give it a row in the README's table (wrong: its class, reward and the checkpoints it "
        "fails; alternative: its channel and reward)",
    ),
    Rule(
        "readme-case-id",
        W,
        "the README's case_id row disagrees with task.toml's [metadata].case_id",
        "write task.toml's case_id in the README's `| case_id | N |` row (renumbering moves it)",
    ),
    Rule(
        "multi-step-early-stop",
        W,
        "a wrong step stopped by min_reward can outscore a right step followed by a wrong one",
        "lower that step's min_reward to the bound the finding gives (see taskkit/README.md, "
        "multi-step scoring)",
    ),
    Rule(
        "free-credit",
        W,
        "a checkpoint earns credit on the untouched seed (--free-credit ran the null agent)",
        "make it fail when the agent did nothing (e.g. gate it behind a goal checkpoint), or say "
        "in the README why an idle agent deserves it",
    ),
    Rule(
        "null-agent-scores",
        E,
        "the null agent (doing nothing) scores 0.5 or more, or its trial gave no score",
        "give the task goal checkpoints that fail on the untouched seed (see taskkit/README.md, "
        "goal gates); a trial error names its log",
    ),
    Rule(
        "readme-unfilled",
        W,
        "README.md still holds the scaffold's placeholders",
        "fill in what the agent does, the verifier's criteria and the run commands",
    ),
    # what a repository's policy asks of its own tasks (tasks/, not imported): policy.py
    Rule(
        "blind-set",
        W,
        "fewer wrong solutions or correct alternatives than the repository's policy asks",
        "add wrong/<name>.sh written from the instruction, seed and services' docs only (never "
        "the verifier), and alternatives/<name>.sh reaching the outcome through another channel "
        "or order; `invoke oracle --task NAME --wrong` runs both",
    ),
    Rule(
        "ui-solution-missing",
        W,
        "the task's services have web UIs but it has no solution/ui.py (the policy asks one)",
        "write the task through the pages only (Playwright, mock_services.browser); `invoke "
        "oracle --task NAME --ui` must score it 1.0, or set [metadata] only_channel",
    ),
    Rule(
        "readme-sections",
        W,
        "README.md lacks a section the repository's policy asks for",
        "keep the scaffold's sections (What the agent does, Environment, Verifier, Layout, Run)",
    ),
    Rule(
        "verifier-by-route",
        E,
        "a check judges a route, a path or a call instead of the operation done",
        "use performed / never_performed / attempted with operation names, which the API route, "
        "its MCP tool and its web form all record",
    ),
    Rule(
        "reward-file",
        E,
        "nothing in tests/ writes /logs/verifier/reward.txt",
        "use mock_services.verify (it writes both reward files) or write the file in test.sh",
    ),
    Rule(
        "relative-path",
        W,
        "test.sh refers to tests or logs by a relative path",
        "use absolute paths (/tests/..., /logs/verifier/...): Harbor runs it from any cwd",
    ),
    Rule(
        "relative-reward-path",
        E,
        "test.sh writes or reads the reward by a relative path",
        "write /logs/verifier/reward.txt (or reward.json): Harbor reads only that absolute path",
    ),
    # task.toml
    Rule("toml-syntax", E, "task.toml is not valid TOML", "fix the syntax at the given line"),
    Rule(
        "config-invalid",
        E,
        "a task.toml value has the wrong type or is out of range",
        "correct the value as the message says",
    ),
    Rule(
        "unknown-key",
        E,
        "a key or section Harbor does not know (Harbor ignores it silently)",
        "fix the spelling or remove it",
    ),
    Rule(
        "unknown-metadata-key",
        W,
        "a [metadata] key the benchmark does not define",
        "check the spelling; metadata is free-form but typos lose data",
    ),
    Rule(
        "legacy-key",
        W,
        "an old spelling that still loads but should be updated",
        "use the replacement the message names",
    ),
    Rule(
        "misplaced-key",
        E,
        "a [metadata] field at the root of task.toml",
        "move it under [metadata] (Harbor reports it as an unknown field)",
    ),
    Rule(
        "required-field",
        E,
        "a field the benchmark requires is missing",
        "add it to task.toml (see `invoke new-task` for a template)",
    ),
    Rule(
        "empty-keywords",
        E,
        "[task].keywords is missing or empty",
        "add 3-8 lowercase keywords (domain, service, evaluation style)",
    ),
    Rule(
        "keyword-format",
        W,
        "keywords should be 3-8 lowercase tokens",
        "use lowercase words joined by '-'",
    ),
    Rule(
        "network-override",
        W,
        "an [agent]/[verifier] network_mode differs from the baseline",
        "set the baseline in [environment]; plain Docker cannot switch policy per phase",
    ),
    Rule(
        "no-internet",
        W,
        "the agent has no internet, but OpenClaw agents call LLM APIs",
        'set [environment] allow_internet = true (or network_mode = "public")',
    ),
    Rule(
        "secret-literal",
        E,
        "a credential is written literally in task.toml",
        'reference it as "${VARIABLE}" and pass it at run time',
    ),
    Rule(
        "judge-env",
        E,
        "an LLM-judge task does not pass JUDGE_BASE_URL/JUDGE_API_KEY",
        'add [verifier.env] JUDGE_BASE_URL = "${JUDGE_BASE_URL}" and JUDGE_API_KEY likewise',
    ),
    Rule(
        "rubric-weights",
        E,
        "rubric.json is not a list of criteria with positive weights",
        'write [{"name": ..., "weight": 0.5, "description": ...}, ...]',
    ),
    # Dockerfile
    Rule(
        "dockerfile-base",
        E,
        "the Dockerfile does not build FROM the task's per-task base",
        "FROM liveclawbench-<task>-base:latest (or ARG OPENCLAW_BASE_IMAGE=... then FROM it)",
    ),
    Rule(
        "dockerfile-entrypoint",
        E,
        "the Dockerfile adds an ENTRYPOINT",
        "remove it: /opt/mock/entrypoint.sh of the per-task base starts the services",
    ),
    Rule(
        "dockerfile-startup-copy",
        E,
        "the Dockerfile copies a startup script into the image",
        "remove the COPY: startup.d/<task>.sh is generated read-only from task-binary-map.json",
    ),
    Rule(
        "dockerfile-test-leak",
        E,
        "the Dockerfile copies tests/ or solution/ into the image",
        "never bake the verifier or the solution into the agent's image",
    ),
    Rule(
        "dockerfile-env-agent",
        E,
        "an ENV leads root's processes to the agent's files (Docker keeps it in every exec)",
        "drop it: Docker gives `node` its HOME from /etc/passwd; install tools under "
        "/usr/local/bin, not in a folder the agent can write",
    ),
    Rule(
        "dockerfile-workdir-agent",
        E,
        "WORKDIR is a folder the agent can rename or remove (root's execs start there)",
        "use a folder whose parent is root's: /home/node (the knowledge pattern), /workspace, or "
        "none (the base image's /workspace)",
    ),
    Rule(
        "verifier-python-isolated",
        E,
        "test.sh starts Python without -I (user site, PYTHON* variables, script folder)",
        "run `python3 -I ...`; a verifier that imports a module beside it adds its own folder: "
        "sys.path.insert(0, str(Path(__file__).resolve().parent))",
    ),
    Rule(
        "verifier-reads-agent-folder",
        E,
        "the verifier reads a path in a folder the agent can write (a FIFO, a link or another "
        "file may be there)",
        "read it with mock_services.verify.read_input (inputs) or read_output (outputs), or "
        "keep a root-only copy in tests/",
    ),
    # verifier and data
    Rule(
        "instruction-leak",
        E,
        "instruction.md contains a value the verifier expects",
        "describe the goal, not the answer; keep expected values in tests/ only",
    ),
    Rule(
        "environment-leak",
        E,
        "environment/ holds a copy of a solution or verifier file (any name)",
        "delete the copy: environment/ is the agent's build context",
    ),
    Rule(
        "instruction-mentions-tests",
        W,
        "instruction.md talks about the verifier",
        "describe the finished state, never how it is checked",
    ),
    Rule(
        "mock-data-path",
        E,
        "a DB path that is not where the mock keeps its data",
        "use $MOCK_DATA_DIR (default /var/lib/mock-data) or mock_services.verify.service_db",
    ),
    Rule(
        "unknown-service",
        E,
        "a service the platform does not have",
        "use one of the services in mock_services/registry.py",
    ),
    Rule(
        "service-not-declared",
        E,
        "the task uses a service task-binary-map.json omits",
        "add the service to the task's entry in metadata/task-binary-map.json",
    ),
    Rule(
        "mcp-server-unknown",
        E,
        "an [[environment.mcp_servers]] entry names no service of the task",
        "name the server after one of the task's services in task-binary-map.json "
        "(`invoke new-task --mcp` writes them)",
    ),
    Rule(
        "mcp-server-mismatch",
        E,
        "an MCP server's url, port, transport or stdio command does not reach its service",
        "use url http://127.0.0.1:<the service's port>/mcp with transport streamable-http, or "
        "command mock-services with args ['mcp', '<service>']",
    ),
    Rule(
        "seed-json",
        E,
        "environment/seed.json is not a seed the services accept (as seeding checks it)",
        'write {"now": ..., "<service>": {...}} by the service\'s seed schema; see '
        "mock_services/README.md",
    ),
    Rule(
        "seed-logins",
        E,
        'a seed.json has no "logins": every seeded password works, other users\' too',
        'add "logins": [...] with the usernames the instruction gives the agent (a task that '
        "needs several accounts names them all); see README.md, Accounts the agent may use",
    ),
    Rule(
        "seed-notifications-url",
        E,
        "a seed's notifications URL reaches no service of the task (or another one)",
        "point it at http://127.0.0.1:<port> of the service it names, among those the task runs "
        "(task-binary-map.json)",
    ),
    # repository
    Rule(
        "duplicate-case-id",
        E,
        "two tasks share a case_id",
        "give one of them the next free case_id (`invoke new-task` picks it)",
    ),
    Rule(
        "registry-mismatch",
        E,
        "registry.json / cases_registry.csv / task-binary-map.json disagree with the task",
        "run `invoke registry --write` and review the diff",
    ),
)

RULES: dict[str, Rule] = {rule.name: rule for rule in _RULES}
