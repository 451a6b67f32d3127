"""Graph stage: papers and concepts in one networkx graph.

Node ids are namespaced: ``paper:<hash of the abstract>`` and
``concept:<key>`` (:func:`kgraph.canon.concept_key`). Mentions become
concepts in three steps:

1. an abbreviation defined in a paper stands for its long form there;
2. across the corpus, a short form whose definitions all agree resolves to
   that long form everywhere, also where a paper uses it undefined; a short
   form defined with different long forms (CL: continual learning,
   contrastive learning) is left alone where it is undefined;
3. surface variants share a key (case, plural, hyphens, British spelling).

Concept-concept edges count the papers in which both concepts occur and
score the pair with normalised PMI. An edge is kept when the pair shares at
least ``min_cooccurrence`` papers and has NPMI of at least ``min_npmi``, and
then only when it is among the ``max_neighbours`` best (by NPMI) of one of its
two concepts, so that the graph stays readable.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

import networkx as nx

from .canon import concept_key, strip_parentheticals
from .extract import KINDS, ROLES, Mention
from .query import communities
from .read import Paper
from .years import add_years

__all__ = ["build_graph", "COLORS", "paper_label"]

#: Node colours per kind (Gephi reads integer r, g, b attributes).
COLORS = {
    "paper": (140, 140, 140),
    "method": (31, 119, 180),
    "task": (214, 39, 40),
    "dataset": (44, 160, 44),
    "metric": (255, 127, 14),
    "concept": (148, 103, 189),
}


@dataclass
class _Concept:
    kinds: Counter
    surfaces: Counter
    shorts: Counter
    papers: set


def _resolve_shorts(mentions: Sequence[Sequence[Mention]]) -> dict[str, str]:
    """Short-form key -> long-form key, for short forms whose definitions agree across the corpus."""
    defs: dict[str, set[str]] = defaultdict(set)
    for ms in mentions:
        for m in ms:
            if m.long_form:
                defs[concept_key(m.short_form or m.text)].add(concept_key(m.long_form))
    return {short: next(iter(longs)) for short, longs in defs.items() if len(longs) == 1}


def paper_label(paper: Paper, mentions: Sequence[Mention], max_len: int = 80) -> str:
    """A short label: the title, else the name of what the paper proposes, else its opening words."""
    title = paper.meta.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    for m in mentions:
        if m.proposed and m.short_form:
            label = f"{m.short_form}: {m.long_form or m.text}"
            return label if len(label) <= max_len else label[: max_len - 1].rstrip() + "…"
    for m in mentions:
        if m.proposed and (m.text[:1].isupper() or any(c.isdigit() for c in m.text)):
            return m.text[:max_len]
    words = paper.abstract.split()
    opening = " ".join(words[:10])
    return opening + ("…" if len(words) > 10 else "")


def build_graph(
    papers: Sequence[Paper],
    mentions: Sequence[Sequence[Mention]],
    *,
    min_cooccurrence: int = 2,
    min_npmi: float = 0.1,
    max_neighbours: int = 15,
) -> nx.Graph:
    """Build the knowledge graph from papers and their mentions (``mentions[i]`` belongs to ``papers[i]``)."""
    if len(papers) != len(mentions):
        raise ValueError(f"{len(papers)} papers but {len(mentions)} mention lists")
    shorts = _resolve_shorts(mentions)
    concepts: dict[str, _Concept] = {}
    paper_links: list[dict[str, tuple[int, str]]] = []

    for paper, ms in zip(papers, mentions):
        links: dict[str, list] = {}
        paper_id = paper.id
        for m in ms:
            key = concept_key(m.text)
            if m.long_form:
                key = concept_key(m.long_form)
            elif key in shorts:
                key = shorts[key]
            if not key:
                continue
            c = concepts.get(key)
            if c is None:
                c = concepts[key] = _Concept(Counter(), Counter(), Counter(), set())
            c.kinds[m.kind] += 1
            if m.long_form and m.short_form:  # a whole definition: "long form (SHORT)"
                c.surfaces[m.long_form] += 1
                c.shorts[m.short_form] += 1
            else:
                is_short = bool(m.long_form) or key != concept_key(m.text)
                (c.shorts if is_short else c.surfaces)[strip_parentheticals(m.text)] += 1
                if m.short_form:
                    c.shorts[m.short_form] += 0
            c.papers.add(paper_id)
            link = links.setdefault(key, [0, "mentions"])
            link[0] += 1
            link[1] = min(link[1], "proposes" if m.proposed else m.role, key=ROLES.index)
        paper_links.append({k: (v[0], v[1]) for k, v in links.items()})

    G = nx.Graph()
    for paper, ms in zip(papers, mentions):
        attrs = {
            "kind": "paper",
            "label": paper_label(paper, ms),
            "abstract": paper.abstract,
            "sources": "|".join(paper.sources),
            "papers": 1,
        }
        for key, value in paper.meta.items():
            attrs["record_id" if key == "id" else key] = value
        attrs.update(zip("rgb", COLORS["paper"]))
        G.add_node(paper.id, **attrs)

    for key, c in concepts.items():
        kind = max(KINDS, key=lambda k: (c.kinds[k], -KINDS.index(k)))
        forms = c.surfaces or c.shorts
        label = max(forms, key=lambda f: (forms[f], -len(f.split()), f == f.lower(), -len(f), f))
        aliases = sorted(set(c.surfaces) | set(c.shorts), key=lambda f: (-(c.surfaces[f] + c.shorts[f]), f))
        attrs = {
            "kind": kind,
            "label": label,
            "aliases": "|".join(aliases),
            "papers": len(c.papers),
        }
        short = [s for s, _ in c.shorts.most_common() if s.upper() == s or any(ch.isupper() for ch in s)]
        if short:
            attrs["short_form"] = short[0]
        attrs.update(zip("rgb", COLORS[kind]))
        G.add_node(f"concept:{key}", **attrs)

    for paper, links in zip(papers, paper_links):
        for key, (count, relation) in links.items():
            G.add_edge(paper.id, f"concept:{key}", kind="mention", weight=count, relation=relation)

    _add_cooccurrence(G, papers, paper_links, min_cooccurrence, min_npmi, max_neighbours)
    for number, members in enumerate(communities(G)):
        for n in members:
            G.nodes[n]["community"] = number
    G.graph.update({"papers": len(papers), "concepts": len(concepts), "min_cooccurrence": min_cooccurrence,
                    "min_npmi": min_npmi, "max_neighbours": max_neighbours})
    add_years(G)
    return G


def _add_cooccurrence(G, papers, paper_links, min_count, min_npmi, max_neighbours):
    n = len(papers)
    df = Counter(k for links in paper_links for k in links)
    frequent = {k for k, v in df.items() if v >= min_count}
    pairs: Counter = Counter()
    for links in paper_links:
        keys = sorted(k for k in links if k in frequent)
        pairs.update(combinations(keys, 2))
    scored: dict[tuple[str, str], tuple[int, float]] = {}
    for (a, b), count in pairs.items():
        if count < min_count:
            continue
        p_ab = count / n
        if p_ab >= 1.0:
            npmi = 1.0
        else:
            npmi = math.log(p_ab / ((df[a] / n) * (df[b] / n))) / -math.log(p_ab)
        if npmi >= min_npmi:
            scored[(a, b)] = (count, npmi)
    best: dict[str, list[tuple[float, int, tuple[str, str]]]] = defaultdict(list)
    for pair, (count, npmi) in scored.items():
        for node in pair:
            best[node].append((npmi, count, pair))
    keep = set()
    for node, items in best.items():
        items.sort(key=lambda x: (-x[0], -x[1], x[2]))
        keep.update(pair for _, _, pair in items[:max_neighbours])
    for a, b in sorted(keep):
        count, npmi = scored[(a, b)]
        G.add_edge(f"concept:{a}", f"concept:{b}", kind="cooccurrence", relation="cooccurs",
                   weight=count, npmi=round(npmi, 4))
