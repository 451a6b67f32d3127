"""Graph stage: which terms are concept nodes, and their ``broader`` terms.

:func:`_hierarchy` chooses the nodes (names, terms of two or more papers, short phrases that narrow a
term, heads that several terms share: C-value's nested terms) and links each to the longest node terms
it contains; :func:`_add_topics` adds the thesaurus topics above them.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Container, Iterator, Sequence

from .canon import _FUNCTION_WORDS, GENERIC_HEADS, _americanize, _singular, concept_key
from .concept import _Concept, _junk
from .kinds import _DATA_HEADS, _TASK_HEADS, _metric_variant
from .lexicon import HYPHEN_PREFIXES
from .mentions import _EPONYMOUS, _find_words, _uncapitalized
from .merge import _ACRONYM, _NAME_HEADS, _SAME_THING, _WIDENING, _abbreviates
from .names import (DATASET_HEADS, DATASET_NAME, METRIC_HEADS, METRIC_KEYS, MODEL_FAMILY, MODEL_IN_TEXT, MODEL_NAME,
                    is_language)
from .terms import (
    _HYPHEN_ADJ,
    _MODIFIER_COMPOUNDS,
    _NOMINAL,
    COMPUTING,
    EPONYM_ADJECTIVE,
    EVALUATIVE,
    FIELD_GENERIC,
    LONE_GENERIC,
    _pos,
    clean_term,
    is_common_word,
    is_eponym,
    is_junk,
    is_name,
    is_vague,
    subterms,
)
from .thesaurus import Thesaurus, thesaurus  # (thesaurus: the doctests)
from .types import ROLES

#: A word seen only inside longer terms is a term itself when this many different words modify it,
#: in as many papers.
MIN_MODIFIERS = 3


#: A defined name this long is labelled by its short form (the long form stays an alias).
MAX_LABEL_WORDS = 6


#: A paper linked to fewer terms than this keeps its strongest one-paper phrases as terms.
MIN_PAPER_TERMS = 3


#: A term seen in one paper only becomes a node when it has at most this many words (or is a name);
#: a longer one ("confounding-resistant domain generalization") links its paper to its broader terms.
MAX_SINGLETON_WORDS = 3


def _topic_names(th: Thesaurus, key: str) -> list[str]:
    """The keys of the names the thesaurus gives the topic keyed ``key`` (none when it is no topic)."""
    topic = th.topics.get(key)
    return [concept_key(name) for name in topic.names] if topic is not None else []


def _word_at(text: str, word: str) -> Iterator[int]:
    """Where ``text`` writes ``word`` as a whole word (at most ten places)."""
    for n, m in enumerate(re.finditer(rf"(?<![\w\-]){re.escape(word)}(?![\w\-])", text)):
        if n == 10:
            return
        yield m.start()


def _capitalised_inside(surface: str | None, abstract: str, start: int) -> bool:
    """True for one capitalised word written inside a sentence, as its mention starts there: a resource's name
    that is an ordinary word too ("alias identification based on Freebase", "sentences of the Brown corpus"),
    where the tagger read a resource.

    >>> _capitalised_inside("Freebase", "Links based on Freebase.", 15), _capitalised_inside("Freebase", "Freebase", 0)
    (True, False)
    >>> _capitalised_inside("Brown corpus", "Text of the Brown corpus.", 12)
    True
    """
    if (not surface or not re.fullmatch(r"[A-Z][a-z]+(?: (?:corpus|dataset|treebank|benchmark))?", surface)
            or abstract[start:start + len(surface)] != surface):
        return False
    before = abstract[:start].rstrip()
    # (not a word of a longer name the tagger cut: "OpenAI Gym", "the Wall Street Journal"; not a noun the
    # language capitalises: "on the Web")
    previous = before.rsplit(None, 1)[-1] if before else ""
    return (bool(before) and before[-1] not in ".!?:;\"\u201c(" and not is_language(surface.split()[0])
            and not previous[:1].isupper() and not re.match(r"\s+[A-Z]", abstract[start + len(surface):])
            and surface not in _CAPITALISED_NOUNS)


#: Nouns English capitalises, no names of a resource: "data available on the Web".
_CAPITALISED_NOUNS = frozenset("Web Internet".split())


def _own_name(surface: str) -> bool:
    """True for a name (:func:`kgraph.terms.is_name`) that is not only a name's kind of data ("MRI scanner").

    >>> _own_name("Rademacher complexity"), _own_name("commercial MRI scanners"), _own_name("CIFAR-10")
    (True, False, True)
    >>> _own_name("GPU parallelization"), _own_name("Gaussian image datasets"), _own_name("Gaussian processes")
    (False, False, True)
    """
    words = surface.split()
    if len(words) > 1 and _singular(words[-1].lower()) in _DATA_HEADS and not is_name(words[-1]):
        return False
    written = [w for w in words if not w.islower()]
    if len(words) > 1 and written and all(is_language(w) for w in written):
        return False  # "German questions", "Japanese portion": a language's name makes no name of its data
    if (len(words) > 1 and EPONYM_ADJECTIVE.match(surface) and _singular(words[-1].lower()) == "dataset"
            and not any(is_name(w) for w in words[1:])):
        return False  # "Gaussian image datasets": a person's adjective names no data set
    if any(w in COMPUTING for w in words) and all(w in COMPUTING or not is_name(w) for w in words):
        return False  # "GPU parallelization": the hardware is named, not a term
    return is_name(surface)


def _hierarchy(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]], th: Thesaurus,
               areas: frozenset[str], lower: Container[str] = frozenset(), titles: Sequence[str | None] = ()):
    """Choose the concept nodes and their ``broader`` terms.

    A key is a node when it is a name (coined, capitalised, defined or
    proposed by name), or is mentioned in two or more papers, or is a short
    one-paper phrase (at most :data:`MAX_SINGLETON_WORDS` words) that narrows
    a multi-word node; never when it is vague (:func:`kgraph.terms.is_vague`).
    A lone word is a node as a standard metric, as a process or property two
    papers name, or as the head that :data:`MIN_MODIFIERS` different words
    narrow in as many papers ("bandits"), or that papers also use alone and
    two different words narrow, in as many papers in all ("transformers"). A shorter term found inside other
    keys becomes a node when it is a term in its own right: found inside the
    keys of two or more papers and of two different keys (termhood, as
    C-value counts nested terms). Each node's ``broader`` terms are the
    longest node terms it contains; a one-paper "X training" is X itself.
    A paper left with fewer than :data:`MIN_PAPER_TERMS` terms keeps its
    strongest phrases. A phrase that is no node links its paper to its
    broader terms instead (``fold``).

    Returns ``(nodes, broader, fold)``.
    """
    contained: dict[str, set[str]] = defaultdict(set)  # subterm -> papers of the keys that end in it
    containers: Counter = Counter()  # subterm -> how many different keys end in it
    container_keys: dict[str, list[str]] = defaultdict(list)  # subterm -> those keys
    in_names: dict[str, set[str]] = defaultdict(set)  # subterm -> papers of the names (defined, coined) that end in it
    left: dict[str, set[str]] = defaultdict(set)  # lone word -> the words seen right before it
    word_papers: dict[str, set[str]] = defaultdict(set)
    subs_of: dict[str, list[str]] = {}
    defined = {key for key, c in concepts.items() if c.shorts and " " in key}
    for key, c in concepts.items():
        written = c.surfaces.most_common(1)[0][0] if c.surfaces else key
        subs_of[key] = subs = [sub for sub in subterms(written) if sub != key]
        head = key.split(" of ")[0]  # "Rademacher complexity of linear predictors" is about its head
        # in a defined name, a word before a hyphenated compound modifies the compound, not the head:
        # "long short-term memory (LSTM)" makes no "short-term memory" ("Neural Combinatorial Optimization" does
        # make "Combinatorial Optimization")
        cut = {concept_key(" ".join(w[1:])) for w in (concepts[n].surfaces.most_common(1)[0][0].split()
               for n in (key, *subs) if n in defined and concepts[n].surfaces) if len(w) >= 3 and "-" in w[1]}
        for sub in subs:
            if sub in cut and sub not in concepts:
                continue
            if " " in sub and (key.endswith(" " + sub) or head == sub or head.endswith(" " + sub)):
                contained[sub] |= c.papers
                containers[sub] += 1
                container_keys[sub].append(key)
                if c.named or c.shorts:
                    in_names[sub] |= c.papers
        words = key.split()
        for i, w in enumerate(words):
            # a head: the last word, or one followed only by a generic word ("regret bound")
            if i and (i == len(words) - 1 or i == len(words) - 2 and words[-1] in LONE_GENERIC):
                word_papers[w] |= c.papers
                left[w].add(words[i - 1])

    def surface(c: _Concept, key: str) -> str:
        return c.surfaces.most_common(1)[0][0] if c.surfaces else key

    parts = _system_parts(concepts, paper_terms)

    def direct_node(key: str, c: _Concept) -> bool | None:
        """True: a node; False: never; None: a node only if it narrows a multi-word term."""
        text = surface(c, key)
        # "minimax rates", "stationary points": vague by the head, topics all the same where two papers write them
        named_topic = key in th.names and len(c.papers) >= 2 and key not in FIELD_GENERIC and key not in LONE_GENERIC
        # (a term an abbreviation defines is one: "Translation Edit Rate (TER)", "learning rate (LR)")
        defined = (bool(c.shorts) and key not in FIELD_GENERIC and key not in th.names
                   and any(_ACRONYM.fullmatch(s.rstrip("s")) or re.fullmatch(r"[A-Z][a-z]{2,}", s) for s in c.shorts))
        # (or a coined word: "adaptive learning for dynamic environment (Ader)")
        # (a person's condition, inequality or theorem is a term, though the key's words are vague:
        # "Polyak-Lojasiewicz condition")
        # (the key is judged too, in lower case, but an acronym as written stays a name: "the ACE corpora" is
        # no described corpora, though "ace" is a verb)
        acronym_data = (text.split()[-1].lower() in ("data", "dataset", "datasets", "corpus", "corpora")
                        and any(_ACRONYM.fullmatch(w) for w in text.split()[:-1]))
        # (a hyphenated name is one word, whatever its parts: "UCB-Advantage" is no advantage)
        if ((is_vague(text) or is_vague(key) and not _EPONYMOUS.fullmatch(text) and not acronym_data
             and not _hyphenated_name(text))
                and not named_topic and not defined
                or c.text_only and len(c.papers) < 2
                or key in areas):
            return False  # (a topic one paper writes is a node only where other terms meet there, below)
        if key in parts:
            return False  # "a PDE Agent, a PINN Agent, a Code Agent and a Feedback Agent": one system's parts
        pair = text.split()
        if (len(pair) == 2 and text.islower() and _singular(pair[1]) in _PLAIN_HEADS
                and key not in th.names and not (c.shorts or c.proposed) and is_common_word(pair[0].split("-")[-1])):
            return False  # "visual features", "model weights", "text tokens", "testing data": an ordinary word
            # before a plain head names no term, however many papers write it (the thesaurus knows those that do:
            # "domain adaptation", "synthetic data")
        if " " not in key and is_language(key) and (key == "english" or len(c.papers) < 2):
            # a language alone is a topic where papers share it ("Japanese", "Arabic"), never English, the
            # language most papers work in, which joins 38 of 400 SciERC abstracts that share nothing more; one
            # paper's language is its data, which the paper's other terms say
            return False
        if _adjective_alone(c) and not c.proposed:
            return False  # "end-to-end (E2E) latency": a modifier, which a short form makes no term
        if not c.named and not c.shorts and _dimensioned(text, th):
            return False  # "3D geometry", "consecutive 2D slices": things in two or three dimensions, no term
        if " of " in key and len(c.papers) < 2 and not (c.named or c.shorts):
            return False  # "Rademacher complexity of linear predictors": its paper links to the term it names
        words = key.split()
        if len(words) == 2 and (words[0] in HYPHEN_PREFIXES or _HYPHEN_ADJ.search("-".join(words)) and any(
                f.lower().replace("-", " ").startswith(key + " ") for f in c.surfaces)) and is_junk("-".join(words)) \
                and not any(re.fullmatch(r"[A-Z]\w*-[A-Z]\w*", f) for f in c.surfaces):  # (a name: "Multi-News")
            return False  # "multi-modal problems", "a model-agnostic paradigm", keyed without their generic heads:
            # an adjective
        if len(c.papers) < 2 and not (c.shorts or c.proposed) and _described_model(text, key, concepts):
            return False  # "CIFAR-10 diffusion models", "GPT-style Transformer": one paper's models, described
        if (len(c.papers) < 2 and not c.shorts and re.search(r"\w-based\b", text, re.I)
                and _singular(key.split()[-1]) not in _NAME_HEADS):  # ("energy-based models" are a family)
            return False  # "InfoNCE-based objective", "Kalman-based optimization": a description of one paper's part
        if key in _WORD_METRICS and not c.shorts and not any(ch.isupper() for f in c.surfaces for ch in f):
            return False  # "tree cover maps", "a density map": no mAP
        if len(c.papers) < 2 and not c.shorts and _task_score(key):
            return False  # "word sense disambiguation accuracy": a task's score, which links its paper to the metric
        if (len(c.papers) < 2 and not c.shorts and not c.proposed
                and all(_name_described(f) in concepts for f in c.surfaces)):
            return False  # "sequential Mamba", "causal Mamba": one paper's words about a name, which is the node
        if (len(c.papers) < 2 and not (c.shorts or c.named or c.proposed) and any(
                key.endswith(" " + sub) and (sub in th.names or sub in concepts and len(concepts[sub].papers) >= 2)
                and _modifiers_before(text, sub, th, described=True) >= 2 for sub in subs_of[key])):
            # "two-layer overparameterized ReLU networks", "latent subspace Gaussian mixture models": one paper's
            # words around a named term are no name of their own (a phrase with one modifier may be a term, below)
            return None
        if (_has_name(c) and not _words_about_acronym(c, th) or c.shorts and len(c.papers) >= 2
                or key in METRIC_KEYS and " " in key):
            return True  # (a standard metric by its name: "word error rate", "expected calibration error")
        if " " not in key:  # a lone word: a standard metric, a process or property papers share by name
            # ("disentanglement", "quantization"), or the head of several terms ("bandits", below)
            return key in METRIC_KEYS or (len(c.papers) >= 2 and bool(_NOMINAL.search(key)) and "NOUN" in _pos(key)
                                           and key not in LONE_GENERIC and not is_junk(key))
        if len(c.papers) >= 2:
            return True
        # as written: "mini-batch SGD" is two words however long "stochastic gradient descent" is
        words = min((len(concept_key(c.spelt.get(f, f)).split()) for f in c.surfaces), default=len(key.split()))
        return None if words <= MAX_SINGLETON_WORDS else False

    # a field's area ("computer vision", "natural language processing") joins papers that share nothing more
    # (``areas``: :func:`_areas`)
    verdict = {key: direct_node(key, c) for key, c in concepts.items()}
    nodes = {key for key, v in verdict.items() if v}
    # terms in their own right that are only ever seen inside longer keys: a head shared by two
    # papers' keys ("regret bound"), or a word that many different modifiers narrow down
    # ("Lipschitz / GP / semi- bandits"; "gradient descent" alone does not make "descent" a term)
    for sub, ps in contained.items():
        if sub in nodes or verdict.get(sub) is False or sub in areas:
            continue
        if sub not in concepts and containers[sub] < 2:
            continue  # inside one name only ("kernel Hilbert space" of RKHS): no term of its own
        if sub not in concepts and _task_system(sub):
            continue  # "translation system" of "machine translation systems": a system doing a task is the task
        # (a term never written alone is one when three papers' phrases, or two papers' names, end in it:
        # "Risk Minimization" of ERM and IRM; not "consistency loss" of two papers' unrelated losses)
        if sub not in concepts and len(ps) < 3 and len(in_names[sub]) < 2:
            continue
        # only ever inside one longer term ("sense disambiguation" of every "... word sense disambiguation"):
        # that term is the term (C-value's nested terms); "random field" of Markov and conditional ones is one
        if sub not in concepts and _always_inside(sub, container_keys[sub]):
            continue
        # (or one paper's term that it writes alone and names its method after: "model inversion" of PMI,
        # "Per-layer Model Inversion")
        if ((len(ps | (concepts[sub].papers if sub in concepts else set())) >= 2 or sub in concepts and in_names[sub])
                and not is_junk(sub) and not is_vague(sub) and (sub in concepts or sub.split()[-1] not in _DATA_HEADS)):
            nodes.add(sub)
            if sub not in concepts:
                concepts[sub] = _Concept()
    for word, before in left.items():
        alone = concepts[word].papers if word in concepts else set()
        if (word not in nodes and not is_vague(word) and word not in areas
                and (len(before) >= MIN_MODIFIERS and len(word_papers[word]) >= MIN_MODIFIERS
                     or alone and len(before) >= 2 and len(word_papers[word] | alone) >= MIN_MODIFIERS)
                and word not in LONE_GENERIC and word not in FIELD_GENERIC and not is_junk(word) and len(word) > 2
                and "NOUN" in _pos(word)):
            nodes.add(word)
            concepts.setdefault(word, _Concept())

    # a model family two papers name by versions is a term: "Gemini 2.5 Flash" and "Gemini 1.5 Pro" are Gemini's
    family_names: dict[str, str | None] = {}  # key -> its model family's name as written (asked again by tops())

    def model_family(key: str) -> str | None:
        if key not in family_names:
            family_names[key] = _model_family(concepts[key])
        return family_names[key]

    short_of: dict[str, str] = {}  # a node's short form's key -> the node ("PaLM" -> Pathways Language Model)

    def sized_model(key: str) -> str | None:
        """The node of the model ``key`` names in one of its sizes ("GPT-3 175B", "PaLM-540B"), if any."""
        if key not in concepts or not _SIZED_KEY.search(key):
            return None
        written = surface(concepts[key], key)
        base = _MODEL_SIZE_END.sub("", written)
        if base == written:  # (a letter tier only after a known model's name: "ImageNet-C" is another data set)
            base = _MODEL_TIER_END.sub("", written) if MODEL_NAME.match(written) else _BACKBONE_END.sub("", written)
        if base == written:
            return None
        base_key = concept_key(base)
        model = base_key if base_key in nodes else short_of.get(base_key)
        return model if model != key else None

    family_papers: dict[str, set[str]] = defaultdict(set)
    family_written: dict[str, Counter] = defaultdict(Counter)  # a family's key -> its name as its versions write it
    for key in nodes:
        written = model_family(key)
        # (a model in one of its sizes is that model, no other version: "GPT-3 175B" beside GPT-3)
        if written is not None and sized_model(key) is None:
            family_papers[concept_key(written)] |= concepts[key].papers
            family_written[concept_key(written)][written] += 1
    for family, ps in family_papers.items():
        if family not in nodes and len(ps | (concepts[family].papers if family in concepts else set())) >= 2:
            nodes.add(family)
            concepts.setdefault(family, _Concept(kinds=Counter({"method": 1}), surfaces=family_written[family]))
    # an ordinary word alone is a term only where the thesaurus says so: "bandits" and "entropy" are, and
    # "corpus", "sentences", "building", "Bayesian" never (however many phrases end in them)
    for key in [k for k in nodes if not _lone_word_is_term(k, concepts[k], th, lower)]:
        nodes.discard(key)
        verdict[key] = False
    # a one-paper phrase is a term when it narrows a term of the corpus ("dynamic regret bound"); one that
    # only names an aspect of it ("weight decay bound", "CLIP objective") links its paper to that term
    for key, v in verdict.items():
        if v is None and any(" " in s and s in nodes and key.endswith(" " + s)
                             and _modifiers_before(surface(concepts[key], key), s, th) <= 1 for s in subs_of[key]):
            nodes.add(key)
    # what a paper's title names is what it is about: a term of its abstract, or a thesaurus topic inside one,
    # that the title writes is a term though no other paper writes it ("State Space Models as Efficient
    # Alternatives to Attention" over "selective state space models"; in a corpus of a few papers, every topic)
    for terms, title in zip(paper_terms, titles):
        named = _title_words(title) if title else ""
        # (an ordinary word alone only where the title writes it alone: "Object Detection" makes no "detection"
        # node; a thesaurus topic's word may: "fine-tuning")
        in_title = [k for k in terms if named and f" {_title_words(k)} " in f" {named} "]
        for key in [k for k in terms if named and k not in nodes
                    and not (" " not in k and k not in th.names and verdict.get(k) is False
                             and any(k != w and f" {k} " in f" {w} " for w in in_title))]:
            # (a thesaurus topic whatever its count, or the head phrase of the paper's term: "speech recognition" of
            # "automatic speech recognition"; a phrase of the paper's own where it may be a term, or a process
            # named in one word: "oversmoothing")
            # (the longest the title writes: "state space models", not also "space models" after it)
            written = [t for t in [key, *(s for s in subs_of.get(key, ()) if " " in s and (s in th.names or key.endswith(" " + s)))]
                       if f" {_title_words(t)} " in f" {named} "]
            for term in [t for t in written if not any(t != w and f" {t} " in f" {w} " for w in written)]:
                if (term not in nodes
                        and (term in th.names or verdict.get(term) is not False or term != key
                             or " " not in term and _NOMINAL.search(term) and "NOUN" in _pos(term))
                        and term not in areas and term not in FIELD_GENERIC and term not in LONE_GENERIC
                        and not is_junk(term) and not is_vague(term)):
                    nodes.add(term)
                    concepts.setdefault(term, _Concept())
    # no paper goes undescribed: one with fewer than MIN_PAPER_TERMS terms keeps its strongest phrases, those
    # the paper writes twice or the thesaurus knows ("sampled softmax", "flow matching"); a phrase written once,
    # mostly an unnamed part of the paper's own method ("lossless rounding", "resource reservation"), only
    # where the paper would have no term at all, and only a process or a field
    rank = {role: i for i, role in enumerate(ROLES)}
    named_data: dict[str, bool] = {}  # key -> a data set's own name (worked out once: a hub has many surfaces)
    for terms in paper_terms:
        found = [key for key in terms if key in nodes or any(s in nodes for s in subs_of.get(key, ()))]
        have = sum(not _yardstick(concepts[key], terms[key][1], key, named_data) for key in found)
        spare = sorted((key for key in terms if key not in nodes and verdict.get(key) is not False
                        and not _junk(key, concepts[key]) and " of " not in key
                        and len(key.split()) <= MAX_SINGLETON_WORDS),
                       key=lambda k: (rank[terms[k][1]], concepts[k].kinds["concept"] > 0, -terms[k][0], k))
        narrowing = {k for k in spare if _narrows_a_topic(k, concepts[k], th)}
        strong = [k for k in spare if terms[k][0] >= 2 or th.topic(k) is not None or k in narrowing]
        # (a phrase written once is kept only as a process or field named in the singular: "phrase localization",
        # "model-theoretic semantics"; not "arbitrary deformations", "semantic features", "hand contours")
        spare = [k for k in spare if _NOMINAL.search(surface(concepts[k], k).split()[-1].lower())]
        for key in strong[: max(0, MIN_PAPER_TERMS - have)] or spare[: max(0, 1 - have)]:
            nodes.add(key)
        # what a paper is tested on or scored by says little of what it is about ("FVD on UCF-101 and
        # Kinetics-600" left a video diffusion paper with no term of its subject): a paper with no term of its
        # subject keeps the phrases that narrow a topic ("video diffusion models")
        if not any(concepts[key].kinds.most_common(1)[0][0] not in ("dataset", "metric") for key in found):
            nodes.update([k for k in strong if k not in nodes and k in narrowing][:MIN_PAPER_TERMS])

    def tops(key: str) -> list[str]:
        # a term is no kind of a language it is written in ("CoNLL-2003 English", "English development set")
        subs = [s for s in subs_of.get(key) or subterms(key) if s in nodes and s != key and not is_language(s)]
        words = key.split()
        # a named dataset's variant or split narrows the dataset ("WMT14 English-German", "CoNLL-2003 English"),
        # a metric's variant the metric ("entity-level F1")
        subs += [p for p in (" ".join(words[:i]) for i in range(len(words) - 1, 0, -1)) if p in nodes
                 and DATASET_NAME.match(surface(concepts[p], p))][:1]
        subs += [w for w in words[-1:] if w in nodes and _metric_variant(key, surface(concepts[key], key))]
        # (a model's size folds into the model, "GPT-3 175B" GPT-3 (below); else its family)
        sized = sized_model(key)
        subs += ([sized] if sized else [f for f in [concept_key(model_family(key) or "")] if f and f in nodes and f != key])
        subs = list(dict.fromkeys(subs))
        if key in th.names:  # two topics the thesaurus sets side by side stay apart, whatever a synonym's words
            subs = [s for s in subs if not _siblings(key, s, th)]  # say ("relative entropy": KL divergence, no entropy)
        top = [s for s in subs if not any(s != t and s in subterms(t) for t in subs)]
        if key not in nodes:  # a phrase folds into terms, not into a modifier it contains (a model in one of its
            # sizes into the model: "Vicuna-7B")
            top = [s for s in top if " " in s or key.endswith(" " + s) or s == sized]
        return top

    # "GPT-3 175B", "Llama 2 13B": a model in one of its sizes is the model, where the model is a node (readers
    # call the sizes duplicates of it)
    short_of.update({concept_key(s): k for k in nodes for s in concepts[k].shorts})
    for key in sorted(nodes):
        if sized_model(key) is not None:  # (also one a paper introduces: "We introduce Mistral 7B")
            nodes.discard(key)
    # "gradient-descent training", "point cloud data": one paper's name for the broader term itself;
    # "transformer models": a lone term with a name head is that term, however many papers say so
    for key in sorted(nodes):
        c, top = concepts[key], tops(key)
        if len(top) != 1 or c.named or c.shorts:
            continue
        extra = set(key.split()) - set(top[0].split())
        if (len(c.papers) < 2 and all(w in _SAME_THING or w in EVALUATIVE for w in extra)
                or " " not in top[0] and key == f"{top[0]} {' '.join(extra)}" and extra <= _NAME_HEADS
                or key == f"{top[0]} system" and " " in top[0]):  # "machine translation systems" do it
            nodes.discard(key)

    broader: dict[str, list[str]] = {}
    fold: dict[str, list[str]] = {}
    for key in list(concepts):
        top = tops(key)
        if key in nodes:
            # "unrestricted densest supermodular set" widens "densest supermodular set": the edge turns round
            wider = [t for t in top if key.split(" ", 1)[0] in _WIDENING and key.split(" ", 1)[-1] == t]
            for t in wider:
                broader.setdefault(t, []).append(key)
            # "graph representation learning" (a name of graph learning) is the learning of graph representations,
            # no kind of them: what precedes a term's "learning" is no broader term of it
            top = [t for t in top if t not in wider and not any(
                concept_key(f) == t + " learning" for f in (key, *concepts[key].surfaces))]
            if top:
                broader.setdefault(key, []).extend(top)
        elif top:
            fold[key] = top
    for key, wides in _name_parts(nodes, concepts).items():
        broader.setdefault(key, []).extend(w for w in wides if w not in broader.get(key, ())
                                           and key not in broader.get(w, ()))
    # broader-only terms take their kind and label from the keys that contain them
    for key, c in concepts.items():
        if c.surfaces or c.shorts:
            continue
        for narrow, wides in list(broader.items()) + list(fold.items()):
            if key in wides:
                nc = concepts[narrow]
                if narrow.endswith(key):
                    c.kinds.update(nc.kinds)
                for form, count in nc.surfaces.items():
                    found = _find_words(form, key)
                    if found:  # (a name's words are no name: "Risk Minimization" of ERM and IRM is risk minimization)
                        c.surfaces[_uncapitalized(found) if is_name(form) else found] += count
        if not c.surfaces:
            c.surfaces[key] += 1
        if not c.kinds:
            c.kinds["concept"] += 1
    # papers of broader-only terms: those that link to them (through narrower keys or folds)
    return nodes, broader, fold


def _modifiers_before(written: str, sub: str, th: Thesaurus, *, described: bool = False) -> int:
    """How many written words stand before the term ``sub`` (a key) in ``written``, counting from the longest
    thesaurus topic the phrase ends with when that is longer: "two-layer overparameterized ReLU networks" has
    two before "ReLU networks", "non-stationary Lipschitz bandits" one before the topic "Lipschitz bandits".

    With ``described``, only words of a description count: none when a word before the term is capitalised, a
    name ("Blended Pairwise Conditional Gradients").
    """
    words = written.split()
    found = _find_words(written, sub)
    if not found or described and any(ch.isupper() for ch in written[: written.find(found)]):
        return 0
    before = len(words) - len(found.split())
    for i in range(1, before):  # a longer tail that is a topic ("Lipschitz bandits")
        if concept_key(" ".join(words[i:])) in th.names:
            return i
    return before


#: Heads of what every model or data set has, which an ordinary word before them does not make a term.
_PLAIN_HEADS = frozenset("feature representation token weight distribution code detail dataset data policy encoder "
                         "performance adaptation design output input parameter".split())


def _described_model(text: str, key: str, concepts: dict[str, _Concept]) -> bool:
    """True for one kind of model described by the data it was trained on or a model it resembles, where the
    kind is a term: "CIFAR-10 diffusion models", "GPT-style Transformer", "BERT-like encoders".

    >>> c = {"diffusion model": _Concept(papers={"a", "b"}), "transformer": _Concept(papers={"a", "b"})}
    >>> _described_model("CIFAR-10 diffusion models", "cifar 10 diffusion model", c)
    True
    >>> _described_model("GPT-style Transformer", "gpt style transformer", c), _described_model("latent diffusion models", "latent diffusion model", c)
    (True, False)
    """
    words = text.split()
    if len(words) < 2 or _singular(words[-1].lower()) not in _MODEL_WORDS:
        return False
    rest = concept_key(" ".join(words[1:]))
    if rest not in concepts or len(concepts[rest].papers) < 2:
        return False
    return bool(DATASET_NAME.match(words[0]) or re.fullmatch(r"[A-Z][\w.]*-(?:style|like)", words[0]))


#: Heads of a kind of model.
_MODEL_WORDS = frozenset("model network transformer encoder decoder classifier".split())


def _task_system(key: str) -> bool:
    """A system named by the task it does: "translation system", "speech recognition system"."""
    words = key.split()
    return len(words) >= 2 and words[-1] == "system" and words[-2] in _TASK_HEADS


def _siblings(key: str, other: str, th: Thesaurus) -> bool:
    """Whether two keys name different topics with a parent in common and neither above the other."""
    a, b = th.names.get(key), th.names.get(other)
    return (a is not None and b is not None and a != b and not set(th.parents(a)).isdisjoint(th.parents(b))
            and b not in th.ancestors(a) and a not in th.ancestors(b))


def _yardstick(c: _Concept, role: str, key: str, named: dict[str, bool]) -> bool:
    """True for a term that says what a paper is scored by or tested on, not what it is about: a metric it does not
    propose or address, or a named data set it is evaluated on ("accuracy" left no room for a paper's "sense
    priors", StrongREJECT for its "prompt-injection attacks"). ``named`` caches :func:`_has_name` by ``key``."""
    kind = c.kinds.most_common(1)[0][0] if c.kinds else "concept"
    if kind == "metric":
        return role not in ("proposes", "addresses")
    if kind != "dataset" or role != "evaluates_on":
        return False
    if key not in named:
        named[key] = _has_name(c)
    return named[key]
_DIMENSION = re.compile(r"\d(?:\.\d)?-?D", re.I)


#: A process a dimension can narrow: "3D reconstruction", "3D editing", "3D object detection", "2D pose estimation".
_PROCESS_WORD = re.compile(r"\w{3,}(?:tion|sion|ment|ing|ysis|sis)s?", re.I)


def _dimensioned(text: str, th: Thesaurus) -> bool:
    """True for things described by their dimension, no term: "3D geometry", "2D formats", "global 3D structure",
    "3D latent space"; not a process ("3D reconstruction", "detecting 3D objects"), a topic ("3D Gaussian
    splatting", "3D point clouds") or a name ("3D U-Net").

    >>> [_dimensioned(t, thesaurus()) for t in ("3D geometry", "consecutive 2D slices", "3D reconstruction",
    ...                                          "3D Gaussian splatting", "3D U-Net", "3D")]
    [True, True, False, False, False, False]
    """
    words = text.split()
    at = next((i for i, w in enumerate(words) if _DIMENSION.fullmatch(w)), None)
    rest = words[at + 1:] if at is not None else []
    if not rest:
        return False  # (no dimension, or one alone: "3D" is junk anyway)
    keys = concept_key(" ".join(rest)).split()
    topical = any(" ".join(keys[i:j]) in th.names for i in range(len(keys)) for j in range(i + 2, len(keys) + 1))
    return not (concept_key(" ".join(rest)) in th.names or topical  # ("3D point cloud data")
                or any(_PROCESS_WORD.fullmatch(w) or is_name(w) for w in words if not _DIMENSION.fullmatch(w)))


def _narrows_a_topic(key: str, c: _Concept, th: Thesaurus) -> bool:
    """True when a phrase narrows a topic of the thesaurus (no area, no field-wide word) by its last words:
    "stochastic convex optimization", "text-to-image diffusion models"."""
    if " " not in key:
        return False
    written = c.surfaces.most_common(1)[0][0] if c.surfaces else key
    return any(not th.is_area(t) and t not in FIELD_GENERIC and t not in LONE_GENERIC and key.endswith(" " + t)
               for t in _narrowed_topics(key, written, th))


def _always_inside(sub: str, keys: list[str]) -> bool:
    """True when every one of ``keys`` that contains ``sub`` has the same word before it.

    >>> _always_inside("sense disambiguation", ["word sense disambiguation", "verb word sense disambiguation"])
    True
    >>> _always_inside("random field", ["markov random field", "conditional random field"])
    False
    """
    at = [key.rfind(" " + sub) for key in keys]
    return bool(keys) and min(at) > 0 and len({key[:i].rsplit(" ", 1)[-1] for key, i in zip(keys, at)}) == 1


def _areas(th: Thesaurus) -> frozenset[str]:
    """The keys of the thesaurus's areas, of their names, and of the phrases inside those that are no topic.

    "natural language" and "language processing" are as wide as natural language processing.
    """
    areas = {k for k, t in th.topics.items() if t.kind == "area"}
    return frozenset(areas | {part for k in areas for name in th.topics[k].names for words in [concept_key(name).split()]
                              for n in range(2, len(words) + 1) for i in range(len(words) - n + 1)
                              for part in [" ".join(words[i:i + n])] if _topic_of(part, th) is None})


#: The capitalised head of a part of one paper's system: "Feedback Agent", "Retrieval Module".
_PART_HEAD = re.compile(r"\S.*\s(?:Agent|Module)s?")


def _task_score(key: str) -> bool:
    """A key that is a task followed by a metric's name: "word sense disambiguation accuracy", "parsing f1".

    >>> _task_score("word sense disambiguation accuracy"), _task_score("top 1 accuracy"), _task_score("word error rate")
    (True, False, False)
    """
    if key in METRIC_KEYS:
        return False
    words = key.split()
    return any(" ".join(words[i:]) in METRIC_KEYS and words[i - 1] in _TASK_HEADS for i in range(1, len(words)))


def _title_words(text: str) -> str:
    """A title's (or a key's) words as keys write them, each singular: "State-Space Models" -> "state space model".

    >>> _title_words("Sparse Mixture-of-Experts Transformers for Long-Context Language Modeling")
    'sparse mixture of expert transformer for long context language modeling'
    """
    return " ".join(_singular(_americanize(w)) for w in re.sub(r"[^\w\s.+#]", " ", text.lower().replace("-", " ")).split())


def _system_parts(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]]) -> frozenset[str]:
    """The keys of the parts one paper names its system's pieces by: two or more capitalised "... Agent" or
    "... Module" names of one paper ("a PDE Agent, a PINN Agent, a Code Agent and a Feedback Agent"), which
    no other paper writes. A name of its own ("MetaGPT") or an agent other papers name too stays.

    >>> c = {k: _Concept(surfaces=Counter({s: 1}), papers={"p"}) for k, s in
    ...      [("pde agent", "PDE Agent"), ("feedback agent", "Feedback Agent"), ("llm agent", "LLM agents")]}
    >>> sorted(_system_parts(c, [{k: [1, "uses"] for k in c}]))
    ['feedback agent', 'pde agent']
    >>> sorted(_system_parts(c, [{"pde agent": [1, "uses"], "llm agent": [1, "uses"]}]))
    []
    """
    out: set[str] = set()
    for terms in paper_terms:
        found = [key for key in terms if key in concepts and len(concepts[key].papers) == 1
                 and concepts[key].surfaces and all(_PART_HEAD.fullmatch(f) for f in concepts[key].surfaces)]
        if len(found) >= 2:
            out.update(found)
    return frozenset(out)


def _has_name(c: _Concept) -> bool:
    """True for a concept written as a name: proposed or read as one, a name of its own as written
    (:func:`_own_name`), or a named dataset that is an ordinary word too ("Switchboard", "Reuters"), or a known model's name that is a word too ("Whisper")."""
    return c.named or any(_own_name(f) or DATASET_NAME.match(f) or " " not in f and MODEL_NAME.fullmatch(f)
                          for f in c.surfaces if f not in c.spelt)  # (a known model's name: "Whisper")


def _words_about_acronym(c: _Concept, th: Thesaurus) -> bool:
    """True for one paper's words about an acronym, no name of their own: "LiDAR sensors", "the CUA
    orchestrator", "HMM motion modes" (:func:`_about_acronym`), where nothing proposes or defines them and
    their head is no topic of the thesaurus ("GP bandits" are bandits)."""
    return (len(c.papers) < 2 and not c.shorts and not c.proposed and not c.named and bool(c.surfaces)
            and all(_about_acronym(f) and _topic_of(concept_key(f.split()[-1]), th) is None for f in c.surfaces))


#: Heads that make a thing named by an acronym a method, data set or metric of its own: "unlexicalized PCFG
#: parser", "3D U-Net encoder", "BREF corpora", "the LabelMe data set", "NIST score", "CoNLL 2008 shared task",
#: "the DP losses"; and a generic head, which the term's key goes without ("the EM algorithm" is EM).
_ACRONYM_KEEPS_HEAD = (_NAME_HEADS | DATASET_HEADS | METRIC_HEADS | GENERIC_HEADS | frozenset(
    "loss objective function "
    "lexicon dictionary database set encoder decoder transformer autoencoder classifier parser tagger recognizer segmenter vocoder solver "
    "optimizer estimator detector generator discriminator task".split()))


def _acronym_word(word: str) -> bool:
    """True for a word with an acronym or a digit in it: "LiDAR", "E2E", "6-DoF", "VLM-E2E"; not "Euler"."""
    return any(sum(ch.isupper() for ch in part) >= 2 or any(ch.isdigit() for ch in part) and any(
        ch.isalpha() for ch in part) for part in word.split("-"))


def _about_acronym(surface: str) -> bool:
    """True for an ordinary thing an acronym modifies: "LiDAR sensors", "VLM decisions", "HMM motion modes".

    What a word like "detection" or "reasoning" names is a term ("PII detection", "LLM reasoning"), as is a
    model or data set named by its head ("SDF network", "BREF corpora"); a person's name makes a term of
    what it modifies ("Vietoris-Rips complex", "Matérn kernel").

    >>> [_about_acronym(s) for s in ("LiDAR sensors", "HMM motion modes", "external ASR system", "UV-map token")]
    [True, True, True, True]
    >>> [_about_acronym(s) for s in ("PII detection", "SDF network", "Euler steps", "Flow Matching DiT", "VLMs")]
    [False, False, False, False, False]
    """
    *before, last = surface.split() or [""]
    if not before or not re.fullmatch(r"[a-z]+(?:-[a-z]+)*", last):
        return False
    head = _singular(last)
    if _NOMINAL.search(head) or head in _ACRONYM_KEEPS_HEAD:
        return False
    if any(re.fullmatch(r"[A-Z][a-zà-ÿ]+(?:-[A-Z]?[a-zà-ÿ]+)*", w.strip("()")) for w in before):
        return False  # an eponym's term
    return any(_acronym_word(w) for w in before)


def _name_described(surface: str) -> str | None:
    """The key of the coined name a phrase describes with adjectives only, else None.

    >>> _name_described("sequential Mamba"), _name_described("linear-complexity Mamba")
    ('mamba', 'mamba')
    >>> _name_described("graph Transformer"), _name_described("online SGD"), _name_described("Mamba")
    (None, None, None)
    >>> _name_described("conservative Q-learning") is None  # (conservative Q-learning is a method of its own)
    True
    """
    *before, name = surface.split() or [""]
    if (not before or not name[:1].isupper() or not is_name(name) or is_eponym(name) or is_common_word(name)
            or not re.search(r"[a-z]", name) or re.fullmatch(r"[A-Z]{1,2}-[a-z]+", name)):
        return None  # (an acronym's variants are terms: "sparse PCA", "online SGD"; and a letter's term's:
        # "conservative Q-learning", "spherical K-means")
    for w in before:
        if not w.islower() or w in _FUNCTION_WORDS:
            return None
        if "-" in w:  # a compound modifier ("linear-complexity"), unless a thing's name leads it ("graph-based")
            parts = w.split("-")
            if "NOUN" in _pos(parts[0]) and "ADJ" not in _pos(parts[-1]):
                return None
        elif "ADJ" not in _pos(w) or "NOUN" in _pos(w):  # an adjective only ("conditional" is a noun too)
            return None
    return concept_key(name)


def _hyphenated_name(text: str) -> bool:
    """A coined name of hyphenated parts, one word however its key splits: "UCB-Advantage", "ARC-challenge"."""
    return " " not in text and "-" in text and any(ch.isupper() for ch in text[1:]) and is_name(text)


def _adjective_alone(c: _Concept) -> bool:
    """True for a hyphenated adjective written alone: "speaker-independent", "model-agnostic", "end-to-end" name
    nothing, even where a paper abbreviates them ("speaker-independent (SI) training", "end-to-end (E2E) latency")."""
    return any((" " not in f and (_HYPHEN_ADJ.search(f) or _DEGREE_COMPOUND.fullmatch(f.lower()))
                or f.lower().replace(" ", "-") in _MODIFIER_COMPOUNDS) and not is_name(f)
               for f in list(c.surfaces) + list(c.defined))


#: A degree and a noun made one adjective: "high-resolution", "low-dimensional", "long-context" (images,
#: spaces, models): no term alone ("fine-tuning", a process, and "long-tailed", a thesaurus topic, are).
_DEGREE_COMPOUND = re.compile(r"(?:high|low|large|small|long|short)-(?!\w*ed$)[a-z]+")


def _written_in_lower_case(concepts: dict[str, _Concept], texts) -> frozenset[str]:
    """The lone words the corpus's terms capitalise only at a sentence's start ("Multimodal methods based on ...")
    that its abstracts also write in lower case ("multimodal integration"): ordinary words, no names."""
    title = {key for key, c in concepts.items() if " " not in key and c.surfaces and not c.shorts
             and all(re.fullmatch(r"[A-Z][a-z]+", f) for f in c.surfaces)}
    found: set[str] = set()
    if title:
        for text in texts:
            found.update(w for w in _LOWER_WORD.findall(text.plain) if w in title)
    return frozenset(found)
_LOWER_WORD = re.compile(r"(?<![\w\-/.@])[a-z]+(?![\w\-/]|\.\w)")  # (not inside an address: "github.com/x/visconde")


def _lone_word_is_term(key: str, c: _Concept, th: Thesaurus, lower: Container[str] = frozenset()) -> bool:
    """False for one ordinary word the thesaurus does not know as a topic: no node, however often it is written.

    A word alone is ambiguous ("corpus", "recognition", "grammar", "object"); only a name ("Mamba", "CART"),
    a standard metric, a compound ("sum-of-squares") or a word the field's thesaurus lists ("bandits",
    "entropy", "transformers") names a concept by itself. A person's name or adjective ("Markov", "Bayesian")
    names nothing.
    """
    if key in METRIC_KEYS and key not in _WORD_METRICS or _topic_of(key, th) is not None:
        return True  # ("map" is the head of "tree cover maps" and "invertible map", no mAP)
    if _adjective_alone(c):
        return False
    if " " in key or "-" in key:
        return True
    if is_eponym(key.capitalize()):
        return False
    if key in lower:
        return False  # "Multimodal" at a sentence's start, "multimodal" elsewhere: an ordinary word
    if c.shorts or _has_name(c):
        return True
    return not is_common_word(key)  # (the key: "Dictionary construction" and "tensor method" are a word each)


def _topic_of(key: str, th: Thesaurus) -> str | None:
    """The thesaurus topic (no area) a key names, itself or before a generic head ("optimal transport problem")."""
    words = key.split()
    for k in (key, " ".join(words[:-1]) if len(words) > 1 and words[-1] in GENERIC_HEADS else None):
        topic = th.names.get(k) if k else None
        if topic is not None and not th.is_area(topic):
            return topic
    return None


#: A model's parameter count at the end of its name: "GPT-3 175B", "Chinchilla-70B", "LLaMA-65B".
_MODEL_SIZE_END = re.compile(r"(?<=[A-Za-z0-9])[\s\-]\d+(?:\.\d+)?[BM](?:-(?:it|[Ii]nstruct|[Cc]hat|[Bb]ase))?$")
#: ... or its tier or backbone, after a known model's name: "YOLOv10-S", "RT-DETR-R18".
_MODEL_TIER_END = re.compile(r"(?<=[A-Za-z0-9])-(?:[NSMLXBC]|R\d+)$")
#: The key of a name that may end in a size, tier or backbone (a cheap test before the written form's).
_SIZED_KEY = re.compile(r"(?:\d(?:\.\d+)?[bm]|\bit|\binstruct|\bchat|\bbase|\b[nsmlxbc]|\br\d+)$")
_BACKBONE_END = re.compile(r"(?<=[A-Z0-9])-R(?:18|34|50|101|152)$")


def _model_family(c: _Concept) -> str | None:
    """The model family a concept is a version of, as its most common surface writes it: "Gemini 2.5 Flash",
    "Llama 3.1 8B Instruct" and "Qwen3-8B" are Gemini's, Llama's and Qwen3's
    (:data:`kgraph.names.MODEL_IN_TEXT`); else None."""
    if not c.surfaces:
        return None
    written = c.surfaces.most_common(1)[0][0]
    if not MODEL_IN_TEXT.fullmatch(written):
        return None
    family = MODEL_FAMILY.match(written)
    return family.group() if family and family.end() < len(written) else None


def _name_parts(nodes: set[str], concepts: dict[str, _Concept]) -> dict[str, list[str]]:
    """Coined names built on another name of the corpus: the name -> the nodes of the names it is built on.

    "KOALA++" improves KOALA, "RAdamW" is a Riemannian AdamW, "DC-PU" a PU
    learning method, "UFO-RL" a reinforcement-learning one: a name one or two
    letters before another name that is no acronym ("LRMs" are no "RMs"), a name and its "++", or a hyphenated name
    with another name as a part. Only one-word names count on both sides.
    """
    index: dict[str, str] = {}  # a one-word name as written -> its node (the first key in order: builds repeat)
    for key in sorted(nodes):
        c = concepts[key]
        for form in list(c.surfaces) + list(c.shorts):
            if " " not in form and is_name(form) and form not in COMPUTING:
                index.setdefault(form, key)
    out: dict[str, list[str]] = {}
    for form, key in index.items():
        if key in METRIC_KEYS:
            continue  # ("RMSE" is no kind of MSE)
        parts = [p.strip("+") for p in form.split("-")] if "-" in form else []
        # (a letter before an acronym makes another acronym, of its kind only where the long forms say so: LNMF,
        # local NMF, is one, LRMs, large reasoning models, are no RMs, reward models, nor vLLM an LLM)
        parts += [form.rstrip("+")] + [form[i:] for i in (1, 2) if form[i:][:1].isupper() and len(form) - i >= 3
                                       and (not form[i:].removesuffix("s").isupper()
                                            or _same_acronym(form[i:], i, key, index, concepts))]
        wides = [index[p] for p in parts if p != form and p in index and index[p] != key]
        if wides:
            out.setdefault(key, []).extend(w for w in dict.fromkeys(wides) if w not in out.get(key, ()))
    return out


def _same_acronym(rest: str, letters: int, key: str, index: dict[str, str], concepts: dict[str, _Concept]) -> bool:
    """True when an acronym after a name's first letters stands for what the acronym's node does: LNMF's "local
    non-negative matrix factorization" ends in NMF's words; LRMs' "large reasoning models" are no RMs' "reward
    models", nor is vLLM (no long form) an LLM."""
    wide = index.get(rest)
    if wide is None:
        return False
    if " " in wide:  # the acronym's node is spelt out: the name's long form ends in it
        return key.endswith(" " + wide)
    return any(_abbreviates(rest.removesuffix("s"), " ".join(f.split()[letters:])) for f in concepts[key].surfaces
               if len(f.split()) > letters)


def _add_topics(nodes: set[str], broader: dict[str, list[str]], fold: dict[str, list[str]],
                concepts: dict[str, _Concept], th: Thesaurus) -> dict[str, list[str]]:
    """Topics of the thesaurus (:mod:`kgraph.thesaurus`) above the corpus's terms, in place.

    A term that is a topic, or narrows one, gets a ``broader`` edge to the
    nearest topic node above it on each path up the thesaurus, at most two
    levels above the topic (unless the hierarchy reaches that node already).
    A term narrows a topic by its last words ("split conformal prediction"),
    or by a modifier and its last words ("decentralized bilevel
    optimization" is decentralized optimization too). A topic becomes a node
    when two or more different terms under it reach it, from two or more
    papers ("conformal prediction" and "evidential deep learning" meet at
    uncertainty quantification). Areas and field-wide words ("optimization",
    "computational complexity") never do: they join papers that need share nothing.

    Returns, for each term that is no node ("graph few-shot learning", a
    topic one abstract writes), the topic nodes its papers link to instead.
    """
    joins = {k for k, t in th.topics.items() if t.kind != "area" and k not in FIELD_GENERIC and k not in LONE_GENERIC}
    entry: dict[str, list[str]] = {}  # term -> the topics it is or narrows
    for key, c in concepts.items():
        if key in FIELD_GENERIC or key in LONE_GENERIC:
            continue  # a word of the whole field ("generalization error") says nothing of the topics above it
        if key in th.names:  # a topic, or a synonym the hierarchy made a node ("bandits")
            entry[key] = [th.names[key]]
        elif key in nodes or not (is_vague(key) or is_junk(key)) or any(_BASED.match(s) for s in c.surfaces):
            # ("diffusion-based generative methods" keys as the adjective "diffusion based generative", no term of
            # its own, yet narrows diffusion models)
            found = _narrowed_topics(key, c.surfaces.most_common(1)[0][0] if c.surfaces else key, th)
            for called in c.called:  # "CLIPTTA, a gradient-based TTA method": a kind of test-time adaptation
                term = clean_term(called)
                k = concept_key(term) if term else ""
                found += [t for t in ([th.names[k]] if k in th.names else _narrowed_topics(k, term, th) if k else [])
                          if t not in found]
            if found:
                entry[key] = found
    node_of = {entry[k][0]: k for k in entry if k in th.names and k in nodes}  # a topic and the node standing for it

    def first_level(key: str) -> list[str]:
        """The topics right above a term: the topic it narrows, or the parents of the topic it is."""
        return [t for e in entry[key] for t in (th.parents(e) if key in th.names else [e])]

    def levels(key: str) -> set[str]:
        """The topics above a term: at most two levels above the topic it is or narrows."""
        # (never past an area: a term under an area that sits under a topic says nothing of that topic)
        return {t for e in entry[key]
                for t in (th.above(e, 2, past_areas=False) if key in th.names else [e, *th.above(e, 1, past_areas=False)])}

    papers: dict[str, set[str]] = defaultdict(set)
    under: dict[str, set[str]] = defaultdict(set)
    for key in entry:
        for topic in levels(key):
            papers[topic] |= concepts[key].papers
            under[topic].add(key)
    for topic in under.keys() & concepts.keys():  # a topic one paper names: one of the terms that meet there
        papers[topic] |= concepts[topic].papers
        under[topic].add(topic)
    for topic in sorted(under):
        if (topic not in node_of and topic in joins and len(under[topic]) >= 2
                and (len(papers[topic]) >= 2 or topic in concepts and not concepts[topic].text_only
                     and any(k in nodes for k in under[topic] if k != topic))):
            nodes.add(topic)
            entry[topic] = [topic]
            node_of[topic] = topic
            c = concepts.setdefault(topic, _Concept())
            c.label = th.topics[topic].label  # "kernel methods", not the key's "kernel"
            c.surfaces[c.label] += 0  # among the aliases, without outweighing what the corpus writes
            if not c.kinds:
                c.kinds[th.topics[topic].kind] += 1

    def reaches(start: str, goal: str) -> bool:
        seen, stack = set(), [start]
        while stack:
            k = stack.pop()
            if k == goal:
                return True
            if k not in seen:
                seen.add(k)
                stack.extend(broader.get(k, ()))
        return False

    def targets(key: str) -> list[str]:
        """The nearest topic node on each path up from a term (a path ends at its first node)."""
        first = first_level(key)
        out = [t for t in first if t in node_of and t in joins]  # nearest first
        out += [p for t in first if t not in out and not th.is_area(t) for p in th.parents(t)
                if p in node_of and p in joins]
        return [node_of[t] for t in dict.fromkeys(out) if node_of[t] != key]

    up: dict[str, list[str]] = {}
    for key in sorted(entry):
        for target in targets(key):
            if key in nodes:
                if not reaches(key, target) and not reaches(target, key):
                    # "Generalized Logit-Adjusted losses" are wider than the logit-adjusted losses: the edge turns round
                    first, _, rest = key.partition(" ")
                    widens = first in _WIDENING and (rest == target or rest in _topic_names(th, target))
                    wide, narrow = (key, target) if widens else (target, key)
                    broader.setdefault(narrow, []).append(wide)
            elif not any(reaches(f, target) for f in [*fold.get(key, ()), *up.get(key, ())]):
                up.setdefault(key, []).append(target)
    return up


#: Metrics whose short form is a word in lower case: a metric only where written with its capitals (mAP, CIDEr).
_WORD_METRICS = frozenset("map ter spice meteor cider kid rouge las".split())


#: Modifiers that make a head word a person ("domain experts"), who is no topic's.
_PEOPLE = frozenset("human domain medical clinical legal external independent outside senior skilled".split())


#: "InfoNCE-based objective": what the rest of a term is built on.
_BASED = re.compile(r"^(?:(?:the|a|an|our|its|their)\s+)?([\w\-]+?)-based\s+\w", re.I)


#: What is optimized: an objective, function or program, whose kind may name a kind of optimization
_OPTIMIZED = frozenset("objective function functional program formulation".split())


def _narrowed_topics(key: str, written: str, th: Thesaurus) -> list[str]:
    """The topics a term that is none narrows: by its last words, or by a modifier and its last words.

    "split conformal prediction" narrows conformal prediction; "decentralized
    bilevel optimization" narrows bilevel and decentralized optimization.
    Words glued by a hyphen stay whole ("multi-gradient descent" narrows no
    gradient descent, "non-convex bilevel optimization" no convex optimization),
    and a modifier that makes a topic with the words it skips belongs to them
    ("linear attention networks" narrow no linear networks).
    """
    words = key.split()

    def where(phrase: str) -> tuple[int, int]:
        """Where the words of ``phrase`` are written in ``written``: (start, end), or (-1, -1)."""
        found = _find_words(written, phrase)
        at = written.find(found) if found else -1
        return (at, at + len(found)) if at >= 0 else (-1, -1)

    def whole(phrase: str) -> bool:
        at, end = where(phrase)
        return at >= 0 and (at == 0 or written[at - 1].isspace()) and (end == len(written) or written[end] != "-")

    out: list[str] = []
    # "InfoNCE-based objective", "GP-based upper confidence bound": a part built on a topic narrows that topic
    # ("diffusion-based generative methods", "kernel-based methods": the topic named by the word and its head)
    based = _BASED.match(written)
    if based:
        base = concept_key(based.group(1))
        topic = next((th.names[k] for k in (base, f"{base} model", f"{base} method") if k in th.names), None)
        if topic is not None:
            out.append(topic)
    # "convex quadratic objectives", "a black-box objective function": an objective of a kind is that kind's
    # optimization, the kind its first word names past adverbs ("strongly convex functions")
    if len(words) > 1 and words[-1] in _OPTIMIZED:
        for i, word in enumerate(words[:-1]):
            topic = th.names.get(f"{word} optimization") or th.names.get(f"{' '.join(words[i:i + 2])} optimization")
            if topic is not None:  # (and "black box": "black-box optimization")
                if topic not in out:
                    out.append(topic)
                break
            if "ADV" not in _pos(word):
                break
    # "convex-programming methods": a generic head after a topic's name
    topic = _topic_of(key, th) if words[-1] in GENERIC_HEADS else None
    if topic is not None and topic not in out:
        out.append(topic)
    # "non-stationary Lipschitz bandits", "1-Lipschitz ResNets": a term with a topic's word anywhere in it
    for word in words:
        for part in dict.fromkeys((word, *word.split("-"))):
            topic = th.marks.get(part)
            if topic is not None and topic not in out:
                out.append(topic)
    # "adaptive spectrum experts": a term ending with a topic's head word narrows it, unless the word is a
    # person's ("domain experts", "human experts")
    # (nor a title's last word: "Bootstrap Your Own Latent (BYOL)" is no latent variable)
    titled = len(written.split()) >= 3 and all(w[:1].isupper() for w in written.split()
                                               if w.lower() not in _FUNCTION_WORDS)
    head = th.heads.get(words[-1]) if len(words) > 1 and words[-2] not in _PEOPLE and not titled else None
    if head is not None and head not in out:
        out.append(head)
    for i in range(1, len(words) - 1):  # the longest multi-word topic the key ends with, after a space
        tail = " ".join(words[i:])
        if tail in th.names:
            at, _ = where(tail)
            if at > 0 and written[at - 1].isspace():  # "split conformal prediction"; not "multi-gradient descent"
                out.append(th.names[tail])
                break
    for i in range(len(words) - 2):
        for m in (1, 2):
            for j in range(i + m + 1, len(words)):
                topic = th.names.get(" ".join(words[i : i + m] + words[j:]))
                # the modifier modifies the words it skips when they make a topic together: "linear attention
                # networks" are attention networks, not linear networks
                if any(" ".join(words[k:j]) in th.names for k in range(i, i + m)):
                    continue
                if topic is not None and topic not in out and whole(" ".join(words[i : i + m])):
                    out.append(topic)
    return out
