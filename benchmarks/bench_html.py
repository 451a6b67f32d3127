"""Map benchmark: layout, exports, the fast store, and the HTML page in headless Chromium.

For each size: the graph (75 = the bundled corpus, built for real; other
sizes synthetic, see :func:`synthetic_graph`), then

* ``layout s``: :func:`kgraph.layout.layout` alone;
* ``export s``: :func:`kgraph.export.write_all` from scratch (layout included);
* ``warm export s``: ``write_all`` again on the same graph (fingerprint, nothing rewritten);
* ``load s``: :func:`kgraph.load` of the output folder (graph.json, the fast store) and,
  side by side, ``networkx.read_graphml`` of graph.graphml;
* ``page KB``, ``first draw ms`` (navigation start to the first frame the
  map draws, median of ``--loads`` loads, each in a fresh page), and
  interaction times measured inside the page from the action to the end of
  the frame it causes (median of ``--rounds``): ``find`` (type a label, Enter:
  suggestions, select, centre, panel), ``switch`` (a kind off and on again,
  mean of the two), ``papers`` (the paper layer on), ``click`` (select a node
  and fill the panel).

Usage::

    python benchmarks/bench_html.py --n 75 --n 1000 --n 10000
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
KINDS = ("method", "task", "dataset", "metric", "concept")


def synthetic_graph(n: int, *, seed: int = 7):
    """A kgraph graph of ``n`` synthetic papers, built by :func:`kgraph.graph.build_graph` from made-up mentions.

    Terms are one to three words over the vocabulary of the bundled corpus,
    with a few hundred head words so that terms nest (the concept layer finds
    broader terms); each paper mentions 12-24 terms drawn from a Zipf law over
    ``12 n`` terms, as real corpora do (a few terms in many papers, most in
    one). Each paper states 0-2 typed relations between its terms (about
    one relation edge per abstract, as the shipped classifier finds on the
    bundled corpus), each with an evidence sentence of about 60-340
    characters, 200 on average (the corpus's run from about 100 to 470,
    200 on average). Only the shape is synthetic:
    the graph stage, relation edges, communities, layout and exports are
    kgraph's own.
    """
    import re

    import numpy as np

    from kgraph.extract import Mention
    from kgraph.graph import build_graph
    from kgraph.read import Paper, read_inputs
    from kgraph.relation_edges import add_relations
    from kgraph.relations import RELATION_TYPES, Relation

    words = sorted({w.lower() for p in read_inputs([ROOT / "data"]) for w in re.findall(r"[A-Za-z]{4,}", p.abstract)})
    rng = random.Random(seed)
    heads = rng.sample(words, 300)
    size = max(200, int(12 * n))
    terms, seen = [], set()
    while len(terms) < size:
        k = rng.choice((1, 2, 2, 3))
        t = " ".join([rng.choice(words) for _ in range(k - 1)] + [rng.choice(heads)])
        if t not in seen:
            seen.add(t)
            terms.append(t)
    kinds = [rng.choice(KINDS) for _ in terms]
    zipf = np.random.default_rng(seed)
    weights = 1.0 / np.arange(1, size + 1) ** 1.05
    weights /= weights.sum()
    papers, mentions, relations = [], [], []
    for i in range(n):
        picks = sorted(set(zipf.choice(size, size=rng.randint(12, 24), p=weights).tolist()))
        text, ms = f"Paper {i}.", []
        for j in picks:
            start = len(text) + len(" We study ")
            text += f" We study {terms[j]}."
            ms.append(Mention(terms[j], start, start + len(terms[j]), kinds[j]))
        papers.append(Paper(text, sources=[f"synthetic:{i}"], meta={"title": f"Synthetic paper {i} on {terms[picks[0]]}"}))
        mentions.append(ms)
    G = build_graph(papers, mentions)
    # relations between the concepts each paper kept, through kgraph's own relation edges
    for paper in papers:
        kept = sorted((c for c in G[paper.id] if G.nodes[c].get("kind") != "paper"),
                      key=lambda c: (-G.nodes[c].get("papers", 0), c))[:8]
        rels = []
        for _ in range(rng.choice((0, 1, 1, 2)) if len(kept) > 1 else 0):
            head, tail = (Mention(G.nodes[c]["label"], 0, 1, G.nodes[c]["kind"]) for c in rng.sample(kept, 2))
            filler = " ".join(rng.choice(words) for _ in range(rng.randint(4, 30)))
            sentence = f"We show that {head.text} {filler} for {tail.text}."
            rels.append(Relation(head, tail, rng.choice(RELATION_TYPES), rng.random(), sentence))
        relations.append(rels)
    add_relations(G, papers, relations)
    return G


def bipartite_graph(n: int, *, seed: int = 7):
    """Papers and concepts only, straight into networkx (no graph stage): for timing the layout at 100,000 papers.

    Each paper links to 12-24 concepts drawn from a Zipf law over ``12 n``;
    about as many nodes and mention edges per paper as the synthetic graphs
    above keep after the graph stage.
    """
    import networkx as nx
    import numpy as np

    rng = np.random.default_rng(seed)
    size = 12 * n
    weights = 1.0 / np.arange(1, size + 1) ** 1.05
    weights /= weights.sum()
    G = nx.Graph()
    counts = rng.integers(12, 25, size=n)
    picks = rng.choice(size, size=int(counts.sum()), p=weights)
    at = 0
    for i, k in enumerate(counts):
        paper = f"paper:{i}"
        G.add_node(paper, kind="paper", papers=1)
        for j in set(picks[at:at + k].tolist()):
            G.add_edge(paper, f"concept:{j}", kind="mention")
        at += k
    for n_, d in G.nodes(data=True):
        if not d:
            d.update(kind="concept", papers=G.degree(n_))
    return G


_INTERACT = """async (q) => {
  const K = window.kgraph;
  const drawn = () => new Promise(r => {
    let done = false;
    K.network.once('afterDrawing', () => { done = true; requestAnimationFrame(() => r()); });
    setTimeout(() => { if (!done) r(); }, 5000);
  });
  const out = {};
  let t = performance.now();
  const f = document.getElementById('find');
  f.value = q; f.dispatchEvent(new Event('input'));
  f.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}));
  await drawn(); out.find = performance.now() - t;
  const box = document.querySelector("input[data-kind='method']") || document.querySelector("input[data-kind]");
  t = performance.now(); box.click(); await drawn(); const off = performance.now() - t;
  t = performance.now(); box.click(); await drawn(); out.switch = (off + performance.now() - t) / 2;
  const papers = document.querySelector("input[data-layer='paper']");
  t = performance.now(); papers.click(); await drawn(); out.papers = performance.now() - t;
  papers.click(); await drawn();
  const nodes = K.data.nodes.filter(n => !n.hidden);
  const id = nodes[Math.floor(nodes.length / 3)].id;
  t = performance.now(); K.go(id, {stay: true}); await drawn(); out.click = performance.now() - t;
  return out;
}"""


def measure_page(browser, page_path: Path, *, loads: int, rounds: int, query: str) -> dict:
    draws, runs = [], []
    for _ in range(loads):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort())
        page.goto(page_path.as_uri())
        page.wait_for_selector("body[data-kg-drawn]", timeout=120_000)
        draws.append(page.evaluate("window.kgraph.firstDraw"))
        if not runs:
            for _ in range(rounds):
                runs.append(page.evaluate(_INTERACT, query))
        page.close()
    out = {"first draw ms": statistics.median(draws)}
    for key in runs[0]:
        out[f"{key} ms"] = statistics.median(r[key] for r in runs)
    return out


def run_size(n: int, browser, *, loads: int, rounds: int) -> dict:
    import networkx as nx

    import kgraph
    from kgraph.export import write_all
    from kgraph.layout import layout

    G = kgraph.build(ROOT / "data").graph if n == 75 else synthetic_graph(n)
    row = {"N": n, "nodes": G.number_of_nodes(), "edges": G.number_of_edges()}
    t = time.perf_counter()
    layout(G)
    row["layout s"] = time.perf_counter() - t
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        t = time.perf_counter()
        write_all(G, out)
        row["export s"] = time.perf_counter() - t
        t = time.perf_counter()
        write_all(G, out)
        row["warm export s"] = time.perf_counter() - t
        t = time.perf_counter()
        kgraph.load(out)
        row["load s"] = time.perf_counter() - t
        t = time.perf_counter()
        nx.read_graphml(out / "graph.graphml")
        row["GraphML parse s"] = time.perf_counter() - t
        row["page KB"] = (out / "graph.html").stat().st_size / 1024
        query = max((d for _, d in G.nodes(data=True) if d.get("kind") != "paper"),
                    key=lambda d: (d.get("papers_total", d.get("papers", 0)), d.get("label", "")))["label"]
        row.update(measure_page(browser, out / "graph.html", loads=loads, rounds=rounds, query=query))
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="kgraph map benchmark")
    parser.add_argument("--n", type=int, action="append", help="sizes (repeatable; default 75, 1000, 10000)")
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--layout-n", type=int, action="append",
                        help="only time the layout of a bipartite graph of this many papers (repeatable)")
    args = parser.parse_args(argv)
    if args.layout_n:
        from kgraph.layout import layout

        print("| papers | nodes | edges | layout s |\n|---:|---:|---:|---:|")
        for n in args.layout_n:
            G = bipartite_graph(n)
            t = time.perf_counter()
            layout(G)
            print(f"| {n:,} | {G.number_of_nodes():,} | {G.number_of_edges():,} | {time.perf_counter() - t:.1f} |")
        return 0
    from playwright.sync_api import sync_playwright

    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=ARGS)
        for n in args.n or [75, 1000, 10000]:
            rows.append(run_size(n, browser, loads=args.loads, rounds=args.rounds))
            print(json.dumps(rows[-1]), file=sys.stderr)
        browser.close()
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---:|" * len(keys))
    for r in rows:
        print("| " + " | ".join(f"{r[k]:,}" if isinstance(r[k], int) else f"{r[k]:.2f}" if r[k] < 10 else f"{r[k]:,.0f}"
                                for k in keys) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
