"""Query stage: find concepts and papers, neighbourhoods, related papers, paths, rankings.

Every query is a function of a kgraph graph ``G`` (built, or loaded from
GraphML or JSON); :class:`kgraph.KnowledgeGraph` offers them as methods.
"How many" is always ``limit``.

Lookups use indexes (names to concepts, PageRank) kept per graph and rebuilt
when nodes or edges are added or removed; a name found in the index is
checked against the node before it is returned, and a name missing from it
rebuilds the index once before the fuzzy search, so an edit to the graph is
always seen.
"""

from __future__ import annotations

import math
import re
import weakref
from collections import Counter, defaultdict
from itertools import islice
from typing import Callable, Iterable, Literal, TypeVar

import networkx as nx

from .canon import concept_key
from .errors import ConceptNotFound, PaperNotFound
from .types import KINDS, ROLES

__all__ = [
    "find_concept", "find_paper", "find", "search", "neighbourhood", "papers_about", "related_papers", "paths",
    "top_concepts", "community_labels", "papers", "summary", "FUZZY_MIN_SCORE",
]

#: rapidfuzz WRatio (0-100) a near spelling needs to count as the name ("continual lerning"); below it
#: the lookup fails and lists the closest names instead of guessing.
FUZZY_MIN_SCORE = 92
#: Names shorter than this are never matched fuzzily: "CL" is one edit away from "RL".
FUZZY_MIN_LENGTH = 4
#: Closest names a failed lookup suggests.
SUGGESTIONS = 5
#: Search scores for papers (rapidfuzz scores concepts 0-100): a phrase in the title ranks with an
#: exact concept name, one in the abstract just below it.
SEARCH_TITLE_SCORE = 100.0
SEARCH_ABSTRACT_SCORE = 80.0
#: Extra cost of a path step into a concept mentioned by every paper (scaled down for rarer ones):
#: under one hop, so it only orders paths of equal length.
COMMON_STEP_COST = 0.5
#: Concepts in a community's label.
LABEL_CONCEPTS = 3
#: Papers a "several papers match" error lists.
SHOWN_MATCHES = 8

T = TypeVar("T")
_INDEXES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _stamp(G: nx.Graph) -> tuple[int, int]:
    return G.number_of_nodes(), G.number_of_edges()


def _index(G: nx.Graph, name: str, make: Callable[[nx.Graph], T], *, fresh: bool = False) -> T:
    """``make(G)``, kept until nodes or edges are added or removed (or ``fresh`` asks for a rebuild)."""
    per_graph = _INDEXES.setdefault(G, {})
    stamp = _stamp(G)
    hit = per_graph.get(name)
    if fresh or hit is None or hit[0] != stamp:
        hit = per_graph[name] = (stamp, make(G))
    return hit[1]


def _forms(n: str, d: dict) -> set[str]:
    """The lookup keys of a concept node: its label, short form and aliases, lower-cased and as keys."""
    forms = [d.get("label", ""), d.get("short_form", "")]
    forms += str(d.get("aliases", "")).split("|")
    return {key for form in forms for key in (str(form).lower(), concept_key(str(form))) if key}


def _make_names(G: nx.Graph) -> dict[str, str]:
    """Lookup key -> concept node; a key shared by several concepts goes to the most-mentioned."""
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    for n, d in G.nodes(data=True):
        if d.get("kind") == "paper":
            continue
        for key in _forms(n, d):
            if key not in names or d.get("papers", 0) > counts[key]:
                names[key] = n
                counts[key] = d.get("papers", 0)
    return names


def _is_concept(G: nx.Graph, n: str) -> bool:
    return n in G and G.nodes[n].get("kind") != "paper"


def _is_paper(G: nx.Graph, n: str) -> bool:
    return n in G and G.nodes[n].get("kind") == "paper"


# --- finding nodes ----------------------------------------------------------


def find_concept(G: nx.Graph, name: str) -> str:
    """The concept node for a name, alias, abbreviation or near spelling.

    Raises
    ------
    ConceptNotFound
        When nothing is close enough; the message lists the closest names.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We train graph neural networks (GNNs) on molecules.",
    ...                        "GNNs predict the properties of proteins."]).graph
    >>> find_concept(G, "GNNs") == find_concept(G, "graph neural network")
    True
    >>> find_concept(G, "quantum toasters")
    Traceback (most recent call last):
    ...
    kgraph.errors.ConceptNotFound: no concept 'quantum toasters'; closest: ...
    """
    if _is_concept(G, name):
        return name
    keys = [k for k in (name.lower().strip(), concept_key(name)) if k]
    names = _index(G, "names", _make_names)
    for fresh in (False, True):
        if fresh:
            names = _index(G, "names", _make_names, fresh=True)
        for key in keys:
            node = names.get(key)
            if node is not None and _is_concept(G, node) and key in _forms(node, G.nodes[node]):
                return node
    from rapidfuzz import fuzz, process

    hits = process.extract(name.lower(), list(names), scorer=fuzz.WRatio, limit=2 * SUGGESTIONS)
    if hits and hits[0][1] >= FUZZY_MIN_SCORE and len(name) >= FUZZY_MIN_LENGTH:
        return names[hits[0][0]]
    labels: list[str] = []
    for key, *_ in hits:
        label = G.nodes[names[key]].get("label", key)
        if label not in labels:
            labels.append(label)
    raise ConceptNotFound(name, labels[:SUGGESTIONS])


def find_paper(G: nx.Graph, ref: str) -> str:
    """A paper node from its id (``paper:…`` or a given record id) or a fragment of its label or abstract.

    A fragment must match exactly one paper; otherwise :class:`~kgraph.PaperNotFound`
    lists the candidates.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a method for continual learning.",
    ...                        "We study continual learning in robots."]).graph
    >>> G.nodes[find_paper(G, "in robots")]["abstract"]
    'We study continual learning in robots.'
    >>> find_paper(G, "continual learning")
    Traceback (most recent call last):
    ...
    kgraph.errors.PaperNotFound: 2 papers match 'continual learning': ...
    """
    if _is_paper(G, ref):
        return ref
    papers = [(n, d) for n, d in G.nodes(data=True) if d.get("kind") == "paper"]
    for n, d in papers:
        if str(d.get("record_id", "")) == ref or n == f"paper:{ref}":
            return n
    needle = re.sub(r"\s+", " ", ref).strip().lower()
    if not needle:
        raise PaperNotFound("empty paper reference")
    hits = [n for n, d in papers
            if needle in str(d.get("label", "")).lower() or needle in str(d.get("abstract", "")).lower()]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise PaperNotFound(f"no paper matches {ref!r}")
    shown = [f"{n} ({G.nodes[n].get('label', '')})" for n in hits[:SHOWN_MATCHES]]
    more = " …" if len(hits) > SHOWN_MATCHES else ""
    raise PaperNotFound(f"{len(hits)} papers match {ref!r}: " + "; ".join(shown) + more, hits)


def find(G: nx.Graph, ref: str) -> str:
    """A node for ``ref``: a paper id or unique fragment, else a concept name."""
    if ref.startswith("paper:") or _is_paper(G, ref):
        return find_paper(G, ref)
    try:
        return find_concept(G, ref)
    except ConceptNotFound as not_concept:
        try:
            return find_paper(G, ref)
        except PaperNotFound as err:
            if err.candidates:
                raise
            raise not_concept from None


def search(G: nx.Graph, text: str, *, limit: int = 10) -> list[tuple[str, float]]:
    """Concepts and papers whose names or text match ``text``, best first, as ``(node, score)``.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We study model collapse in diffusion models trained on generated images.",
    ...                        "Diffusion models generate high-quality images from text prompts."]).graph
    >>> [(G.nodes[n]["label"], score) for n, score in search(G, "diffusion model", limit=1)]
    [('diffusion models', 100.0)]
    """
    _check_limit(limit)
    from rapidfuzz import fuzz, process

    names = _index(G, "names", _make_names)
    seen: dict[str, float] = {}
    for key, score, _ in process.extract(text.lower(), list(names), scorer=fuzz.WRatio, limit=limit * 3):
        node = names[key]
        if _is_concept(G, node):
            seen[node] = max(seen.get(node, 0.0), float(score))
    needle = text.lower()
    for n, d in G.nodes(data=True):
        if d.get("kind") == "paper":
            if needle in str(d.get("label", "")).lower():
                seen[n] = SEARCH_TITLE_SCORE
            elif needle in str(d.get("abstract", "")).lower():
                seen[n] = max(seen.get(n, 0.0), SEARCH_ABSTRACT_SCORE)
    ranked = sorted(seen.items(), key=lambda kv: (-kv[1], -G.nodes[kv[0]].get("papers", 0), kv[0]))
    return ranked[:limit]


# --- exploring --------------------------------------------------------------


def neighbourhood(G: nx.Graph, concept: str, *, depth: int = 1, kinds: Iterable[str] | None = None) -> nx.Graph:
    """The subgraph (a copy) within ``depth`` hops of a concept, optionally only nodes of some ``kinds``.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> sub = neighbourhood(G, "catastrophic forgetting", kinds=["paper"])
    >>> sorted(k for _, k in sub.nodes(data="kind"))
    ['paper', 'paper', 'task']
    """
    if depth < 1:
        raise ValueError(f"depth = {depth} is invalid; it must be at least 1")
    center = find_concept(G, concept)
    sub = nx.ego_graph(G, center, radius=depth)
    if kinds is not None:
        kinds = set(kinds)
        sub = sub.subgraph([n for n, k in sub.nodes(data="kind") if k in kinds or n == center])
    return sub.copy()


def papers_about(G: nx.Graph, concept: str) -> list[tuple[str, int, str]]:
    """Papers linked to a concept, strongest role first (:data:`kgraph.types.ROLES`), then by mentions,
    as ``(paper, mentions, relation)``.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> [relation for _, _, relation in papers_about(G, "LEAR")]
    ['proposes']
    >>> [relation for _, _, relation in papers_about(G, "catastrophic forgetting")]
    ['mentions', 'mentions']
    """
    center = find_concept(G, concept)
    rank = {role: i for i, role in enumerate(ROLES)}
    out = []
    for nb in G[center]:
        if G.nodes[nb].get("kind") == "paper":
            d = G.edges[center, nb]
            out.append((nb, int(d.get("weight", 1)), str(d.get("relation", "mentions"))))
    return sorted(out, key=lambda x: (rank.get(x[2], len(ROLES)), -x[1], x[0]))


def related_papers(G: nx.Graph, paper: str, *, limit: int = 10) -> list[tuple[str, float, list[str]]]:
    """Papers that share concepts with ``paper``, ranked by Adamic-Adar.

    Each shared concept ``c`` adds ``1 / log(1 + papers(c))``, so rare shared
    concepts count more than common ones. Returns ``(paper, score,
    shared_concepts)`` with the shared concepts ordered by what they add.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning.",
    ...                        "Model collapse occurs when language models are trained on synthetic data."]).graph
    >>> [(G.nodes[p]["abstract"][:14], [G.nodes[c]["label"] for c in shared])
    ...  for p, _, shared in related_papers(G, "CIFAR-100")]
    [('Replay buffers', ['catastrophic forgetting', 'continual learning'])]
    """
    _check_limit(limit)
    source = find_paper(G, paper)
    scores: dict[str, float] = defaultdict(float)
    shared: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for c in G[source]:
        if G.nodes[c].get("kind") == "paper":
            continue
        df = int(G.nodes[c].get("papers", 0))
        if df < 2:
            continue
        weight = 1.0 / math.log(1 + df)
        for other in G[c]:
            if other != source and G.nodes[other].get("kind") == "paper":
                scores[other] += weight
                shared[other].append((weight, c))
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    return [(p, round(s, 4), [c for _, c in sorted(shared[p], key=lambda x: (-x[0], x[1]))]) for p, s in ranked]


def paths(G: nx.Graph, a: str, b: str, *, limit: int = 3) -> list[list[str]]:
    """Up to ``limit`` shortest paths between two papers or concepts, as lists of node ids.

    Every step goes through a concept: two papers are joined by a concept
    they both mention, two concepts by a paper that mentions both or by
    their co-occurrence edge. Among paths of equal length, those through
    rarer concepts come first (a step into a concept costs a little more
    the more papers mention it), so the explanation is specific.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> for path in paths(G, "LEAR", "Replay buffers", limit=2):   # a concept, and a paper by a fragment
    ...     print(" -> ".join(G.nodes[n]["label"][:24] for n in path))
    LEAR -> LEAR -> continual learning -> Replay buffers are a com
    LEAR -> LEAR -> catastrophic forgetting -> Replay buffers are a com
    """
    _check_limit(limit)
    source, target = find(G, a), find(G, b)
    n_papers = max(1, sum(1 for _, kind in G.nodes(data="kind") if kind == "paper"))

    def cost(u, v, d):
        node = v if G.nodes[v].get("kind") != "paper" else u
        return 1.0 + COMMON_STEP_COST * G.nodes[node].get("papers", 1) / n_papers

    try:
        return [list(p) for p in islice(nx.shortest_simple_paths(G, source, target, weight=cost), limit)]
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []


def top_concepts(G: nx.Graph, *, kind: str | None = None, by: Literal["papers", "pagerank"] = "papers",
                 limit: int = 10) -> list[tuple[str, float]]:
    """The ``limit`` leading concepts (optionally of one kind) by paper count or PageRank.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["Graph neural networks (GNNs) predict molecular properties.",
    ...                        "We train graph neural networks (GNNs) to predict the properties of molecules.",
    ...                        "We propose a graph transformer for molecule property prediction and compare it with GNNs."]).graph
    >>> [(G.nodes[c]["label"], papers) for c, papers in top_concepts(G, kind="method", limit=1)]
    [('graph neural networks', 3.0)]
    """
    _check_limit(limit)
    if by not in ("papers", "pagerank"):
        raise ValueError(f"by = {by!r} is invalid; it must be one of 'papers', 'pagerank'")
    if kind is not None and kind not in KINDS:
        raise ValueError(f"kind = {kind!r} is invalid; it must be one of {', '.join(KINDS)}")
    nodes = [(c, d) for c, d in G.nodes(data=True)
             if d.get("kind") != "paper" and (kind is None or d.get("kind") == kind)]
    if by == "pagerank":
        pr = _index(G, "pagerank", lambda g: nx.pagerank(g, weight="weight"))
        scored = [(c, round(pr.get(c, 0.0), 6)) for c, _ in nodes]
    else:
        scored = [(c, float(d.get("papers", 0))) for c, d in nodes]
    return sorted(scored, key=lambda x: (-x[1], x[0]))[:limit]


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


def papers(G: nx.Graph) -> list[str]:
    """The paper nodes, in graph order."""
    return [n for n, k in G.nodes(data="kind") if k == "paper"]


def summary(G: nx.Graph) -> dict:
    """Counts: ``papers``, ``concepts`` per kind, ``edges`` and ``edge_kinds`` (edges per kind)."""
    kinds = Counter(k for _, k in G.nodes(data="kind"))
    edges = Counter(k for *_, k in G.edges(data="kind"))
    return {
        "papers": kinds.get("paper", 0),
        "concepts": {k: kinds.get(k, 0) for k in KINDS},
        "edges": G.number_of_edges(),
        "edge_kinds": dict(edges),
    }


def _check_limit(limit: int) -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise ValueError(f"limit = {limit!r} is invalid; it must be a whole number of at least 1")
