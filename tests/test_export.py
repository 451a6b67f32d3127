import json
import subprocess
import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from kgraph.export import FILES, write_all, write_gexf, write_graphml, write_html
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


def test_export_graphml_reads_back_typed(small_graph, tmp_path):
    path = tmp_path / "g.graphml"
    write_graphml(small_graph, path)
    G = nx.read_graphml(path)
    assert G.number_of_nodes() == small_graph.number_of_nodes()
    node = G.nodes["concept:diffusion_model"]
    assert node["papers"] == 2 and isinstance(node["papers"], int)
    assert isinstance(node["r"], int) and isinstance(G.edges["concept:diffusion_model", "concept:score_matching"]["npmi"], float)
    assert all(isinstance(d.get("year", ""), str) for _, d in G.nodes(data=True))  # mixed types became str
    igraph = pytest.importorskip("igraph")
    g = igraph.Graph.Read_GraphML(str(path))
    assert g.vcount() == small_graph.number_of_nodes()
    assert {"r", "g", "b", "kind", "label"} <= set(g.vs.attributes())


def test_export_gexf_has_viz(small_graph, tmp_path):
    path = tmp_path / "g.gexf"
    write_gexf(small_graph, path)
    root = ET.parse(path).getroot()
    ns = {"viz": "http://www.gexf.net/1.2draft/viz"}
    colors = root.findall(".//viz:color", ns)
    assert len(colors) == small_graph.number_of_nodes()
    assert root.findall(".//viz:size", ns)
    assert nx.read_gexf(path).number_of_nodes() == small_graph.number_of_nodes()


def test_export_html_is_offline_and_escaped(small_graph, tmp_path):
    path = tmp_path / "g.html"
    write_html(small_graph, path)
    html = path.read_text(encoding="utf-8")
    assert "http://" not in html.split("<script>", 1)[0] and "src=\"http" not in html and "href=\"http" not in html
    assert "window.__pwned = 1</script>" not in html
    block = html.split('id="kg-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block
    data = json.loads(block)
    assert any(EVIL in n["title"] for n in data["nodes"])


def test_export_html_limits_large_graphs(tmp_path):
    G = nx.Graph()
    for i in range(60):
        G.add_node(f"concept:{i}", kind="concept", label=str(i), papers=1, r=1, g=2, b=3)
    G.add_edges_from((f"concept:{i}", f"concept:{i + 1}") for i in range(59))
    write_html(G, tmp_path / "g.html", max_nodes=20)
    html = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert "the 20 best-connected of 60 nodes" in html


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


def test_export_refuses_file_as_output(small_graph, tmp_path):
    target = tmp_path / "file"
    target.write_text("keep me")
    with pytest.raises(NotADirectoryError):
        write_all(small_graph, target)
    assert target.read_text() == "keep me"


def _dump_dom(chromium, page, tmp_path, attempts=3):
    """The page's DOM after its scripts ran, in headless Chromium with no network.

    A loaded machine sometimes makes headless Chromium exit before the page
    has drawn; such a run is retried (a page that never draws still fails).
    """
    dom = ""
    for attempt in range(attempts):
        cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / f'profile{attempt}'}", "--virtual-time-budget=15000",
               "--dump-dom", page.as_uri()]
        dom = subprocess.run(cmd, capture_output=True, text=True, timeout=180).stdout
        if "data-kg-drawn=" in dom:
            break
    return dom


def test_export_html_draws_offline_in_chromium(small_graph, tmp_path, chromium):
    page = tmp_path / "g.html"
    write_html(small_graph, page)
    dom = _dump_dom(chromium, page, tmp_path)
    assert "<canvas" in dom
    assert f'data-kg-drawn="{small_graph.number_of_nodes()}"' in dom
    assert "<script>window.__pwned" not in dom
