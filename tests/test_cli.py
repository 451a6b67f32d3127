import json
import subprocess
import sys

import networkx as nx
import pytest

from kgraph.cli import main
from conftest import ROOT


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "kgraph", *args], capture_output=True, text=True, cwd=cwd)


def test_cli_build_writes_four_files(corpus_out):
    assert sorted(p.name for p in corpus_out.iterdir()) == ["graph.gexf", "graph.graphml", "graph.html", "graph.json"]
    G = nx.read_graphml(corpus_out / "graph.graphml")
    kinds = [d["kind"] for _, d in G.nodes(data=True)]
    assert kinds.count("paper") == 75
    assert len(kinds) - 75 >= 200
    data = json.loads((corpus_out / "graph.json").read_text(encoding="utf-8"))
    assert len(data["nodes"]) == G.number_of_nodes()


def test_cli_build_small_input_summary(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"id": "1", "title": "T", "abstract": "We propose graph neural networks (GNNs) for molecules."}) + "\n"
                   + "not json\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", str(src), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "papers: 1" in result.stdout and "files:" in result.stdout
    assert f"{src}:2" in result.stderr and "Traceback" not in result.stderr
    assert (out / "graph.graphml").exists()


@pytest.mark.parametrize("make, expect", [
    (lambda d: [str(d / "empty")], "no .txt"),
    (lambda d: [str(d / "nope")], "no such file"),
    (lambda d: [str(d / "noabs.csv")], "no 'abstract' column"),
    (lambda d: [str(d / "blank.jsonl")], "no usable abstracts"),
])
def test_cli_build_unusable_input(tmp_path, make, expect):
    (tmp_path / "empty").mkdir()
    (tmp_path / "noabs.csv").write_text("id,title\n1,x\n")
    (tmp_path / "blank.jsonl").write_text('{"abstract": ""}\n')
    out = tmp_path / "out"
    out.mkdir()
    (out / "graph.graphml").write_text("previous")
    result = run("build", *make(tmp_path), "--out", str(out))
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("kgraph: error:") and expect in lines[-1]
    assert "Traceback" not in result.stderr
    assert (out / "graph.graphml").read_text() == "previous"


def test_cli_build_output_is_a_file(tmp_path):
    target = tmp_path / "taken"
    target.write_text("keep")
    code = main(["build", str(ROOT / "data"), "--out", str(target), "--quiet"])
    assert code == 2 and target.read_text() == "keep"


def test_cli_evaluate_on_small_gold(tmp_path):
    doc = {"doc_key": "t1", "sentences": [["We", "use", "graph", "neural", "networks", "-LRB-", "GNNs", "-RRB-", "for",
                                           "machine", "translation", "."]],
           "ner": [[[2, 4, "Method"], [6, 6, "Method"], [9, 10, "Task"]]], "relations": [[]], "clusters": []}
    gold = tmp_path / "gold.json"
    gold.write_text(json.dumps(doc) + "\n")
    result = run("evaluate", str(gold), "--json")
    assert result.returncode == 0, result.stderr
    scores = json.loads(result.stdout)
    assert scores["typed"]["gold"] == 3 and 0 <= scores["typed"]["f1"] <= 100
    assert set(scores["per_kind"]) == {"method", "task", "dataset", "metric", "concept"}
