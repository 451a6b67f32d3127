"""The :class:`KnowledgeGraph` facade: a networkx graph with kgraph's queries as methods."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Literal

import networkx as nx

from . import query
from .export import write_all
from .years import Trends

__all__ = ["KnowledgeGraph"]


class KnowledgeGraph:
    """A knowledge graph of papers and the concepts they mention.

    ``graph`` is the networkx graph: paper nodes (``kind="paper"``) and concept
    nodes (``kind`` one of :data:`kgraph.KINDS`), linked by mention edges and by
    concept co-occurrence edges. Each method calls the function of the same
    name in :mod:`kgraph.query` on ``graph``, so edits to ``graph`` are always
    seen.
    """

    def __init__(self, graph: nx.Graph):
        self.graph = graph
        #: The output folder this graph was reused from by ``build(reuse=...)``, else None.
        self.reused_from: Path | None = None

    def __repr__(self) -> str:
        s = self.summary()
        return f"<KnowledgeGraph papers={s['papers']} concepts={sum(s['concepts'].values())} edges={s['edges']}>"

    def save(self, out_dir: str | Path = "outputs") -> list[Path]:
        """Write graph.graphml, graph.gexf, graph.json and graph.html into ``out_dir`` (atomically)."""
        return write_all(self.graph, out_dir)

    def papers(self) -> list[str]:
        """See :func:`kgraph.query.papers`."""
        return query.papers(self.graph)

    def summary(self) -> dict:
        """See :func:`kgraph.query.summary`."""
        return query.summary(self.graph)

    def label(self, node: str) -> str:
        """The label of a node id the queries return: ``kg.label(kg.papers_about("GNNs")[0][0])``.

        A name that is no node id is looked up (:meth:`find`): ``kg.label("GNNs")`` is "graph neural networks".
        """
        return str(self.graph.nodes[node if node in self.graph else self.find(node)].get("label", node))

    def find_concept(self, name: str) -> str:
        """See :func:`kgraph.query.find_concept`."""
        return query.find_concept(self.graph, name)

    def find_paper(self, ref: str) -> str:
        """See :func:`kgraph.query.find_paper`."""
        return query.find_paper(self.graph, ref)

    def find(self, ref: str) -> str:
        """See :func:`kgraph.query.find`."""
        return query.find(self.graph, ref)

    def search(self, text: str, *, limit: int = 10) -> list[tuple[str, float]]:
        """See :func:`kgraph.query.search`."""
        return query.search(self.graph, text, limit=limit)

    def neighbourhood(self, concept: str, *, depth: int = 1, kinds: Iterable[str] | None = None) -> nx.Graph:
        """See :func:`kgraph.query.neighbourhood`."""
        return query.neighbourhood(self.graph, concept, depth=depth, kinds=kinds)

    def relations(self, concept: str, type: str | None = None) -> list[dict]:
        """See :func:`kgraph.query.relations`."""
        return query.relations(self.graph, concept, type=type)

    def papers_about(self, concept: str) -> list[tuple[str, int, str, str]]:
        """See :func:`kgraph.query.papers_about`."""
        return query.papers_about(self.graph, concept)

    def written(self, paper: str, concept: str) -> list[str]:
        """See :func:`kgraph.query.written`."""
        return query.written(self.graph, paper, concept)

    def in_passing(self, paper: str, concept: str) -> bool:
        """See :func:`kgraph.query.in_passing`."""
        return query.in_passing(self.graph, paper, concept)

    def concepts_of(self, paper: str) -> list[tuple[str, int, str, list[str]]]:
        """See :func:`kgraph.query.concepts_of`."""
        return query.concepts_of(self.graph, paper)

    def related_papers(self, paper: str, *, limit: int = 10, weights: bool = False) -> list[tuple[str, float, list]]:
        """See :func:`kgraph.query.related_papers`."""
        return query.related_papers(self.graph, paper, limit=limit, weights=weights)

    def paths(self, a: str, b: str, *, limit: int = 3) -> list[list[str]]:
        """See :func:`kgraph.query.paths`."""
        return query.paths(self.graph, a, b, limit=limit)

    def broader_terms(self, concept: str) -> list[str]:
        """See :func:`kgraph.query.broader_terms`."""
        return query.broader_terms(self.graph, query.find_concept(self.graph, concept))

    def narrower_terms(self, concept: str) -> list[str]:
        """See :func:`kgraph.query.narrower_terms`."""
        return query.narrower_terms(self.graph, query.find_concept(self.graph, concept))

    def top_concepts(self, *, kind: str | None = None, by: Literal["papers", "pagerank"] = "papers",
                     limit: int = 10) -> list[tuple[str, float]]:
        """See :func:`kgraph.query.top_concepts`."""
        return query.top_concepts(self.graph, kind=kind, by=by, limit=limit)

    def community_labels(self) -> dict[int, str]:
        """See :func:`kgraph.query.community_labels`."""
        return query.community_labels(self.graph)

    def trends(self, *, kind: str | None = None, since: int | None = None, limit: int = 10,
               min_papers: int = 3) -> Trends:
        """See :func:`kgraph.query.trends`."""
        return query.trends(self.graph, kind=kind, since=since, limit=limit, min_papers=min_papers)
