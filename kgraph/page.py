"""The HTML map: a term map of the graph drawn by vis-network (through pyvis), offline.

The page opens on the concepts that matter (those in two or more papers,
largest first, and the broader terms above them), sized by papers and
coloured by community, at positions computed in Python (:mod:`kgraph.layout`),
so nothing moves and nothing waits for physics. Papers and the concepts of a
single paper are layers to switch on. Labels are drawn by the page itself:
for every label, the zoom level from which it overlaps no larger label is
computed here (greedy, largest first), so the largest labels show at the
opening zoom and more appear as one zooms in, never on top of each other.

A click opens a side panel (concept: label, kind, aliases, short form,
its typed relations in words with the sentences that state them, papers
with relation and the start of the abstract, neighbouring concepts; paper:
abstract, metadata, concepts by relation, the relations its abstract
states); everything in it is clickable.
A concept's relations (:mod:`kgraph.relation_edges`) come most papers
first, then by type, at most :data:`HTML_PANEL_RELATIONS` of them (the
panel says how many more), each with up to
:data:`HTML_EVIDENCE_PER_RELATION` evidence sentences cut to about
:data:`HTML_EVIDENCE_CHARS` characters around the two concepts; a page holds
at most :data:`HTML_MAX_RELATIONS` relations, so its size stays bounded. The find box searches labels, aliases and short forms, suggests
as one types, says when nothing matches, and shows a node whose layer is
switched off.

A big graph's page holds a bounded subset (``max_concepts`` concepts in most
papers, ``max_papers`` papers chosen as the leading papers of those concepts,
and the strongest links among them) and says what it left out; the other
files hold everything.

vis-network comes from the copy inside pyvis and is inlined, so the page draws
with no network at all. Graph data sits in a ``<script type="application/json">``
block with ``<``, ``>`` and ``&`` escaped, so text from the input never runs
as script, and the page only ever sets text, never HTML, from the data.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from pathlib import Path
from typing import Hashable, Iterable, Mapping, Sequence

import networkx as nx
import numpy as np

from .canon import concept_key
from .community import community_labels
from .layout import EDGE_LENGTH, importance, layout, node_size
from .thesaurus import thesaurus

__all__ = ["write_html", "write_path_html", "select", "label_zooms", "trim_evidence", "HTML_MAX_CONCEPTS",
           "HTML_MAX_PAPERS", "HTML_MAX_EDGES", "HTML_PANEL_RELATIONS", "HTML_MAX_RELATIONS", "HTML_EVIDENCE_CHARS",
           "HTML_EVIDENCE_PER_RELATION"]

HTML_MAX_CONCEPTS = 1500
HTML_MAX_PAPERS = 500
HTML_MAX_EDGES = 6000
#: Relations listed in a concept's panel (the strongest; the panel says how many more there are).
HTML_PANEL_RELATIONS = 10
#: Relations a page holds in all (those of the most papers); every concept's panel counts its own in full.
HTML_MAX_RELATIONS = 2000
#: Evidence sentences a page holds per relation (the edge keeps up to five: `kgraph query relations` lists them).
HTML_EVIDENCE_PER_RELATION = 2
#: Longest evidence text on a page, in characters: longer sentences are cut around the two concepts.
HTML_EVIDENCE_CHARS = 240
RELATIONS = ("proposes", "addresses", "evaluates_on", "uses", "mentions")
#: The tag of a link the paper names only in passing (the edge's ``passing``): listed after every role.
PASSING = "in passing"
_REL_RANK = {r: i for i, r in enumerate((*RELATIONS, PASSING))}
_EDGE_RANK = {"broader": 0, "cooccurrence": 1, "relation": 1, "mention": 2}
#: Community colours (the largest communities first); the rest are grey. Kelly's colours of maximum contrast
#: (1965) without white, black and grey, so no two read as one (tab20's pairs of blues and reds did).
PALETTE = ("#0067a5", "#be0032", "#008856", "#f38400", "#875692", "#a1caf1", "#f3c300", "#882d17", "#8db600",
           "#e68fac", "#2b3d26", "#c2b280", "#604e97", "#f99379", "#b3446c", "#dcd300", "#654522", "#e25822",
           "#f6a600")
_HTML_DIR = Path(__file__).parent / "html"


def _community_legend(G: nx.Graph, nodes: list[dict]) -> list[list]:
    """[community, its label (its three most-mentioned concepts), nodes drawn] for the coloured communities drawn."""
    drawn = Counter(n["community"] for n in nodes if 0 <= n["community"] < len(PALETTE))
    labels = community_labels(G)
    return [[c, labels.get(c, ""), drawn[c]] for c in sorted(drawn)]


def _is_paper(d: Mapping) -> bool:
    return d.get("kind") == "paper"


def _short(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _tag(d: Mapping) -> str:
    """A paper-concept link's tag in a panel: its role, or "in passing" for a test bed or a yardstick."""
    return PASSING if d.get("passing") else str(d.get("relation", "mentions"))


def _rel_key(G, paper, concept):
    d = G.edges[paper, concept]
    return (_REL_RANK.get(_tag(d), len(RELATIONS)), -float(d.get("weight", 1) or 1))


def _strength(d: Mapping) -> float:
    """Papers behind a concept-concept link: co-occurrence count, or papers stating a relation, the larger."""
    return max(float(d.get("weight", 1) or 1), float(d.get("cooccurrence", 0) or 0))


def select(G: nx.Graph, *, max_concepts: int = HTML_MAX_CONCEPTS, max_papers: int = HTML_MAX_PAPERS,
           max_edges: int = HTML_MAX_EDGES) -> tuple[list, list, list]:
    """The bounded part of ``G`` a page draws: ``(concepts, papers, edges)``.

    Concepts: the ``max_concepts`` in most papers (``papers_total``, else
    ``papers``), and every broader term of those. Papers: all when they fit,
    else round by round each chosen concept's next strongest paper (proposing
    papers first), most important concepts first. Edges: among those nodes,
    broader links, then co-occurrence and relation links by the papers that
    share both ends (a relation edge keeps the co-occurrence count of the
    edge it replaced; else the papers stating it), at most 60% of
    ``max_edges``; then paper links, each paper's strongest first, round by
    round, up to ``max_edges`` in all.
    """
    concepts = [n for n, d in G.nodes(data=True) if not _is_paper(d)]
    concepts.sort(key=lambda n: (-importance(G.nodes[n]), -G.degree(n), str(n)))
    chosen = concepts[:max_concepts]
    keep = set(chosen)
    for n in list(chosen):  # broader terms of a chosen concept are on the map too
        for m, d in G[n].items():
            if d.get("kind") == "broader" and d.get("broader") == m and m not in keep:
                keep.add(m)
                chosen.append(m)
    papers = [n for n, d in G.nodes(data=True) if _is_paper(d)]
    if len(papers) > max_papers:
        lists = [sorted((p for p in G[c] if _is_paper(G.nodes[p])), key=lambda p: (_rel_key(G, p, c), str(p)))
                 for c in chosen]
        picked: dict = {}
        depth = 0
        while len(picked) < max_papers and any(len(ps) > depth for ps in lists):
            for ps in lists:
                if len(ps) > depth and ps[depth] not in picked:
                    picked[ps[depth]] = None
                    if len(picked) >= max_papers:
                        break
            depth += 1
        papers = list(picked)
    keep.update(papers)
    links = [(u, v, d) for u, v, d in G.edges(data=True) if u in keep and v in keep]
    between = [e for e in links if e[2].get("kind") != "mention"]
    between.sort(key=lambda e: (_EDGE_RANK.get(e[2].get("kind"), 3), -_strength(e[2])))
    between = between[: int(max_edges * 0.6)]
    # paper links share what is left, round by round: each paper's strongest link first
    per_paper: dict = defaultdict(list)
    for u, v, d in links:
        if d.get("kind") == "mention":
            p, c = (u, v) if _is_paper(G.nodes[u]) else (v, u)
            per_paper[p].append(((_REL_RANK.get(_tag(d), 9), -importance(G.nodes[c]), str(c)), (u, v, d)))
    ranked = [[e for _, e in sorted(items, key=lambda item: item[0])] for _, items in sorted(per_paper.items(), key=str)]
    mentions: list = []
    room = max_edges - len(between)
    depth = 0
    while len(mentions) < room and any(len(r) > depth for r in ranked):
        mentions.extend(r[depth] for r in ranked if len(r) > depth)
        depth += 1
    return chosen, papers, between + mentions[:room]


def _font(d: Mapping) -> float:
    if _is_paper(d):
        return 10.0
    return round(11.0 + min(8.0, 2.0 * math.log2(importance(d))), 1)


#: Pages of at most this many nodes are spread so that their labels fit at the opening zoom.
SPREAD_MAX = 150
#: A graph of at most this many concepts and papers opens with every layer shown: papers and one paper's
#: concepts too (a larger one opens on its concepts in two or more papers).
SMALL_PAGE = 150
#: The canvas width (pixels) the opening view is planned for: about a laptop's.
OPEN_WIDTH = 850.0


def spread_labels(xy: np.ndarray, widths: np.ndarray, heights: np.ndarray, sizes: np.ndarray, *,
                  zoom: float = 1.0, rounds: int = 200) -> np.ndarray:
    """Positions moved apart, each pair a little at a time, until no two labels overlap at ``zoom``.

    The overlap removal of map layouts (Gephi's "noverlap"): a label is a box under its node (``widths``,
    ``heights`` in screen pixels, ``zoom`` page units a pixel); two overlapping boxes are pushed apart
    along the axis where they overlap least, by half of it each, for at most ``rounds`` rounds.

    >>> xy = spread_labels(np.array([[0., 0.], [5., 0.]]), np.array([40., 40.]), np.array([12., 12.]), np.zeros(2))
    >>> bool(abs(xy[1, 0] - xy[0, 0]) >= 40 or abs(xy[1, 1] - xy[0, 1]) >= 12)
    True
    """
    xy = xy.astype(float).copy()
    n = len(xy)
    if n < 2:
        return xy
    hw = widths * zoom / 2 + 1.0
    hh = heights * zoom / 2 + 1.0
    off = sizes + hh  # a label's centre sits under its node
    eye = np.eye(n, dtype=bool)
    for _ in range(rounds):
        cy = xy[:, 1] + off
        dx = xy[:, 0][:, None] - xy[:, 0][None, :]
        dy = cy[:, None] - cy[None, :]
        ox = hw[:, None] + hw[None, :] - np.abs(dx)
        oy = hh[:, None] + hh[None, :] - np.abs(dy)
        hit = (ox > 0) & (oy > 0) & ~eye
        if not hit.any():
            break
        # ties (a node on another) part by index, so that nothing stays stuck
        sx = np.where(dx == 0, np.sign(np.arange(n)[:, None] - np.arange(n)[None, :]), np.sign(dx))
        sy = np.where(dy == 0, np.sign(np.arange(n)[:, None] - np.arange(n)[None, :]), np.sign(dy))
        along_x = hit & (ox <= oy)
        along_y = hit & (ox > oy)
        xy[:, 0] += 0.5 * np.where(along_x, sx * ox, 0).sum(axis=1) / np.maximum(1, hit.sum(axis=1))
        xy[:, 1] += 0.5 * np.where(along_y, sy * oy, 0).sum(axis=1) / np.maximum(1, hit.sum(axis=1))
    return xy


def label_zooms(xy: np.ndarray, widths: np.ndarray, heights: np.ndarray, *, cap: float = 1e4) -> np.ndarray:
    """The zoom from which each label (in rank order) overlaps no label ranked above it.

    ``xy`` are centres in page units, ``widths``/``heights`` label sizes in
    screen pixels. At zoom ``s`` labels ``i`` and ``j`` overlap when
    ``|dx| s < (w_i + w_j) / 2`` and ``|dy| s < (h_i + h_j) / 2``; they stop
    overlapping from ``s_ij = min((w_i + w_j) / 2|dx|, (h_i + h_j) / 2|dy|)``.
    Label ``i`` shows from the largest ``s_ij`` among the labels ``j`` above it
    that are already shown below ``s_ij``, so a label, once shown, stays as
    one zooms in.

    Examples
    --------
    >>> z = label_zooms(np.array([[0., 0.], [10., 0.], [0., 500.]]), np.array([40., 40., 40.]), np.array([12., 12., 12.]))
    >>> [round(float(v), 1) for v in z]
    [0.0, 4.0, 0.0]
    """
    n = len(xy)
    zoom = np.zeros(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in range(1, n):
            dx = np.abs(xy[:i, 0] - xy[i, 0])
            dy = np.abs(xy[:i, 1] - xy[i, 1])
            sx = (widths[:i] + widths[i]) / 2 / dx
            sy = (heights[:i] + heights[i]) / 2 / dy
            s = np.minimum(sx, sy)
            s = np.where(np.isnan(s), np.inf, s)
            hit = zoom[:i] < s
            if hit.any():
                zoom[i] = min(cap, float(s[hit].max()))
    return zoom


def _names(d: Mapping, node) -> list[str]:
    """A concept's written forms, longest first (where its evidence sentence names it)."""
    names = {str(d.get("label", node))} | set(str(d.get("aliases", "")).split("|")) | {str(d.get("short_form") or "")}
    return sorted((n for n in names if len(n) > 1), key=len, reverse=True)


def _span(text: str, names: Sequence[str]) -> tuple[int, int] | None:
    low = text.lower()
    for name in names:
        at = low.find(name.lower())
        if at >= 0:
            return at, at + len(name)
    return None


def _window(text: str, lo: int, hi: int, width: int) -> str:
    """About ``width`` characters of ``text`` around ``text[lo:hi]``, cut between words, ellipses where cut."""
    start = max(0, min(lo - (width - (hi - lo)) // 2, len(text) - width))
    end = min(len(text), start + width)
    if start > 0:
        space = text.find(" ", start, lo)
        start = space + 1 if space >= 0 else start
    if end < len(text):
        space = text.rfind(" ", hi, end)
        end = space if space >= 0 else end
    return ("…" if start > 0 else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def trim_evidence(sentence: str, names: Sequence[Sequence[str]] = (), *, width: int = HTML_EVIDENCE_CHARS) -> str:
    """An evidence sentence in at most about ``width`` characters, keeping the words that name its concepts.

    Whitespace runs become one space. A longer sentence keeps a window
    around the first written forms (``names``: one list per concept) that it
    contains: one window around both when they are close, else one around
    each, joined by an ellipsis; when it names neither, its start.

    Examples
    --------
    >>> trim_evidence("Mamba   is used for language modeling.")
    'Mamba is used for language modeling.'
    >>> s = "We " + "really " * 40 + "use Mamba for language modeling " + "in practice " * 40 + "today."
    >>> trim_evidence(s, [["Mamba"], ["language modeling"]], width=60)
    '…really use Mamba for language modeling in practice in…'
    """
    text = " ".join(str(sentence).split())
    if len(text) <= width:
        return text
    spans = sorted(sp for sp in (_span(text, n) for n in names) if sp)
    if not spans:
        return _window(text, 0, 0, width)
    lo, hi = spans[0][0], spans[-1][1]
    if hi - lo <= width - 2 or len(spans) == 1:
        return _window(text, lo, min(hi, lo + width - 2), width)
    half = (width - 3) // 2
    first = _window(text, *spans[0], half)
    second = _window(text, *spans[-1], half)
    return first.rstrip("…") + " … " + second.lstrip("…")


def _relation_records(G: nx.Graph, concepts: Sequence, ids: Mapping) -> tuple[list, dict]:
    """The relations the page's panels list: ``(table, per_concept)``.

    ``table`` holds each listed relation edge once: ``h``/``t`` its head and
    tail (page ids, or None with the label in ``hl``/``tl`` when the end is not
    on the page), ``y`` its type, ``n`` the papers stating it and ``e`` its
    evidence, ``[paper id or None, paper label when not on the page, sentence,
    how that sentence reads it when that differs]``. ``per_concept`` maps a
    concept's page id to ``(indices into table, how many relations it has)``.
    """
    label = lambda n: str(G.nodes[n].get("label", n))  # noqa: E731
    ranked: dict = {}
    for c in concepts:
        mine = [(-int(e.get("weight", 1) or 1), str(e.get("relation", "")), label(e["head"]), label(e["tail"]),
                 (c, m) if str(c) < str(m) else (m, c))
                for m, e in G[c].items() if e.get("kind") == "relation" and {e.get("head"), e.get("tail")} == {c, m}]
        if mine:
            mine.sort(key=lambda t: t[:4])  # as `kgraph query relations` lists them
            ranked[c] = mine
    wanted: dict = {}
    for mine in ranked.values():
        for *rank, key in mine[:HTML_PANEL_RELATIONS]:
            wanted.setdefault(key, tuple(rank))
    keep = sorted(wanted, key=lambda k: wanted[k])[:HTML_MAX_RELATIONS]
    index = {key: i for i, key in enumerate(keep)}
    table = []
    for key in keep:
        d = G.edges[key]
        head, tail = d["head"], d["tail"]
        entry = {"h": ids.get(head), "t": ids.get(tail), "y": str(d.get("relation", "")), "n": int(d.get("weight", 1) or 1)}
        if entry["h"] is None:
            entry["hl"] = label(head)
        if entry["t"] is None:
            entry["tl"] = label(tail)
        try:
            evidence = json.loads(d.get("evidence") or "[]")
        except ValueError:
            evidence = []
        names = [_names(G.nodes[head], head), _names(G.nodes[tail], tail)]
        seen, rows = set(), []
        for ev in evidence if isinstance(evidence, list) else ():
            if not isinstance(ev, dict) or not ev.get("sentence"):
                continue
            sentence = trim_evidence(ev["sentence"], names)
            if sentence in seen:
                continue
            seen.add(sentence)
            paper = str(ev.get("paper") or "")
            on_page = paper in ids and paper in G and _is_paper(G.nodes[paper])
            title = "" if on_page else _short(G.nodes[paper].get("label", paper) if paper in G else paper, 90)
            how = ""
            stated, said_head = str(ev.get("relation", entry["y"])), ev.get("head", head)
            if stated != entry["y"] or said_head != head:
                said_tail = tail if said_head == head else head
                how = f"{label(said_head) if said_head in (head, tail) else said_head} --{stated}--> {label(said_tail)}"
            rows.append([ids[paper] if on_page else None, title, sentence, how])
            if len(rows) >= HTML_EVIDENCE_PER_RELATION:
                break
        entry["e"] = rows
        table.append(entry)
    per_concept = {ids[c]: ([index[key] for *_, key in mine if key in index][:HTML_PANEL_RELATIONS], len(mine))
                   for c, mine in ranked.items()}
    return table, per_concept


def _stated_in(G: nx.Graph, papers: Sequence, ids: Mapping) -> dict:
    """The relations each of ``papers`` states, as its own evidence reads them: paper -> ``[{h, t, y}, ...]``.

    A paper beyond the evidence an edge keeps (``evidence_papers`` lists them
    all) states the edge's own type and direction. Ends not on the page carry
    their label (``hl``/``tl``).
    """
    wanted = set(papers)
    label = lambda n: str(G.nodes[n].get("label", n))  # noqa: E731
    found: dict = defaultdict(list)
    for u, v, d in G.edges(data=True):
        if d.get("kind") != "relation" or {d.get("head"), d.get("tail")} != {u, v}:
            continue
        mine = [p for p in str(d.get("evidence_papers", "")).split("|") if p in wanted]
        if not mine:
            continue
        said: dict = {}
        try:
            evidence = json.loads(d.get("evidence") or "[]")
        except ValueError:
            evidence = []
        for ev in evidence if isinstance(evidence, list) else ():
            if isinstance(ev, dict) and ev.get("head") in (u, v):
                said.setdefault(str(ev.get("paper")), (str(ev.get("relation", d.get("relation", ""))), ev["head"]))
        for p in mine:
            rel, head = said.get(p, (str(d.get("relation", "")), d["head"]))
            tail = v if head == u else u
            entry = {"h": ids.get(head), "t": ids.get(tail), "y": rel}
            if entry["h"] is None:
                entry["hl"] = label(head)
            if entry["t"] is None:
                entry["tl"] = label(tail)
            found[p].append(entry)
    for entries in found.values():
        entries.sort(key=lambda e: (e["y"], str(e["h"] or e.get("hl")), str(e["t"] or e.get("tl"))))
    return found


def _narrower_of(G: nx.Graph) -> dict:
    """Each concept's narrower terms, one ``broader`` edge below (read once per page)."""
    below = defaultdict(list)
    for u, v, e in G.edges(data=True):
        if e.get("broader") in (u, v) and e.get("narrower") in (u, v):
            below[e["broader"]].append(e["narrower"])
    return below


def _through_narrower(G: nx.Graph, c, below: Mapping, drawn: set | None, limit: int = 25) -> dict:
    """Up to ``limit`` papers (``drawn`` ones, unless None) that reach ``c`` only through a narrower term, each with
    the nearest such term."""
    out: dict = {}
    seen, queue = {c}, [c]
    while queue and len(out) < limit:
        x = queue.pop(0)
        for m in sorted(below.get(x, ()), key=str):
            if m in seen:
                continue
            seen.add(m)
            queue.append(m)
            for p in G[m]:
                if (drawn is None or p in drawn) and p not in out and _is_paper(G.nodes[p]) and not G.has_edge(p, c):
                    out[p] = m
    return out


def _records(G: nx.Graph, concepts: Sequence, papers: Sequence, ids: Mapping, *,
             context: nx.Graph | None = None) -> tuple[dict, list]:
    """Panel data per drawn node (what a click shows) and the table of relations the panels list.

    ``context``, when given, is the whole graph ``G`` is part of: the panels
    come from it (a path page's graph holds only the steps, a neighbourhood of
    ``--kind method`` none of the papers), and list what is not on the page
    by its label.
    """
    th = thesaurus()
    # a panel says what a node is in the whole graph: read from the part drawn, a concept whose five papers a
    # neighbourhood of methods leaves out listed none of them and counted all five as "through narrower terms"
    if context is not None:
        G = context
    title = lambda n: _short(G.nodes[n].get("label", n), 90)  # noqa: E731  (a paper not on the page)
    relations, rel_of = _relation_records(G, concepts, ids)
    stated = _stated_in(G, papers, ids)
    # the main map lists only its drawn papers (each listed one would add its label to the page)
    drawn = set(ids) if context is None else None
    narrower = _narrower_of(G)
    records = {}
    for c in concepts:
        d = G.nodes[c]
        mine = [p for p in G[c] if _is_paper(G.nodes[p])]
        shown = sorted((p for p in mine if drawn is None or p in drawn),
                       key=lambda p: (_rel_key(G, p, c), str(p)))[:25]
        neighbours = []
        related = set()
        for m, e in G[c].items():
            if _is_paper(G.nodes[m]):
                continue
            if e.get("broader") in (c, m):  # the hierarchy (a hyponym_of relation may carry it too)
                how = "broader" if e.get("broader") == m else "narrower"
            elif e.get("kind") == "cooccurrence":
                how = f"co-occurs in {e.get('weight', 1)} papers"
            elif e.get("cooccurrence"):  # a relation edge that was a co-occurrence edge keeps its count
                how = f"co-occurs in {e['cooccurrence']} papers"
            else:  # a relation alone: the panel lists it under relations
                related.add(m)
                continue
            neighbours.append((0 if how in ("broader", "narrower") else 1, -float(e.get("weight", 1) or 1), m, how))
        if len(neighbours) < 12 and len(mine) > 1:  # concepts sharing its papers, when it has few links of its own
            seen = {m for *_, m, _ in neighbours} | related
            shared: Counter = Counter()
            for p in mine[:200]:
                shared.update(m for m in G[p] if m != c and m not in seen and not _is_paper(G.nodes[m]))
            top = sorted(shared.items(), key=lambda mk: (-mk[1], -importance(G.nodes[mk[0]]), str(mk[0])))
            for m, k in top[: 12 - len(neighbours)]:
                neighbours.append((2, -k, m, f"shares {k} paper{'s' if k > 1 else ''}"))
        neighbours.sort(key=lambda t: (t[0], t[1], str(t[2])))
        aliases = [a for a in str(d.get("aliases", "")).split("|") if a and a != d.get("label")]
        # the find box also knows the other names the thesaurus gives its topic ("lifelong learning" finds continual
        # learning), as kgraph.query.find_concept does
        topic = th.topics.get(th.names.get(concept_key(str(d.get("label", ""))), ""))
        others = [n for n in (topic.names if topic else ()) if n != d.get("label") and n not in aliases]
        rec = {"k": d.get("kind", ""), "l": str(d.get("label", c)), "a": aliases[:24], "n": int(d.get("papers", 0) or 0),
               "pn": len(mine), "p": [[ids[p], _tag(G.edges[p, c])] if p in ids else [None, _tag(G.edges[p, c]),
                                                                                      title(p)] for p in shown],
               "nb": [[ids[m], how] if m in ids else [None, how, str(G.nodes[m].get("label", m))]
                      for *_, m, how in neighbours[:20]]}
        # papers that mention only a narrower term ("bandits": the Lipschitz-bandit paper, through its term)
        through = int(d.get("papers_total", len(mine)) or 0) - len(mine)
        if through > 0:
            found = _through_narrower(G, c, narrower, drawn)
            rec["ptn"] = through
            rec["pt"] = []
            for p, t in sorted(found.items(), key=lambda pt: (_rel_key(G, pt[0], pt[1]), str(pt[0]))):
                # [paper, term]; an end not on the page is None, the term's label third, the paper's fourth
                row = [ids.get(p), ids.get(t)]
                if t not in ids or p not in ids:
                    row.append(None if t in ids else str(G.nodes[t].get("label", t)))
                if p not in ids:
                    row.append(title(p))
                rec["pt"].append(row)
        if ids[c] in rel_of:
            rec["r"], rec["rn"] = rel_of[ids[c]]
        if d.get("short_form"):
            rec["s"] = str(d["short_form"])
        if others:
            rec["o"] = others[:12]
        if "papers_total" in d:
            rec["nt"] = int(d["papers_total"])
        if d.get("years"):
            rec["y"] = {"first": d.get("first_year"), "mean": d.get("mean_year"), "per": str(d["years"])}
        records[ids[c]] = rec
    for p in papers:
        d = G.nodes[p]
        found = sorted(((_tag(G.edges[p, c]), c) for c in G[p]),
                       key=lambda rc: (_REL_RANK.get(rc[0], 9), -importance(G.nodes[rc[1]]), str(rc[1])))
        meta = {k: str(d[k]) for k in ("year", "authors", "venue", "doi", "arxiv_id", "url", "record_id", "sources")
                if d.get(k) not in (None, "")}
        records[ids[p]] = {"k": "paper", "l": str(d.get("label", p)), "ab": _short(d.get("abstract", ""), 1500),
                           "m": meta, "cs": [[rel, ids[c]] if c in ids else [rel, None, str(G.nodes[c].get("label", c))]
                                  for rel, c in found[:60]],
                           "cn": len(found)}
        if stated.get(p):
            records[ids[p]]["rs"] = stated[p][:HTML_PANEL_RELATIONS]
            records[ids[p]]["rsn"] = len(stated[p])
    return records, relations


def _assets() -> dict[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "templates" / "lib" / "vis-9.1.2"
    return {"VIS": (lib / "vis-network.min.js").read_text(encoding="utf-8"),
            "VISCSS": (lib / "vis-network.css").read_text(encoding="utf-8"),
            "CSS": (_HTML_DIR / "map.css").read_text(encoding="utf-8"),
            "JS": (_HTML_DIR / "map.js").read_text(encoding="utf-8")}


def _render(title: str, payload: dict) -> str:
    parts = _assets()
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    parts["DATA"] = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    parts["TITLE"] = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    for key in ("VIS", "JS"):
        parts[key] = parts[key].replace("</script", "<\\/script")
    html = (_HTML_DIR / "map.html").read_text(encoding="utf-8")
    for key in ("TITLE", "VISCSS", "CSS", "VIS", "JS", "DATA"):  # DATA last: input text is never re-scanned
        html = html.replace("{{" + key + "}}", parts[key])
    return html


def _payload(G: nx.Graph, concepts: Sequence, papers: Sequence, edges: Sequence, pos: Mapping, *,
             show: Iterable[str], focus=None, highlight: Iterable = (), note: str = "", all_labels: bool = False,
             edge_labels: bool = False, label_offsets: Mapping | None = None, context: nx.Graph | None = None) -> dict:
    from pyvis.network import Network

    has_map = any(importance(G.nodes[c]) > 1 for c in concepts)
    layer = {c: ("map" if importance(G.nodes[c]) > 1 or not has_map else "rare") for c in concepts}
    layer.update((p, "paper") for p in papers)
    rank = {"map": 0, "paper": 1, "rare": 2}
    order = sorted(layer, key=lambda n: (rank[layer[n]], -importance(G.nodes[n]), -G.degree(n), str(n)))
    ids = dict(zip(order, _page_ids(G, order)))
    # page units: the map layer's extent about 1,000 units, y down as on a canvas
    base = [pos[n] for n in order if layer[n] == "map"]
    if len(base) < 10:  # a small page (a neighbourhood): all of it
        base = [pos[n] for n in order]
    xy = np.array([pos[n] for n in order], dtype=float).reshape(-1, 2)
    extent = float(np.ptp(np.array(base), axis=0).max()) if len(base) > 1 else 0.0
    factor = 1000.0 / extent if extent > 0 else 1.0
    xy = xy * factor
    xy[:, 1] *= -1
    # nodes shrink as the map fills (1,500 concepts in the space of 150 would cover it)
    crowd = math.sqrt(150 / max(150, sum(1 for n in order if layer[n] == "map")))
    scale_size = factor * EDGE_LENGTH / 60.0 * 0.6 * crowd
    labels = [_short(G.nodes[n].get("label", n), 36 if _is_paper(G.nodes[n]) else 44) for n in order]
    fonts = np.array([_font(G.nodes[n]) for n in order])
    widths = np.array([0.56 * f * len(t) + 8 for f, t in zip(fonts, labels)])
    sizes = np.array([max(2.0, node_size(G.nodes[n]) * scale_size) for n in order])
    if not all_labels and len(order) <= SPREAD_MAX:  # a small page: nodes move apart until their labels fit
        for _ in range(3):  # (spread, then back to the page's extent, which the opening view fits)
            xy = spread_labels(xy, widths, fonts * 1.3, sizes, zoom=1000.0 / OPEN_WIDTH)
            shown = xy[[i for i, n in enumerate(order) if layer[n] == "map"] or slice(None)]
            wide = float(np.ptp(shown, axis=0).max()) if len(shown) > 1 else 0.0
            if wide <= 1000.0 * 1.02:
                break
            xy = xy * (1000.0 / wide)
    under = xy + np.column_stack([np.zeros(len(order)), sizes])  # labels sit under their node
    zooms = np.zeros(len(order)) if all_labels else label_zooms(under, widths, fonts * 1.3)

    xy = np.round(xy, 1) + 0.0  # as drawn, with no -0.0 (to vis-network a level edge from y -0 to 0 has angle 0: below)
    highlight = set(highlight)
    net = Network(height="100%", width="100%", cdn_resources="remote")
    for i, n in enumerate(order):
        d = G.nodes[n]
        net.add_node(ids[n], label=labels[i], x=round(float(xy[i, 0]), 1), y=round(float(xy[i, 1]), 1),
                     size=round(float(sizes[i]), 2), shape="square" if _is_paper(d) else "dot",
                     kind=str(d.get("kind", "")), layer=layer[n], community=int(d.get("community", -1)),
                     z=round(float(zooms[i]), 3), f=float(fonts[i]))
        if n in highlight:
            net.nodes[-1]["borderWidth"] = 4
        if label_offsets and label_offsets.get(n):
            net.nodes[-1]["lo"] = label_offsets[n]
        year = _year_of(d)
        if year is not None:  # what "colour by mean year" reads: a concept's mean year, a paper's year
            net.nodes[-1]["yr"] = year
    nodes = net.nodes
    for node in nodes:  # the page draws labels itself; vis-network's own are off
        node["lb"] = node.pop("label")
        node.pop("title", None)
        node.pop("font", None)
        node.pop("color", None)
    edge_list = []
    at = {n: i for i, n in enumerate(order)}
    for u, v, d in edges:
        if edge_labels and xy[at[u], 0] > xy[at[v], 0]:
            # vis-network draws a labelled edge's label at the page's origin when the edge is level and runs
            # right to left (it moves to the label's point only for a turned label, and that edge's angle is 0)
            u, v = v, u
        elif d.get("near") == v:  # a link for what is left out reads from its end nearer the focus
            u, v = v, u
        kind = d.get("kind", "")
        e = {"from": ids[u], "to": ids[v], "kind": kind}
        if kind == "cooccurrence":
            e["width"] = round(1 + min(4.0, math.log2(1 + float(d.get("weight", 1)))), 2)
            e["n"] = int(d.get("weight", 1) or 1)
        elif kind == "broader":
            e["width"] = 2.5
            e["arrows"] = "to" if d.get("broader") == v else "from"
            if d.get("sense") == "within":
                e["y"] = "within"
        elif kind == "mention" and d.get("passing"):  # named in passing: drawn dashed, as a weaker tie
            e["dashes"] = True
        elif kind == "via":  # stands for what the page leaves out between its ends: dotted
            e["dashes"] = [2, 5]
            e["t"] = str(d.get("via", ""))
        elif kind == "relation":  # head -> tail, as the relation reads
            e["width"] = 2
            e["arrows"] = "to" if d.get("tail") == v else "from"
            e["y"] = str(d.get("relation", ""))
            e["n"] = int(d.get("weight", 1) or 1)
        if edge_labels:
            e["label"] = _tag(d) if kind == "mention" else str(d.get("relation", kind))
        edge_list.append(e)
    # pyvis's edge list in the form add_edge makes (add_edge itself is quadratic)
    net.edges.extend(edge_list)
    nodes, edge_list, *_ = net.get_network_data()

    kinds = {}
    for n in order:
        d = G.nodes[n]
        kinds.setdefault(str(d.get("kind", "")), "#{:02x}{:02x}{:02x}".format(int(d.get("r", 128)), int(d.get("g", 128)),
                                                                            int(d.get("b", 128))))
    n_papers = sum(1 for _, d in G.nodes(data=True) if _is_paper(d))
    n_concepts = G.number_of_nodes() - n_papers
    omitted = ""
    if len(concepts) < n_concepts or len(papers) < n_papers or len(edges) < G.number_of_edges():
        omitted = (f"This page holds {len(concepts):,} of {n_concepts:,} concepts (those in most papers), "
                   f"{len(papers):,} of {n_papers:,} papers and {len(edges):,} of {G.number_of_edges():,} links; "
                   "graph.json, graph.graphml and graph.gexf hold all of them.")
    records, relations = _records(G, [c for c in order if not _is_paper(G.nodes[c])], papers, ids, context=context)
    return {"nodes": nodes, "edges": edge_list, "records": records, "rels": relations,
            "kinds": kinds, "palette": list(PALETTE), "show": sorted(set(show)), "note": note, "omitted": omitted,
            "communities": _community_legend(G, nodes),
            "ids": ids, "focus": ids.get(focus) if focus is not None else None, "allLabels": all_labels,
            "layers": {"map": "concepts in 2+ papers" if has_map else "concepts", "paper": "papers",
                       "rare": "concepts in 1 paper"},
            "totals": {"concepts": n_concepts, "papers": n_papers, "edges": G.number_of_edges()},
            "years": _year_span(nodes)}


def _year_of(d: Mapping) -> float | None:
    value = d.get("year") if _is_paper(d) else d.get("mean_year")
    try:
        return None if value is None or isinstance(value, bool) else round(float(value), 2)
    except (TypeError, ValueError):
        return None


def _year_span(nodes: Sequence[Mapping]) -> list[float] | None:
    """The oldest and newest year on the page (the ends of the year colour scale), or None without years."""
    years = [n["yr"] for n in nodes if "yr" in n]
    return [min(years), max(years)] if years else None


def _page_ids(G: nx.Graph, order: Sequence) -> list[str]:
    from .export import xml_ids

    ids = xml_ids(G.subgraph(order)) if len(order) < len(G) else xml_ids(G)
    return [ids[n] for n in order]


def _bridges(G: nx.Graph, context: nx.Graph, focus) -> list[tuple]:
    """Links ``(u, v, data)`` for the nodes of ``G``, a part of ``context``, that nothing in ``G`` joins to ``focus``.

    A neighbourhood of some kinds only (``--kind method``) leaves out the
    papers most concepts meet through, so those two steps away floated with
    no line to anything. Each such node, nearest the focus first, is joined
    to the node it reaches over the fewest nodes left out (of several, the
    one nearest the focus: ``near``) by a link of kind ``via`` that says what
    is between: "2 papers" (all the left-out papers that join the two), else
    the labels on the way.
    """
    if focus not in G:
        return []
    joined = set(nx.node_connected_component(G, focus))
    if len(joined) == len(G):
        return []
    dist: dict = {}
    for k, layer in enumerate(nx.bfs_layers(context, [focus])):
        dist.update((n, k) for n in layer if n in G)
        if len(dist) == len(G):
            break
    name = lambda m: "a paper" if _is_paper(context.nodes[m]) else str(context.nodes[m].get("label", m))  # noqa: E731
    out = []
    for x in sorted(set(G) - joined, key=lambda n: (dist.get(n, math.inf), str(n))):
        if x in joined:  # joined through a node linked before it
            continue
        # breadth first from x over what the page leaves out, up to the first layer that meets a joined node
        back, layer, hits = {x: None}, [x], []
        while layer and not hits:
            nxt = []
            for n in layer:
                for m in context[n]:
                    if m in joined:
                        hits.append((dist.get(m, math.inf), str(m), m, n))
                    elif m not in back and m not in G:
                        back[m] = n
                        nxt.append(m)
            layer = nxt
        if not hits:
            continue
        *_, end, n = min(hits)
        way = []
        while n != x:
            way.append(n)
            n = back[n]
        if len(way) == 1:  # one step: all that is left out and joins the two ("deep learning, 2 papers")
            way = [m for m in context[x] if m not in G and context.has_edge(m, end)]
            papers = sum(1 for m in way if _is_paper(context.nodes[m]))
            via = ", ".join(sorted(name(m) for m in way if not _is_paper(context.nodes[m]))[:3] +
                            ([f"{papers} paper{'s' if papers > 1 else ''}"] if papers else []))
        else:  # several steps: one way, from the joined end
            via = " → ".join(name(m) for m in way)
        out.append((end, x, {"kind": "via", "via": via, "near": end}))
        joined |= nx.node_connected_component(G, x)
    return out


def write_html(G: nx.Graph, path, *, title: str = "kgraph", pos: Mapping | None = None,
               max_concepts: int = HTML_MAX_CONCEPTS, max_papers: int = HTML_MAX_PAPERS,
               max_edges: int = HTML_MAX_EDGES, focus: Hashable | None = None, highlight: Iterable = (),
               note: str = "", context: nx.Graph | None = None) -> None:
    """Write the interactive map of ``G`` (or its bounded part, see :func:`select`) that draws offline.

    Parameters
    ----------
    G : networkx.Graph
        A kgraph graph, or any part of one.
    path : path
        The page to write.
    pos : mapping, optional
        node -> (x, y); laid out with :func:`kgraph.layout.layout` when not given.
    max_concepts, max_papers, max_edges : int
        Bounds of what the page embeds.
    focus : node, optional
        A node to select and open in the panel when the page loads; all layers start switched on.
    highlight : nodes
        Nodes drawn with a thick border.
    note : str
        A line shown before the counts.
    context : networkx.Graph, optional
        The whole graph when ``G`` is part of one (a neighbourhood): the
        panels list a node's relations, papers and concepts from it, those
        not on the page as plain labels; with ``focus``, a node that nothing
        drawn joins to the focus (what joins them was filtered out) is drawn
        with a dotted link that says what it stands for.
    """
    if focus is not None and context is not None:  # what joins each node to the focus, where it is left out
        bridges = _bridges(G, context, focus)
        if bridges:
            G = G.copy()
            G.add_edges_from(bridges)
            note = (note + " · " if note else "") + "a dotted line: joined through what the page leaves out (hover it)"
    pos = layout(G) if pos is None else pos
    concepts, papers, edges = select(G, max_concepts=max_concepts, max_papers=max_papers, max_edges=max_edges)
    # a small corpus opens whole (ten papers had seven concepts in two papers: a map of seven dots)
    small = len(concepts) + len(papers) <= SMALL_PAGE
    show = ("map", "paper", "rare") if focus is not None or small else ("map",)
    payload = _payload(G, concepts, papers, edges, pos, show=show, focus=focus, highlight=highlight, note=note,
                       context=context)
    payload.pop("ids")
    Path(path).write_text(_render(title, payload), encoding="utf-8")


def write_path_html(G: nx.Graph, paths: Sequence[Sequence], path, *, title: str = "kgraph: paths",
                    note: str = "") -> None:
    """Write a page of the paths themselves: one row per path, in order, each step labelled with its relation.

    Only the steps of the paths are drawn (not the other edges among their
    nodes); a node on several paths is drawn once, where it first appears;
    the two ends sit on the middle row. Every label shows, alternately above
    and below the nodes so that neighbours never collide. A concept's panel
    lists its relations in ``G``, not only the steps.
    """
    H = nx.Graph()
    pos: dict = {}
    offsets: dict = {}
    mid = (len(paths) - 1) / 2
    longest = max((len(p) - 1 for p in paths), default=1) or 1
    for row, p in enumerate(paths):
        for hop, n in enumerate(p):
            H.add_node(n, **G.nodes[n])
            if n in pos:
                continue
            end = hop in (0, len(p) - 1)
            x = (longest if hop == len(p) - 1 else hop) * 3 * EDGE_LENGTH
            pos[n] = (x, (mid if end else row) * 2.5 * EDGE_LENGTH)
            offsets[n] = 1 if hop % 2 == 0 else -1
        for a, b in zip(p, p[1:]):
            H.add_edge(a, b, **G.edges[a, b])
    pos = {n: (x, -y) for n, (x, y) in pos.items()}  # layout y is up; rows go down
    concepts = [n for n in H if not _is_paper(H.nodes[n])]
    papers = [n for n in H if _is_paper(H.nodes[n])]
    payload = _payload(H, concepts, papers, list(H.edges(data=True)), pos, show=("map", "paper", "rare"),
                       highlight=[paths[0][0], paths[0][-1]] if paths else (), note=note, all_labels=True,
                       edge_labels=True, label_offsets=offsets, context=G)
    ids = payload.pop("ids")
    payload["paths"] = [[ids[n] for n in p] for p in paths]
    Path(path).write_text(_render(title, payload), encoding="utf-8")
