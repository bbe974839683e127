"""Going on with a recorded run (``invoke oracle --record DIR --resume``): the trials its folder
holds already, read back as results, so a long sweep (every wrong solution of every task
through Harbor: hours) survives an interruption and is reported whole at its end."""

from __future__ import annotations

from pathlib import Path

from taskkit.harbor_results import read_trial_folder
from taskkit.runview.load import NotARun, load_run
from taskkit.runview.record import RUN_FILE
from taskkit.trial import TrialResult


class CannotResume(ValueError):
    """A run folder that cannot be gone on with; the message names it and what was expected."""


def finished_trials(run_dir: Path, runner: str) -> list[TrialResult]:
    """The trials of ``run_dir`` that finished without an error, one per (task, agent): a trial
    in error (a daemon that failed, a trial cut short) is run again. Refused: a folder that is
    no run of ours, or one another runner made (its trials are not this runner's evidence)."""
    if not (run_dir / RUN_FILE).is_file():
        raise CannotResume(
            f"{run_dir}: no {RUN_FILE}, so no run to go on with (start one with --record "
            f"{run_dir} and no --resume)"
        )
    try:
        run = load_run(run_dir, details=False)
    except NotARun as exc:
        raise CannotResume(str(exc)) from exc
    if run.info.runner != runner:
        raise CannotResume(
            f"{run_dir / RUN_FILE}: runner {run.info.runner!r}, not {runner!r}: go on with it "
            f"with --runner {run.info.runner}, or record this runner's trials in a new folder"
        )
    finished: dict[tuple[str, str], TrialResult] = {}
    for trial in run.trials:
        if trial.error is not None or trial.unreadable:
            continue
        folder = Path(trial.folder)
        if trial.harbor:
            result = read_trial_folder(folder, trial.task, trial.agent)
        else:
            result = TrialResult.from_json((folder / "result.json").read_text())
        result.trial_dir = str(folder)
        finished[(result.task, result.agent)] = result
    return list(finished.values())
