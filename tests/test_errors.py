"""One exception root (kgraph.errors), and the module layers that keep types and errors at the bottom."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import kgraph
from kgraph import errors


def test_errors_share_one_root_and_are_exported():
    for name in errors.__all__:
        cls = getattr(kgraph, name)
        assert cls is getattr(errors, name) and issubclass(cls, kgraph.KGraphError) and name in kgraph.__all__
    assert issubclass(kgraph.ConceptNotFound, KeyError) and issubclass(kgraph.PaperNotFound, KeyError)
    assert issubclass(kgraph.MissingExtra, ImportError)
    assert str(kgraph.PaperNotFound("no paper matches 'x'")) == "no paper matches 'x'"  # not KeyError's quoting


def test_errors_input_errors_name_the_file(tmp_path):
    with pytest.raises(kgraph.InputError, match="nope"):
        kgraph.load(tmp_path / "nope")
    bad = tmp_path / "gold.json"
    bad.write_text('{"sentences": [["a"]], "ner": [[]]}\n{"broken"\n', encoding="utf-8")
    from kgraph.scierc import read_scierc

    with pytest.raises(kgraph.InputError, match="gold.json:2"):
        read_scierc(bad)


def _kgraph_imports(module: str) -> set[str]:
    """The kgraph modules ``module`` imports anywhere in its source (top level or inside functions)."""
    path = Path(kgraph.__file__).parent / f"{module}.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found.update([node.module] if node.module else [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kgraph."):
            found.add(node.module.split(".")[1])
    return found


@pytest.mark.parametrize("module, never", [
    ("types", "*"), ("errors", "*"), ("lexicon", {"read", "terms", "extract", "graph", "query", "build", "cli"}),
    ("read", {"terms", "extract", "graph", "query", "export", "build", "cli"}),
    ("rules", {"extract", "graph", "query", "build"}), ("tagger", {"extract", "rules", "graph", "query", "build"}),
    ("cache", {"extract", "graph", "query", "build"}), ("community", "*"),
    ("graph", {"extract", "query", "export", "build", "knowledge_graph", "cli"}),
    # the graph stage's parts sit under graph.py, each below the ones that use it
    *[(m, {"graph", "extract", "query", "export", "build", "knowledge_graph", "cli"} | above) for m, above in [
        ("concept", {"mentions", "merge", "missed", "passing", "hierarchy", "kinds", "labels"}),
        ("kinds", {"mentions", "merge", "missed", "passing", "hierarchy", "labels"}),
        ("mentions", {"merge", "missed", "passing", "hierarchy", "labels"}), ("passing", {"hierarchy", "labels"}),
        ("merge", {"missed", "hierarchy", "labels"}), ("missed", {"hierarchy", "labels"}),
        ("hierarchy", {"labels", "missed"}), ("labels", {"hierarchy", "missed", "merge"})]],
    ("query", {"extract", "export", "build", "knowledge_graph", "cli"}),
    ("knowledge_graph", {"build", "cli"}),
])
def test_errors_no_import_runs_upward(module, never):
    imports = _kgraph_imports(module)
    assert not imports if never == "*" else not imports & never, imports


def test_errors_rules_and_tagger_import_first():
    """No extract <-> rules <-> tagger circle: either side can be imported first."""
    for first in ("kgraph.rules", "kgraph.tagger"):
        code = f"import {first}; from kgraph.extract import pipeline; pipeline()"
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
