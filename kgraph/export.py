"""Export stage: GraphML, GEXF, node-link JSON and an offline HTML page.

Every file is first written to a temporary name in the output folder and
moved into place only when all of them are complete, so a build killed
halfway leaves the previous files intact.

The HTML page is built with pyvis and rendered with kgraph's own template,
which inlines vis-network (shipped inside pyvis) so that the page draws with
no network at all. Graph data sits in a ``<script type="application/json">``
block with ``<`` escaped, so text from the input never runs as script, and
tooltips are set as text, not HTML.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Iterable

import networkx as nx

__all__ = ["write_all", "write_graph_files", "write_graphml", "write_gexf", "write_html", "html_subgraph", "FILES"]

FILES = ("graph.graphml", "graph.gexf", "graph.json", "graph.html")
HTML_MAX_NODES = 2000

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(value):
    if isinstance(value, str):
        return _XML_BAD.sub("", value)
    return value


def _types(dicts: Iterable[dict]) -> dict[str, type]:
    """One type per attribute key: bool, int, float or (when values are mixed or other) str."""
    seen: dict[str, set[type]] = {}
    for d in dicts:
        for k, v in d.items():
            if v is not None:
                seen.setdefault(k, set()).add(type(v))
    out = {}
    for k, types in seen.items():
        if types <= {bool}:
            out[k] = bool
        elif types <= {int}:
            out[k] = int
        elif types <= {int, float}:
            out[k] = float
        else:
            out[k] = str
    return out


def _coerce(d: dict, types: dict[str, type]) -> dict:
    out = {}
    for k, v in d.items():
        if v is None or k not in types:
            continue
        t = types[k]
        if t is str:
            v = _clean("|".join(map(str, v)) if isinstance(v, (list, tuple, set)) else str(v))
        else:
            v = t(v)
        out[k] = v
    return out


#: Attribute types as GraphML and GEXF both name them.
_XML_TYPE = {bool: "boolean", int: "long", float: "double", str: "string"}


_ESCAPE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def _xml(v) -> str:
    """A value as XML text (also safe inside double-quoted attributes); strings are already clean."""
    if isinstance(v, str):
        return v.translate(_ESCAPE)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v)
    return str(v)


def write_graph_files(G: nx.Graph, *, graphml=None, gexf=None, json_path=None) -> None:
    """Write GraphML, GEXF and node-link JSON in one streaming pass over nodes, then edges.

    No copy of the graph is made: attribute types are settled in a first
    look at the attribute dicts (one type per key, mixed keys become
    strings), then every node and every edge is written to all three files
    as it is read. Values are str, int, float or bool; characters XML cannot
    carry are dropped.
    """
    node_types = _types(d for _, d in G.nodes(data=True))
    edge_types = _types(d for *_, d in G.edges(data=True))
    node_keys = sorted(node_types)
    edge_keys = sorted(edge_types)
    files = []
    ids: dict = {}  # node -> its id as XML text, made once
    try:
        gm = open(graphml, "w", encoding="utf-8") if graphml else None
        files.append(gm)
        gx = open(gexf, "w", encoding="utf-8") if gexf else None
        files.append(gx)
        js = open(json_path, "w", encoding="utf-8") if json_path else None
        files.append(js)
        if gm:
            gm.write('<?xml version="1.0" encoding="utf-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
                     'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
                     'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n')
            for i, k in enumerate(node_keys):
                gm.write(f'<key id="n{i}" for="node" attr.name="{_xml(k)}" attr.type="{_XML_TYPE[node_types[k]]}"/>\n')
            for i, k in enumerate(edge_keys):
                gm.write(f'<key id="e{i}" for="edge" attr.name="{_xml(k)}" attr.type="{_XML_TYPE[edge_types[k]]}"/>\n')
            gm.write('<graph edgedefault="undirected">\n')
        gx_node_keys = [k for k in node_keys if k != "label"]
        if gx:
            gx.write('<?xml version="1.0" encoding="utf-8"?>\n<gexf xmlns="http://www.gexf.net/1.2draft" '
                     'xmlns:viz="http://www.gexf.net/1.2draft/viz" version="1.2">\n'
                     '<meta><creator>kgraph</creator></meta>\n<graph defaultedgetype="undirected" mode="static">\n'
                     '<attributes class="node" mode="static">\n')
            for i, k in enumerate(gx_node_keys):
                gx.write(f'<attribute id="{i}" title="{_xml(k)}" type="{_XML_TYPE[node_types[k]]}"/>\n')
            gx.write('</attributes>\n<attributes class="edge" mode="static">\n')
            for i, k in enumerate(edge_keys):
                gx.write(f'<attribute id="{i}" title="{_xml(k)}" type="{_XML_TYPE[edge_types[k]]}"/>\n')
            gx.write("</attributes>\n<nodes>\n")
        if js:
            graph_attrs = {k: v for k, v in G.graph.items() if isinstance(v, (str, int, float, bool))}
            js.write('{"directed": false, "multigraph": false, "graph": ' + json.dumps(graph_attrs) + ', "nodes": [')

        for index, (n, d) in enumerate(G.nodes(data=True)):
            d = _coerce(d, node_types)
            node_id = _clean(str(n))
            xml_id = ids[n] = _xml(node_id)
            if gm:
                gm.write(f'<node id="{xml_id}">')
                gm.write("".join(f'<data key="n{i}">{_xml(d[k])}</data>' for i, k in enumerate(node_keys) if k in d))
                gm.write("</node>\n")
            if gx:
                gx.write(f'<node id="{xml_id}" label="{_xml(d.get("label", node_id))}"><attvalues>')
                gx.write("".join(f'<attvalue for="{i}" value="{_xml(d[k])}"/>' for i, k in enumerate(gx_node_keys) if k in d))
                gx.write(f'</attvalues><viz:color r="{int(d.get("r", 128))}" g="{int(d.get("g", 128))}" '
                         f'b="{int(d.get("b", 128))}" a="1.0"/><viz:size value="{_size(d)}"/></node>\n')
            if js:
                js.write(("," if index else "") + json.dumps({**d, "id": node_id}, ensure_ascii=False))
        if gx:
            gx.write("</nodes>\n<edges>\n")
        if js:
            js.write('], "links": [')
        for index, (u, v, d) in enumerate(G.edges(data=True)):
            d = _coerce(d, edge_types)
            xu, xv = ids[u], ids[v]
            if gm:
                gm.write(f'<edge source="{xu}" target="{xv}">')
                gm.write("".join(f'<data key="e{i}">{_xml(d[k])}</data>' for i, k in enumerate(edge_keys) if k in d))
                gm.write("</edge>\n")
            if gx:
                weight = f' weight="{float(d["weight"])}"' if isinstance(d.get("weight"), (int, float)) else ""
                gx.write(f'<edge id="{index}" source="{xu}" target="{xv}"{weight}><attvalues>')
                gx.write("".join(f'<attvalue for="{i}" value="{_xml(d[k])}"/>' for i, k in enumerate(edge_keys) if k in d))
                gx.write("</attvalues></edge>\n")
            if js:
                js.write(("," if index else "") + json.dumps({**d, "source": _clean(str(u)), "target": _clean(str(v))},
                                                             ensure_ascii=False))
        if gm:
            gm.write("</graph>\n</graphml>\n")
        if gx:
            gx.write("</edges>\n</graph>\n</gexf>\n")
        if js:
            js.write("]}\n")
    finally:
        for fh in files:
            if fh:
                fh.close()


def write_graphml(G: nx.Graph, path) -> None:
    write_graph_files(G, graphml=path)


def write_gexf(G: nx.Graph, path) -> None:
    write_graph_files(G, gexf=path)


def _size(d: dict) -> float:
    if d.get("kind") == "paper":
        return 8.0
    return round(6.0 + 6.0 * (d.get("papers", 1) ** 0.5), 2)


def html_subgraph(G: nx.Graph, max_nodes: int = HTML_MAX_NODES) -> tuple[nx.Graph, bool]:
    """The part of ``G`` an HTML page shows: all of it, or its ``max_nodes`` best-connected nodes."""
    if G.number_of_nodes() <= max_nodes:
        return G, False
    ranked = sorted(G.degree(), key=lambda nd: (-nd[1], str(nd[0])))[:max_nodes]
    return G.subgraph(n for n, _ in ranked), True


def _tooltip(n: str, d: dict) -> str:
    lines = [str(d.get("label", n)), f"kind: {d.get('kind', '?')}"]
    if d.get("kind") == "paper":
        abstract = str(d.get("abstract", ""))
        lines.append(abstract[:300] + ("…" if len(abstract) > 300 else ""))
    else:
        lines.append(f"papers: {d.get('papers', 0)}")
        aliases = str(d.get("aliases", "")).split("|")
        if aliases and aliases != [""]:
            lines.append("aliases: " + ", ".join(aliases[:12]) + (" …" if len(aliases) > 12 else ""))
    return "\n".join(lines)


def _label(d: dict, n: str) -> str:
    label = str(d.get("label", n))
    return label if len(label) <= 40 else label[:39] + "…"


def write_html(G: nx.Graph, path, *, title: str = "kgraph", max_nodes: int = HTML_MAX_NODES,
               highlight: Iterable[str] = (), note: str = "") -> None:
    """Write an interactive page of ``G`` (or its best-connected part) that draws offline."""
    from pyvis.network import Network

    shown, limited = html_subgraph(G, max_nodes)
    highlight = set(highlight)
    net = Network(height="100%", width="100%", cdn_resources="remote")
    for n, d in shown.nodes(data=True):
        color = "#{:02x}{:02x}{:02x}".format(d.get("r", 128), d.get("g", 128), d.get("b", 128))
        net.add_node(
            str(n), label=_label(d, n), title=_tooltip(n, d), color=color, size=_size(d),
            kind=str(d.get("kind", "")), shape="dot" if d.get("kind") != "paper" else "square",
            borderWidth=4 if n in highlight else 1,
        )
    # Network.add_edge scans every edge added before (quadratic); a networkx graph has no
    # duplicate edges, so they go straight into pyvis's edge list in the form add_edge makes.
    for u, v, d in shown.edges(data=True):
        width = 1 + min(4, d.get("weight", 1)) if d.get("kind") == "cooccurrence" else 1
        net.edges.append({"from": str(u), "to": str(v), "width": width,
                          "title": f"{d.get('relation', '')} ({d.get('weight', 1)})",
                          "dashes": d.get("kind") == "cooccurrence"})
    nodes, edges, *_ = net.get_network_data()
    status = f"{shown.number_of_nodes()} of {G.number_of_nodes()} nodes"
    if limited:
        status = (f"Showing the {shown.number_of_nodes()} best-connected of {G.number_of_nodes()} nodes "
                  f"({shown.number_of_edges()} of {G.number_of_edges()} edges); open graph.gexf in Gephi for all of it.")
    if note:
        status = f"{note} · {status}"
    payload = {"nodes": nodes, "edges": edges, "status": status,
               "kinds": sorted({str(d.get("kind", "")) for _, d in shown.nodes(data=True)}),
               "physics": shown.number_of_nodes() <= 3000}
    Path(path).write_text(_render(title, payload), encoding="utf-8")


def _vis_assets() -> tuple[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "templates" / "lib" / "vis-9.1.2"
    return (lib / "vis-network.min.js").read_text(encoding="utf-8"), (lib / "vis-network.css").read_text(encoding="utf-8")


def _render(title: str, payload: dict) -> str:
    js, css = _vis_assets()
    data = json.dumps(payload, ensure_ascii=False)
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    esc_title = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    js = js.replace("</script", "<\\/script")
    return _TEMPLATE.replace("{{TITLE}}", esc_title).replace("{{CSS}}", css).replace("{{VIS}}", js).replace("{{DATA}}", data)


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{TITLE}}</title>
<style>{{CSS}}</style>
<style>
html, body { margin: 0; height: 100%; font: 14px system-ui, sans-serif; }
#bar { padding: 6px 10px; background: #f4f4f4; border-bottom: 1px solid #ccc; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
#graph { position: absolute; top: 46px; bottom: 0; left: 0; right: 0; }
#status { color: #555; }
label.kind { display: inline-flex; gap: 3px; align-items: center; }
.swatch { width: 10px; height: 10px; display: inline-block; border-radius: 5px; }
div.vis-tooltip { white-space: pre-wrap; max-width: 420px; }
</style>
</head>
<body>
<div id="bar">
  <input id="find" list="labels" placeholder="find a node…" size="28" aria-label="find a node">
  <datalist id="labels"></datalist>
  <span id="kinds"></span>
  <span id="status"></span>
</div>
<div id="graph"></div>
<script type="application/json" id="kg-data">{{DATA}}</script>
<script>{{VIS}}</script>
<script>
(function () {
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  document.getElementById("status").textContent = data.status;
  data.nodes.forEach(function (n) {
    var tip = document.createElement("div");
    tip.textContent = n.title;
    n.title = tip;
  });
  var nodes = new vis.DataSet(data.nodes);
  var edges = new vis.DataSet(data.edges);
  var hidden = {};
  var view = new vis.DataView(nodes, { filter: function (n) { return !hidden[n.kind]; } });
  var options = {
    nodes: { font: { size: 12 } },
    edges: { color: { inherit: "both", opacity: 0.5 }, smooth: false },
    interaction: { hover: true, tooltipDelay: 150 },
    physics: { enabled: data.physics, solver: "forceAtlas2Based",
               stabilization: { enabled: true, iterations: 250, updateInterval: 50 } }
  };
  var network = new vis.Network(document.getElementById("graph"), { nodes: view, edges: edges }, options);
  network.once("stabilizationIterationsDone", function () { network.setOptions({ physics: false }); });
  network.once("afterDrawing", function () { document.body.setAttribute("data-kg-drawn", String(nodes.length)); });
  var kinds = document.getElementById("kinds");
  data.kinds.forEach(function (k) {
    var label = document.createElement("label");
    label.className = "kind";
    var box = document.createElement("input");
    box.type = "checkbox"; box.checked = true;
    box.addEventListener("change", function () { hidden[k] = !box.checked; view.refresh(); });
    var sample = data.nodes.find(function (n) { return n.kind === k; });
    var swatch = document.createElement("span");
    swatch.className = "swatch"; swatch.style.background = sample ? sample.color : "#999";
    label.appendChild(box); label.appendChild(swatch); label.appendChild(document.createTextNode(k));
    kinds.appendChild(label);
  });
  var list = document.getElementById("labels");
  var byLabel = {};
  data.nodes.forEach(function (n) {
    byLabel[n.label.toLowerCase()] = n.id;
    var opt = document.createElement("option"); opt.value = n.label; list.appendChild(opt);
  });
  document.getElementById("find").addEventListener("change", function (e) {
    var q = e.target.value.toLowerCase();
    var id = byLabel[q];
    if (id === undefined) {
      var hit = data.nodes.find(function (n) { return n.label.toLowerCase().indexOf(q) >= 0; });
      id = hit ? hit.id : undefined;
    }
    if (id !== undefined) {
      network.selectNodes([id]);
      network.focus(id, { scale: 1.5, animation: true });
    }
  });
})();
</script>
</body>
</html>
"""


def write_all(G: nx.Graph, out_dir, *, html_max_nodes: int = HTML_MAX_NODES) -> list[Path]:
    """Write the four files into ``out_dir`` atomically; return their paths."""
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(f"{out}: output path exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    names = {name: out / f".{name}.{os.getpid()}.tmp" for name in FILES}
    staged: list[tuple[Path, Path]] = [(tmp, out / name) for name, tmp in names.items()]
    try:
        write_graph_files(G, graphml=names["graph.graphml"], gexf=names["graph.gexf"], json_path=names["graph.json"])
        write_html(G, names["graph.html"], max_nodes=html_max_nodes)
        for tmp, final in staged:
            os.replace(tmp, final)
    finally:
        for tmp, _ in staged:
            if tmp.exists():
                tmp.unlink()
    return [final for _, final in staged]
