"""Extraction over a whole corpus: cache first, then one process, N processes or a Dask cluster.

Extraction is independent per abstract, so it is cut into chunks that run
anywhere and come back in input order; results are identical whichever way
they ran. Each finished chunk is written to the cache at once, so an
interrupted build keeps its work.
"""

from __future__ import annotations

import logging
import os
from typing import Callable, Sequence

from .cache import MentionCache
from .errors import KGraphError, MissingExtra, SettingError
from .extract import extract_many
from .types import Mention, text_hash

__all__ = ["extract_corpus"]

log = logging.getLogger("kgraph")

#: Abstracts per unit of work: large enough to amortise a process or Dask round trip and
#: spaCy's batching, small enough that an interrupted build loses little and progress moves.
CHUNK = 128


#: spaCy batch size while extraction reports progress: it moves every few abstracts, and
#: extraction is as fast as with spaCy's batches of 64 (one onnxruntime call per window either way).
PROGRESS_BATCH = 8


def _extract_chunk(args: tuple, progress: Callable[[int], None] | None = None) -> list:
    """Extract one chunk: ``args`` is (texts, model_dir, threads[, relations])."""
    texts, model_dir, threads, *rest = args
    relations = bool(rest and rest[0])
    if progress is None:
        return list(extract_many(texts, model_dir=model_dir, threads=threads, relations=relations))
    results = []
    for item in extract_many(texts, model_dir=model_dir, threads=threads, batch_size=PROGRESS_BATCH,
                             relations=relations):
        results.append(item)
        progress(1)
    return results


def extract_corpus(
    texts: Sequence[str],
    *,
    model_dir: str | None = None,
    cache: MentionCache | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int], None] | None = None,
    relations: bool = False,
) -> list:
    """Mentions for every text (``result[i]`` for ``texts[i]``).

    With ``relations``, each result is a pair: the mentions and the
    relations among them (:mod:`kgraph.relations`); the cache's version
    must then be :func:`kgraph.extract.extractor_version` with relations.

    Parameters
    ----------
    cache : MentionCache, optional
        Results already cached for this extractor version are reused; new
        ones are added chunk by chunk.
    jobs : int
        Local worker processes (1: extract in this process).
    scheduler : str, optional
        Address of a Dask scheduler (``tcp://host:8786``); chunks run on its
        workers, which need kgraph installed.
    progress : callable, optional
        Called with the number of distinct abstracts done, as they finish.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SettingError(f"jobs = {jobs!r} is invalid; it must be a whole number, at least 1")
    hashes = [text_hash(t) for t in texts]
    done: dict[str, list[Mention]] = cache.get_many(sorted(set(hashes))) if cache is not None else {}
    if progress and done:
        progress(len(done))
    todo: dict[str, str] = {}
    for h, t in zip(hashes, texts):
        if h not in done and h not in todo:
            todo[h] = t
    keys = list(todo)
    threads = max(1, (os.cpu_count() or 1) // jobs) if jobs > 1 else 0
    chunks = [keys[i : i + CHUNK] for i in range(0, len(keys), CHUNK)]
    payloads = [([todo[h] for h in chunk], model_dir, threads, relations) for chunk in chunks]

    def finish(chunk: list[str], results: list[list[Mention]], *, counted: bool = False) -> None:
        batch = list(zip(chunk, results))
        done.update(batch)
        if cache is not None:
            cache.put_many(batch)
        if progress and not counted:
            progress(len(chunk))

    if scheduler and chunks:
        _run_dask(scheduler, chunks, payloads, finish)
    elif jobs > 1 and len(chunks) > 1:
        import multiprocessing as mp

        with mp.get_context("spawn").Pool(jobs) as pool:
            for chunk, results in zip(chunks, pool.imap(_extract_chunk, payloads)):
                finish(chunk, results)
    else:
        for chunk, payload in zip(chunks, payloads):
            if progress is None:
                finish(chunk, _extract_chunk(payload))
            else:  # one step per abstract, not per chunk
                finish(chunk, _extract_chunk(payload, progress), counted=True)
    return [done[h] for h in hashes]


def _run_dask(address: str, chunks, payloads, finish) -> None:
    try:
        from dask.distributed import Client, as_completed
    except ImportError as err:
        raise MissingExtra("extracting on a Dask cluster needs Dask: pip install 'kgraph[dask]'") from err
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as err:
        raise KGraphError(f"cannot reach the Dask scheduler at {address} ({err})") from err
    try:
        futures = client.map(_extract_chunk, payloads, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for future in as_completed(futures):
            i = index[future.key]
            finish(chunks[i], future.result())
    finally:
        client.close()
