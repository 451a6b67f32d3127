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


#: A sentence that never ends, with a term every few words (a pasted keyword list): its mentions' pairs.
_ENDLESS_SENTENCE = """
import random, sys
import kgraph
random.seed(7)
terms = ["graph neural networks", "diffusion models", "contrastive learning", "Rademacher complexity",
         "regret bounds", "transformers", "CIFAR-10", "ImageNet", "Adam", "stochastic gradient descent"]
text = "Keywords: "
while len(text) < 12000:
    text += random.choice(terms) + ", "
kg = kgraph.from_texts([text, "We study diffusion models and transformers on ImageNet."])
print(len(kg.graph), "ok")
"""


def test_hostile_a_sentence_that_never_ends_is_bounded():
    # every pair of a sentence's mentions was a relation candidate: 6 GB for these 12,000 characters
    result = run_bounded(["-c", _ENDLESS_SENTENCE], seconds=120)
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), (result.stdout + result.stderr)[-2000:]
