"""Peak memory of a build at 100,000 abstracts, without a 40-minute extraction: mentions assembled per sentence.

    python benchmarks/bench_memory.py --n 100000

``benchmarks/bench.py`` makes its N abstracts by recombining real sentences
(of the bundled corpus and of SciERC) with a fixed seed. Here each distinct
sentence goes through the shipped extractor (tagger, rules and relation
classifier) once, alone, and every abstract gets its sentences' mentions
and relations shifted to their place: the extraction results a cold build
holds, with two differences a build would not have (a sentence is read
without its neighbours, and an abbreviation defined in one sentence is not
resolved in the next). A child process then loads the extractor (as a cold
build has it loaded), holds all papers and results, builds the graph, lays
it out and writes the four files, as ``kgraph build`` does after
extraction. Its peak resident memory (VmHWM) is the build's peak.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _shift(m, offset: int):
    return dataclasses.replace(m, start_char=m.start_char + offset, end_char=m.end_char + offset)


def assemble(n: int, seed: int = 7, work: Path | None = None):
    """The bench corpus of ``n`` abstracts with per-sentence extraction results: (papers, mentions, relations)."""
    from bench import draw_abstracts
    from kgraph.parallel import extract_corpus
    from kgraph.types import Paper

    picks = draw_abstracts(n, seed)  # bench.py's corpus, same seed, same abstracts
    distinct = sorted({s for chosen in picks for s in chosen})
    index = {s: i for i, s in enumerate(distinct)}
    t = time.perf_counter()
    results = extract_corpus(distinct, relations=True)
    print(f"extracted {len(distinct)} distinct sentences in {time.perf_counter() - t:.0f} s", file=sys.stderr)
    papers, mentions, relations = [], [], []
    for i, chosen in enumerate(picks):
        offset, ms, rs = 0, [], []
        for s in chosen:
            m_s, r_s = results[index[s]]
            moved = {id(m): _shift(m, offset) for m in m_s}
            ms += moved.values()
            rs += [dataclasses.replace(r, head=moved.get(id(r.head)) or _shift(r.head, offset),
                                       tail=moved.get(id(r.tail)) or _shift(r.tail, offset)) for r in r_s]
            offset += len(s) + 1
        papers.append(Paper(" ".join(chosen), sources=[f"corpus-{n}.jsonl:{i + 1}"], meta={"id": f"b{i}"}))
        mentions.append(ms)
        relations.append(rs)
    return papers, mentions, relations


def graph_stage(path: str) -> dict:
    """In this process: load the assembled results, build, lay out and write; stage times and peak RSS."""
    from kgraph.graph import build_graph
    from kgraph.knowledge_graph import KnowledgeGraph

    from kgraph.parallel import extract_corpus

    extract_corpus(["A cold build keeps the extractor loaded: graph neural networks (GNNs) for link prediction."],
                   relations=True)
    model = _hwm()
    with open(path, "rb") as fh:
        papers, mentions, relations = pickle.load(fh)
    held = _hwm()
    t = time.perf_counter()
    G = build_graph(papers, mentions, relations=relations)
    graph_s = time.perf_counter() - t
    graph_peak = _hwm()
    t = time.perf_counter()
    with tempfile.TemporaryDirectory() as out:
        KnowledgeGraph(G).save(out)
    return {"papers": len(papers), "nodes": G.number_of_nodes(), "edges": G.number_of_edges(),
            "concepts": G.graph["concepts"], "held_mb": round(held), "graph_s": round(graph_s, 1),
            "export_s": round(time.perf_counter() - t, 1), "extractor_mb": round(model),
            "graph_peak_mb": round(graph_peak), "peak_mb": round(_hwm())}


def _hwm() -> float:
    """This process's peak resident memory in MB (VmHWM: unlike ru_maxrss, not inherited across exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(graph_stage(args.worker)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "assembled.pickle"
        with open(path, "wb") as fh:
            pickle.dump(assemble(args.n), fh, protocol=pickle.HIGHEST_PROTOCOL)
        out = subprocess.run([sys.executable, __file__, "--worker", str(path)], capture_output=True, text=True)
        if out.returncode:
            sys.exit(out.stderr.strip().splitlines()[-1])
        row = json.loads(out.stdout.strip().splitlines()[-1])
    print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
