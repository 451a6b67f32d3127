"""The whole path: read, extract, build the graph; and the :class:`KnowledgeGraph` it yields."""

from __future__ import annotations

import json
import logging
from collections import Counter
from pathlib import Path
from typing import Sequence

import networkx as nx

from .export import FILES, write_all
from .cache import MentionCache
from .extract import KINDS, extractor_version
from .graph import build_graph
from .parallel import extract_corpus
from .query import QueryMixin
from .read import InputError, read_inputs
from .years import Trends, trends

__all__ = ["KnowledgeGraph", "build", "load"]

log = logging.getLogger("kgraph")


class KnowledgeGraph(QueryMixin):
    """A knowledge graph of papers and the concepts they mention.

    ``graph`` is the networkx graph: paper nodes (``kind="paper"``) and concept
    nodes (``kind`` one of method, task, dataset, metric, concept), linked by
    mention edges and by concept co-occurrence edges.
    """

    def __init__(self, graph: nx.Graph):
        self.graph = graph

    def __repr__(self) -> str:
        s = self.summary()
        return f"<KnowledgeGraph papers={s['papers']} concepts={sum(s['concepts'].values())} edges={s['edges']}>"

    def papers(self) -> list[str]:
        return [n for n, k in self.graph.nodes(data="kind") if k == "paper"]

    def concepts(self, kind: str | None = None) -> list[str]:
        return [n for n, k in self.graph.nodes(data="kind") if k != "paper" and (kind is None or k == kind)]

    def summary(self) -> dict:
        """Counts: papers, concepts per kind, edges per kind."""
        kinds = Counter(k for _, k in self.graph.nodes(data="kind"))
        edges = Counter(k for *_, k in self.graph.edges(data="kind"))
        return {
            "papers": kinds.get("paper", 0),
            "concepts": {k: kinds.get(k, 0) for k in KINDS},
            "edges": self.graph.number_of_edges(),
            "edge_kinds": dict(edges),
        }

    def trends(self, *, kind: str | None = None, since: int | None = None, n: int = 10,
               min_papers: int = 3) -> Trends:
        """Rising and fading concepts by their share of each year's papers (:func:`kgraph.years.trends`)."""
        return trends(self.graph, kind=kind, since=since, n=n, min_papers=min_papers)

    def save(self, out_dir: str | Path = "outputs") -> list[Path]:
        """Write graph.graphml, graph.gexf, graph.json and graph.html into ``out_dir`` (atomically)."""
        return write_all(self.graph, out_dir)


def build(inputs: str | Path | Sequence[str | Path] = "data", *, progress: bool = False,
          model_dir: str | None = None, cache: bool | str | Path = False, jobs: int = 1,
          scheduler: str | None = None) -> KnowledgeGraph:
    """Read abstracts under ``inputs``, extract their concepts and build the graph.

    Parameters
    ----------
    inputs : path or list of paths
        Files or folders of abstracts (see :func:`kgraph.read.read_inputs`).
    progress : bool
        Show a progress bar on stderr.
    cache : bool or path
        Reuse and store extraction results: ``True`` for the user's cache
        (:func:`kgraph.cache.default_cache_path`), a path for that file,
        ``False`` for none.
    jobs : int
        Extract in this many local processes.
    scheduler : str, optional
        Extract on the Dask cluster at this address.

    Examples
    --------
    >>> kg = build("data")
    >>> kg.summary()["papers"]
    75
    """
    if isinstance(inputs, (str, Path)):
        inputs = [inputs]
    papers = read_inputs(inputs, warn=log.warning)
    texts = [p.abstract for p in papers]
    store = None
    if cache:
        store = MentionCache(None if cache is True else cache, version=extractor_version(model_dir))
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(texts), unit="abstract", desc="extracting", leave=False)
    try:
        mentions = extract_corpus(texts, model_dir=model_dir, cache=store, jobs=jobs, scheduler=scheduler,
                                  progress=bar.update if bar else None)
    finally:
        if bar:
            bar.close()
        if store:
            store.close()
    return KnowledgeGraph(build_graph(papers, mentions))


def load(path: str | Path = "outputs") -> KnowledgeGraph:
    """Load a saved graph: a folder written by :meth:`KnowledgeGraph.save`, a .graphml or a .json file."""
    path = Path(path)
    if path.is_dir():
        path = path / FILES[0]
    if not path.exists():
        raise InputError(f"{path}: no such graph file (run `kgraph build` first)")
    try:
        if path.suffix == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
            G = nx.node_link_graph(data, edges="links")
        else:
            G = nx.read_graphml(path)
    except Exception as err:  # networkx raises many kinds on a broken file
        raise InputError(f"{path}: not a kgraph graph ({err})") from err
    if not any(k == "paper" for _, k in G.nodes(data="kind")):
        raise InputError(f"{path}: no paper nodes; not a kgraph graph")
    return KnowledgeGraph(G)
