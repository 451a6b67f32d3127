"""The README's examples run as shown: its commands on the bundled corpus graph, its Python as written."""

import re
import shlex
import shutil
import subprocess
import sys

import pytest

import kgraph

from conftest import ROOT

README = ROOT / "README.md"


def _code_lines() -> list[tuple[int, str]]:
    """``(line number, command)`` for each line of the README's code blocks (fenced or indented)."""
    found, fence = [], None
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            fence = None if fence else line[3:] or "text"
            continue
        if (fence and fence != "python") or (not fence and line.startswith("    ")):
            command = line.strip().removeprefix("$ ").split("  #")[0].strip()
            if command:
                found.append((number, command))
    return found


def _kgraph_commands(prefix: str) -> list[tuple[int, list[str]]]:
    commands = []
    for number, line in _code_lines():
        for part in line.split("&&"):
            argv = shlex.split(part)
            if argv[:1] == ["kgraph"] and " ".join(argv[1:]).startswith(prefix):
                commands.append((number, argv))
    return commands


# trends needs papers with years, which the bundled corpus lacks: its examples run on tests/data in test_sources
TRENDS = _kgraph_commands("query trends")
QUERIES = [q for q in _kgraph_commands("query") + _kgraph_commands("stats") if q not in TRENDS]


def test_readme_has_query_examples():
    assert len(QUERIES) >= 5


@pytest.fixture(scope="module")
def corpus_cwd(corpus_out, tmp_path_factory):
    """A folder whose outputs/ holds the bundled corpus graph, as after `kgraph build`."""
    cwd = tmp_path_factory.mktemp("readme")
    shutil.copytree(corpus_out, cwd / "outputs")
    return cwd


@pytest.mark.parametrize("number, argv", QUERIES, ids=[" ".join(a[1:3]) + f" (line {n})" for n, a in QUERIES])
def test_readme_query_runs_as_shown(corpus_cwd, number, argv):
    result = subprocess.run([sys.executable, "-m", "kgraph", *argv[1:]], capture_output=True, text=True,
                            cwd=corpus_cwd, timeout=120)
    assert result.returncode == 0, f"README line {number}: {result.stderr}"
    assert result.stdout.strip() and "(nothing found)" not in result.stdout, f"README line {number} finds nothing"
    assert "error" not in result.stderr and "Traceback" not in result.stderr
    for page in [argv[i + 1] for i, a in enumerate(argv) if a == "--html"]:
        assert (corpus_cwd / page).stat().st_size > 1000 and f"wrote {page}" in result.stderr


@pytest.mark.parametrize("number, argv", _kgraph_commands("build") + _kgraph_commands("train") + _kgraph_commands("evaluate")
                         + TRENDS)
def test_readme_other_commands_parse(number, argv):
    """Build, train and evaluate are run elsewhere (the corpus fixture, test_cli); here: they parse as written."""
    from kgraph.cli import make_parser

    make_parser().parse_args(argv[1:])


def test_readme_build_output_is_the_corpus(corpus_kg):
    text = README.read_text(encoding="utf-8")
    block = text[text.index("$ kgraph build") : text.index("```", text.index("$ kgraph build"))]
    s = corpus_kg.summary()
    papers = int(re.search(r"papers: (\d+)", block).group(1))
    concepts = re.search(r"concepts: (\d+) \((.*)\)", block)
    edges = re.search(r"edges: (\d+) \((.*)\)", block)
    assert papers == s["papers"]
    assert int(concepts.group(1)) == sum(s["concepts"].values())
    assert {k: int(n) for n, k in re.findall(r"(\d+) (\w+)", concepts.group(2))} == s["concepts"]
    assert int(edges.group(1)) == s["edges"]
    assert {k: int(n) for n, k in re.findall(r"(\d+) (\w+)", edges.group(2))} == s["edge_kinds"]


def test_readme_python_runs_as_shown(corpus_kg, tmp_path, monkeypatch):
    """The Python block, as written; kgraph.build("data") is the corpus graph the session built once."""
    import kgraph

    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    built = []

    def build(inputs, **options):
        assert inputs == "data" and not options
        built.append(inputs)
        return corpus_kg

    monkeypatch.setattr(kgraph, "build", build)
    monkeypatch.chdir(tmp_path)
    for code in blocks:
        namespace = {}
        exec(compile(code, str(README), "exec"), namespace)
    assert built and (tmp_path / "outputs" / "graph.graphml").exists()
    assert namespace["G"].number_of_nodes() > 0


def test_readme_api_table_runs(corpus_kg):
    """Each call in the "Exploring the graph" table runs on the corpus graph and finds something."""
    text = README.read_text(encoding="utf-8")
    cells = re.findall(r"^\| (`kg\..*?`) \|", text, re.M)
    calls = [call for cell in cells for call in re.findall(r"`(kg\.[^`]+)`", cell)
             if not call.startswith("kg.trends")]  # needs years: runs on the dated samples in test_sources
    assert len(calls) >= 6
    middle = None  # for the hierarchy calls: a concept with terms above and below it
    if "kg.broader_terms(c)" in calls:
        middle = next(n for n, k in corpus_kg.graph.nodes(data="kind")
                      if k != "paper" and corpus_kg.broader_terms(n) and corpus_kg.narrower_terms(n))
    namespace = {"kg": corpus_kg, "paper": corpus_kg.find_paper("Per-layer Model Inversion"),
                 "a": "continual learning", "b": "model collapse", "c": middle}  # the table's placeholders
    for call in calls:
        result = eval(call, namespace)
        assert result is not None and (not hasattr(result, "__len__") or len(result)), call


def test_readme_find_concept_examples_hold_on_the_corpus(corpus_kg):
    """The find_concept row's examples ('"gausian processes": Gaussian processes') are what the corpus graph does."""
    text = README.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith('| `kg.find_concept('))
    pairs = re.findall(r'\("([^"]+)": ([^";)]+?)[;)]', row)
    assert len(pairs) >= 4
    for written, label in pairs:
        assert corpus_kg.graph.nodes[corpus_kg.find_concept(written)]["label"] == label.strip(), written
    held = re.search(r'A name several concepts hold \("(\w+)" of', row).group(1)
    with pytest.raises(kgraph.ConceptNotFound, match=f"no concept '{held}'; closest: "):
        corpus_kg.find_concept(held)
