"""Graph stage: what an abstract names only in passing. A test bed or a yardstick ("evaluated on
CIFAR-10", "measured by FID"), or something a method keeps ("while preserving accuracy"): such a
mention links its paper (``passing`` on the edge) but joins no two papers.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterable, Iterator

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
