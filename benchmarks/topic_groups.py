"""Do papers on one topic meet at one node? Checked against topic lists written by readers of the abstracts.

    python benchmarks/topic_groups.py data benchmarks/topic_groups/reader3.json [--show]

Each list (``benchmarks/topic_groups/*.json``) was written by a reader who saw
only the bundled abstracts, never the graph: topics that two or more papers
share, each with its papers (the first words of their abstracts) and the words
that show it. A group is *joined* when all its papers reach one concept node,
directly or through ``broader`` terms (a hyponym relation counts, being a
broader fact); the partial figure counts groups in which at least two of its
papers meet. ``--show`` prints each group with the node that joins most of its
papers. ``--classes benchmarks/topic_groups/classes.json`` also counts the
groups of each class apart: a helper who saw only the lists and the
abstracts marked each group of readers 20-39 TERM (named by an established
term of the field that every paper's evidence uses: "bandits", "Rademacher
complexity") or THEME (a shared trait or kind of contribution: "computational
speedups", "geometric and algebraic structure", or a group resting on a
paraphrase).
"""

from __future__ import annotations

import argparse
import json
import os
import re

import kgraph
from kgraph.query import broader_terms


def _start(text: str) -> str:
    """The first six words, letters and digits only: "$1$-Lipschitz" and "1-Lipschitz" read alike."""
    return " ".join(re.findall(r"[a-z0-9]+", re.sub(r"[*_$]", "", text.lower()))[:6])


def reach(G, paper: str) -> set[str]:
    """The concepts a paper mentions and all their broader terms."""
    mentioned = set(G[paper])
    return mentioned.union(*(broader_terms(G, c) for c in mentioned))


def check(G, groups: list[dict]) -> list[tuple[str, int, int, str | None]]:
    """Per group: (topic, papers found, most papers at one node, that node's label)."""
    starts = {_start(d["abstract"]): n for n, d in G.nodes(data=True) if d["kind"] == "paper"}
    rows = []
    for group in groups:
        papers = [starts[_start(p)] for p in group["papers"] if _start(p) in starts]
        sets = [reach(G, p) for p in papers]
        best = max(set().union(*sets), key=lambda c: (sum(c in s for s in sets), c), default=None)
        rows.append((group["topic"], len(papers), sum(best in s for s in sets) if best else 0,
                     G.nodes[best]["label"] if best else None))
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs")
    ap.add_argument("groups", nargs="+")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--classes", help="JSON: a list's file name -> its groups' classes ({topic, class}), in order")
    args = ap.parse_args(argv)
    classes = json.load(open(args.classes, encoding="utf-8")) if args.classes else {}
    G = kgraph.build(args.inputs, cache=True).graph
    for path in args.groups:
        groups = json.load(open(path, encoding="utf-8"))
        rows = check(G, groups)
        if args.show:
            for topic, found, best, label in rows:
                print(f"{best}/{found}  {topic[:60]:60}  {label or '-'}")
        joined = sum(1 for _, found, best, _ in rows if found and best == found)
        partly = sum(1 for _, _, best, _ in rows if best >= 2)
        missing = sum(1 for group, (_, found, _, _) in zip(groups, rows) if found < len(group["papers"]))
        print(f"{path}: {len(rows)} groups; all papers at one node {joined} ({100 * joined / len(rows):.0f}%), "
              f"at least two {partly} ({100 * partly / len(rows):.0f}%)" + (f"; {missing} not found" if missing else ""))
        marks = classes.get(os.path.basename(path))
        if marks:
            if [m["topic"] for m in marks] != [g["topic"] for g in groups]:
                raise SystemExit(f"{args.classes}: its classes for {os.path.basename(path)} are not that list's groups")
            for name in sorted({m["class"] for m in marks}):
                ours = [r for r, m in zip(rows, marks) if m["class"] == name]
                done = sum(1 for _, found, best, _ in ours if found and best == found)
                print(f"  {name}: {len(ours)} groups; all papers at one node {done} ({100 * done / len(ours):.0f}%)")


if __name__ == "__main__":
    main()
