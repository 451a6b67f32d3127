import json
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from kgraph import KGraphError

from kgraph.export import FILES, write_all, write_graphml, write_html, write_path_html, xml_ids
from kgraph.page import label_zooms, select
from kgraph.store import read_graph
from kgraph.graph import build_graph
from kgraph.read import normalize_text
from kgraph.types import Mention, Paper

EVIL = "</script><script>window.__pwned = 1</script> & <b>bold</b>"


@pytest.fixture()
def small_graph():
    texts = [
        normalize_text("Diffusion models\x0b and score matching \x00 for images."),
        "Diffusion models and score matching for audio.",
        "Mamba beats Transformers on long sequences.",
    ]
    papers = [Paper(t, sources=[f"f.txt:{i}"]) for i, t in enumerate(texts)]
    papers[0].meta = {"title": EVIL, "year": 2024}
    papers[1].meta = {"year": "unknown"}
    mentions = []
    for t in texts:
        ms = []
        for name in ("Diffusion models", "score matching", "Mamba", "Transformers"):
            if name in t:
                ms.append(Mention(name, t.index(name), t.index(name) + len(name), "method"))
        mentions.append(ms)
    return build_graph(papers, mentions)


SCHEMAS = Path(__file__).parent / "schemas"


def _page_data(path):
    html = Path(path).read_text(encoding="utf-8")
    block = html.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block
    return json.loads(block)


def test_export_graphml_reads_back_typed(small_graph, tmp_path):
    path = tmp_path / "g.graphml"
    write_graphml(small_graph, path)
    G = nx.read_graphml(path)
    assert G.number_of_nodes() == small_graph.number_of_nodes()
    node = G.nodes["concept:diffusion_model"]
    assert node["papers"] == 2 and isinstance(node["papers"], int)
    assert isinstance(node["r"], int) and isinstance(G.edges["concept:diffusion_model", "concept:score_matching"]["npmi"], float)
    assert all(isinstance(d.get("year", ""), str) for _, d in G.nodes(data=True))  # mixed types became str
    assert all(isinstance(d["x"], float) and isinstance(d["size"], float) for _, d in G.nodes(data=True))
    igraph = pytest.importorskip("igraph")
    g = igraph.Graph.Read_GraphML(str(path))
    assert g.vcount() == small_graph.number_of_nodes()
    assert {"r", "g", "b", "kind", "label", "x", "y", "size"} <= set(g.vs.attributes())


def test_export_files_valid_under_their_schemas(small_graph, tmp_path):
    etree = pytest.importorskip("lxml.etree")
    G = small_graph.copy()
    G.add_node("concept:odd id with spaces & <tags>", kind="concept", label="odd", papers=1)  # an id no file may hold raw
    G.add_edge("concept:odd id with spaces & <tags>", "concept:mamba", kind="cooccurrence", weight=1)
    write_all(G, tmp_path)
    graphml = etree.XMLSchema(etree.parse(str(SCHEMAS / "graphml" / "graphml.xsd")))
    doc = etree.parse(str(tmp_path / "graph.graphml"))
    assert graphml.validate(doc), graphml.error_log
    # GEXF 1.3's published XSD puts viz elements in the gexf namespace (as 1.2draft's RNG did); its RELAX NG is right
    gexf = etree.RelaxNG(etree.parse(str(SCHEMAS / "gexf-1.3" / "gexf.rng")))
    doc = etree.parse(str(tmp_path / "graph.gexf"))
    assert gexf.validate(doc), gexf.error_log
    ns = {"g": "http://gexf.net/1.3", "viz": "http://gexf.net/1.3/viz"}
    assert len(doc.findall(".//viz:position", ns)) == len(doc.findall(".//viz:size", ns)) == G.number_of_nodes()
    ids = {n.get("id") for n in doc.findall(".//g:node", ns)}
    assert "concept:odd_id_with_spaces_-x26-_-x3c-tags-x3e-" in ids


def test_export_positions_agree_across_files(small_graph, tmp_path):
    write_all(small_graph, tmp_path)
    gm = nx.read_graphml(tmp_path / "graph.graphml")
    gx = nx.read_gexf(tmp_path / "graph.gexf")
    js = json.loads((tmp_path / "graph.json").read_text(encoding="utf-8"))
    for node in js["nodes"]:
        n = node["id"]
        assert (gm.nodes[n]["x"], gm.nodes[n]["y"], gm.nodes[n]["size"]) == (node["x"], node["y"], node["size"])
        viz = gx.nodes[n]["viz"]
        assert (viz["position"]["x"], viz["position"]["y"], viz["size"]) == pytest.approx((node["x"], node["y"], node["size"]))
    sizes = {n["label"]: n["size"] for n in js["nodes"]}
    assert sizes["diffusion models"] > sizes["Mamba"]  # two papers against one


def test_export_layout_is_the_same_in_every_run(small_graph, tmp_path):
    code = ("import pickle, sys; from kgraph.layout import layout; "
            "print(sorted(layout(pickle.load(sys.stdin.buffer)).items()))")
    import pickle

    blob = pickle.dumps(small_graph)
    runs = {subprocess.run([sys.executable, "-c", code], input=blob, capture_output=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(runs) == 1 and b"concept:" in runs.pop()


def test_export_ids_are_nmtokens_and_unique():
    G = nx.Graph()
    G.add_nodes_from(["a b", "a_b", "x\u00e9y", "q/r"])
    ids = xml_ids(G)
    assert ids["x\u00e9y"] == "x\u00e9y" and ids["q/r"] == "q-x2f-r"
    assert len(set(ids.values())) == 4 and all(" " not in v for v in ids.values())


def test_export_html_is_offline_and_escaped(small_graph, tmp_path):
    path = tmp_path / "g.html"
    write_html(small_graph, path)
    html = path.read_text(encoding="utf-8")
    assert "src=\"http" not in html and "href=\"http" not in html and "@import" not in html
    assert "window.__pwned = 1</script>" not in html
    data = _page_data(path)
    assert any(r["l"] == EVIL for r in data["records"].values())
    assert all("label" not in n for n in data["nodes"])  # the page draws labels itself, as text


def test_export_html_bounds_big_graphs_and_says_so():
    G = nx.Graph()
    for i in range(40):
        G.add_node(f"paper:{i}", kind="paper", label=f"paper {i}", abstract="text", papers=1)
    for j in range(120):
        G.add_node(f"concept:c{j}", kind="method", label=f"c{j}", papers=0)
    for i in range(40):
        for j in (i % 7, 7 + i % 11, 20 + i, 60 + i):
            G.add_edge(f"paper:{i}", f"concept:c{j}", kind="mention", relation="uses", weight=1)
    for j in range(120):
        G.nodes[f"concept:c{j}"]["papers"] = G.degree(f"concept:c{j}")
    G.add_node("concept:top", kind="method", label="top", papers=1, papers_total=1)
    G.add_edge("concept:c0", "concept:top", kind="broader", narrower="concept:c0", broader="concept:top", weight=5)
    concepts, papers, edges = select(G, max_concepts=10, max_papers=8, max_edges=30)
    assert concepts[:10] == sorted(concepts[:10], key=lambda c: -G.nodes[c]["papers"])
    assert "concept:top" in concepts  # the broader term of a chosen concept comes along
    assert len(papers) == 8 and len(edges) <= 30 and edges[0][2]["kind"] == "broader"
    kept = set(concepts) | set(papers)
    assert all(u in kept and v in kept for u, v, _ in edges)
    # every chosen concept shows at least one of its papers when the budget allows
    assert all(any(p in papers for p in G[c] if p.startswith("paper:")) for c in concepts[:8])


def test_export_html_status_names_what_it_left_out(tmp_path):
    G = nx.Graph()
    for i in range(30):
        G.add_node(f"paper:{i}", kind="paper", label=str(i), papers=1)
        G.add_node(f"concept:{i}", kind="concept", label=f"c {i}", papers=2)
        G.add_edge(f"paper:{i}", f"concept:{i}", kind="mention", relation="mentions", weight=1)
        G.add_edge(f"paper:{(i + 1) % 30}", f"concept:{i}", kind="mention", relation="mentions", weight=1)
    write_html(G, tmp_path / "g.html", max_concepts=12, max_papers=5)
    data = _page_data(tmp_path / "g.html")
    assert "12 of 30 concepts" in data["omitted"] and "5 of 30 papers" in data["omitted"]
    assert len(data["nodes"]) == 17


def test_export_label_zooms_never_overlap():
    rng = np.random.default_rng(3)
    xy = rng.uniform(0, 400, size=(150, 2))
    w = rng.uniform(30, 120, size=150)
    h = np.full(150, 14.0)
    zoom = label_zooms(xy, w, h)
    assert zoom[0] == 0 and (zoom > 0).any()
    for s in (0.05, 0.3, 1.0, 3.0, 10.0):
        on = np.flatnonzero(zoom <= s)
        for a in range(len(on)):
            i = on[a]
            j = on[a + 1:]
            overlap = (np.abs(xy[j, 0] - xy[i, 0]) * s < (w[j] + w[i]) / 2) & (np.abs(xy[j, 1] - xy[i, 1]) * s < (h[j] + h[i]) / 2)
            assert not overlap.any(), (s, i)


def test_export_path_page_draws_only_the_steps(corpus_kg, tmp_path):
    G = corpus_kg.graph
    paths = corpus_kg.paths("graph neural networks", "domain generalization", limit=3)
    write_path_html(G, paths, tmp_path / "p.html")
    data = _page_data(tmp_path / "p.html")
    steps = {frozenset(pair) for p in data["paths"] for pair in zip(p, p[1:])}
    assert {frozenset((e["from"], e["to"])) for e in data["edges"]} == steps
    assert data["allLabels"] and all(e.get("label") for e in data["edges"])
    ends = [n for n in data["nodes"] if n["id"] in (data["paths"][0][0], data["paths"][0][-1])]
    assert len({n["y"] for n in ends}) == 1 and ends[0]["x"] != ends[1]["x"]


def test_export_path_page_labels_sit_on_their_steps(corpus_kg, tmp_path):
    """vis-network turns an edge's label to the edge by moving there and rotating; a level edge running right
    to left has angle 0, so nothing moves it and its label sat at the page's origin, on no edge."""
    import math

    paths = corpus_kg.paths("continual learning", "model collapse", limit=3)
    write_path_html(corpus_kg.graph, paths, tmp_path / "p.html")
    data = _page_data(tmp_path / "p.html")
    at = {n["id"]: n for n in data["nodes"]}

    def angle(e):  # as vis-network's Edge._getRotation computes it
        a, b = at[e["from"]], at[e["to"]]
        dy, dx = a["y"] - b["y"], a["x"] - b["x"]
        s = math.atan2(dy, dx)
        return s + math.pi if (s < -1 and dx < 0) or (s > 0 and dx < 0) else s

    level = [e for e in data["edges"] if at[e["from"]]["y"] == at[e["to"]]["y"]]
    assert level and all(e.get("label") and angle(e) != 0 for e in data["edges"])
    assert all(at[e["from"]]["x"] < at[e["to"]]["x"] for e in level)
    assert all(math.copysign(1, n["y"]) > 0 for n in data["nodes"] if n["y"] == 0)  # no -0.0: its angle is 0 too


def test_export_write_all_is_atomic(small_graph, tmp_path, monkeypatch):
    write_all(small_graph, tmp_path)
    before = {name: (tmp_path / name).read_bytes() for name in FILES}

    def boom(G, path, **kwargs):
        raise RuntimeError("killed halfway")

    monkeypatch.setattr("kgraph.export.write_html", boom)
    bigger = small_graph.copy()
    bigger.add_node("concept:new", kind="concept", label="new", papers=1)
    with pytest.raises(RuntimeError):
        write_all(bigger, tmp_path)
    assert {name: (tmp_path / name).read_bytes() for name in FILES} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(FILES)


def test_export_unchanged_graph_is_not_written_again(small_graph, tmp_path, monkeypatch):
    write_all(small_graph, tmp_path)
    stamps = {name: (tmp_path / name).stat().st_mtime_ns for name in FILES}

    def no_layout(G):
        raise AssertionError("laid out again")

    monkeypatch.setattr("kgraph.export.layout", no_layout)
    write_all(small_graph.copy(), tmp_path)
    assert {name: (tmp_path / name).stat().st_mtime_ns for name in FILES} == stamps
    changed = small_graph.copy()
    changed.nodes["concept:mamba"]["label"] = "Mamba-2"
    monkeypatch.undo()
    write_all(changed, tmp_path)
    assert "Mamba-2" in (tmp_path / "graph.graphml").read_text(encoding="utf-8")


def test_export_refuses_file_as_output(small_graph, tmp_path):
    target = tmp_path / "file"
    target.write_text("keep me")
    with pytest.raises(KGraphError, match="not a folder"):  # (an OSError too; it was NotADirectoryError alone)
        write_all(small_graph, target)
    assert target.read_text() == "keep me"


def test_store_reads_the_json_store_first(small_graph, tmp_path, monkeypatch):
    write_all(small_graph, tmp_path)
    from_graphml = nx.read_graphml(tmp_path / "graph.graphml")

    def no_graphml(*args, **kwargs):
        raise AssertionError("parsed GraphML")

    monkeypatch.setattr(nx, "read_graphml", no_graphml)
    for where in (tmp_path, tmp_path / "graph.graphml"):
        G = read_graph(where)
        assert sorted(G.nodes) == sorted(from_graphml.nodes)
        assert {n: d for n, d in G.nodes(data=True)} == {n: d for n, d in from_graphml.nodes(data=True)}
        assert sorted(map(sorted, G.edges)) == sorted(map(sorted, from_graphml.edges))
    monkeypatch.undo()
    # a store from another build (or another version) is not trusted: GraphML is read
    data = json.loads((tmp_path / "graph.json").read_text(encoding="utf-8"))
    data["graph"]["fingerprint"] = "0" * 32
    data["nodes"] = data["nodes"][:1]
    (tmp_path / "graph.json").write_text(json.dumps(data), encoding="utf-8")
    assert read_graph(tmp_path).number_of_nodes() == from_graphml.number_of_nodes()


def test_store_broken_file_names_it(tmp_path):
    from kgraph import InputError

    bad = tmp_path / "graph.json"
    bad.write_text('{"nodes": [', encoding="utf-8")
    with pytest.raises(InputError, match="graph.json"):
        read_graph(bad)
    with pytest.raises(InputError, match="no such graph file"):
        read_graph(tmp_path / "missing")
    gexf = tmp_path / "graph.gexf"  # written for Gephi: the error says what to give instead
    gexf.write_text("<gexf/>", encoding="utf-8")
    with pytest.raises(InputError, match=r"graph.gexf: a GEXF file is for Gephi; give kgraph the folder"):
        read_graph(gexf)
    # a new user gave the abstracts (--graph papers.jsonl) and was told of an XML parser's "invalid token"
    abstracts = tmp_path / "papers.jsonl"
    abstracts.write_text('{"abstract": "We study bandits."}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"papers.jsonl: not a graph file \(a .jsonl suffix\); give the folder"):
        read_graph(abstracts)


def _hub_graph(n_rel=30):
    """A hub concept with ``n_rel`` relation edges, each with long evidence from three papers."""
    G = nx.Graph()
    G.add_node("concept:hub", kind="method", label="hub model", papers=3)
    for i in range(3):
        G.add_node(f"paper:{i}", kind="paper", label=f"paper {i}", abstract="text", papers=1)
        G.add_edge(f"paper:{i}", "concept:hub", kind="mention", relation="uses", weight=1)
    long = "In this very long sentence " + "we keep on writing words " * 40 + "the hub model is used for task {i} (paper {k}) " + "and more words " * 40
    for i in range(n_rel):
        c = f"concept:t{i}"
        G.add_node(c, kind="task", label=f"task {i}", papers=2)
        G.add_edge("paper:0", c, kind="mention", relation="addresses", weight=1)
        evidence = [{"paper": f"paper:{k}", "sentence": long.format(i=i, k=k), "relation": "used_for",
                     "head": "concept:hub"} for k in range(3)]
        G.add_edge("concept:hub", c, kind="relation", relation="used_for", head="concept:hub", tail=c,
                   weight=1 + i % 4, evidence=json.dumps(evidence), evidence_papers="paper:0|paper:1|paper:2")
    return G


def test_export_html_panel_relations_are_bounded_and_cut(tmp_path):
    from kgraph.page import HTML_EVIDENCE_CHARS, HTML_EVIDENCE_PER_RELATION, HTML_PANEL_RELATIONS

    write_html(_hub_graph(), tmp_path / "g.html")
    data = _page_data(tmp_path / "g.html")
    hub = data["records"]["concept:hub"]
    assert hub["rn"] == 30 and len(hub["r"]) == HTML_PANEL_RELATIONS
    listed = [data["rels"][k] for k in hub["r"]]
    assert [r["n"] for r in listed] == sorted((r["n"] for r in listed), reverse=True)  # most papers first
    assert all(r["h"] == "concept:hub" and r["y"] == "used_for" for r in listed)
    for r in listed:
        assert len(r["e"]) == HTML_EVIDENCE_PER_RELATION
        for _paper, _title, sentence, how in r["e"]:
            assert len(sentence) <= HTML_EVIDENCE_CHARS + 2 and how == ""
            assert "hub model is used for task" in sentence and sentence.startswith("…") and sentence.endswith("…")
    assert len(data["rels"]) == 30  # each task lists its one relation, so all are on the page, once
    assert all(data["records"][f"concept:t{i}"]["r"] for i in range(30))
    assert all("co-occurs" not in how for _, how, *_ in hub["nb"])  # a relation is no co-occurrence
    stated = data["records"]["paper:0"]  # a paper's panel lists the relations its abstract states, bounded too
    assert stated["rsn"] == 30 and len(stated["rs"]) == HTML_PANEL_RELATIONS
    assert stated["rs"][0] == {"h": "concept:hub", "t": "concept:t0", "y": "used_for"}


def test_export_html_panel_relations_escaped_and_path_pages_list_them(small_graph, tmp_path):
    G = small_graph.copy()
    a, b = "concept:mamba", "concept:score_matching"
    G.add_edge(a, b, kind="relation", relation="compare", head=a, tail=b, weight=1,
               evidence=json.dumps([{"paper": "paper:nowhere", "sentence": EVIL, "relation": "compare", "head": b}]))
    write_html(G, tmp_path / "g.html")
    html = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert "window.__pwned = 1</script>" not in html
    rels = _page_data(tmp_path / "g.html")["rels"]
    assert rels == [{"h": a, "t": b, "y": "compare", "n": 1,
                     "e": [[None, "paper:nowhere", EVIL, "score matching --compare--> Mamba"]]}]
    # a path page draws only the steps, but its panels list each concept's relations in the whole graph
    diffusion = "concept:diffusion_model"
    paper = next(p for p in G[b] if p.startswith("paper:"))
    write_path_html(G, [[diffusion, paper, b]], tmp_path / "p.html")
    data = _page_data(tmp_path / "p.html")
    assert data["rels"] == [dict(rels[0], h=None, hl="Mamba")]  # Mamba is not on the page: its label, not a link
    assert data["records"][b]["r"] == [0] and "r" not in data["records"][diffusion]


def test_export_a_killed_builds_staged_files_are_removed(small_graph, tmp_path):
    import subprocess
    import sys

    from kgraph.export import write_all

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone = int(done.stdout)  # a process that has ended
    stale = tmp_path / f".graph.json.{gone}.tmp"
    stale.write_text("half")
    mine = tmp_path / f".graph.gexf.{os.getppid()}.tmp"  # a running process's: left alone
    mine.write_text("in progress")
    write_all(small_graph, tmp_path)
    assert not stale.exists() and mine.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == [
        "graph.gexf", "graph.graphml", "graph.html", "graph.json"]
