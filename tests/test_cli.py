import json
import re
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
    src.write_text(json.dumps({"id": "1", "title": "T", "abstract": "We propose graph neural networks (GNNs) for molecules.",
                               "year": 2021}) + "\n"
                   + "not json\n"
                   + json.dumps({"abstract": r"Diffusion models with $\frac$ sample images."}) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    result = run("build", str(src), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "papers: 2" in result.stdout and "files:" in result.stdout
    assert "years: 2021 (1 of 2 papers dated)" in result.stdout  # (one year, not "2021-2021")
    assert f"{src}:2" in result.stderr and "Traceback" not in result.stderr
    # pylatexenc's own log line comes through kgraph's log, naming the record
    assert f"kgraph: warning: {src}:3: LaTeX: \\frac lacks its arguments; read as plain text" in result.stderr
    assert "Error in configuration" not in result.stderr
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


def test_cli_build_with_no_input_and_no_data_folder_says_what_to_give(tmp_path):
    result = run("build", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == ("kgraph: error: data: no such file or folder (with no INPUT, kgraph build reads "
                                     "./data: kgraph build FILE_OR_FOLDER ...)")
    assert not (tmp_path / "outputs").exists()


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


def _walk(parser):
    """Every (parser, action) pair of a parser and its subcommands."""
    import argparse

    for action in parser._actions:
        yield parser, action
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                yield from _walk(sub)


def test_cli_every_argument_has_help():
    from kgraph.cli import make_parser

    missing = [f"{p.prog} {a.dest}" for p, a in _walk(make_parser()) if not a.help]
    assert missing == []


@pytest.mark.parametrize("argv, message", [
    (["query", "neighbours", "GNN", "--depth", "0"], "argument --depth: 0 is invalid; it must be at least 1"),
    (["query", "search", "x", "--limit", "ten"], "argument --limit/-k: 'ten' is not a whole number"),
    (["query", "related", "x", "-k", "-3"], "argument --limit/-k: -3 is invalid; it must be at least 1"),
    (["stats", "--top", "1.5"], "argument --limit/--top/-k: '1.5' is not a whole number"),
    (["build", "--jobs", "0"], "argument --jobs: 0 is invalid; it must be at least 1"),
    (["train", "t.json", "--lr", "nan"], "argument --lr: nan is invalid"),
    (["train", "t.json", "--epochs", "0"], "argument --epochs: 0 is invalid"),
])
def test_cli_numbers_checked_by_argparse(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_cli_closed_pipe_is_quiet(corpus_out):
    """`kgraph stats | head -1`: the reader leaves early; no 'Broken pipe' error, SIGPIPE's exit code."""
    proc = subprocess.Popen([sys.executable, "-m", "kgraph", "stats", "--graph", str(corpus_out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # before anything is written: every write meets a closed pipe
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141 and err == ""


@pytest.mark.parametrize("target, message", [
    ("afile/sub", "cannot be the output folder: it has a file as parent"),
    ("afile", "cannot be the output folder: it is a file"),
])
def test_cli_build_bad_out_fails_before_extraction(tmp_path, monkeypatch, capsys, target, message):
    import importlib

    (tmp_path / "afile").write_text("keep")
    monkeypatch.setattr(importlib.import_module("kgraph.build"), "build", lambda *a, **k: pytest.fail("extraction started"))
    code = main(["build", str(ROOT / "data"), "--out", str(tmp_path / target)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("kgraph: error: ") and message in err
    assert (tmp_path / "afile").read_text() == "keep"


def test_cli_html_says_what_it_wrote(corpus_out, tmp_path, capsys):
    page = tmp_path / "gnn.html"
    assert main(["query", "neighbours", "graph neural networks", "--graph", str(corpus_out), "--html", str(page)]) == 0
    err = capsys.readouterr().err
    assert page.exists() and f"kgraph: info: wrote {page} (" in err and " nodes, " in err
    code = main(["query", "path", "graph neural networks", "model collapse", "--graph", str(corpus_out),
                 "--html", str(tmp_path / "no" / "such" / "dir" / "p.html")])
    assert code == 2 and "no" not in [p.name for p in tmp_path.iterdir()]


def test_cli_path_says_what_each_end_was_read_as(corpus_out, capsys):
    # a new user's misspelt concept matched a paper's words and the paths ended at a paper, unannounced
    assert main(["query", "path", "bandits", "we consider a common case of the combinatorial", "--graph",
                 str(corpus_out)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.fullmatch(r"\d+ shortest paths? from bandits \(task\) to We consider a common case .*\(paper\)", first)


def test_cli_cut_cells_end_in_an_ellipsis(corpus_out, capsys):
    assert main(["query", "search", "diffusion", "--limit", "30", "--graph", str(corpus_out), "--json"]) == 0
    labels = [d["label"] for d in json.loads(capsys.readouterr().out)]
    assert any(len(label) > 70 for label in labels)
    assert main(["query", "search", "diffusion", "--limit", "30", "--graph", str(corpus_out)]) == 0
    table = capsys.readouterr().out.splitlines()[1:]
    for label, line in zip(labels, table, strict=True):
        shown = label if len(label) <= 70 else label[:69].rstrip() + "…"
        assert shown in line


def test_cli_neighbours_empty_kind_filter_hints_depth(corpus_kg, corpus_out, capsys):
    G = corpus_kg.graph

    def missing(center):  # kinds two steps away but not one
        near = {G.nodes[n]["kind"] for n in G[center]}
        return sorted({G.nodes[m]["kind"] for n in G[center] for m in G[n]} - near - {"paper"})

    # the first concept (by label) with a kind only two steps away
    center = min((n for n, d in G.nodes(data=True) if d["kind"] != "paper" and missing(n)),
                 key=lambda n: G.nodes[n]["label"])
    label, kind = G.nodes[center]["label"], missing(center)[0]
    assert main(["query", "neighbours", label, "--kind", kind, "--graph", str(corpus_out)]) == 0
    assert "try --depth 2" in capsys.readouterr().out
    assert main(["query", "neighbours", label, "--depth", "2", "--kind", kind,
                 "--graph", str(corpus_out), "--json"]) == 0
    nodes = json.loads(capsys.readouterr().out)["nodes"]
    assert nodes and {n["kind"] for n in nodes} == {kind}


def test_cli_neighbours_table_gives_paper_counts_for_concepts_only(corpus_out, capsys):
    assert main(["query", "neighbours", "graph neural networks", "--graph", str(corpus_out)]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith(("paper ", "method "))]
    papers = [r for r in rows if r[0] == "paper"]
    assert papers and all(not r[1].isdigit() for r in papers)  # the label follows the kind directly
    assert all(r[1].isdigit() for r in rows if r[0] == "method")


def test_cli_neighbours_say_how_each_is_joined(corpus_kg, corpus_out, capsys):
    assert main(["query", "neighbours", "model collapse", "--graph", str(corpus_out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    link = {d["label"]: d["link"] for d in data["nodes"]}
    # model collapse is under it, as a phenomenon of it rather than a kind of it
    assert link["training on synthetic data"] == "holds it"
    assert {d["link"] for d in data["nodes"] if d["kind"] == "paper"} == {"mentions it"}
    # a relation says its type and which way it runs, as the relation lines above the table do
    for r in corpus_kg.relations(corpus_kg.find_concept("model collapse")):
        other, arrow = (r["tail"], "-->") if r["head_id"] == data["concept"] else (r["head"], "<--")
        assert link[other].startswith(arrow if arrow == "<--" else "--") and link[other].endswith(
            "-->" if arrow == "-->" else "--") and r["relation"] in link[other]
    assert main(["query", "neighbours", "model collapse", "--graph", str(corpus_out)]) == 0
    out = capsys.readouterr().out
    assert "2 papers" in out.splitlines()[0] and " link " in out


def test_cli_build_progress_names_stages_and_moves_per_abstract(tmp_path, monkeypatch, capsys):
    import kgraph.progress as progress

    events = []

    class Recorder(progress.BuildProgress):
        def stage(self, name, *, total=None):
            events.append((name, total))
            super().stage(name, total=total)

        def advance(self, n=1):
            events.append(("advance", n))
            super().advance(n)

    monkeypatch.setattr(progress, "BuildProgress", Recorder)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # progress is drawn on a terminal only
    src = tmp_path / "in.txt"
    src.write_text("We propose graph neural networks (GNNs) for molecules.\n\n"
                   "Diffusion models generate images quickly.\n\nTransformers learn long contexts.\n", encoding="utf-8")
    assert main(["build", str(src), "--out", str(tmp_path / "out"), "--no-cache"]) == 0
    stages = [e for e in events if e[0] != "advance"]
    assert stages == [("reading", None), ("extracting", 3), ("graph", None), ("exports", None)]
    assert [e for e in events if e[0] == "advance"] == [("advance", 1)] * 3
    assert "papers: 3" in capsys.readouterr().out


def test_cli_path_names_papers_and_hierarchy_steps(tmp_path):
    from kgraph.cli import _path_text
    from kgraph.graph import build_graph
    from kgraph.knowledge_graph import KnowledgeGraph
    from kgraph.types import Mention, Paper

    t1 = "We study conformal prediction for regression."
    t2 = "Evidential deep learning estimates uncertainty."
    t3 = "A conformal prediction method for graphs."
    papers, mentions = [], []
    for t, term in ((t1, "conformal prediction"), (t2, "Evidential deep learning"), (t3, "conformal prediction")):
        papers.append(Paper(t, sources=["x.txt:1"]))
        mentions.append([Mention(term, t.index(term), t.index(term) + len(term), "method")])
    kg = KnowledgeGraph(build_graph(papers, mentions))
    path = ["concept:conformal_prediction", "concept:uncertainty_quantification", "concept:evidential_deep_learning",
            papers[1].id]
    assert _path_text(kg, path) == ("conformal prediction --broader--> uncertainty quantification --narrower--> "
                                    "evidential deep learning -> Evidential deep learning estimates unce… (paper)")


def _protein_corpus(tmp_path):
    (tmp_path / "topics.txt").write_text("# my field's topics\nprotein design [task]\n"
                                         "  inverse folding | protein inverse folding [task]\n"
                                         "  protein language models [method]\n", encoding="utf-8")
    (tmp_path / "abstracts.txt").write_text(
        "We study inverse folding with graph neural networks and propose a new sampler for sequences given a "
        "backbone.\n\nProtein language models capture evolutionary statistics; we probe them for structure "
        "prediction.\n\nWe benchmark inverse folding models on the CATH dataset and report sequence recovery.\n",
        encoding="utf-8")


def test_cli_build_with_the_users_thesaurus(tmp_path):
    _protein_corpus(tmp_path)
    plain = run("build", "abstracts.txt", "--out", "out", "--quiet", cwd=tmp_path)
    assert plain.returncode == 0, plain.stderr
    assert "concept:protein_design" not in nx.read_graphml(tmp_path / "out" / "graph.graphml")
    # the same input with the user's topics: no reuse of the build without them
    result = run("build", "abstracts.txt", "--out", "out", "--thesaurus", "topics.txt", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    G = nx.read_graphml(tmp_path / "out" / "graph.graphml")
    design = G.nodes["concept:protein_design"]
    assert design["kind"] == "task" and design["papers_total"] == 3  # its two terms meet there
    assert G.nodes["concept:inverse_folding"]["kind"] == "task"


@pytest.mark.parametrize("text, message", [
    ("protein design\n   inverse folding\n", "bad.txt, line 2: not a topic line"),
    ("conformal prediction [method]\n", "bad.txt, line 1: 'conformal prediction': kgraph's thesaurus already has it"),
    (None, "bad.txt: cannot read the thesaurus"),
])
def test_cli_build_bad_thesaurus_is_one_line_before_any_work(tmp_path, text, message):
    _protein_corpus(tmp_path)
    if text is not None:
        (tmp_path / "bad.txt").write_text(text, encoding="utf-8")
    result = run("build", "abstracts.txt", "--out", "out", "--thesaurus", "bad.txt", cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"kgraph: error: {message}")
    assert not (tmp_path / "out").exists()


def test_cli_papers_lists_papers_about_a_concept_through_narrower_terms(corpus_kg, corpus_out, capsys):
    assert main(["query", "papers", "bandits", "--graph", str(corpus_out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = corpus_kg.papers_about(corpus_kg.find_concept("bandits"))
    assert [d["paper"] for d in data["papers"]] == [p for p, *_ in expected]
    # a paper that mentions only a narrower term says which
    assert any(d["through"] != data["label"] for d in data["papers"])
    assert main(["query", "papers", "bandits", "--graph", str(corpus_out), "--limit", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("bandits (concept:bandit)") and out[1].split()[:3] == ["relation", "mentions", "through"]
    assert len(out) == 3
    # the words a link came by, where they are not the concept's name: a person can check them in the abstract
    assert main(["query", "papers", "regression", "--graph", str(corpus_out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    abstracts = {p: d["abstract"] for p, d in corpus_kg.graph.nodes(data=True) if d["kind"] == "paper"}
    written = [(d["paper"], w) for d in data["papers"] for w in d["written"]]
    assert "nonparametric function estimation" in [w for _, w in written]
    assert all(w.lower() in abstracts[p].lower() for p, w in written)


def test_cli_out_of_memory_is_one_line_and_keeps_earlier_outputs(tmp_path, monkeypatch, capsys):
    import importlib

    out = tmp_path / "out"
    out.mkdir()
    (out / "graph.json").write_text("earlier")

    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(importlib.import_module("kgraph.build"), "build", exhausted)
    code = main(["build", str(ROOT / "data"), "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("kgraph: error: out of memory while running 'kgraph build'")
    assert (out / "graph.json").read_text() == "earlier"


def test_cli_build_without_concepts_says_so(tmp_path, capsys):
    src = tmp_path / "tiny.jsonl"
    src.write_text("".join(json.dumps({"abstract": f"We study model {i} today."}) + "\n" for i in range(5)))
    code = main(["build", str(src), "--out", str(tmp_path / "out"), "--no-cache"])
    captured = capsys.readouterr()
    assert code == 0 and "concepts: 0" in captured.out
    assert "no concepts found in 5 abstracts" in captured.err


def test_cli_neighbours_at_depth_two_say_how_each_row_is_joined(corpus_out, capsys):
    assert main(["query", "neighbours", "graph neural networks", "--depth", "2", "--json", "--graph", str(corpus_out)]) == 0
    rows = json.loads(capsys.readouterr().out)["nodes"]
    links = [r["link"] for r in rows]
    assert rows and all(links)  # within two steps, every row says what joins it to the centre
    assert any(link.startswith("in ") and link.endswith(" with it") for link in links)
    assert any(link.startswith("through ") for link in links)


def test_cli_neighbours_say_through_which_narrower_term_as_papers_does(corpus_kg, corpus_out, capsys):
    # a paper in a term's neighbourhood for one of its narrower terms is "through" that term, as `papers` says,
    # not through whatever else it shares with the term (the CDG paper was "through remote sensing" of generative
    # models, which it reaches through latent variables); a term further down is "narrower, under" the one above it
    G = corpus_kg.graph
    wide = sorted((n for n, d in G.nodes(data=True) if d["kind"] != "paper" and d["papers_total"] > d["papers"]),
                  key=lambda n: (G.nodes[n]["papers"] - G.nodes[n]["papers_total"], n))[:12]
    assert len(wide) >= 8
    checked = 0
    for concept in wide:
        assert main(["query", "neighbours", concept, "--graph", str(corpus_out), "--json"]) == 0
        rows = json.loads(capsys.readouterr().out)["nodes"]
        through = {p: G.nodes[term]["label"] for p, _, _, term in corpus_kg.papers_about(concept) if term != concept}
        below = set(corpus_kg.narrower_terms(concept))
        for r in rows:
            if r["kind"] == "paper" and not G.has_edge(concept, r["id"]):
                assert r["link"] == f"through {through[r['id']]}", (concept, r)
                checked += 1
            elif r["id"] in below and not G.has_edge(concept, r["id"]):
                assert r["link"].startswith("narrower, under "), (concept, r)
    assert checked >= 10


def test_cli_related_lists_what_every_shared_concept_adds(tmp_path, capsys):
    import re

    import kgraph
    from kgraph.cli import main

    shared = ("graph neural networks, diffusion models, contrastive learning, reinforcement learning, "
              "Gaussian processes, conformal prediction and bilevel optimization")
    kgraph.from_texts([f"We combine {shared}.", f"A survey of {shared}.", "Diffusion models for images."]).save(tmp_path)
    assert main(["query", "related", "We combine", "--graph", str(tmp_path)]) == 0
    row = next(r for r in capsys.readouterr().out.splitlines() if "A survey of" in r)
    score = float(row.split()[0])
    adds = [float(x) for x in re.findall(r"\+(\d+\.\d+)", row)]
    assert "more +" in row and abs(sum(adds) - score) < 0.02  # the parts add up to the score


def test_cli_path_between_unjoined_papers_says_so(tmp_path, capsys):
    from kgraph import KnowledgeGraph
    from kgraph.graph import build_graph
    from kgraph.types import Mention, Paper

    t1, t2 = "Graph neural networks classify molecules.", "Diffusion models generate images."
    ms = [[Mention("Graph neural networks", 0, 21, "method")], [Mention("Diffusion models", 0, 16, "method")]]
    KnowledgeGraph(build_graph([Paper(t1, sources=["x:1"]), Paper(t2, sources=["x:2"])], ms)).save(tmp_path)
    assert main(["query", "path", "Graph neural networks classify", "Diffusion models generate",
                 "--graph", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("no path between Graph neural networks classify") and "nothing in the graph joins them" in out


def _gnn_methods_page(corpus_out, tmp_path, capsys):
    """The page and the table of `neighbours "graph neural networks" --depth 2 --kind method`, which holds no paper."""
    page = tmp_path / "gnn.html"
    assert main(["query", "neighbours", "graph neural networks", "--depth", "2", "--kind", "method", "--json",
                 "--graph", str(corpus_out), "--html", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    data = json.loads(html.split('id="kg-data">', 1)[1].split("</script>", 1)[0])
    assert data["nodes"] and not any(n["kind"] == "paper" for n in data["nodes"])
    return data, json.loads(capsys.readouterr().out)


def test_cli_neighbours_page_panel_lists_the_concepts_papers_in_the_whole_graph(corpus_kg, corpus_out, tmp_path, capsys):
    # the panel read the page's own graph: no paper section, and all six papers counted "through narrower terms"
    # ("+ 6 more") where five mention graph neural networks itself and one comes through graph filters
    from kgraph.page import _short

    data, _ = _gnn_methods_page(corpus_out, tmp_path, capsys)
    G, center = corpus_kg.graph, corpus_kg.find_concept("graph neural networks")
    about = corpus_kg.papers_about(center)
    direct = [p for p, _, _, term in about if term == center]
    below = [(p, term) for p, _, _, term in about if term != center]
    assert len(direct) == 5 and len(below) == 1
    rec = data["records"][data["focus"]]
    assert rec["pn"] == rec["n"] == len(rec["p"]) == len(direct)
    # not on the page, so each by its title
    assert sorted(x[2] for x in rec["p"] if x[0] is None) == sorted(_short(G.nodes[p]["label"], 90) for p in direct)
    assert rec["ptn"] == len(rec["pt"]) == len(below)
    listed = [(x[3], data["records"][x[1]]["l"] if x[1] else x[2]) for x in rec["pt"]]
    assert listed == [(_short(G.nodes[p]["label"], 90), G.nodes[t]["label"]) for p, t in below]


def test_cli_neighbours_page_draws_what_joins_concepts_a_kind_filter_parts(corpus_out, tmp_path, capsys):
    # concepts two steps away meet graph neural networks in papers, which --kind method leaves out: they floated
    # with no line to anything. A dotted link stands for what is left out between, and the status line says so
    data, table = _gnn_methods_page(corpus_out, tmp_path, capsys)
    drawn = nx.Graph((e["from"], e["to"]) for e in data["edges"])
    drawn.add_nodes_from(n["id"] for n in data["nodes"])
    assert nx.is_connected(drawn)
    via = [e for e in data["edges"] if e["kind"] == "via"]
    assert via and all(e["dashes"] and e["t"] for e in via) and "dotted line" in data["note"]
    # a link to the centre counts the papers the table says the two share ("in 1 paper with it": "1 paper")
    shared = {r["id"]: r["link"][3:-len(" with it")] for r in table["nodes"] if r["link"].startswith("in ")}
    focus = data["focus"]
    ends = {e["to"] if e["from"] == focus else e["from"]: e["t"] for e in via if focus in (e["from"], e["to"])}
    assert shared and all(ends[n].endswith(shared[n]) for n in shared if n in ends) and set(ends) & set(shared)
