"""Graph stage: papers and concepts in one networkx graph.

Node ids are namespaced XML names: ``paper:<hash of the abstract>`` and
``concept:<key>`` (:func:`concept_id` of :func:`kgraph.canon.concept_key`).
:func:`build_graph` turns mentions into concepts in these steps (the README's
"Concepts" section says why, with the blind reads that shaped them), each in a
module of its own:

1. :mod:`kgraph.mentions`: each mention maps to the term(s) it is about
   (:mod:`kgraph.terms`): an abbreviation stands for its long form, a short
   form whose definitions agree across the corpus resolves everywhere (also
   inside longer terms), surface variants share a key (:mod:`kgraph.merge`);
2. :mod:`kgraph.missed`: named datasets and standard metrics written in an
   abstract are added, and every abstract is read for the corpus's terms the
   tagger missed there; :mod:`kgraph.passing` marks what a paper names only in
   passing (a test bed, a yardstick);
3. :mod:`kgraph.hierarchy` chooses which terms are nodes and their
   ``broader`` terms; a long one-paper phrase links its paper to the terms it
   contains;
4. :mod:`kgraph.kinds`: kinds come from the tagger's vote unless the name or
   head decides; :mod:`kgraph.labels` writes each label as the field does.

Concept-concept edges: ``broader`` (the hierarchy), ``relation`` (typed,
from :mod:`kgraph.relations`) and ``cooccurrence``: papers in which both
concepts occur, scored with normalised PMI, kept when the pair shares at
least ``min_cooccurrence`` papers, has NPMI of at least ``min_npmi`` and is
among the ``max_neighbours`` best of one of its concepts.
"""
from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from typing import Container, Sequence

import networkx as nx

from .canon import _DATASET_HEADS, GENERIC_HEADS, _singular, concept_key, strip_parentheticals
from .community import communities
from .concept import _Concept, _junk, concept_id
from .hierarchy import (
    MAX_LABEL_WORDS,
    _add_topics,
    _adjective_alone,
    _areas,
    _capitalised_inside,
    _has_name,
    _hierarchy,
    _narrowed_topics,
    _topic_names,
    _topic_of,
    _word_at,
    _written_in_lower_case,
)
from .kinds import (
    _ACRONYM_MOVED,
    _BENCHMARK_NAME,
    _DATA_SET_HEADS,
    _called,
    _evaluated_on,
    _introduced_as,
    _kind_by_name,
    _metric_named,
    _named_ours,
    _split_of,
)
from .labels import _NOT_COINED, _lower_case_words, _tail_untitled, _task_untitled, _unsentence, _untitled, paper_label
from .mentions import (
    _as_definition,
    _compact,
    _evaluative_names,
    _expand,
    _find_words,
    _full_long_form,
    _meaning_here,
    _mention_terms,
    _resolve_shorts,
    _task_of_system,
    _whole_words,
)
from .merge import (_merge_coined_initials, _merge_compounds, _merge_initials, _merge_undefined_acronyms,
                    _topic_synonym_nodes, _writes)
from .missed import (_add_listed_names, _add_named, _add_title_topics, _add_topic_names, _find_missed, _problem_names,
                     _read_text)
from .names import DATASET_NAME, METRIC_IN_TEXT, METRIC_KEYS, MODEL_NAME
from .passing import _in_passing, _kept_phrases, _lower, _only_kept, _test_bed_spans, _written_at
from .relation_edges import _KIND_OF_OTHER, add_relations
from .terms import FIELD_GENERIC, LONE_GENERIC, _named, _pos, is_common_word, is_institution, is_junk, is_name, is_vague
from .thesaurus import Thesaurus, thesaurus
from .types import KINDS, ROLES, Mention, Paper
from .years import add_years

__all__ = ["build_graph", "COLORS", "paper_label", "concept_id", "proposed_name", "MIN_COOCCURRENCE", "MIN_NPMI",
           "MAX_NEIGHBOURS"]


#: A concept pair is linked when at least this many papers mention both (one shared paper is chance).
MIN_COOCCURRENCE = 2


#: ... and their normalised PMI is at least this (0: independent; 1: always together).
MIN_NPMI = 0.1


#: ... and the pair is among the best (by NPMI) this many of one of its two concepts, so hubs stay readable.
MAX_NEIGHBOURS = 15


#: Node colours per kind (Gephi reads integer r, g, b attributes).
COLORS = {
    "paper": (140, 140, 140),
    "method": (31, 119, 180),
    "task": (214, 39, 40),
    "dataset": (44, 160, 44),
    "metric": (255, 127, 14),
    "concept": (148, 103, 189),
}


def build_graph(
    papers: Sequence[Paper],
    mentions: Sequence[Sequence[Mention]],
    *,
    min_cooccurrence: int = MIN_COOCCURRENCE,
    min_npmi: float = MIN_NPMI,
    max_neighbours: int = MAX_NEIGHBOURS,
    relations: Sequence[Sequence] | None = None,
    topics: Thesaurus | None = None,
) -> nx.Graph:
    """Build the knowledge graph from papers and their mentions (``mentions[i]`` belongs to ``papers[i]``).

    ``relations[i]``, when given, are the relations extracted from ``papers[i]``
    (:func:`kgraph.relation_edges.add_relations`). ``topics`` is the thesaurus
    (:func:`kgraph.thesaurus.load_thesaurus`; default the shipped one).
    """
    if len(papers) != len(mentions):
        raise ValueError(f"{len(papers)} papers but {len(mentions)} mention lists")
    th = topics or thesaurus()
    mentions = [[_as_definition(_whole_words(m, paper.abstract), th.names) for m in ms]
                for paper, ms in zip(papers, mentions)]
    shorts, same, several = _resolve_shorts(papers, mentions, th.names)
    # per paper, a short form defined several ways in the corpus reads as the paper's own meaning of it
    meanings = [_meaning_here(several, same, paper, ms) if several else {} for paper, ms in zip(papers, mentions)]
    # a short form the corpus defines (one way or several) means what the corpus says, not what the thesaurus does
    # (not a modifier defined alone: "Differentially Private (DP) learning" defines no meaning of its own)
    defined = {key for ms in mentions for m in ms if m.long_form
               and not is_junk(key := concept_key(m.short_form or m.text))}
    synonyms = {name: key for name, key in th.names.items() if name != key and name not in defined}
    # a topic's name written closed or open ("pretraining", "pre-training"; "dataset", "data set")
    closed = {}
    for name, key in th.names.items():
        if name not in defined:
            closed.setdefault(_compact(name), key)
    concepts: dict[str, _Concept] = {}
    # per paper: key -> [mentions, role, the mention texts (a tuple)]
    paper_terms: list[dict[str, list]] = []

    # short forms inside longer terms read as their long forms: "GCA losses", "GNNs heterophily degree"
    expand: dict[str, str] = {}
    for paper, ms in zip(papers, mentions):
        for m in ms:
            short = m.short_form or (m.text if m.long_form else None)
            if short and m.long_form and concept_key(short) in shorts and " " not in short:
                expand.setdefault(short, _full_long_form(m, paper.abstract))
    for short in list(expand):
        expand.setdefault(short + "s", expand[short])
    # a long form with a short form in it is keyed spelt out: nnPU is "non-negative Positive and Unlabeled learning"
    spelt = {concept_key(short): concept_key(long) for short, long in expand.items()}
    for short_key, long_key in shorts.items():
        words = long_key.split()
        if len(words) > 1 and any(w in spelt for w in words):
            shorts[short_key] = " ".join(spelt.get(w, w) for w in words)

    keep = _evaluative_names(th)
    written_keys = {concept_key(m.text) for ms in mentions for m in ms}  # (for heads a coordination shares)
    defined_at: set[tuple[str, str]] = set()  # (paper, key): a short form whose definition was read for its kind
    for paper, ms, meaning in zip(papers, mentions, meanings):
        terms: dict[str, list] = {}
        introduced_here: dict[str, str | None] = {}  # a one-word name -> what its paper calls it
        for m in ms:
            if _cited_author(m, paper.abstract, th.names):
                continue  # "(Bousquet and Elisseeff, 2002)": a citation's author, no concept
            role = m.role if not m.proposed else "proposes"
            short_key = concept_key(m.text)
            long_key = meaning.get(short_key) or shorts.get(short_key)
            if long_key and not m.short_form:
                # a use of a short form defined alike everywhere (here or elsewhere), unless it names an institution
                found = [] if is_institution(long_key) else [(None, True)]
            else:
                found = _mention_terms(m, keep)
            # "parameter-efficient fine-tuning of foundation models": a topic the thesaurus names, of something
            found += [(head, False) for surface, named in found if surface and not named and " of " in surface
                      and (head := surface.split(" of ")[0]) and " " in head and concept_key(head) in th.names]
            if expand:
                found = [(_task_of_system(_expand(surface, expand)) if not named else _expand(surface, expand), named,
                          surface) for surface, named in found]
            else:
                found = [(surface, named, surface) for surface, named in found]
            for surface, named, written in found:
                if surface == m.text and (shared := _ELIDED_HEAD.match(paper.abstract, m.end_char)) and (
                        _singular(shared.group(1)) not in _NO_SHARED_HEADS and "NOUN" in _pos(shared.group(1))
                        and concept_key(f"{surface} {shared.group(1)}") in written_keys):
                    surface = written = f"{surface} {shared.group(1)}"  # "the log-Sobolev or Poincaré inequality":
                    # the head the two share, where the corpus writes the term whole ("a log-Sobolev inequality")
                written_as = surface
                if surface and m.kind == "dataset" and (name := _split_of(surface)) != surface:
                    surface = written = name  # "the GSM8K test set" is GSM8K
                key = long_key if surface is None else concept_key(surface)
                key = same.get(shorts.get(key, key), shorts.get(key, key))  # "NCO model" is NCO
                key = synonyms.get(key, key)  # "uncertainty estimation" is uncertainty quantification
                if key not in th.names and " " in key:
                    key = closed.get(_compact(key), key)  # "Contrastive language-image pretraining" is CLIP
                # "BLEU scores" are BLEU; an acronym's metric said to move is the metric ("FDE reduction")
                key = _metric_named(key, m.kind == "metric" and bool(surface and _ACRONYM_MOVED.fullmatch(surface)))
                if not key:
                    continue
                c = concepts.get(key)
                if c is None:
                    c = concepts[key] = _Concept()
                c.kinds[_compared_kind(m, key, paper.abstract)] += 1
                # (a split's head is its data set's: "NIST05 test set" is no set)
                text = surface if surface and m.kind == "dataset" and surface != written_as else m.text
                text = re.sub(r"\bdata (set)", r"data\1", strip_parentheticals(text))  # ("TAC 2008 data set")
                c.heads[_singular(text.split()[-1].lower()) if text.split() else ""] += 1
                written_name = m.kind in ("dataset", "method") and _capitalised_inside(surface, paper.abstract, m.start_char)
                c.named |= named or written_name
                c.proposed |= role == "proposes"
                if surface is None:
                    c.shorts[strip_parentheticals(m.text)] += 1
                    if m.long_form:  # a use of the short form that says what it stands for: "B&C" of Branch-and-Cut
                        # (with the head its definition wrote after the bracket: "Polyak-Lojasiewicz (PL) condition")
                        full = _full_long_form(m, paper.abstract)
                        c.defined[full if concept_key(full) == key else m.long_form] += 1
                elif surface in expand or concept_key(surface) in shorts:
                    c.shorts[surface] += 1  # "NCO" from "NCO model": the label stays the long form
                else:
                    c.surfaces[surface] += 1
                    if surface != written:
                        c.spelt[surface] = written
                if named and m.short_form:  # the short form goes with what it names, not with a phrase around it
                    c.shorts[m.short_form] += 1
                elif named and m.long_form:
                    c.shorts[strip_parentheticals(m.text)] += 1
                if named and (m.short_form or not m.long_form):  # a definition, or a name, and the words around
                    # it: "CLIPTTA, a test-time adaptation method"
                    # (a name written with a data set's head is a data set: "On the National Lung Screening Trial
                    # (NLST) dataset, our method ..." introduces no method)
                    data_set = (_singular(m.text.rsplit(None, 1)[-1].lower()) in _DATA_SET_HEADS
                                and surface and " " in surface and is_name(surface))
                    introduced = "dataset" if data_set else _introduced_as(paper.abstract, m.start_char, m.end_char)
                    if introduced:
                        c.introduced[introduced] += 1
                    called = _called(paper.abstract, m.end_char)
                    if called:
                        c.called[_expand(called, expand)] += 1
                elif not m.long_form and " " in surface and surface.istitle() and (
                        ours := _named_ours(paper.abstract, m.start_char, m.end_char)):
                    c.introduced[ours] += 1  # "Our method, Consistency Matching, trains ...": what the paper says it is
                elif not m.long_form and " " not in surface and (is_name(surface) or surface.istitle()):
                    # a name the paper uses, with an appositive: "FigConvNet, a factorized implicit global
                    # convolution network" (the tagger, taught that a named resource is Material, said dataset);
                    # or one word, capitalised, that may name a resource ("this strategy, which we call Memento");
                    # where the paper says what it is, wherever it writes it
                    if surface not in introduced_here:  # (once per paper and name, however often it is mentioned)
                        introduced_here[surface] = next(
                            (found for at in _word_at(paper.abstract, surface)
                             if (found := _introduced_as(paper.abstract, at, at + len(surface)))), None)
                    introduced = introduced_here[surface]
                    if introduced is None and (is_name(surface) or written_name) and surface not in _NOT_COINED \
                            and _evaluated_on(paper.abstract, m.start_char, m.end_char):
                        introduced = "dataset"  # what a method is evaluated on: "We evaluate NAViS on TGB"
                    if introduced:
                        c.introduced[introduced] += 1
                elif m.long_form and (paper.id, key) not in defined_at:  # a use of a short form: its definition's
                    # words, where the tagger took no span ("Branch-and-Cut (B&C) being the predominant algorithm")
                    defined_at.add((paper.id, key))
                    at = paper.abstract.find(f"{m.long_form} ({m.text})")
                    introduced = _introduced_as(paper.abstract, at, at + len(m.long_form)) if at >= 0 else None
                    if introduced:
                        c.introduced[introduced] += 1
                c.papers.add(paper.id)
                entry = terms.setdefault(key, [0, "mentions", ()])
                entry[0] += 1
                entry[1] = min(entry[1], role, key=ROLES.index)
                if m.text not in entry[2]:
                    entry[2] += (m.text,)  # the texts as a tuple: a set each took 1 GB at 100,000 papers
        paper_terms.append(terms)

    _merge_compounds(concepts, paper_terms)
    _merge_initials(concepts, paper_terms)
    _merge_coined_initials(concepts, paper_terms)
    _merge_undefined_acronyms(concepts, paper_terms, {concept_key(m.short_form or m.text)
                                                      for ms in mentions for m in ms if m.long_form},
                              {paper.id: paper.abstract for paper in papers})
    texts = [_read_text(paper.abstract) for paper in papers]  # read once for the three text passes
    _add_named(papers, texts, concepts, paper_terms, shorts, several, meanings, synonyms)
    _add_listed_names(papers, texts, concepts, paper_terms, shorts, same, synonyms)
    found_by = _add_topic_names(papers, texts, concepts, paper_terms, th)
    # a phrase the tagger found in one paper is a term of two when another paper writes it too
    _find_missed(papers, texts, {k for k, c in concepts.items() if not is_vague(k) and not _junk(k, c)}, concepts,
                 paper_terms)
    areas = _areas(th)
    _add_title_topics(papers, concepts, paper_terms, th, areas)  # (what the title names: kgraph.missed)
    nodes, broader, fold = _hierarchy(concepts, paper_terms, th, areas, _written_in_lower_case(concepts, texts),
                                      [str(paper.meta.get("title") or "") for paper in papers])
    _topic_synonym_nodes(nodes, broader, fold, concepts, paper_terms, synonyms)
    up = _add_topics(nodes, broader, fold, concepts, th)
    # a topic the thesaurus knows, or a name a paper defines, that leads to no node at all stays a node of its
    # one paper rather than vanish: a small corpus's "vision transformers (ViTs)", "conformal prediction"
    for key, c in concepts.items():
        # a topic one paper names, where the tagger found it, is a node under the topic nodes above it (its paper
        # linked to those alone, a survey's "variational autoencoders" and "generative adversarial networks"
        # were no node of the graph); a topic only a pattern found ("generalize to unseen domains") is not
        if (key not in nodes and not fold.get(key) and key in th.topics and not th.is_area(key) and up.get(key)
                and not c.text_only and c.papers and key not in FIELD_GENERIC and key not in LONE_GENERIC):
            nodes.add(key)
            broader.setdefault(key, []).extend(up[key])  # (its paper keeps its links to those topics too)
            continue
        if (key not in nodes and not fold.get(key) and not up.get(key) and not c.text_only and c.papers
                and (_topic_of(key, th) or c.shorts and " " in key and key not in areas and not _adjective_alone(c))
                and key not in FIELD_GENERIC and key not in LONE_GENERIC and not is_vague(key) and not _junk(key, c)):
            nodes.add(key)
    written_names = frozenset(concept_key(n) for t in th.topics.values() for n in t.names if is_name(n))
    _find_missed(papers, texts, nodes, concepts, paper_terms, lone_words=True, shorts=shorts, synonyms=synonyms,
                 written_names=written_names)
    ids = {key: concept_id(key) for key in nodes}
    kinds = {key: _kind_by_name(key, concepts[key], max(KINDS, key=lambda k: (concepts[key].kinds[k], -KINDS.index(k))))
             for key in nodes}
    topic_kinds = {key: topic.kind for key in nodes
                   if (topic := th.topics.get(th.names.get(key, ""))) is not None and topic.kind != "area"}
    # (broader terms first, so that a narrowing of a narrowing takes the kind its term took, whatever the order
    # of a set: "conformalized quantile regression" after "quantile regression")
    for key in sorted(nodes, key=lambda k: (len(k.split()), k)):
        # one paper's unnamed narrowing of a term is a term of the same kind ("nonsmooth bilevel optimization"
        # is a problem as "bilevel optimization" is), whatever the tagger said in that one paper
        # ("Blended Conditional Gradients", a name the tagger called a concept, is a Frank-Wolfe method, as the
        # thesaurus names that "conditional gradient")
        c = concepts[key]
        written = c.surfaces.most_common(1)[0][0] if c.surfaces else key
        if kinds[key] == "dataset" and (DATASET_NAME.match(written) or _BENCHMARK_NAME.search(written)
                                        or _has_name(c) and _singular(key.split()[-1]) in _DATA_SET_HEADS):
            continue  # a dataset by its name: "Audi Autonomous Driving Dataset" is no kind of autonomous driving,
            # nor the "French Treebank" a kind of treebank that is no data set
        same_head = [b for b in broader.get(key, ()) if b in kinds and any(
            key.endswith(" " + name) for name in (b, *_topic_names(th, b)))]
        # (a capitalised name the tagger read as a method stays one: "Sophia, Second-order Clipped Stochastic
        # Optimization, a ... second-order optimizer" is no problem of stochastic optimization)
        if (len(c.papers) < 2 and (not (c.named or c.shorts or kinds[key] == "method" and _named(written.split()))
                                   or kinds[key] == "concept" and not c.introduced)
                and len(same_head) == 1):
            # (a topic's kind where it narrows the topic's own name: "piecewise normalizing flows" are methods)
            b = same_head[0]
            kinds[key] = topic_kinds[b] if b in topic_kinds and " " in b and key.endswith(" " + b) else kinds[b]
        elif (len(c.papers) < 2 and not (c.named or c.shorts) and not broader.get(key) and key not in th.names
              and not is_name(written)):
            # (and where the topic is no node of this graph: "stochastic convex optimization" is a problem as
            # convex optimization is, in a corpus where no other paper names it; a name keeps its own kind:
            # "Matryoshka Representation Learning" is a method)
            narrowed = {th.topics[t].kind for t in _narrowed_topics(key, written, th)
                        if " " in t and key.endswith(" " + t) and not th.is_area(t)}
            if len(narrowed) == 1:
                kinds[key] = narrowed.pop()
    for key in nodes:
        # a name built on a method's name is a method too, whatever the tagger read ("CoT-RAG", called a dataset,
        # under chain-of-thought), unless its name or its definition says dataset
        c = concepts[key]
        label = c.surfaces.most_common(1)[0][0] if c.surfaces else key
        if (kinds[key] == "dataset" and "dataset" not in c.introduced and not DATASET_NAME.match(label)
                and not _BENCHMARK_NAME.search(label)
                and any(topic_kinds.get(b, kinds.get(b)) == "method" for b in broader.get(key, ()))):
            kinds[key] = "method"
    for key in _problem_names(texts, shorts, same) & nodes:  # "two new problems: the USSS and UDSS"
        kinds[key] = "task"
    kinds.update(topic_kinds)  # a thesaurus topic has the kind the thesaurus gives it ("conformal prediction" is a method)

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

    vocabulary = _lower_case_words(th)
    th_forms = {name for topic in th.topics.values() for name in topic.names}
    for key in sorted(nodes):
        c = concepts[key]
        kind = kinds[key]
        # a term only ever written as its short form is labelled by the long form its definition spells out
        # (a short one: "Branch-and-Cut" for B&C, but UFO-RL stays UFO-RL)
        forms = c.surfaces or c.defined and Counter({f: n for f, n in c.defined.items()
                                                     if len(f.split()) <= 4}) or c.shorts
        forms = forms if c.named and " " not in key else _unsentence(forms, vocabulary)  # ("Freebase" is a name here)
        # (of forms written as often, one the thesaurus writes: "bandits", not "bandit")
        label = c.label or max(forms, key=lambda f: (forms[f], f in th_forms, -len(f.split()), f == f.lower(),
                                                     -len(f), f))
        if label.count('"') % 2 or label[:1] in "\u201c\u201d" or label[-1:] in "\u201c\u201d":
            label = label.strip('"\u201c\u201d ') or label  # a quote the span cut: 'This "Inner Monologue" method'
        if not c.label and not c.proposed and not any(  # (nor one with a short form of its own: MS-UDG)
                sum(ch.isupper() for ch in f) >= 2 and concept_key(f) not in th.names for f in c.shorts):
            label = _tail_untitled(_untitled(label, key, th, vocabulary), th)
        if not c.label and not c.proposed and kind == "task":
            label = _task_untitled(label)
        if (" " not in key and " " in label and not c.named and not c.label and not any(is_name(f) for f in forms)
                and "NOUN" in _pos(key)):
            label = _find_words(label, key) or label  # "kernel setting", "kernel-based methods": the kernel
        words = label.split()
        if (len(words) > 2 and _singular(words[-1].lower()) in GENERIC_HEADS and not is_name(label) and not c.label
                and not key.endswith(_singular(words[-1].lower())) and "NOUN" in _pos(words[-2].lower())):
            label = " ".join(words[:-1])  # the key dropped the generic head: "adversarial attack [framework]"
        elif len(words) > 1 and _singular(words[-1].lower()) in _DATASET_HEADS and not key.endswith(
                _singular(words[-1].lower())) and not (len(words) > 2 and all(w[:1].isupper() for w in words)) \
                and not (len(words) == 2 and re.fullmatch(r"[A-Z][a-z]+", words[0]) and is_common_word(words[0].lower())
                         and words[-1].lower() in _DATASET_HEADS):  # ("Brown corpus", "Pile corpus"; not "FACET",
            # nor a list's last name: "the Weather and Electricity datasets")
            # the key dropped it too: "QM9 [dataset]", "PEMS-BAY [datasets]"; a title's stays: "Long Range Graph
            # Benchmark", "British National Corpus"
            label = " ".join(words[:-1])
        elif len(words) > 2 and " ".join(words[-2:]).lower() in ("data set", "data sets") and not key.endswith(" set"):
            label = " ".join(words[:-2])  # "LabelMe [data set]", as "QM9 [dataset]"
        if (re.fullmatch(r"[A-Z][A-Za-z0-9\-]*[A-Z0-9]s", label)
                and not re.fullmatch(r"[GTMP]?FLOPs|MACs", label)):  # (counts of operations are plural names)
            label = label[:-1]  # a short form, singular: "RMSEs in the 1-2 cm range" are RMSE, "YOLOs" YOLO
        if kind in ("dataset", "metric") and not c.label and concept_key(label) != key:
            # the key is the name: "MSCOCO [image-sentence datasets]", "average precision [metric]"
            label = _find_words(label, key) or label
        topic = th.topics.get(key)
        # (a modifier the papers write alone is no label: "Differentially Private (DP)" is differential privacy)
        if topic is not None and (concept_key(label) == concept_key(topic.label) or is_junk(label) or (
                re.fullmatch(r"[A-Z][A-Z0-9\-]+s?", label) and th.names.get(concept_key(label)) == key) or (
                # (an acronym the thesaurus spells out: "MNP" is the minimum-norm point algorithm)
                th.names.get(concept_key(label)) == key and not c.named and all(
                    re.fullmatch(r"[A-Z][a-z]+", w) and not is_common_word(w) for w in label.split() if not w.islower())
                and not label.split()[-1][:1].isupper()) or (  # (a mathematician's name: "Lipschitz assumption")
                # one word the thesaurus spells, capitalised only where a sentence starts: "Posttraining"
                " " not in label and label[1:].islower() and th.names.get(concept_key(label)) == key) or (
                topic.label in c.surfaces) or (  # papers write the topic's own label too: "KL divergence"
                not c.named and not is_name(label) and (
                    len(topic.label.split()) > len(label.split())  # the key dropped a generic head: "kernel methods"
                    or concept_key(label) != key))):  # papers write its synonyms: "self-attention", "attention layers"
            # (and the thesaurus spells it: "KL-divergence", "Combinatorial Optimization", "large language model")
            label = topic.label
        # a short form spelt out in the label stays findable as written: "Local SGD" for local stochastic gradient descent
        written = {w: c.surfaces[f] for f, w in c.spelt.items()}
        aliases = sorted(set(c.surfaces) | set(c.shorts) | set(written) | (set(c.defined) if not c.surfaces else set()),
                         key=lambda f: (-(c.surfaces[f] + c.shorts[f] + written.get(f, 0)), f))
        attrs = {"kind": kind, "label": label, "aliases": "|".join(aliases), "papers": len(c.papers)}
        short = [s for s, _ in c.shorts.most_common() if s.upper() == s or any(ch.isupper() for ch in s)]
        if short:
            attrs["short_form"] = short[0]
            if len(label.split()) >= MAX_LABEL_WORDS:  # "Compressibility-inspired Unsupervised Learning via ...": CUPID
                attrs["label"] = short[0]
        attrs.update(zip("rgb", COLORS[kind]))
        G.add_node(ids[key], **attrs)

    forms: dict[str, frozenset] = {}

    def forms_of(target: str) -> frozenset:
        """A concept's label and aliases in lower case (worked out once: a hub has hundreds of aliases)."""
        if target not in forms:
            node = G.nodes[ids[target]]
            forms[target] = frozenset(f.lower() for f in [node["label"], *node["aliases"].split("|")] if f)
        return forms[target]

    paper_links: list[dict[str, tuple[int, str]]] = []
    for paper, terms in zip(papers, paper_terms):
        links: dict[str, list] = {}
        lower = _lower(paper.abstract)
        beds = _test_bed_spans(paper.abstract, lower)
        title = _lower(str(paper.meta.get("title") or ""))
        # the words each link came by, as the abstract writes them: kept only to tell a link named in passing
        written: dict[str, set[str]] = defaultdict(set)
        # the links that come only from data sets and metrics the paper is evaluated on (a test bed's topic:
        # image classification above CIFAR-10)
        yardstick: dict[str, bool] = {}
        for key, (count, role, texts) in terms.items():
            # a phrase that is no node links its paper to the terms it narrows; a topic one abstract writes, to
            # the topics above it ("few-shot learning" to transfer learning)
            # (a topic one paper names is a node, and its paper still meets the others at the topics above it)
            targets = ([key] + up.get(key, []) if key in nodes else
                       ([] if concepts[key].text_only else fold.get(key, [])) + up.get(key, []))
            test_bed = role == "evaluates_on" and kinds.get(key) in ("metric", "dataset")
            for target in targets:
                yardstick[target] = yardstick.get(target, True) and test_bed
                link = links.setdefault(target, [0, "mentions", set()])
                if beds:
                    written[target].update(texts)
                link[0] += count
                link[1] = min(link[1], role, key=ROLES.index)
                if target != key:  # (the words a pattern found a topic by, for one it narrows: "generate images")
                    link[2].update([found_by[paper.id, key]] if (paper.id, key) in found_by else texts)
                elif (paper.id, key) in found_by:  # the words a pattern found the topic by: "zero-shot capabilities"
                    link[2].add(found_by[paper.id, key])
                elif not _writes(lower, label := G.nodes[ids[key]]["label"]):
                    # a topic the paper names by a synonym: the words a reader finds in the abstract
                    # ("nonparametric function estimation" for nonparametric regression)
                    link[2].update(t for t in texts if t.lower() != label.lower())
        kept = _kept_phrases(paper.abstract)  # the phrases a kept property's name could be
        for target, (count, role, via) in links.items():
            names = forms_of(target) | {v.lower() for v in via} if kept else frozenset()
            if kept and not kept.isdisjoint(names) and _only_kept(paper.abstract, names):
                continue  # "while preserving expressive power": a property kept, not the subject
            # named only as a test bed or a yardstick ("experiments on image classification"): the paper is not
            # about it, so it joins no papers as a topic (kgraph.query)
            # (a metric a paper is scored by is a yardstick wherever it is written: "improves accuracy"; so is a
            # data set it is evaluated on, however the sentence says it: "we show on CIFAR-10 that ...")
            measured = kinds[target] in ("metric", "dataset") and role == "evaluates_on" or yardstick[target]
            passing = measured or bool(beds) and role not in ("proposes", "addresses") and _in_passing(
                paper.abstract, [*written[target], *via] or forms_of(target), beds, lower)
            if passing and title:  # what the title names is the paper's subject ("UNet-AF: An alias-free UNet
                # for image restoration", whose abstract writes image restoration only in its experiments)
                passing = next(_written_at(title, forms_of(target) | {v.lower() for v in via}), None) is None
            attrs = {"kind": "mention", "weight": count, "relation": role, "passing": passing}
            if via:
                attrs["via"] = "|".join(sorted(via))
            G.add_edge(paper.id, ids[target], **attrs)
        paper_links.append({k: (v[0], v[1]) for k, v in links.items()})
    del paper_terms, texts  # the largest of the stage's own structures, no longer needed

    for narrow, wides in broader.items():
        for wide in wides:
            if kinds[wide] == "dataset" != kinds[narrow]:
                continue  # "CIFAR-10 classification" is no kind of the dataset CIFAR-10: its task is image classification
            # ("kind": the narrower term is a kind of the broader; "within": a part, aspect or subject of it)
            G.add_edge(ids[narrow], ids[wide], kind="broader", relation="broader",
                       sense="within" if _within(narrow, wide, kinds, th) else "kind",
                       narrower=ids[narrow], broader=ids[wide], weight=len(concepts[narrow].papers))
    # a concept whose every link was dropped ("while preserving SE(3)-equivariance": a property kept, not the
    # subject) is no node of the graph
    for key in [key for key in nodes if not G.degree(ids[key])]:
        G.remove_node(ids[key])
        nodes.discard(key)
    _papers_total(G, nodes, ids, broader, concepts)

    del concepts
    _add_cooccurrence(G, papers, paper_links, ids, min_cooccurrence, min_npmi, max_neighbours)
    del paper_links
    if relations is not None:
        add_relations(G, papers, relations)
    for number, members in enumerate(communities(G)):
        for n in members:
            G.nodes[n]["community"] = number
    G.graph.update({"papers": len(papers), "concepts": len(nodes), "min_cooccurrence": min_cooccurrence,
                    "min_npmi": min_npmi, "max_neighbours": max_neighbours})
    add_years(G)
    return G


#: A narrower term of one kind that can be a kind of a broader term of another: a method for a task, or a way to
#: have a property ("conformal prediction" is a kind of uncertainty quantification).


def _within(narrow: str, wide: str, kinds: dict[str, str], th: Thesaurus) -> bool:
    """True when a hierarchy edge puts a term within a wider one rather than under it as a kind of it.

    A task, a phenomenon or a data set is no kind of a method ("LLM reasoning", "hallucination" within large
    language models; "video generation" within generative models), nor a data set a kind of a task; and a
    topic the thesaurus marks as a part of the one above it is within that one and all above it ("attention
    [method, part]" within transformers).
    """
    if kinds[narrow] != kinds[wide] and (kinds[narrow], kinds[wide]) not in _KIND_OF_OTHER:
        return True
    topic, goal = th.names.get(narrow), th.names.get(wide, wide)
    seen: set[str] = set()
    while topic is not None and topic != goal and topic not in seen:
        seen.add(topic)
        t = th.topics.get(topic)
        if t is None:
            break
        if t.part and (t.parent == goal or goal in th.above(topic, 10)):
            return True
        topic = t.parent
    return False


def _papers_total(G, nodes, ids, broader, concepts) -> None:
    """``papers_total``: papers linked to a concept or to any of its narrower terms."""
    narrower: dict[str, set[str]] = defaultdict(set)
    for narrow, wides in broader.items():
        for wide in wides:
            narrower[wide].add(narrow)
    for key in nodes:
        seen, stack, papers = set(), [key], set()
        while stack:
            k = stack.pop()
            if k in seen:
                continue
            seen.add(k)
            papers.update(nb for nb in G[ids[k]] if G.nodes[nb].get("kind") == "paper")
            stack.extend(narrower.get(k, ()))
        direct = sum(1 for nb in G[ids[key]] if G.nodes[nb].get("kind") == "paper")
        G.nodes[ids[key]]["papers"] = direct
        G.nodes[ids[key]]["papers_total"] = len(papers)


#: Words before the methods a paper's results are set against: "outperforms CQL and IQL", "than BERT".
#: Words that set a paper's results against others: "outperforms", "surpassing", "beats", "compared to".
_BEATS = r"\boutperform\w*|\bsurpass\w*|\bbeats?|\bcompared\s+(?:to|with)"
_COMPARED_WITH = re.compile(rf"(?:{_BEATS}|\bthan|\bover|\bagainst|\bversus|\bvs\.?|"
                            r"\bbaselines?(?:\s+such\s+as|\s+including)?)\s+"
                            r"(?:(?:the|strong|prior|existing|state-of-the-art)\s+)?"
                            r"(?:[A-Z][\w\-.+]*(?:\s*,\s*|\s+(?:and|or)\s+|\s*,\s*(?:and|or)\s+))*$")


#: What a paper's results beat, named: "outperforming IRIS, DreamerV3 and", "outperforms state-of-the-art TTS
#: systems such as VALL-E, NaturalSpeech 2 and" (no "on", "than" or "over", after which a data set may stand).
_OUTPERFORMED = re.compile(rf"(?:{_BEATS})\s+"
                           r"(?:(?:the\s+)?(?:strong\s+|prior\s+|existing\s+|state-of-the-art\s+|recent\s+)*"
                           r"(?:[\w\-]+\s+)?(?:models?|systems?|methods?|approaches|agents?|baselines?)"
                           r"(?:,?\s+(?:such\s+as|including|like))\s+)?"
                           r"(?:[A-Z][\w\-.+]*(?:\s+[\w.]+)?(?:\s*,\s*|\s+(?:and|or)\s+|\s*,\s*(?:and|or)\s+))*$")


#: A model's parameter count in brackets right after its name: " (178B)", " (1.3B)", " (350M)".
#: What follows an author's name in a citation: a coauthor, "et al.", the year ("Bousquet and Elisseeff, 2002",
#: "Feldman et al. (2019)", "Hazan [2016]").
_YEAR_NEXT = r",?\s*[(\[]?(?:19|20)\d\d[a-z]?\b"
_YEAR_AFTER = re.compile(_YEAR_NEXT)
_CITATION_AFTER = re.compile(rf"(?:\s+(?:and|&)\s+[A-Z][\w\-\u00c0-\u024f]+)?(?:\s+et\s+al\.?)?{_YEAR_NEXT}|\s+et\s+al\b")
#: ... and what precedes a second author: "Bousquet and [Elisseeff] (2002)".
_COAUTHOR_BEFORE = re.compile(r"[A-Z][\w\-\u00c0-\u024f]+\s+(?:and|&)\s+$")


def _cited_author(m: Mention, abstract: str, topics: Container[str] = frozenset()) -> bool:
    """True for a person's name cited: one capitalised word followed by a coauthor, "et al." or a year (not a
    thesaurus topic's name, such as Adam's)."""
    if (not re.fullmatch(r"[A-Z][a-z\u00c0-\u024f]+(?:-[A-Z][a-z\u00c0-\u024f]+)?", m.text)
            or is_common_word(m.text.lower()) or MODEL_NAME.fullmatch(m.text) or concept_key(m.text) in topics):
        return False  # (a word or a model's name given its year stays: "the Transformer (2017)")
    return bool(_CITATION_AFTER.match(abstract, m.end_char)) and (
        not _COAUTHOR_BEFORE.search(abstract, max(0, m.start_char - 40), m.start_char)
        or bool(_YEAR_AFTER.match(abstract, m.end_char)))


#: A coordination's shared head after its first member: "[log-Sobolev] or Poincaré inequality".
_ELIDED_HEAD = re.compile(r"\s+(?:or|and)\s+[\w\-\u00c0-\u024f]+\s+([a-z]+)\b")

#: Heads no coordination's first member takes: "Cora and Citeseer datasets" lists data sets, named alone.
_NO_SHARED_HEADS = _DATA_SET_HEADS | {"task"}

#: A verb of a method's results right after a name: "TimesNet achieves", "X consistently outperforms".
_ACHIEVES = re.compile(r"\s+(?:\w+ly\s+)?(?:achieves|outperforms|surpasses|attains|beats)\b")
#: What only a model or a method does, said of the name just before it: "On QM9, EDM generates ...". (Not after a
#: preposition: "a model trained on LAION generates images" says it of the model.)
_ACTS = re.compile(r"\s+(?:\w+ly\s+)?(?:generates|learns|predicts|solves|converges)\b")
_AFTER_PREPOSITION = re.compile(r"\b(?:on|in|of|from|with|to|by|for|over|using|across)\s+(?:the\s+)?$", re.I)

_PARAMETER_COUNT = re.compile(r"\s*\(\d+(?:\.\d+)?[BM]\)")


def _compared_kind(m: Mention, key: str, abstract: str) -> str:
    """The mention's kind, but a name a paper's results are set against is a method, whatever the tagger read
    it as: "our method outperforms CQL and IQL", where the tagger, taught that what a result is scored by is
    a metric, typed the baselines metrics (a metric's own name stays one: "outperforms it on BLEU"); and so
    is a name given with its parameter count ("Jurassic-1 (178B)"), which the tagger may read as a data set, and
    a name that achieves or outperforms ("TimesNet achieves consistent state-of-the-art").
    """
    if m.kind != "method" and _PARAMETER_COUNT.match(abstract, m.end_char):
        return "method"  # "Gopher (280B), GPT-3 (175B), Jurassic-1 (178B)": models, by their parameter counts
    if (m.kind == "dataset" and not DATASET_NAME.match(m.text) and re.fullmatch(r"[A-Z][\w\-.+ ]*", m.text)
            and _OUTPERFORMED.search(abstract[max(0, m.start_char - 160):m.start_char])):
        return "method"  # "outperforming IRIS, DreamerV3 and STORM", "TTS systems such as VALL-E and Voicebox"
    if m.kind == "dataset" and is_name(m.text) and not DATASET_NAME.match(m.text) and (
            _ACHIEVES.match(abstract, m.end_char) or _ACTS.match(abstract, m.end_char)
            and not _AFTER_PREPOSITION.search(abstract[max(0, m.start_char - 30):m.start_char])):
        # "Our proposed TimesNet achieves consistent state-of-the-art", "EDM generates a substantially larger
        # fraction of stable molecules": a data set achieves and generates nothing
        return "method"
    if (m.kind != "metric" or key in METRIC_KEYS or METRIC_IN_TEXT.fullmatch(m.text)
            or not re.fullmatch(r"[A-Z][\w\-.+]*", m.text) or sum(ch.isupper() for ch in m.text) < 2):
        return m.kind
    return "method" if _COMPARED_WITH.search(abstract[max(0, m.start_char - 120):m.start_char]) else m.kind


def _add_cooccurrence(G, papers, paper_links, ids, min_count, min_npmi, max_neighbours):
    import numpy as np
    from scipy import sparse

    n = len(papers)
    df = Counter(k for links in paper_links for k in links)
    frequent = sorted(k for k, v in df.items() if v >= min_count)
    # pair counts as a sparse product (papers x terms)^T (papers x terms): a Counter of pairs took
    # gigabytes at 100,000 papers
    column = {k: i for i, k in enumerate(frequent)}
    rows, cols = [], []
    for i, links in enumerate(paper_links):
        for k in links:
            if k in column:
                rows.append(i)
                cols.append(column[k])
    X = sparse.csr_matrix((np.ones(len(rows), dtype=np.int32), (rows, cols)), shape=(n, len(frequent)))
    del rows, cols
    counts = sparse.triu(X.T @ X, k=1).tocoo()
    del X
    keep_pairs = counts.data >= min_count
    pairs = zip(counts.row[keep_pairs].tolist(), counts.col[keep_pairs].tolist(), counts.data[keep_pairs].tolist())
    del counts
    scored: dict[tuple[str, str], tuple[int, float]] = {}
    for i, j, count in pairs:
        a, b = frequent[i], frequent[j]
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
        u, v = ids[a], ids[b]
        if G.has_edge(u, v):  # a broader edge already joins them: it keeps its kind, and gains the counts
            G.edges[u, v].update(cooccurrence=count, npmi=round(npmi, 4))
        else:
            G.add_edge(u, v, kind="cooccurrence", relation="cooccurs", weight=count, npmi=round(npmi, 4))
