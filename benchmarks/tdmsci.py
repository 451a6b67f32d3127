"""Named datasets, metrics and tasks beyond SciERC: kgraph.extract on TDMSci (Hou et al., 2021).

TDMSci tags TASK, DATASET and METRIC in 1,500 sentences of NLP papers; kgraph was
never trained on it, so it is a held-out check of the kinds the graph relies on.
Prints, per TDMSci type, recall of gold spans by a kgraph mention of the matching
kind (exact and overlapping boundaries) and precision of kgraph's dataset and
metric mentions against the gold spans of that type.

    python benchmarks/tdmsci.py ../shared/tdmsci/train.conll [--limit N] [--half even|odd] [--graph]

``--graph`` also builds a graph of the sentences (each one a paper) and reads
its dataset and metric nodes against the gold spans: a node is right when one
of its written forms is a gold span of that type (exact), or a whole-word part
of one or holds one (overlapping). A gold name is a node of its type when one
of that node's forms is the name as written, or (by key) has the name's
:func:`kgraph.canon.concept_key`: the same name up to case, hyphens, a plural,
a bracketed short form or a "dataset" head ("Penn Treebank (PTB)", "the WMT
2013 dataset"). Mentions keep SciERC's types, in which any
data is a Material ("English", "Web documents"); the graph's kinds are what a
user sees.

``--half even`` reads the even-numbered sentences only: the half whose misses
were read while writing the name rules (:mod:`kgraph.names`); ``--half odd`` is
the half never read, the fair check of those rules.
"""

from __future__ import annotations

import argparse
from collections import Counter

from kgraph.scierc import TDMSCI_MAP as KIND, read_conll


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--half", choices=("even", "odd"))
    ap.add_argument("--graph", action="store_true", help="also read the graph's dataset and metric nodes")
    args = ap.parse_args(argv)
    sents = read_conll(args.path)
    if args.half:
        sents = sents[args.half == "odd" :: 2]
    if args.limit:
        sents = sents[: args.limit]
    from kgraph.extract import extract_many

    preds = list(extract_many([t for t, _ in sents]))
    gold_n, exact, overlap = Counter(), Counter(), Counter()
    pred_n, pred_ok = Counter(), Counter()
    for (text, gold), ms in zip(sents, preds):
        spans = [(m.start_char, m.end_char, m.kind) for m in ms]
        for s, e, t in gold:
            gold_n[t] += 1
            kind = KIND[t]
            exact[t] += any(ps == s and pe == e and k == kind for ps, pe, k in spans)
            overlap[t] += any(ps < e and s < pe and k == kind for ps, pe, k in spans)
        for ps, pe, k in spans:
            if k in ("dataset", "metric"):
                t = k.upper()
                pred_n[t] += 1
                pred_ok[t] += any(ps < e and s < pe and gt == t for s, e, gt in gold)
    print(f"{len(sents)} sentences")
    for t in ("TASK", "DATASET", "METRIC"):
        line = (f"{t:8} gold {gold_n[t]:5}  recall exact {100 * exact[t] / max(1, gold_n[t]):5.1f}"
                f"  overlap {100 * overlap[t] / max(1, gold_n[t]):5.1f}")
        if t in pred_n:
            line += f"  precision (overlap) {100 * pred_ok[t] / max(1, pred_n[t]):5.1f} of {pred_n[t]}"
        print(line)
    if args.graph:
        graph_kinds(sents)


def graph_kinds(sents) -> None:
    """Precision of the graph's dataset and metric nodes, and the gold names that are nodes of their type."""
    import re

    import kgraph
    from kgraph.canon import concept_key

    G = kgraph.from_texts([t for t, _ in sents]).graph
    written = {n: {f for f in [d["label"], *d.get("aliases", "").split("|")] if f}
               for n, d in G.nodes(data=True) if d["kind"] != "paper"}
    forms_of = {n: {f.lower() for f in forms} for n, forms in written.items()}
    kind_of_form = {f: G.nodes[n]["kind"] for n, forms in forms_of.items() for f in forms}
    # by key: up to the spelling a graph treats as one name ("Penn Treebank (PTB)", "the WMT 2013 dataset");
    # a key is taken of the name as written, since case tells a name's generic head ("Brown corpus") from a term's
    kind_of_key = {concept_key(f): G.nodes[n]["kind"] for n, forms in written.items() for f in forms}
    for t in ("DATASET", "METRIC"):
        kind = KIND[t]
        gold_written = {text[s:e] for text, spans in sents for s, e, gt in spans if gt == t}
        gold = {g.lower() for g in gold_written}

        def part(a: str, b: str) -> bool:
            return re.search(rf"(?<!\w){re.escape(a)}(?!\w)", b) is not None

        nodes = [n for n in forms_of if G.nodes[n]["kind"] == kind]
        exact = sum(1 for n in nodes if forms_of[n] & gold)
        near = sum(1 for n in nodes if any(part(f, g) or part(g, f) for f in forms_of[n] for g in gold))
        named = sum(1 for g in gold if kind_of_form.get(g) == kind)
        keyed = sum(1 for g in {g.lower(): g for g in gold_written}.values() if kind_of_key.get(concept_key(g)) == kind)
        print(f"graph {kind} nodes {len(nodes):4}  right exact {100 * exact / max(1, len(nodes)):5.1f}"
              f"  overlapping {100 * near / max(1, len(nodes)):5.1f};  gold names a {kind} node"
              f" {100 * named / max(1, len(gold)):5.1f} of {len(gold)} (by key {100 * keyed / max(1, len(gold)):5.1f})")


if __name__ == "__main__":
    main()
