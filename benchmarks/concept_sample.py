"""A seeded sample of concepts to read one by one, and the concepts that join papers.

    python benchmarks/concept_sample.py data --seed 4711 --n 200 > sample.txt
    python benchmarks/concept_sample.py data --links

Each sampled concept is printed with its kind, papers (direct and with its
narrower terms), aliases, broader terms and one sentence of context, so that a
reader who has not seen the code can judge it: would a researcher keep this
node? ``--links`` lists the concepts shared by pairs of papers, most pairs
first, and the linked pairs that share nothing but lone words, with the words
(a reader tells topics such as "transformers" from field-wide words). A
concept both papers name only in passing (a test bed, a yardstick) links no
pair; such pairs are counted apart.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter

import kgraph


def sample(G, n: int, seed: int) -> list[str]:
    concepts = sorted(c for c, d in G.nodes(data=True) if d["kind"] != "paper")
    rng = random.Random(seed)
    return rng.sample(concepts, min(n, len(concepts)))


def describe(G, c: str) -> str:
    d = G.nodes[c]
    papers = [p for p in G[c] if G.nodes[p]["kind"] == "paper"]
    context = ""
    for p in papers[:1]:
        abstract = G.nodes[p]["abstract"]
        forms = str(d.get("aliases", "")).split("|") + str(G.edges[c, p].get("via", "")).split("|")
        for form in forms:
            k = abstract.lower().find(form.lower()) if form else -1
            if k >= 0:
                context = "..." + abstract[max(0, k - 80): k + len(form) + 60] + "..."
                break
    # a broader edge, or a relation edge that kept the broader fact (a relation outranks it)
    # (split by the edge's sense, as queries and the map say it: a kind of the broader term, or within it)
    up = [x for x in G[c] if G.edges[c, x].get("broader") == x and G.edges[c, x].get("narrower") == c]
    broader = [G.nodes[x]["label"] for x in up if G.edges[c, x].get("sense") != "within"]
    within = [G.nodes[x]["label"] for x in up if G.edges[c, x].get("sense") == "within"]
    return (f"{d['label']!r} [kind={d['kind']}, papers={d['papers']}, papers incl. narrower terms="
            f"{d.get('papers_total')}, aliases={d.get('aliases', '')!r}, broader={broader}"
            + (f", within={within}" if within else "") + f"]\n   context: {context}")


def links(G) -> tuple[int, int, int, Counter, list[tuple[str, int]]]:
    """(linked pairs, pairs linked only through lone words, pairs that share only what both name in passing,
    the lone words, pairs per joining concept). A concept both papers name only in passing (a test bed or a
    yardstick: the mention edge's ``passing``) joins no pair, as in :func:`kgraph.query.related_papers`."""
    papers = [n for n, d in G.nodes(data=True) if d["kind"] == "paper"]
    concepts = {p: set(G[p]) for p in papers}
    topical = {p: {c for c in G[p] if not G.edges[p, c].get("passing")} for p in papers}
    linked = lone_pairs = passing_pairs = 0
    lone: Counter = Counter()  # the lone words that alone join a pair (a reader judges them: topic or field-wide)
    through: Counter = Counter()
    for a, b in itertools.combinations(papers, 2):
        shared = concepts[a] & concepts[b] & (topical[a] | topical[b])
        if shared:
            linked += 1
            through.update(G.nodes[c]["label"] for c in shared)
            if all(" " not in G.nodes[c]["label"] and G.nodes[c]["label"].islower() for c in shared):
                lone_pairs += 1
                lone.update(G.nodes[c]["label"] for c in shared)
        elif concepts[a] & concepts[b]:
            passing_pairs += 1
    return linked, lone_pairs, passing_pairs, lone, through.most_common()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="+")
    ap.add_argument("--seed", type=int, default=4711)
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--links", action="store_true", help="list the concepts that join papers instead")
    args = ap.parse_args(argv)
    G = kgraph.build(args.inputs, cache=True).graph
    if args.links:
        linked, lone_pairs, passing_pairs, lone, through = links(G)
        words = ", ".join(f"{w} {n}" for w, n in lone.most_common())
        print(f"linked paper pairs: {linked}; linked only through lone words: {lone_pairs} ({words or 'none'}); "
              f"not linked, sharing only what both name in passing: {passing_pairs}")
        for label, pairs in through:
            print(f"{pairs:4}  {label}")
        return
    for i, c in enumerate(sample(G, args.n, args.seed), 1):
        print(f"{i}. {describe(G, c)}")


if __name__ == "__main__":
    main()
