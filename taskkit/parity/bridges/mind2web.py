"""Online-Mind2Web's parity bridge: not measurable here, and ``prepare`` says why.

Upstream's evaluator is WebJudge (OSU-NLP-Group/Online-Mind2Web,
``src/methods/webjudge_online_mind2web.py``, driven by ``src/run.py``): it asks a judge model for
the task's key points, scores each screenshot of the agent's trajectory for relevance, then
judges the outcome from the task, the key points, the key screenshots and the action history.
Three things stand in the way:

1. the pinned checkout (theredsix/abp-online-mind2web-results, a third-party mirror) holds the
   records, one agent's runs (``abp_run/*/result.json``; their screenshots are Git LFS
   pointers) and that agent's TypeScript harness, but no evaluator: WebJudge is in the
   original repository, which is not pinned and is not in this checkout;
2. WebJudge's input is a trajectory (screenshots and actions); our trials record neither, only
   the agent's answer file;
3. every task starts on a live site, so no trial of it runs here (all 300 are not runnable).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from taskkit.parity import ParityCase, ParityUnavailable, UpstreamScore

REASON = (
    "mind2web: parity not measurable: the pinned checkout (a third-party mirror of the data and "
    "of one agent's runs) has no evaluator; WebJudge (OSU-NLP-Group/Online-Mind2Web) is not "
    "pinned, and it judges a trajectory's screenshots and action history, which our trials do "
    "not record; every task needs its live site"
)


@dataclass(frozen=True)
class Mind2WebBridge:
    source: str = "mind2web"

    def prepare(self, checkout: Path, work: Path) -> None:
        raise ParityUnavailable(REASON)

    def score(self, case: ParityCase) -> UpstreamScore:
        return UpstreamScore(None, REASON)


BRIDGE = Mind2WebBridge()
