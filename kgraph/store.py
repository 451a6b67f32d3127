"""The fast store: a saved graph read back from graph.json, GraphML only as the fallback.

:func:`kgraph.export.write_all` writes graph.json with ``kgraph_format`` and
a ``fingerprint`` in its ``graph`` block. Reading it is one ``json.loads``
and two bulk inserts into a networkx graph, several times faster than
parsing GraphML (see the README's benchmark), so :func:`read_graph` reads it
whenever it belongs to the same build as the GraphML file asked for.
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from .export import FORMAT, stored_fingerprint
from .errors import InputError

__all__ = ["read_graph", "read_json_graph"]


def read_json_graph(path) -> nx.Graph:
    """A graph from node-link JSON (graph.json, or any ``{"nodes": [...], "links": [...]}`` file).

    The parsed dicts become the graph's attribute dicts as they are, and the
    adjacency is filled directly (what ``add_edges_from`` does, without its
    per-edge checks and copies): most of the time left is ``json.loads``.
    """
    data = json.loads(Path(path).read_bytes())
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        raise ValueError("no node list")
    G = nx.Graph()
    G.graph.update(data.get("graph") or {})
    node = G._node
    adj = G._adj
    for d in data["nodes"]:
        n = d.pop("id")
        node[n] = d
        adj[n] = {}
    for d in data.get("links", data.get("edges", [])):
        u = d.pop("source")
        v = d.pop("target")
        if u not in node or v not in node:
            raise ValueError(f"link {u!r} - {v!r} names a node the file does not list")
        adj[u][v] = d
        adj[v][u] = d
    return G


def _fast(json_path: Path, graphml: Path | None) -> bool:
    """graph.json is a store of this version, and of the same build as ``graphml`` when one is named."""
    if not json_path.is_file():
        return False
    try:
        with open(json_path, "rb") as fh:
            head = fh.read(4096).decode("utf-8", "replace")
    except OSError:
        return False
    if f'"kgraph_format": {FORMAT}' not in head:
        return False
    if graphml is None or not graphml.exists():
        return True
    stamp = stored_fingerprint(json_path)
    return stamp is not None and stamp == stored_fingerprint(graphml)


def read_graph(path) -> nx.Graph:
    """Read a saved graph: a folder of outputs, a .graphml or a .json file; the fast store when it matches.

    Raises
    ------
    kgraph.InputError
        When the file is missing or is not a graph (the message names the file).
    """
    path = Path(path)
    if path.is_dir():
        folder, asked = path, path / "graph.graphml"
    else:
        folder, asked = path.parent, path
    if not asked.exists():
        if path.is_dir() and (folder / "graph.json").exists():
            asked = folder / "graph.json"
        else:
            raise InputError(f"{asked}: no such graph file (run `kgraph build` first, or name the folder a build "
                             "wrote with --graph DIR)")
    if asked.suffix.lower() == ".gexf":  # written for Gephi, which reads no kgraph attribute types back
        raise InputError(f"{asked}: a GEXF file is for Gephi; give kgraph the folder, graph.graphml or graph.json")
    if asked.suffix.lower() not in (".graphml", ".json", ".xml"):  # (abstracts, say: "papers.jsonl")
        raise InputError(f"{asked}: not a graph file (a {asked.suffix or 'file with no'} suffix); give the folder "
                         "`kgraph build` wrote, or its graph.graphml or graph.json")
    target = asked
    if asked.suffix != ".json" and asked.name == "graph.graphml" and _fast(folder / "graph.json", asked):
        target = folder / "graph.json"
    try:
        G = read_json_graph(target) if target.suffix == ".json" else nx.read_graphml(target)
    except Exception as err:  # json and networkx raise many kinds on a broken file
        raise InputError(f"{target}: not a kgraph graph ({err})") from err
    return G
