"""Graph stage: Louvain communities of a kgraph graph, the same partition on every run."""

from __future__ import annotations

from collections import defaultdict

import networkx as nx

__all__ = ["communities", "community_labels", "SEED"]

#: Louvain is randomised; a fixed seed gives the same communities on every build.
SEED = 42
#: A paper's link to what it names only in passing (a test bed, a yardstick: the edge's ``passing``) weighs this
#: much of its mentions: a paper belongs with what it is about.
PASSING_WEIGHT = 0.25
#: Concepts in a community's label.
LABEL_CONCEPTS = 3


def communities(G: nx.Graph, *, seed: int = SEED, resolution: float = 1.0) -> list[set[str]]:
    """Louvain communities of the whole graph (papers and concepts), largest first.

    Louvain runs on the nodes with two or more neighbours; a node with one
    neighbour (a concept only one paper mentions) joins that neighbour's
    community, where modularity would put it anyway, and a node with none is
    a community of its own. Most concepts are such leaves, so this is several
    times faster on real corpora.
    """
    # Louvain iterates sets of nodes; with string nodes that order follows Python's per-process hash
    # seed, so it runs on integer labels in sorted node order to give the same partition every run.
    names = sorted(n for n, deg in G.degree() if deg > 1)
    index = {n: i for i, n in enumerate(names)}
    core = nx.Graph()
    core.add_nodes_from(range(len(names)))
    # (not G.subgraph(names): its views may iterate a set of the names, in hash order)
    core.add_edges_from((index[u], index[v],
                         {"weight": d.get("weight", 1) * (PASSING_WEIGHT if d.get("passing") else 1)})
                        for u in names for v, d in G[u].items() if v in index and index[u] < index[v])
    comms = [{names[i] for i in c}
             for c in nx.community.louvain_communities(core, weight="weight", seed=seed, resolution=resolution)]
    member = {n: i for i, c in enumerate(comms) for n in c}
    for n, deg in G.degree():
        if deg == 1:
            (nb,) = G[n]
            if nb in member:
                comms[member[nb]].add(n)
                member[n] = member[nb]
    for n, deg in G.degree():
        if n not in member:  # isolated, or a pair of leaves joined only to each other
            nbs = [member[nb] for nb in G[n] if nb in member]
            if nbs:
                comms[nbs[0]].add(n)
                member[n] = nbs[0]
            else:
                comms.append({n, *G[n]})
                member.update((m, len(comms) - 1) for m in comms[-1])
    return sorted((c for c in comms if c), key=lambda c: (-len(c), min(c)))


def community_labels(G: nx.Graph) -> dict[int, str]:
    """Community number -> a label made from its three most-mentioned concepts.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning.",
    ...                        "Model collapse occurs when language models are trained on synthetic data."]).graph
    >>> community_labels(G)[0]
    'catastrophic forgetting, continual learning, CIFAR-100'
    """
    members: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for n, d in G.nodes(data=True):
        if d.get("kind") != "paper" and "community" in d:
            members[int(d["community"])].append((int(d.get("papers", 0)), str(d.get("label", n))))
    return {c: ", ".join(label for _, label in sorted(ms, key=lambda x: (-x[0], x[1]))[:LABEL_CONCEPTS])
            for c, ms in sorted(members.items())}
