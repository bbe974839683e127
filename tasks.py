"""Invoke front door: ``invoke --list``. Thin wrappers only; the logic lives in the packages."""

from __future__ import annotations

import shlex
import sys
from typing import Any

from invoke import Context, Exit
from invoke import task as invoke_task

from taskkit.invoke_help import install as install_task_help

PY = sys.executable
install_task_help()  # `invoke TASK --help` prints the help even for tasks with positionals


def task(*args: Any, **kwargs: Any) -> Any:
    """Invoke's ``@task`` with long options only: no auto short flag shadows ``-h`` (help) or
    means one thing here and another there (``-s`` for --slim, --source, --service...)."""
    return invoke_task(*args, auto_shortflags=False, **kwargs)


NAMESPACE_HELP = (
    "tag this checkout's images NAME instead of latest (liveclawbench-base:NAME), so other "
    "checkouts on the Docker daemon keep theirs; default: $LIVECLAW_IMAGE_NAMESPACE"
)


def images_env(namespace: str) -> dict[str, str]:
    """The environment naming the images a command builds or runs (``--namespace``)."""
    return {"LIVECLAW_IMAGE_NAMESPACE": namespace} if namespace else {}


def switches(**flags: bool) -> list[str]:
    """``--no-cache`` for ``no_cache=True``: the command-line flags that are on."""
    return [f"--{name.replace('_', '-')}" for name, on in flags.items() if on]


@task(help={"marker": "pytest -m expression, e.g. 'not docker'", "args": "extra pytest args"})
def test(c: Context, marker: str = "", args: str = "") -> None:
    """Run the test suite (the same command CI runs)."""
    selection = f'-m "{marker}"' if marker else ""
    c.run(f"{PY} -m pytest {selection} {args}", pty=False)


@task(help={"service": "a service name or 'all'", "seed_file": "a task's seed.json"})
def seed(c: Context, service: str = "all", seed_file: str = "", data_dir: str = "") -> None:
    """Build service DBs from a seed.json (or the embedded default data)."""
    source = f"--from {seed_file}" if seed_file else ""
    target = f"--data-dir {data_dir}" if data_dir else ""
    c.run(f"{PY} -m mock_services.cli {target} seed {service} {source}")


@task(
    help={
        "service": "shop | airline | email | calendar | expense | health | social | todolist",
        "port": "default: the service's",
    }
)
def serve(c: Context, service: str, port: int = 0, data_dir: str = "") -> None:
    """Serve one mock service on localhost (seeds its default data when no DB exists)."""
    target = f"--data-dir {data_dir}" if data_dir else ""
    chosen = f"--port {port}" if port else ""
    c.run(f"{PY} -m mock_services.cli {target} serve {service} {chosen}", pty=False)


BENCHMARKS = (
    "services",
    "images",
    "validate",
    "reliability",
    "dataset",
    "trials",
    "import",
    "instructions",
)


@task(
    positional=["name"],
    iterable=["real"],
    help={
        "name": f"{' | '.join(BENCHMARKS)} | all (positional, or --name)",
        "quick": "fewer runs, for a smoke test",
        "real": "import only: a snapshot of an upstream repository at its pin (NAME:PATH, or a "
        "folder named after the source); repeatable",
    },
)
def bench(c: Context, name: str, quick: bool = False, real: list[str] | None = None) -> None:
    """Run a benchmark; results are printed and written as JSON under bench/results/."""
    if name != "all" and name not in BENCHMARKS:
        raise Exit(f"bench: no benchmark {name!r}; expected one of {', '.join(BENCHMARKS)}, all", 2)
    if real and name != "import":
        raise Exit("bench: --real is an option of `invoke bench import` only", 2)
    extra = "".join(f" --real {shlex.quote(path)}" for path in real or [])
    for each in BENCHMARKS if name == "all" else [name]:
        c.run(f"{PY} -m bench.{each}{' --quick' if quick else ''}{extra}", pty=False)


@task(
    iterable=["task"],
    help={
        "task": "only this task (repeatable); default: every task in the binary map",
        "jobs": "parallel builds (default 2)",
        "no_cache": "rebuild every selected image without Docker's layer cache",
        "dry_run": "write the build contexts and print the plan; no Docker",
        "slim": "base image without Chromium",
        "registry": "also tag images as REGISTRY/name",
        "push": "push the REGISTRY tags (needs --registry)",
        "namespace": NAMESPACE_HELP,
    },
)
def build_images(
    c: Context,
    task: list[str] | None = None,
    jobs: int = 2,
    no_cache: bool = False,
    dry_run: bool = False,
    slim: bool = False,
    registry: str = "",
    push: bool = False,
    namespace: str = "",
) -> None:
    """Build the base, per-task base and task images (unchanged ones are reused)."""
    args = [f"--task {name}" for name in task or []] + [f"--jobs {jobs}"]
    args += switches(no_cache=no_cache, dry_run=dry_run, slim=slim, push=push)
    args += [f"--registry {registry}"] if registry else []
    c.run(f"{PY} -m taskkit.images build {' '.join(args)}", pty=False, env=images_env(namespace))


@task(help={"force": "rebuild it even if it exists"})
def bootstrap_os(c: Context, force: bool = False) -> None:
    """Make the OS image liveclawbench-os:bookworm with debootstrap + docker import."""
    c.run(f"{PY} -m taskkit.images bootstrap-os{' --force' if force else ''}", pty=False)


@task(
    iterable=["task"],
    help={
        "task": "only this task (repeatable): a name under tasks/ (or --tasks-dir), or a path",
        "tasks_dir": "validate the tasks of this folder (e.g. a build-dataset output) instead "
        "of tasks/",
        "json": "machine-readable findings",
        "rules": "list the rules and exit",
        "free_credit": "also run each task's null agent (no Docker) and flag what it earns",
    },
)
def validate(
    c: Context,
    task: list[str] | None = None,
    tasks_dir: str = "",
    json: bool = False,
    rules: bool = False,
    free_credit: bool = False,
) -> None:
    """Validate tasks/ and the registries (the same as scripts/validate_tasks.py)."""
    args = [*(shlex.quote(name) for name in task or [])]
    args += [f"--tasks-dir {shlex.quote(tasks_dir)}"] if tasks_dir else []
    args += switches(json=json, rules=rules, free_credit=free_credit)
    c.run(f"{PY} -m taskkit validate {' '.join(args)}", pty=False)


@task(
    iterable=["author"],
    help={
        "pattern": "static | service | fullstack | knowledge",
        "services": "comma-separated services, e.g. shop,email",
        "author": "'Name <email>' (repeatable)",
        "steps": "comma-separated step names: a multi-step task",
        "metadata_template": "a TOML file pre-filling task.toml",
        "no_pytest": "no Python scoring script: a custom shell test.sh",
        "mcp": "declare each service's MCP server in [[environment.mcp_servers]]",
    },
)
def new_task(
    c: Context,
    name: str,
    pattern: str,
    services: str = "",
    domain: str = "",
    difficulty: str = "",
    description: str = "",
    author: list[str] | None = None,
    no_solution: bool = False,
    no_pytest: bool = False,
    metadata_template: str = "",
    steps: str = "",
    mcp: bool = False,
) -> None:
    """Scaffold tasks/NAME with the next free case_id and rows in the three registries."""
    options = [
        ("--services", services),
        ("--domain", domain),
        ("--difficulty", difficulty),
        ("--description", description),
        ("--metadata-template", metadata_template),
        ("--steps", steps),
    ]
    args = [f"{flag} {shlex.quote(value)}" for flag, value in options if value]
    args += [f"--author {shlex.quote(a)}" for a in author or []]
    args += switches(no_solution=no_solution, no_pytest=no_pytest, mcp=mcp)
    c.run(
        f"{PY} -m taskkit new-task {shlex.quote(name)} --pattern {pattern} {' '.join(args)}",
        pty=False,
    )


@task(
    help={
        "check": "fail when the registries disagree with tasks/ (the default)",
        "write": "rewrite them from tasks/",
    }
)
def registry(c: Context, check: bool = False, write: bool = False) -> None:
    """Check (or --write) registry.json, cases_registry.csv and task-binary-map.json."""
    c.run(f"{PY} -m taskkit registry{' --write' if write else ''}", pty=False)


@task(
    help={
        "name": "the task to delete, with its entries in the three registries",
        "dry_run": "print what would be deleted and changed; change nothing",
    }
)
def remove_task(c: Context, name: str, dry_run: bool = False) -> None:
    """Delete tasks/NAME and its entries in registry.json and the binary map; its row of
    cases_registry.csv stays, marked removed, so its case_id is never given again."""
    flags = " ".join(switches(dry_run=dry_run))
    c.run(f"{PY} -m taskkit remove-task {shlex.quote(name)} {flags}", pty=False)


@task(help={"old": "the task's name now", "new": "its new name (kebab-case)"})
def rename_task(c: Context, old: str, new: str) -> None:
    """Rename a task: its folder, the registries, the Dockerfile FROM, names in its files."""
    c.run(f"{PY} -m taskkit rename-task {shlex.quote(old)} {shlex.quote(new)}", pty=False)


@task(iterable=["task"], help={"task": "a task directory (repeatable); default: all"})
def harbor_check(c: Context, task: list[str] | None = None) -> None:
    """Load and lint our tasks with the real Harbor (its venv is made when missing)."""
    c.run(f"{PY} -m taskkit harbor-check {' '.join(task or [])}", pty=False)


@task(
    iterable=["task", "sidecar"],
    help={
        "task": "only this task (repeatable); default: every task",
        "jobs": "trials in parallel (each in its own namespaces)",
        "null": "run the null agent (nothing) and print what it earns per checkpoint",
        "wrong": "run each task's wrong solutions (wrong/) and print the checkpoint matrix",
        "agent": "run this script as the agent (a folder of <step>.sh for multi-step tasks)",
        "docker": "run in the task images (needs the image builder's images)",
        "harbor": "run the real `harbor run -a oracle -e docker` on the tasks",
        "tasks_dir": "run the tasks of this folder (a build-dataset output) instead of tasks/",
        "sidecar": "a command started inside every no-Docker trial (repeatable), e.g. a judge",
        "judge": "local: the stand-in LLM judge, offline (default env: JUDGE_BASE_URL/_API_KEY)",
        "namespace": NAMESPACE_HELP + " (--docker, --harbor)",
    },
)
def oracle(
    c: Context,
    task: list[str] | None = None,
    jobs: int = 1,
    null: bool = False,
    wrong: bool = False,
    agent: str = "",
    docker: bool = False,
    harbor: bool = False,
    tasks_dir: str = "",
    sidecar: list[str] | None = None,
    judge: str = "",
    namespace: str = "",
) -> None:
    """Run trials per task: the oracle must score 1.0, null < 0.5, wrong solutions < 1.0."""
    args = [f"--task {name}" for name in task or []] + [f"--jobs {jobs}"]
    args += ["--agent null"] if null else [f"--agent {shlex.quote(agent)}"] if agent else []
    args += ["--wrong"] if wrong else []
    args += switches(docker=docker, harbor=harbor)
    args += [f"--tasks-dir {shlex.quote(tasks_dir)}"] if tasks_dir else []
    args += [f"--sidecar {shlex.quote(command)}" for command in sidecar or []]
    args += [f"--judge {shlex.quote(judge)}"] if judge else []
    c.run(f"{PY} -m taskkit oracle {' '.join(args)}", pty=False, env=images_env(namespace))


@task(
    positional=["dataset"],
    iterable=["task_ids"],
    help={
        "dataset": "the dataset folder, e.g. datasets/office-documents",
        "out": "where the task directories and <dataset>-build.json are written",
        "image": "the agent's prebuilt image (default liveclawbench-base:latest)",
        "task_ids": "only this record (repeatable)",
        "prompt_template": "the instruction's preamble (default: the packaged template)",
        "grader_source": "image | pypi | editable",
        "package_index": "the index --grader-source pypi installs from",
        "dockerfile": "copy the dataset's environment/ Dockerfile instead of --image",
        "allow_missing_document": "build records without their document (smoke tests only)",
        "verifier_network": "allowlist (only the judge; default) | public",
    },
)
def build_dataset(
    c: Context,
    dataset: str,
    out: str,
    image: str = "",
    task_ids: list[str] | None = None,
    prompt_template: str = "",
    grader_source: str = "image",
    package_index: str = "",
    dockerfile: bool = False,
    allow_missing_document: bool = False,
    verifier_network: str = "",
) -> None:
    """Build a canonical dataset into Harbor task directories."""
    options = [
        ("--image", image),
        ("--prompt-template", prompt_template),
        ("--grader-source", grader_source),
        ("--package-index", package_index),
        ("--verifier-network", verifier_network),
    ]
    args = [f"{flag} {shlex.quote(value)}" for flag, value in options if value]
    args += [f"--task-ids {' '.join(shlex.quote(i) for i in task_ids)}"] if task_ids else []
    args += switches(dockerfile=dockerfile, allow_missing_document=allow_missing_document)
    c.run(
        f"{PY} -m taskkit build-dataset {shlex.quote(dataset)} --out {shlex.quote(out)} "
        + " ".join(args),
        pty=False,
    )


@task(
    iterable=["task"],
    help={
        "registry": "where to push, e.g. 127.0.0.1:5000/liveclaw or ghcr.io/my-org",
        "out": "the dataset folder to write (default: published/)",
        "task": "only this task (repeatable); default: every task",
        "jobs": "parallel builds and pushes (default 2)",
        "slim": "base image without Chromium",
        "namespace": NAMESPACE_HELP,
    },
)
def publish(
    c: Context,
    registry: str,
    out: str = "",
    task: list[str] | None = None,
    jobs: int = 2,
    slim: bool = False,
    namespace: str = "",
) -> None:
    """Push every task image and write a dataset Harbor runs anywhere, pinned by digest."""
    args = [f"--registry {shlex.quote(registry)}", f"--jobs {jobs}"]
    args += [f"--out {shlex.quote(out)}"] if out else []
    args += [f"--task {shlex.quote(name)}" for name in task or []]
    args += switches(slim=slim)
    c.run(f"{PY} -m taskkit publish {' '.join(args)}", pty=False, env=images_env(namespace))


@task
def sources(c: Context) -> None:
    """The registered import adapters: pinned commit, licence, scoring layers, cache status."""
    c.run(f"{PY} -m taskkit sources", pty=False)


@task(help={"source": "NAME (the cached checkout of its pinned commit) or NAME:PATH"})
def cases(c: Context, source: str) -> None:
    """A source's importable task ids, one line each."""
    c.run(f"{PY} -m taskkit cases --source {shlex.quote(source)}", pty=False)


@task(
    help={
        "source": "NAME (the cached checkout of its pinned commit) or NAME:PATH",
        "tasks_dir": "an earlier import's OUT (default: import afresh into a scratch folder)",
        "limit": "only the first N tasks (0: all)",
        "jobs": "trials at a time (default 2)",
        "judge": "local (the stand-in judge, default) or none",
        "include_not_runnable": "also tasks an agent cannot run here (scored on their solutions)",
        "artefacts": "tasks without services: score what the solutions leave, without a trial",
        "work": "where upstream's venvs and scratch go (default: a temp folder)",
    }
)
def parity(
    c: Context,
    source: str,
    tasks_dir: str = "",
    limit: int = 0,
    jobs: int = 2,
    judge: str = "local",
    include_not_runnable: bool = False,
    artefacts: bool = False,
    work: str = "",
) -> None:
    """Our verifier vs upstream's own evaluator on the same trials (oracle, null, wrong)."""
    args = [f"--source {shlex.quote(source)}", f"--limit {limit}", f"--jobs {jobs}"]
    args += [f"--judge {shlex.quote(judge)}"]
    args += [f"--tasks-dir {shlex.quote(tasks_dir)}"] if tasks_dir else []
    args += [f"--work {shlex.quote(work)}"] if work else []
    args += switches(include_not_runnable=include_not_runnable, artefacts=artefacts)
    c.run(f"{PY} -m taskkit parity {' '.join(args)}", pty=False)


@task(
    name="import",
    iterable=["tasks"],
    help={
        "source": "NAME (the cached checkout of its pinned commit) or NAME:PATH",
        "tasks": "only this upstream task id (repeatable)",
        "out": "where OUT/tasks/<id>/, the registries and import-manifest.json are written",
        "strict": "leave out (as refused) every task with a lossy warning",
    },
)
def import_tasks(
    c: Context, source: str, out: str, tasks: list[str] | None = None, strict: bool = False
) -> None:
    """Import another benchmark's tasks as task directories (exit 1 on refused records)."""
    chosen = f"--tasks {' '.join(shlex.quote(t) for t in tasks)}" if tasks else ""
    c.run(
        f"{PY} -m taskkit import --source {shlex.quote(source)} --out {shlex.quote(out)} "
        f"{chosen} {' '.join(switches(strict=strict))}",
        pty=False,
    )
