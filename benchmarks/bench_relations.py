"""Relations' cost: extraction with and without the relation classifier, side by side in one process.

Both pipelines (:func:`kgraph.extract.extract_many` with ``relations=False``
and ``relations=True``, generic arguments off, as :func:`kgraph.build` runs
it) are loaded before the clock starts, then run over the same abstracts in
interleaved rounds, so both see the same load on a shared machine. Prints
each variant's median speed, the ratio of the medians, each round's ratio
and their median, and the share of the with-relations time spent inside the
relation component (the steadiest of these figures on a busy machine: the
rest is the same tagger work in both variants).

Usage::

    python benchmarks/bench_relations.py            # the 75 bundled abstracts, 9 rounds
    python benchmarks/bench_relations.py --rounds 5 --model DIR INPUT...
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from kgraph.extract import extract_many, pipeline
from kgraph.read import normalize_text, read_inputs
from kgraph.relation_classifier import RelationClassifier

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="*", default=[str(ROOT / "data")], help="abstract files or folders")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--model", default=None, help="model folder (default: the package's)")
    args = parser.parse_args(argv)

    texts = [normalize_text(p.abstract) for p in read_inputs(args.inputs)]
    variants = {"tagger": False, "tagger+relations": True}
    for relations in variants.values():  # load both pipelines before the clock starts
        list(extract_many(texts[:2], model_dir=args.model, relations=relations))
    assert isinstance(pipeline(args.model, 0, True, False).get_pipe("kgraph_relations"), RelationClassifier)
    inside = [0.0]
    call = RelationClassifier.__call__

    def timed(self, doc):
        start = time.perf_counter()
        try:
            return call(self, doc)
        finally:
            inside[0] += time.perf_counter() - start

    RelationClassifier.__call__ = timed
    speeds: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(args.rounds):
        for name, relations in variants.items():
            start = time.perf_counter()
            list(extract_many(texts, model_dir=args.model, relations=relations))
            speeds[name].append(len(texts) / (time.perf_counter() - start))
    RelationClassifier.__call__ = call

    ratios = [r / t for r, t in zip(speeds["tagger+relations"], speeds["tagger"])]
    with_relations = sum(len(texts) / s for s in speeds["tagger+relations"])
    print(f"{len(texts)} abstracts, {args.rounds} interleaved rounds")
    for name, values in speeds.items():
        print(f"{name:18s} median {statistics.median(values):6.2f} abstracts/s  rounds {[round(v, 1) for v in values]}")
    print(f"ratio of the medians {statistics.median(speeds['tagger+relations']) / statistics.median(speeds['tagger']):.3f}; "
          f"rounds' ratios median {statistics.median(ratios):.3f} (from {min(ratios):.2f} to {max(ratios):.2f})")
    print(f"relation component: {100 * inside[0] / with_relations:.1f}% of the time with relations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
