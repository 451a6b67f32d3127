import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "data"
SHARED = ROOT.parent / "shared"


_CACHE = {}


def load_corpus_graph():
    """The graph of the bundled corpus, built once per test session."""
    if "kg" not in _CACHE:
        import kgraph

        _CACHE["kg"] = kgraph.build(DATA)
    return _CACHE["kg"]


@pytest.fixture(scope="session")
def corpus_kg():
    return load_corpus_graph()


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Builds in tests never touch the user's cache (subprocesses inherit the variable)."""
    os.environ["KGRAPH_CACHE"] = str(tmp_path_factory.mktemp("cache") / "mentions.sqlite")


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace):
    doctest_namespace["load_corpus_graph"] = load_corpus_graph


@pytest.fixture(scope="session")
def corpus_out(corpus_kg, tmp_path_factory):
    out = tmp_path_factory.mktemp("outputs")
    corpus_kg.save(out)
    return out


@pytest.fixture(scope="session")
def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no headless Chromium on this machine (apt-get install chromium)")
