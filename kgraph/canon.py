"""Concept keys: one key for the surface variants of a name.

Two mentions name the same concept when their keys are equal. The key folds
case, hyphens and spaces ("state-space models", "state space model"),
British and American spelling ("optimisation", "optimization") and the plural
of the head word ("GNNs", "GNN"). Labels are chosen later, from the surface
forms actually seen.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["concept_key", "is_generic", "strip_parentheticals", "GENERIC_WORDS", "GENERIC_HEADS"]

#: Words that name nothing on their own. A mention made only of these (and
#: function words) is never a concept.
GENERIC_WORDS = frozenset("""
approach approaches method methods methodology framework frameworks model models result results
performance task tasks problem problems system systems technique techniques algorithm algorithms
work works paper papers study studies analysis analyses experiment experiments data dataset datasets
strategy strategies scheme schemes solution solutions component components module modules
mechanism mechanisms process processes procedure procedures setting settings scenario scenarios
application applications baseline baselines benchmark benchmarks metric metrics tool tools
technology technologies architecture architectures network networks function functions
way ways thing things issue issues aspect aspects property properties feature features
variant variants version versions extension extensions idea ideas concept concepts notion
efficiency effectiveness quality improvement improvements gain gains
state-of-the-art sota art state novel new proposed existing prior previous current recent
first second third one two three several many various different multiple other such
theory theories insight insights finding findings evidence observation observations
principled simple general unified efficient effective powerful lightweight flexible scalable practical
theoretical comprehensive systematic generic key main overall standard traditional conventional
classical classic popular widely used commonly
limitation limitations challenge challenges advantage advantages
""".split())

#: Head words dropped from the end of a key: they add nothing to the name before them.
#: ("model", "network", "function" are kept: "language model" is not "language".)
GENERIC_HEADS = frozenset("""
approach method methodology framework paradigm technique strategy scheme procedure mechanism module
algorithm task problem setting construction baseline technology routine
""".split())

#: Heads a dataset's name does without ("the QM9 dataset" is QM9), and a word that is a name (a capital or digit).
_DATASET_HEADS = frozenset("dataset benchmark corpus suite".split())
#: What a named set's split is called before "set" or "data": "the RTE-5 test set", "WSJ training data".
_SPLITS = frozenset("test training train dev development validation evaluation".split())
_NAMED_WORD = re.compile(r"[A-Z0-9]")
#: A coined name: a digit, or two capitals ("CIFAR-10", "Flickr30K", "ImageNet", "SQuAD").
_CODED = re.compile(r"\d|[A-Z].*[A-Z]")

#: Generic heads that name a method: after a lone hyphenated modifier they stay in the key, as "method".
_MODIFIED = re.compile(r"([^\W_]+[\-\u2010-\u2015]([^\W_][\w\-\u2010-\u2015]*))\s+(\w+)")
_METHOD_HEADS = frozenset("approach method methodology technique strategy scheme procedure algorithm".split())

_FUNCTION_WORDS = frozenset("""
a an the this that these those our their its his her my your we they it them us
of in on for to with by from at as and or but via into over under between among
is are be been being was were which who whose what where when how than then also
both each every all any some no not only more most less least much very well
""".split())

_BRITISH = [
    (re.compile(r"isation"), "ization"), (re.compile(r"ising\b"), "izing"), (re.compile(r"ised\b"), "ized"),
    (re.compile(r"ise\b"), "ize"), (re.compile(r"ises\b"), "izes"),
    (re.compile(r"yse\b"), "yze"), (re.compile(r"ysed\b"), "yzed"), (re.compile(r"ysing\b"), "yzing"),
    (re.compile(r"our\b"), "or"), (re.compile(r"\bmodelling\b"), "modeling"), (re.compile(r"\bmodelled\b"), "modeled"),
    (re.compile(r"\blabelled\b"), "labeled"), (re.compile(r"\blabelling\b"), "labeling"),
    (re.compile(r"\btravelling\b"), "traveling"), (re.compile(r"tre\b"), "ter"),
    (re.compile(r"\bdialog(?=s?\b)"), "dialogue"),  # (one key for both: the field writes either)
]
# words the rules above would wrongly change
_KEEP = frozenset("""
our four hour your pour tour flour contour detour devour otherwise precise concise noise raise
rise wise promise premise expertise exercise enterprise surprise compromise franchise merchandise
paradise comprise advise revise devise supervise televise chastise disguise cruise praise poise
arise sunrise likewise clockwise pairwise pointwise layerwise stepwise elementwise entrywise
coordinatewise channelwise piecewise groupwise rowwise columnwise blockwise timewise bitwise
centre metre litre theatre spectre genre acre massacre mediocre
supervised unsupervised semisupervised supervising advised revised devised raised praised promised
surprised comprised compromised exercised premised noised denoised poised cruised
""".split())
_NO_SINGULAR = re.compile(r"(ss|us|is|ics|ies?s|sis|xis|ous|as|os)$")


_IRREGULAR = {"matrices": "matrix", "vertices": "vertex", "indices": "index", "simplices": "simplex",
              "appendices": "appendix", "criteria": "criterion", "phenomena": "phenomenon",
              # ("time series" and "biases" are no "time sery" and "biase")
              "series": "series", "species": "species", "analyses": "analysis", "hypotheses": "hypothesis",
              "syntheses": "synthesis", "theses": "thesis", "diagnoses": "diagnosis", "parentheses": "parenthesis",
              "biases": "bias", "axes": "axis", "lenses": "lens", "gases": "gas", "news": "news"}


@lru_cache(maxsize=1 << 18)
def _singular(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith("ics") or _NO_SINGULAR.search(word) and not word.endswith("ies"):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    return word[:-1]


@lru_cache(maxsize=1 << 18)
def _americanize(word: str) -> str:
    if word in _KEEP or len(word) < 5 or word[-1:] == "s" and word[:-1] in _KEEP:  # ("noises" as "noise")
        return word
    for pattern, repl in _BRITISH:
        word = pattern.sub(repl, word)
    return word


#: A longer aside in brackets, opened by a word no name starts with: "Gaussian (not necessarily independent)",
#: "(e.g., images)", "(possibly infinite)".
_ASIDE = re.compile(r"\s*\((?:not|e\.g\.|i\.e\.|possibly|potentially|resp\.|or|and|which|with|without|including|"
                    r"especially|typically|usually|often|mostly|namely|see)\b[^()]{0,80}\)")


def strip_parentheticals(text: str) -> str:
    """Drop short parenthesised asides: "vector-quantized (VQ) VAEs" reads "vector-quantized VAEs".

    >>> strip_parentheticals("Gaussian (not necessarily independent)")
    'Gaussian'
    """
    # (a bracket glued to a word round a number or a letter is part of a name: "SE(3)-equivariant", "O(n)")
    stripped = re.sub(r"\s*\([^()]{1,15}\)", lambda m: m.group(0) if m.start() and text[m.start() - 1].isalnum()
                      and re.fullmatch(r"\((?:\d+|[A-Za-z])\)", m.group(0)) else "", text).strip()
    stripped = _ASIDE.sub("", stripped).strip()
    return stripped or text.strip()


_F_ONE = re.compile(r"\bF[- ]1(?![\w.])")
_POINT_ZERO = re.compile(r"(\b[A-Za-z][\w\-]*[ \-]v?\d+)\.0\b(?![.\d])")
_SQUARE = re.compile(r"(?<=\w[ \-])(\d{2,4}) ?[x\u00d7] ?\1\b")


@lru_cache(maxsize=1 << 18)
def concept_key(text: str) -> str:
    """The key shared by the surface variants of a name.

    Examples
    --------
    >>> concept_key("State-Space Models") == concept_key("state space model")
    True
    >>> concept_key("optimisation") == concept_key("optimization")
    True
    >>> concept_key("GNNs") == concept_key("GNN")
    True
    >>> concept_key("graph neural networks")
    'graph neural network'
    >>> concept_key("continual learning paradigm"), concept_key("DOP method"), concept_key("language models")
    ('continual learning', 'dop', 'language model')
    >>> concept_key("QM9 dataset") == concept_key("QM9"), concept_key("image dataset")
    (True, 'image dataset')
    >>> concept_key("MSCOCO image-sentence datasets") == concept_key("MSCOCO")
    True
    >>> concept_key("TAC 2008 data set"), concept_key("a new data set"), concept_key("data sets")
    ('tac 2008', 'a new dataset', 'dataset')
    >>> concept_key("CoNLL 2008 shared task") == concept_key("CoNLL 2008")
    True
    >>> concept_key("RTE-5 test set") == concept_key("RTE-5"), concept_key("WSJ test data"), concept_key("test set")
    (True, 'wsj', 'test set')
    >>> concept_key("difference-of-convex functions approach") == concept_key("difference-of-convex function")
    True
    >>> concept_key("F 1 score") == concept_key("F-1 scores") == concept_key("F1 score")
    True
    >>> concept_key("AlpacaEval 2.0") == concept_key("AlpacaEval 2"), concept_key("wav2vec 2.0")
    (True, 'wav2vec 2')
    >>> concept_key("ImageNet 64x64") == concept_key("ImageNet-64"), concept_key("a 3x3 convolution")
    (True, 'a 3x3 convolution')
    """
    text = strip_parentheticals(text)
    text = _F_ONE.sub("F1", text)  # "F 1 score", "F-1 scores": PDF text and some authors part the F from its 1
    text = _SQUARE.sub(r"\1", text)  # "ImageNet 64x64" is ImageNet-64: a data set at a resolution
    text = _POINT_ZERO.sub(r"\1", text)  # "AlpacaEval 2.0" is AlpacaEval 2
    written = text.split()
    # acronym plural: GNNs, LLMs, VAEs
    text = re.sub(r"\b([A-Z][A-Z0-9\-]*[A-Z0-9])s\b", r"\1", text)
    text = re.sub(r"'s\b", "", text)
    # "second-order methods", "first-order algorithms": the head stays, one for all of them; without it the key
    # would be the bare modifier, and "second-order heterogeneity" would read as a second-order method
    # (a name is no modifier: "Frank-Wolfe algorithm" is Frank-Wolfe)
    modified = _MODIFIED.fullmatch(text.strip())
    if modified and _singular(modified.group(3).lower()) in _METHOD_HEADS and modified.group(2)[0].islower():
        text = modified.group(1).lower() + " method"
    else:
        modified = None
    text = text.lower()
    text = re.sub(r"[\-_/\u2010-\u2015]+", " ", text)
    text = re.sub(r"[^\w\s.+#]", " ", text)
    words = [_americanize(w) for w in text.split()]
    if words:
        words[-1] = _singular(words[-1])
    if len(words) > 2 and words[-2:] == ["loss", "function"]:
        words.pop()  # "GLA loss functions" are the GLA losses
    # "the RTE-5 test set", "the NIST05 test data": a named set's split is the set
    while (len(words) > 2 and words[-2] in _SPLITS and words[-1] in ("set", "data") and len(written) > 2
           and _NAMED_WORD.search(written[-3])):
        words[-2:] = ["dataset"]
        written = written[:-1]
    if len(words) > 2 and words[-2:] == ["shared", "task"] and _NAMED_WORD.search(written[-3]):
        words[-2:] = ["dataset"]  # "the CoNLL 2008 shared task" is CoNLL 2008, as "the QM9 dataset" is QM9
        written = written[:-1]
    if len(words) > 2 and words[-2:] == ["data", "set"] and _NAMED_WORD.search(written[-3]):
        words[-2:] = ["dataset"]  # "the TAC 2008 data set" is the TAC 2008 dataset: TAC 2008
        written = written[:-1]
    elif len(words) > 1 and words[-2:] == ["data", "set"]:
        words[-2:] = ["dataset"]  # "benchmark data sets" are benchmark datasets: one word, written open or closed
    if len(words) > 1 and words[-1] in _DATASET_HEADS and len(written) > 1 and _NAMED_WORD.search(written[-2]):
        words.pop()  # "the QM9 dataset", "PEMS-BAY datasets", "STS benchmark": the name
    elif (len(written) > 2 and words and words[-1] in _DATASET_HEADS and _CODED.search(written[0])
          and not any(_NAMED_WORD.search(w) for w in written[1:])):
        # "MSCOCO image-sentence datasets", "CIFAR-10 image classification benchmark": what the name's data is
        # says nothing more than the name (a coined name: "Gaussian image datasets" are no Gaussian)
        return concept_key(written[0])
    # "continual learning paradigm", "DOP method": the name without its generic head
    while not modified and len(words) > 1 and words[-1] in GENERIC_HEADS and not all(
        w in GENERIC_WORDS or w in _FUNCTION_WORDS for w in words[:-1]
    ):
        words.pop()
        words[-1] = _singular(words[-1])  # the new head: "DC functions approach" is the DC function
    return " ".join(words)


def is_generic(text: str) -> bool:
    """True when every word of ``text`` is generic or a function word.

    Examples
    --------
    >>> is_generic("our proposed approach"), is_generic("the results"), is_generic("diffusion models")
    (True, True, False)
    """
    words = re.findall(r"[\w\-]+", text.lower())
    return all(w in GENERIC_WORDS or w in _FUNCTION_WORDS or w.isdigit() for w in words)
