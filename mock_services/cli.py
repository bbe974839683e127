"""``mock-services``: list, serve, seed, reset, export and snapshot the mock services, and
check that each web UI does what its API does."""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mock_services.core.base.exact_options import ExactOptions
from mock_services.core.base.pipes import reader_gone
from mock_services.core.base.settings import Settings

if TYPE_CHECKING:
    from mock_services.core.spec.service import ServiceSpec

# The web stack and the services are imported inside each command: ``serve`` hands off to a
# supervising server process that must start fast and never needs them.


def _targets(name: str) -> list[ServiceSpec]:
    """The services a command acts on: one (by name or ``module:ATTRIBUTE``) or 'all'."""
    from mock_services.registry import all_specs, get_spec  # lazy: a fast start

    return list(all_specs().values()) if name == "all" else [get_spec(name)]


def cmd_list(args: argparse.Namespace) -> None:
    from mock_services.core.data.db import make_engine, read_meta  # lazy: a fast start
    from mock_services.registry import all_specs  # lazy: a fast start

    settings = Settings.from_env(args.data_dir)
    print(f"{'service':<10} {'port':>5}  {'state':<10} title")
    for name, spec in all_specs().items():
        path = settings.db_path(name)
        state = "missing"
        if path.exists():
            engine = make_engine(path, read_only=True)
            state = "seeded" if "seed_hash" in read_meta(engine) else "unseeded"
            engine.dispose()
        print(f"{name:<10} {spec.port:>5}  {state:<10} {spec.title}")


class UsageError(ValueError):
    """Options that do not go together; the message says what works instead."""


def cmd_serve(args: argparse.Namespace) -> None:
    if args.service == "all":
        from mock_services.serve_all import serve_all  # lazy: a fast start

        if args.port is not None:
            raise UsageError(
                "--port moves one service; 'serve all' moves every port with --port-offset K "
                "(each service on its own port + K: --port-offset 10000 serves the shop on "
                "11234 and email on 15001)"
            )
        settings = Settings.from_env(args.data_dir)
        serve_all(settings, workers=args.workers, port_offset=args.port_offset or 0)
        return
    if args.port_offset is not None:
        raise UsageError(
            f"--port-offset moves every port of 'serve all'; serve {args.service} on another "
            "port with --port PORT"
        )
    from mock_services.core.serve.server import serve  # lazy: a fast start
    from mock_services.registry import get_spec  # lazy: a fast start

    serve(
        args.service,
        get_spec,
        "mock_services.wsgi:app_factory",
        port=args.port,
        host=args.host,
        data_dir=args.data_dir,
        workers=args.workers,
        threads=args.threads,
    )


def cmd_seed(args: argparse.Namespace) -> None:
    from mock_services.core.seeding.seed import SeedError, TaskSeed  # lazy: a fast start
    from mock_services.core.seeding.serving import unserved  # lazy: a fast start
    from mock_services.core.serve.seeding import seed_read, seed_service  # lazy: a fast start
    from mock_services.registry import SpecIndex, get_spec  # lazy: a fast start

    if args.require_logins and not args.seed_file:
        raise SeedError("--require-logins needs --from FILE: the default data names no logins")
    settings = Settings.from_env(args.data_dir)
    if args.seed_file:
        index = SpecIndex([] if args.service == "all" else [args.service])
        only = None if args.service == "all" else get_spec(args.service).name
        task_seed = TaskSeed.read(args.seed_file, index)
        seeded = seed_read(
            index, task_seed, settings, only=only, require_logins=args.require_logins
        )
        for path in seeded:
            default = f" (default data: {args.seed_file} has no {path.stem!r} section)"
            print(f"seeded {path}{default if path.stem not in task_seed.sections else ''}")
        return
    specs = _targets(args.service)
    with unserved(settings, [spec.name for spec in specs], "seed"):  # all of them, or none
        for spec in specs:
            source = f"{spec.name} default seed"
            path = seed_service(spec, spec.default_seed(), settings, source=source)
            print(f"seeded {path} (default data)")


def cmd_reset(args: argparse.Namespace) -> None:
    from mock_services.core.seeding.serving import unserved  # lazy: a fast start
    from mock_services.core.web.runtime import restore_pristine  # lazy: a fast start

    settings = Settings.from_env(args.data_dir)
    specs = _targets(args.service)
    with unserved(settings, [spec.name for spec in specs], "reset"):
        for spec in specs:
            restore_pristine(settings, spec.name)
            print(f"reset {settings.db_path(spec.name)} to its seed")


def cmd_export(args: argparse.Namespace) -> None:
    from mock_services.core.seeding.seed import SeedError, export_task  # lazy: a fast start

    settings = Settings.from_env(args.data_dir)
    specs = _targets(args.service)
    if args.service == "all":
        specs = [spec for spec in specs if settings.db_path(spec.name).exists()]
        if not specs:
            raise SeedError(f"{settings.data_dir}: no service DB to export; seed one first")
    text = json.dumps(export_task(specs, settings), indent=2, ensure_ascii=False) + "\n"
    if args.out:
        args.out.write_text(text)
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)


def cmd_snapshot(args: argparse.Namespace) -> None:
    from mock_services.core.web.admin import snapshot_db  # lazy: a fast start

    settings = Settings.from_env(args.data_dir)
    for spec in _targets(args.service):
        print(f"saved {snapshot_db(settings, spec.name, args.name)}")


def cmd_world(args: argparse.Namespace) -> None:
    from mock_services.core.data.world_marks import mark_data_dir  # lazy: a fast start

    settings = Settings.from_env(args.data_dir)
    if args.edge == "replay":
        _replay(settings, args)
        return
    names = None if args.service == "all" else [spec.name for spec in _targets(args.service)]
    marked = mark_data_dir(settings.data_dir, args.edge, names)
    verb = {"arm": "armed", "start": "started", "end": "ended"}[args.edge]
    print(f"agent phase {verb}: {', '.join(marked) or 'no service newly marked'}")


def _replay(settings: Settings, args: argparse.Namespace) -> None:
    from mock_services.core.seeding.serving import unserved  # lazy: a fast start
    from mock_services.core.serve.replay import replay_service  # lazy: a fast start

    if args.calls is None:
        raise UsageError("world replay needs --calls FILE (a trial folder's calls.json)")
    try:
        calls = json.loads(args.calls.read_text())
    except (OSError, ValueError) as exc:
        raise UsageError(f"--calls {args.calls}: {exc}") from None
    if not isinstance(calls, list):
        raise UsageError(f"--calls {args.calls}: expected a list of calls (a calls.json)")
    specs = _targets(args.service)
    if args.service == "all":
        specs = [spec for spec in specs if settings.db_path(spec.name).exists()]
    with unserved(settings, [spec.name for spec in specs], "replay"):
        for spec in specs:
            count = replay_service(spec, settings, calls)
            print(f"replayed {count} logged calls on {spec.name}")


def cmd_mcp(args: argparse.Namespace) -> None:
    from mock_services.core.mcp.stdio_transport import serve_stdio  # lazy: a fast start
    from mock_services.registry import get_spec  # lazy: a fast start

    url = args.url or f"http://{args.host}:{get_spec(args.service).port}/mcp"
    serve_stdio(url, args.token or os.environ.get("MOCK_MCP_TOKEN"))


def cmd_ui_coverage(args: argparse.Namespace) -> int:
    from mock_services.ui_coverage import as_json, report, services_coverage  # lazy: a fast start

    results = list(services_coverage([spec.name for spec in _targets(args.service)]))
    if args.json:
        print(json.dumps(as_json(results), indent=2))
    else:
        print("\n".join(line for result in results for line in report(result)))
    gaps = sum(len(result.gaps) for result in results)
    if gaps:
        print(
            f"{gaps} gaps: give each operation a page (page(shows=...)) or a form "
            "(page(operation=...)) that a user reaches by links from /",
            file=sys.stderr,
        )
    return 1 if gaps else 0


def cmd_screenshots(args: argparse.Namespace) -> None:
    from mock_services.screenshots import default_folder, take  # lazy: a fast start

    for spec in _targets(args.service):
        out = args.out / spec.name if args.out else default_folder(spec)
        for path in take(spec, out):
            print(path)


def whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def port_number(text: str) -> int:
    """A TCP port, 1-65535 (argparse's ``type``: its error names the option)."""
    value = whole_number(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (1-65535)")
    return value


def positive_int(text: str) -> int:
    """A whole number of at least 1 (argparse's ``type``)."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def ip_address(text: str) -> str:
    """An IPv4 or IPv6 address to listen on (a host name is not resolved)."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IP address (e.g. 127.0.0.1, or 0.0.0.0 for every interface)"
        ) from None


def _add_serve(sub: argparse._SubParsersAction[ExactOptions]) -> None:
    """``serve``: one service or all, on which port, host, workers and threads."""
    serve = sub.add_parser(
        "serve",
        help="serve one service, or 'all' on their own ports "
        "(each seeds its default data when it has no DB)",
    )
    serve.add_argument("service", help="a service name or 'all'")
    serve.add_argument(
        "--port", type=port_number, default=None, help="one service's port (default: its own)"
    )
    serve.add_argument(
        "--port-offset",
        type=int,
        default=None,
        metavar="K",
        help="'serve all' only: every service on its own port + K (10000: shop 11234, email "
        "15001, ...), wired to each other there",
    )
    serve.add_argument(
        "--host", type=ip_address, default="127.0.0.1", help="the IP address to listen on"
    )
    serve.add_argument(
        "--workers", type=positive_int, default=2, help="worker processes per service"
    )
    serve.add_argument(
        "--threads",
        type=positive_int,
        default=2,
        help="request threads per worker (more than 2 only contend for the GIL on 2 cores)",
    )
    serve.set_defaults(func=cmd_serve)


def _add_seed(sub: argparse._SubParsersAction[ExactOptions]) -> None:
    """``seed``: a task's seed.json or the default data."""
    seed = sub.add_parser("seed", help="build DBs from a task's seed.json or the default data")
    seed.add_argument("service", help="a service name or 'all'")
    seed.add_argument(
        "--from",
        dest="seed_file",
        type=Path,
        default=None,
        help="a task's seed.json (default: the service's embedded default data)",
    )
    seed.add_argument(
        "--require-logins",
        action="store_true",
        help='refuse a --from file without "logins" (a task image: the agent may use only the '
        "accounts its instruction names; every other account is locked)",
    )
    seed.set_defaults(func=cmd_seed)


def _add_mcp(sub: argparse._SubParsersAction[ExactOptions]) -> None:
    """``mcp``: the stdio bridge to a running service's ``/mcp``."""
    mcp = sub.add_parser(
        "mcp",
        help="serve a running service's MCP tools over stdio (a bridge to its /mcp endpoint)",
    )
    mcp.add_argument("service")
    mcp.add_argument("--host", default="127.0.0.1")
    mcp.add_argument("--url", default=None, help="default: http://HOST:<service port>/mcp")
    mcp.add_argument(
        "--token", default=None, help="a bearer token for every call (default: $MOCK_MCP_TOKEN)"
    )
    mcp.set_defaults(func=cmd_mcp)


DATA_DIR_HELP = (
    "where <service>.db files live (default: $MOCK_DATA_DIR, else /var/lib/mock-data when "
    "writable, else $XDG_DATA_HOME/mock-services or ~/.local/share/mock-services); before or "
    "after the subcommand"
)


def build_parser() -> argparse.ArgumentParser:
    parser = ExactOptions(prog="mock-services", description=__doc__)
    parser.add_argument("--data-dir", type=Path, default=None, help=DATA_DIR_HELP)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ExactOptions)
    sub.add_parser("list", help="the services, their ports and DB state").set_defaults(
        func=cmd_list
    )
    _add_serve(sub)
    _add_seed(sub)
    for name, func, text in (
        ("reset", cmd_reset, "put a DB back to its seeded state"),
        (
            "export",
            cmd_export,
            "write DBs back out as a task seed.json (every seeded DB for 'all'), read-only",
        ),
        ("snapshot", cmd_snapshot, "save a consistent copy of a DB"),
    ):
        command = sub.add_parser(name, help=text)
        command.add_argument("service", help="a service name or 'all'")
        command.set_defaults(func=func)
    _add_mcp(sub)
    world = sub.add_parser(
        "world",
        help="arm, start or end the agent phase in DBs (a running clock moves and world "
        "events fire in between; runners and the task image's entrypoint do it), or replay a "
        "trial's calls",
    )
    world.add_argument(
        "edge",
        choices=("arm", "start", "end", "replay"),
        help="arm: the agent phase starts at the agent's first request (what runners do once "
        "the services are ready); start: now; end: the clock stops, nothing fires; replay: put "
        "the DB back to its seed and make a trial's logged calls again, each at its recorded "
        "world time (then 'export' shows the end state)",
    )
    world.add_argument("service", help="a service name or 'all' (every seeded DB)")
    world.add_argument("--calls", type=Path, default=None, help="a trial folder's calls.json")
    world.set_defaults(func=cmd_world)
    coverage = sub.add_parser(
        "ui-coverage",
        help="each API operation with the web UI page or form that does it, found by "
        "following the UI's links as every seeded user; exit 1 on a gap",
    )
    coverage.add_argument("service", nargs="?", default="all", help="a service name or 'all'")
    coverage.add_argument("--json", action="store_true", help="print the result as JSON")
    coverage.set_defaults(func=cmd_ui_coverage)
    pictures = sub.add_parser(
        "screenshots",
        help="PNGs of each service's start, list and record pages as its first seeded user sees "
        "them (headless Chromium)",
    )
    pictures.add_argument("service", nargs="?", default="all", help="a service name or 'all'")
    pictures.add_argument(
        "--out",
        type=Path,
        default=None,
        help="a folder for <service>/*.png (default: each service's own screenshots/)",
    )
    pictures.set_defaults(func=cmd_screenshots)
    sub.choices["export"].add_argument("--out", type=Path, default=None)
    sub.choices["snapshot"].add_argument("--name", required=True)
    for command in sub.choices.values():  # after the subcommand too: there, only when given
        command.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help=DATA_DIR_HELP)
    return parser


def _user_error(exc: Exception) -> str | None:
    """The message of an error caused by the user's input, or None for a bug."""
    from mock_services.browser import BrowserUnavailable  # lazy: a fast start
    from mock_services.core.base.errors import ApiError  # lazy: a fast start
    from mock_services.core.base.lifecycle import PortInUse  # lazy: a fast start
    from mock_services.core.data.world_marks import WorldMarkError  # lazy: a fast start
    from mock_services.core.seeding.seed import SeedError  # lazy: a fast start
    from mock_services.core.seeding.serving import ServedNow  # lazy: a fast start
    from mock_services.core.serve.process import ServiceStartError  # lazy: a fast start
    from mock_services.core.serve.replay import ReplayError  # lazy: a fast start
    from mock_services.registry import UnknownService  # lazy: a fast start
    from mock_services.serve_all import PortOutOfRange, ServiceDied  # lazy: a fast start

    if isinstance(exc, ApiError):
        return exc.message
    if isinstance(
        exc,
        SeedError
        | UnknownService
        | PortInUse
        | ServedNow
        | UsageError
        | PortOutOfRange
        | ServiceDied
        | ServiceStartError
        | BrowserUnavailable
        | WorldMarkError
        | ReplayError,
    ):
        return str(exc)
    return None


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code = args.func(args) or 0
        sys.stdout.flush()  # here, where a closed pipe is caught, not at the interpreter's exit
    except BrokenPipeError:
        return reader_gone()
    except Exception as exc:
        message = _user_error(exc)
        if message is None:
            raise
        print(f"error: {message}", file=sys.stderr)
        return 1
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
