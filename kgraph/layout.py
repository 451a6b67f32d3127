"""Layout stage: a position and a size for every node, computed once at build time.

The map is laid out the way term maps are: papers and the concepts that two or
more papers share (the *core*, every node with two or more neighbours) go
through a force-directed layout (Fruchterman-Reingold with igraph's grid
approximation, which is linear per iteration, so 150,000 core nodes take
seconds, not hours); a hub (a node with more than :data:`HUB_DEGREE`
neighbours) goes to the mean position of its neighbours afterwards, so that
it does not pull its papers into one dense knot, where the grid
approximation degrades towards all pairs; a concept only one paper mentions
sits on a small spiral around that paper, and anything left over on a grid
beside the map. A concept
therefore lands between the papers that mention it, and concepts that share
papers land near each other.

The layout is seeded (initial positions from a seeded generator, igraph's
random numbers from a seeded :class:`random.Random`, nodes in sorted order),
so the same graph always gets the same map. Positions are scaled so that a
typical core edge is :data:`EDGE_LENGTH` units long.
"""

from __future__ import annotations

import math
import random
import zlib
from typing import Hashable, Mapping

import networkx as nx
import numpy as np

__all__ = ["layout", "node_size", "importance", "EDGE_LENGTH", "HUB_DEGREE", "MAX_FORCE_NODES"]

#: Median length of a core edge after scaling, in layout units.
EDGE_LENGTH = 60.0
#: Nodes with more neighbours than this are placed after the force layout, at the mean of their neighbours.
HUB_DEGREE = 100
#: At most this many nodes go through the force layout (the best connected); the rest join like hubs.
MAX_FORCE_NODES = 40000
_GOLDEN = math.pi * (3 - math.sqrt(5))


def importance(d: Mapping) -> int:
    """How many papers a node stands for: ``papers_total`` when present, else ``papers`` (1 for a paper)."""
    value = d.get("papers_total", d.get("papers", 1))
    try:
        return max(1, int(value))
    except (TypeError, ValueError):
        return 1


def node_size(d: Mapping) -> float:
    """Drawing size (radius in layout units): papers are small squares, concepts grow with their papers."""
    if d.get("kind") == "paper":
        return 4.0
    return round(min(48.0, 5.0 + 4.0 * math.sqrt(importance(d))), 2)


def layout(G: nx.Graph, *, seed: int = 42, iterations: int | None = None) -> dict[Hashable, tuple[float, float]]:
    """Positions of every node of ``G``: the core force-directed, leaves around their neighbour.

    Parameters
    ----------
    G : networkx.Graph
        Any graph; kgraph graphs get a term-map layout.
    seed : int
        Seed of the initial positions and of igraph's random numbers.
    iterations : int, optional
        Fruchterman-Reingold iterations over the core: by default 300 for a
        core of up to 3,000 nodes, 100 above (where each iteration costs more
        and the opening view shows the coarse structure anyway).

    Returns
    -------
    dict
        node -> ``(x, y)``, rounded to 0.1 units.

    Examples
    --------
    >>> pos = layout(nx.path_graph(5))
    >>> sorted(pos) == [0, 1, 2, 3, 4] and pos == layout(nx.path_graph(5))
    True
    """
    import igraph

    order = sorted(G, key=str)
    deg = dict(G.degree())
    # hubs (a concept in thousands of papers) would pull their papers into one dense knot, where the grid
    # approximation degrades to all pairs; they are placed afterwards, at the mean of their neighbours
    hub = HUB_DEGREE
    core = [n for n in order if 1 < deg[n] <= hub]
    if len(core) < 3:
        core = [n for n in order if deg[n] > 0]
    if len(core) > MAX_FORCE_NODES:  # the best-connected part; the rest joins it like the hubs do
        keep = set(sorted(core, key=lambda n: (-deg[n], str(n)))[:MAX_FORCE_NODES])
        core = [n for n in core if n in keep]
    index = {n: i for i, n in enumerate(core)}
    pos: dict = {}
    if core:
        edges = [(index[u], index[v]) for u in core for v in G[u] if v in index and index[u] < index[v]]
        g = igraph.Graph(n=len(core), edges=edges)
        rng = np.random.default_rng(seed)
        spread = math.sqrt(len(core))
        init = rng.uniform(-spread, spread, size=(len(core), 2)).tolist()
        saved = igraph.set_random_number_generator(random.Random(seed))
        try:
            niter = iterations or (300 if len(core) <= 3000 else 100)
            coords = np.asarray(g.layout_fruchterman_reingold(seed=init, niter=niter,
                                                                 grid=len(core) > 200).coords)
        finally:
            igraph.set_random_number_generator(saved if saved is not None else random)
        if edges:
            e = np.asarray(edges)
            lengths = np.hypot(*(coords[e[:, 0]] - coords[e[:, 1]]).T)
            typical = float(np.median(lengths)) or 1.0
        else:
            typical = 1.0
        coords = (coords - coords.mean(axis=0)) * (EDGE_LENGTH / typical)
        pos = {n: (float(x), float(y)) for n, (x, y) in zip(core, coords)}

    # hubs and the core beyond the force layout's share: at the mean of their placed neighbours, best
    # connected first, a node waiting for a placed neighbour; then leaves, on a spiral around their neighbour
    count: dict = {}
    waiting = sorted((n for n in order if n not in pos), key=lambda n: (deg[n] <= 1, -deg[n] if deg[n] > hub else 0))
    for _ in range(4):
        left = []
        for n in waiting:
            anchors = [m for m in G[n] if m in pos]
            if not anchors:
                left.append(n)
                continue
            ax = sum(pos[m][0] for m in anchors) / len(anchors)
            ay = sum(pos[m][1] for m in anchors) / len(anchors)
            key = anchors[0] if len(anchors) == 1 else n
            k = count[key] = count.get(key, 0) + 1
            r = EDGE_LENGTH * (0.3 + 0.12 * math.sqrt(k))
            angle = k * _GOLDEN if len(anchors) == 1 else (zlib.crc32(str(n).encode()) % 6283) / 1000
            pos[n] = (ax + r * math.cos(angle), ay + r * math.sin(angle))
        if len(left) == len(waiting):
            break
        waiting = left

    # the rest (isolated nodes, pairs joined only to each other): a grid under the map
    rest = [n for n in order if n not in pos]
    if rest:
        xs = [p[0] for p in pos.values()] or [0.0]
        ys = [p[1] for p in pos.values()] or [0.0]
        left, top = min(xs), max(ys) + 2 * EDGE_LENGTH
        width = max(1, int(math.ceil(math.sqrt(len(rest)))))
        placed: dict = {}
        for i, n in enumerate(rest):
            if n in placed:
                continue
            placed[n] = (left + (i % width) * EDGE_LENGTH, top + (i // width) * EDGE_LENGTH)
        pos.update(placed)
    return {n: (round(x, 1), round(y, 1)) for n, (x, y) in pos.items()}
