"""The viewer's pages: ``index.html`` (the run), ``trials/<id>.html`` (one trial), and with a
second run ``compare.html`` (its trials under ``right/``), with the vendored stylesheet and
script. ``write_site`` writes them all (a folder any browser opens); ``Site`` renders one at a
time, as the server asks for it."""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from taskkit.runview.load import with_details
from taskkit.runview.model import Run, Trial
from taskkit.runview.summary import compare, matrices, state_diff, summaries

HERE = Path(__file__).parent
STATIC = HERE / "static"
_ENV = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(("html",)),
    trim_blocks=True,
    lstrip_blocks=True,
)


def _outcome(trial: Trial) -> str:
    if trial.not_scored:
        return "not scored"
    if trial.reward is None:
        return "error"
    return "pass" if trial.reward >= 1.0 else "fail"


@dataclass
class Site:
    """The pages of one run (and its comparison with ``other``), by their path."""

    run: Run
    other: Run | None = None
    _diverged: dict[str, int] = field(default_factory=dict)

    def index(self) -> str:
        counts = Counter(_outcome(t) for t in self.run.trials)
        return _ENV.get_template("index.html").render(
            run=self.run,
            root="",
            source=self.run.source,
            counts={k: counts.get(k, 0) for k in ("pass", "fail", "not scored", "error")},
            task_summaries=summaries(self.run),
            task_matrices=matrices(self.run),
            has_compare=self.other is not None,
        )

    def compare(self) -> str:
        assert self.other is not None
        pairs = compare(self.run, self.other)
        self._diverged = {
            p.after.id: p.first_divergence
            for p in pairs
            if p.after and p.first_divergence is not None
        }
        return _ENV.get_template("compare.html").render(
            pairs=pairs,
            changed=[p for p in pairs if p.changed],
            left_source=self.run.source,
            right_source=self.other.source,
            root="",
            source=f"{self.run.source} against {self.other.source}",
            has_compare=True,
        )

    def trial(self, trial_id: str, right: bool = False) -> str | None:
        """A trial's page (of the compared run where ``right``); None: no such trial."""
        run = self.other if right else self.run
        found = next((t for t in run.trials if t.id == trial_id), None) if run else None
        if found is None or run is None:
            return None
        trial = with_details(found)
        calls = trial.calls
        return _ENV.get_template("trial.html").render(
            trial=trial,
            root="../../" if right else "../",
            changed_calls=sum(1 for c in calls or [] if c.changes),
            diff=trial.state if trial.state is not None else state_diff(calls) if calls else None,
            diverged=self._diverged.get(trial.id) if right else None,
            source=run.source,
            has_compare=self.other is not None,
        )

    def page(self, path: str) -> str | None:
        """The page at ``path`` ("index.html", "trials/<id>.html", ...), or None."""
        if path in ("", "index.html"):
            return self.index()
        if path == "compare.html" and self.other is not None:
            return self.compare()
        right = path.startswith("right/")
        folder, _, name = path.removeprefix("right/").partition("/")
        if folder == "trials" and name.endswith(".html"):
            return self.trial(name.removesuffix(".html"), right)
        return None


def write_site(run: Run, out: Path, other: Run | None = None) -> Path:
    """Write every page of ``run`` (and its comparison with ``other``) into ``out``; returns
    the index page."""
    site = Site(run, other)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(STATIC, out / "static", dirs_exist_ok=True)
    (out / "index.html").write_text(site.index())
    sides = [("", run)]
    if other is not None:
        (out / "compare.html").write_text(site.compare())
        sides.append(("right/", other))
    for prefix, shown in sides:
        (out / prefix / "trials").mkdir(parents=True, exist_ok=True)
        for trial in shown.trials:
            page = site.trial(trial.id, right=bool(prefix))
            (out / prefix / "trials" / f"{trial.id}.html").write_text(page or "")
    return out / "index.html"
