"""A build's progress on stderr: one line through its stages, moving per abstract while extracting.

The stages are ``reading`` (files and records), ``extracting`` (one step per
distinct abstract; abstracts found in the cache count at once), ``graph`` and,
when the caller saves, ``exports``. Drawn by tqdm, which the package needs anyway.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

__all__ = ["BuildProgress", "STAGES"]

#: The stages of a build, in order.
STAGES = ("reading", "extracting", "graph", "exports")


class BuildProgress:
    """One progress line that names the stage a build is in.

    Parameters
    ----------
    file : text stream, optional
        Where to draw (default: stderr).

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> progress = BuildProgress(file=out)
    >>> progress.stage("extracting", total=2)
    >>> progress.advance()
    >>> progress.advance()
    >>> progress.close()
    >>> progress.stages, "extracting" in out.getvalue()
    (['extracting'], True)
    """

    def __init__(self, *, file: TextIO | None = None):
        from tqdm import tqdm
        from tqdm.contrib.logging import logging_redirect_tqdm

        self.stages: list[str] = []
        # kgraph's warnings print above the line instead of through it
        self._redirect = logging_redirect_tqdm(loggers=[logging.getLogger("kgraph")])
        self._redirect.__enter__()
        self._bar = tqdm(total=None, file=file or sys.stderr, leave=False, unit="abstract", dynamic_ncols=True,
                         bar_format="{desc}", mininterval=0.1, delay=0)

    def stage(self, name: str, *, total: int | None = None) -> None:
        """Start stage ``name`` (one of :data:`STAGES`); ``total`` steps when it counts abstracts."""
        if name not in STAGES:
            raise ValueError(f"stage = {name!r} is invalid; it must be one of {', '.join(STAGES)}")
        self.stages.append(name)
        if total is None:
            self._bar.bar_format = "{desc}…"
        else:
            self._bar.bar_format = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} abstracts [{elapsed}<{remaining}]"
        self._bar.set_description_str(name, refresh=False)
        self._bar.reset(total=total)

    def advance(self, n: int = 1) -> None:
        """``n`` more abstracts done in the current stage."""
        self._bar.update(n)

    def close(self) -> None:
        """Remove the line (the summary that follows says what was done)."""
        self._bar.close()
        self._redirect.__exit__(None, None, None)
