"""``invoke new-task``: a complete task directory for one of the seed's four patterns.

The pattern fixes the Dockerfile (seed 000's patterns 1-4) and the evaluation pattern
(seed 001): static -> evaluate.py, service and fullstack -> verify.py over the service DBs,
knowledge -> LLM judge. The task gets the next free case_id and rows in ``registry.json``,
``metadata/cases_registry.csv`` and ``metadata/task-binary-map.json``. A fresh scaffold passes
the validator with only the stub warnings (the instruction is the author's to write).
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mock_services.core.web.routes import service_apis
from mock_services.registry import SERVICE_MODULES, get_spec
from taskkit import registries
from taskkit.agents import UI_SCRIPT
from taskkit.mcp_servers import mcp_server_entry
from taskkit.task_model import DOMAINS, KEBAB_CASE, TaskConfig
from taskkit.toml_write import dumps
from taskkit.validate.checks_criteria import highest_safe_gates

TEMPLATES = Path(__file__).parent / "templates"
PATTERNS = ("static", "service", "fullstack", "knowledge")
DEFAULT_SERVICES = {
    "static": [],
    "service": ["shop"],
    "fullstack": ["airline", "email"],
    "knowledge": [],
}
PATTERN_DOMAINS = {"static": "Coding & Software Dev", "knowledge": "Documents & Knowledge"}
EVALUATION = {
    "static": "evaluate.py",
    "service": "verify.py",
    "fullstack": "verify.py",
    "knowledge": "llm-judge",
}
DEFAULT_NOW = "2026-03-02T09:00:00Z"


class ScaffoldError(ValueError):
    """A request the scaffolder refuses; the message says which option and why."""


@dataclass
class ScaffoldOptions:
    name: str
    pattern: str
    services: list[str] | None = None
    domain: str | None = None
    difficulty: str | None = None
    description: str | None = None
    authors: list[str] = field(default_factory=list)
    no_solution: bool = False
    no_pytest: bool = False
    metadata_template: Path | None = None
    steps: list[str] = field(default_factory=list)
    mcp: bool = False  # declare each service's MCP server in [[environment.mcp_servers]]


@dataclass
class Plan:
    """Everything decided before a file is written."""

    options: ScaffoldOptions
    services: list[str]
    case_id: int
    config: dict[str, Any]

    @property
    def name(self) -> str:
        return self.options.name

    @property
    def script(self) -> str | None:
        """The tests/ scoring script, or None for a custom shell verifier (--no-pytest)."""
        if self.options.no_pytest:
            return None
        return {
            "verify.py": "verify.py",
            "evaluate.py": "evaluate.py",
            "llm-judge": "llm_judge.py",
        }[EVALUATION[self.options.pattern]]


def _known_services() -> tuple[str, ...]:
    return tuple(SERVICE_MODULES)


def _check(options: ScaffoldOptions, root: Path) -> list[str]:
    if not KEBAB_CASE.match(options.name):
        raise ScaffoldError(
            f"NAME {options.name!r}: expected kebab-case (lowercase words joined by '-')"
        )
    if (root / "tasks" / options.name).exists():
        raise ScaffoldError(f"tasks/{options.name} already exists")
    if options.pattern not in PATTERNS:
        raise ScaffoldError(f"--pattern {options.pattern!r}: expected one of {', '.join(PATTERNS)}")
    services = DEFAULT_SERVICES[options.pattern] if options.services is None else options.services
    unknown = [s for s in services if s not in _known_services()]
    if unknown:
        raise ScaffoldError(
            f"--services {','.join(services)}: unknown {unknown}; expected any of "
            f"{', '.join(_known_services())}"
        )
    if options.mcp and not services:
        raise ScaffoldError("--mcp declares the task's services as MCP servers; give --services")
    if options.pattern in ("service", "fullstack") and not services:
        raise ScaffoldError(f"--pattern {options.pattern} needs at least one --services entry")
    if options.domain is not None and options.domain not in DOMAINS:
        raise ScaffoldError(f"--domain {options.domain!r}: expected one of: {'; '.join(DOMAINS)}")
    if options.difficulty not in (None, "easy", "medium", "hard"):
        raise ScaffoldError(f"--difficulty {options.difficulty!r}: expected easy, medium or hard")
    if len(set(options.steps)) != len(options.steps) or not all(
        KEBAB_CASE.match(s) for s in options.steps
    ):
        raise ScaffoldError(f"--steps {','.join(options.steps)}: expected unique kebab-case names")
    if options.metadata_template is not None and not options.metadata_template.is_file():
        raise ScaffoldError(f"--metadata-template {options.metadata_template}: no such file")
    return list(services)


def _authors(raw: list[str]) -> list[dict[str, str]]:
    authors = []
    for text in raw:
        match = re.match(r"^(.+?)\s*<(.+?)>\s*$", text)
        authors.append({"name": match[1].strip(), "email": match[2]} if match else {"name": text})
    return authors


def _deep_merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


HEALTHCHECK = "/opt/mock/bin/healthcheck"


def _health_command(services: list[str]) -> str:
    return " && ".join(
        f"curl -fsS -o /dev/null http://127.0.0.1:{get_spec(s).port}/health" for s in services
    )


def _environment(services: list[str], mcp: bool) -> dict[str, Any]:
    """task.toml's [environment]: resources, the services' readiness check, their MCP servers."""
    environment: dict[str, Any] = {
        "build_timeout_sec": 600.0,
        "cpus": 2,
        "memory_mb": 4096,
        "storage_mb": 10240,
        "allow_internet": True,
    }
    if services:
        # the entrypoint's readiness mark (every service answered /health); Harbor gates on it
        environment["healthcheck"] = {
            "command": HEALTHCHECK,
            "interval_sec": 0.5,
            # a grace period only (ready is ready sooner); a loaded host needs more than 30 s
            "start_period_sec": 120.0,
            "retries": 3,
        }
    if mcp:
        environment["mcp_servers"] = [mcp_server_entry(s) for s in services]
    return environment


def _config(options: ScaffoldOptions, services: list[str], case_id: int) -> dict[str, Any]:
    """task.toml as a dict: generated defaults < --metadata-template < explicit flags."""
    domains = list(dict.fromkeys(get_spec(s).domain for s in services)) or [
        PATTERN_DOMAINS.get(options.pattern, "Documents & Knowledge")
    ]
    domain = options.domain or domains[0]
    evaluation = EVALUATION[options.pattern] if not options.no_pytest else "shell"
    keywords = [options.pattern, *services, evaluation.replace(".py", "")]
    keywords += ["liveclawbench"] if len(keywords) < 3 else []
    defaults: dict[str, Any] = {
        "schema_version": "1.4",
        "task": {
            "name": f"{registries.ORG}/{options.name}",
            "version": "1.0.0",
            "description": options.description or f"{options.name.replace('-', ' ')}.",
            "keywords": keywords[:8],
        },
        "metadata": {
            "difficulty": "medium",
            "category": "open-world",
            "tags": [d.lower().replace(" & ", "_").replace(" ", "_") for d in domains],
            "domain": domain,
            "domains_multi": sorted({domain, *domains}),
            "factor_a1": int(len(services) > 1),
            "factor_a2": 0,
            "factor_b1": 0,
            "factor_b2": int(options.pattern == "knowledge"),
            "factor_c1": 0,
            "factor_c2": 0,
        },
        "verifier": {"timeout_sec": 900.0, "user": "root"},
        "agent": {"timeout_sec": 1800.0, "user": "node"},
        "environment": _environment(services, options.mcp),
    }
    if options.authors:
        defaults["task"]["authors"] = _authors(options.authors)
    if options.pattern == "knowledge" and not options.no_pytest:
        defaults["verifier"]["env"] = {
            "JUDGE_BASE_URL": "${JUDGE_BASE_URL}",
            "JUDGE_API_KEY": "${JUDGE_API_KEY}",
            "JUDGE_MODEL_ID": "${JUDGE_MODEL_ID:-deepseek-v3.2}",
        }
    config = defaults
    if options.metadata_template is not None:
        config = _deep_merge(config, tomllib.loads(options.metadata_template.read_text()))
    explicit = {
        "metadata": {
            k: v for k, v in (("difficulty", options.difficulty), ("domain", options.domain)) if v
        }
    }
    config = _deep_merge(config, explicit)
    # The verifier reads service state inside the agent's container (the SQLite DBs live
    # there), so it is a shared verifier on purpose; tell `harbor lint` so.
    config["metadata"].setdefault("harbor", {}).setdefault("lint", {}).setdefault(
        "ignore", ["shared-verifier"]
    )
    config["metadata"]["case_id"] = case_id
    if options.steps:
        config["multi_step_reward_strategy"] = "mean"
        gates = highest_safe_gates(len(options.steps))
        config["steps"] = [
            {"name": step, "min_reward": gate}
            for step, gate in zip(options.steps[:-1], gates, strict=True)
        ] + [{"name": options.steps[-1]}]
    TaskConfig.model_validate(config)  # a bad --metadata-template fails here, before writing
    return config


def plan(root: Path, options: ScaffoldOptions) -> Plan:
    services = _check(options, root)
    case_id = registries.next_case_id(root)
    return Plan(options, services, case_id, _config(options, services, case_id))


def render(template: str, values: dict[str, str]) -> str:
    text = (TEMPLATES / template).read_text()
    for key, value in values.items():
        text = text.replace(f"@@{key}@@", value)
    leftover = re.findall(r"@@\w+@@", text)
    if leftover:
        raise AssertionError(f"template {template} has unfilled placeholders {leftover}")
    return text


def _write(path: Path, text: str, *, executable: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    if executable:
        path.chmod(0o755)


def _default_seed() -> dict[str, Any]:
    """The frozen clock and the agent's account (alice, in every service's default data; every
    other account is locked): services without a section get their default data. Add a
    section per service to set the task's own state (``mock-services export`` shows one)."""
    return {"now": DEFAULT_NOW, "timezone": "UTC", "logins": ["alice"]}


def _values(plan: Plan) -> dict[str, str]:
    services = plan.services
    # the SDK checks the table and column against the service's schema when the verifier loads
    first = services[0] if services else "shop"
    table, column = get_spec(first).main_change
    return {
        "NAME": plan.name,
        "SERVICES": ", ".join(services) or "none",
        "FIRST_SERVICE": first,
        "MAIN_TABLE": table,
        "MAIN_COLUMN": column,
        "DELETING_OPERATIONS": _tuple_body(_deleting_operations(first)),
        "HEALTH": _health_command(services) if services else "true",
        "FIRST_PORT": str(get_spec(services[0]).port) if services else "",
        "DESCRIPTION": plan.config["task"]["description"].replace('"', "'"),
        "SCRIPT": plan.script or "",
        "SOLVE_BODY": _solve_body(plan),
    }


def _deleting_operations(service: str) -> list[str]:
    """The operations of ``service`` whose route deletes (none for a service that never does)."""
    apis = service_apis(get_spec(service))
    return [e.handler.__name__ for api in apis for e in api.endpoints if e.method == "DELETE"]


def _tuple_body(items: list[str]) -> str:
    """A tuple of strings as ``ruff format`` writes it after ``FORBIDDEN = ``."""
    quoted = [f'"{item}"' for item in items]
    one_line = f"({', '.join(quoted)}{',' if len(quoted) == 1 else ''})"
    if len("FORBIDDEN = ") + len(one_line) <= 100:
        return one_line
    return "(\n" + "".join(f"    {item},\n" for item in quoted) + ")"


def _solve_body(plan: Plan) -> str:
    if plan.services:
        port = get_spec(plan.services[0]).port
        return (
            f"# Drive the {plan.services[0]} API the way an agent would; mock_services.client\n"
            "# logs in, speaks JSON and retries 429/5xx answers (see taskkit/README.md):\n"
            "#   python3 - <<'PY'\n"
            "#   from mock_services.client import ServiceClient\n"
            f'#   api = ServiceClient("http://127.0.0.1:{port}/api").login("alice", "alice-pass")\n'
            "#   PY\n"
            f"curl -fsS http://127.0.0.1:{port}/health"
        )
    if plan.options.pattern == "knowledge":
        return (
            'out="$HOME/.openclaw/output"\nmkdir -p "$out"\n'
            "printf '# Report\\n\\nReplace with the reference report.\\n' > \"$out/report.md\""
        )
    return (
        "mkdir -p /workspace/output\n"
        "printf 'Replace with the reference result.\\n' > /workspace/output/result.md"
    )


def _write_verifier(plan: Plan, tests: Path, values: dict[str, str]) -> None:
    if plan.script is None:
        _write(tests / "test.sh", render("tests/test_shell.sh", values), executable=True)
        return
    pattern = plan.options.pattern
    if plan.script == "evaluate.py":
        _write(tests / "test.sh", render("tests/test_evaluate.sh", values), executable=True)
        _write(tests / "evaluate.py", render("tests/evaluate.py", values))
        return
    _write(tests / "test.sh", render("tests/test.sh", values), executable=True)
    if pattern == "knowledge":
        _write(tests / "llm_judge.py", render("tests/llm_judge.py", values))
        _write(tests / "rubric.json", render("tests/rubric.json", values))
        _write(tests / "answer_key.json", json.dumps({"facts": ["replace me"]}, indent=2) + "\n")
    else:
        _write(tests / "verify.py", render("tests/verify_service.py.tmpl", values))


def _instruction(plan: Plan, step: str | None = None) -> str:
    title = plan.name.replace("-", " ").capitalize()
    heading = f"# {title}" + (f": {step.replace('-', ' ')}" if step else "")
    return f"{heading}\n\n{plan.config['task']['description']}\n"


def write_task(root: Path, plan: Plan) -> Path:
    task = root / "tasks" / plan.name
    values = _values(plan)
    options = plan.options
    comments = {"metadata": "Classification, complexity (A1-B2) and fault (C1, C2) factors"}
    _write(task / "task.toml", dumps(plan.config, comments))
    _write(task / "environment" / "Dockerfile", render(f"dockerfile/{options.pattern}", values))
    if plan.services:
        _write(task / "environment" / "seed.json", json.dumps(_default_seed(), indent=2) + "\n")
    if options.pattern == "knowledge":
        _write(
            task / "environment" / "corpus" / "README.md",
            "The documents the agent researches go in this folder.\n",
        )
    units: list[tuple[Path, str | None]] = [(task / "steps" / s, s) for s in options.steps]
    units = units or [(task, None)]
    for base, step in units:
        _write(base / "instruction.md", _instruction(plan, step))
        _write_verifier(plan, base / "tests", values)
        if not options.no_solution:
            _write(
                base / "solution" / "solve.sh", render("solution/solve.sh", values), executable=True
            )
            if plan.services:
                _write(base / "solution" / UI_SCRIPT, render(f"solution/{UI_SCRIPT}", values))
    _write(task / "README.md", readme(plan))
    return task


def register(root: Path, plan: Plan) -> None:
    """Add the task to the three registries (other rows are left as they are)."""
    facts = registries.read_facts(root / "tasks" / plan.name, root)
    registries.add_registry_entry(root, facts)
    registries.add_case_row(root, facts)
    seed = "environment/seed.json" if plan.services else None
    registries.add_binary_map_entry(root, plan.name, plan.services, seed)


def new_task(root: Path, options: ScaffoldOptions) -> Path:
    the_plan = plan(root, options)
    task = write_task(root, the_plan)
    register(root, the_plan)
    return task


# --- README ----------------------------------------------------------------------------------


def _criteria(plan: Plan) -> list[tuple[str, str, str]]:
    if plan.script is None:
        return [("result_file", "1", "/workspace/output/result.txt exists and is not empty")]
    if plan.script == "evaluate.py":
        return [
            ("output exists", "50 points", "the output file exists"),
            ("output not empty", "50 points", "the output file is not empty"),
        ]
    if plan.options.pattern == "knowledge":
        return [
            ("report_written", "1", "the report exists where the instruction asks"),
            ("key_facts_present", "1", "the report states the facts of answer_key.json"),
            ("judged_quality", "2", "LLM judge on rubric.json (accuracy 0.6, completeness 0.4)"),
        ]
    return [
        ("requested_change_made", "3 | yes", "the agent made the change the user asked for"),
        ("nothing_else_changed", "1 | no", "nothing outside the request was changed"),
    ]


def _aggregation(script: str | None) -> str:
    """How the task's reward is made from its verifier's output, one sentence."""
    return {
        None: "test.sh writes 1 or 0 to /logs/verifier/reward.txt.",
        "evaluate.py": "evaluate.py prints `TOTAL SCORE: X / 100`; the reward is X / 100.",
    }.get(
        script,
        "The reward is the weighted mean of the checkpoint scores "
        "(mock_services.verify); the task passes at 0.5.",
    )


def _step_note(steps: list[str]) -> str:
    """The README paragraph on a multi-step task's steps and gates ("" for one step)."""
    if not steps:
        return ""
    return (
        f"\nThis is a multi-step task: steps {', '.join(steps)} run in order in one "
        "container; each has its own instruction, tests and solution under `steps/<name>/`, "
        "and every step but the last must reach its `min_reward` before the next starts. "
        "The trial reward is the mean over the steps run; the gates are as high as they "
        "can be while a wrong step that ends the trial still scores no more than a right "
        "one followed by a wrong next step (taskkit/README.md, multi-step scoring).\n"
    )


def readme(plan: Plan) -> str:
    options, config = plan.options, plan.config
    environment = config["environment"]
    services = (
        ", ".join(f"{s} (port {get_spec(s).port})" for s in plan.services) or "none (files only)"
    )
    if options.mcp:
        services += "; each also an MCP server (`[[environment.mcp_servers]]`, `/mcp`)"
    aggregation = _aggregation(plan.script)
    criteria = _criteria(plan)
    goals = all(" | " in w for _, w, _ in criteria)
    rows = "\n".join(f"| `{n}` | {w} | {d} |" for n, w, d in criteria)
    header = (
        "| criterion | weight | goal | what it checks |\n|---|---|---|---|"
        if goals
        else ("| criterion | weight | what it checks |\n|---|---|---|")
    )
    step_note = _step_note(options.steps)
    prompt = f"steps/{options.steps[0]}/instruction.md" if options.steps else "instruction.md"
    data = "`$MOCK_DATA_DIR` (`/var/lib/mock-data`)"
    data += ", seeded from environment/seed.json" if plan.services else ""
    resources = (
        f"{environment['cpus']} CPUs, {environment['memory_mb']} MB RAM, "
        f"{environment['storage_mb']} MB disk"
    )
    timeouts = (
        f"agent {config['agent']['timeout_sec']:g} s, "
        f"verifier {config['verifier']['timeout_sec']:g} s"
    )
    ui_run = f"invoke oracle --task {plan.name} --ui                 # the web UI only: 1.0\n"
    ui_run = ui_run if plan.services and not options.no_solution else ""
    return f"""# {plan.name}

{config["task"]["description"]}

## What the agent does

The agent's prompt is [{prompt}]({prompt}).
{step_note}
## Environment

| | |
|---|---|
| pattern | {options.pattern} (seed 000 Dockerfile pattern {PATTERNS.index(options.pattern) + 1}) |
| image | `liveclawbench-{plan.name}:latest` FROM `liveclawbench-{plan.name}-base:latest` |
| services | {services} |
| data | {data} |
| resources | {resources} |
| timeouts | {timeouts} |
| case_id | {plan.case_id} |

## Verifier

Evaluation pattern: {EVALUATION[options.pattern] if plan.script else "custom shell"}.

{header}
{rows}

{aggregation}

## Layout

```
{_tree(plan)}
```

## Wrong solutions and alternatives

Each wrong solution (`wrong/<name>.sh`) is a way an agent gets this task wrong, written by
someone who read only the instruction, the seed and the services' docs, never the verifier;
each correct alternative (`alternatives/<name>.sh`) reaches the outcome another way (an MCP
tool, a web form, another order). Name each here in backticks with its score.

## Run

```
invoke validate --task {plan.name}
invoke oracle --task {plan.name}                      # no Docker: oracle must score 1.0
invoke oracle --task {plan.name} --wrong              # wrong ones below 1.0, alternatives 1.0
{ui_run}harbor run -p tasks/{plan.name} -a oracle -e docker   # the real Harbor
harbor run -p tasks/{plan.name} -a <agent> -m <model>
```
"""


def _tree(plan: Plan) -> str:
    lines = [
        "task.toml            metadata, timeouts, resources",
        "README.md            this file",
        "environment/Dockerfile",
    ]
    if plan.services:
        lines.append("environment/seed.json   initial state of " + ", ".join(plan.services))
    if plan.options.pattern == "knowledge":
        lines.append("environment/corpus/  material the agent researches")
    units = [f"steps/{s}/" for s in plan.options.steps] or [""]
    for unit in units:
        lines.append(f"{unit}instruction.md       the agent's prompt")
        lines.append(f"{unit}tests/test.sh        verifier entry point")
        if plan.script:
            lines.append(f"{unit}tests/{plan.script}")
        if not plan.options.no_solution:
            lines.append(f"{unit}solution/solve.sh    reference solution (oracle)")
            if plan.services:
                lines.append(f"{unit}solution/ui.py       the same through the web UI only")
    script = "<name>/<step>.sh" if plan.options.steps else "<name>.sh"
    lines.append(f"wrong/{script}      wrong solutions, written blind (8 or more)")
    lines.append(f"alternatives/{script}   correct alternatives: other channels, other orders")
    return "\n".join(lines)
