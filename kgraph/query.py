"""Query stage: find concepts and papers, neighbourhoods, related papers, paths, rankings.

These functions work on any kgraph graph (built, or loaded from GraphML or
JSON) and are exposed as methods of :class:`kgraph.KnowledgeGraph`.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from functools import cached_property
from itertools import islice
from typing import Iterable, Literal

import networkx as nx

from .canon import concept_key

__all__ = ["ConceptNotFound", "PaperNotFound", "QueryMixin", "communities"]


class ConceptNotFound(KeyError):
    """No concept of that name; ``candidates`` holds the closest labels."""

    def __init__(self, name: str, candidates: list[str]):
        self.name = name
        self.candidates = candidates
        hint = f"; closest: {', '.join(candidates)}" if candidates else ""
        super().__init__(f"no concept {name!r}{hint}")

    def __str__(self) -> str:
        return self.args[0]


class PaperNotFound(KeyError):
    """No paper, or more than one, matches; ``candidates`` lists the matches when ambiguous."""

    def __init__(self, message: str, candidates: list[str] | None = None):
        self.candidates = candidates or []
        super().__init__(message)

    def __str__(self) -> str:
        return self.args[0]


def communities(G: nx.Graph, *, seed: int = 42, resolution: float = 1.0) -> list[set[str]]:
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
    core.add_edges_from((index[u], index[v], {"weight": d.get("weight", 1)})
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


class QueryMixin:
    """Query methods of :class:`kgraph.KnowledgeGraph` (needs ``self.graph``)."""

    graph: nx.Graph

    # --- finding nodes --------------------------------------------------

    @cached_property
    def _names(self) -> dict[str, str]:
        """Lower-cased labels, aliases and keys -> concept node."""
        names: dict[str, str] = {}
        counts = defaultdict(int)
        for n, d in self.graph.nodes(data=True):
            if d.get("kind") == "paper":
                continue
            forms = [d.get("label", ""), n.split(":", 1)[-1], d.get("short_form", "")]
            forms += str(d.get("aliases", "")).split("|")
            for form in forms:
                for key in {form.lower(), concept_key(form)}:
                    if key and (key not in names or d.get("papers", 0) > counts[key]):
                        names[key] = n
                        counts[key] = d.get("papers", 0)
        return names

    def find_concept(self, name: str) -> str:
        """The concept node for a name, alias, abbreviation or near spelling.

        Raises
        ------
        ConceptNotFound
            When nothing is close enough; the message lists the closest names.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> kg.find_concept("GNNs") == kg.find_concept("graph neural networks")
        True
        """
        if name in self.graph and self.graph.nodes[name].get("kind") != "paper":
            return name
        names = self._names
        for key in (name.lower().strip(), concept_key(name)):
            if key in names:
                return names[key]
        from rapidfuzz import fuzz, process

        hits = process.extract(name.lower(), list(names), scorer=fuzz.WRatio, limit=8)
        best = [(h[0], h[1]) for h in hits]
        if best and best[0][1] >= 92 and len(name) >= 4:
            return names[best[0][0]]
        labels = []
        for key, _ in best:
            label = self.graph.nodes[names[key]].get("label", key)
            if label not in labels:
                labels.append(label)
        raise ConceptNotFound(name, labels[:5])

    def find_paper(self, ref: str) -> str:
        """A paper node from its id (``paper:…`` or a given record id) or a fragment of its label or abstract.

        A fragment must match exactly one paper; otherwise :class:`PaperNotFound`
        lists the candidates.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> kg.graph.nodes[kg.find_paper("Dual Orthogonal Projection")]["label"]
        'DOP: Dual Orthogonal Projection'
        >>> kg.find_paper("we propose")
        Traceback (most recent call last):
        ...
        kgraph.query.PaperNotFound: ... papers match 'we propose': ...
        """
        G = self.graph
        if ref in G and G.nodes[ref].get("kind") == "paper":
            return ref
        papers = [(n, d) for n, d in G.nodes(data=True) if d.get("kind") == "paper"]
        for n, d in papers:
            if str(d.get("record_id", "")) == ref or n == f"paper:{ref}":
                return n
        needle = re.sub(r"\s+", " ", ref).strip().lower()
        if not needle:
            raise PaperNotFound("empty paper reference")
        hits = [n for n, d in papers if needle in str(d.get("label", "")).lower() or needle in str(d.get("abstract", "")).lower()]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise PaperNotFound(f"no paper matches {ref!r}")
        shown = [f"{n} ({G.nodes[n].get('label', '')})" for n in hits[:8]]
        raise PaperNotFound(f"{len(hits)} papers match {ref!r}: " + "; ".join(shown) + (" …" if len(hits) > 8 else ""), hits)

    def find(self, ref: str) -> str:
        """A node for ``ref``: a paper id or unique fragment, else a concept name."""
        if ref.startswith("paper:") or ref in self.graph and self.graph.nodes[ref].get("kind") == "paper":
            return self.find_paper(ref)
        try:
            return self.find_concept(ref)
        except ConceptNotFound as not_concept:
            try:
                return self.find_paper(ref)
            except PaperNotFound as err:
                if err.candidates:
                    raise
                raise not_concept from None

    def search(self, text: str, limit: int = 10) -> list[tuple[str, float]]:
        """Concepts and papers whose names or text match ``text``, best first, as ``(node, score)``.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> kg.search("diffusion models", limit=1)[0][0]
        'concept:diffusion_model'
        """
        from rapidfuzz import fuzz, process

        names = self._names
        seen: dict[str, float] = {}
        for key, score, _ in process.extract(text.lower(), list(names), scorer=fuzz.WRatio, limit=limit * 3):
            node = names[key]
            seen[node] = max(seen.get(node, 0.0), float(score))
        needle = text.lower()
        for n, d in self.graph.nodes(data=True):
            if d.get("kind") == "paper":
                label = str(d.get("label", "")).lower()
                if needle in label:
                    seen[n] = 100.0
                elif needle in str(d.get("abstract", "")).lower():
                    seen[n] = max(seen.get(n, 0.0), 80.0)
        ranked = sorted(seen.items(), key=lambda kv: (-kv[1], -self.graph.nodes[kv[0]].get("papers", 0), kv[0]))
        return ranked[:limit]

    # --- exploring ------------------------------------------------------

    def neighbourhood(self, concept: str, depth: int = 1, kinds: Iterable[str] | None = None) -> nx.Graph:
        """The subgraph within ``depth`` hops of a concept, optionally only nodes of some ``kinds``.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> sub = kg.neighbourhood("model collapse")
        >>> sum(1 for _, k in sub.nodes(data="kind") if k == "paper") >= 2
        True
        """
        if depth < 1:
            raise ValueError(f"depth = {depth} is invalid; it must be at least 1")
        center = self.find_concept(concept)
        sub = nx.ego_graph(self.graph, center, radius=depth)
        if kinds is not None:
            kinds = set(kinds)
            sub = sub.subgraph([n for n, k in sub.nodes(data="kind") if k in kinds or n == center])
        return sub.copy()

    def papers_about(self, concept: str) -> list[tuple[str, int, str]]:
        """Papers linked to a concept, strongest first, as ``(paper, mentions, relation)``.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> [relation for _, _, relation in kg.papers_about("LEAR")]
        ['proposes']
        """
        center = self.find_concept(concept)
        rank = {"proposes": 0, "addresses": 1, "evaluates_on": 2, "uses": 3, "mentions": 4}
        out = []
        for nb in self.graph[center]:
            if self.graph.nodes[nb].get("kind") == "paper":
                d = self.graph.edges[center, nb]
                out.append((nb, int(d.get("weight", 1)), str(d.get("relation", "mentions"))))
        return sorted(out, key=lambda x: (rank.get(x[2], 9), -x[1], x[0]))

    def _concepts_of(self, paper: str) -> set[str]:
        return {nb for nb in self.graph[paper] if self.graph.nodes[nb].get("kind") != "paper"}

    def related_papers(self, paper: str, k: int = 10) -> list[tuple[str, float, list[str]]]:
        """Papers that share concepts with ``paper``, ranked by Adamic-Adar.

        Each shared concept ``c`` adds ``1 / log(1 + papers(c))``, so rare shared
        concepts count more than common ones. Returns ``(paper, score,
        shared_concepts)`` with the shared concepts ordered by what they add.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> paper = kg.find_paper("entropy-based data selection")
        >>> other, score, shared = kg.related_papers(paper, k=1)[0]
        >>> kg.find_concept("model collapse") in shared
        True
        """
        source = self.find_paper(paper)
        scores: dict[str, float] = defaultdict(float)
        shared: dict[str, list[tuple[float, str]]] = defaultdict(list)
        for c in self._concepts_of(source):
            df = int(self.graph.nodes[c].get("papers", 0))
            if df < 2:
                continue
            weight = 1.0 / math.log(1 + df)
            for other in self.graph[c]:
                if other != source and self.graph.nodes[other].get("kind") == "paper":
                    scores[other] += weight
                    shared[other].append((weight, c))
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
        return [(p, round(s, 4), [c for _, c in sorted(shared[p], key=lambda x: (-x[0], x[1]))]) for p, s in ranked]

    def paths(self, a: str, b: str, k: int = 3) -> list[list[str]]:
        """Up to ``k`` shortest paths between two papers or concepts, as lists of node ids.

        Every step goes through a concept: two papers are joined by a concept
        they both mention, two concepts by a paper that mentions both or by
        their co-occurrence edge. Among paths of equal length, those through
        rarer concepts come first (a step into a concept costs a little more
        the more papers mention it), so the explanation is specific.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> path = kg.paths("continual learning", "catastrophic forgetting", k=1)[0]
        >>> path[0], path[-1]
        ('concept:continual_learning', 'concept:catastrophic_forgetting')
        """
        if k < 1:
            raise ValueError(f"k = {k} is invalid; it must be at least 1")
        source, target = self.find(a), self.find(b)
        G = self.graph
        n_papers = max(1, sum(1 for _, kind in G.nodes(data="kind") if kind == "paper"))

        def cost(u, v, d):
            # 1 per hop, plus a fraction for landing on a common concept
            node = v if G.nodes[v].get("kind") != "paper" else u
            return 1.0 + 0.5 * G.nodes[node].get("papers", 1) / n_papers

        try:
            return [list(p) for p in islice(nx.shortest_simple_paths(G, source, target, weight=cost), k)]
        except (nx.NetworkXNoPath, nx.NodeNotFound):
            return []

    def top_concepts(self, kind: str | None = None, by: Literal["papers", "pagerank"] = "papers",
                     n: int = 10) -> list[tuple[str, float]]:
        """The ``n`` leading concepts (optionally of one kind) by paper count or PageRank.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> [kg.graph.nodes[c]["label"] for c, _ in kg.top_concepts(kind="method", n=2)]
        ['neural networks', 'deep neural networks']
        """
        if by not in ("papers", "pagerank"):
            raise ValueError(f"by = {by!r} is invalid; it must be one of 'papers', 'pagerank'")
        nodes = [(c, d) for c, d in self.graph.nodes(data=True)
                 if d.get("kind") != "paper" and (kind is None or d.get("kind") == kind)]
        if by == "pagerank":
            pr = self._pagerank
            scored = [(c, round(pr.get(c, 0.0), 6)) for c, _ in nodes]
        else:
            scored = [(c, float(d.get("papers", 0))) for c, d in nodes]
        return sorted(scored, key=lambda x: (-x[1], x[0]))[:n]

    @cached_property
    def _pagerank(self) -> dict[str, float]:
        return nx.pagerank(self.graph, weight="weight")

    def community_labels(self) -> dict[int, str]:
        """Community number -> a label made from its three most-mentioned concepts.

        Examples
        --------
        >>> kg = load_corpus_graph()
        >>> labels = kg.community_labels()
        >>> len(labels) > 5 and all(labels.values())
        True
        """
        members: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for n, d in self.graph.nodes(data=True):
            if d.get("kind") != "paper" and "community" in d:
                members[int(d["community"])].append((int(d.get("papers", 0)), str(d.get("label", n))))
        return {c: ", ".join(label for _, label in sorted(ms, key=lambda x: (-x[0], x[1]))[:3])
                for c, ms in sorted(members.items())}
