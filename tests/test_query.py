import json
import re
import subprocess
import sys

import pytest

from kgraph import ConceptNotFound, PaperNotFound


def test_query_abbreviation_and_long_form_are_one_node(corpus_kg):
    node = corpus_kg.find_concept("GNNs")
    assert node == corpus_kg.find_concept("graph neural networks") == corpus_kg.find_concept("Graph Neural Network")
    assert corpus_kg.graph.nodes[node]["papers"] >= 3


def test_query_near_spelling_and_unknown(corpus_kg):
    assert corpus_kg.find_concept("continual lerning") == corpus_kg.find_concept("continual learning")
    with pytest.raises(ConceptNotFound) as err:
        corpus_kg.find_concept("quantum gravity on toasters")
    # nothing near it is offered: "no match" is said
    assert isinstance(err.value, KeyError) and "closest" not in str(err.value) and "close" in str(err.value)
    with pytest.raises(ConceptNotFound) as err:
        corpus_kg.find_concept("rademacher compexity bound")
    assert "closest: Rademacher complexity" in str(err.value)


def test_query_model_collapse_papers_are_each_others_top_related(corpus_kg):
    papers = [p for p, *_ in corpus_kg.papers_about("model collapse")]
    assert len(papers) == 2
    a, b = papers
    top_a = corpus_kg.related_papers(a, limit=3)[0]
    top_b = corpus_kg.related_papers(b, limit=3)[0]
    assert top_a[0] == b and top_b[0] == a
    collapse = corpus_kg.find_concept("model collapse")
    assert collapse in top_a[2] and top_a[1] > 0


def test_query_related_scores_rare_concepts_higher(corpus_kg):
    paper = corpus_kg.papers()[0]
    results = corpus_kg.related_papers(paper, limit=10)
    scores = [s for _, s, _ in results]
    assert scores == sorted(scores, reverse=True)
    for _, _, shared in results:
        dfs = [corpus_kg.graph.nodes[c]["papers"] for c in shared]
        assert dfs == sorted(dfs)


def test_query_path_between_continual_learning_papers(corpus_kg):
    cl = corpus_kg.find_concept("continual learning")
    papers = [p for p, *_ in corpus_kg.papers_about(cl)]
    assert len(papers) >= 2
    paths = corpus_kg.paths(papers[0], papers[1], limit=3)
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
    # an empty reference is no paper (the bundled papers have no record id, which read as "")
    for empty in ("", "   "):
        with pytest.raises(PaperNotFound, match="empty paper reference"):
            corpus_kg.find_paper(empty)


def test_query_proposes_edges(corpus_kg):
    G = corpus_kg.graph
    for name in ("LEAR", "VIV-DG", "IGNN", "HeroFilter"):
        node = corpus_kg.find_concept(name)
        relations = [G.edges[node, p]["relation"] for p in G[node] if G.nodes[p]["kind"] == "paper"]
        assert "proposes" in relations, name


def test_query_top_concepts_and_communities(corpus_kg):
    by_papers = corpus_kg.top_concepts(limit=5)
    assert [s for _, s in by_papers] == sorted((s for _, s in by_papers), reverse=True)
    assert len(corpus_kg.top_concepts(by="pagerank", limit=5)) == 5
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
    # what each shared concept adds, so the score can be checked by hand
    top = data["related"][0]
    assert len(top["adds"]) == len(top["shared"]) and abs(sum(top["adds"]) - top["score"]) < 1e-3

    r = _cli("query", "path", "continual learning", "model collapse", "--graph", graph, "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["paths"]

    r = _cli("query", "search", "diffusion", "--graph", graph)
    assert r.returncode == 0 and "diffusion" in r.stdout.lower()

    # a paper: its abstract, and its concepts by role with the words they came by
    r = _cli("query", "paper", "LEAR", "--graph", graph, "--json")
    data = json.loads(r.stdout)
    assert data["label"].startswith("LEAR") and "catastrophic forgetting" in data["abstract"]
    assert data["concepts"][0]["relation"] == "proposes"
    transfer = next(c for c in data["concepts"] if c["label"] == "transfer learning")
    assert transfer["written"] == ["knowledge transfer", "positive knowledge transfer"]
    # and where it was read, so a reader can open the file at that line
    assert re.fullmatch(r".+\.txt:\d+", data["meta"]["sources"])

    r = _cli("stats", "--graph", graph)
    assert r.returncode == 0 and "papers: 75" in r.stdout and "communities:" in r.stdout


@pytest.mark.parametrize("args, expect", [
    (("query", "neighbours", "quantum gravity on toasters"), "no concept"),
    (("query", "related", "we propose"), "papers match"),
    (("query", "neighbours", "paper:afbcbeed7be1"), "it is a paper: `kgraph query paper"),
    # (a new user who built with --out DIR was told only to run `kgraph build`)
    (("stats", "--graph", "/nonexistent/graph.graphml"),
     "no such graph file (run `kgraph build` first, or name the folder a build wrote with --graph DIR)"),
])
def test_cli_query_errors(corpus_out, args, expect):
    if "--graph" not in args:
        args = (*args, "--graph", str(corpus_out / "graph.graphml"))
    r = _cli(*args)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and expect in r.stderr and "Traceback" not in r.stderr


def test_query_communities_do_not_depend_on_the_hash_seed(corpus_out):
    import os

    code = ("import sys, networkx as nx; from kgraph.community import communities; "
            "print(sorted(sorted(c) for c in communities(nx.read_graphml(sys.argv[1]))))")
    outputs = {
        subprocess.run([sys.executable, "-c", code, str(corpus_out / "graph.graphml")], capture_output=True,
                       text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1


def test_query_indexes_follow_edits_to_the_graph(corpus_kg):
    from kgraph import KnowledgeGraph

    kg = KnowledgeGraph(corpus_kg.graph.copy())
    G = kg.graph
    gnn = kg.find_concept("GNNs")
    kg.top_concepts(by="pagerank", limit=3)
    G.add_node("concept:added_later", kind="concept", label="quantum toaster", aliases="quantum toaster", papers=1)
    assert kg.find_concept("quantum toaster") == "concept:added_later"
    assert "concept:added_later" in dict(kg.search("quantum toaster", limit=3))
    paper = kg.papers()[0]
    G.add_edge(paper, "concept:added_later", kind="mention", weight=50, relation="mentions")
    assert "concept:added_later" in [c for c, _ in kg.top_concepts(by="pagerank", limit=len(G))][:20]
    # a renamed node (same node and edge counts) is found by its new name, no longer by its old one
    G.nodes["concept:added_later"].update(label="toaster physics", aliases="toaster physics")
    assert kg.find_concept("toaster physics") == "concept:added_later"
    with pytest.raises(ConceptNotFound):
        kg.find_concept("quantum toaster")
    G.remove_node("concept:added_later")
    with pytest.raises(ConceptNotFound):
        kg.find_concept("toaster physics")
    assert kg.find_concept("GNNs") == gnn


def test_query_functions_take_the_graph(corpus_kg):
    from kgraph import query

    G = corpus_kg.graph
    assert query.find_concept(G, "GNNs") == corpus_kg.find_concept("GNNs")
    assert query.top_concepts(G, kind="task", limit=3) == corpus_kg.top_concepts(kind="task", limit=3)
    with pytest.raises(ValueError, match="limit = 0"):
        query.related_papers(G, corpus_kg.papers()[0], limit=0)
    with pytest.raises(ValueError, match="kind = 'methods'"):
        query.top_concepts(G, kind="methods")


# --- the hierarchy and search, on graphs built from hand-made mentions (no model) ---------------


def _bandit_graph():
    from kgraph.graph import build_graph
    from kgraph.types import Mention, Paper

    texts = ["We study non-stationary Lipschitz bandits with a dynamic regret bound.",
             "We study GP bandits and prove a regret bound and constant cumulative regret.",
             "We study the combinatorial semi-bandit problem and its logarithmic regret.",
             "Early stopping helps reinforcement learning (RL) agents; RL needs exploration."]
    spans = [["non-stationary Lipschitz bandits", "dynamic regret bound"],
             ["GP bandits", "regret bound", "constant cumulative regret"],
             ["combinatorial semi-bandit problem", "logarithmic regret"],
             ["Early stopping", "reinforcement learning (RL)", "exploration"]]
    papers, mentions = [], []
    for text, names in zip(texts, spans):
        papers.append(Paper(text, sources=["t.txt:1"]))
        ms = []
        for name in names:
            start = text.index(name)
            kw = {"long_form": "reinforcement learning", "short_form": "RL"} if "(RL)" in name else {}
            ms.append(Mention(name, start, start + len(name), "task", **kw))
        mentions.append(ms)
    return build_graph(papers, mentions)


def test_query_papers_about_includes_narrower_terms_and_says_through_which():
    from kgraph import query

    G = _bandit_graph()
    rows = query.papers_about(G, "bandits")
    assert len(rows) == 3
    # (the thesaurus's name for semi-bandits; Lipschitz bandits, written inside the paper's term, is a node above it)
    assert {G.nodes[through]["label"] for _, _, _, through in rows} == {
        "Lipschitz bandits", "GP bandits", "combinatorial bandits"}
    sub = query.neighbourhood(G, "regret")
    assert sum(1 for _, k in sub.nodes(data="kind") if k == "paper") == 3


def test_query_related_papers_count_shared_broader_terms():
    from kgraph import query

    G = _bandit_graph()
    first = next(n for n, d in G.nodes(data=True) if d["kind"] == "paper" and "Lipschitz" in d["abstract"])
    related = query.related_papers(G, first)
    assert len(related) == 2   # the other bandit papers, not the RL one
    labels = {G.nodes[c]["label"] for _, _, shared in related for c in shared}
    assert {"regret", "regret bound"} & labels and any("bandit" in label for label in labels)


@pytest.mark.parametrize("text, best, score", [
    ("reinforcement learning", "reinforcement learning", 100.0),
    ("RL", "reinforcement learning", 100.0),
    ("bandit", "bandits", 100.0),
    ("regret", "regret", 100.0),
    ("Lipschitz", "Lipschitz bandits", 90.0),
    ("lipsch", "Lipschitz bandits", 80.0),
    ("reinforcment learning", "reinforcement learning", 70.0),
])
def test_query_search_ranks_by_how_a_name_matches(text, best, score):
    from kgraph import query

    G = _bandit_graph()
    node, got = query.search(G, text)[0]
    assert (G.nodes[node]["label"], got) == (best, score)


def test_query_an_empty_search_and_a_bad_setting_are_kgraph_errors():
    # `kgraph query search ""` printed "(nothing found)" and exited 0; limit=0 raised a bare ValueError
    import kgraph
    from kgraph import query

    G = _bandit_graph()
    for text in ("", "   "):
        with pytest.raises(kgraph.SettingError, match="nothing to search for"):
            query.search(G, text)
    with pytest.raises(kgraph.KGraphError, match="limit = 0"):
        query.search(G, "bandits", limit=0)


@pytest.mark.parametrize("text", ["EA", "arly", "fusion", "quantum toaster"])
def test_query_search_lists_nothing_below_a_clear_match(text):
    from kgraph import query

    G = _bandit_graph()
    hits = [G.nodes[n]["label"] for n, _ in query.search(G, text) if G.nodes[n]["kind"] != "paper"]
    assert hits == []


def test_query_search_matches_a_name_in_either_number():
    import networkx as nx

    from kgraph import query

    G = nx.Graph()
    G.add_node("concept:ignn", kind="method", label="Inceptive Graph Neural Network", aliases="IGNN", papers=1)
    G.add_node("concept:gnn", kind="method", label="graph neural networks", aliases="GNNs", papers=3)
    G.add_node("concept:fusion", kind="method", label="graph fusion networks", aliases="", papers=1)
    hits = dict(query.search(G, "graph neural networks"))
    assert hits == {"concept:gnn": 100.0, "concept:ignn": 90.0}
    assert dict(query.search(G, "Inceptive Graph Neural Networks")) == {"concept:ignn": 100.0}


def _graph_of(items):
    from kgraph.graph import build_graph
    from kgraph.types import Mention, Paper

    papers, mentions = [], []
    for text, names in items:
        papers.append(Paper(text, sources=["t.txt:1"]))
        mentions.append([Mention(n, text.index(n), text.index(n) + len(n), "method") for n in names])
    return build_graph(papers, mentions)


def test_query_find_concept_resolves_one_concept_and_never_guesses_among_several():
    from kgraph.query import find_concept

    G = _graph_of([("We study zorbic lattices and quantum zorbic sieves.", ["zorbic lattices", "quantum zorbic sieves"]),
                   ("Zorbic lattices and quantum zorbic sieves scale.", ["Zorbic lattices", "quantum zorbic sieves"])])
    label = {n: d["label"] for n, d in G.nodes(data=True)}
    # the whole words of one concept's name: that concept
    assert label[find_concept(G, "sieves")] == "quantum zorbic sieves"
    # of two: no guess, both suggested (a near-spelling scorer took the first that held the word)
    with pytest.raises(ConceptNotFound) as err:
        find_concept(G, "zorbic")
    assert {"zorbic lattices", "quantum zorbic sieves"} <= set(err.value.candidates)


def test_query_a_short_form_two_papers_define_apart_names_both_and_picks_neither():
    import networkx as nx

    from kgraph.query import find_concept

    G = nx.Graph()
    G.add_node("concept:drl_a", kind="concept", label="deep reinforcement learning", short_form="DRL", papers=1,
               aliases="deep reinforcement learning|DRL")
    G.add_node("concept:drl_b", kind="concept", label="disentangled representations", papers=3,
               aliases="disentangled representations|disentangled representation learning|DRL")
    with pytest.raises(ConceptNotFound) as err:
        find_concept(G, "DRL")
    assert set(err.value.candidates) == {"deep reinforcement learning", "disentangled representations"}
    assert "names 2 concepts" in str(err.value)
    assert find_concept(G, "deep reinforcement learning") == "concept:drl_a"


def test_query_find_concept_takes_the_words_papers_wrote_and_the_thesaurus_synonyms():
    from kgraph.query import find_concept

    G = _graph_of([("Continual learning trains a model on a stream of tasks.", ["Continual learning"]),
                   ("Exemplar-free continual learning stores no samples.", ["Exemplar-free continual learning"])])
    continual = find_concept(G, "continual learning")
    # "exemplar-free continual learning" is no node: its paper links to continual learning through those words
    assert find_concept(G, "exemplar-free continual learning") == continual
    assert find_concept(G, "lifelong learning") == continual  # a synonym the thesaurus knows
    assert find_concept(G, "continual lerning") == continual  # a near spelling of a whole name


def test_query_find_paper_prefers_a_label_it_starts_and_whole_words():
    from kgraph.query import find_paper

    G = _graph_of([("We propose LEAR, a method for continual learning.", ["LEAR"]),
                   ("Learning rates matter for clear results in learning.", ["Learning rates"])])
    lear = next(n for n, d in G.nodes(data=True) if d["kind"] == "paper" and "LEAR" in d["abstract"])
    assert find_paper(G, "LEAR") == lear  # "lear" is inside "learning" and "clear" too


def test_query_find_paper_reads_an_arxiv_reference_to_a_record_id():
    # a new user's JSON lines gave arXiv ids as their "id": "arXiv:2603.24651v2" found nothing
    from kgraph.query import find_paper

    G = _graph_of([("We propose LEAR, a method for continual learning.", ["LEAR"]),
                   ("Learning rates matter for clear results in learning.", ["Learning rates"])])
    lear = next(n for n, d in G.nodes(data=True) if d["kind"] == "paper" and "LEAR" in d["abstract"])
    G.nodes[lear]["record_id"] = "2603.24651"
    assert find_paper(G, "arXiv:2603.24651v2") == lear and find_paper(G, "2603.24651") == lear
    with pytest.raises(PaperNotFound):
        find_paper(G, "arXiv:2603.99999")


def test_find_concept_takes_a_near_spelling_of_a_thesaurus_synonym():
    # a new user's "gausian splatting" failed: the node is labelled "3D Gaussian Splatting", and only the
    # thesaurus writes "Gaussian splatting"
    import kgraph
    from kgraph.query import find_concept

    G = kgraph.from_texts(["3D Gaussian Splatting (3DGS) renders scenes in real time from posed images.",
                           "We compress 3D Gaussian Splatting scenes (3DGS) for mobile rendering."]).graph
    node = find_concept(G, "3D Gaussian Splatting")
    assert find_concept(G, "gausian splatting") == node and find_concept(G, "gaussian splatting") == node


def test_search_finds_a_concept_by_a_synonym_the_thesaurus_gives_it():
    import kgraph
    from kgraph.query import search

    G = kgraph.from_texts(["Reinforcement learning agents explore sparse rewards in maze tasks.",
                           "We study reinforcement learning with offline data from robots."]).graph
    hits = search(G, "RL")
    assert hits and G.nodes[hits[0][0]]["label"] == "reinforcement learning" and hits[0][1] == 100


def test_query_paths_leave_out_a_detour_of_a_path_listed():
    # a new user's "continual learning" -> "model collapse": the second path was the first with a detour
    # through a narrower term of the start (continual learning -> exemplar-free continual learning -> PMI -> ...)
    import networkx as nx

    from kgraph.query import paths

    G = nx.Graph()
    for n, kind in [("concept:a", "task"), ("concept:a2", "task"), ("concept:b", "concept"),
                    ("paper:p1", "paper"), ("paper:p2", "paper")]:
        G.add_node(n, kind=kind, label=n.split(":")[1], papers=1)
    G.add_edge("concept:a", "paper:p1", kind="mention")
    G.add_edge("paper:p1", "concept:b", kind="mention")
    G.add_edge("concept:a2", "concept:a", kind="broader", broader="concept:a", narrower="concept:a2")
    G.add_edge("concept:a2", "paper:p1", kind="mention")
    G.add_edge("concept:a", "paper:p2", kind="mention")
    G.add_edge("paper:p2", "concept:b", kind="mention")
    found = paths(G, "concept:a", "concept:b", limit=3)
    assert found == [["concept:a", "paper:p1", "concept:b"], ["concept:a", "paper:p2", "concept:b"]]


def test_query_label_names_any_node_a_query_returns(corpus_kg):
    # a new user: papers_about and concepts_of return node ids, and the labels took kg.graph.nodes[id]["label"]
    paper, *_ = corpus_kg.papers_about("bandits")[0]
    assert corpus_kg.label(paper) == corpus_kg.graph.nodes[paper]["label"] and not corpus_kg.label(paper).startswith("paper:")
    assert corpus_kg.label("concept:bandit") == "bandits" and corpus_kg.label("GNNs") == "graph neural networks"
    with pytest.raises(ConceptNotFound):
        corpus_kg.label("quantum gravity on toasters")


def test_query_a_phrase_papers_write_but_no_concept_says_so(corpus_kg):
    # a new user's "state space models" (one paper's words in a corpus of ten) was answered "closest: large
    # language models, language models", as if it were no word of theirs
    with pytest.raises(ConceptNotFound, match=r"^no concept 'polynomial time'; 3 papers write it, but it is no "
                                              r"concept of its own \(kgraph query search 'polynomial time' lists them\)"):
        corpus_kg.find_concept("polynomial time")
    assert len([n for n, _ in corpus_kg.search("polynomial time") if n.startswith("paper:")]) == 3
    with pytest.raises(ConceptNotFound, match=r"^no concept 'quantum gravity on toasters'; no concept's name is close$"):
        corpus_kg.find_concept("quantum gravity on toasters")
