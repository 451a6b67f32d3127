"""Query stage: find concepts and papers, neighbourhoods, related papers, paths, rankings, trends.

Every query is a function of a kgraph graph ``G`` (built, or loaded from
GraphML or JSON); :class:`kgraph.KnowledgeGraph` offers them as methods.
"How many" is always ``limit``.

Lookups use indexes (names to concepts, PageRank) kept per graph and rebuilt
when nodes or edges are added or removed; a name found in the index is
checked against the node before it is returned, and a name missing from it
rebuilds the index once before the fuzzy search, so an edit to the graph is
always seen.
"""

from __future__ import annotations

import math
import re
import weakref
from collections import Counter, defaultdict
from itertools import islice
from typing import Callable, Iterable, Literal, TypeVar

import networkx as nx

from .canon import _singular, concept_key
from .community import community_labels  # a community's label: kept beside the partition, shared with the map
from .errors import ConceptNotFound, PaperNotFound, SettingError
from .sources import norm_arxiv_id, norm_doi
from .types import KINDS, ROLES
from .years import trends  # rising and fading concepts; it lives beside the year attributes it shares code with

__all__ = [
    "find_concept", "find_paper", "find", "search", "neighbourhood", "relations", "papers_about", "concepts_of", "written",
    "in_passing", "related_papers", "paths",
    "top_concepts", "community_labels", "papers", "summary", "broader_terms", "narrower_terms", "trends",
    "FUZZY_MIN_SCORE", "SUGGEST_MIN_SCORE",
]

#: rapidfuzz WRatio (0-100) a near spelling needs to count as the name ("continual lerning"); below it
#: the lookup fails and lists the closest names instead of guessing.
FUZZY_MIN_SCORE = 92
#: Names shorter than this are never matched fuzzily: "CL" is one edit away from "RL".
FUZZY_MIN_LENGTH = 4
#: Closest names a failed lookup suggests.
SUGGESTIONS = 5
#: rapidfuzz ratio (of whole strings) a name needs to be suggested at all: below it a failed lookup says
#: nothing is close ("quantum chromodynamics" had been offered DANA and Branch-and-Cut, which WRatio's partial
#: matches scored 60-86).
SUGGEST_MIN_SCORE = 60
#: Search scores, by how a name matched (see :func:`search`); papers rank below every concept match.
SEARCH_EXACT, SEARCH_WORDS, SEARCH_PREFIX, SEARCH_NEAR = 100.0, 90.0, 80.0, 70.0
SEARCH_TITLE_SCORE, SEARCH_ABSTRACT_SCORE = 60.0, 50.0
#: rapidfuzz ratio (0-100) of a whole name that counts as a near spelling in search.
SEARCH_NEAR_RATIO = 88
#: Extra cost of a path step into a concept mentioned by every paper (scaled down for rarer ones):
#: under one hop, so it only orders paths of equal length.
COMMON_STEP_COST = 0.5
#: How much repeated mentions raise a shared concept's weight in related_papers (0: not at all).
SALIENCE = 0.5
#: What a concept adds to related_papers when only one of the two papers is about it, the other naming it
#: in passing (as a test bed or a yardstick); one both papers name only in passing adds nothing.
PASSING_SHARE = 0.5
#: What a broader term adds to related_papers when the two papers reach it through a more specific term they
#: share (it says that term again: CLIP's vision-language models and contrastive learning).
ABOVE_SHARED = 0.5
#: Extra cost of a path step along a link the paper names only in passing: paths go through what papers are about.
PASSING_STEP_COST = 1.0
#: Papers a "several papers match" error lists.
SHOWN_MATCHES = 8

T = TypeVar("T")
_INDEXES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _stamp(G: nx.Graph) -> tuple[int, int]:
    return G.number_of_nodes(), G.number_of_edges()


def _index(G: nx.Graph, name: str, make: Callable[[nx.Graph], T], *, fresh: bool = False) -> T:
    """``make(G)``, kept until nodes or edges are added or removed (or ``fresh`` asks for a rebuild)."""
    per_graph = _INDEXES.setdefault(G, {})
    stamp = _stamp(G)
    hit = per_graph.get(name)
    if fresh or hit is None or hit[0] != stamp:
        hit = per_graph[name] = (stamp, make(G))
    return hit[1]


def _forms(n: str, d: dict) -> set[str]:
    """The lookup keys of a concept node: its label, short form and aliases, lower-cased and as keys."""
    forms = [d.get("label", ""), d.get("short_form", "")]
    forms += str(d.get("aliases", "")).split("|")
    return {key for form in forms for key in (str(form).lower(), concept_key(str(form))) if key}


def _make_names(G: nx.Graph) -> tuple[dict[str, str], dict[str, list[str]]]:
    """Lookup key -> concept node, a key several concepts hold going to the most-mentioned; and the keys several
    concepts hold that none is labelled by -> those concepts ("DRL" of disentangled representation learning and
    of deep reinforcement learning), which a lookup names rather than picks."""
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    holders: dict[str, list[str]] = defaultdict(list)
    labelled: set[str] = set()
    for n, d in G.nodes(data=True):
        if d.get("kind") == "paper":
            continue
        for key in _forms(n, d):
            holders[key].append(n)
            if key not in names or d.get("papers", 0) > counts[key]:
                names[key] = n
                counts[key] = d.get("papers", 0)
        label = str(d.get("label", ""))
        labelled.update(k for k in (label.lower(), concept_key(label)) if k)
    return names, {key: nodes for key, nodes in holders.items() if len(nodes) > 1 and key not in labelled}


def _via(d: dict) -> list[str]:
    """The words a mention edge came by where they are not the concept's name (its ``via``, "|"-separated)."""
    return [w for w in str(d.get("via") or "").split("|") if w]


def written(G: nx.Graph, paper: str, concept: str) -> list[str]:
    """The abstract's words a paper's link to a concept came by, where they are not the concept's name
    ("nonparametric function estimation" for regression); empty when the name itself, or when not linked."""
    source, term = find_paper(G, paper), find_concept(G, concept)
    return _via(G.edges[source, term]) if G.has_edge(source, term) else []


def in_passing(G: nx.Graph, paper: str, concept: str) -> bool:
    """True when a paper names a concept only in passing: every place its abstract writes it is a test bed or a
    yardstick ("experiments on image classification", "outperforming compressed sensing"); the mention edge's
    ``passing``. Such a link is listed (last) but joins the paper to no other as a topic. False also when the
    paper has no link to the concept itself (none at all, or only through a narrower term: ask of that term)."""
    source, term = find_paper(G, paper), find_concept(G, concept)
    return bool(G.edges[source, term].get("passing")) if G.has_edge(source, term) else False


def _make_written(G: nx.Graph) -> dict[str, str]:
    """Lookup key -> concept, from the words papers wrote that linked them to it (a mention edge's ``via``:
    "catastrophic forgetting" for continual learning); a key several concepts share goes to the one with most papers."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for u, v, d in G.edges(data=True):
        if d.get("kind") == "mention" and d.get("via"):
            concept = v if _is_paper(G, u) else u
            for form in _via(d):
                for key in {form.lower().strip(), concept_key(form)} - {""}:
                    votes[key][concept] += 1
    return {key: counts.most_common(1)[0][0] for key, counts in votes.items()}


def _is_concept(G: nx.Graph, n: str) -> bool:
    return n in G and G.nodes[n].get("kind") != "paper"


def _is_paper(G: nx.Graph, n: str) -> bool:
    return n in G and G.nodes[n].get("kind") == "paper"


def _hierarchy_step(G: nx.Graph, c: str, up: bool) -> list[str]:
    """The concepts one ``broader`` edge above (``up``) or below ``c``."""
    end, other = ("narrower", "broader") if up else ("broader", "narrower")
    return [d[other] for d in (G.edges[c, nb] for nb in G[c]) if "broader" in d and d.get(end) == c]


def broader_terms(G: nx.Graph, concept: str) -> list[str]:
    """All terms above ``concept`` in the hierarchy (nearest first)."""
    return _closure(G, concept, up=True)


def narrower_terms(G: nx.Graph, concept: str) -> list[str]:
    """All terms below ``concept`` in the hierarchy (nearest first)."""
    return _closure(G, concept, up=False)


def _closure(G: nx.Graph, c: str, *, up: bool) -> list[str]:
    seen, queue, out = {c}, [c], []
    while queue:
        nxt = []
        for x in queue:
            for y in sorted(_hierarchy_step(G, x, up)):
                if y not in seen:
                    seen.add(y)
                    out.append(y)
                    nxt.append(y)
        queue = nxt
    return out


# --- finding nodes ----------------------------------------------------------


def find_concept(G: nx.Graph, name: str) -> str:
    """The concept node for a name, alias or abbreviation, else for the words papers wrote for it.

    In that order: a name, alias or short form of a node; the words a paper
    wrote that linked it to a concept (an edge's ``via``: "catastrophic
    forgetting" for continual learning); a synonym the thesaurus knows
    ("lifelong learning"); the whole words of one concept's name ("ensemble"
    of ensemble learning); a near spelling of a whole name ("continual
    lerning"). A name several concepts hold as whole words ("bandits" of GP
    bandits and Lipschitz bandits) is no guess: they head the suggestions.

    Raises
    ------
    ConceptNotFound
        When nothing is close enough; the message lists the closest names.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We train graph neural networks (GNNs) on molecules.",
    ...                        "GNNs predict the properties of proteins."]).graph
    >>> find_concept(G, "GNNs") == find_concept(G, "graph neural network")
    True
    >>> find_concept(G, "quantum toasters")
    Traceback (most recent call last):
    ...
    kgraph.errors.ConceptNotFound: no concept 'quantum toasters'; no concept's name is close
    >>> find_concept(G, "graph neural nets and more")
    Traceback (most recent call last):
    ...
    kgraph.errors.ConceptNotFound: no concept 'graph neural nets and more'; closest: graph neural networks
    """
    if _is_concept(G, name):
        return name
    if _is_paper(G, name):
        raise ConceptNotFound(name, [], f"; it is a paper: `kgraph query paper {name}` (kg.concepts_of) lists its concepts")
    keys = [k for k in (name.lower().strip(), concept_key(name)) if k]
    names, shared = _index(G, "names", _make_names)
    for key in keys:  # a short form two concepts were defined by is no guess
        if key in shared:
            labels = [G.nodes[n].get("label", n) for n in shared[key]]
            raise ConceptNotFound(name, labels, f"; it names {len(labels)} concepts: {', '.join(labels)}")
    for fresh in (False, True):
        if fresh:
            names, _ = _index(G, "names", _make_names, fresh=True)
        for key in keys:
            node = names.get(key)
            if node is not None and _is_concept(G, node) and key in _forms(node, G.nodes[node]):
                return node
    by_words = _index(G, "written", _make_written)
    for key in keys:  # the words a paper wrote for it: "catastrophic forgetting" links LEAR to continual learning
        if _is_concept(G, by_words.get(key, "")):
            return by_words[key]
    from .thesaurus import thesaurus

    th = thesaurus()
    # a thesaurus topic's node, by any name of the topic the node goes by ("Gaussian splatting" is the node
    # labelled "3D Gaussian Splatting")
    node_of = {}
    for key, topic in th.topics.items():
        node = next((names[k] for k in (key, *map(concept_key, topic.names)) if _is_concept(G, names.get(k, ""))), None)
        if node is not None:
            node_of[key] = node
    topic = th.topic(name)  # a synonym the thesaurus knows: "lifelong learning" is continual learning
    if topic in node_of:
        return node_of[topic]
    # whole words of one concept's name only ("ensemble" of ensemble learning); of several ("bandits" of GP
    # bandits and Lipschitz bandits), no guess: they are the suggestions
    hits = [n for n, score in search(G, name, limit=2 * SUGGESTIONS) if _is_concept(G, n) and score >= SEARCH_WORDS]
    if len(hits) == 1:
        return hits[0]
    from rapidfuzz import fuzz, process

    # a near spelling of a whole name ("continual lerning"), or of a synonym the thesaurus knows of a concept
    # ("gausian splatting" of 3D Gaussian Splatting), never a part of several ("bandits")
    known = {syn: node_of[key] for syn, key in th.names.items() if key in node_of}
    known.update(names)
    near = process.extract(name.lower(), list(known), scorer=fuzz.ratio, limit=2)
    if (not hits and near and near[0][1] >= FUZZY_MIN_SCORE and len(name) >= FUZZY_MIN_LENGTH
            and (len(near) < 2 or known[near[1][0]] == known[near[0][0]] or near[1][1] < near[0][1])):
        return known[near[0][0]]
    labels = [G.nodes[n].get("label", n) for n in hits]
    for key, *_ in process.extract(name.lower(), list(names), scorer=fuzz.ratio, limit=2 * SUGGESTIONS,
                                   score_cutoff=SUGGEST_MIN_SCORE):
        label = G.nodes[names[key]].get("label", key)
        if label not in labels:
            labels.append(label)
    # words papers write that made no concept of their own (one paper's phrase): say so, so that the closest
    # names are not taken for it ("state space models" in a corpus of ten papers is no "language models")
    written = 0 if hits else _written_in(G, name)  # (a word of several concepts' names: those are the answer)
    hint = ""
    if written:
        hint = (f"; {_count(written, 'paper')} write{'s' * (written == 1)} it, but it is no concept of its own "
                f"(kgraph query search {name!r} lists {'it' if written == 1 else 'them'})")
        hint += f"; closest: {', '.join(labels[:SUGGESTIONS])}" if labels else ""
    raise ConceptNotFound(name, labels[:SUGGESTIONS], hint)


def _written_in(G: nx.Graph, name: str) -> int:
    """How many abstracts write ``name`` as whole words (any case, hyphen or space between words, plural -s)."""
    words = [re.escape(w) for w in re.findall(r"\w+", name)]
    if not words:
        return 0
    if len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]  # ("transformers" where a paper writes "transformer")
    pattern = re.compile(r"(?<!\w)" + r"[\s\-]+".join(words) + r"(?:e?s)?(?!\w)", re.I)
    return sum(1 for _, d in G.nodes(data=True) if d.get("kind") == "paper" and pattern.search(str(d.get("abstract", ""))))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def find_paper(G: nx.Graph, ref: str) -> str:
    """A paper node from its id (``paper:…``, a given record id, a DOI or an arXiv id) or a fragment of its label or abstract.

    A fragment must match exactly one paper; otherwise :class:`~kgraph.PaperNotFound`
    lists the candidates.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a method for continual learning.",
    ...                        "We study continual learning in robots."]).graph
    >>> G.nodes[find_paper(G, "in robots")]["abstract"]
    'We study continual learning in robots.'
    >>> find_paper(G, "continual learning")
    Traceback (most recent call last):
    ...
    kgraph.errors.PaperNotFound: 2 papers match 'continual learning': ...
    """
    if _is_paper(G, ref):
        return ref
    if not ref.strip():
        raise PaperNotFound("empty paper reference")  # (no paper without a record id is "")
    papers = [(n, d) for n, d in G.nodes(data=True) if d.get("kind") == "paper"]
    doi, arxiv_id = norm_doi(ref), norm_arxiv_id(ref)
    for n, d in papers:
        if (str(d.get("record_id", "")) == ref or n == f"paper:{ref}" or doi and d.get("doi") == doi
                or arxiv_id and (d.get("arxiv_id") == arxiv_id
                                 # (a record whose own id is an arXiv id: "arXiv:2603.24651v2" of id "2603.24651")
                                 or norm_arxiv_id(str(d.get("record_id", ""))) == arxiv_id)):
            return n
    needle = re.sub(r"\s+", " ", ref).strip().lower()
    if not needle:
        raise PaperNotFound("empty paper reference")
    hits = [n for n, d in papers
            if needle in str(d.get("label", "")).lower() or needle in str(d.get("abstract", "")).lower()]
    if len(hits) > 1:  # the one label it starts ("LEAR: Learning Expandable ..."), else those holding it as words
        label = {n: str(G.nodes[n].get("label", "")).lower() for n in hits}
        whole = re.compile(r"(?<!\w)" + re.escape(needle) + r"(?!\w)")
        starts = [n for n in hits if label[n].startswith(needle)]
        words = [n for n in hits if whole.search(label[n]) or whole.search(str(G.nodes[n].get("abstract", "")).lower())]
        hits = starts if len(starts) == 1 else words or hits  # ("LEAR", never inside "learning")
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise PaperNotFound(f"no paper matches {ref!r}")
    shown = [f"{n} ({G.nodes[n].get('label', '')})" for n in hits[:SHOWN_MATCHES]]
    more = " …" if len(hits) > SHOWN_MATCHES else ""
    raise PaperNotFound(f"{len(hits)} papers match {ref!r}: " + "; ".join(shown) + more, hits)


def find(G: nx.Graph, ref: str) -> str:
    """A node for ``ref``: a paper id or unique fragment, else a concept name."""
    if ref.startswith("paper:") or _is_paper(G, ref):
        return find_paper(G, ref)
    try:
        return find_concept(G, ref)
    except ConceptNotFound as not_concept:
        try:
            return find_paper(G, ref)
        except PaperNotFound as err:
            if err.candidates:
                raise
            raise not_concept from None


def search(G: nx.Graph, text: str, *, limit: int = 10) -> list[tuple[str, float]]:
    """Concepts and papers that match ``text``, best first, as ``(node, score)``; empty when none does (an empty
    ``text`` is a :class:`kgraph.SettingError`).

    Scores say how a concept matched: 100 its label, an alias or its short
    form exactly (any case, or as a spelling variant), or a synonym the
    thesaurus gives it ("RL" for reinforcement learning); 90 all words of
    ``text`` as whole words of a name ("diffusion" in "diffusion models",
    never in "fusion"); 80 a prefix of its words ("diff"); 70 a near
    spelling of a whole name ("difusion models"). A query of
    :data:`FUZZY_MIN_LENGTH` characters or fewer, or in capitals (an
    abbreviation such as "RL"), matches whole words only. Papers follow: 60
    when their label holds ``text`` as whole words, 50 their abstract.
    Within a score, concepts with more papers come first.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We study model collapse in diffusion models trained on generated images.",
    ...                        "Diffusion models generate high-quality images from text prompts."]).graph
    >>> [(G.nodes[n]["label"], score) for n, score in search(G, "diffusion model", limit=1)]
    [('diffusion models', 100.0)]
    >>> [(G.nodes[n]["label"], score) for n, score in search(G, "diffusion", limit=1)]
    [('diffusion models', 90.0)]
    >>> search(G, "fusion")
    []
    """
    _check_limit(limit)
    needle = re.sub(r"\s+", " ", text).strip()
    if not needle:
        raise SettingError("nothing to search for: the text is empty")
    low, key = needle.lower(), concept_key(needle)
    words = _words(low)
    abbreviation = len(needle) <= FUZZY_MIN_LENGTH or needle.isupper()
    # the last word in either number: "graph neural networks" finds "Inceptive Graph Neural Network"
    stems = [*words[:-1], _singular(words[-1])] if words else []
    whole = re.compile(r"(?<![\w-])" + r"[\s-]+".join(re.escape(w) for w in stems) + r"(?:e?s)?(?![\w-])") if words else None
    prefix = re.compile(r"(?<![\w-])" + r"\w*[\s-]+".join(re.escape(w) for w in words)) if words else None
    from rapidfuzz import fuzz

    from .thesaurus import thesaurus

    topic = thesaurus().topic(needle)  # a synonym the thesaurus knows is exact too: "RL", "lifelong learning"
    seen: dict[str, float] = {}
    for n, d in G.nodes(data=True):
        if d.get("kind") == "paper":
            continue
        forms = [str(d.get("label", "")), str(d.get("short_form", "")), *str(d.get("aliases", "")).split("|")]
        forms = [f for f in forms if f]
        score = 0.0
        for form in forms:
            f = form.lower()
            if f == low or concept_key(form) == key or topic is not None and concept_key(form) == topic:
                score = SEARCH_EXACT
                break
            if whole and whole.search(f):
                score = max(score, SEARCH_WORDS)
            elif not abbreviation and prefix and prefix.search(f):
                score = max(score, SEARCH_PREFIX)
            elif not abbreviation and fuzz.ratio(low, f) >= SEARCH_NEAR_RATIO:
                score = max(score, SEARCH_NEAR)
        if score:
            seen[n] = score
    if whole:
        for n, d in G.nodes(data=True):
            if d.get("kind") == "paper":
                if whole.search(str(d.get("label", "")).lower()):
                    seen[n] = SEARCH_TITLE_SCORE
                elif whole.search(str(d.get("abstract", "")).lower()):
                    seen[n] = SEARCH_ABSTRACT_SCORE

    def reach(n: str) -> int:
        return -int(G.nodes[n].get("papers_total", G.nodes[n].get("papers", 0)))

    ranked = sorted(seen.items(), key=lambda kv: (-kv[1], _is_paper(G, kv[0]), reach(kv[0]), kv[0]))
    return ranked[:limit]


def _words(text: str) -> list[str]:
    return re.findall(r"[\w+#]+", text)


# --- exploring --------------------------------------------------------------


def neighbourhood(G: nx.Graph, concept: str, *, depth: int = 1, kinds: Iterable[str] | None = None) -> nx.Graph:
    """The subgraph (a copy) within ``depth`` hops of a concept, optionally only nodes of some ``kinds``.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> sub = neighbourhood(G, "catastrophic forgetting", kinds=["paper"])
    >>> sorted(k for _, k in sub.nodes(data="kind"))
    ['concept', 'paper', 'paper']
    """
    if depth < 1:
        raise SettingError(f"depth = {depth} is invalid; it must be at least 1")
    center = find_concept(G, concept)
    keep = set(nx.ego_graph(G, center, radius=depth))
    for narrow in narrower_terms(G, center):  # a term's neighbourhood holds its narrower terms' papers
        keep.add(narrow)
        keep.update(nb for nb in G[narrow] if _is_paper(G, nb))
    sub = G.subgraph(keep)
    if kinds is not None:
        kinds = set(kinds)
        sub = sub.subgraph([n for n, k in sub.nodes(data="kind") if k in kinds or n == center])
    return sub.copy()


def relations(G: nx.Graph, concept: str, *, type: str | None = None) -> list[dict]:
    """Typed relations of a concept stated in the abstracts, most papers first, with their evidence.

    Each is a dict: ``head``, ``relation``, ``tail`` (labels; ``head_id``
    and ``tail_id`` the nodes), ``papers``, ``text`` (the relation in words,
    "Mamba --used_for--> language modeling (2 papers)") and ``evidence``
    (``paper`` and ``sentence`` of up to five statements). ``type`` keeps
    one relation type (:data:`kgraph.relations.RELATION_TYPES`).
    """
    from .relation_edges import relations_of
    from .relations import RELATION_TYPES

    if type is not None and type not in RELATION_TYPES:
        raise SettingError(f"relation type {type!r} is unknown; use one of {', '.join(RELATION_TYPES)}")
    return relations_of(G, find_concept(G, concept), type)


def papers_about(G: nx.Graph, concept: str) -> list[tuple[str, int, str, str]]:
    """Papers about a concept, as ``(paper, mentions, relation, through)``.

    ``through`` is the concept the paper mentions: the concept itself, or one
    of its narrower terms ("Lipschitz bandits" for "bandits"). Papers that
    mention the concept itself come first, by role (:data:`kgraph.types.ROLES`),
    then by mentions; then those that mention only narrower terms. Papers
    that name it only in passing (:func:`in_passing`) come after the others
    of their group.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> [relation for _, _, relation, _ in papers_about(G, "LEAR")]
    ['proposes']
    >>> [relation for _, _, relation, _ in papers_about(G, "catastrophic forgetting")]
    ['mentions', 'mentions']
    """
    center = find_concept(G, concept)
    rank = {role: i for i, role in enumerate(ROLES)}
    best: dict[str, tuple] = {}
    for depth, term in enumerate([center, *narrower_terms(G, center)]):
        for nb in G[term]:
            if _is_paper(G, nb) and nb not in best:
                d = G.edges[term, nb]
                relation = str(d.get("relation", "mentions"))
                best[nb] = (depth > 0, bool(d.get("passing")), rank.get(relation, len(ROLES)), -int(d.get("weight", 1)),
                            nb, relation, term)
    ordered = sorted(best.values())
    return [(p, -weight, relation, term) for _, _, _, weight, p, relation, term in ordered]


def concepts_of(G: nx.Graph, paper: str) -> list[tuple[str, int, str, list[str]]]:
    """A paper's concepts, as ``(concept, mentions, relation, written)``: by role (:data:`kgraph.types.ROLES`),
    then by mentions, those it names only in passing (:func:`in_passing`) last; ``written`` holds the abstract's
    words the link came by where they are not the concept's name (the edge's ``via``).

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> [(G.nodes[c]["label"], relation) for c, _, relation, _ in concepts_of(G, "LEAR")][:1]
    [('LEAR', 'proposes')]
    """
    source = find_paper(G, paper)
    rank = {role: i for i, role in enumerate(ROLES)}
    rows = []
    for c, d in G[source].items():
        if _is_concept(G, c) and d.get("kind", "mention") == "mention":
            relation = str(d.get("relation", "mentions"))
            rows.append((bool(d.get("passing")), rank.get(relation, len(ROLES)), -int(d.get("weight", 1)), c, relation,
                         _via(d)))
    return [(c, -weight, relation, words) for _, _, weight, c, relation, words in sorted(rows)]


def related_papers(G: nx.Graph, paper: str, *, limit: int = 10, weights: bool = False) -> list[tuple[str, float, list]]:
    """Papers that share concepts with ``paper``, ranked by Adamic-Adar.

    Each shared concept ``c`` adds ``1 / log(1 + papers(c))``, so rare shared
    concepts count more than common ones, times ``1 + SALIENCE * log(m)``
    where ``m`` is the fewer of the two papers' mentions of it. A paper shares
    the broader terms of what it mentions ("bandits" through "Lipschitz
    bandits"), counted with the papers of all their narrower terms; one the
    two papers reach through a more specific term they share adds
    ``ABOVE_SHARED`` of that (it says the same thing again). A concept
    one of the two papers names only in passing (:func:`in_passing`: a test
    bed, a yardstick) adds ``PASSING_SHARE`` of that; one both name only in
    passing adds nothing: two optimizers tried on image classification are
    not on one topic. Returns
    ``(paper, score, shared_concepts)`` with the shared concepts ordered by
    what they add; with ``weights``, each shared concept comes as
    ``(concept, what it adds)``, so a score can be checked by hand.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning.",
    ...                        "Model collapse occurs when language models are trained on synthetic data."]).graph
    >>> [(G.nodes[p]["abstract"][:14], [G.nodes[c]["label"] for c in shared])
    ...  for p, _, shared in related_papers(G, "CIFAR-100")]
    [('Replay buffers', ['catastrophic forgetting', 'continual learning'])]
    """
    _check_limit(limit)
    source = find_paper(G, paper)
    scores: dict[str, float] = defaultdict(float)
    shared: dict[str, dict[str, float]] = defaultdict(dict)
    mine = _concepts_of(G, source)
    for c, (strength, passing) in mine.items():
        df = int(G.nodes[c].get("papers_total", G.nodes[c].get("papers", 0)))
        if df < 2:
            continue
        idf = 1.0 / math.log(1 + df)
        for other, (other_strength, other_passing) in _papers_of(G, c).items():
            if other != source and not (passing and other_passing):
                # a concept both papers keep coming back to says more than one they name once
                weight = idf * (1.0 + SALIENCE * math.log(min(strength, other_strength)))
                if passing or other_passing:
                    weight *= PASSING_SHARE
                if weight > shared[other].get(c, 0.0):
                    shared[other][c] = weight
    # a broader term the two papers reach through a more specific term they share says it again, and counts
    # ABOVE_SHARED of its weight: two papers on CLIP share vision-language models and contrastive learning through it
    ups = {c: broader_terms(G, c) for c in mine}  # (once per concept of the paper, not per paper sharing it)
    for other, terms in shared.items():
        above = set().union(*(ups[c] for c in terms))
        shared[other] = {c: w * (ABOVE_SHARED if c in above else 1.0) for c, w in terms.items()}
        scores[other] = sum(shared[other].values())
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    order = {p: sorted(shared[p].items(), key=lambda x: (-x[1], x[0])) for p, _ in ranked}
    return [(p, round(s, 4), [(c, round(w, 4)) if weights else c for c, w in order[p]]) for p, s in ranked]


def _strongest(out: dict[str, tuple[int, bool]], key: str, d: dict) -> None:
    """Merge one mention edge into ``out[key]``: (most mentions, named only in passing by every edge)."""
    weight, passing = out.get(key, (0, True))
    out[key] = (max(weight, int(d.get("weight", 1))), passing and bool(d.get("passing")))


def _concepts_of(G: nx.Graph, paper: str) -> dict[str, tuple[int, bool]]:
    """The concepts a paper mentions and their broader terms: (its mentions of each, only in passing)."""
    out: dict[str, tuple[int, bool]] = {}
    for c in G[paper]:
        if _is_concept(G, c) and G.edges[paper, c].get("kind", "mention") == "mention":
            for term in [c, *broader_terms(G, c)]:
                _strongest(out, term, G.edges[paper, c])
    return out


def _papers_of(G: nx.Graph, concept: str) -> dict[str, tuple[int, bool]]:
    """The papers that mention a concept or a narrower term: (their mentions, only in passing)."""
    out: dict[str, tuple[int, bool]] = {}
    for term in [concept, *narrower_terms(G, concept)]:
        for nb in G[term]:
            if _is_paper(G, nb):
                _strongest(out, nb, G.edges[term, nb])
    return out


#: How many shortest paths, per path asked for, :func:`paths` looks through for ones that are no detour of another.
PATH_CANDIDATES = 10


def paths(G: nx.Graph, a: str, b: str, *, limit: int = 3) -> list[list[str]]:
    """Up to ``limit`` shortest paths between two papers or concepts, as lists of node ids.

    Every step goes through a concept: two papers are joined by a concept
    they both mention, two concepts by a paper that mentions both, by
    their co-occurrence edge or by a relation an abstract states. Among paths of equal length, those through
    rarer concepts come first (a step into a concept costs a little more
    the more papers mention it), so the explanation is specific; a step along
    a link the paper names only in passing (:func:`in_passing`) costs one hop
    more, so papers meet through what they are about where they can. A path
    that passes through every node of a shorter one listed (the same path with
    a detour) is left out.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["We propose LEAR, a continual learning method that reduces catastrophic forgetting on CIFAR-100.",
    ...                        "Replay buffers are a common defence against catastrophic forgetting in continual learning."]).graph
    >>> for path in paths(G, "LEAR", "a common defence", limit=2):   # a concept, and a paper by a fragment
    ...     print(" -> ".join(G.nodes[n]["label"][:24] for n in path))
    LEAR -> catastrophic forgetting -> Replay buffers are a com
    LEAR -> continual learning -> Replay buffers are a com

    (The first paper states relations between LEAR and the two terms, so
    the paths step from the concept LEAR straight to them.)
    """
    _check_limit(limit)
    source, target = find(G, a), find(G, b)
    n_papers = max(1, sum(1 for _, kind in G.nodes(data="kind") if kind == "paper"))

    def cost(u, v, d):
        node = v if G.nodes[v].get("kind") != "paper" else u
        return (1.0 + COMMON_STEP_COST * G.nodes[node].get("papers", 1) / n_papers
                + (PASSING_STEP_COST if d.get("passing") else 0.0))

    kept: list[list[str]] = []
    try:
        # a path that holds every node of one already kept is that path with a detour: it explains nothing more
        # (of at most PATH_CANDIDATES * limit candidates, so that a dense graph answers at once)
        for path in islice(nx.shortest_simple_paths(G, source, target, weight=cost), PATH_CANDIDATES * limit):
            if not any(set(k) <= set(path) for k in kept):
                kept.append(list(path))
                if len(kept) == limit:
                    break
    except (nx.NetworkXNoPath, nx.NodeNotFound):
        return []
    return kept


def top_concepts(G: nx.Graph, *, kind: str | None = None, by: Literal["papers", "pagerank"] = "papers",
                 limit: int = 10) -> list[tuple[str, float]]:
    """The ``limit`` leading concepts (optionally of one kind) by papers (with their narrower terms') or PageRank.

    Examples
    --------
    >>> import kgraph
    >>> G = kgraph.from_texts(["Graph neural networks (GNNs) predict molecular properties.",
    ...                        "We train graph neural networks (GNNs) to predict the properties of molecules.",
    ...                        "We propose a graph transformer for molecule property prediction and compare it with GNNs."]).graph
    >>> [(G.nodes[c]["label"], papers) for c, papers in top_concepts(G, kind="method", limit=1)]
    [('graph neural networks', 3.0)]
    """
    _check_limit(limit)
    if by not in ("papers", "pagerank"):
        raise SettingError(f"by = {by!r} is invalid; it must be one of 'papers', 'pagerank'")
    if kind is not None and kind not in KINDS:
        raise SettingError(f"kind = {kind!r} is invalid; it must be one of {', '.join(KINDS)}")
    nodes = [(c, d) for c, d in G.nodes(data=True)
             if d.get("kind") != "paper" and (kind is None or d.get("kind") == kind)]
    if by == "pagerank":
        pr = _index(G, "pagerank", lambda g: nx.pagerank(g, weight="weight"))
        scored = [(c, round(pr.get(c, 0.0), 6)) for c, _ in nodes]
    else:
        scored = [(c, float(d.get("papers_total", d.get("papers", 0)))) for c, d in nodes]
    return sorted(scored, key=lambda x: (-x[1], x[0]))[:limit]


def papers(G: nx.Graph) -> list[str]:
    """The paper nodes, in graph order."""
    return [n for n, k in G.nodes(data="kind") if k == "paper"]


def summary(G: nx.Graph) -> dict:
    """Counts: ``papers``, ``concepts`` per kind, ``edges`` and ``edge_kinds`` (edges per kind)."""
    kinds = Counter(k for _, k in G.nodes(data="kind"))
    edges = Counter(k for *_, k in G.edges(data="kind"))
    return {
        "papers": kinds.get("paper", 0),
        "concepts": {k: kinds.get(k, 0) for k in KINDS},
        "edges": G.number_of_edges(),
        "edge_kinds": dict(edges),
    }


def _check_limit(limit: int) -> None:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise SettingError(f"limit = {limit!r} is invalid; it must be a whole number of at least 1")
