"""The whole path: read, extract, build the graph, as a :class:`~kgraph.KnowledgeGraph`; and loading a saved one."""

from __future__ import annotations

import hashlib
import json
import logging
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from .cache import MentionCache
from .errors import InputError, SettingError
from .extract import extractor_version
from .graph import MAX_NEIGHBOURS, MIN_COOCCURRENCE, MIN_NPMI, build_graph
from .knowledge_graph import KnowledgeGraph
from .parallel import extract_corpus
from .progress import BuildProgress
from .read import normalize_text, read_inputs
from .types import Paper
from .relations import has_relation_model
from .thesaurus import Thesaurus, load_thesaurus, thesaurus

__all__ = ["build", "from_texts", "load"]

log = logging.getLogger("kgraph")


def build(inputs: str | Path | Sequence[str | Path] = "data", *, progress: bool | BuildProgress = False,
          model_dir: str | None = None, cache: bool | str | Path = False, jobs: int = 1,
          scheduler: str | None = None, min_cooccurrence: int = MIN_COOCCURRENCE, min_npmi: float = MIN_NPMI,
          max_neighbours: int = MAX_NEIGHBOURS, reuse: str | Path | None = None,
          thesaurus: str | Path | Sequence[str | Path] = ()) -> KnowledgeGraph:
    """Read abstracts under ``inputs``, extract their concepts and build the graph.

    With ``reuse`` (an output folder), a graph saved there from the same
    abstracts, extractor, settings and kgraph code is loaded instead of built
    (the ``inputs`` stamp in its graph.json says so): a warm rebuild of
    unchanged input reads the abstracts and nothing else.

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
    thesaurus : path or list of paths
        Files of topics to add to kgraph's thesaurus (the format of
        ``kgraph/thesaurus.txt``); read before the abstracts, so that a bad
        file stops the build at once.

    Examples
    --------
    >>> kg = build("data", cache=True)
    >>> kg.summary()["papers"]
    75
    """
    if isinstance(inputs, (str, Path)):
        inputs = [inputs]
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:  # (said before any reading)
        raise SettingError(f"jobs = {jobs!r} is invalid; it must be a whole number, at least 1")
    bar = progress if isinstance(progress, BuildProgress) else BuildProgress() if progress else None
    topics = load_thesaurus(thesaurus)
    try:
        if bar:
            bar.stage("reading")
        papers = read_inputs(inputs, warn=log.warning)
        thresholds = dict(min_cooccurrence=min_cooccurrence, min_npmi=min_npmi, max_neighbours=max_neighbours)
        stamp = inputs_stamp(papers, model_dir=model_dir, topics=topics, **thresholds)
        if reuse is not None:
            saved = _saved_build(Path(reuse), stamp)
            if saved is not None:
                log.info(f"{reuse}: built from the same abstracts with the same code; reusing it")
                return saved
        kg = _build(papers, progress=bar, model_dir=model_dir, cache=cache, jobs=jobs, scheduler=scheduler,
                    topics=topics, **thresholds)
        kg.graph.graph["inputs"] = stamp
        if not kg.graph.graph.get("concepts"):
            many = "s" * (len(papers) != 1)
            log.warning(f"no concepts found in {len(papers):,} abstract{many}: are they abstracts of research "
                        "papers, in English? (the map will show papers only)")
        return kg
    finally:
        if bar and bar is not progress:
            bar.close()


def from_texts(texts: Iterable[str], *, model_dir: str | None = None, cache: bool | str | Path = False,
               min_cooccurrence: int = MIN_COOCCURRENCE, min_npmi: float = MIN_NPMI,
               max_neighbours: int = MAX_NEIGHBOURS, thesaurus: str | Path | Sequence[str | Path] = ()
               ) -> KnowledgeGraph:
    """Build the graph of abstracts given as strings (normalised like those read from files).

    A text's source is ``text:N`` (its place in ``texts``, from 1); the same
    abstract given twice is one paper. Empty texts are skipped. ``thesaurus``
    adds the topics of those files, as in :func:`build`.

    Examples
    --------
    >>> kg = from_texts(["We propose graph neural networks (GNNs) for molecules.", "GNNs scale to proteins."])
    >>> kg.papers_about("GNNs")[0][2]
    'proposes'
    """
    if isinstance(texts, (str, bytes)):  # (iterating a string would make a paper of each character)
        raise TypeError("texts must be a list of abstracts, not one string: from_texts([text])")
    topics = load_thesaurus(thesaurus)
    papers: dict[str, Paper] = {}
    for i, text in enumerate(texts, 1):
        if not isinstance(text, str):
            raise TypeError(f"text {i} is a {type(text).__name__}, not a str")
        paper = Paper(normalize_text(text))
        if paper.abstract:
            papers.setdefault(paper.id, paper).sources.append(f"text:{i}")
    if not papers:
        raise InputError("no texts to build a graph from")
    return _build(list(papers.values()), model_dir=model_dir, cache=cache, topics=topics,
                  min_cooccurrence=min_cooccurrence, min_npmi=min_npmi, max_neighbours=max_neighbours)


def _build(papers: list[Paper], *, progress: BuildProgress | None = None, model_dir: str | None = None,
           cache: bool | str | Path = False, jobs: int = 1, scheduler: str | None = None,
           topics: Thesaurus | None = None, **thresholds) -> KnowledgeGraph:
    texts = [p.abstract for p in papers]
    relations = has_relation_model(model_dir)
    store = None
    if cache:
        store = MentionCache(None if cache is True else cache, version=extractor_version(model_dir, relations))
    if progress:
        progress.stage("extracting", total=len(texts))
    try:
        results = extract_corpus(texts, model_dir=model_dir, cache=store, jobs=jobs, scheduler=scheduler,
                                 progress=progress.advance if progress else None, relations=relations)
    finally:
        if store:
            store.close()
    if progress:
        progress.stage("graph")
    if relations:
        mentions, rels = [r[0] for r in results], [r[1] for r in results]
        return KnowledgeGraph(build_graph(papers, mentions, relations=rels, topics=topics, **thresholds))
    return KnowledgeGraph(build_graph(papers, results, topics=topics, **thresholds))


def inputs_stamp(papers: Sequence[Paper], *, model_dir: str | None = None, topics: Thesaurus | None = None,
                 **thresholds) -> str:
    """A hash of everything a build depends on: the papers (text, metadata, sources), the
    extractor, the graph settings, kgraph's own code and data, and the user's thesaurus topics."""
    h = hashlib.sha1()
    h.update(extractor_version(model_dir, has_relation_model(model_dir)).encode())
    h.update(_code_version().encode())
    if topics is not None and topics is not thesaurus():
        h.update(repr(sorted(topics.topics.items())).encode())
    h.update(json.dumps(thresholds, sort_keys=True).encode())
    for p in papers:
        h.update(p.id.encode())
        h.update(json.dumps(p.meta, sort_keys=True, default=str).encode())
        h.update("|".join(p.sources).encode())
    return h.hexdigest()[:32]


@lru_cache(maxsize=1)
def _code_version() -> str:
    """A hash of the package's code and data: a build made by other code is never reused."""
    return _tree_hash(Path(__file__).parent)


def _tree_hash(root: Path) -> str:
    """A hash of every file of the package but the model (whose version the extractor's stands for).

    Code, page assets and data such as the thesaurus: a change to any of them changes what a build makes.
    """
    h = hashlib.sha1()
    for f in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                    and p.relative_to(root).parts[0] != "model"):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()


_INPUTS = re.compile(r'"inputs": "([0-9a-f]{32})"')


def _saved_build(folder: Path, stamp: str) -> KnowledgeGraph | None:
    """The graph saved in ``folder`` when it was built from inputs with this stamp and all its files are there."""
    from .export import FILES

    if not all((folder / name).is_file() for name in FILES):
        return None
    try:
        with open(folder / "graph.json", "rb") as fh:
            head = fh.read(8192).decode("utf-8", "replace")
    except OSError:
        return None
    found = _INPUTS.search(head)
    if found is None or found.group(1) != stamp:
        return None
    try:
        kg = load(folder)
    except InputError:
        return None
    kg.reused_from = folder  # its files are those in ``folder``: nothing to write again
    return kg


def load(path: str | Path = "outputs") -> KnowledgeGraph:
    """Load a saved graph: a folder written by :meth:`KnowledgeGraph.save`, a .graphml or a .json file."""
    from .store import read_graph

    G = read_graph(path)
    if not any(k == "paper" for _, k in G.nodes(data="kind")):
        raise InputError(f"{path}: no paper nodes; not a kgraph graph")
    return KnowledgeGraph(G)
