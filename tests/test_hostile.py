"""Generated hostile input through the readers, the graph, the exporters and the CLI.

The properties live in hostile_checks.py (seeded Hypothesis, a fixed number of
examples); each group runs in a child process limited to 1.5 GB of address space
and a timeout, so a runaway input fails the test instead of taking the machine down.
"""

import os
from pathlib import Path

import pytest

from bounded import run_bounded

CHECKS = Path(__file__).with_name("hostile_checks.py")


@pytest.mark.parametrize("group", ["readers", "graph", "cli"])
def test_hostile_generated_inputs(group, tmp_path):
    env = {**os.environ, "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path / "hypothesis")}  # not in the work tree
    result = run_bounded([str(CHECKS), group], seconds=240, env=env)
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), \
        (result.stdout + result.stderr)[-4000:]
