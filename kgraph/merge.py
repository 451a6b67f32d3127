"""Graph stage: keys that name one concept merged. Closed and open compounds ("dataset", "data set"),
initials and the long forms they stand for ("LS-SVMs" and "least squares support vector machines"),
acronyms used without a definition in one paper and defined in another.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from typing import Container

from .abbrev import _SMALL_WORDS, best_long_form
from .canon import _singular
from .concept import _Concept
from .mentions import _NOUN_MODIFIER, _compact
from .names import METRIC_KEYS
from .types import ROLES


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
        for key in keys[1:]:
            _fold_concept(concepts, paper_terms, key, keys[0])


def _fold_concept(concepts: dict[str, _Concept], paper_terms: list[dict[str, list]], key: str, into: str) -> None:
    """The concept ``key`` becomes part of the concept ``into`` (made if missing), in place: its kinds, forms,
    papers, and each paper's entry."""
    main, other = concepts.setdefault(into, _Concept()), concepts.pop(key)
    main.kinds.update(other.kinds)
    main.surfaces.update(other.surfaces)
    main.shorts.update(other.shorts)
    main.papers |= other.papers
    main.named |= other.named
    main.proposed |= other.proposed
    for terms in paper_terms:
        if key in terms:
            _fold_entry(terms, key, into)


def _topic_synonym_nodes(nodes: set[str], broader: dict[str, list[str]], fold: dict[str, list[str]],
                         concepts: dict[str, _Concept], paper_terms: list[dict[str, list]],
                         synonyms: dict[str, str]) -> None:
    """A node keyed by another name of a thesaurus topic is the topic, in place. Mentions are keyed by their
    topics as they are read, but a term found inside others or written in a title is keyed as written: "Multimodal
    LLMs" in a title, "instruction-tuned MLLMs" spelt out, made a "multimodal LLMs" node beside the paper's
    multimodal large language models. ``synonyms``: a name's key -> its topic's key (the names a short form the
    corpus defines left out)."""
    # (a lone word stays: "bandits", the head many kinds of bandit narrow, is no other name of multi-armed bandits
    # there)
    renamed = {key: synonyms[key] for key in sorted(nodes) if key in synonyms and " " in key}
    for key, into in renamed.items():
        nodes.discard(key)
        nodes.add(into)
        _fold_concept(concepts, paper_terms, key, into)
    if not renamed:
        return
    for links in (broader, fold):
        for key in list(links):
            new = renamed.get(key, key)
            ends = [renamed.get(t, t) for t in links.pop(key)]
            ends = list(dict.fromkeys(t for t in [*links.get(new, ()), *ends] if t != new))
            if ends:
                links[new] = ends


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


def _writes(lower: str, label: str) -> bool:
    """Whether an abstract (in lower case) writes a label, singular or plural."""
    label = label.lower()
    return label in lower or label.removesuffix("s") in lower or label.removesuffix("es") in lower
