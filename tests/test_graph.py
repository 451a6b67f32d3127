from kgraph.graph import build_graph
from kgraph.types import Mention, Paper


def _m(text, source, kind="method", **kw):
    start = source.index(text)
    return Mention(text, start, start + len(text), kind, **kw)


def _paper(text, ms):
    return Paper(text, sources=["x.txt:1"]), [_m(*m[:2], **(m[2] if len(m) > 2 else {})) for m in ms]


def _graph(items, **kw):
    papers, mentions = zip(*items)
    return build_graph(list(papers), list(mentions), **kw)


def test_graph_abbreviations_merge_when_long_forms_agree():
    t1 = "We study graph neural networks (GNNs). GNNs are expressive."
    t2 = "Graph Neural Networks scale. We prune a GNN."
    t3 = "GNNs fail on long-range tasks."
    G = _graph([
        _paper(t1, [("graph neural networks", t1, {"short_form": "GNNs"}), ("GNNs", t1, {"long_form": "graph neural networks"})]),
        _paper(t2, [("Graph Neural Networks", t2), ("GNN", t2)]),
        _paper(t3, [("GNNs", t3)]),
    ])
    concepts = sorted(n for n, k in G.nodes(data="kind") if k != "paper")
    # ("neural networks", too broad to tell ML papers apart, is no node of its own)
    assert concepts == ["concept:graph_neural_network"]
    node = G.nodes["concept:graph_neural_network"]
    assert node["papers"] == 3
    assert node["label"] in ("graph neural networks", "Graph Neural Networks")
    assert set(node["aliases"].split("|")) == {"graph neural networks", "Graph Neural Networks", "GNNs", "GNN"}


def test_graph_ambiguous_short_form_is_not_merged():
    t1 = "We study continual learning (CL) for robots. CL forgets."
    t2 = "We use contrastive learning (CL) for images. CL needs negatives."
    t3 = "CL is popular."
    G = _graph([
        _paper(t1, [("continual learning", t1), ("CL", t1, {"long_form": "continual learning"})]),
        _paper(t2, [("contrastive learning", t2), ("CL", t2, {"long_form": "contrastive learning"})]),
        _paper(t3, [("CL", t3)]),
    ])
    assert G.nodes["concept:continual_learning"]["papers"] == 1
    assert G.nodes["concept:contrastive_learning"]["papers"] == 1
    assert G.nodes["concept:cl"]["papers"] == 1  # undefined use stays apart


def test_graph_attributes_and_edges():
    texts = [f"Diffusion models and score matching, part {i}." for i in range(3)] + ["Mamba is a model."]
    items = [_paper(t, [("Diffusion models", t), ("score matching", t)]) for t in texts[:3]]
    items.append(_paper(texts[3], [("Mamba", texts[3], {"role": "proposes"})]))
    G = _graph(items)
    for d in [d for _, d in G.nodes(data=True)] + [d for *_, d in G.edges(data=True)]:
        assert all(isinstance(v, (str, int, float, bool)) for v in d.values())
    edge = G.edges["concept:diffusion_model", "concept:score_matching"]
    assert edge["kind"] == "cooccurrence" and edge["weight"] == 3
    paper = [n for n, d in G.nodes(data=True) if d["kind"] == "paper" and "Mamba" in d["abstract"]][0]
    assert G.edges[paper, "concept:mamba"]["relation"] == "proposes"
    assert G.nodes[paper]["label"] == "Mamba"  # the name of what it proposes
    other = [n for n, d in G.nodes(data=True) if d["kind"] == "paper" and "part 0" in d["abstract"]][0]
    assert G.nodes[other]["label"] == "Diffusion models and score matching, part 0."  # its opening words


def test_graph_cooccurrence_needs_two_papers():
    t = "Diffusion models and score matching."
    G = _graph([_paper(t, [("Diffusion models", t), ("score matching", t)])])
    assert not G.has_edge("concept:diffusion_model", "concept:score_matching")
