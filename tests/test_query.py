import json
import subprocess
import sys

import pytest

from kgraph.query import ConceptNotFound, PaperNotFound


def test_query_abbreviation_and_long_form_are_one_node(corpus_kg):
    node = corpus_kg.find_concept("GNNs")
    assert node == corpus_kg.find_concept("graph neural networks") == corpus_kg.find_concept("Graph Neural Network")
    assert corpus_kg.graph.nodes[node]["papers"] >= 3


def test_query_near_spelling_and_unknown(corpus_kg):
    assert corpus_kg.find_concept("continual lerning") == corpus_kg.find_concept("continual learning")
    with pytest.raises(ConceptNotFound) as err:
        corpus_kg.find_concept("quantum gravity on toasters")
    assert isinstance(err.value, KeyError) and "closest" in str(err.value)


def test_query_model_collapse_papers_are_each_others_top_related(corpus_kg):
    papers = [p for p, _, _ in corpus_kg.papers_about("model collapse")]
    assert len(papers) == 2
    a, b = papers
    top_a = corpus_kg.related_papers(a, k=3)[0]
    top_b = corpus_kg.related_papers(b, k=3)[0]
    assert top_a[0] == b and top_b[0] == a
    collapse = corpus_kg.find_concept("model collapse")
    assert collapse in top_a[2] and top_a[1] > 0


def test_query_related_scores_rare_concepts_higher(corpus_kg):
    paper = corpus_kg.papers()[0]
    results = corpus_kg.related_papers(paper, k=10)
    scores = [s for _, s, _ in results]
    assert scores == sorted(scores, reverse=True)
    for _, _, shared in results:
        dfs = [corpus_kg.graph.nodes[c]["papers"] for c in shared]
        assert dfs == sorted(dfs)


def test_query_path_between_continual_learning_papers(corpus_kg):
    cl = corpus_kg.find_concept("continual learning")
    papers = [p for p, _, _ in corpus_kg.papers_about(cl)]
    assert len(papers) >= 2
    paths = corpus_kg.paths(papers[0], papers[1], k=3)
    assert paths and paths[0][0] == papers[0] and paths[0][-1] == papers[1]
    assert [cl] == paths[0][1:-1]
    for path in paths:  # papers and concepts alternate unless two concepts co-occur
        for u, v in zip(path, path[1:]):
            assert "paper" not in (corpus_kg.graph.nodes[u]["kind"], corpus_kg.graph.nodes[v]["kind"]) or \
                corpus_kg.graph.nodes[u]["kind"] != corpus_kg.graph.nodes[v]["kind"]


def test_query_paper_fragment_must_be_unique(corpus_kg):
    paper = corpus_kg.find_paper("entropy-based data selection")
    assert "entropy-based data selection" in corpus_kg.graph.nodes[paper]["abstract"]
    with pytest.raises(PaperNotFound) as err:
        corpus_kg.find_paper("we propose")
    assert len(err.value.candidates) > 1 and "papers match" in str(err.value)


def test_query_proposes_edges(corpus_kg):
    G = corpus_kg.graph
    for name in ("LEAR", "VIV-DG", "IGNN", "HeroFilter"):
        node = corpus_kg.find_concept(name)
        relations = [G.edges[node, p]["relation"] for p in G[node] if G.nodes[p]["kind"] == "paper"]
        assert "proposes" in relations, name


def test_query_top_concepts_and_communities(corpus_kg):
    by_papers = corpus_kg.top_concepts(n=5)
    assert [s for _, s in by_papers] == sorted((s for _, s in by_papers), reverse=True)
    assert len(corpus_kg.top_concepts(by="pagerank", n=5)) == 5
    assert all("community" in d for _, d in corpus_kg.graph.nodes(data=True))
    assert corpus_kg.community_labels()


def test_query_neighbourhood_kinds(corpus_kg):
    sub = corpus_kg.neighbourhood("model collapse", kinds=["paper"])
    kinds = {k for n, k in sub.nodes(data="kind") if n != corpus_kg.find_concept("model collapse")}
    assert kinds == {"paper"}
    with pytest.raises(ValueError):
        corpus_kg.neighbourhood("model collapse", depth=0)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "kgraph", *args], capture_output=True, text=True)


def test_cli_query_commands(corpus_out, tmp_path):
    graph = str(corpus_out / "graph.graphml")
    r = _cli("query", "neighbours", "GNNs", "--graph", graph, "--html", str(tmp_path / "n.html"))
    assert r.returncode == 0, r.stderr
    assert "graph neural network" in r.stdout.lower()
    html = (tmp_path / "n.html").read_text(encoding="utf-8")
    assert "neighbourhood of" in html and "cdnjs" not in html

    r = _cli("query", "related", "entropy-based data selection", "--graph", graph, "--json")
    data = json.loads(r.stdout)
    assert data["related"] and "model collapse" in [s.lower() for s in data["related"][0]["shared"]]

    r = _cli("query", "path", "continual learning", "model collapse", "--graph", graph, "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["paths"]

    r = _cli("query", "search", "diffusion", "--graph", graph)
    assert r.returncode == 0 and "diffusion" in r.stdout.lower()

    r = _cli("stats", "--graph", graph)
    assert r.returncode == 0 and "papers: 75" in r.stdout and "communities:" in r.stdout


@pytest.mark.parametrize("args, expect", [
    (("query", "neighbours", "quantum gravity on toasters"), "no concept"),
    (("query", "related", "we propose"), "papers match"),
    (("stats", "--graph", "/nonexistent/graph.graphml"), "no such graph file"),
])
def test_cli_query_errors(corpus_out, args, expect):
    if "--graph" not in args:
        args = (*args, "--graph", str(corpus_out / "graph.graphml"))
    r = _cli(*args)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and expect in r.stderr and "Traceback" not in r.stderr


def test_query_communities_do_not_depend_on_the_hash_seed(corpus_out):
    import os

    code = ("import sys, networkx as nx; from kgraph.query import communities; "
            "print(sorted(sorted(c) for c in communities(nx.read_graphml(sys.argv[1]))))")
    outputs = {
        subprocess.run([sys.executable, "-c", code, str(corpus_out / "graph.graphml")], capture_output=True,
                       text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1
