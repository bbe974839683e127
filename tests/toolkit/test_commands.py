"""One declaration per toolkit command (``taskkit/commands.py``): ``python -m taskkit``,
``python -m taskkit.images`` and the Invoke tasks are made from it and agree option by option;
the runners are chosen by name."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest
from invoke import Collection, Context, Program
from invoke.parser import Parser, ParserContext

import tasks
from mock_services.cli import build_parser as mock_services_parser
from taskkit.cli import build_parser, main
from taskkit.commands import COMMANDS, Command, Option
from taskkit.images.cli import build_parser as images_parser
from taskkit.invoke_tasks import toolkit_task
from taskkit.runners import RUNNERS, UnknownRunner, get_runner
from taskkit.service_commands import SERVICE_COMMANDS
from taskkit.trial import TrialResult
from taskkit.validate import validate
from tests.toolkit.conftest import Scaffold

PARSERS = {
    "taskkit": build_parser,
    "taskkit.images": images_parser,
    "mock_services.cli": mock_services_parser,
}
EVERY_COMMAND = [*COMMANDS.values(), *SERVICE_COMMANDS]
"""The toolkit's commands and the mock-services subcommands Invoke offers (seed, serve)."""
SAMPLE_TEXT = {"agent": "null", "host": "127.0.0.1"}  # values a parse= accepts


def sample(option: Option) -> Any:
    """A value of the option's kind that differs from its default."""
    if option.kind == "flag":
        return True
    if option.kind == "int":
        return 7
    if option.kind in ("many", "list"):
        return ["first", "second"]
    if option.choices:
        return option.choices[-1] if option.choices[-1] != option.default else option.choices[0]
    return SAMPLE_TEXT.get(option.name, f"value-of-{option.name}")


def sample_values(command: Command) -> dict[str, Any]:
    """Every option set, but the flags that stand for another option's value (``--null``)."""
    return {o.name: sample(o) for o in command.options if o.sets is None}


def parsed_value(option: Option, value: Any) -> Any:
    """What argparse makes of ``value`` given on the command line."""
    if option.kind in ("flag", "int"):
        return value
    convert = option.parse or str
    return [convert(v) for v in value] if isinstance(value, list) else convert(value)


def invoke_words(command: Command, values: dict[str, Any]) -> list[str]:
    """The ``invoke NAME ...`` words a user types for these values."""
    words = [command.name]
    for option in command.options:
        value = values.get(option.name)
        flag = "--" + option.name.replace("_", "-")  # Invoke's, from the parameter's name
        if option.positional and option.kind != "many":
            words.append(value)
        elif option.kind == "flag":
            words += [flag] if value else []
        elif isinstance(value, list):
            words += [w for v in value for w in (flag, v)]
        elif value is not None:
            words += [flag, str(value)]
    return words


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: c.name)
def test_argparse_reads_every_option_as_declared(command: Command) -> None:
    values = sample_values(command)
    parsed = vars(PARSERS[command.program]().parse_args(command.argv(values)))
    for option in command.options:
        if option.sets is None:
            expected = parsed_value(option, values[option.name])
            assert parsed[option.name] == expected, (
                f"{command.name} {option.flag}: gave {values[option.name]!r}, expected "
                f"{expected!r}, argparse read {parsed[option.name]!r}"
            )


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: c.name)
def test_invoke_passes_what_it_parses_to_the_same_command_line(command: Command) -> None:
    ran: list[list[str]] = []
    task = toolkit_task(command, run=lambda _c, argv: ran.append(argv))
    values = sample_values(command)
    core = ParserContext(args=Program().core_args())
    parser = Parser(initial=core, contexts=Collection(task).to_contexts())
    _core, call = parser.parse_argv(invoke_words(command, values))
    task(Context(), **call.as_kwargs)
    assert ran == [[command.program, *command.argv(values)]], (
        f"`invoke {' '.join(invoke_words(command, values))}` ran {ran}, expected "
        f"`python -m {command.program} {' '.join(command.argv(values))}`"
    )


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda c: c.name)
def test_tasks_py_offers_each_command_with_its_declared_options(command: Command) -> None:
    task = Collection.from_module(tasks)[command.name]
    declared = {o.name for o in command.options}
    offered = {argument.name for argument in task.get_arguments()}
    assert offered == declared, f"invoke {command.name}: {offered ^ declared} differ"
    positional = [o.name for o in command.options if o.positional and o.kind != "many"]
    assert task.positional == positional


@pytest.mark.parametrize(
    ("words", "option", "value"),
    [
        (["oracle", "--null"], "agent", "null"),
        (["oracle", "--docker"], "runner", "docker"),
        (["oracle", "--harbor"], "runner", "harbor"),
        (["oracle"], "runner", "local"),
        (["oracle"], "agent", "oracle"),
    ],
)
def test_an_alias_flag_sets_the_option_it_stands_for(
    words: list[str], option: str, value: str
) -> None:
    assert getattr(build_parser().parse_args(words), option) == value


def test_an_unknown_runner_names_the_known_ones() -> None:
    with pytest.raises(UnknownRunner, match="no runner 'kubernetes'; known runners: ") as error:
        get_runner("kubernetes")
    assert all(name in str(error.value) for name in ("local", "docker", "harbor"))


@pytest.mark.parametrize("name", RUNNERS)
def test_every_runner_offers_the_runner_protocol(name: str) -> None:
    module = get_runner(name).load()
    parameters = inspect.signature(module.run_many).parameters
    assert {"agents", "jobs", "root", "env", "keep"} <= set(parameters), (
        f"{name}'s run_many takes {list(parameters)}"
    )
    assert callable(module.table) and callable(module.main)


def test_registry_check_and_write_exclude_each_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--root", str(tmp_path), "registry", "--check", "--write"]) == 2
    assert "--check writes nothing and --write rewrites" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [], "registry --check --write wrote something"


def test_the_validator_runs_the_null_agent_with_the_runner_it_is_given(
    scaffold: Scaffold, repo: Path
) -> None:
    task = scaffold("idle-task", "static")
    asked: list[tuple[list[Path], list[str]]] = []

    def null_scores_high(tasks: list[Path], *, agents: list[str], **_: Any) -> list[TrialResult]:
        asked.append((tasks, agents))
        return [TrialResult(t.name, agents[0], reward=0.75) for t in tasks]

    report = validate(repo, [task], null_runner=null_scores_high)
    assert asked == [([task.resolve()], ["null"])], f"the runner was asked {asked}"
    scored = [f.message for f in report.findings if f.rule == "null-agent-scores"]
    assert scored == ["the null agent scores 0.750 (expected below 0.5)"], report.text()
    assert "null-agent-scores" not in {f.rule for f in validate(repo, [task]).findings}


def test_invoke_seed_runs_mock_services_with_its_own_spelling_of_every_option() -> None:
    """``--data-dir`` belongs to mock-services itself (before the subcommand); ``--seed-file``
    is its ``--from``."""
    (seed,) = [c for c in SERVICE_COMMANDS if c.name == "seed"]
    argv = seed.argv(
        {"data_dir": "/d", "service": "shop", "seed_file": "s.json", "require_logins": True}
    )
    assert argv == ["--data-dir", "/d", "seed", "shop", "--from", "s.json", "--require-logins"]


def test_an_invoke_positional_promises_no_default_it_cannot_keep() -> None:
    """Invoke asks for every positional, so ``invoke ui-coverage``'s help must not say "default
    all" (mock-services' own ``ui-coverage [SERVICE]`` keeps it)."""
    promised = {
        f"{command.name} {option.name}": option.described
        for command in SERVICE_COMMANDS
        for option in command.options
        if option.positional and "default" in option.described
    }
    assert promised == {}, f"positionals whose help names a default: {promised}"
    coverage = mock_services_parser().parse_args(["ui-coverage"])
    assert coverage.service == "all", "mock-services ui-coverage lost its default"


SERVE_DEFAULTS = ("--host", "127.0.0.1", "--workers", "2", "--threads", "2")


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (["serve", "shop"], ["serve", "shop", *SERVE_DEFAULTS]),
        (
            ["serve", "shop", "--port", "18234"],
            ["serve", "shop", "--port", "18234", *SERVE_DEFAULTS],
        ),
        (
            ["serve", "all", "--port-offset", "9"],
            ["serve", "all", "--port-offset", "9", *SERVE_DEFAULTS],
        ),
    ],
)
def test_invoke_serve_passes_only_the_options_given(words: list[str], expected: list[str]) -> None:
    """An int option without a default that is not given is left out (a 0 in its place made
    every `invoke serve` refuse --port with --port-offset)."""
    (serve,) = [c for c in SERVICE_COMMANDS if c.name == "serve"]
    ran: list[list[str]] = []
    task = toolkit_task(serve, run=lambda _c, argv: ran.append(argv))
    core = ParserContext(args=Program().core_args())
    parser = Parser(initial=core, contexts=Collection(task).to_contexts())
    _core, call = parser.parse_argv(words)
    task(Context(), **call.as_kwargs)
    assert ran == [["mock_services.cli", *expected]], f"`invoke {' '.join(words)}` ran {ran}"


def test_a_value_that_looks_like_a_flag_reaches_the_command_whole() -> None:
    """``invoke test --args -x`` passes ``--args=-x`` on: argparse would take ``-x`` for a flag."""
    command = COMMANDS["test"]
    argv = command.argv({"args": "-x -k layering", "marker": "not docker"})
    assert argv == ["test", "--marker", "not docker", "--args=-x -k layering"]
    parsed = build_parser().parse_args(argv)
    assert (parsed.args, parsed.marker) == ("-x -k layering", "not docker")


def test_the_images_programs_own_options_come_from_the_declaration() -> None:
    """``python -m taskkit.images --tasks-dir DIR build``: declared once, with build-images."""
    argv = COMMANDS["build-images"].argv({"tasks_dir": "/tmp/t", "per_task_dir": "/tmp/p"})
    assert argv[:5] == ["--tasks-dir", "/tmp/t", "--per-task-dir", "/tmp/p", "build"]
    parsed = images_parser().parse_args(["--tasks-dir", "/tmp/t", "bootstrap-os"])
    assert parsed.tasks_dir == Path("/tmp/t") and parsed.binary_map is None
