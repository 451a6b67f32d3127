"""Export stage: GraphML, GEXF, node-link JSON and an offline HTML map, laid out once.

:func:`write_all` lays the graph out (:mod:`kgraph.layout`) and writes every
file with the same positions and sizes: ``x``, ``y``, ``size`` and ``r``,
``g``, ``b`` attributes in GraphML (what Gephi's importer reads), GEXF 1.3
``viz:position``, ``viz:size`` and ``viz:color``, and the same keys in
graph.json, so Gephi, Gephi Lite and sigma.js open the files laid out,
coloured and sized. Node ids are written as XML NMTOKENs (spaces and other
characters a GraphML id may not hold are escaped, the same way in every file).

Every file is first written to a temporary name in the output folder and
moved into place only when all of them are complete, so a build killed
halfway leaves the previous files intact. A fingerprint of the graph and the
export options is stored in graph.json and graph.graphml; when a rebuild
produces the same graph, nothing is laid out or written again.

graph.json doubles as the fast store that :func:`kgraph.store.read_graph`
loads (its ``graph`` block carries ``kgraph_format`` and ``fingerprint``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import unicodedata
from pathlib import Path
from typing import Hashable, Iterable, Mapping

import networkx as nx

from .errors import OutputError
from .layout import layout, node_size
from .page import HTML_MAX_CONCEPTS, HTML_MAX_PAPERS, write_html, write_path_html

__all__ = ["write_all", "write_graph_files", "write_graphml", "write_gexf", "write_json", "write_html",
           "write_path_html", "fingerprint", "stored_fingerprint", "xml_ids", "FILES", "FORMAT"]

FILES = ("graph.graphml", "graph.gexf", "graph.json", "graph.html")
log = logging.getLogger("kgraph")
#: Version of what the files hold; a store of another version is not read as a fast store.
FORMAT = 2

_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_NAME_OK = re.compile(r"[A-Za-z0-9._:\-]")
_NAME_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Mn", "Mc"}


def _clean(value):
    if isinstance(value, str):
        return _XML_BAD.sub("", value)
    return value


def _nmtoken(text: str) -> str:
    """``text`` as an XML NMTOKEN: white space becomes ``_``, other characters a name cannot hold ``-xHH-``."""
    out = []
    for ch in text:
        if _NAME_OK.match(ch) or (ord(ch) > 127 and unicodedata.category(ch) in _NAME_CATEGORIES):
            out.append(ch)
        elif ch.isspace():
            out.append("_")
        else:
            out.append(f"-x{ord(ch):x}-")
    return "".join(out) or "_"


def xml_ids(G: nx.Graph) -> dict[Hashable, str]:
    """node -> its id in the files: the node's name if it is a valid NMTOKEN, else an escaped form, unique."""
    ids: dict[Hashable, str] = {}
    used: set[str] = set()
    for n in G:
        base = _nmtoken(_clean(str(n)))
        name, k = base, 1
        while name in used:
            k += 1
            name = f"{base}.{k}"
        used.add(name)
        ids[n] = name
    return ids


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


def _graph_attrs(G: nx.Graph) -> dict:
    return {k: v for k, v in G.graph.items() if isinstance(v, (str, int, float, bool)) and k not in ("fingerprint",)}


def fingerprint(G: nx.Graph, **options) -> str:
    """A hash of the graph (nodes, edges, attributes, in order) and of the export options."""
    h = hashlib.blake2b(digest_size=16)
    h.update(repr((FORMAT, sorted(options.items()), sorted(_graph_attrs(G).items(), key=str))).encode())
    for n, d in G.nodes(data=True):
        h.update(repr((n, sorted(d.items(), key=str))).encode("utf-8", "surrogatepass"))
    for u, v, d in G.edges(data=True):
        h.update(repr((u, v, sorted(d.items(), key=str))).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


_STORED = re.compile(r'"?fingerprint"?[=:] ?"([0-9a-f]{32})"')


def stored_fingerprint(path) -> str | None:
    """The fingerprint written at the head of a graph.json or graph.graphml, or None."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(8192).decode("utf-8", "replace")
    except OSError:
        return None
    match = _STORED.search(head)
    return match.group(1) if match else None


def _layout_of(G: nx.Graph) -> dict:
    """Positions stored on the nodes (a loaded graph), else a fresh layout."""
    xs = nx.get_node_attributes(G, "x")
    ys = nx.get_node_attributes(G, "y")
    if len(xs) == len(ys) == len(G):
        return {n: (float(xs[n]), float(ys[n])) for n in G}
    return layout(G)


def write_graph_files(G: nx.Graph, *, graphml=None, gexf=None, json_path=None,
                      pos: Mapping | None = None, stamp: str | None = None) -> None:
    """Write GraphML, GEXF 1.3 and node-link JSON in one streaming pass over nodes, then edges.

    No copy of the graph is made: attribute types are settled in a first
    look at the attribute dicts (one type per key, mixed keys become
    strings), then every node and every edge is written to all three files
    as it is read. Values are str, int, float or bool; characters XML cannot
    carry are dropped.

    Parameters
    ----------
    G : networkx.Graph
        The graph.
    graphml, gexf, json_path : path, optional
        Where to write each file (None: not written).
    pos : mapping, optional
        node -> (x, y); computed with :func:`kgraph.layout.layout` when not given.
    stamp : str, optional
        Fingerprint to record in the files (see :func:`fingerprint`).
    """
    pos = _layout_of(G) if pos is None else pos
    node_types = _types(d for _, d in G.nodes(data=True))
    node_types.update(x=float, y=float, size=float)
    edge_types = _types(d for *_, d in G.edges(data=True))
    node_keys = sorted(node_types)
    edge_keys = sorted(edge_types)
    graph_attrs = _graph_attrs(G)
    graph_attrs["kgraph_format"] = FORMAT
    if stamp:
        graph_attrs["fingerprint"] = stamp
    ids = xml_ids(G)
    files = []
    try:
        gm = open(graphml, "w", encoding="utf-8") if graphml else None
        files.append(gm)
        gx = open(gexf, "w", encoding="utf-8") if gexf else None
        files.append(gx)
        js = open(json_path, "w", encoding="utf-8") if json_path else None
        files.append(js)
        if gm:
            gm.write('<?xml version="1.0" encoding="utf-8"?>\n')
            if stamp:
                gm.write(f'<!-- kgraph fingerprint="{stamp}" -->\n')
            gm.write('<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
                     'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
                     'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n')
            graph_types = _types([graph_attrs])
            for i, k in enumerate(sorted(graph_attrs)):
                gm.write(f'<key id="g{i}" for="graph" attr.name="{_xml(k)}" attr.type="{_XML_TYPE[graph_types[k]]}"/>\n')
            for i, k in enumerate(node_keys):
                gm.write(f'<key id="n{i}" for="node" attr.name="{_xml(k)}" attr.type="{_XML_TYPE[node_types[k]]}"/>\n')
            for i, k in enumerate(edge_keys):
                gm.write(f'<key id="e{i}" for="edge" attr.name="{_xml(k)}" attr.type="{_XML_TYPE[edge_types[k]]}"/>\n')
            gm.write('<graph edgedefault="undirected">\n')
            for i, k in enumerate(sorted(graph_attrs)):
                gm.write(f'<data key="g{i}">{_xml(_clean(graph_attrs[k]))}</data>\n')
        gx_node_keys = [k for k in node_keys if k not in ("label", "x", "y", "size")]
        if gx:
            gx.write('<?xml version="1.0" encoding="utf-8"?>\n<gexf xmlns="http://gexf.net/1.3" '
                     'xmlns:viz="http://gexf.net/1.3/viz" version="1.3">\n'
                     '<meta><creator>kgraph</creator></meta>\n<graph defaultedgetype="undirected" mode="static">\n'
                     '<attributes class="node" mode="static">\n')
            for i, k in enumerate(gx_node_keys):
                gx.write(f'<attribute id="{i}" title="{_xml(k)}" type="{_XML_TYPE[node_types[k]]}"/>\n')
            gx.write('</attributes>\n<attributes class="edge" mode="static">\n')
            for i, k in enumerate(edge_keys):
                gx.write(f'<attribute id="{i}" title="{_xml(k)}" type="{_XML_TYPE[edge_types[k]]}"/>\n')
            gx.write("</attributes>\n<nodes>\n")
        if js:
            js.write('{"directed": false, "multigraph": false, "graph": ' + json.dumps(graph_attrs) + ', "nodes": [')

        for index, (n, d) in enumerate(G.nodes(data=True)):
            x, y = pos[n]
            d = _coerce({**d, "x": float(x), "y": float(y), "size": node_size(d)}, node_types)
            node_id = ids[n]
            if gm:
                gm.write(f'<node id="{node_id}">')
                gm.write("".join(f'<data key="n{i}">{_xml(d[k])}</data>' for i, k in enumerate(node_keys) if k in d))
                gm.write("</node>\n")
            if gx:
                gx.write(f'<node id="{node_id}" label="{_xml(d.get("label", node_id))}"><attvalues>')
                gx.write("".join(f'<attvalue for="{i}" value="{_xml(d[k])}"/>' for i, k in enumerate(gx_node_keys) if k in d))
                gx.write(f'</attvalues><viz:color r="{int(d.get("r", 128))}" g="{int(d.get("g", 128))}" '
                         f'b="{int(d.get("b", 128))}" a="1.0"/><viz:position x="{d["x"]}" y="{d["y"]}" z="0.0"/>'
                         f'<viz:size value="{d["size"]}"/></node>\n')
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
                js.write(("," if index else "") + json.dumps({**d, "source": xu, "target": xv}, ensure_ascii=False))
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


def write_graphml(G: nx.Graph, path, *, pos: Mapping | None = None) -> None:
    """Write ``G`` as GraphML (laid out; see :func:`write_graph_files`)."""
    write_graph_files(G, graphml=path, pos=pos)


def write_gexf(G: nx.Graph, path, *, pos: Mapping | None = None) -> None:
    """Write ``G`` as GEXF 1.3 (laid out; see :func:`write_graph_files`)."""
    write_graph_files(G, gexf=path, pos=pos)


def write_json(G: nx.Graph, path, *, pos: Mapping | None = None) -> None:
    """Write ``G`` as node-link JSON (laid out; see :func:`write_graph_files`)."""
    write_graph_files(G, json_path=path, pos=pos)


_STAGED = re.compile(r"^\.(graph\.(?:html|gexf|json|graphml))\.(\d+)\.tmp$")


def _remove_stale(out: Path) -> None:
    """Remove the staged files a killed build left in ``out`` (their process is gone); a running one's stay."""
    for path in out.glob(".graph.*.tmp"):
        m = _STAGED.match(path.name)
        if m is None or int(m.group(2)) == os.getpid():
            continue
        try:
            os.kill(int(m.group(2)), 0)
        except ProcessLookupError:
            path.unlink(missing_ok=True)
            log.info(f"{path}: removed, left by a build that was stopped")
        except (PermissionError, OverflowError, ValueError):
            continue  # (another user's process, or no such number: left alone)


def write_all(G: nx.Graph, out_dir, *, html_max_concepts: int = HTML_MAX_CONCEPTS,
              html_max_papers: int = HTML_MAX_PAPERS, force: bool = False) -> list[Path]:
    """Lay ``G`` out and write the four files into ``out_dir`` atomically; return their paths.

    When ``out_dir`` already holds files written from the same graph with the
    same options (same fingerprint), nothing is laid out or written, unless
    ``force``.
    """
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out}: output path exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    finals = [out / name for name in FILES]
    stamp = fingerprint(G, html_max_concepts=html_max_concepts, html_max_papers=html_max_papers)
    if (not force and all(f.exists() for f in finals) and stored_fingerprint(out / "graph.json") == stamp
            and stored_fingerprint(out / "graph.graphml") == stamp):
        log.info(f"{out}: the graph is unchanged; files kept as they are")
        return finals
    _remove_stale(out)
    names = {name: out / f".{name}.{os.getpid()}.tmp" for name in FILES}
    # the files that carry the fingerprint go into place last
    order = ("graph.html", "graph.gexf", "graph.json", "graph.graphml")
    staged: list[tuple[Path, Path]] = [(names[name], out / name) for name in order]
    try:
        pos = _layout_of(G)
        write_graph_files(G, graphml=names["graph.graphml"], gexf=names["graph.gexf"], json_path=names["graph.json"],
                          pos=pos, stamp=stamp)
        write_html(G, names["graph.html"], pos=pos, max_concepts=html_max_concepts, max_papers=html_max_papers)
        for tmp, final in staged:
            os.replace(tmp, final)
    finally:
        for tmp, _ in staged:
            if tmp.exists():
                tmp.unlink()
    return finals
