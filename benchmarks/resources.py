"""Named datasets and metrics in recent ML abstracts: the graph's dataset and metric links against a reader's list.

    python benchmarks/resources.py ABSTRACTS.jsonl GOLD.jsonl [--show]

``ABSTRACTS.jsonl`` holds papers as kgraph reads them (``id``, ``title``,
``abstract``); ``GOLD.jsonl`` one line per paper, ``{"id", "datasets",
"metrics"}``: the named datasets, benchmarks and environments, and the
evaluation metrics, each paper's text names, listed by a reader who saw the
abstracts only (neither the graph nor the code). Neither file is part of the
repository: the abstracts are other people's text.

Per paper, a gold name is *found* when the paper links to a node of its kind
(dataset or metric) one of whose forms (label, aliases, short form) is the
name up to :func:`kgraph.canon.concept_key` ("the GSM8K test set" and "GSM8K";
"F1 score" and "F1"), *overlapping* when a form is a whole-word part of the
name or holds it ("ImageNet" for "ImageNet-1K val"), and *typed otherwise*
when the paper reaches the name only as a node of another kind. A node of the
kind a paper links to is *right* when it is one of the paper's gold names
(exactly by key, or overlapping). Links named only in passing count: a data
set a paper is tested on is named in passing by design.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter

import kgraph
from kgraph.canon import concept_key

TYPES = {"datasets": "dataset", "metrics": "metric"}


def _forms(d: dict) -> set[str]:
    return {f for f in [d.get("label", ""), d.get("short_form", ""), *d.get("aliases", "").split("|")] if f}


def _part(a: str, b: str) -> bool:
    """True when ``a`` is a whole-word part of ``b`` (case folded)."""
    return re.search(rf"(?<!\w){re.escape(a.lower())}(?!\w)", b.lower()) is not None


def _matches(name: str, forms: set[str]) -> tuple[bool, bool]:
    """(the same name by key, overlapping) for a gold name and a node's forms."""
    key = concept_key(name)
    exact = any(concept_key(f) == key for f in forms)
    return exact, exact or any(_part(f, name) or _part(name, f) for f in forms if len(f) > 1)


def score(G, gold: list[dict], show: bool = False) -> dict:
    papers = {d.get("record_id"): n for n, d in G.nodes(data=True) if d["kind"] == "paper"}
    out: dict = {}
    for field, kind in TYPES.items():
        c = Counter()
        for row in gold:
            paper = papers.get(row["id"])
            if paper is None:
                continue
            linked = [(m, G.nodes[m]) for m in G[paper] if G.edges[paper, m].get("kind") == "mention"]
            mine = [(G.nodes[m]["label"], _forms(d)) for m, d in linked if d["kind"] == kind]
            other = [(d["label"], d["kind"], _forms(d)) for m, d in linked if d["kind"] != kind]
            for name in dict.fromkeys(row[field]):
                c["gold"] += 1
                hits = [_matches(name, forms) for _, forms in mine]
                exact, near = any(h[0] for h in hits), any(h[1] for h in hits)
                c["found"] += exact
                c["overlapping"] += near
                typed = [f"{label} ({k})" for label, k, forms in other if _matches(name, forms)[0]]
                if not near and typed:
                    c["typed otherwise"] += 1
                if show and not exact:
                    print(f"  MISS {kind:7} {name!r}: {'overlaps' if near else 'typed ' + ', '.join(typed) if typed else 'absent'}")
            for label, forms in mine:
                c["nodes"] += 1
                hits = [_matches(name, forms) for name in row[field]]
                c["right"] += any(h[0] for h in hits)
                c["right overlapping"] += any(h[1] for h in hits)
                if show and not any(h[1] for h in hits):
                    print(f"  EXTRA {kind:7} {label!r}")
        out[kind] = c
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("abstracts")
    ap.add_argument("gold")
    ap.add_argument("--show", action="store_true", help="print each missed name and each wrong node")
    args = ap.parse_args(argv)
    gold = [json.loads(line) for line in open(args.gold, encoding="utf-8") if line.strip()]
    G = kgraph.build(args.abstracts).graph
    for kind, c in score(G, gold, args.show).items():
        print(f"{kind:7}  gold {c['gold']:4}  found {100 * c['found'] / max(1, c['gold']):5.1f}"
              f"  overlapping {100 * c['overlapping'] / max(1, c['gold']):5.1f}"
              f"  typed otherwise {c['typed otherwise']:3};  linked nodes {c['nodes']:4}"
              f"  right {100 * c['right'] / max(1, c['nodes']):5.1f}"
              f"  overlapping {100 * c['right overlapping'] / max(1, c['nodes']):5.1f}")


if __name__ == "__main__":
    main()
