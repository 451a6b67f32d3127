import pytest

from kgraph.errors import InputError
from kgraph.extract import Mention
from kgraph.graph import build_graph
from kgraph.read import Paper
from kgraph.years import add_years, format_years, parse_years, trends


def _corpus(rows):
    """rows: (year, [concept names]) -> a built graph; each concept is mentioned once at the start of the text."""
    papers, mentions = [], []
    for i, (year, names) in enumerate(rows):
        text = " and ".join(names) + f" are studied in paper number {i}."
        ms = []
        for name in names:
            start = text.index(name)
            ms.append(Mention(name, start, start + len(name), "method"))
        meta = {"year": year} if year is not None else {}
        papers.append(Paper(text, [f"x.jsonl:{i + 1}"], meta))
        mentions.append(ms)
    return build_graph(papers, mentions)


def _node(G, label):
    (node,) = [n for n, d in G.nodes(data=True) if d.get("label") == label]
    return node


ROWS = [
    (2019, ["recurrent networks", "graph networks"]), (2019, ["recurrent networks"]), (2019, ["convolutional networks"]),
    (2020, ["recurrent networks", "graph networks"]), (2020, ["convolutional networks"]),
    (2021, ["recurrent networks", "diffusion transformers"]), (2021, ["graph networks"]), (2021, ["convolutional networks"]),
    (2022, ["diffusion transformers", "graph networks"]), (2022, ["diffusion transformers"]),
    (2023, ["diffusion transformers", "recurrent networks"]), (2023, ["diffusion transformers"]), (2023, ["graph networks"]),
    (None, ["diffusion transformers"]),
]


def test_years_on_concepts():
    G = _corpus(ROWS)
    rnn = G.nodes[_node(G, "recurrent neural networks")]
    assert rnn["first_year"] == 2019 and rnn["years"] == "2019:2|2020:1|2021:1|2023:1"
    assert rnn["mean_year"] == pytest.approx((2019 * 2 + 2020 + 2021 + 2023) / 5, abs=0.01)
    tr = G.nodes[_node(G, "diffusion transformers")]
    assert tr["papers"] == 6 and parse_years(tr["years"]) == {2021: 1, 2022: 2, 2023: 2}  # the undated paper is left out
    assert G.graph["years"] == "2019:3|2020:2|2021:3|2022:2|2023:3"


def test_years_trends_rising_and_fading():
    G = _corpus(ROWS)
    result = trends(G, min_papers=3)
    assert result.years == {2019: 3, 2020: 2, 2021: 3, 2022: 2, 2023: 3}
    assert [t.label for t in result.rising] == ["diffusion transformers"]
    # weights 3,2,3,2,3 around 2021: recurrent shares 2/3,1/2,1/3,0,1/3 and convolution shares 1/3,1/2,1/3,0,0
    # both give sum w*(t-2021)*share = -3 over sum w*(t-2021)^2 = 28; the tie goes to the concept with more papers
    assert [(t.label, t.slope) for t in result.fading][:2] == [("recurrent neural networks", -10.71), ("convolutional neural networks", -10.71)]
    top = result.rising[0]
    assert top.slope > 20 and top.papers == 5 and top.first_year == 2021 and top.years == {2021: 1, 2022: 2, 2023: 2}
    # "graph networks" holds a steady share (1/3, 1/2, 1/3, 1/2, 1/3): slope 0, neither rising nor fading
    assert "graph networks" not in [t.label for t in result.rising + result.fading]


def test_years_trends_since_kind_and_limits():
    G = _corpus(ROWS)
    since = trends(G, since=2021, min_papers=2)
    assert since.years == {2021: 3, 2022: 2, 2023: 3}
    assert all(min(t.years) >= 2021 for t in since.rising + since.fading)
    assert "convolutional neural networks" not in [t.label for t in since.fading]  # one paper from 2021 on
    assert trends(G, kind="dataset", min_papers=1).rising == []
    assert len(trends(G, limit=1, min_papers=1).fading) == 1


@pytest.mark.parametrize("rows, kw, error, message", [
    ([(None, ["a b"]), (None, ["c d"])], {}, InputError, "no paper in this graph has a year"),
    ([(2020, ["a b"]), (2020, ["c d"])], {}, InputError, "at least two years"),
    (ROWS, {"since": 2023}, InputError, "at least two years since 2023; years with papers: 2023"),
    (ROWS, {"limit": 0}, ValueError, "limit = 0 is invalid"),
])
def test_years_trends_errors_name_the_problem(rows, kw, error, message):
    with pytest.raises(error, match=message):
        trends(_corpus(rows), **kw)


def test_years_format_round_trip():
    assert parse_years(format_years({2024: 5, 2023: 2})) == {2023: 2, 2024: 5}
    with pytest.raises(ValueError, match="YEAR:COUNT"):
        parse_years("2023-2")


def test_years_count_the_papers_of_narrower_terms():
    import networkx as nx

    G = nx.Graph()
    for i, (year, concept) in enumerate([(2020, "concept:lstm"), (2021, "concept:bidirectional_lstm"),
                                         (2022, "concept:bidirectional_lstm"), (2022, "concept:rnn")]):
        G.add_node(f"paper:{i}", kind="paper", year=year)
        G.add_node(concept, kind="method", label=concept.split(":")[1])
        G.add_edge(f"paper:{i}", concept, kind="mention")
    G.add_node("concept:neural_network", kind="method", label="neural network")  # named by no paper on its own
    for narrow, wide in [("concept:bidirectional_lstm", "concept:lstm"), ("concept:lstm", "concept:rnn"),
                         ("concept:rnn", "concept:neural_network")]:
        G.add_edge(narrow, wide, kind="broader", narrower=narrow, broader=wide)
    add_years(G)
    assert G.nodes["concept:lstm"]["years"] == "2020:1|2021:1|2022:1"
    assert G.nodes["concept:neural_network"]["years"] == "2020:1|2021:1|2022:2"
    assert G.nodes["concept:neural_network"]["first_year"] == 2020
    assert G.nodes["concept:bidirectional_lstm"]["mean_year"] == 2021.5
