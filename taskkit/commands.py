"""Every toolkit command and its options, declared once.

``python -m taskkit`` and ``python -m taskkit.images`` build their argparse subcommands from
``COMMANDS`` (``add_to_parser``) and ``tasks.py`` builds its Invoke tasks from the same
(``taskkit.invoke_tasks``); an Invoke task turns its arguments back into that command line
(``Command.argv``) and runs it. So an option has one name, kind, default and help in every door;
a new command (or option) is one entry here."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from importlib import import_module
from pathlib import Path
from typing import Any, Literal, cast

from taskkit.agents import BROWSER_ALTERNATIVES, parse_agent
from taskkit.cli_dev import BENCHMARKS, FAST_TIER
from taskkit.dataset.task_files import (
    DEFAULT_IMAGE,
    DEFAULT_PACKAGE_INDEX,
    GRADER_SOURCES,
    VERIFIER_NETWORKS,
)
from taskkit.images.layout import NAMESPACE_VARIABLE
from taskkit.runners import DEFAULT_RUNNER, RUNNERS

# text: one value; flag: on or off; many: repeatable (--task a --task b); list: one flag, many
# values (--task-ids a b)
OptionKind = Literal["text", "int", "flag", "many", "list"]


@dataclass(frozen=True)
class Option:
    """One option (or positional argument) of a command."""

    name: str  # the Python name; the flag is --name with '-' for '_'
    help: str
    kind: OptionKind = "text"
    default: Any = None
    positional: bool = False
    required: bool = False
    choices: tuple[str, ...] | None = None
    parse: Callable[[str], Any] | None = None  # argparse's type= (e.g. Path)
    sets: tuple[str, str] | None = None  # a flag that means --<dest> <value> (e.g. --null)
    spelling: str = ""  # the flag where the program spells it otherwise (mock-services' --from)
    leading: bool = False  # the program's own option, written before the subcommand

    @property
    def flag(self) -> str:
        return self.spelling or "--" + self.name.replace("_", "-")

    @property
    def described(self) -> str:
        """The help with the choices and the default it does not already name."""
        notes = []
        if self.choices and not all(choice in self.help for choice in self.choices):
            notes.append(" | ".join(self.choices))
        if self.default not in (None, "", []) and "default" not in self.help:
            notes.append(f"default {self.default}")
        return self.help + (f" ({'; '.join(notes)})" if notes else "")


@dataclass(frozen=True)
class Command:
    """A subcommand of ``python -m <program>``: its Invoke name, what it does, its options and
    the function (``module:function``, imported when run) that takes the parsed arguments."""

    name: str  # the Invoke task's name; also the subcommand's unless ``subcommand`` says
    summary: str  # one line, for ``python -m <program> --help``
    doc: str  # the Invoke task's docstring (``invoke --list`` shows its first line)
    handler: str
    options: tuple[Option, ...] = field(default=())
    program: str = "taskkit"  # the module run as ``python -m``
    subcommand: str = ""
    serves: bool = False
    """It runs until stopped (a server): SIGTERM and SIGINT sent to ``invoke`` are passed on."""

    @property
    def task_name(self) -> str:
        return self.name.replace("-", "_")

    @property
    def word(self) -> str:
        """The subcommand on ``python -m <program>``'s command line."""
        return self.subcommand or self.name

    def function(self) -> Callable[[argparse.Namespace], int]:
        """The function that runs the command (imported now: a command loads what it uses)."""
        module, name = self.handler.split(":")
        return cast(Callable[[argparse.Namespace], int], getattr(import_module(module), name))

    def argv(self, values: Mapping[str, Any]) -> list[str]:
        """The command line (after ``python -m <program>``) that gives these option values."""
        leading, words = [], [self.word]
        for option in self.options:
            value = values.get(option.name)
            if option.leading:
                leading += [option.flag, str(value)] if value not in (None, "") else []
                continue
            if option.positional:
                words += [str(v) for v in value or []] if option.kind == "many" else [str(value)]
            elif option.kind == "flag":
                words += [option.flag] if value else []
            elif option.kind == "many":
                words += [word for v in value or [] for word in (option.flag, str(v))]
            elif option.kind == "list":
                words += [option.flag, *map(str, value)] if value else []
            elif value not in (None, ""):  # joined when it looks like a flag: --args=-x
                text = str(value)
                words += [f"{option.flag}={text}"] if text.startswith("-") else [option.flag, text]
        return leading + words


def add_to_parser(command: Command, parser: argparse.ArgumentParser) -> None:
    """``command``'s options as argparse arguments of ``parser`` (``args.declaration`` is the
    command, to run)."""
    parser.set_defaults(declaration=command)
    for option in command.options:
        if option.leading:  # the program's own: add_leading_options
            continue
        if option.positional:
            nargs = "*" if option.kind == "many" else None
            parse = option.parse or str
            parser.add_argument(option.name, nargs=nargs, type=parse, help=option.described)
        elif option.sets is not None:
            dest, value = option.sets
            parser.add_argument(
                option.flag, dest=dest, action="store_const", const=value, help=option.described
            )
        elif option.kind == "flag":
            parser.add_argument(option.flag, action="store_true", help=option.described)
        else:
            parser.add_argument(option.flag, **_value_options(option))


def add_leading_options(commands: list[Command], parser: argparse.ArgumentParser) -> None:
    """The program's own options that ``commands`` declare (``leading``, written before the
    subcommand), each once, as arguments of the program's ``parser``."""
    options = {o.name: o for command in commands for o in command.options if o.leading}
    for option in options.values():
        parser.add_argument(option.flag, **_value_options(option))


def _value_options(option: Option) -> dict[str, Any]:
    """argparse keywords of an option that takes a value."""
    keywords: dict[str, Any] = {
        "help": option.described,
        "required": option.required,
        "choices": option.choices,
        "type": int if option.kind == "int" else option.parse,
        "default": option.default,
    }
    if option.kind == "many":
        keywords |= {"action": "append", "default": list(option.default or [])}
    elif option.kind == "list":
        keywords |= {"nargs": "+", "metavar": "ID"}
    return keywords


def commands_of(program: str) -> list[Command]:
    """The commands of ``python -m <program>``, in declaration order."""
    return [each for each in COMMANDS.values() if each.program == program]


def resolved_path(value: str) -> Path:
    return Path(value).resolve()


NAMESPACE = Option(
    "namespace",
    "tag this checkout's images NAME instead of latest (liveclawbench-base:NAME), so other "
    f"checkouts on the Docker daemon keep theirs; default: ${NAMESPACE_VARIABLE}",
)
SOURCE = Option(
    "source", "NAME (the cached checkout of its pinned commit) or NAME:PATH", required=True
)


TASKS_DIR = Option(
    "tasks_dir",
    "the tasks of this folder (e.g. a build-dataset output) instead of tasks/",
    parse=resolved_path,
)
SLIM = Option("slim", "base image without Chromium", kind="flag")
IMAGES_LAYOUT = (  # python -m taskkit.images --tasks-dir DIR build: the program's own options
    replace(TASKS_DIR, leading=True),
    Option(
        "binary_map",
        "the binary map (default: metadata/task-binary-map.json)",
        parse=Path,
        leading=True,
    ),
    Option(
        "per_task_dir",
        "where the per-task build contexts go (default: images/per_task/)",
        parse=Path,
        leading=True,
    ),
)


def _task_list(help_text: str) -> Option:
    return Option("task", help_text, kind="many")


_COMMANDS = (
    Command(
        "validate",
        "check tasks/ and the registries",
        "Validate tasks/ and the registries (the same as scripts/validate_tasks.py).",
        "taskkit.cli_tasks:cmd_validate",
        (
            Option(
                "task",
                "only this task (repeatable): a name under tasks/ (or --tasks-dir), or a path",
                kind="many",
                positional=True,
            ),
            TASKS_DIR,
            Option("json", "machine-readable findings", kind="flag"),
            Option("rules", "list the rules and exit", kind="flag"),
            Option(
                "free_credit",
                "also run each task's null agent (no Docker) and flag what it earns",
                kind="flag",
            ),
            Option("repo", "repository root (default: this one)", parse=Path),
        ),
    ),
    Command(
        "new-task",
        "scaffold a task directory",
        "Scaffold tasks/NAME with the next free case_id and rows in the three registries.",
        "taskkit.cli_tasks:cmd_new_task",
        (
            Option("name", "the task's name (kebab-case)", positional=True),
            Option(
                "pattern",
                "static | service | fullstack | knowledge",
                required=True,
                choices=("static", "service", "fullstack", "knowledge"),
            ),
            Option("services", "comma-separated services, e.g. shop,email"),
            Option("domain", "the task's domain, e.g. 'Calendar & Task Mgmt'"),
            Option("difficulty", "easy | medium | hard", choices=("easy", "medium", "hard")),
            Option("description", "one sentence: what the task asks"),
            Option("author", "'Name <email>' (repeatable)", kind="many"),
            Option("no_solution", "no solution/ folder", kind="flag"),
            Option("no_pytest", "no Python scoring script: a custom shell test.sh", kind="flag"),
            Option("metadata_template", "a TOML file pre-filling task.toml", parse=Path),
            Option("steps", "comma-separated step names: a multi-step task"),
            Option(
                "mcp",
                "declare each service's MCP server (streamable HTTP at its /mcp) in "
                "[[environment.mcp_servers]]",
                kind="flag",
            ),
        ),
    ),
    Command(
        "new-service",
        "scaffold a service on the kit",
        "Scaffold mock_services/NAME: a working service on the kit, with its tests, registered.",
        "taskkit.cli_tasks:cmd_new_service",
        (
            Option(
                "name", "the service's name (2-20 lowercase letters and digits)", positional=True
            ),
            Option("title", "what its pages and guide call it (default: the name, capitalised)"),
            Option(
                "port", "its port (default: the first free one from 5100)", kind="int", default=0
            ),
            Option("domain", "its LiveClawBench domain (default: 'Documents & Knowledge')"),
        ),
    ),
    Command(
        "registry",
        "check (default) or --write the registries",
        "Check (or --write) registry.json, cases_registry.csv and task-binary-map.json.",
        "taskkit.cli_tasks:cmd_registry",
        (
            Option(
                "check",
                "fail when the registries disagree with tasks/, writing nothing (the default; "
                "not with --write)",
                kind="flag",
            ),
            Option("write", "rewrite them from tasks/, then check", kind="flag"),
        ),
    ),
    Command(
        "remove-task",
        "delete a task and its registry entries",
        "Delete tasks/NAME and its entries in registry.json and the binary map; its row of "
        "cases_registry.csv stays, marked removed, so its case_id is never given again.",
        "taskkit.cli_tasks:cmd_remove_task",
        (
            Option(
                "name",
                "the task to delete, with its entries in the three registries",
                positional=True,
            ),
            Option(
                "dry_run", "print what would be deleted and changed; change nothing", kind="flag"
            ),
        ),
    ),
    Command(
        "rename-task",
        "rename a task: folder, registries, FROM, names in its files",
        "Rename a task: its folder, the registries, the Dockerfile FROM, names in its files.",
        "taskkit.cli_tasks:cmd_rename_task",
        (
            Option("old", "the task's name now", positional=True),
            Option("new", "its new name (kebab-case)", positional=True),
        ),
    ),
    Command(
        "harbor-check",
        "load and lint tasks with the real Harbor",
        "Load and lint our tasks with the real Harbor (its venv is made when missing).",
        "taskkit.cli_tasks:cmd_harbor_check",
        (
            Option(
                "task",
                "a task name or directory (repeatable); default: all",
                kind="many",
                positional=True,
            ),
        ),
    ),
    Command(
        "oracle",
        "run trials per task with a runner (--runner local | docker | harbor)",
        "Run trials per task: the oracle must score 1.0, null < 0.5, wrong solutions < 1.0.",
        "taskkit.cli_oracle:cmd_oracle",
        (
            _task_list("only this task (repeatable); default: every task"),
            Option("jobs", "trials in parallel", kind="int", default=1),
            Option(
                "agent",
                "oracle, null, ui, browser-alternatives, or the path of a script to run as the "
                "agent (a folder of <step>.sh for a multi-step task)",
                default="oracle",
                parse=parse_agent,
            ),
            Option(
                "null",
                "run the null agent (nothing) and print what it earns per checkpoint "
                "(--agent null)",
                kind="flag",
                sets=("agent", "null"),
            ),
            Option(
                "ui",
                "run each task's UI solution (solution/ui.py: the task done in Chromium through "
                "the web UIs only), which must score 1.0 (--agent ui; local and docker runners)",
                kind="flag",
                sets=("agent", "ui"),
            ),
            Option(
                "wrong",
                "run each task's wrong solutions (wrong/) and print the checkpoint matrix",
                kind="flag",
            ),
            Option(
                "browser_alternatives",
                "run each task's correct alternatives that drive Chromium (alternatives/*.sh "
                "importing mock_services.browser), each of which must score 1.0 (--agent "
                "browser-alternatives; local and docker runners)",
                kind="flag",
                sets=("agent", BROWSER_ALTERNATIVES),
            ),
            Option("json", "machine-readable results", kind="flag"),
            Option(
                "record",
                "write the run into this new folder for `invoke view`: each trial's calls, "
                "the rows they changed, its checkpoints and logs",
                parse=resolved_path,
            ),
            Option(
                "resume",
                "go on with the run in --record DIR (made by the same runner): each trial it "
                "holds that finished without an error is not run again, and the report "
                "covers them all",
                kind="flag",
            ),
            TASKS_DIR,
            Option(
                "sidecar",
                "a command started inside every trial of the local runner (repeatable), e.g. "
                "a judge on loopback",
                kind="many",
            ),
            Option(
                "judge",
                "the LLM judge: env (JUDGE_BASE_URL/JUDGE_API_KEY; unset: the judged task is "
                "'not scored'), or local: the stand-in judge the tests use, offline",
                default="env",
                choices=("env", "local"),
            ),
            Option(
                "runner",
                "; ".join(f"{r.name}: {r.summary}" for r in RUNNERS.values()),
                default=DEFAULT_RUNNER,
                choices=tuple(RUNNERS),
            ),
            Option("docker", "--runner docker", kind="flag", sets=("runner", "docker")),
            Option("harbor", "--runner harbor", kind="flag", sets=("runner", "harbor")),
            NAMESPACE,
        ),
    ),
    Command(
        "view",
        "the results viewer over a run folder (ours or Harbor's)",
        "The results viewer: a run's trials, checkpoints, calls and the rows they changed.",
        "taskkit.runview.cli:cmd_view",
        (
            Option(
                "path",
                "a run folder (`invoke oracle --record DIR`) or Harbor's jobs folder",
                positional=True,
                parse=resolved_path,
            ),
            Option(
                "out",
                "write the pages into this folder instead of serving them",
                parse=resolved_path,
            ),
            Option(
                "compare",
                "a second run to show side by side with the first",
                parse=resolved_path,
            ),
            Option(
                "port", "the loopback port to serve on (0: any free one)", kind="int", default=8765
            ),
        ),
        serves=True,
    ),
    Command(
        "build-dataset",
        "build a canonical dataset into Harbor tasks",
        "Build a canonical dataset into Harbor task directories.",
        "taskkit.cli_dataset:cmd_build_dataset",
        (
            Option(
                "dataset",
                "the dataset folder (dataset.json, ...), e.g. datasets/office-documents",
                positional=True,
                parse=Path,
            ),
            Option(
                "out",
                "where the task directories and <dataset>-build.json are written",
                required=True,
                parse=Path,
            ),
            Option("image", "the agent's prebuilt image", default=DEFAULT_IMAGE),
            Option("task_ids", "only these records", kind="list"),
            Option(
                "prompt_template",
                "the instruction's preamble (default: the packaged template)",
                parse=Path,
            ),
            Option(
                "grader_source",
                "where the grader comes from",
                default="image",
                choices=GRADER_SOURCES,
            ),
            Option(
                "package_index",
                "the index --grader-source pypi installs from",
                default=DEFAULT_PACKAGE_INDEX,
            ),
            Option(
                "dockerfile",
                "copy the dataset's environment/ (Dockerfile and context) instead of --image",
                kind="flag",
            ),
            Option(
                "verifier_network",
                "the separate verifier's network: only the judge (allowlist, default), or "
                "public for a provider that cannot enforce an allowlist (Harbor's docker one, "
                "offline)",
                default="allowlist",
                choices=VERIFIER_NETWORKS,
            ),
            Option(
                "allow_missing_document",
                "build records without their document, with a visible placeholder (smoke "
                "tests only)",
                kind="flag",
            ),
        ),
    ),
    Command(
        "dataset-schema",
        "write the dataset JSON Schemas",
        "Write the dataset JSON Schemas (taskkit/dataset/schema/).",
        "taskkit.cli_dataset:cmd_dataset_schema",
    ),
    Command(
        "publish",
        "push the task images, write a pinned dataset",
        "Push every task image and write a dataset Harbor runs anywhere, pinned by digest.",
        "taskkit.cli_dataset:cmd_publish",
        (
            Option(
                "registry",
                "where to push, e.g. 127.0.0.1:5000/liveclaw or ghcr.io/my-org",
                required=True,
            ),
            Option("out", "the dataset folder to write (default: published/)", parse=Path),
            _task_list("only this task (repeatable); default: every task"),
            Option("jobs", "parallel builds and pushes", kind="int", default=2),
            SLIM,
            NAMESPACE,
        ),
    ),
    Command(
        "build-images",
        "build base, per-task base and task images",
        "Build the base, per-task base and task images (unchanged ones are reused).",
        "taskkit.images.cli:cmd_build",
        (
            _task_list("only this task (repeatable); default: every task in the binary map"),
            Option("jobs", "parallel builds", kind="int", default=2),
            Option(
                "no_cache", "rebuild every selected image without Docker's layer cache", kind="flag"
            ),
            Option(
                "dry_run", "write the build contexts and print the plan; no Docker", kind="flag"
            ),
            SLIM,
            Option("registry", "also tag images as REGISTRY/name"),
            Option("push", "push the REGISTRY tags (needs --registry)", kind="flag"),
            Option("quiet", "only the closing table", kind="flag"),
            NAMESPACE,
            *IMAGES_LAYOUT,
        ),
        program="taskkit.images",
        subcommand="build",
    ),
    Command(
        "bootstrap-os",
        "debootstrap + docker import the OS image",
        "Make the OS image liveclawbench-os:bookworm with debootstrap + docker import.",
        "taskkit.images.cli:cmd_bootstrap",
        (
            Option("force", "rebuild it even if it exists", kind="flag"),
            Option("mirror", "the Debian mirror (default: deb.debian.org)"),
        ),
        program="taskkit.images",
    ),
    Command(
        "sources",
        "the registered import adapters",
        "The registered import adapters: pinned commit, licence, scoring layers, cache status.",
        "taskkit.importers.cli:cmd_sources",
    ),
    Command(
        "cases",
        "a source's importable tasks",
        "A source's importable task ids, one line each.",
        "taskkit.importers.cli:cmd_cases",
        (SOURCE,),
    ),
    Command(
        "import",
        "import a source's tasks as task directories",
        "Import another benchmark's tasks as task directories (exit 1 on refused records).",
        "taskkit.importers.cli:cmd_import",
        (
            SOURCE,
            Option("tasks", "only these upstream task ids", kind="list"),
            Option(
                "out",
                "where OUT/tasks/<id>/, the registries and import-manifest.json are written",
                required=True,
                parse=Path,
            ),
            Option("strict", "leave out (as refused) every task with a lossy warning", kind="flag"),
        ),
    ),
    Command(
        "parity",
        "score an imported source's trials by us and by upstream's evaluator",
        "Our verifier vs upstream's own evaluator on the same trials (oracle, null, wrong).",
        "taskkit.parity.harness:main",
        (
            SOURCE,
            Option(
                "tasks_dir",
                "an earlier import's OUT (default: import afresh into a scratch folder)",
                parse=Path,
            ),
            Option("jobs", "trials at a time", kind="int", default=2),
            Option("limit", "only the first N tasks (0: all)", kind="int", default=0),
            Option(
                "judge",
                "local: the stand-in judge for both sides (default); none: judged parts not scored",
                default="local",
                choices=("none", "local"),
            ),
            Option(
                "include_not_runnable",
                "also tasks an agent cannot run here, scored on what their solutions leave",
                kind="flag",
            ),
            Option(
                "artefacts",
                "score a task without services on what its solutions leave, without a trial",
                kind="flag",
            ),
            Option("work", "upstream venvs and scratch (default: a temp folder)", parse=Path),
        ),
    ),
    Command(
        "test",
        "run the test suite",
        "Run the test suite (the same command CI runs); ``--fast``: the tests that start "
        "nothing; ``--sweep``: the sampled sweeps whole (fuzzing and accessibility on every "
        "service's pages).",
        "taskkit.cli_dev:cmd_test",
        (
            Option("marker", "pytest -m expression, e.g. 'not docker'", default=""),
            Option("args", "extra pytest args", default=""),
            Option(
                "fast",
                f"only the tier that starts nothing (-m '{FAST_TIER}'), for the edit loop",
                kind="flag",
            ),
            Option(
                "sweep",
                "every case of the sampled sweeps (tests marked sweep), not their sample",
                kind="flag",
            ),
        ),
    ),
    Command(
        "bench",
        "run a benchmark",
        "Run a benchmark; results are printed and written as JSON under bench/results/.",
        "taskkit.cli_dev:cmd_bench",
        (
            Option(
                "name",
                f"{' | '.join(BENCHMARKS)} | all (positional, or --name)",
                positional=True,
            ),
            Option("quick", "fewer runs, for a smoke test", kind="flag"),
            Option(
                "real",
                "import only: a snapshot of an upstream repository at its pin (NAME:PATH, or a "
                "folder named after the source); repeatable",
                kind="many",
            ),
        ),
    ),
)
COMMANDS: dict[str, Command] = {each.name: each for each in _COMMANDS}
