"""Relation edges: what the abstracts say about how two concepts relate.

:func:`add_relations` turns the relations extracted from each paper
(:mod:`kgraph.relations`) into concept-concept edges of ``kind="relation"``:

* ``relation``: the type stated by most papers (ties: the higher summed confidence);
* ``head`` and ``tail``: the node ids, in the direction the type reads
  ("head used_for tail");
* ``weight``: the number of papers stating that relation;
* ``evidence``: JSON, a list of ``{"paper", "sentence", "relation", "head"}``
  objects (one per paper and statement, at most :data:`MAX_EVIDENCE`);
  ``evidence_papers``: all those papers' ids, ``|``-joined;
* on ``hyponym_of`` edges, ``narrower`` (the head) and ``broader`` (the
  tail), as on the concept hierarchy's ``broader`` edges, so the hierarchy
  queries (:func:`kgraph.query.broader_terms`) follow them; where the
  hierarchy already joins the pair, its direction stays, and a statement
  read the other way round is read in its direction.

The graph keeps one edge per node pair: a relation is the strongest kind,
so on a pair that already has a co-occurrence or ``broader`` edge the edge
becomes a relation edge and keeps the other's attributes (its count
becomes ``cooccurrence``).

A relation's arguments are matched to concepts through the paper's own
mention edges: an argument is the concept, among those the paper mentions,
whose label, alias or short form has the argument's key (else one its
mention edge was folded into, ``via``). Arguments that
are no concept of the graph (a dropped generic term) leave the relation out.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from typing import Sequence

import networkx as nx

from .canon import concept_key, strip_parentheticals
from .names import is_language
from .terms import clean_term

__all__ = ["add_relations", "relations_of", "relation_phrase", "MAX_EVIDENCE"]

#: Evidence sentences kept per edge.
MAX_EVIDENCE = 5


def _paper_index(G: nx.Graph, paper_id: str) -> dict[str, str]:
    """Key of every label, alias and short form of the concepts ``paper_id`` mentions -> concept node."""
    index: dict[str, str] = {}
    if paper_id not in G:
        return index
    for node, data in G[paper_id].items():
        if data.get("kind") != "mention":
            continue
        attrs = G.nodes[node]
        names = [attrs.get("label", "")] + str(attrs.get("aliases", "")).split("|") + [attrs.get("short_form") or ""]
        for name in names:
            key = concept_key(name) if name else ""
            if key:
                index.setdefault(key, node)
    # mentions of a term that is no node of its own link to its broader terms ("via"); use them last, the term
    # its head names first: "entropy-based data selection strategy" is a data selection, not an entropy
    folded: dict[str, list[str]] = defaultdict(list)
    for node, data in G[paper_id].items():
        if data.get("kind") == "mention" and data.get("via"):
            for name in str(data["via"]).split("|"):
                key = concept_key(strip_parentheticals(name))
                if key and key not in index:
                    folded[key].append(node)
    for key, nodes in folded.items():
        index[key] = max(nodes, key=lambda n: (key.endswith(concept_key(str(G.nodes[n].get("label", "")))),
                                                -nodes.index(n)))
    return index


#: What stands between two items of one list: other items (with their short forms), commas, a last "and" or
#: "or" ("LSTM-GMM, Implicit Behavioral Cloning (IBC) and Behavior Transformers"); never "such as", "including"
#: or "and other", which make the one a kind of the other.
_ITEM = r"[^,;:.()]{1,60}?(?:\s*\([^()]{1,40}\))?"
_BETWEEN_ITEMS = re.compile(rf"\s*(?:\([^()]{{1,40}}\)\s*)?(?:,\s*(?:{_ITEM}\s*,\s*)*(?:(?:{_ITEM}\s*,?\s+)?(?:and|or)\s+)?"
                            r"|,?\s*(?:and|or)\s+)")
_HYPONYM_CUE = re.compile(r"\b(?:such as|including|includes?|e\.g\.|i\.e\.|namely|viz|for (?:example|instance)|"
                          r"(?:in )?particular(?:ly)?|especially|like|other|is|are|as)\b", re.I)


def _listed_together(text: str, a, b) -> bool:
    """True when mentions ``a`` and ``b`` are items of one list in ``text``, siblings rather than one a kind of
    the other.

    >>> from kgraph.types import Mention
    >>> t = "Baselines include LSTM-GMM, Implicit Behavioral Cloning (IBC) and Behavior Transformers (BET)."
    >>> m = lambda s: Mention(s, t.index(s), t.index(s) + len(s), "method")
    >>> _listed_together(t, m("LSTM-GMM"), m("Behavior Transformers"))
    True
    >>> t = "Transformer-based models such as FEDformer, Autoformer and Informer fail."
    >>> _listed_together(t, m("Informer"), m("Transformer-based models"))
    False
    """
    first, second = sorted((a, b), key=lambda m: m.start_char)
    between = text[first.end_char:second.start_char]
    return (first.end_char <= second.start_char and _BETWEEN_ITEMS.fullmatch(between) is not None
            and not _HYPONYM_CUE.search(between))


def _node_of(index: dict[str, str], mention) -> str | None:
    bare = strip_parentheticals(mention.text)
    for form in (mention.long_form, mention.text, bare, clean_term(bare), mention.short_form):
        if form:
            node = index.get(concept_key(form))
            if node:
                return node
    return None


def _hierarchy_direction(by_type: dict, narrower: str, broader: str) -> dict:
    """``hyponym_of`` statements read in the direction of the hierarchy already joining their pair.

    The classifier reads the type of a pair better than its direction: on "Variational autoencoders are
    generative models" it may say generative models are a kind of VAEs, which the concept hierarchy
    (the thesaurus, or the words of "dynamic regret bound") says the other way round.
    """
    out: dict = defaultdict(dict)
    for (rel, head, tail), statements in by_type.items():
        if rel == "hyponym_of" and head == broader:
            head, tail = narrower, broader
        merged = out[(rel, head, tail)]
        for paper, (confidence, sentence) in statements.items():
            if paper not in merged or confidence > merged[paper][0]:
                merged[paper] = (confidence, sentence)
    return out


def add_relations(G: nx.Graph, papers: Sequence, relations: Sequence[Sequence]) -> int:
    """Add relation edges to ``G`` from ``relations[i]``, the relations extracted from ``papers[i]``.

    Returns the number of relation edges.
    """
    if len(papers) != len(relations):
        raise ValueError(f"{len(papers)} papers but {len(relations)} relation lists")
    # (pair) -> (type, head, tail) -> {paper: (confidence, sentence)}
    facts: dict[tuple[str, str], dict[tuple[str, str, str], dict[str, tuple[float, str]]]] = defaultdict(
        lambda: defaultdict(dict))
    for paper, rels in zip(papers, relations):
        if not rels:
            continue
        index = _paper_index(G, paper.id)
        for r in rels:
            head, tail = _node_of(index, r.head), _node_of(index, r.tail)
            if head is None or tail is None or head == tail:
                continue
            kind = r.type
            if kind == "hyponym_of" and _listed_together(paper.abstract, r.head, r.tail):
                kind = "conjunction"  # "Baselines include LSTM-GMM, IBC and Behavior Transformers": siblings
            statements = facts[tuple(sorted((head, tail)))][(kind, head, tail)]
            if paper.id not in statements or r.confidence > statements[paper.id][0]:
                statements[paper.id] = (r.confidence, r.evidence)
    for (a, b), by_type in sorted(facts.items()):
        hierarchy = G.edges[a, b] if G.has_edge(a, b) else {}
        if hierarchy.get("broader"):
            by_type = _hierarchy_direction(by_type, hierarchy["narrower"], hierarchy["broader"])
        ranked = sorted(by_type.items(), key=lambda kv: (-len(kv[1]), -sum(c for c, _ in kv[1].values()), kv[0]))
        (rel, head, tail), stated = ranked[0]
        evidence = [{"paper": p, "sentence": s, "relation": t, "head": h}
                    for (t, h, _), st in ranked for p, (_, s) in sorted(st.items())]
        attrs = {"kind": "relation", "relation": rel, "head": head, "tail": tail, "weight": len(stated),
                 "evidence": json.dumps(evidence[:MAX_EVIDENCE], ensure_ascii=False),
                 "evidence_papers": "|".join(sorted({e["paper"] for e in evidence}))}
        # a language is no kind of a model or task: "language modeling tasks (Arabic and Turkish)" are tasks in
        # those languages (the statement stays a relation; the hierarchy does not take it)
        hierarchy_ok = not (is_language(str(G.nodes[head].get("label", "")))
                            and not is_language(str(G.nodes[tail].get("label", ""))))
        if G.has_edge(a, b):
            old = G.edges[a, b]
            if rel == "hyponym_of" and "broader" not in old and hierarchy_ok:
                attrs.update(narrower=head, broader=tail, sense=_sense(G, head, tail))
            if old.get("kind") == "cooccurrence":
                old["cooccurrence"] = old.get("weight")
            old.update(attrs)
        else:
            if rel == "hyponym_of" and hierarchy_ok:
                attrs.update(narrower=head, broader=tail, sense=_sense(G, head, tail))
            G.add_edge(a, b, **attrs)
    return len(facts)


#: Kinds one of which may be a kind of the other: a method of a task or a property (conformal prediction of
#: uncertainty quantification); any other two differ as a part or subject differs from what holds it.
_KIND_OF_OTHER = {("method", "task"), ("method", "concept")}


def _sense(G: nx.Graph, narrower: str, broader: str) -> str:
    """A hierarchy edge's sense by its ends' kinds: "kind", or "within" where the narrower term can be no kind of
    the broader ("CHiME-6 is a speech recognition benchmark": a data set within a task)."""
    kinds = (G.nodes[narrower].get("kind"), G.nodes[broader].get("kind"))
    return "kind" if kinds[0] == kinds[1] or kinds in _KIND_OF_OTHER else "within"


def relation_phrase(G: nx.Graph, u: str, v: str) -> str | None:
    """The relation edge between ``u`` and ``v`` in words ("Mamba --used_for--> language modeling (2 papers)")."""
    data = G.edges[u, v] if G.has_edge(u, v) else None
    if not data or data.get("kind") != "relation":
        return None
    label = lambda n: str(G.nodes[n].get("label", n))  # noqa: E731
    n = int(data.get("weight", 1))
    return f"{label(data['head'])} --{data['relation']}--> {label(data['tail'])} ({n} paper{'s' if n != 1 else ''})"


def relations_of(G: nx.Graph, node: str, type: str | None = None) -> list[dict]:
    """Relation edges at ``node``, most papers first: head, relation, tail (labels and ids), papers, evidence."""
    out = []
    for other, data in G[node].items():
        if data.get("kind") != "relation" or (type is not None and data.get("relation") != type):
            continue
        try:
            evidence = json.loads(data.get("evidence") or "[]")
        except ValueError:
            evidence = []
        out.append({
            "head": str(G.nodes[data["head"]].get("label", data["head"])), "relation": data["relation"],
            "tail": str(G.nodes[data["tail"]].get("label", data["tail"])), "papers": int(data.get("weight", 1)),
            "head_id": data["head"], "tail_id": data["tail"], "text": relation_phrase(G, node, other),
            "evidence": evidence,
        })
    out.sort(key=lambda r: (-r["papers"], r["relation"], r["head"], r["tail"]))
    return out
