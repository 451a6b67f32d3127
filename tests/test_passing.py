"""Concepts a paper names only in passing (a test bed, a yardstick) are listed but join no papers as topics."""

import json

import networkx as nx
import pytest

import kgraph
from kgraph.cli import main
from kgraph.passing import _in_passing, _test_bed_spans
from kgraph.query import paths

OPTIMIZERS = [
    "We propose KOALA++, a Kalman-based optimizer for neural network training. Experiments on image classification "
    "and language modeling show that it matches second-order optimizers.",
    "We propose Lion-K, a sign-based optimizer with momentum for neural network training. It outperforms Adam on "
    "image classification benchmarks.",
    "Image classification models fail under distribution shift. We study image classification with confounders and "
    "propose a causal domain generalization method.",
]


@pytest.fixture(scope="module")
def optimizers():
    return kgraph.from_texts(OPTIMIZERS)


def _paper(kg, start):
    return next(p for p in kgraph.query.papers(kg.graph) if kg.graph.nodes[p]["abstract"].startswith(start))


def test_a_test_bed_is_linked_in_passing_and_a_subject_is_not(optimizers):
    kg = optimizers
    assert kg.in_passing(_paper(kg, "We propose KOALA"), "image classification")
    assert kg.in_passing(_paper(kg, "We propose Lion"), "image classification")
    assert not kg.in_passing(_paper(kg, "Image classification"), "image classification")
    assert not kg.in_passing(_paper(kg, "We propose KOALA"), "KOALA++")  # what it proposes, even in experiments


def test_what_a_title_names_is_never_in_passing(tmp_path):
    # "UNet-AF: An alias-free UNet for image restoration": its abstract wrote image restoration only in its
    # experiments, so the paper's subject was linked in passing
    abstract = ("We propose UNet-AF, an alias-free UNet with anti-aliased resampling layers. Experiments on image "
                "restoration show fewer artifacts than strong baselines.")
    path = tmp_path / "papers.jsonl"
    path.write_text(json.dumps({"title": "UNet-AF: An alias-free UNet for image restoration", "abstract": abstract})
                    + "\n" + json.dumps({"abstract": abstract.replace("UNet-AF", "UNet-BF")}) + "\n", encoding="utf-8")
    kg = kgraph.build(path)
    titled = next(p for p in kgraph.query.papers(kg.graph) if kg.graph.nodes[p].get("title"))
    untitled = next(p for p in kgraph.query.papers(kg.graph) if not kg.graph.nodes[p].get("title"))
    assert not kg.in_passing(titled, "image restoration") and kg.in_passing(untitled, "image restoration")


def test_papers_sharing_only_a_test_bed_are_not_related(optimizers):
    kg = optimizers
    koala, lion, subject = (_paper(kg, s) for s in ("We propose KOALA", "We propose Lion", "Image classification"))
    assert [p for p, _, _ in kg.related_papers(koala)] == [subject]
    # a concept one paper is about and the other names in passing counts half
    (_, _, [(_, adds)]), = kg.related_papers(lion, weights=True)
    G = kg.graph.copy()
    G.edges[lion, kg.find_concept("image classification")]["passing"] = False
    (_, _, [(_, full)]), _ = kgraph.query.related_papers(G, lion, weights=True)
    assert adds == pytest.approx(full / 2, abs=1e-3)
    # the subject paper still lists the test-bed papers among the concept's papers, after its own
    about = [p for p, _, _, _ in kg.papers_about("image classification")]
    assert about[0] == subject and set(about[1:]) == {koala, lion}


def test_passing_is_in_every_export(optimizers, tmp_path):
    kg = optimizers
    kg.save(tmp_path)
    G = nx.read_graphml(tmp_path / "graph.graphml")
    passing = {(G.nodes[u]["label"] if G.nodes[u]["kind"] != "paper" else G.nodes[v]["label"])
               for u, v, d in G.edges(data=True) if d.get("kind") == "mention" and d.get("passing")}
    assert passing == {"image classification", "language models"}
    assert all(isinstance(d.get("passing"), bool) for _, _, d in G.edges(data=True) if d.get("kind") == "mention")
    gexf = nx.read_gexf(tmp_path / "graph.gexf")
    assert sum(bool(d.get("passing")) for _, _, d in gexf.edges(data=True)) == 3


@pytest.mark.parametrize("text, form, expected", [
    ("Experiments on image classification and language modeling show gains.", "language modeling", True),
    ("Our method outperforms compressed sensing and diffusion-based methods.", "compressed sensing", True),
    ("It performs well across diverse tasks such as TSP and CVRP.", "CVRP", True),
    ("Extensive experiments demonstrate that it scales to the Traveling Salesman Problem.",
     "Traveling Salesman Problem", True),
    # uses elsewhere: fields such as, implications for, can be applied in
    ("Probabilistic outputs are used in fields such as contrastive learning and recommendation systems.",
     "recommendation systems", True),
    ("The phenomenon has implications for model ensembling and merging.", "model ensembling", True),
    ("We show how these results can be applied in reinforcement learning for policy optimization.",
     "policy optimization", True),
    ("1-Lipschitz networks are fundamental for generative modelling and inverse problems.", "generative modelling",
     True),
    ("Kernel methods have applications in drug discovery.", "drug discovery", True),
    # a cue's reach ends at its clause: the subject comes back after "without", "while"
    ("It outperforms SSL methods, without domain labels during representation learning.",
     "representation learning", False),
    ("These results validate our insights and provide avenues for better length generalization.",
     "length generalization", False),
    # the field's evidence of a phenomenon is no test bed
    ("Despite growing empirical evidence of bias amplification, its causes are unclear.", "bias amplification", False),
    ("Recent empirical studies show that homophilic GNNs perform well.", "homophilic GNNs", False),
    ("Large pre-trained models such as CLIP are costly to invert.", "CLIP", False),
])
def test_test_bed_cues(text, form, expected):
    assert _in_passing(text, [form], _test_bed_spans(text)) is expected


def test_a_concept_also_written_outside_a_test_bed_is_not_in_passing():
    text = "We study image classification. Experiments on image classification confirm it."
    assert not _in_passing(text, ["image classification"], _test_bed_spans(text))


def test_paths_prefer_what_papers_are_about():
    G = nx.Graph()
    for p in ("paper:a", "paper:b"):
        G.add_node(p, kind="paper", label=p, abstract=p)
    G.add_node("concept:bed", kind="task", label="image classification", papers=2)
    G.add_node("concept:topic", kind="method", label="optimizers", papers=2)
    for p in ("paper:a", "paper:b"):
        G.add_edge(p, "concept:bed", kind="mention", weight=1, relation="mentions", passing=True)
        G.add_edge(p, "concept:topic", kind="mention", weight=1, relation="mentions", passing=False)
    assert paths(G, "paper:a", "paper:b", limit=2) == [["paper:a", "concept:topic", "paper:b"],
                                                       ["paper:a", "concept:bed", "paper:b"]]


def test_cli_says_in_passing(optimizers, tmp_path, capsys):
    optimizers.save(tmp_path)
    assert main(["query", "papers", "image classification", "--graph", str(tmp_path)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 5 and rows[2].startswith("addresses ")
    assert [r.split()[:3] for r in rows[3:]] == [["mentions,", "in", "passing"]] * 2
    assert main(["query", "papers", "image classification", "--graph", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["in_passing"] for d in data["papers"]] == [False, True, True]


def test_cli_path_says_which_steps_are_in_passing(optimizers, tmp_path, capsys):
    optimizers.save(tmp_path)
    assert main(["query", "path", "We propose KOALA", "We propose Lion", "--graph", str(tmp_path)]) == 0
    said, _, first = capsys.readouterr().out.splitlines()[:3]
    assert said.endswith("(paper)") and "-(in passing)-> image classification -(in passing)->" in first
    assert main(["query", "path", "We propose KOALA", "We propose Lion", "--graph", str(tmp_path), "--json",
                 "--limit", "1"]) == 0
    (steps,) = json.loads(capsys.readouterr().out)["paths"]
    assert [s.get("in_passing") for s in steps] == [None, True, True]


def test_cli_neighbours_and_related_say_in_passing(optimizers, tmp_path, capsys):
    optimizers.save(tmp_path)
    assert main(["query", "neighbours", "image classification", "--graph", str(tmp_path)]) == 0
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("paper")]
    assert sum("mentions it in passing" in r for r in rows) == 2 and len(rows) == 3
    assert main(["query", "related", "We propose Lion", "--graph", str(tmp_path)]) == 0
    assert "half when one of the two papers names it only in passing" in capsys.readouterr().out
