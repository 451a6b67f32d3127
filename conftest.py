import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
DATA = ROOT / "data"
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def corpus_kg():
    """The graph of the bundled corpus, built once per test session."""
    import kgraph

    return kgraph.build(DATA, cache=True)  # fills the session's private cache for later builds


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    """Builds in tests never touch the user's cache (subprocesses inherit the variable)."""
    os.environ["KGRAPH_CACHE"] = str(tmp_path_factory.mktemp("cache") / "mentions.sqlite")


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
