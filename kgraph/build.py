"""The whole path: read, extract, build the graph, as a :class:`~kgraph.KnowledgeGraph`; and loading a saved one."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Iterable, Sequence

import networkx as nx

from .cache import MentionCache
from .errors import InputError
from .export import FILES
from .extract import extractor_version
from .graph import MAX_NEIGHBOURS, MIN_COOCCURRENCE, MIN_NPMI, build_graph
from .knowledge_graph import KnowledgeGraph
from .parallel import extract_corpus
from .progress import BuildProgress
from .read import normalize_text, read_inputs
from .types import Paper

__all__ = ["build", "from_texts", "load"]

log = logging.getLogger("kgraph")


def build(inputs: str | Path | Sequence[str | Path] = "data", *, progress: bool | BuildProgress = False,
          model_dir: str | None = None, cache: bool | str | Path = False, jobs: int = 1,
          scheduler: str | None = None, min_cooccurrence: int = MIN_COOCCURRENCE, min_npmi: float = MIN_NPMI,
          max_neighbours: int = MAX_NEIGHBOURS) -> KnowledgeGraph:
    """Read abstracts under ``inputs``, extract their concepts and build the graph.

    Parameters
    ----------
    inputs : path or list of paths
        Files or folders of abstracts (see :func:`kgraph.read.read_inputs`).
    progress : bool or BuildProgress
        Show the stages (reading, extracting per abstract, graph) on stderr;
        or on this :class:`~kgraph.progress.BuildProgress`, which the caller
        closes (the CLI adds the exports stage).
    cache : bool or path
        Reuse and store extraction results: ``True`` for the user's cache
        (:func:`kgraph.cache.default_cache_path`), a path for that file,
        ``False`` for none.
    jobs : int
        Extract in this many local processes.
    scheduler : str, optional
        Extract on the Dask cluster at this address.
    min_cooccurrence, min_npmi, max_neighbours
        When two concepts are linked (see :func:`kgraph.graph.build_graph`).

    Examples
    --------
    >>> kg = build("data", cache=True)
    >>> kg.summary()["papers"]
    75
    """
    if isinstance(inputs, (str, Path)):
        inputs = [inputs]
    bar = progress if isinstance(progress, BuildProgress) else BuildProgress() if progress else None
    try:
        if bar:
            bar.stage("reading")
        papers = read_inputs(inputs, warn=log.warning)
        return _build(papers, progress=bar, model_dir=model_dir, cache=cache, jobs=jobs, scheduler=scheduler,
                      min_cooccurrence=min_cooccurrence, min_npmi=min_npmi, max_neighbours=max_neighbours)
    finally:
        if bar and bar is not progress:
            bar.close()


def from_texts(texts: Iterable[str], *, model_dir: str | None = None, cache: bool | str | Path = False,
               min_cooccurrence: int = MIN_COOCCURRENCE, min_npmi: float = MIN_NPMI,
               max_neighbours: int = MAX_NEIGHBOURS) -> KnowledgeGraph:
    """Build the graph of abstracts given as strings (normalised like those read from files).

    A text's source is ``text:N`` (its place in ``texts``, from 1); the same
    abstract given twice is one paper. Empty texts are skipped.

    Examples
    --------
    >>> kg = from_texts(["We propose graph neural networks (GNNs) for molecules.", "GNNs scale to proteins."])
    >>> kg.papers_about("GNNs")[0][2]
    'proposes'
    """
    papers: dict[str, Paper] = {}
    for i, text in enumerate(texts, 1):
        if not isinstance(text, str):
            raise TypeError(f"text {i} is a {type(text).__name__}, not a str")
        paper = Paper(normalize_text(text))
        if paper.abstract:
            papers.setdefault(paper.id, paper).sources.append(f"text:{i}")
    if not papers:
        raise InputError("no texts to build a graph from")
    return _build(list(papers.values()), model_dir=model_dir, cache=cache, min_cooccurrence=min_cooccurrence,
                  min_npmi=min_npmi, max_neighbours=max_neighbours)


def _build(papers: list[Paper], *, progress: BuildProgress | None = None, model_dir: str | None = None,
           cache: bool | str | Path = False, jobs: int = 1, scheduler: str | None = None,
           **thresholds) -> KnowledgeGraph:
    texts = [p.abstract for p in papers]
    store = None
    if cache:
        store = MentionCache(None if cache is True else cache, version=extractor_version(model_dir))
    if progress:
        progress.stage("extracting", total=len(texts))
    try:
        mentions = extract_corpus(texts, model_dir=model_dir, cache=store, jobs=jobs, scheduler=scheduler,
                                  progress=progress.advance if progress else None)
    finally:
        if store:
            store.close()
    if progress:
        progress.stage("graph")
    return KnowledgeGraph(build_graph(papers, mentions, **thresholds))


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
