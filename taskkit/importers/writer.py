"""Imported tasks as task directories in our format, under ``OUT/tasks/<id>/``, with the
registries (``OUT/registry.json``, ``OUT/metadata/``) and the import manifest beside them, so
``python -m taskkit --root OUT validate|oracle`` treat OUT as a repository.

Every file is a pure function of the task and its position, so importing the same records
twice writes the same bytes (modes included)."""

from __future__ import annotations

import itertools
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mock_services.registry import get_spec
from mock_services.verify.imported import SHARED_SCORERS, ImportedCheck
from mock_services.verify.outputs import FINAL_URL_FILE
from taskkit import registries, toml_write
from taskkit.images.binary_map import TaskBinaryMap, TaskImageSpec, load_binary_map
from taskkit.importers.model import ImportedTask, Oracle, input_files
from taskkit.task_model import TaskConfig

LOGIN_USER = "user"
LOGIN_PASSWORD = "user-pass"
VERIFIER_TIMEOUT_SEC = 600.0
INPUTS = "workspace"  # environment/workspace/: the task's input files, copied to /workspace
TEST_SH = """#!/bin/bash
# Verifier of an imported task: tests/checks.json scored by the SDK (mock_services.verify.imported).
# First end the agent's session with the task image's helper (absent outside the image).
[ -n "${MOCK_AGENT_SESSION_ENDED:-}" ] || [ ! -x /opt/mock/bin/end-agent-session ] ||
    exec /opt/mock/bin/end-agent-session --then "$0" "$@"
mkdir -p /logs/verifier
python3 -I /tests/verify.py
exit 0
"""
VERIFY_PY = '''"""Verifier of an imported task: the checks of checks.json (mapped from the upstream
rubric by taskkit.importers), scored by the SDK; checks that cannot be scored here are left out
of the reward, never counted as 0."""

from pathlib import Path

from mock_services.verify.imported import build_verifier, load_checks

verifier = build_verifier(load_checks(Path(__file__).with_name("checks.json")))

if __name__ == "__main__":
    verifier.main()
'''
SOLUTION_SH = """#!/bin/bash
# {what} of an imported task: the calls, files and answer of {source}.
set -euo pipefail
{load}python3 - "$solution" <<'PY'
import json
import sys
from pathlib import Path

from mock_services.client import ServiceClient

solution = json.loads(Path(sys.argv[1]).read_text())
for call in solution["calls"]:
    client = ServiceClient(call["base_url"]).login(call["username"], call["password"])
    client.call(call["method"], call["path"], call["body"])
workspace = Path("/workspace")
for name, text in solution["files"].items():
    (workspace / name).parent.mkdir(parents=True, exist_ok=True)
    (workspace / name).write_text(text)
output = workspace / "output"
output.mkdir(parents=True, exist_ok=True)
if solution["answer"]:
    (output / "answer.md").write_text(solution["answer"])
if solution["final_url"]:
    (output / "final_url.txt").write_text(solution["final_url"] + "\\n")
PY
"""
ORACLE_LOAD = "solution=/solution/oracle.json\n"
# A wrong solution is uploaded alone (taskkit.agents): it carries its JSON in a heredoc.
WRONG_LOAD = """solution=$(mktemp)
cat > "$solution" <<'JSON'
{json}JSON
"""
DOCKERFILE = """FROM liveclawbench-{name}-base:latest

# An imported task ({source}). {services}
# Do not add an ENTRYPOINT and do not copy a startup script or seed.json into the image.
{inputs}
CMD ["sh", "-c", "sleep infinity"]
"""


def task_files(task: ImportedTask, config: dict[str, Any]) -> dict[str, str]:
    """Every file of the task directory (``config``: its task.toml data), path -> text."""
    files = {
        "task.toml": toml_write.dumps(config, {"metadata.imported": "provenance (seed 002)"}),
        "instruction.md": instruction(task),
        "README.md": readme(task),
        "environment/Dockerfile": dockerfile(task),
        "tests/test.sh": TEST_SH,
        "tests/verify.py": VERIFY_PY,
        "tests/checks.json": _json(
            {"task": task.id, "checks": [c.model_dump(exclude_defaults=True) for c in task.checks]}
        ),
        "solution/solve.sh": SOLUTION_SH.format(
            what="Reference solution", source="solution/oracle.json", load=ORACLE_LOAD
        ),
        "solution/oracle.json": _json(solution(task.oracle)),
    }
    for name, wrong in task.wrong.items():
        load = WRONG_LOAD.format(json=_json(solution(wrong)))
        files[f"wrong/{name}.sh"] = SOLUTION_SH.format(
            what=f"Wrong solution {name!r}", source="this script", load=load
        )
    files.update({f"tests/{name}": text for name, text in task.test_files.items()})
    if task.services:
        files["environment/seed.json"] = _json(seed(task))
    return files


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def seed(task: ImportedTask) -> dict[str, Any]:
    return {
        "now": task.now,
        "timezone": task.timezone,
        "logins": [LOGIN_USER],
        **({"personas": task.personas} if task.personas else {}),
        **task.services,
    }


def solution(oracle: Oracle) -> dict[str, Any]:
    """A solution's JSON: its calls resolved to our services' API, files, answer, final URL."""
    calls = [
        {
            "base_url": f"http://127.0.0.1:{get_spec(c.service).port}/api",
            "username": LOGIN_USER,
            "password": LOGIN_PASSWORD,
            "method": c.method,
            "path": c.path.removeprefix("/api"),
            "body": c.body,
        }
        for c in oracle.calls
    ]
    return {
        "calls": calls,
        "files": oracle.files,
        "answer": oracle.answer,
        "final_url": oracle.final_url,
    }


JUDGE_ENV = {
    "JUDGE_BASE_URL": "${JUDGE_BASE_URL:-}",
    "JUDGE_API_KEY": "${JUDGE_API_KEY:-}",
    "JUDGE_MODEL_ID": "${JUDGE_MODEL_ID:-}",
}
"""The judge's endpoint, from the host's variables (empty when unset: not scored, never 0)."""


def may_be_judged(check: ImportedCheck) -> bool:
    """A judged check, or a source's own kind (those may ask the judge, or leave a part not
    scored: e.g. WebArena's fuzzy_match, ClawBench's second stage)."""
    return check.kind == "judge" or check.kind not in SHARED_SCORERS


def not_scored_checks(task: ImportedTask) -> list[str]:
    """Checks that may not score here: declared not scored, judged (scored only when a judge
    is configured), or a source's own kind that can leave a part not scored."""
    return [c.name for c in task.checks if c.kind == "not_scored" or may_be_judged(c)]


def task_config(task: ImportedTask, case_id: int) -> dict[str, Any]:
    """The task.toml data of a task."""
    source = task.provenance.source
    keywords = list(dict.fromkeys(["imported", source.replace("-", ""), *task.keywords]))[:8]
    while len(keywords) < 3:
        keywords.append(["benchmark", "task", "agent"][len(keywords)])
    environment: dict[str, Any] = {
        "build_timeout_sec": 600.0,
        "cpus": 2,
        "memory_mb": 4096,
        "storage_mb": 10240,
        "allow_internet": True,
    }
    if task.services:
        environment["healthcheck"] = {
            "command": "/opt/mock/bin/healthcheck",
            "interval_sec": 0.5,
            "start_period_sec": 30.0,
            "retries": 3,
        }
        environment["mcp_servers"] = [
            {
                "name": name,
                "transport": "streamable-http",
                "url": f"http://127.0.0.1:{get_spec(name).port}/mcp",
            }
            for name in task.services
        ]
    if any(persona.get("llm") for persona in task.personas):
        # the services' model personas answer through the judge: Harbor sets [environment.env]
        # on the container, whose entrypoint passes it on to the services (unset: they stay
        # silent and the verifier says not scored)
        environment["env"] = dict(JUDGE_ENV)
    verifier: dict[str, Any] = {"timeout_sec": VERIFIER_TIMEOUT_SEC, "user": "root"}
    if any(may_be_judged(c) for c in task.checks):
        verifier["env"] = dict(JUDGE_ENV)
    provenance = task.provenance
    data = {
        "schema_version": "1.4",
        "task": {
            "name": f"{source}/{task.id}",
            "version": "1.0.0",
            "description": task.title,
            "keywords": keywords,
        },
        "metadata": {
            "difficulty": task.difficulty,
            "category": task.category,
            "domain": task.domain,
            "case_id": case_id,
            "harbor": {"lint": {"ignore": ["shared-verifier"]}},
            "imported": {
                "source": source,
                "source_id": provenance.source_id,
                "upstream_repo": provenance.upstream_repo,
                "upstream_commit": provenance.upstream_commit,
                "license": provenance.license,
                "record": provenance.record,
                "scoring_layers": [str(layer) for layer in task.layers],
                "not_scored": not_scored_checks(task),
                **({"not_runnable": task.not_runnable} if task.not_runnable else {}),
            },
        },
        "verifier": verifier,
        "agent": {"timeout_sec": task.time_limit_sec, "user": "node"},
        "environment": environment,
    }
    return data


def instruction(task: ImportedTask) -> str:
    parts = [task.instruction.strip()]
    if task.start_url:
        parts.append(f"Start at {task.start_url}.")
    if task.workspace:
        listed = "\n".join(f"- `{path}`" for path in task.workspace)
        parts.append(f"Your input files:\n{listed}")
    if task.services:
        lines = [
            f"- {name}: http://127.0.0.1:{get_spec(name).port} (MCP tools at /mcp)"
            for name in task.services
        ]
        tools = ", ".join(f"`{t.name}`" for t in task.tools if t.backed_by)
        parts.append(
            "The services you can use (log in as "
            f"`{LOGIN_USER}` / `{LOGIN_PASSWORD}`):\n"
            + "\n".join(lines)
            + (f"\n\nTools: {tools}." if tools else "")
        )
    kinds = {c.kind for c in task.checks}
    steps = [
        f"write your final answer to the user in `/workspace/{task.answer_file}`: the answer alone "
        "when the task asks a question, otherwise a short account of what you did."
    ]
    if any(k == "url_match" or k.endswith("_url_match") for k in kinds):  # a source's own
        steps.append(f"Then write the URL of the page you end on in `/workspace/{FINAL_URL_FILE}`.")
    parts.append("When you are done, " + " ".join(steps))
    return "\n\n".join(parts) + "\n"


def dockerfile(task: ImportedTask) -> str:
    services = (
        f"Its mock services ({', '.join(task.services)}) are started by the per-task base "
        f"image's /opt/mock/entrypoint.sh, seeded from environment/seed.json."
        if task.services
        else "It uses no mock service."
    )
    inputs = f"\n# The input files upstream gives the agent.\nCOPY {INPUTS}/ /workspace/\n" * bool(
        task.inputs
    )
    return DOCKERFILE.format(
        name=task.id, source=task.provenance.source, services=services, inputs=inputs
    )


def readme(task: ImportedTask) -> str:
    p = task.provenance
    rows = "\n".join(
        f"| `{c.name}` | {c.weight:g} | {'yes' if c.goal else 'no'} | {_cell(c.rationale)} |"
        for c in task.checks
    )
    not_scored = ", ".join(f"`{n}`" for n in not_scored_checks(task)) or "none"
    runnable = (
        f"\n**Not runnable here: {task.not_runnable}.** An agent cannot do it on this machine; "
        "its solutions still run, so its checks can be compared with upstream's.\n"
        if task.not_runnable
        else ""
    )
    return f"""# {task.id}

Imported from **{p.source}** (`{p.source_id}`), {p.upstream_repo}@{p.upstream_commit},
licence {p.license}, record `{p.record}`. Regenerate it with `invoke import`; do not edit.

{task.title}
{runnable}
Scoring layers: {", ".join(str(layer) for layer in task.layers)}. Checks that may be not
scored here (no judge configured, or needing what is not here): {not_scored}. A check not
scored is left out of the reward, never counted as 0.

## Criteria

| criterion | weight | goal | what it checks |
|---|---|---|---|
{rows}
{inputs_section(task)}
## Run

```bash
python -m taskkit --root OUT validate {task.id}
python -m taskkit --root OUT oracle --task {task.id}
```
"""


def inputs_section(task: ImportedTask) -> str:
    """The README's account of the input files (none: empty): copied read-only into
    ``/workspace``, where they come from, and each one's size and SHA-256."""
    if not task.inputs:
        return ""
    origin = task.inputs_source or (
        f"{task.provenance.upstream_repo}@{task.provenance.upstream_commit}, as upstream gives them"
    )
    rows = "\n".join(f"| `{f.path}` | {f.bytes} | `{f.sha256}` |" for f in input_files(task))
    return f"""
## Input files

Copied into `/workspace` from `environment/{INPUTS}/`, read-only for the agent (root's, mode
0644). From: {origin}.

| path under /workspace | bytes | sha256 |
|---|---|---|
{rows}
"""


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "/").split())[:200]


def write_tasks(
    tasks: list[ImportedTask], out: Path, progress: Callable[[int, int], None] | None = None
) -> list[Path]:
    """Write every task under ``out/tasks/`` (replacing a previous copy of the same id, which
    keeps its case id) and the registries; tasks already there from other imports keep their
    entries, and new ones take the case ids after all of theirs, so importing the same records
    again writes the same bytes. ``progress(done, total)`` after each task."""
    ids = {task.id for task in tasks}
    present = [registries.read_facts(folder, out) for folder in registries.task_dirs(out)]
    others = [f for f in present if f.name not in ids]
    kept = {f.name: f.case_id for f in present if f.name in ids and f.case_id}
    taken = {f.case_id for f in others if f.case_id is not None} | set(kept.values())
    fresh = (n for n in itertools.count(max(taken | {0}) + 1))
    written, facts = [], list(others)
    for task in tasks:
        case_id = kept.get(task.id) or next(fresh)
        folder = out / "tasks" / task.id
        if folder.exists():
            shutil.rmtree(folder)
        config = task_config(task, case_id)
        for relative, text in task_files(task, config).items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            path.chmod(0o755 if relative.endswith(".sh") else 0o644)
        for relative, source in task.inputs.items():
            path = folder / "environment" / INPUTS / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(source.read_bytes())
            path.chmod(0o644)
        written.append(folder)
        facts.append(
            registries.TaskFacts(
                task.id, case_id, TaskConfig.model_validate(config), f"tasks/{task.id}"
            )
        )
        if progress:
            progress(len(written), len(tasks))
    _write_registries(out, tasks, sorted(facts, key=lambda f: f.name))
    return written


def _write_registries(
    out: Path, tasks: list[ImportedTask], facts: list[registries.TaskFacts]
) -> None:
    """registry.json, cases_registry.csv and task-binary-map.json in one write each."""
    registry = registries.render_registry_json(out, facts)
    cases = registries.render_cases(facts, registries.read_cases(out))
    (out / registries.REGISTRY_JSON).write_text(registry)
    (out / registries.CASES_CSV).parent.mkdir(parents=True, exist_ok=True)
    (out / registries.CASES_CSV).write_text(cases)
    path = out / registries.BINARY_MAP
    binary_map = load_binary_map(path) if path.exists() else TaskBinaryMap()
    for task in tasks:
        seed_file = "environment/seed.json" if task.services else None
        binary_map.tasks[task.id] = TaskImageSpec(services=list(task.services), seed=seed_file)
    registries.save_binary_map(out, binary_map)
