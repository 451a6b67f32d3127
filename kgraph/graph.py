"""Graph stage: papers and concepts in one networkx graph.

Node ids are namespaced XML names: ``paper:<hash of the abstract>`` and
``concept:<key>`` (:func:`concept_id` of :func:`kgraph.canon.concept_key`).
Mentions become concepts in these steps (the README's "Concepts" section says
why, with the blind reads that shaped them):

1. each mention maps to the term(s) it is about (:mod:`kgraph.terms`): an
   abbreviation stands for its long form, a short form whose definitions agree
   across the corpus resolves everywhere (also inside longer terms), surface
   variants share a key;
2. named datasets and standard metrics written in an abstract are added, and
   every abstract is read for the corpus's terms the tagger missed there;
3. :func:`_hierarchy` chooses which terms are nodes and their ``broader``
   terms; a long one-paper phrase links its paper to the terms it contains;
4. kinds come from the tagger's vote unless the name or head decides.

Concept-concept edges: ``broader`` (the hierarchy), ``relation`` (typed,
from :mod:`kgraph.relations`) and ``cooccurrence``: papers in which both
concepts occur, scored with normalised PMI, kept when the pair shares at
least ``min_cooccurrence`` papers, has NPMI of at least ``min_npmi`` and is
among the ``max_neighbours`` best of one of its concepts.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from sys import intern
from collections import Counter, defaultdict
import re
from functools import lru_cache
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Container, Iterable, Iterator, NamedTuple, Sequence

import networkx as nx

from .abbrev import _SMALL_WORDS, best_long_form
from .canon import _DATASET_HEADS, _FUNCTION_WORDS, GENERIC_HEADS, GENERIC_WORDS, _americanize, _singular, concept_key, strip_parentheticals
from .community import communities
from .lexicon import HYPHEN_PREFIXES
from .names import (DATASET_HEADS, DATASET_IN_TEXT, DATASET_NAME, METRIC_HEADS, METRIC_IN_TEXT, METRIC_KEYS,
                    MODEL_FAMILY, MODEL_IN_TEXT, MODEL_NAME, SPLIT_SUFFIXES, is_language, listed_data_sets)
from .thesaurus import Thesaurus, thesaurus
from .terms import (QUOTES, _HYPHEN_ADJ, _MODIFIER_COMPOUNDS, _NOMINAL, COMPUTING, EVALUATIVE, _named, FIELD_GENERIC, LONE_GENERIC, _pos, clean_term, is_common_word, EPONYM_ADJECTIVE, is_eponym, is_institution, is_junk, is_name,
                    is_vague,
                    split_coordination, subterms)
from .relation_edges import add_relations
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


@dataclass
class _Concept:
    kinds: Counter = field(default_factory=Counter)
    surfaces: Counter = field(default_factory=Counter)
    shorts: Counter = field(default_factory=Counter)
    papers: set = field(default_factory=set)
    named: bool = False  # an abbreviation's long form, a proposed name, or a written name
    heads: Counter = field(default_factory=Counter)  # last words as written ("models" of "Mamba models")
    spelt: dict = field(default_factory=dict)  # surface with a short form spelt out -> as written ("mini-batch SGD")
    label: str | None = None  # a thesaurus topic's own label, when the topic became a node through its terms
    text_only: bool = False  # a thesaurus topic found only by reading the text, never by the tagger
    introduced: Counter = field(default_factory=Counter)  # the kinds its definitions introduce it as ("a ... model")
    defined: Counter = field(default_factory=Counter)  # its long forms as definitions write them ("Branch-and-Cut")
    #: what an appositive calls a name, short forms spelt out ("CLIPTTA, a new gradient-based TTA method")
    called: Counter = field(default_factory=Counter)
    proposed: bool = False  # a paper proposes it


#: Two plural short forms joined by a slash: "LLMs/VLMs", "CNNs/RNNs" (not a name's: "CNN/DM").
_ACRONYM_PAIR = re.compile(r"[A-Z][A-Za-z]*[A-Z][A-Za-z]*s/[A-Z][A-Za-z]*[A-Z][A-Za-z]*s")
#: A mention holding a definition the extractor left whole: "Contrastive Language-Image Pre-training (CLIP) models".
_INNER_DEFINITION = re.compile(r"^(?P<long>[^()]+?)\s*\((?P<short>[A-Za-z][\w\-+]*[A-Z][\w\-+]*)\)(?P<tail>[^()]*)$")
#: A definition written short form first: "MGRPO (Multi-layer GRPO)".
_SHORT_FIRST = re.compile(r"^(?P<short>[A-Za-z][\w\-+]*[A-Z][\w\-+]*)\s*\((?P<long>[^()]+)\)$")


def _whole_words(m: Mention, text: str) -> Mention:
    """``m`` widened to whole words where it starts or ends inside a hyphenated word of ``text``.

    "Follow-the-Perturbed-Leader (FTPL) policy": the tagger may start at
    "Perturbed"; "Dirichlet-distributed class probabilities": it may stop at
    "Dirichlet" (widened, "Dirichlet-distributed" is an adjective, no term).

    Examples
    --------
    >>> t = "the Follow-the-Perturbed-Leader (FTPL) policy"
    >>> _whole_words(Mention("Perturbed-Leader (FTPL) policy", 15, len(t), "method"), t).text
    'Follow-the-Perturbed-Leader (FTPL) policy'
    >>> t = "the Dirichlet-distributed class probabilities"
    >>> _whole_words(Mention("Dirichlet", 4, 13, "concept"), t).text
    'Dirichlet-distributed'
    >>> t = "the widely-used Vietoris-Rips complex imposes limits"
    >>> _whole_words(Mention("Vietoris-Rips", 16, 29, "concept"), t).text
    'Vietoris-Rips complex'
    >>> t = "convexity or the Polyak–Łojasiewicz (PL) condition"
    >>> _whole_words(Mention("Polyak–Łojasiewicz (PL)", 17, 40, "concept"), t).text
    'Polyak–Łojasiewicz (PL) condition'
    >>> t = "we show that TASTE-S matches TASTE's performance"
    >>> _whole_words(Mention("TASTE-S matches", 13, 28, "concept"), t).text
    'TASTE-S'
    """
    start, end = m.start_char, m.end_char
    if text[start:end] != m.text:
        return m
    if 1 < start <= len(text) and text[start - 1] == "-" and text[start - 2].isalnum():
        found = re.search(r"[\w\-]+$", text[:start])
        if found is not None:
            start = found.start()
    if end < len(text) and end and text[end - 1].isalnum():
        found = re.match(r"(?:-\w+)+", text[end:])  # "-distributed", "-4"
        end += found.end() if found else 0
    # "the Vietoris-Rips complex", "a flexible Dirichlet distribution": a mention that stops at a person's
    # name leaves the name's object behind (a name alone names nothing here)
    last = text[end - 1 :: -1].split(None, 1)[0][::-1] if end and not text[end - 1].isspace() else ""
    if re.fullmatch(r"\([A-Z][\w\-]*\)", last):  # "the Polyak–Łojasiewicz (PL) condition": the name, defined
        last = text[start:end - len(last)].rstrip().rsplit(None, 1)[-1] if text[start:end - len(last)].strip() else ""
    if last[:1].isupper() and _EPONYM.fullmatch(last):
        found = _EPONYM_OBJECT.match(text, end)
        end = found.end() if found else end
    # "LMEB and MTEB exhibit orthogonality", "TASTE-S matches TASTE's performance": the tagger ran a name on into
    # its verb, which the next words show to be one (an object, a "that" clause)
    verb = _VERB_RUN_ON.search(text, start, end) if text[start:end].rsplit(None, 1)[-1] in _RUN_ON_VERBS else None
    if verb is not None and _OBJECT_AFTER.match(text, end):
        end = verb.start()
    if (start, end) == (m.start_char, m.end_char):
        return m
    return replace(m, text=text[start:end], start_char=start, end_char=end)


#: A coined name and then a verb, ending a mention: "MTEB exhibit", "TASTE-S matches".
_RUN_ON_VERBS = frozenset("""exhibit exhibits match matches outperform outperforms achieve achieves show shows yield
yields improve improves surpasses reaches attains require requires remain remains perform performs""".split())
_VERB_RUN_ON = re.compile(r"(?<=[A-Z0-9+\-])(?:'s)?\s+(?:" + "|".join(sorted(_RUN_ON_VERBS)) + r")$")
#: What follows a verb and not a noun: an object's determiner, a possessive name, a "that" clause, an adverb.
_OBJECT_AFTER = re.compile(r"\s+(?:the|a|an|its|their|our|this|these|that|comparable|competitive|strong|significant|"
                           r"similar|state-of-the-art|better|up|over|[A-Z][\w\-]*'s)\b|\s+\w+ly\b")


#: A person's name: "Vietoris-Rips", "Polyak–Łojasiewicz" (letters of Latin-1 and Latin Extended-A, whose
#: capitals and small letters alternate; a hyphen or an en dash between names)
_EPONYM = re.compile(r"[A-Z\u00c0-\u00de\u0100-\u017f][a-z\u00df-\u00ff\u0100-\u017f]+"
                     r"(?:[-\u2013][A-Z\u00c0-\u00de\u0100-\u017f][a-z\u00df-\u00ff\u0100-\u017f]+)*")
#: What a person's name written before it names: "Vietoris-Rips complex", "Dirichlet distribution".
_EPONYM_OBJECT = re.compile(r" (?:complex|distribution|process|space|kernel|theorem|lemma|inequality|distance"
                            r"|divergence|chain|transform|operator|equation|dimension|complexity|norm|measure"
                            r"|bound|algorithm|method|game|condition|criterion)(?:es|s)?\b")


#: A person's name and what it names, alone: "Polyak-Lojasiewicz condition", "Hoeffding's inequality".
_EPONYMOUS = re.compile(_EPONYM.pattern + r"(?:['\u2019]s)?" + _EPONYM_OBJECT.pattern.removesuffix(r"\b"))


#: A tail that opens with a verb: the tagger ran a definition on into its sentence ("Retrieval-augmented
#: generation (RAG) grounds language model").
_VERB_AFTER = re.compile(r"[a-z]+(?<!ss)(?<!ous)(?<!is)s\b(?! of\b)")


def _as_definition(m: Mention, topics: Container[str] = frozenset()) -> Mention:
    """``m`` with its long and short forms set when its text is a definition ("long form (SHORT) head").

    Examples
    --------
    >>> _as_definition(Mention("Contrastive Language-Image Pre-training (CLIP) models", 0, 52, "method")).short_form
    'CLIP'
    >>> _as_definition(Mention("language model (LLM) training", 0, 29, "method")).short_form is None
    True
    >>> _as_definition(Mention("MGRPO (Multi-layer GRPO)", 0, 24, "method")).long_form
    'Multi-layer GRPO'
    >>> _as_definition(Mention("full Gauss-Newton (GN) preconditioning", 0, 38, "method")).long_form
    'Gauss-Newton'
    >>> _as_definition(Mention("Retrieval-augmented generation (RAG) grounds language model", 0, 59, "method")).short_form
    'RAG'
    >>> _as_definition(Mention("Mixture-of-experts (MoE) language models", 0, 40, "method"), {"mixture of expert"}).long_form
    'Mixture-of-experts'
    """
    if m.long_form or m.short_form:
        return m
    found = _INNER_DEFINITION.match(m.text)
    if found is None:
        # "MGRPO (Multi-layer GRPO)": the later uses of MGRPO stand for the long form, and so does this
        found = _SHORT_FIRST.match(m.text)
        if found and len(found.group("long").split()) >= 2 and best_long_form(found.group("short"), found.group("long")) \
                == found.group("long").strip():
            return replace(m, long_form=found.group("long").strip(), short_form=found.group("short"))
        return m
    long, short, tail = found.group("long").strip(), found.group("short"), found.group("tail").split()
    best = best_long_form(short, long)
    if best and best != long and long.endswith(" " + best) and long[:-len(best)].islower():
        long = best  # "full Gauss-Newton (GN) preconditioning": GN is Gauss-Newton, "full" is this use's
    # (one hyphenated word is a long form when it is a name, "Follow-the-Perturbed-Leader", or a topic's name,
    # "Mixture-of-experts (MoE) language models"; not "out-of-distribution")
    if (len(long.split()) < 2 and not ("-" in long and (is_name(long) or concept_key(long) in topics)) or best != long
            or len(tail) > 2 and not _VERB_AFTER.match(" ".join(tail))
            or any(w.lower() in _FUNCTION_WORDS for w in tail)):
        return m
    return replace(m, long_form=long, short_form=short)


def _resolve_shorts(papers: Sequence[Paper], mentions: Sequence[Sequence[Mention]],
                    known: Container[str] = ()) -> tuple[dict[str, str], dict[str, str], dict[str, list[str]]]:
    """Short forms whose definitions agree across the corpus, and long forms that are the same definition.

    Returns ``(short key -> long key, long key -> canonical long key, short
    key -> its canonical long keys)``, the last for the short forms defined
    two or more ways (MAE: masked autoencoders, mean absolute error). Two
    definitions of one short form agree when their keys match once spaces and
    punctuation are ignored, or differ by a typo (rapidfuzz ratio of at least
    :data:`SAME_DEFINITION`): "reproducible" / "reproducing kernel Hilbert
    spaces" is one definition of RKHS; "continual" / "contrastive learning"
    (CL) are two.
    """
    from rapidfuzz import fuzz

    defs: dict[str, Counter] = defaultdict(Counter)
    for paper, ms in zip(papers, mentions):
        seen = set()
        for m in ms:
            if m.long_form:
                pair = (concept_key(m.short_form or m.text), concept_key(_full_long_form(m, paper.abstract)))
                if pair not in seen:  # counted once per paper
                    seen.add(pair)
                    defs[pair[0]][pair[1]] += 1
    shorts: dict[str, str] = {}
    same: dict[str, str] = {}
    several: dict[str, list[str]] = {}
    for short, longs in defs.items():
        groups: list[list[str]] = []
        for long in sorted(longs, key=lambda k: (-longs[k], k)):
            for group in groups:
                if _compact(long) == _compact(group[0]) or fuzz.ratio(long, group[0]) >= SAME_DEFINITION:
                    group.append(long)
                    break
            else:
                groups.append([long])
        for group in groups:
            # a definition the thesaurus writes (``known``) keys the group ("reproducible" / "reproducing
            # kernel Hilbert spaces" is keyed as the second); then one cut before its head ("Generalized
            # Logit-Adjusted") is the one that has it
            group.sort(key=lambda k: (k not in known, -any(k != other and k.startswith(other + " ") for other in group)))
            for long in group[1:]:
                same[long] = group[0]
        if len(groups) == 1:
            shorts[short] = groups[0][0]
        else:
            several[short] = [group[0] for group in groups]
    return shorts, same, several


def _meaning_here(several: dict[str, list[str]], same: dict[str, str], paper: Paper,
                  ms: Sequence[Mention]) -> dict[str, str]:
    """What the short forms the corpus defines several ways stand for in one paper: short key -> long key.

    The paper's own definition decides ("masked autoencoders (MAE)"); else
    the one definition whose words the paper writes ("masked image modeling
    ... extends MAE"); else none does, and its uses join neither.
    """
    out: dict[str, str] = {}
    for m in ms:
        if m.long_form and concept_key(m.short_form or m.text) in several:
            long = concept_key(_full_long_form(m, paper.abstract))
            out.setdefault(concept_key(m.short_form or m.text), same.get(long, long))
    words = None
    written = {concept_key(m.text) for m in ms}
    for short in sorted(written & several.keys()):  # (the paper's own short forms: a corpus defines thousands)
        longs = several[short]
        if short in out:
            continue
        if words is None:
            words = {_singular(w) for w in re.findall(r"[a-z]+", paper.abstract.lower())}
        fits = [long for long in longs
                if {_singular(w) for w in long.split() if len(w) >= 4 and w not in _SMALL_WORDS} & words]
        if len(fits) == 1:
            out[short] = fits[0]
    return out


def _full_long_form(m: Mention, text: str) -> str:
    """The long form a mention stands for, with the head a definition left after the bracket.

    "Generalized Logit-Adjusted (GLA) loss functions" defines GLA as the loss
    functions: a long form whose last word cannot be a noun takes the words
    after the bracket in ``text`` (the abstract).
    """
    short = m.short_form or m.text
    long = _long_text(m.long_form, short)
    words = long.split()
    last = words[-1].lower() if words else ""
    if not words or "NOUN" in _pos(last) or last.endswith("ing") or _NOMINAL.search(last):
        return long  # "uncertainty quantification (UQ) is crucial": the long form is whole
    found = re.search(re.escape(long) + r"\s*\(\s*" + re.escape(short) + r"\s*\)\s*([\w\- ]+?)(?=\s*[,.;:()]|\s+(?:and|or|that|which|to|for|with|in|on)\b|$)",
                      text)
    head: list[str] = []  # "Positive and Unlabeled (PU) learning is a special case": the head is "learning"
    for word in found.group(1).split() if found else ():
        pos = _pos(word.lower())
        if word.lower() in _FUNCTION_WORDS or pos and not pos & {"NOUN", "ADJ"} or len(head) == 3:
            break
        head.append(word)
    if head:
        return _keep_long(long, clean_term(f"{long} {' '.join(head)}")) or long
    return long


def _keep_long(long: str, term: str) -> str:
    """``term`` (``long`` and a head, cleaned) with the words of the defined long form all kept.

    A definition names its term: "large" stays in "large language model (LLM) training".
    """
    if not term or term.startswith(long):
        return term
    words = long.split()
    for i in range(1, len(words)):
        rest = " ".join(words[i:])
        if term.startswith(rest):
            return " ".join(words[:i]) + " " + term
    return term


#: Two definitions of one abbreviation whose keys are this similar (rapidfuzz ratio) are one definition.
SAME_DEFINITION = 85


#: A modifier in "-ional" before another word: "distributional shift" is a distribution shift.
_NOUN_MODIFIER = re.compile(r"(\w{3,})ional(?= )( )")


@lru_cache(maxsize=1 << 18)
def _compact(key: str) -> str:
    return re.sub(r"[\s.]+", "", key)


def _long_text(long_form: str, short_form: str) -> str:
    """A long form without the short form glued to it: "least squares support vector machines, LS-SVMs"."""
    short = short_form.strip()
    text = re.sub(rf"[\s,;:]+{re.escape(short)}s?$", "", long_form.strip()) if short else long_form
    # (a quoted name is the name: 'the "Wide-scale Item Level Dataset" (WILD)', "''camouflage-aware ...''")
    return QUOTES.sub("", text.strip(" ,;:")) or long_form


def paper_label(paper: Paper, mentions: Sequence[Mention], max_len: int = 80) -> str:
    """A short label: the title, else the name of what the paper proposes, else its opening words."""
    title = paper.meta.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    name = proposed_name(paper.abstract, mentions)
    if name:
        return name if len(name) <= max_len else name[: max_len - 1].rstrip() + "…"
    words = paper.abstract.split()
    opening = " ".join(words[:10])
    return opening + ("…" if len(words) > 10 else "")


#: A name as papers coin them: UFO-RL, MIStar, F-EDL, L2C-Insert, IMPACT, KOALA++, CLIPTTA.
_COINED = re.compile(r"(?<![\w\-])(?=[\w\-+]*[A-Z][\w\-+]*[A-Z0-9])[A-Z][\w]*(?:[\-+][\w+]*)*\+*(?![\w\-])")
_INTRO = re.compile(r"\b(?:we|this (?:paper|work)|our (?:method|approach|framework|model))\s+(?:\w+\s+){0,2}?"
                    r"(?:propose|introduce|present|develop|design|devise)\w*\b|\b(?:called|named|dubbed|termed)\b",
                    re.I)


def proposed_name(abstract: str, mentions: Sequence[Mention] = ()) -> str | None:
    """The name of what a paper introduces, when it names it ("UFO-RL", "DOP: Dual Orthogonal Projection").

    Examples
    --------
    >>> proposed_name("We introduce MIStar, a memory-enhanced framework for routing.")
    'MIStar, a memory-enhanced framework for routing'
    >>> proposed_name("We study the convergence of gradient descent.") is None
    True
    >>> proposed_name("We propose a matching algorithm that aligns MoEs, facilitating the discovery of LMC.") is None
    True
    """
    for m in mentions:
        if m.proposed and m.short_form:
            return f"{m.short_form}: {_long_text(m.long_form or m.text, m.short_form)}"
    evaluated = {w for m in mentions if m.kind in ("dataset", "metric") or m.role == "evaluates_on"
                 for w in _COINED.findall(m.text)}
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", abstract):
        if sentence.rstrip().endswith("?"):
            continue
        for cue in _INTRO.finditer(sentence):
            for name in _COINED.finditer(sentence, cue.end()):
                word = name.group(0)
                if name.start() - cue.end() > 120 or _CLAUSE_END.search(sentence, cue.end(), name.start()):
                    break  # past what the verb introduces: "a matching algorithm that ... the discovery of LMC"
                if len(word) < 3 or word.isdigit() or word in _NOT_COINED or _HYPHEN_ADJ.search(word.lower()):
                    continue  # "LLMs", "PEFT-based"
                if word in evaluated:
                    continue  # "... and evaluate it on QM9": the data it is tested on, not what it proposes
                if re.fullmatch(r"[A-Z][A-Za-z\-]*[A-Z]+s", word) or re.fullmatch(r"(?:[A-Z][a-z]+-)+[A-Z][a-z]+", word):
                    continue  # a class of existing things ("MoEs", "LS-SVMs"), a compound of words ("Logit-Adjusted")
                what = _what_it_is(sentence[name.end():]) or (
                    _what_it_is_before(sentence[max(0, cue.start() - 200):cue.start()])
                    if cue.group(0).lower() in ("called", "named", "dubbed", "termed") else None)
                if what:
                    return f"{word}, {what}"  # (the paper, beside the node of the method it names)
                # a short form the abstract defines is labelled with what it stands for: "GLA: Generalized
                # Logit-Adjusted loss functions", not "GLA" alone
                defined = next((m for m in mentions if m.short_form == word and m.long_form), None)
                return f"{word}: {_full_long_form(defined, abstract)}" if defined else word
    for m in mentions:
        if (m.proposed and (m.text[:1].isupper() or any(ch.isdigit() for ch in m.text)) and len(m.text) <= 60
                and not re.search(r"\b(?:a|an)\s+$", abstract[max(0, m.start_char - 4) : m.start_char], re.I)):
            return m.text  # (not "a Frank-Wolfe algorithm": one of a kind, no name)
    return None


#: What a name is said to be, right after it: "CLIPTTA, a new gradient-based TTA method for vision-language models
#: that ...", "HeroFilter, a simple yet powerful GNN, which ..." (up to the clause's end, and its "for" phrase)
_WHAT_IT_IS = re.compile(r"^\s*(?:\([^()]{1,20}\))?\s*,\s+(an?\s+(?:[\w\-+]+(?:,\d{3})*\s+){0,5}?[\w\-+]+?(?:,\d{3})*)"
                         r"(\s+for\s+(?:[\w\-+]+\s+){0,3}?[\w\-+]+)?(?=\s*(?:,(?!\d{3})|[.;:]|$)|\s+(?:that|which|where|whose|"
                         r"with|to|by|in|on|based|requiring)\b)")
_PRAISE = frozenset("yet fully highly very truly".split())


def _what_it_is(after: str) -> str | None:
    """The appositive right after a coined name, without its praise: "a gradient-based TTA method for
    vision-language models" for CLIPTTA; None when no appositive follows.

    >>> _what_it_is(", a simple yet powerful GNN, which extracts information across the spectrum.")
    'a GNN'
    >>> _what_it_is(" that beats everything.") is None
    True
    >>> _what_it_is(", a benchmark of 1,200 tasks requiring API calls, and evaluate GPT-4o.")
    'a benchmark of 1,200 tasks'
    """
    m = _WHAT_IT_IS.match(after[:160])
    return _unpraised(m.group(1) + (m.group(2) or "")) if m else None


def _unpraised(phrase: str) -> str | None:
    """An appositive without its evaluative words and praise, the article chosen again ("a GNN" of "a simple yet
    powerful GNN"); None when nothing is left."""
    _, *words = phrase.split()
    words = [w for w in words if w.lower() not in EVALUATIVE and w.lower() not in _PRAISE]
    while words and words[0].lower() in ("and", "but", "or"):
        words = words[1:]
    if not words:
        return None
    return ("an" if words[0][0].lower() in "aeiou" else "a") + " " + " ".join(words)


#: What a name is said to be before "named": "we suggest a risk estimator of PU learning that balances positive and
#: negative classification error rates, named DC-PU"
_WHAT_IT_IS_BEFORE = re.compile(r"(?:^|\s)(an?\s+(?:[\w\-+]+\s+){0,5}?[\w\-+]+)"
                                r"(?:\s+(?:that|which|where|whose)\s[^;,]*)?,?\s*$")


def _what_it_is_before(before: str) -> str | None:
    """The noun phrase a "named" cue closes, without its relative clause or praise; None when there is none.

    >>> _what_it_is_before("we suggest a risk estimator of PU learning that balances error rates, ")
    'a risk estimator of PU learning'
    """
    m = _WHAT_IT_IS_BEFORE.search(before)
    return _unpraised(m.group(1)) if m else None


#: Where what an introducing verb names has ended: a relative clause, a comma, a semicolon (a colon lists it):
#: "we propose a matching algorithm that enables alignment ..., thereby facilitating the discovery of LMC"
_CLAUSE_END = re.compile(r"\b(?:that|which|where|whereby|thereby|while|whereas)\b|[,;]")


_NOT_COINED = frozenset({"LLM", "LLMs", "GNN", "GNNs", "DNN", "DNNs", "CNN", "CNNs", "RL", "ML", "AI", "NLP", "GPU",
                         "GPUs", "API", "SGD", "MLP", "MLPs", "PDE", "PDEs", "ODE", "ODEs", "VAE", "VAEs", "GAN",
                         "GANs", "MDP", "MDPs", "KL", "RKHS", "PAC", "ReLU", "OOD", "IID", "I.I.D."})


def _mention_terms(m: Mention, keep: frozenset = frozenset()) -> list[tuple[str, bool]]:
    """The terms one mention is about, as ``(surface, named)``; ``keep``: names whose first word looks evaluative
    but belongs to them ("optimal transport", "large language model"; keys, from :func:`_evaluative_names`)."""
    # (nor is an institution, defined or not: "European Environment Agency (EEA)" collected the data)
    return [t for t in _terms_of(m.text, m.long_form, m.short_form, m.proposed, keep) if not is_institution(t[0])]


def _evaluative_names(th: Thesaurus) -> frozenset:
    """The keys of the thesaurus's names that begin with a word :data:`EVALUATIVE` would strip."""
    return frozenset(k for k in th.names if " " in k and k.split()[0] in EVALUATIVE)


#: A possessive between words: "Adafactor's matrix factorization".
_POSSESSIVE = re.compile(r"(?<=\w)['\u2019]s\s+(?=\w)")


@lru_cache(maxsize=1 << 16)
def _terms_of(text: str, long_form: str | None, short_form: str | None, proposed: bool,
              keep: frozenset = frozenset()) -> tuple:
    m = Mention(text, 0, len(text), "concept", long_form=long_form, short_form=short_form,
                role="proposes" if proposed else "mentions")
    if m.long_form and m.short_form:  # a whole definition: "long form (SHORT) [tail]"
        long = _long_text(m.long_form, m.short_form)
        tail = m.text.split(f"({m.short_form})", 1)[1].strip() if f"({m.short_form})" in m.text else ""
        if tail.startswith("-") and _HYPHEN_ADJ.search(tail.split()[0].lower()):
            return ((long, True),)  # "MultiLayer Perceptron (MLP)-based model": built on the MLP, which is the term
        if tail and not is_junk(long + " " + tail):
            term = _keep_long(long, clean_term(f"{long} {tail}"))
            if term and not is_junk(term) and concept_key(term) != concept_key(long):
                last = long.split()[-1].lower()
                words = term.lower().split()
                while len(words) > 1 and words[-1] in GENERIC_HEADS:
                    words.pop()  # ("... bandit problem": the bandit says what it is)
                head = words[-1]
                if (not m.text.startswith(long) and len(words) > len(long.split()) and head == _singular(head)
                        and head not in GENERIC_HEADS):
                    # "full Gauss-Newton (GN) preconditioning", "the noise-free Gaussian Process (GP) bandit
                    # problem": a definition inside a longer term, which is a term too (instances of the
                    # defined thing are not: "fast magnetic resonance imaging (MRI) scans")
                    return ((long, True), (term, True))
                if _EPONYM.fullmatch(long) and _EPONYM_OBJECT.fullmatch(" " + tail):
                    return ((term, True),)  # "the Polyak–Łojasiewicz (PL) condition": a person's condition
                if "NOUN" in _pos(last) or _NOMINAL.search(last):
                    return ((long, True),)  # "large language model (LLM) training": LLM names the model
                # "Generalized Class-Aware weighted (GCA) losses" names the losses
                return ((term, True),)
        return ((long, True),)
    if m.long_form:  # a use of a defined short form: it stands for the long form
        return ((_long_text(m.long_form, m.short_form or m.text), True),)
    text = strip_parentheticals(m.text)
    if m.short_form:
        return ((_long_text(text, m.short_form), True),)
    owned = _POSSESSIVE.split(text)
    if len(owned) == 2 and all(w[:1].isupper() for part in owned for w in part.split()) and len(owned[0].split()) > 1:
        owned = [text]  # a title's possessive: "Oxford Advanced Learner's Dictionary" is one name
    if len(owned) > 1 and owned[-1].strip():
        # "Adafactor's matrix factorization", "CLIPTTA's gradients": the term is what is owned (its owner,
        # when a term, is mentioned in its own right)
        text = owned[-1].strip()
    named = m.proposed and is_name(text)  # "we propose a norm-guided objective" names no term
    # (a name is not split, but names listed are: "Open Images & Conceptual Captions", "non-dissipative, Hamiltonian")
    parts = [text] if named or is_name(text) and not re.search(r"\b(?:and|or)\b|,\s|\s&\s", text) else split_coordination(text)
    if len(parts) == 1 and _ACRONYM_PAIR.fullmatch(text):
        parts = text.split("/")  # "LLMs/VLMs": two kinds of model, either of them (a name's slash stays: "CNN/DM")
    out = []
    for part in parts:
        words = part.split()
        if keep and len(words) > 1 and words[0].lower() in EVALUATIVE and any(
                concept_key(" ".join(words[:n])) in keep for n in range(2, min(len(words), 4) + 1)):
            rest = clean_term(" ".join(words[1:]))  # "optimal transport problem": the name's own first word stays
            term = f"{words[0]} {rest}" if rest else ""
        else:
            term = clean_term(part)
        if term and not (named and is_name(term)):  # ("Czech-English statistical ... system": a name no more)
            term = _task_of_system(term)
        if term and not is_junk(term):
            out.append((term, named))
    return tuple(out)


def _task_of_system(term: str | None) -> str | None:
    """A system named by the task it does, as that task: "machine translation systems" are about machine
    translation, "face recognition systems" about face recognition (two words stay: "recommendation
    systems", "recognition system"; so does a system's own name: "Paramax spoken language understanding
    system").

    >>> _task_of_system("statistical machine translation systems"), _task_of_system("recommendation systems")
    ('statistical machine translation', 'recommendation systems')
    >>> _task_of_system("Paramax spoken language understanding system"), _task_of_system("HMM-based speech synthesis system")
    ('Paramax spoken language understanding system', 'HMM-based speech synthesis')
    """
    words = term.split() if term else []
    if (len(words) >= 3 and words[-1].lower() in ("system", "systems") and not _system_name(words[0])
            and _singular(words[-2].lower()) in _TASK_HEADS):
        return " ".join(words[:-1])
    return term


def _expand(surface: str | None, expand: dict[str, str]) -> str | None:
    """``surface`` with the short forms in it spelt out, when it has more words than the short form."""
    if surface is None or " " not in surface:
        return surface
    words = surface.split()
    if not any(w in expand for w in words):
        return surface
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        long = expand.get(w, w)
        if out and w in expand and long[1:] == long[1:].lower():
            long = long[:1].lower() + long[1:]  # "Local SGD": "local stochastic gradient descent", not "local Stochastic"
        out.append(long)
        i += 1
        if w in expand:
            # "GLA losses", "GCA loss functions" when GLA already names the losses: the head is not said twice
            said = set(concept_key(expand[w]).split()) | {"function"}
            while i < len(words) and set(concept_key(words[i]).split() or ["-"]) <= said:
                i += 1  # nor "pre-training" after "Contrastive Language-Image Pre-training"
    return " ".join(out)


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
    defined = {concept_key(m.short_form or m.text) for ms in mentions for m in ms if m.long_form}
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
    defined_at: set[tuple[str, str]] = set()  # (paper, key): a short form whose definition was read for its kind
    for paper, ms, meaning in zip(papers, mentions, meanings):
        terms: dict[str, list] = {}
        introduced_here: dict[str, str | None] = {}  # a one-word name -> what its paper calls it
        for m in ms:
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
                c.kinds[m.kind] += 1
                # (a split's head is its data set's: "NIST05 test set" is no set)
                text = surface if surface and m.kind == "dataset" and surface != written_as else m.text
                text = re.sub(r"\bdata (set)", r"data\1", strip_parentheticals(text))  # ("TAC 2008 data set")
                c.heads[_singular(text.split()[-1].lower()) if text.split() else ""] += 1
                written_name = m.kind == "dataset" and _capitalised_inside(surface, paper.abstract, m.start_char)
                c.named |= named or written_name
                c.proposed |= role == "proposes"
                if surface is None:
                    c.shorts[strip_parentheticals(m.text)] += 1
                    if m.long_form:  # a use of the short form that says what it stands for: "B&C" of Branch-and-Cut
                        c.defined[m.long_form] += 1
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
    nodes, broader, fold = _hierarchy(concepts, paper_terms, th, areas, _written_in_lower_case(concepts, texts))
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
    for key in nodes:
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
        if (len(c.papers) < 2 and (not (c.named or c.shorts) or kinds[key] == "concept" and not c.introduced)
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
    for key in sorted(nodes):
        c = concepts[key]
        kind = kinds[key]
        # a term only ever written as its short form is labelled by the long form its definition spells out
        # (a short one: "Branch-and-Cut" for B&C, but UFO-RL stays UFO-RL)
        forms = c.surfaces or c.defined and Counter({f: n for f, n in c.defined.items()
                                                     if len(f.split()) <= 4}) or c.shorts
        forms = forms if c.named and " " not in key else _unsentence(forms, vocabulary)  # ("Freebase" is a name here)
        label = c.label or max(forms, key=lambda f: (forms[f], -len(f.split()), f == f.lower(), -len(f), f))
        if not c.label and not c.proposed and not any(  # (nor one with a short form of its own: MS-UDG)
                sum(ch.isupper() for ch in f) >= 2 and concept_key(f) not in th.names for f in c.shorts):
            label = _untitled(label, key, th, vocabulary)
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
        if (kind == "metric" and re.fullmatch(r"[A-Z][A-Za-z0-9\-]*[A-Z0-9]s", label)
                and not re.fullmatch(r"[GTMP]?FLOPs|MACs", label)):  # (counts of operations are plural names)
            label = label[:-1]  # a metric's short form, singular: "RMSEs in the 1-2 cm range" are RMSE
        if kind in ("dataset", "metric") and not c.label and concept_key(label) != key:
            # the key is the name: "MSCOCO [image-sentence datasets]", "average precision [metric]"
            label = _find_words(label, key) or label
        topic = th.topics.get(key)
        if topic is not None and (concept_key(label) == concept_key(topic.label) or (
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
        for key, (count, role, texts) in terms.items():
            # a phrase that is no node links its paper to the terms it narrows; a topic one abstract writes, to
            # the topics above it ("few-shot learning" to transfer learning)
            # (a topic one paper names is a node, and its paper still meets the others at the topics above it)
            targets = ([key] + up.get(key, []) if key in nodes else
                       ([] if concepts[key].text_only else fold.get(key, [])) + up.get(key, []))
            for target in targets:
                link = links.setdefault(target, [0, "mentions", set()])
                if beds:
                    written[target].update(texts)
                link[0] += count
                link[1] = min(link[1], role, key=ROLES.index)
                if target != key:
                    link[2].update(texts)
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
            # (a metric a paper is scored by is a yardstick wherever it is written: "improves accuracy")
            passing = kinds[target] == "metric" and role == "evaluates_on" or bool(beds) and role not in (
                "proposes", "addresses") and _in_passing(paper.abstract, [*written[target], *via] or forms_of(target),
                                                         beds, lower)
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
_KIND_OF_OTHER = {("method", "task"), ("method", "concept")}


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


def _junk(key: str, c: _Concept) -> bool:
    """:func:`kgraph.terms.is_junk` of a key, unless the paper wrote it as one hyphenated term: the key of
    "over-smoothing" or "in-context learning" starts with a preposition ("over smoothing"), as a sentence piece's
    would (a key junk for another reason, "greedy" of "greedy techniques", stays junk)."""
    first = key.split(" ", 1)[0]
    return is_junk(key) and not any(concept_key(f) == key and f.lower().startswith(first + "-") and not is_junk(f)
                                    for f in c.surfaces)


def _lower_case_words(th: Thesaurus) -> frozenset[str]:
    """The words the thesaurus writes in lower case ("autoregressive", "contrastive"): the field's own words."""
    return frozenset(w for t in th.topics.values() for w in re.split(r"[\s\-]+", t.label) if w.isalpha() and w.islower())


def _untitled(label: str, key: str, th: Thesaurus, vocabulary: Container[str] = frozenset()) -> str:
    """A kind of a thesaurus topic written in title case, in lower case: "Conditional Generative Adversarial
    Networks" are conditional generative adversarial networks; a name stays ("Hedgehog Attention": a noun names it).

    >>> _untitled("Conditional Generative Adversarial Networks", "conditional generative adversarial network", thesaurus())
    'conditional generative adversarial networks'
    >>> _untitled("Hedgehog Attention", "hedgehog attention", thesaurus())
    'Hedgehog Attention'
    """
    words = label.split()
    if len(words) < 2 or not all(re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*", w) for w in words):
        return label
    parts = key.split()
    topic = next((t for t in (" ".join(parts[i:]) for i in range(1, len(parts))) if t in th.names), None)
    if topic is None or th.is_area(th.names[topic]):
        return label
    label_words = th.topics[th.names[topic]].label.split()
    if len(label_words) < 2 or not all(w.islower() for w in label_words):
        return label  # ("Gaussian Processes": the topic is a name; "Simple Attention Modules", SimAM, may be one)
    modifiers = words[: len(words) - len(label_words)]
    if not modifiers or not all(("-" in w or "ADJ" in _pos(w.lower()) or w.lower() in vocabulary)
                                and w.lower() not in EVALUATIVE for w in modifiers):
        return label
    return label.lower()


def _task_untitled(label: str) -> str:
    """A task of ordinary words written in title case, in lower case: "Sentiment Classification (SC)" is
    sentiment classification, as the field writes tasks; a name stays ("Chinese Word Segmentation": "Chinese"
    is no ordinary word; "Densest Supermodular Set": no task).

    >>> _task_untitled("Sentiment Classification"), _task_untitled("Chinese Word Segmentation")
    ('sentiment classification', 'Chinese Word Segmentation')
    """
    words = label.split()
    if (len(words) < 2 or not all(re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)*", w) for w in words)
            or not all(is_common_word(w) for w in words)):
        return label
    return label.lower() if _singular(words[-1].lower()) in _TASK_HEADS else label


def _unsentence(forms: Counter, vocabulary: Container[str] = frozenset()) -> Counter:
    """Forms capitalised only because they open a sentence read in lower case ("Continual learning").

    A first word the lexicon knows in lower case is lowered, or one the thesaurus writes in lower case
    ("Autoregressive diffusion models"); names stay ("Bayesian optimization", "Lipschitz bandits", "Adam").
    """
    out: Counter = Counter()
    for form, count in forms.items():
        words = form.split()
        if (words and words[0][:1].isupper() and words[0][1:].islower()
                and not any(ch.isupper() for ch in " ".join(words[1:]))
                and (is_common_word(words[0]) or words[0].lower() in vocabulary)):
            form = words[0].lower() + form[len(words[0]):]
        out[form] += count
    return out


def concept_id(key: str) -> str:
    """The node id of a concept key, a valid XML NMTOKEN: ``concept:domain_generalization``.

    Examples
    --------
    >>> concept_id("domain generalization"), concept_id("koala++"), concept_id("c#")
    ('concept:domain_generalization', 'concept:koala_x2b_x2b', 'concept:c_x23')
    """
    out = []
    for ch in key.replace(" ", "_"):
        out.append(ch if ch.isalnum() or ch in "_.-" else f"_x{ord(ch):x}")
    return "concept:" + "".join(out)


def _merge_compounds(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]]) -> None:
    """Keys that differ only in spaces ("pretrained model", "pre trained model") or in a modifier's
    "-ional" ("distributional shift", "distribution shift") become one, in place."""
    groups: dict[str, list[str]] = defaultdict(list)
    for key in concepts:
        groups[_compact(_NOUN_MODIFIER.sub(r"\1ion\2", key))].append(key)
    for keys in groups.values():
        if len(keys) < 2:
            continue
        # the noun form is the key ("distribution shift": longer terms contain it), the most papers' next
        keys.sort(key=lambda k: (bool(_NOUN_MODIFIER.search(k)), -len(concepts[k].papers),
                                 -sum(concepts[k].surfaces.values()), k))
        main = concepts[keys[0]]
        for key in keys[1:]:
            other = concepts.pop(key)
            main.kinds.update(other.kinds)
            main.surfaces.update(other.surfaces)
            main.shorts.update(other.shorts)
            main.papers |= other.papers
            main.named |= other.named
            main.proposed |= other.proposed
            for terms in paper_terms:
                if key in terms:
                    _fold_entry(terms, key, keys[0])


def _fold_entry(terms: dict[str, list], key: str, into_key: str) -> None:
    """One paper's entry for ``key`` added to its entry for ``into_key``: mentions, strongest role, texts."""
    entry = terms.pop(key)
    into = terms.setdefault(into_key, [0, "mentions", ()])
    into[0] += entry[0]
    into[1] = min(into[1], entry[1], key=ROLES.index)
    into[2] += tuple(t for t in entry[2] if t not in into[2])


_ACRONYM = re.compile(r"[A-Z]{2,5}")


def _merge_initials(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]]) -> None:
    """An undefined acronym before a head is the term of the same paper whose words it abbreviates, in place.

    "the LA losses" of a paper on "Logit-Adjusted losses" are those losses:
    the acronym abbreviates all the words before the same head, as a short
    form its long form (:func:`kgraph.abbrev.best_long_form`). Only an
    acronym no other paper writes is merged.
    """
    for terms in paper_terms:
        for key in list(terms):
            c = concepts.get(key)
            if c is None or c.shorts or len(c.papers) != 1 or not c.surfaces:
                continue
            first, *rest = c.surfaces.most_common(1)[0][0].split()
            if not rest or not _ACRONYM.fullmatch(first):
                continue
            head = [_singular(w.lower()) for w in rest]
            for other in terms:
                o = concepts.get(other)
                if other == key or o is None or not o.surfaces:
                    continue
                words = o.surfaces.most_common(1)[0][0].split()
                if len(words) <= len(rest) or [_singular(w.lower()) for w in words[-len(rest):]] != head:
                    continue
                before = " ".join(words[: -len(rest)])
                if best_long_form(first, before) == before:  # (Schwartz and Hearst's match, as for definitions)
                    concepts.pop(key)
                    o.shorts.update({first + " " + " ".join(rest): sum(c.surfaces.values())})
                    o.kinds.update(c.kinds)
                    _fold_entry(terms, key, other)
                    break


#: A coined short name with three capitals or more that :data:`_ACRONYM` does not take: "MDAS-GNN", "ES-C51".
_COINED_SHORT = re.compile(r"(?=(?:[^A-Z]*[A-Z]){3})[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")


#: Words a coined name's initials may skip: small words, and what a name is built on ("Expected Sarsa based C51").
_SKIPPED_WORDS = _SMALL_WORDS | {"based", "using"}


def _abbreviates(name: str, long: str) -> bool:
    """True when a coined short name's capitals and numbered parts are the initials of a term's words, in order:
    every word gives its first letter (a hyphenated word may give one per part), a small word may give none.

    >>> _abbreviates("MDAS-GNN", "Multi-Dimensional Attention-based Spatial-diffusion Graph Neural Network")
    True
    >>> _abbreviates("ES-C51", "Expected Sarsa based C51"), _abbreviates("ABAGAT", "abstract argumentation literature")
    (True, False)
    >>> _abbreviates("DINOv3", "DINOv3 suite of vision models")  # (the name inside a phrase: no long form)
    False
    >>> _abbreviates("DiffPF", "differentiable particle filter"), _abbreviates("ALFIA-boost", "Adaptive Layer Fusion with Intelligent Attention")
    (True, False)
    """
    letters = "".join(ch for ch in name if ch.isupper() or ch.isdigit())
    words = long.split()
    if not letters or name.lower() in long.lower() or not all(
            any(ch.isupper() or ch.isdigit() for ch in part) for part in name.split("-")):
        return False  # (a variant's lower-case part abbreviates nothing: "ALFIA-boost" is no ALFIA)

    @lru_cache(maxsize=None)
    def match(i: int, j: int) -> bool:
        if j == len(words):
            return i == len(letters)
        word = words[j]
        if word.lower() in _SKIPPED_WORDS:
            if match(i, j + 1):
                return True
        if any(ch.isdigit() for ch in word):  # "C51": a numbered name is written whole in the short one
            whole = "".join(ch for ch in word if ch.isupper() or ch.isdigit())
            return letters.startswith(whole, i) and match(i + len(whole), j + 1)
        parts = [p for p in word.split("-") if p]
        if not parts or i >= len(letters) or parts[0][0].upper() != letters[i]:
            return False

        def rest(k: int, at: int) -> bool:  # the word's later parts, each giving its initial or nothing
            if k == len(parts):
                return match(at, j + 1)
            return (at < len(letters) and parts[k][0].upper() == letters[at] and rest(k + 1, at + 1)) or rest(k + 1, at)
        return rest(1, i + 1)

    return match(0, 0)


def _merge_coined_initials(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]]) -> None:
    """A coined short name of one paper is the one term of that paper whose words it abbreviates, in place.

    "MDAS-GNN, a Multi-Dimensional Attention-based Spatial-diffusion Graph
    Neural Network" defines the name by an appositive, not by brackets: the
    two are one concept, the long form's short form. The match is by strict
    initials over the whole term, of three words or more (:func:`_abbreviates`;
    Schwartz and Hearst's letters anywhere would take "ABAGAT" for "abstract
    argumentation literature"); only where exactly one term of the paper
    matches, and neither is written by another paper.
    """
    for terms in paper_terms:
        for key in list(terms):
            c = concepts.get(key)
            if (c is None or c.shorts or len(c.papers) != 1 or not c.surfaces
                    or not all(" " not in f and _COINED_SHORT.fullmatch(f) and not _ACRONYM.fullmatch(f)
                               for f in c.surfaces)):
                continue
            name = c.surfaces.most_common(1)[0][0]
            found = [other for other in terms if other != key and (o := concepts.get(other)) is not None
                     and len(o.papers) == 1 and o.surfaces
                     and len((long := o.surfaces.most_common(1)[0][0]).split()) >= 3
                     and _abbreviates(name, long)]
            if len(found) != 1:
                continue
            o = concepts[found[0]]
            concepts.pop(key)
            o.shorts.update(c.surfaces)
            o.kinds.update(c.kinds)
            o.named |= c.named
            o.proposed |= c.proposed
            o.called.update(c.called)
            o.introduced.update(c.introduced)
            _fold_entry(terms, key, found[0])


def _initials(form: str) -> str:
    """The initials of a term's words, small words skipped and a hyphenated word read whole ("vector space
    model": vsm; "machine-readable resources": mr, never MRR, the mean reciprocal rank)."""
    return "".join(w[0] for w in form.split() if w.lower() not in _SMALL_WORDS and w[:1].isalpha()).lower()


def _merge_undefined_acronyms(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]],
                              defined: Container[str], abstracts: dict[str, str]) -> None:
    """An acronym no paper defines is the one term of the corpus whose words it abbreviates, in place.

    A paper writes "phrasal SMT" and another "statistical machine translation";
    one "VSM", another "vector space model": one concept each. Only where
    exactly one term of two or more words has those initials (or exactly one
    that the acronym's own papers write: "LMs" beside "language models"), no paper
    defines the acronym (a definition decides; two, as CL's, keep it apart),
    and the acronym's papers write one of the term's words (a speech paper's
    SIR, the signal-to-interference ratio, is no "semantic image retrieval").
    """
    by_initials: dict[str, set[str]] = defaultdict(set)
    for key, c in concepts.items():
        if " " in key and c.surfaces and not c.shorts:
            by_initials[_initials(c.surfaces.most_common(1)[0][0])].add(key)
    for key in [k for k, c in concepts.items() if " " not in k and c.surfaces and not c.shorts and k not in defined
                and k not in METRIC_KEYS]:
        c = concepts[key]
        if not all(_ACRONYM.fullmatch(f[:-1] if f.endswith("s") and f[:-1].isupper() else f) for f in c.surfaces):
            continue
        targets = by_initials.get(key, ())
        if len(targets) > 1:  # "LMs": of language, learned and local models, the one its own paper writes
            lower = [abstracts[p].lower() for p in c.papers]
            targets = {t for t in targets if any(_writes(text, concepts[t].surfaces.most_common(1)[0][0]) for text in lower)}
        if len(targets) != 1:
            continue
        target = next(iter(targets))
        words = {_singular(w) for w in target.split() if len(w) >= 4 and w not in _SMALL_WORDS}
        if not any(words & {_singular(w) for w in re.findall(r"[a-z]+", abstracts[p].lower())} for p in c.papers):
            continue
        main = concepts[target]
        concepts.pop(key)
        main.shorts.update(c.surfaces)
        main.kinds.update(c.kinds)
        main.papers |= c.papers
        for terms in paper_terms:
            if key in terms:
                _fold_entry(terms, key, target)


#: Words that add nothing to the term they join ("gradient-descent training" is gradient descent).
_SAME_THING = frozenset("training dynamics data process procedure setting scheme approach method framework "
                        "technique problem task paradigm policy".split())

#: Modifiers that make a term wider, not narrower: a "generalized X" has X as a special case.
_WIDENING = frozenset("generalized generalised unrestricted unconstrained universal".split())

#: Heads that add nothing to a lone term before them ("transformer models" are transformers).
_NAME_HEADS = frozenset("model architecture network".split())

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


#: A property an approach keeps ("while preserving expressive power"; readers do take "it promotes fairness" as
#: a paper's subject).
_KEPT = re.compile(r"\b(?:preserv|maintain|retain)\w*\s+(?:(?:the|its|their|a|an|high|strong|full)\s+)?",
                   re.I)


_KEPT_BEFORE = re.compile(_KEPT.pattern + "$", re.I)  # a cue right before a position (searched up to it)


def _kept_phrases(abstract: str) -> set[str]:
    """The runs of one to six words right after "preserving / maintaining / retaining", in lower case."""
    out: set[str] = set()
    for m in _KEPT.finditer(abstract):
        words = [w.strip(".,;:()!?").lower() for w in abstract[m.end() : m.end() + 80].split()[:6]]
        out.update(" ".join(words[:k]) for k in range(1, len(words) + 1))
    return out


def _only_kept(abstract: str, forms: Iterable[str]) -> bool:
    """True when ``abstract`` writes ``forms`` only as what something preserves, maintains or retains.

    >>> _only_kept("We lower the cost while preserving expressive power.", ["expressive power", "expressivity"])
    True
    >>> _only_kept("We study expressive power. Our encoding preserves expressive power.", ["expressive power"])
    False
    """
    found = list(_written_at(_lower(abstract), (f for f in forms if f)))
    return bool(found) and all(_KEPT_BEFORE.search(abstract, max(0, at - 40), at) for at in found)


#: What an abstract names only as a test bed, a yardstick or a use elsewhere: after these words in its sentence
#: ("experiments on image classification and language modeling", "outperforming compressed sensing", "tasks such
#: as TSP", "used in fields such as recommendation systems", "can be applied in reinforcement learning", "are
#: fundamental for generative modelling").
_TEST_BED = re.compile(
    r"\b(?:experiment\w*|empirical(?:ly)? (?:results?|evaluations?|experiments?|validation)|empirically"
    r"|evaluat\w*|benchmark\w*|outperform\w*|surpass\w*|baselines?|simulations?|tested on"
    r"|validat\w* (?:\w+ ){0,3}?(?:on|with|through|via|using)"
    r"|compared (?:to|with|against) (?:the )?(?:existing|prior|previous|traditional|classical|standard|conventional"
    r"|state-of-the-art|strong|competing)"
    r"|(?:tasks?|settings?|domains?|applications?|alternatives?|competitors?|datasets?|benchmarks?|problems?|fields?"
    r"|areas?),? (?:such as|including|like|e\.g\.,?)"
    r"|implications? for|(?:can|could|may) (?:also )?be (?:applied|extended|used) (?:in|to|for)"
    r"|(?:are|is) fundamental for|ubiquitous in|widely used in|applications? (?:in|to))(?!\w)")  # lower case
#: Where a test bed's reach ends in its sentence: "outperforming SSL methods, without domain labels during
#: representation learning" is about representation learning again.
_TEST_BED_END = re.compile(r"\b(?:while|whereas|without|which|whereby|thereby)\b|;")
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z$*(\[])")


def _test_bed_spans(abstract: str, lower: str | None = None) -> list[tuple[int, int]]:
    """The stretches of ``abstract`` that name test beds and yardsticks: from a cue to its clause's end, in text
    order. ``lower`` is :func:`_lower` of it when the caller has it (the cues are matched in lower case).

    >>> text = "We propose X. Experiments on TSP and CVRP, which are hard, show gains."
    >>> [text[a:b] for a, b in _test_bed_spans(text)]
    [' on TSP and CVRP, ']
    """
    lower = _lower(abstract) if lower is None else lower
    spans: list[tuple[int, int]] = []
    at = 0
    while cue := _TEST_BED.search(lower, at):
        sentence = _SENTENCE_END.search(abstract, cue.end())
        end = sentence.start() + 1 if sentence else len(abstract)
        stop = _TEST_BED_END.search(lower, cue.end(), end)
        spans.append((cue.end(), stop.start() if stop else end))
        at = stop.end() if stop else end
    return spans


def _lower(text: str) -> str:
    """``text`` in lower case, character for character (a character whose lower case is longer, "İ", stays).

    >>> _lower("Über İzmir")
    'über İzmir'
    """
    lower = text.lower()
    return lower if len(lower) == len(text) else "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _written_at(lower: str, forms: Iterable[str]) -> Iterator[int]:
    """Where a lower-cased text (:func:`_lower`) writes any of ``forms`` as whole words, by plain search.

    >>> list(_written_at("pre-training, training and retraining", ["training"]))
    [14]
    """
    for form in {f.lower() for f in forms}:
        at = lower.find(form)
        while at >= 0:
            end = at + len(form)
            if not (at and (lower[at - 1].isalnum() or lower[at - 1] in "_-")
                    or end < len(lower) and (lower[end].isalnum() or lower[end] == "_")):
                yield at
            at = lower.find(form, at + 1)


def _in_passing(abstract: str, forms: Iterable[str], spans: list[tuple[int, int]], lower: str | None = None) -> bool:
    """True when every place ``abstract`` writes ``forms`` is inside a test-bed stretch (:func:`_test_bed_spans`).

    ``lower`` is :func:`_lower` of it when the caller has it: forms are found as whole words by plain search
    (a pattern compiled per form made the graph stage about a third slower at 30,000 papers).

    >>> text = "We propose KOALA++, an optimizer. Experiments on image classification show gains over Adam."
    >>> spans = _test_bed_spans(text)
    >>> _in_passing(text, ["image classification"], spans), _in_passing(text, ["KOALA++"], spans)
    (True, False)
    >>> text = "We study image classification. Experiments on image classification confirm it."
    >>> _in_passing(text, ["image classification"], _test_bed_spans(text))
    False
    """
    if not spans:
        return False
    lower = _lower(abstract) if lower is None else lower
    starts = [a for a, _ in spans]  # in text order, apart
    found = False
    for at in _written_at(lower, (f for f in forms if len(f) > 1)):
        i = bisect_right(starts, at) - 1
        if i < 0 or at >= spans[i][1]:
            return False
        found = True
    return found


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
               areas: frozenset[str], lower: Container[str] = frozenset()):
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
                   and any(_ACRONYM.fullmatch(s.rstrip("s")) for s in c.shorts))
        # (a person's condition, inequality or theorem is a term, though the key's words are vague:
        # "Polyak-Lojasiewicz condition")
        if ((is_vague(text) or is_vague(key) and not _EPONYMOUS.fullmatch(text)) and not named_topic and not defined
                or c.text_only and len(c.papers) < 2
                or key in areas):
            return False  # (a topic one paper writes is a node only where other terms meet there, below)
        if key in parts:
            return False  # "a PDE Agent, a PINN Agent, a Code Agent and a Feedback Agent": one system's parts
        if _adjective_alone(c) and not c.proposed:
            return False  # "end-to-end (E2E) latency": a modifier, which a short form makes no term
        if not c.named and not c.shorts and _dimensioned(text, th):
            return False  # "3D geometry", "consecutive 2D slices": things in two or three dimensions, no term
        if " of " in key and len(c.papers) < 2 and not (c.named or c.shorts):
            return False  # "Rademacher complexity of linear predictors": its paper links to the term it names
        words = key.split()
        if len(words) == 2 and (words[0] in HYPHEN_PREFIXES or _HYPHEN_ADJ.search("-".join(words)) and any(
                f.lower().startswith("-".join(words) + " ") for f in c.surfaces)) and is_junk("-".join(words)) \
                and not any(re.fullmatch(r"[A-Z]\w*-[A-Z]\w*", f) for f in c.surfaces):  # (a name: "Multi-News")
            return False  # "multi-modal problems", "a model-agnostic paradigm", keyed without their generic heads:
            # an adjective
        if (len(c.papers) < 2 and not c.shorts and re.search(r"\w-based\b", text, re.I)
                and _singular(key.split()[-1]) not in _NAME_HEADS):  # ("energy-based models" are a family)
            return False  # "InfoNCE-based objective", "Kalman-based optimization": a description of one paper's part
        if key in _WORD_METRICS and not c.shorts and not any(ch.isupper() for f in c.surfaces for ch in f):
            return False  # "tree cover maps", "a density map": no mAP
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

    family_papers: dict[str, set[str]] = defaultdict(set)
    family_written: dict[str, Counter] = defaultdict(Counter)  # a family's key -> its name as its versions write it
    for key in nodes:
        written = model_family(key)
        if written is not None:
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
    # no paper goes undescribed: one with fewer than MIN_PAPER_TERMS terms keeps its strongest phrases, those
    # the paper writes twice or the thesaurus knows ("sampled softmax", "flow matching"); a phrase written once,
    # mostly an unnamed part of the paper's own method ("lossless rounding", "resource reservation"), only
    # where the paper would have no term at all
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
        subs += [f for f in [concept_key(model_family(key) or "")] if f and f in nodes and f != key]  # (its family)
        subs = list(dict.fromkeys(subs))
        if key in th.names:  # two topics the thesaurus sets side by side stay apart, whatever a synonym's words
            subs = [s for s in subs if not _siblings(key, s, th)]  # say ("relative entropy": KL divergence, no entropy)
        top = [s for s in subs if not any(s != t and s in subterms(t) for t in subs)]
        if key not in nodes:  # a phrase folds into terms, not into a modifier it contains
            top = [s for s in top if " " in s or key.endswith(" " + s)]
        return top

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


def _system_name(word: str) -> bool:
    """A first word that makes a system's own name: "Paramax", "CCLINC" (not "Statistical", "Face", nor a
    modifier built on a name: "HMM-based")."""
    return (is_name(word) and not is_common_word(word) and not re.search(r"-[a-z]", word)
            and not is_language(word))  # ("Czech-English", "Arabic" say what a system reads)


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


#: A split of a data set, after the data set's name: "GSM8K test set", "MS MARCO dev set", "ACE 2005 training
#: corpus", "NTCIR-3 test data", "ImageNet validation split".
_SPLIT = re.compile(r"(?P<name>.*?\S)\s+(?:(?:(?:official|standard|public|original|full|blind|labell?ed)\s+)?"
                    r"(?:train(?:ing)?|test(?:ing)?|dev(?:elopment)?|validation|val|evaluation|held-out)\s+"
                    r"(?:sets?|splits?|data|corpus|corpora|portions?|subsets?|partitions?)"
                    r"|(?:train|test|dev)-(?:clean|other)(?:\s+(?:sets?|splits?|subsets?))?)")


def _split_of(surface: str) -> str:
    """The name of the data set a phrase names a split of ("the GSM8K test set" is GSM8K), else ``surface``.

    A split is no concept of its own: a reader looks up the data set. Words in lower case before the name go
    ("labeled RTE-5 test set"); a language's test set names no data set ("English test set").

    >>> _split_of("GSM8K test set"), _split_of("labeled RTE-5 test sets"), _split_of("CoNLL 2012 English test set")
    ('GSM8K', 'RTE-5', 'CoNLL 2012 English')
    >>> _split_of("LibriSpeech test-clean"), _split_of("LibriSpeech dev-other set")
    ('LibriSpeech', 'LibriSpeech')
    >>> _split_of("English test set"), _split_of("held-out test set"), _split_of("Penn Treebank")
    ('English test set', 'held-out test set', 'Penn Treebank')
    """
    found = _SPLIT.fullmatch(surface)
    if not found:
        return surface
    words = found.group("name").split()
    while words and re.fullmatch(r"[a-z\-]+", words[0]):
        words.pop(0)
    if not words or not re.search(r"[A-Z0-9]", words[-1]) or all(is_language(w) for w in words):
        return surface
    return " ".join(words)


def _metric_named(key: str, metric: bool = False) -> str:
    """A standard metric's key for its name and a head ("BLEU scores", "F1 score"), else ``key`` as it is;
    ``metric``: the tagger read a metric, whose words saying it moved go whatever its name ("FDE reduction").

    >>> _metric_named("bleu score"), _metric_named("f1 score"), _metric_named("inception score")
    ('bleu', 'f1', 'inception score')
    >>> _metric_named("f measure"), _metric_named("macro average f1 performance"), _metric_named("top 1 accuracy drop")
    ('f1', 'macro average f1', 'top 1 accuracy')
    >>> _metric_named("f1 score improvement"), _metric_named("fde reduction", True), _metric_named("noise reduction")
    ('f1', 'fde', 'noise reduction')
    """
    if key in _METRIC_SYNONYMS:
        return _METRIC_SYNONYMS[key]
    name, last = key.rsplit(" ", 1) if " " in key else ("", key)
    # (a variant's too: "macro-average F1 performance" is macro-average F1)
    if (name in METRIC_KEYS or name.rsplit(" ", 1)[-1] in METRIC_KEYS) and last in _METRIC_HEAD_KEYS or (
            metric and name and last in _METRIC_CHANGE_KEYS):
        return _metric_named(name)  # ("F1 score improvement": the F1 score, which is F1)
    return key


#: One metric's other names: the F-measure and F-score are F1 (the harmonic mean of precision and recall).
_METRIC_SYNONYMS = {concept_key(name): concept_key("F1") for name in ("F-measure", "F-score", "F1-measure",
                                                                        "F-measures", "F-scores")}

#: A metric's short form and a word saying how it moved: "FDE reduction", "AF-CR gains".
_ACRONYM_MOVED = re.compile(r"[A-Z][A-Z0-9\-@.]*[A-Z0-9]\s+(?:drops?|degradation|gains?|improvements?|increase|"
                            r"decrease|reduction)")
#: The keys of the words that say how much a metric moved ("top-1 accuracy drop", "BLEU gains"), and of all the
#: words after a metric's name that keep it that metric (those and "score", "metric", "measure", "value",
#: "performance").
_METRIC_CHANGE_KEYS = frozenset(concept_key(w) for w in
                                "drop drops degradation gain gains improvement improvements increase decrease reduction".split())
_METRIC_HEAD_KEYS = frozenset(concept_key(w) for w in METRIC_HEADS | {"performance"}) | _METRIC_CHANGE_KEYS


def _metric_variant(key: str, label: str) -> bool:
    """True for a variant of a standard metric written by its name: "entity-level F1", "sacreBLEU score" is not.

    >>> _metric_variant("entity level f1", "entity-level F1"), _metric_variant("feature map", "feature map")
    (True, False)
    >>> _metric_variant("semantic dependency f1", "semantic dependencies F1")
    False
    >>> _metric_variant("macro f1", "macro-F1"), _metric_variant("gpt 4", "GPT-4")
    (True, False)
    """
    words = key.split()
    written = label.split()
    if len(written) == 1 and "-" in label and label.split("-")[0][1:].islower():
        written = label.rsplit("-", 1)  # "macro-F1", "mean-IoU": the word before joined by a hyphen ("X-MAP" no)
    last = written[-1] if written else ""
    # one modifier, as written ("entity-level", "macro-average"): "semantic dependencies F1" is a result, no variant
    return (len(words) > 1 and len(written) == 2 and words[-1] in METRIC_KEYS
            and (is_name(last.split("-")[-1]) or words[-1] == "accuracy"))


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
    (:func:`_own_name`), or a named dataset that is an ordinary word too ("Switchboard", "Reuters")."""
    return c.named or any(_own_name(f) or DATASET_NAME.match(f) for f in c.surfaces if f not in c.spelt)


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


def _adjective_alone(c: _Concept) -> bool:
    """True for a hyphenated adjective written alone: "speaker-independent", "model-agnostic", "end-to-end" name
    nothing, even where a paper abbreviates them ("speaker-independent (SI) training", "end-to-end (E2E) latency")."""
    return any(" " not in f and (_HYPHEN_ADJ.search(f) or f.lower() in _MODIFIER_COMPOUNDS) and not is_name(f)
               for f in list(c.surfaces) + list(c.defined))


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


def _writes(lower: str, label: str) -> bool:
    """Whether an abstract (in lower case) writes a label, singular or plural."""
    label = label.lower()
    return label in lower or label.removesuffix("s") in lower or label.removesuffix("es") in lower


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
    head = th.heads.get(words[-1]) if len(words) > 1 and words[-2] not in _PEOPLE else None
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


_TOKEN = re.compile(r"[\w+#]+(?:\.[\w+#]+)*")
#: A word right after a possessive ("the model's attention", "MLLMs' attention").
_OWNED = re.compile(r"\w(?:['\u2019]s|s['\u2019])\s+(\w+)")
_MATH_SPAN = re.compile(r"\$[^$]*\$")
#: Terms of the field that are also everyday idioms: the words that make the idiom right before the term
#: (``amounts``), or before it with only determiners and amounts between (``verbs``). "Has attracted considerable
#: attention", "special attention is given to" and "received little attention" say how much a topic is studied,
#: never the mechanism.
_AMOUNTS = frozenset("""special particular considerable significant growing increasing increased much little great
    greater renewed wide widespread substantial close closer careful extensive more less tremendous enormous broad
    intense scant limited surging lot lots least most large larger big huge clear notable remarkable""".split())
_IDIOMS = {
    "attention": (_AMOUNTS, frozenset("""attract attracts attracted attracting garner garners garnered garnering
        receive receives received receiving draw draws drew drawn drawing gain gains gained gaining pay pays paid
        paying devote devotes devoted devoting deserve deserves deserved warrant warrants warranted bring brings
        brought call calls called calling give gives given gave giving turn turns turned shift shifts
        shifted""".split())),
}
_IDIOM_FILLERS = _AMOUNTS | frozenset("a an the some of".split())


def _idiom(words: Sequence[str], j: int) -> bool:
    """True when the word at ``j`` is an everyday idiom, not the field's term ("attracted growing attention")."""
    idiom = _IDIOMS.get(_singular(words[j]))
    if idiom is None:
        return False
    amounts, verbs = idiom
    if j and words[j - 1] in amounts:
        return True
    i = j - 1
    while i >= 0 and j - i <= 3 and words[i] in _IDIOM_FILLERS:
        i -= 1
    return i >= 0 and j - i <= 4 and words[i] in verbs


#: Heads that say what a lone term is used for, not a new term: a "disentanglement loss" is about disentanglement.
_ABOUT_HEADS = GENERIC_WORDS | frozenset("loss objective regularizer regularization penalty criterion".split())
#: Longest term, in words, looked for in the text by :func:`_find_missed`.
MAX_TERM_WORDS = 8


class _Text(NamedTuple):
    """An abstract as the text passes read it: math left out, its words as written and as key words."""

    plain: str
    written: tuple[str, ...]
    words: tuple[str, ...]
    #: positions in ``words`` of words glued by a hyphen to a word before them ("convex" of "non-convex")
    joined: frozenset = frozenset()


def _read_text(abstract: str) -> _Text:
    """The words are interned: a corpus's abstracts share their words, and 100,000 of them are held at once."""
    plain = _MATH_SPAN.sub(" ", abstract)
    lowered = re.sub(r"[\-_/]", " ", plain.lower())
    tokens = list(_TOKEN.finditer(lowered))
    words = tuple(intern(_americanize(t.group(0))) for t in tokens)
    joined = frozenset()
    if len(lowered) == len(plain):  # (lower() keeps the length but for a few letters, such as dotted I)
        # a number before the hyphen only parameterises the word: "2-Wasserstein distance" is one
        joined = frozenset(i for i, t in enumerate(tokens) if _glued(plain, t.start()))
    return _Text(plain, tuple(map(intern, _TOKEN.findall(plain))), words, joined)


def _glued(plain: str, start: int) -> bool:
    """True when the word at ``start`` is glued by a hyphen, slash or underscore to a word that is no bare number."""
    if start < 2 or plain[start - 1] not in "-_/" or not plain[start - 2].isalnum():
        return False
    before = re.search(r"[\w.]+$", plain[max(0, start - 41) : start - 1])
    return before is None or not before.group(0).replace(".", "").isdigit()


def _first_words(keys) -> dict[str, int]:
    """For :func:`_phrases`: each first word of ``keys`` and the most words a key starting with it has."""
    longest: dict[str, int] = {}
    for key in keys:
        words = key.split()
        longest[words[0]] = max(longest.get(words[0], 0), len(words))
    return longest


def _phrases(text: _Text, longest: dict[str, int], match) -> Iterator[tuple[int, int, object]]:
    """``(start, words, match(key))`` for the phrases of ``text`` that ``match`` knows, longest first, left to right.

    A candidate is the key of a run of two or more words (the last one
    singular), at most ``longest[first word]`` long; a run never starts inside
    a hyphenated word ("convex" of "non-convex"), and a match is not searched
    again inside itself.
    """
    norm = text.words
    i = 0
    while i < len(norm):
        step = 1
        for n in range(min(longest.get(norm[i], 0) if i not in text.joined else 0, len(norm) - i), 1, -1):
            found = match(" ".join((*norm[i : i + n - 1], _singular(norm[i + n - 1]))))
            if found is not None:
                yield i, n, found
                step = n
                break
        i += step


def _find_missed(papers, texts, nodes, concepts, paper_terms, *, lone_words: bool = False,
                 shorts: dict[str, str] | None = None, synonyms: dict[str, str] | None = None,
                 written_names: Container[str] = frozenset()) -> None:
    """Link papers to the corpus's terms where their text names them but no mention did.

    The tagger misses some uses of a term that it finds elsewhere
    ("Rademacher complexity" inside "a sharper Rademacher complexity bound");
    once the corpus's terms are known, each abstract is read for them, as
    written or as a spelling variant (the concept key of a run of words).
    Multi-word terms are matched in any case; one-word terms when they are
    names (acronyms, "Mamba"), as written, and, with ``lone_words``, when
    they head their phrase ("transformers fail", "a disentanglement loss",
    not "transformer models"). With ``shorts``, a short form the corpus
    defines one way names its term wherever a paper writes it ("LLM
    attention layers"), unless that paper brackets it, defining it its own
    way. With ``synonyms`` (a thesaurus name's key -> its topic's key), a
    multi-word synonym of a term names it ("uncertainty estimation"), and a
    one-word one where it heads its phrase, unless it is in ``written_names``
    (the keys of names the thesaurus writes as names: "CLIP", "Adam"). Matches
    inside a longer match do not count, and a paper already linked to the
    term is left as it is.
    """
    alias = {name: key for name, key in (synonyms or {}).items() if key in nodes and " " in name}
    # a one-word synonym of a term is that term where it heads its phrase ("a disentanglement loss")
    # (not a name the thesaurus writes as one: "CLIP" is no "video clips")
    lone_alias = {name: key for name, key in (synonyms or {}).items()
                  if key in nodes and " " not in name and name not in LONE_GENERIC and len(name) > 2
                  and "NOUN" in _pos(name) and not is_junk(name) and name not in written_names} if lone_words else {}
    phrases = [name for name in alias if len(name.split()) <= MAX_TERM_WORDS]
    names: dict[str, str] = {}
    lone: dict[str, str] = dict(lone_alias)
    for key in sorted(nodes):  # (in order: a form two terms share goes to the same one every build)
        c = concepts[key]
        words = key.split()
        if 2 <= len(words) <= MAX_TERM_WORDS and not is_junk(key):
            phrases.append(key)
        elif len(words) == 1:
            if lone_words and key not in LONE_GENERIC and not any(is_name(f) for f in list(c.surfaces) + list(c.shorts)):
                lone[key] = key  # a lone term ("transformers", "disentanglement"): found as a noun below
            for form in list(c.surfaces) + list(c.shorts):
                if len(form) >= 3 and " " not in form and is_name(form) and not is_junk(form):
                    names.setdefault(form, key)
                    names.setdefault(form + "s", key)
    multi = _first_words(phrases)
    # a short form the corpus defines one way only names its term wherever it is written ("LLM attention
    # layers"), except in a paper that brackets it, defining it its own way ("deep reinforcement learning (DRL)")
    acronyms: dict[str, str] = {}
    for short_key, long_key in (shorts or {}).items():
        if long_key in nodes and long_key in concepts:
            for form in concepts[long_key].shorts:
                if concept_key(form) == short_key and len(form) >= 3 and " " not in form and is_name(form):
                    singular = form[:-1] if form.endswith("s") and form[:-1].isupper() else form
                    for written in (singular, singular + "s"):
                        if written not in names:
                            acronyms.setdefault(written, long_key)
    for paper, text, terms in zip(papers, texts, paper_terms):
        found: Counter = Counter()
        consumed: set[int] = set()  # word positions inside a multi-word term found
        norm = text.words

        def term(cand: str) -> str | None:
            cand = alias.get(cand, cand)
            return cand if cand in nodes and cand in concepts else None

        for i, n, key in _phrases(text, multi, term):
            found[key] += 1
            consumed.update(range(i, i + n))
        for token in text.written:
            key = names.get(token)
            if key is not None:
                found[key] += 1
            key = acronyms.get(token)
            if key is not None and key not in terms and "(" + token not in text.plain:
                found[key] += 1
        if lone:
            # someone's property is not the term: "MLLMs' attention to visual inputs"
            owned = {_singular(w.lower()) for w in _OWNED.findall(text.plain)}
            for j, word in enumerate(norm):
                key = lone.get(_singular(word)) if _singular(word) not in owned and not _idiom(norm, j) else None
                # the word is the term when it heads its phrase: "transformers fail", not "transformer
                # models" or "GP bandits" (the longer term links its paper there through ``broader``)
                if key is not None and j not in consumed and (j + 1 == len(norm) or "NOUN" not in _pos(norm[j + 1])
                                                             or norm[j + 1] in _FUNCTION_WORDS
                                                             or _singular(norm[j + 1]) in _ABOUT_HEADS):
                    found[key] += 1
        for key, count in found.items():
            if key not in terms:
                terms[key] = [count, "mentions", ()]
                concepts[key].papers.add(paper.id)


def _add_named(papers, texts, concepts, paper_terms, shorts, several=None, meanings=None, synonyms=None) -> None:
    """Named datasets and standard metrics written in an abstract are its concepts, found or not by the tagger.

    "across CIFAR-10, CIFAR-100, and CIFAR-10C": the tagger took the first
    only. Outside math, as written (case matters: "MAE" is a metric, "mae" is
    not). A name the corpus defines several ways is what its paper means by it
    (``meanings``, per paper), or nothing: "masked autoencoders (MAE)" are no metric. A short form the
    thesaurus spells out (``synonyms``) is its topic's: "ECE" is the expected calibration error.
    """
    several, synonyms = several or {}, synonyms or {}
    compact = {_compact(k): k for k in sorted(concepts, reverse=True)}  # "CIFAR10" as the tagger took it, "CIFAR-10"
    for i, (paper, text, terms) in enumerate(zip(papers, texts, paper_terms)):
        meaning = meanings[i] if meanings else {}
        written: Counter = Counter()
        plain = text.plain
        # known names and metrics, then names a list calls data sets ("the ETTh1, Weather and Traffic datasets")
        spans = [(m.start(), m.end(), kind, False) for pattern, kind in ((DATASET_IN_TEXT, "dataset"),
                                                                         (METRIC_IN_TEXT, "metric"))
                 for m in pattern.finditer(plain)]
        spans += [(start, end, "dataset", True) for start, end in listed_data_sets(plain)]
        for start, end, kind, listed in spans:
            surface = plain[start:end]
            if kind == "dataset" and _TITLE_GOES_ON.match(plain, end):
                continue  # the first word of a longer title: "the Waymo Open Dataset"
            key = _metric_named(concept_key(surface))  # ("F1 scores" are F1)
            if not key or key in several and key not in meaning:
                continue
            long_key = meaning.get(key) or shorts.get(key) or synonyms.get(key)
            defined = long_key is not None and (long_key in concepts or long_key == synonyms.get(key))
            if defined:  # "MSE" where the corpus defines it: the mean squared error
                key = long_key
            elif key not in concepts:
                key = compact.get(_compact(key), key)
            c = concepts.setdefault(key, _Concept())
            c.papers.add(paper.id)
            if key not in terms:
                terms[key] = [0, "mentions", ()]
                c.kinds[kind] += 1
                (c.shorts if defined else c.surfaces)[surface] += 1
                c.named = True
            elif listed:  # the tagger's "Weather" is a name, and the list calls it a data set
                c.named = True
                c.introduced["dataset"] += 1
            written[key] += 1
        for key, n in written.items():  # the times the paper writes it: the tagger's spans of it count once
            terms[key][0] = max(terms[key][0], n)


#: A title going on after a known name, to a data set's head: "Waymo[ Open Dataset]".
_TITLE_GOES_ON = re.compile(r"(?:\s+[A-Z][\w\-]*){1,3}\s+(?:Dataset|Corpus|Benchmark|Challenge)s?\b")

#: "problems such as X, Y and Z", "two new broad problems: the X and Y", "concrete problems like X".
_PROBLEM_CUE = re.compile(r"\bproblems\s*(?::\s*|,\s*|\s+)(?:(?:such as|like|including|namely|e\.g\.,?)\s+)?"
                          r"|\bproblem\s*(?::\s*|\s+(?:such as|like|including|namely)\s+)")
#: Where such a list ends: a clause or a preposition after the names.
_LIST_END = re.compile(r"[.;:]\s|\b(?:which|that|where|who|with|to|for|in|on|are|is|was|were|by|from|under|using|"
                       r"we|can|has|have|remain|remains)\b")


def _defined_key(name: str, shorts: dict[str, str], same: dict[str, str]) -> str:
    """The key of the concept a name stands for: a short form the corpus defines is its long form's, and a long
    form defined alike with another is that one's ("NCO model" is NCO)."""
    key = concept_key(name)
    key = shorts.get(key, key)
    return same.get(key, key)


def _problem_names(texts, shorts, same) -> set[str]:
    """Keys of the names a text lists as problems: they are tasks, whatever their head says.

    "we formalize two new broad problems: the Unrestricted Sparsest Submodular
    Set (USSS) and Unrestricted Densest Supermodular Set (UDSS) which allow
    ...": both are problems, though a "set" is otherwise a concept. Only
    items of a few words count, read up to the end of the clause.
    """
    def term(name: str) -> str:
        return _defined_key(name, shorts, same)

    out: set[str] = set()
    for text in texts:
        for cue in _PROBLEM_CUE.finditer(text.plain):
            rest = text.plain[cue.end() : cue.end() + 200]
            end = _LIST_END.search(rest)
            listed = strip_parentheticals(rest[: end.start()] if end else rest)
            for item in re.split(r",|\band\b|\bor\b", re.sub(r"\[[^\]]*\]", " ", listed)):
                words = [w for w in item.split() if w.lower() not in ("the", "a", "an")]
                if not words or len(words) > 6 or not any(w[:1].isupper() for w in words):
                    continue  # names only: "problems like the ones above" lists none
                out.add(term(" ".join(words)))
    # names listed beside two or more of those are problems too (coordinated names are of one type): "DSS,
    # SFM, USSS, UDSS, and MNP are all equivalent under strongly polynomial-time reductions"
    for text in texts:
        for listed in _NAME_LIST.finditer(text.plain):
            keys = [term(w) for w in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", listed.group(0))]
            if sum(k in out for k in keys) >= 2:
                out.update(k for k in keys if k)
    return out


#: A list of three or more names: "DSS, SFM, USSS, UDSS, and MNP".
_NAME_LIST = re.compile(r"\b[A-Z][\w\-+&]*(?:\s*,\s*[A-Z][\w\-+&]*)+,?\s+(?:and|or)\s+[A-Z][\w\-+&]*\b")
#: Two or more names: "CQL and IQL", "DSS, SFM, USSS, UDSS, and MNP".
_NAME_PAIR_OR_LIST = re.compile(r"\b[A-Z][\w\-+&]*(?:\s*,\s*[A-Z][\w\-+&]*)*,?\s+(?:and|or)\s+[A-Z][\w\-+&]*\b")
#: A capitalised word right before a list, or right after it: the list's first and last names are parts of longer ones.
_NAME_BEFORE = re.compile(r"(?<![.!?])\s[A-Z0-9][\w\-+&]*\s+$")
_NAME_AFTER = re.compile(r"\s+[A-Z0-9][\w\-+&]*")
#: A coined name as a list writes it: two capitals, or a capital and a digit ("IQL", "TD3+BC", "GPT-4").
_CODED_ITEM = re.compile(r"[A-Z](?=[\w\-+&]*[A-Z0-9])[\w\-+&]*")


def _add_listed_names(papers, texts, concepts, paper_terms, shorts=None, same=None, synonyms=None) -> None:
    """Coined names listed beside one the paper's terms hold are its terms too, of that one's kind.

    "CVR outperforms CQL, IQL and TD3+BC": the tagger took CQL only; names
    coordinated in one list are of one type ("outperforms CQL and IQL"). Only
    lists of coined names (two capitals, or a capital and a digit), every one of them;
    a short form the corpus defines is its long form's ("conservative
    Q-learning (CQL)": CQL, IQL and TD3+BC are methods), and one the
    thesaurus spells out is left to it ("MNP", the minimum-norm point
    algorithm).
    """
    shorts, same, synonyms = shorts or {}, same or {}, synonyms or {}

    def term(name: str) -> str:
        return _defined_key(name, shorts, same)

    for paper, text, terms in zip(papers, texts, paper_terms):
        for listed in _NAME_PAIR_OR_LIST.finditer(text.plain):
            if (_NAME_BEFORE.search(text.plain, max(0, listed.start() - 80), listed.start())
                    or _NAME_AFTER.match(text.plain, listed.end()) or text.plain[listed.start() - 1:listed.start()] == "/"):
                continue  # the ends of longer names: "WMT14 English-German and CoNLL-2003 English", "CNN/DM"
            items = [w for w in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", listed.group(0)) if w]
            if not all(_CODED_ITEM.fullmatch(w) and not any(part.islower() and is_common_word(part)
                                                            for part in w.split("-")[1:]) for w in items):
                continue  # (nor a name glued to the next word: "RISBench-demonstrate that")
            keys = [term(w) for w in items]
            kinds = Counter(kind for k in keys if k in terms and k in concepts for kind in concepts[k].kinds.elements())
            if not kinds:
                continue
            kind = kinds.most_common(1)[0][0]
            held = {f for k in terms if k in concepts for f in concepts[k].shorts}  # "MNP" of "minimum norm point"
            for item, key in zip(items, keys):
                if key and key not in terms and key == concept_key(item) and item not in held and key not in synonyms:
                    c = concepts.setdefault(key, _Concept())
                    c.papers.add(paper.id)
                    c.kinds[kind] += 1
                    c.surfaces[item] += 1
                    c.named = True
                    terms[key] = [1, "mentions", ()]


def _add_topic_names(papers, texts, concepts, paper_terms, th: Thesaurus) -> dict[tuple[str, str], str]:
    """Thesaurus topics written in an abstract are its terms, found or not by the tagger.

    Returns the words a phrase pattern found a topic by, for each (paper id, topic key) it found
    ("strong zero-shot capabilities"), for the link to say.

    "binary classification with weak supervision": the tagger took the task,
    not its setting. Names of two or more words only (as written or as a
    spelling variant, the longest first); never an area or a field-wide term.
    A topic only one paper writes, and the tagger never found, is no node of
    its own: it becomes one where other terms meet there (:func:`_add_topics`).
    """
    names: dict[str, tuple[str, str]] = {}  # a name's key -> (its topic's key, the name as the thesaurus writes it)
    for topic in th.topics.values():
        if topic.kind == "area" or topic.key in FIELD_GENERIC or topic.key in LONE_GENERIC:
            continue
        for name in topic.names:
            k = concept_key(name)
            if " " in k:  # (an adjective names its topic too: "information-theoretic", "minimax-optimal")
                names.setdefault(k, (topic.key, name))
    longest = _first_words(names)
    variants = _Variants(names)
    written_names = _written_names(th)
    # the kinds an optimization problem is said to be ("non-convex"): an abstract with none skips the pattern
    kinds_of_problem = frozenset(k.split()[-2] for k in names if k.endswith(" optimization") and " " in k)
    settings = _settings(th, names)
    found_by: dict[tuple[str, str], str] = {}
    for paper, text, terms in zip(papers, texts, paper_terms):
        found_names = [found for _, _, found in _phrases(text, longest, names.get)] + variants.find(text.plain)
        found_names += [settings[w] for w in (m.group(1).lower().replace("-", "") for m in _SETTING.finditer(
            text.plain)) if w in settings]  # (not keyed: "multi-task" would lose its "task")
        # topics written as a phrase of their own: "limitations in modeling certain tasks" (what a model can
        # express), "replaying on such synthetic data", "the number of observations required for recovery"
        # (a link through one of these says the words the pattern found: "unbiased loss functions")
        phrased = [(names[k], m) for pattern, k in _PHRASED if k in names for m in [pattern.search(text.plain)] if m]
        if "$" in paper.abstract:  # and those written with mathematics: "requires more sensitive $\lambda$ tuning"
            phrased += [(names[k], m) for pattern, k in _PHRASED_IN_MATH if k in names
                        for m in [pattern.search(paper.abstract)] if m]
        found_names += [found for found, _ in phrased]
        found_by.update(((paper.id, found[0]), " ".join(m.group(0).split())) for found, m in reversed(phrased)
                        if found[0] not in terms)
        for m in _OPTIMIZING.finditer(text.plain):
            found_names += [found for found in (names.get(concept_key(f"{m.group(2)} {goal}"))
                                                for goal in _GOALS[m.group(1).lower().replace("is", "iz")])
                            if found][:1]
        if not kinds_of_problem.isdisjoint(text.words):
            found_names += _problems_said_to_be(text.plain, names)
        if written_names.pattern is not None:
            found_names += _names_written(text.plain, written_names, terms)
        written = Counter(key for key, _ in found_names)
        for key, name in found_names:
            c = concepts.get(key)
            if c is None:  # labelled as the thesaurus does: papers write "gradient-free methods", "zeroth-order ..."
                c = concepts[key] = _Concept(text_only=True, label=th.topics[key].label)
            if key not in terms:
                terms[key] = [0, "mentions", (name,)]  # (the words a link through it says it came by)
                c.papers.add(paper.id)
                c.kinds[th.topics[key].kind] += 1
                if not c.surfaces:
                    c.surfaces[name] += 1
        for key, n in written.items():  # the times the paper writes it: the same words the tagger took count once
            terms[key][0] = max(terms[key][0], n)
    return found_by


class _NameWords(NamedTuple):
    """One-word thesaurus names written as names, as :func:`_names_written` finds them."""

    pattern: re.Pattern | None
    topics: dict[str, tuple[str, str]]  # a name as written -> (its topic's key, the name)


def _name_word(name: str) -> bool:
    """A one-word name no ordinary word is written as: "LoRA", "ImageNet", "CIFAR-10", "MNIST" (not "SAM" or
    "GP", three letters or fewer in capitals, which abstracts define as their own things)."""
    if " " in name or not is_name(name):
        return False
    letters = [c for c in name if c.isalpha()]
    if any(c.isdigit() for c in name) or any(c.islower() for c in letters[1:]) and sum(c.isupper() for c in letters) >= 2:
        return True  # "CIFAR-10", "LoRA", "InfoNCE", "ResNets"
    return len(letters) >= 4 and all(c.isupper() for c in letters)  # "MNIST", "LSTM" (not "SAM", "GAT", "OT")


def _written_names(th: Thesaurus) -> _NameWords:
    """The thesaurus's one-word names written as names, with the topics they name (areas and field-wide topics
    left out), and one pattern that finds any of them as a whole word, case and all."""
    topics: dict[str, tuple[str, str]] = {}
    for topic in th.topics.values():
        if topic.kind == "area" or topic.key in FIELD_GENERIC or topic.key in LONE_GENERIC:
            continue
        for name in topic.names:  # (a name of two key words, "CIFAR-10", is found as a phrase already)
            if _name_word(name) and " " not in concept_key(name):
                topics.setdefault(name, (topic.key, name))
    if not topics:
        return _NameWords(None, topics)
    alternatives = "|".join(re.escape(n) for n in sorted(topics, key=len, reverse=True))
    return _NameWords(re.compile(rf"(?<![\w\-])(?:{alternatives})(?![\w\-])"), topics)


def _names_written(plain: str, names: _NameWords, terms: Container[str] = frozenset()) -> list[tuple[str, str]]:
    """The topics an abstract names by a one-word name the tagger may have missed ("For linear models using
    LoRA"): each name written as a whole word, unless the abstract defines it in brackets ("(LoRA)"), where
    the definition says what it means here, or the name begins one of the paper's ``terms`` there ("the CLIP
    score" is a metric, no mention of CLIP)."""
    found = []
    for m in names.pattern.finditer(plain):
        name = m.group(0)
        after = plain[m.end():m.end() + 80].split()[:3]
        if any(concept_key(" ".join([name, *after[:n]])) in terms for n in range(1, len(after) + 1)):
            continue
        if not re.search(rf"\(\s*{re.escape(name)}\s*[),;]", plain):
            found.append(names.topics[name])
    return found


#: Training on data a model generated: "repeated training on synthetic data", "replaying on such synthetic
#: data", "trained on generated images" (data that only evaluates a method, "experiments on synthetic data", is not)
_ON_SYNTHETIC = re.compile(r"\b(?:train|training|trained|retrain\w*|replay\w*|fine-?tun\w*)\s+on\s+(?:(?:such|the|"
                           r"these|this|its|their|purely|only|model-generated)\s+)?(?:synthetic|generated|synthesi[sz]ed)"
                           r"\s+(?:data|samples|images|examples|text)\b", re.I)


#: A sample complexity written out: "the number of observations required for successful recovery" (of data
#: points, not of iterations: "the number of iterations required for convergence" is none)
_SAMPLES_NEEDED = re.compile(r"\bnumber\s+of\s+(?:(?:labell?ed|training|noisy)\s+)?(?:samples|observations|examples|"
                             r"labels|measurements|comparisons|data\s+points)\s+(?:required|needed|necessary)\b", re.I)


#: "the multiclass setting", "the active setting": a setting named by the modifier of its topic.
_SETTING = re.compile(r"\b(?:the|a|an|this|our)\s+([A-Za-z][\w\-]*)\s+(?:setting|regime|scenario|"
                      r"(?:[\w\-]+\s+){0,3}problem)s?\b", re.I)  # (and "the online multi-class selection problem")


#: "Transformers have theoretical limitations in modeling certain tasks": the limits of what a model can
#: express, its expressivity (a verb phrase for the topic, as FASTR reads them)
_LIMITED = re.compile(r"\blimitations?\s+(?:in|of|on)\s+"
                      r"(?:modell?ing|representing|expressing|approximating|simulating)\b", re.I)

#: Models combined into one predictor: "an ensemble of distilled policies", "ensembles of neural networks" (a
#: physicist's "canonical ensemble" is none)
_ENSEMBLE_OF = re.compile(r"\bensembles?\s+of\s+(?:[\w\-]+\s+){0,2}(?:models|networks|policies|classifiers|"
                          r"predictors|learners|regressors|trees|agents)\b", re.I)

#: A symbol that is tuned is a hyperparameter: "Adam requires more sensitive $\lambda$ tuning", "tuning of $\eta$"
_TUNED_SYMBOL = re.compile(r"\$[^$\s]{1,12}\$\s+(?:tuning|selection)\b|\btuning\s+(?:of\s+)?(?:the\s+)?\$[^$\s]{1,12}\$")

#: An estimator said to be unbiased and consistent is statistically consistent: "non-negative PU (nnPU), which are
#: unbiased and consistent with the expected risk" (a method that "consistently outperforms" is none)
_UNBIASED_CONSISTENT = re.compile(r"\b(?:un)?biased\s+and\s+consistent\b|\bconsistent\s+and\s+(?:un)?biased\b", re.I)


#: Losses studied as a family, the design of a loss or risk estimator: "loss functions that decay to zero",
#: "unbiased loss functions", "risk estimators of PU learning", "the geometry of the loss template" (the plural,
#: or an estimator of the risk; a model's one objective, "the Hessian of the loss function", is none)
_LOSS_FAMILY = re.compile(r"\bloss\s+(?:functions|templates?)\b|\brisk\s+estimators?\b", re.I)

#: Working on what no example was seen of: "strong zero-shot capabilities", "a zero-shot training setup", "the
#: zero-shot policy transfer setting" (a setting or ability, never another word after "zero-shot")
_ZERO_SHOT = re.compile(r"\bzero-shot\s+(?:[\w\-]+\s+)?(?:settings?|setups?|capabilit(?:y|ies)|abilit(?:y|ies)|transfer|"
                        r"performance|generali[sz]ation|classification|learning|inference|prediction|recognition)\b",
                        re.I)

#: A sequence model trained on text models language: "large-scale text experiments with LSTMs", "LSTMs trained on
#: text" (a model of a text's images, or text-to-image generation, is none)
_MODELS_TEXT = re.compile(r"\btext\s+experiments\s+(?:with|on|using)\s+(?:LSTMs?|RNNs?|GRUs?|recurrent\s+(?:neural\s+)?"
                          r"networks?)\b|\b(?:LSTMs?|RNNs?|GRUs?|recurrent\s+(?:neural\s+)?networks?)\s+(?:trained\s+)?on\s+"
                          r"(?:(?:natural|large-scale)\s+)?(?:text|language)(?:\s+(?:data|corpora|corpus))?\b", re.I)


class _All(NamedTuple):
    """Patterns a text must all hold, searched in order (the first a cheap, rare one)."""

    patterns: tuple

    def search(self, text: str) -> re.Match | None:
        """None unless every pattern holds; else the longest of their matches, the words that say most."""
        found = []
        for p in self.patterns:
            m = p.search(text)
            if m is None:
                return None
            found.append(m)
        return max(found, key=lambda m: m.end() - m.start())


#: A vision network on images, judged by its test error or accuracy, classifies them: "two-layer CNNs on image data
#: ... converge to poor test error solutions" (a generator on images, judged by no error, is none)
_CLASSIFIES_IMAGES = _All((
    re.compile(r"on\s+(?:natural\s+)?image"),
    re.compile(r"\b(?:CNNs?|ConvNets?|convolutional\s+(?:neural\s+)?networks?|ResNets?|vision\s+transformers?|ViTs?)"
               r"\s+(?:(?:trained|evaluated)\s+)?on\s+(?:natural\s+)?(?:image\s+data(?:sets?)?|images)\b", re.I),
    re.compile(r"\b(?:test|classification|validation)\s+(?:error|accuracy)|\bclassif", re.I)))

#: Each pattern, and the key of the thesaurus name it writes out: read in the plain text, and (the second
#: table) in an abstract with mathematics, as written (the plain text has none)
_PHRASED = ((_ZERO_SHOT, "zero shot learning"), (_LOSS_FAMILY, "loss function design"),
            (_ON_SYNTHETIC, "training on synthetic data"), (_SAMPLES_NEEDED, "sample complexity"),
            (_LIMITED, "expressive power"), (_ENSEMBLE_OF, "ensemble learning"),
            (_CLASSIFIES_IMAGES, "image classification"), (_UNBIASED_CONSISTENT, "statistical consistency"),
            (_MODELS_TEXT, "language modeling"))
_PHRASED_IN_MATH = ((_TUNED_SYMBOL, "hyperparameter tuning"),)

#: "minimizing non-convex functionals" is nonconvex optimization: the verb, and the kind of function it acts on.
_OPTIMIZING = re.compile(r"\b(minimi[sz]|maximi[sz]|optimi[sz])\w*\s+(?:the\s+|a\s+|an\s+)?([\w\-]+)\s+"
                         r"(?:functions?|functionals?|objectives?)\b", re.I)
_GOALS = {"minimiz": ("minimization", "optimization"), "maximiz": ("maximization", "optimization"),
          "optimiz": ("optimization",)}
#: An optimization problem said to be of a kind: "the maximization problem in the latter is non-convex",
#: "objectives are smooth but potentially nonconvex" (the adjective predicated, FASTR's variant of "non-convex
#: optimization"; within the clause)
_PROBLEM_IS = re.compile(r"\b(?:problems?|objectives?|objective\s+functions?|loss(?:es)?)\s+(?:[^.;:,]{0,40}?\s)?"
                         r"(?:is|are|becomes?|remains?)\s+((?:[\w\-]+\s+){0,3}[\w\-]+)", re.I)


def _problems_said_to_be(plain: str, names: dict[str, tuple[str, str]]) -> list[tuple[str, str]]:
    """The kinds of optimization the problems of a text are said to be, as found names.

    Past adjectives, adverbs and "but" ("smooth but potentially nonconvex"), no further ("the problem is that
    convex methods fail" is none).
    """
    out = []
    for m in _PROBLEM_IS.finditer(plain):
        for word in m.group(1).lower().split():
            found = names.get(concept_key(f"{word} optimization"))
            if found:
                out.append(found)
                break
            if word not in ("but", "and", "or") and not _pos(word) & {"ADJ", "ADV"}:
                break
    return out


def _settings(th: Thesaurus, names: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """The modifiers that name one topic alone in "the W setting": W -> (topic key, the name as written).

    "the multiclass setting" is multiclass classification and "the active
    setting" active learning: W is the modifier of a two-word learning
    setting ("W classification", "W learning"). A modifier of two such topics
    neither under the other names none.
    """
    by_word: dict[str, dict[str, str]] = defaultdict(dict)
    for key, (topic, name) in names.items():
        words = key.split()
        if words[-1] not in ("learning", "classification"):
            continue  # (a learning setting: "the natural setting" is no natural gradient)
        if len(words) == 2 and words[0].isalpha() or len(words) == 3 and "-" in name.split()[0]:
            by_word["".join(words[:-1])].setdefault(topic, name)  # ("multi-class classification": "multiclass")
    out = {}
    for word, topics in by_word.items():
        roots = [t for t in topics if not any(u in topics for u in th.above(t, 99))]
        if len(roots) == 1 and word not in LONE_GENERIC and word not in EVALUATIVE:
            out[word] = (roots[0], topics[roots[0]])
    return out


class _Variants:
    """Topic names written as a verb and its object: "quantifies the uncertainty of online SGD" is
    uncertainty quantification, "generalize to unseen domains" domain generalization.

    The syntactic term variants of FASTR (Jacquemin): a name "X Ns" whose head
    is the noun of a verb ("quantification", "selection", "adaptation") is
    found as that verb followed, within its clause, by X (after at most a
    determiner or "to" and two more words); any name "X N" as N, a
    preposition (of, between, among, across) and X ("an imbalance between
    positive and negative classes"). ``names``: a name's key -> (topic key,
    the name as written).

    >>> v = _Variants({"uncertainty quantification": ("uq", "uncertainty quantification")})
    >>> v.find("We quantify the predictive uncertainty of SGD."), v.find("We quantify the error; uncertainty is high.")
    ([('uq', 'uncertainty quantification')], [])
    """

    # (and a gerund: "learning expandable representations", "merge models", "models gradient uncertainty")
    _NOUN_OF_VERB = (("ification", "if"), ("ization", "iz"), ("ation", ""), ("ition", ""), ("ction", "ct"),
                     ("ption", "pt"), ("ssion", "ss"), ("ment", ""), ("ing", ""))
    _BETWEEN = frozenset("the a an its their our this these those to of".split())
    _OF = frozenset("of between among across on".split())
    #: Field-wide heads that still name their topic after a preposition: "a bound on the regret" is a regret bound
    _HEADS_TOO = frozenset({"bound"})

    def __init__(self, names: dict[str, tuple[str, str]]):
        self.objects: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)  # verb stem -> object -> found
        self.terms = frozenset(names)
        self.heads: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)  # head noun -> modifier -> found
        for key, found in names.items():
            words = key.split()
            if len(words) != 2 or not words[0].isalpha() or "NOUN" not in _pos(words[0]) or "ADJ" in _pos(words[0]):
                continue  # ("convex optimization": "optimize convex functions" is no variant of it)
            if found[1][:1].isupper():
                continue  # a name ("Bayesian optimization") is no object of the verb
            stem = next((words[1][: -len(suffix)] + verb for suffix, verb in self._NOUN_OF_VERB
                         if words[1].endswith(suffix) and len(words[1]) - len(suffix) >= 3), None)
            if stem:
                self.objects[stem].setdefault(words[0], found)
            if words[1] not in LONE_GENERIC or words[1] in self._HEADS_TOO:
                self.heads[words[1]].setdefault(words[0], found)  # "imbalance between classes", "merging of models"
        # every written form of each verb: "quantify", "quantifies", "estimate", "generalized", ...
        self.forms = {stem + ending: stem for stem in self.objects for ending in self._ENDINGS}

    # (no past participles: "calibrated confidence margins", "generalized losses" modify a noun)
    _ENDINGS = ("", "e", "es", "ing", "s", "y", "ies", "ying", "ate", "ates", "ating", "ize", "izes", "izing")

    _DETERMINERS = frozenset("the a an its their our these those such all both many most some two of".split())

    _ARTICLES = frozenset("a an the this that each every".split())

    def _noun(self, before: str, word: str) -> bool:
        """A noun, not a verb: "Diffusion models exhibit uncertainty", "our models", "large models", and a
        singular after an article ("train a model to a sequence of tasks" models no sequence)."""
        before = before.strip("(").lower()
        if before in self._ARTICLES and "NOUN" in _pos(word.strip("(").lower()):
            return True
        if not word.endswith("s") or "NOUN" not in _pos(word.lower()):
            return False
        return (before in self._DETERMINERS or "ADJ" in _pos(before) and not before.endswith("ly")
                or concept_key(f"{before} {word}") in self.terms)

    _ABLE = frozenset("capacity capacities ability abilities capability capabilities power potential able".split())

    def _able(self, words: list[str], i: int) -> bool:
        """A verb after "capacity to": what something can do ("the power of foundation models lies in their
        capacity to learn highly expressive representations"), not what the paper does."""
        return i >= 2 and words[i - 1].lower() == "to" and words[i - 2].lower() in self._ABLE

    def _objects_at(self, words: list[str], i: int) -> tuple[dict[str, tuple[str, str]], int] | None:
        """The objects the word at ``i`` takes, and the position they follow; None for no verb or head noun."""
        word = words[i]
        if word[-1] in ",;:.!?)":
            return None
        stem = self.forms.get(word.strip("(").lower())
        if stem is not None and not (i and self._noun(words[i - 1], word)) and not self._able(words, i):
            return self.objects[stem], i
        objects = self.heads.get(word.strip("(")[:-1].lower()) if word.endswith("ed") else None
        if objects:
            # the head noun's adjective, a word or two, then the preposition (FASTR's modifier insertion):
            # "imbalanced error rates between positive and negative classes" is class imbalance
            for j in range(i + 1, min(i + 4, len(words))):
                if words[j - 1][-1] in ",;:.!?)":
                    return None
                if words[j] in self._OF:
                    return objects, j
            return None
        # the head noun, then a preposition and the modifier: FASTR's permutation variant ("the merging of
        # independently trained models" is model merging)
        if i + 1 == len(words) or words[i + 1] not in self._OF:  # (the preposition first: a set look-up per word)
            return None
        objects = self.heads.get(_singular(word.strip("(").lower()))
        return (objects, i + 1) if objects else None

    def find(self, text: str) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        words = text.split()  # (a split and a dict look-up per word: read in every abstract of a corpus)
        for i in range(len(words)):
            at = self._objects_at(words, i)
            if at is None:
                continue
            objects, i = at
            after = []
            for w in words[i + 1 : i + 6]:  # the verb's clause only: up to a comma, a colon, a full stop
                after.append(w.strip("(),;:.!?\"'").lower())
                if w[-1] in ",;:.!?)":
                    break
            while after and after[0] in self._BETWEEN:
                after.pop(0)
            for w in [w for w in after if w not in ("and", "or")][:3]:  # ("expandable and adaptable representations")
                found = objects.get(_singular(_americanize(w)))
                if found and found not in out:
                    out.append(found)
                    break
        return out


def _uncapitalized(words: str) -> str:
    """Capitalised common words in lower case, names and acronyms as written.

    >>> _uncapitalized("Risk Minimization"), _uncapitalized("Gaussian Process"), _uncapitalized("GNN Message Passing")
    ('risk minimization', 'Gaussian process', 'GNN message passing')
    """
    return " ".join(w.lower() if w[:1].isupper() and w[1:] == w[1:].lower() and is_common_word(w) else w
                    for w in words.split())


def _find_words(surface: str, key: str) -> str | None:
    """The words of ``key`` as written in ``surface`` ("regret bound" in "dynamic regret bounds")."""
    words = key.split()
    pattern = r"[\s\-]+".join(re.escape(w) for w in words[:-1])
    last = re.escape(words[-1])
    pattern = (pattern + r"[\s\-]+" if pattern else "") + rf"{last}(?:e?s)?"
    m = re.search(rf"(?<![\w]){pattern}(?![\w])", surface, re.I)
    if m is None:
        # spelling differs (British forms, plural -ies): fall back to the key
        return None
    return m.group(0)


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


_INTRODUCING = {
    "method": "approach method model framework algorithm architecture network optimizer estimator technique "
              "scheme mechanism module procedure strategy solver operator",
    "task": "task problem setting paradigm",
    "dataset": "dataset benchmark corpus",
    "metric": "metric measure index",
}
#: Right after a definition, what it measures: "a structural ambiguity cost (SAC) measuring parse growth".
#: ("a framework based on Partial Information Decomposition (PID) that quantifies ...": the framework does)
_MEASURING_AFTER = re.compile(r"^\s*(?:\([^()]{1,20}\))?\s*(?:measuring|quantifying)\b")
_INTRODUCED_BEFORE = re.compile(r"\b(" + "|".join(" ".join(_INTRODUCING.values()).split()) + r")(?:e?s)?"
                                r"(?:\s+(?:called|named|termed|dubbed)|\s+to(?:\s+\w+ly)?\s+\w+ing"
                                r"|(?<=task|blem|ting)s?\s+of"
                                # "a novel benchmark of in-the-wild scenes that we call Common-O"
                                r"|,?\s+(?:[^.;:()]{0,50}?\s)?(?:that|which)\s+we\s+(?:call|name|term|dub)"
                                # "methods such as GRPO and DAPO", "models including BERT, T5 and": each is one
                                r"|,?\s+(?:such\s+as|including|e\.g\.,?)\s+"
                                # (a list's items: commas, then its last "and" or "or"; not "tasks, including image
                                # classification and language modeling, KOALA++ achieves", which the list ended before)
                                r"(?:[^\s,;:.()]+(?:\s[^\s,;:.()]+)?,\s*){0,4}"
                                r"(?:[^\s,;:.()]+(?:\s[^\s,;:.()]+)?,?\s+(?:and|or)\s+)?)?\s*$", re.I)
                                # ("solvers for VRPs" solve them)
#: Right after a name: its short form in brackets, if any (then the words that say what it is).
_AFTER_NAME = r"^\s*(?:\([^()]{1,20}\))?\s*"
_INTRODUCING_HEADS = "|".join(" ".join(_INTRODUCING.values()).split())
_INTRODUCED_AFTER = re.compile(_AFTER_NAME + r"(?:,|\s+being|\s+is)\s*(?:a|an|the|our)\s+(?:[\w\-]+,?\s+){0,4}?("
                               + _INTRODUCING_HEADS + r")(?![\w\-])", re.I)  # (no "problem" in "problem-...-free")
_INTRODUCED_KIND = {w: kind for kind, words in _INTRODUCING.items() for w in words.split()}


#: "CLIPTTA, a new gradient-based TTA method for ...": an appositive that says what kind of thing a name is.
_APPOSITIVE = re.compile(_AFTER_NAME + r"(?:,|\s+is)\s*(?:a|an)\s+((?:[\w\-]+,?\s+){0,4}?(?:" + _INTRODUCING_HEADS
                         + r"))(?![\w\-])", re.I)


#: What a name is said to be tested on, in the words before it: "We evaluate NAViS on", "achieves 35% on".
_EVALUATED_ON = re.compile(r"(?:\b(?:evaluat\w*|experiments?|tested|results|achiev\w*|outperform\w*|improv\w*)\b"
                           r"[^.;:()]{0,40}?\bon|(?:^|[.!?]\s+)On)"  # (or a sentence that opens so: "On BSDS100, UCAN")
                           r"\s+(?:the\s+)?(?:[A-Z][\w\-+]*(?:\s*,\s*|,?\s+and\s+))*$")  # (and what it lists)
#: ... and after it, the clause goes on or ends ("on TGB and show"), where a network tested on would go on with
#: its data ("on ResNet-50 with ImageNet").
_EVALUATED_ON_END = re.compile(r"\s*(?:[,.;]|and\s|--|\u2013|\u2014|$)")


def _evaluated_on(abstract: str, start: int, end: int) -> bool:
    """True when ``abstract`` tests something on the name at ``start:end``: "We evaluate NAViS on TGB and ..."."""
    return (_EVALUATED_ON.search(abstract[max(0, start - 80):start]) is not None
            and _EVALUATED_ON_END.match(abstract, end) is not None)


def _called(abstract: str, end: int) -> str | None:
    """What an appositive right after a name calls it ("a new gradient-based TTA method"), or None.

    The is-a pattern of Hearst ("NP, a NP"): the name is a kind of what the
    appositive's words make, once its evaluative words and generic head go.
    """
    m = _APPOSITIVE.match(abstract[end:end + 80])
    return m.group(1) if m else None


def _introduced_as(abstract: str, start: int, end: int) -> str | None:
    """The kind a definition introduces its name as, from the words around it, or None.

    "a novel approach to automatically learning Visual Instrumental Variables
    for ... Domain Generalization (VIV-DG)" is a method, whatever its last
    word; so is "Minimal-Sufficient UDG (MS-UDG), a learnable model"; "the
    task of Continuous Domain Generalization (CDG)" is a task.
    """
    if _MEASURING_AFTER.match(abstract[end:end + 40]):
        return "metric"
    after = _INTRODUCED_AFTER.match(abstract[end:end + 60])
    window, before = abstract[max(0, start - 100):start], None
    while (found := _INTRODUCED_BEFORE.search(window, before.start(1) + 1 if before else 0)) is not None:
        before = found  # the nearest word that says what it is ("benchmarks show that our approach, which we call")
    found = after or before
    return _INTRODUCED_KIND[_singular(found.group(1).lower())] if found else None


def _kind_by_name(key: str, c: _Concept, kind: str) -> str:
    """The kind a term's name says, where it says one; else the tagger's vote (``kind``).

    Standard metrics are metrics and named datasets and benchmarks datasets,
    whatever the tagger said; a "dataset" that only names a kind of data
    ("3D point cloud data", "MRI centers") is a concept. Otherwise the head
    word decides when it is unambiguous: "... complexity", "... spaces",
    "... processes" are concepts, "... networks", "... models", "... descent"
    methods (so are losses: "consistency loss", "regression loss functions"),
    "... classification", "... forecasting" tasks.
    """
    label = c.surfaces.most_common(1)[0][0] if c.surfaces else key
    if key in METRIC_KEYS or _metric_variant(key, label) or any(concept_key(s) in METRIC_KEYS for s in c.shorts):
        return "metric"  # (a metric's short form is a metric's: "Translation Edit Rate (TER)")
    if METRIC_IN_TEXT.fullmatch(label):
        return "metric"  # a metric by its name, whatever it names ("GPT Score" is no GPT model)
    if is_language(label) or is_language(key):  # "English", "Urdu-English": SciERC's Material, no dataset
        return "concept"
    if MODEL_NAME.match(label):
        return "method"  # "Mistral", "DeepSeek-R1": models named where they are evaluated
    if DATASET_NAME.match(label) or _BENCHMARK_NAME.search(label) or _SIZED_DATA_NAME.fullmatch(label):
        return "dataset"  # ("SUSTech1K", "ImageNet-1K": a coined name with its count of thousands)
    if _CONVERSION.fullmatch(key) and any(re.search(r"\w-to-\w", f) for f in (label, *c.defined, *c.surfaces)):
        return "task"  # "text-to-CAD", "image-to-video (I2V) tasks": a conversion from one medium to another
    said = c.introduced.most_common(2)
    if said and (len(said) == 1 or said[0][1] > said[1][1]):
        return said[0][0]  # what its definitions call it: "an approach to ... Domain Generalization (VIV-DG)"
    head = _singular(key.split()[-1]) if key else ""
    if kind == "dataset" and (head in _DATA_HEADS or not (is_name(EPONYM_ADJECTIVE.sub("", label).strip())
                                                          or c.named and " " not in key)):
        return "concept"
    written = [h for h, _ in c.heads.most_common()] if c.heads else []
    # the head stands before a post-modifier: "Improvement Search framework with heterogeneous graph
    # representation" is a framework, "Rademacher complexity of linear predictors" a complexity
    front = _POST_MODIFIER.split(key, 1)[0].split()
    # a two-word head first ("... loss function" is a loss, not a function); a name's written head before its
    # own last word ("the Enhanced Block Classification (EBC) framework" is a framework)
    if " " in label and _named(label.split()):
        said_head = next((h for h in written if h in _INTRODUCED_KIND), None)
        if said_head:
            return _INTRODUCED_KIND[said_head]
    for candidate in [" ".join(front[-2:]), _singular(front[-1]) if front else head, *written[:1]]:
        for kinds, heads in _HEAD_KINDS:
            if candidate in heads:
                if kinds == "task" and kind == "method" and is_name(label) and not label.islower() and (
                        " " not in label or _named(label.split())):
                    return kind  # a method's coined name ending in a task's word: "Safe-Control"
                return kinds
    if c.kinds["dataset"] and is_name(label) and kind == "concept":
        return "dataset"
    if kind == "concept" and " " not in label and _named([label]):
        return "method"  # a coined name the tagger called a concept: "CLIP", "GP-UCB", "DANA"
    if kind in ("concept", "task") and _MODEL_NAME.search(label):
        return "method"  # "Gated DeltaNet", "DiT-XL/2": a network's name
    if c.proposed and kind in ("concept", "task") and is_name(label) and _named(label.split()):
        return "method"  # what a paper proposes by a coined name whose head says nothing: "Adaptive Length
        # Penalty" (a proposed task or notion says so: its definition or head word, above)
    return kind


#: A benchmark's or environment's name: "MedAgentGym", "LiveCodeBench", "m-ArenaHard-v2.0", "Google Research
#: Football"'s kin.
_BENCHMARK_NAME = re.compile(r"(?:[a-z0-9]|(?<=-))(?:Gym|GYM|Bench|BENCH|Arena|Eval)(?:\b|(?=[A-Z]))"
                             r"|\b[A-Z]\w*(?:Gym|Bench|Arena|Eval)\b"
                             r"|^[A-Z][\w\-.]*[A-Z0-9][\w\-.]* environments?$"
                             r"|^(?:[A-Z][\w\-]*\s+){2,}(?:Benchmark|Dataset|Corpus|Treebank)s?$"  # ("Long Range Graph Benchmark")
                             r"|^(?=\S*[A-Z0-9])[\w\-.]+(?:\s+[\w\-.]+)?\s+[Ss]hared\s+[Tt]asks?$"  # ("CoNLL 2008 shared task")
                             rf"|^(?!NP-)[A-Z][\w\-]*-(?:{'|'.join(SPLIT_SUFFIXES)})$")  # (a benchmark's split: "Maze-Hard")

#: A data set's coined name that ends in its size in thousands ("SUSTech1K", "ImageNet-1K", "Flickr30K").
_SIZED_DATA_NAME = re.compile(r"[A-Z][\w\-.]*[A-Za-z][\-_]?\d+(?:\.\d+)?K")

#: A network's coined name: a capitalised word ending in Net or Former ("DeltaNet", "Informer") or in a kind of
#: network's or optimizer's short form ("SignSGD", "StyleGAN", "BiLSTM"), or a
#: diffusion transformer's or vision transformer's size ("DiT-XL/2", "ViT-B/16").
_MODEL_NAME = re.compile(r"\b[A-Z]\w*[a-z](?:Net|Former|former|SGD|GAN|GNN|CNN|RNN|LSTM|VAE)s?\b"
                         r"|\b(?:DiT|ViT|SiT)-[A-Z]+(?:/\d+)?\b")




#: Words that start a post-modifier, after a term's head.
_POST_MODIFIER = re.compile(r" (?:for|with|via|of|using|under|in|on|based on) ")

#: Heads that decide a term's kind ("Rademacher complexity" is a concept, "Mamba models" a method).
_HEAD_KINDS = (
    ("concept", frozenset("""complexity space process circuit theory bound dimension distribution property inequality
    theorem lemma formula identity representation view stationarity optimality convexity smoothness manifold variable game equation landscape geometry algebra connectivity condition phenomenon
    regret risk divergence norm point minimum minima maximum optimum solution set class function kernel law
    principle assumption hypothesis bias gap rate entropy topology symmetry invariance equivariance
    identifiability expressivity expressiveness learnability
    disease disorder syndrome pain cancer osteoarthritis diabetes infection tumor tumour depression dementia
    schizophrenia autism epilepsy sepsis pneumonia
    ai intelligence interaction""".split())),  # (fields: "trustworthy AI", "human-computer interaction")
    ("method", frozenset("""network model lm llm mllm vlm slm gnn cnn rnn lstm vae gan transformer algorithm optimizer descent method framework estimator predictor classifier encoder
    decoder autoencoder sampler solver extractor regularization regularizer sgd adam architecture mechanism layer
    attention embedding distillation pruning quantization augmentation policy loss unit block adapter module search
    acceleration momentum""".split())
     | {"loss function", "neural process"}),
    ("task", frozenset("""classification detection segmentation recognition generation translation answering
    forecasting prediction retrieval summarization parsing tracking captioning colorization inpainting
    localization reconstruction recommendation navigation planning control imputation clustering ranking synthesis
    seriation allocation scheduling routing problem generalization minimization quantification grounding geolocation
    discovery editing understanding disambiguation identification tagging labeling labelling completion
    verification""".split()) | {"try on"}),  # (keys write "virtual try-on" as "virtual try on")
    ("dataset", frozenset("dataset benchmark corpus suite challenge".split())),  # ("StarCraft Multi-Agent Challenge")
    ("metric", frozenset({"score"})),  # "Continuous Ranked Probability Score" ("Riemannian metric" is geometry's)
)
#: The head words that make a term a task ("... classification", "... disambiguation").
_TASK_HEADS = dict(_HEAD_KINDS)["task"]
#: A conversion's key ("text to cad", "image to image"), of a hyphenated "A-to-B".
_CONVERSION = re.compile(r"[a-z0-9]+ to [a-z0-9]+")
#: Heads of a data set's name ("French Treebank", "Brown corpus"; a lexicon's, a dictionary's too).
_DATA_SET_HEADS = DATASET_HEADS | {"lexicon", "dictionary"}
#: Heads of a kind of data rather than a dataset.
_DATA_HEADS = frozenset("data image sample observation measurement signal record center scan scanner text video "
                         "response passage output document sentence cloud scene".split())




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
