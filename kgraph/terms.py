"""Terms: what a mention is about, and whether it is a term a researcher would look up.

The extractor's spans follow SciERC, which annotates the longest noun phrase
("confounding-resistant domain generalization methods"). Graph nodes need the
term such a phrase is about. This module turns a mention's surface into
candidate terms, with no model:

* :func:`clean_term` drops determiners, evaluative modifiers ("novel",
  "existing", "certain", "significant", adverbs such as "manually") from the
  front and generic heads ("methods", "approaches", "framework") from the end;
* :func:`split_coordination` turns "negative and non-monotone functions" into
  "negative functions" and "non-monotone functions";
* :func:`is_junk` rejects what is not a term: lone generic or evaluative
  words, adjectives alone, spans that end in a verb or participle ("UFO-RL
  leverages", "soft contrastive loss aligned") and sentence pieces;
* :func:`subterms` lists the shorter terms a term contains ("dynamic regret
  bound" contains "regret bound" and "regret"), the candidates for its
  ``broader`` terms in the concept hierarchy (SKOS sense).

Parts of speech come from the lemminflect lexicon (offline, shipped with the
package on PyPI), which says whether a word can be a noun, a verb or an
adjective; the word lists below hold what a lexicon cannot know: which words
are too general to name a topic in machine-learning abstracts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .lexicon import HYPHEN_SUFFIXES, getAllLemmas
from .canon import GENERIC_HEADS, GENERIC_WORDS, _singular, concept_key
from .names import (DATASET_IN_TEXT, DATASET_NAME, INSTITUTION_HEADS, MODEL_NAME, METRIC_IN_TEXT, METRIC_KEYS, ORGANIZATIONS, REGULATIONS, SOFTWARE,
                    VARIANT_SUFFIXES, countries, is_language_pair)

__all__ = ["clean_term", "split_coordination", "is_junk", "is_vague", "subterms", "is_name", "is_common_word",
           "LONE_GENERIC", "EVALUATIVE", "WEAK", "VAGUE_HEADS", "FIELD_GENERIC"]

#: Modifiers that rate or point rather than name: dropped from the front of a term.
EVALUATIVE = frozenset("""
a an the all every both another this that these those our their its his her my your each any some such certain novel new
existing various significant simple proposed recent efficient effective critical important unknown
specific particular additional given corresponding respective underlying overall improved better best
strong good poor key main major minor crucial essential potential possible desired appropriate
suitable reliable accurate practical realistic real real-world diverse complex challenging difficult
typical common popular prior previous current modern emerging powerful extensive comprehensive rich
broad wide limited sufficient insufficient original initial final single multiple numerous several
many few different distinct similar same other past future entire whole full generic unified
principled lightweight flexible scalable versatile superior remarkable substantial considerable
promising competitive favorable favourable reasonable sophisticated straightforward careful
well-known widely-used widely commonly traditional conventional classical classic standard typical
large-scale small-scale high-quality fine-grained coarse-grained state-of-the-art sota naive
theoretical systematic general fundamental first second third two three four one mere
small large high low big huge tiny fixed predefined manual manually hand-crafted handcrafted custom customized
optimal suboptimal sub-optimal near-optimal nearly-optimal minimax-optimal declining evolving increasing
decreasing growing simultaneous independent noisy meaningful crucially desirable undesirable inherent
intrinsic additional alternative relevant irrelevant valuable useful unnecessary excessive severe
significant insignificant notable noticeable dramatic rapid slow fast faster quick accelerated
proper improper explicit careful specialized dedicated tailored customized corresponding associated
resulting obtained learned-from given certain whole overall entire pretrained pre-trained trained frozen
fine-tuned finetuned foundational representative public publicly proprietary commercial locked
open-source closed-source open-weight post-trained frontier cutting-edge deeper shallower wider
tight tighter sharper asymptotically vanilla estimated
""".split())

#: Heads that make a phrase a description rather than a term ("sparse gating regimes",
#: "global style", "reward changes"), unless a name is in it ("Vietoris-Rips complex").
VAGUE_HEADS = frozenset("""
regime regimes structure structures design designs style styles variation variations change changes subset subsets
measurement measurements operation operations attribute attributes information scenario scenarios limit limits
property properties factor factors dependence dependency dependencies assumption assumptions solution solutions
architecture architectures stage stages pair pairs shape shapes efficiency value values version versions
variant variants component components setting settings case cases perspective perspectives aspect aspects
level levels mapping mappings behavior behaviors behaviour behaviours phenomenon phenomena capability
capabilities ability abilities quality qualities characteristic characteristics pattern patterns
condition conditions point points rate rates speedup speedups improvement improvements gain gains
advantage advantages issue issues challenge challenges difficulty difficulties strategy strategies
principle principles guarantee guarantees insight insights result results outcome outcomes effect effects
universality optimality computation computations modeling modelling analysis analyses
configuration configurations evaluation evaluations center centers centre centres activity activities
signal signals deployment deployments fidelity modality modalities study studies diversity
length lengths cost costs region regions interaction interactions layout layouts benchmark benchmarks
dynamics choice choices formulation formulations family families query queries access application applications
cue cues distinction distinctions environment environments step steps update updates mode modes
characterization characterizations characterisation characterisations extension extensions
""".split())

#: Terms too broad to tell papers of a machine-learning corpus apart: they are not nodes.
FIELD_GENERIC = frozenset("""
ai
ml
ai ml
neural network
problem class
deep neural network
deep learning
machine learning
artificial intelligence
neural network architecture
neural network training
deep network
deep model
global convergence
large model
machine learning model
deep learning model
data distribution
training data
training set
test set
real data
real world data
synthetic data
experimental result
empirical result
numerical experiment
extensive experiment
real world dataset
benchmark dataset
evaluation benchmark
evaluation dataset
evaluation metrics
state of the art
convergence
alignment
collapse
imbalance
matrix
minimum
minima
maximum
covariance
construction
optimality
regularization
initialization
perturbation
approximation
guarantee
complexity
hessian
jacobian
jacobian operator
gaussian distribution
image data
text data
predictive model
decision boundary
in distribution
classification
estimation
smoothness
convexity
stationarity
matrix
upper bound
lower bound
polynomial time
computational complexity
computational cost
computational efficiency
computational bottleneck
class probability
loss function
objective function
pretrained model
decision making
frequency
bias
uncertainty
risk
attribute
projection
generalization error
convergence rate
theoretical guarantee
theoretical analysis
empirical evaluation
optimization problem
learning problem
learning algorithm
training procedure
model training
algorithm
computation
""".splitlines()) - {""}

#: Words that cannot make a term on their own, even together ("model training", "input data").
WEAK = GENERIC_WORDS | frozenset("""
training learning inference prediction predictions optimization representation representations
information knowledge input inputs output outputs sample samples parameter parameters time value values
level levels size number access interest amount amounts degree degrees capability capabilities backbone backbones
""".split())

#: Words too general to be a node on their own in machine-learning abstracts ("generalization"
#: alone joined 66 paper pairs of the bundled corpus; "Learning", "time", "complex" are not topics),
#: and the short forms only ever written before what they modify ("OOD settings", "OOD detectors", "i.i.d. data").
LONE_GENERIC = GENERIC_WORDS | frozenset("""
learning training generalization optimization inference prediction predictions representation
representations information knowledge complexity efficiency robustness scalability accuracy-efficiency
time category categories structure structures threshold domain domains data model models language
image images text graph graphs network networks input inputs output outputs value values parameter
parameters distribution distributions sample samples example examples instance instances class classes
objective objectives loss losses error errors bound bounds rate rates cost costs size sizes number
level levels step steps space spaces set sets point points pattern patterns signal signals feature
features layer layers weight weights scale term terms condition conditions assumption assumptions
case cases form forms type types kind kinds part parts order family families factor factors effect
effects behavior behaviour dynamics capability capabilities ability abilities power capacity
challenge challenges need needs goal goals target targets context contexts environment environments
agent agents user users human humans people world reality practice field fields area areas
decision decisions action actions state states step-size quantity quantities measure measures
computation computations operation operations run runs trial trials round rounds iteration iterations
generation understanding reasoning modeling modelling analysis design designs development
experiment experiments evaluation evaluations test tests testing validation verification
prior priors posterior noise signal bias variance sparsity stability plasticity
mode modes flow flows shift shifts selection norm norms dependence consistency constraint constraints ordering orderings
machine machines minimization maximization operator operators predictor predictors label labels
dimension dimensions activation activations query queries node nodes matrix matrices estimation
response responses population guarantee guarantees regime regimes variation variations vector vectors
solution solutions policy policies gaussian order shot world scale based free aware wise driven
non multi semi pre post sub super anti self cross co inter intra over under first second third zero few
computational real-world large small complex negative positive optimal efficient effective
probability probabilities phase phases stage stages
ood iid kv
""".split()) - frozenset(["reasoning", "sparsity", "plasticity", "noise", "bias", "variance",
                          "prior", "posterior"])

_FUNCTION = frozenset("""
of in on for to with by from at as and or but via into over under between among against across
within without through per than versus vs is are be been being was were can could will would may
might must should do does did has have had not no
""".split())
_VERBAL = frozenset("""
to is are be been being was were can could will would may might must should do does did has have had
that which who whose what where when how while whereas if because although though since
""".split())
#: Endings of nouns that name a process or property ("generalization", "learning", "robustness").
_NOMINAL = re.compile(r"(?:ing|tion|sion|ment|ance|ence|ity|ness|ysis|ics|ism|ure)$")
_HYPHEN_ADJ = re.compile(r"-(?:" + "|".join(sorted(HYPHEN_SUFFIXES)) + r")$")
_COORD = re.compile(r"\s*(?:,\s*(?:and|or|&)\s+|\s+(?:and|or|and/or|&)\s+|,\s*)", re.I)
_WORD = re.compile(r"[\w][\w\-'.+#]*")


#: Nouns of the field that the lexicon knows only as adjectives, or not at all ("a composite latent", "logits").
_FIELD_NOUNS = frozenset("latent latents logit logits".split())


@lru_cache(maxsize=1 << 16)
def _pos(word: str) -> frozenset[str]:
    """The parts of speech ``word`` can have, by the lemminflect lexicon (empty when unknown)."""
    w = word.lower()
    pos = set(getAllLemmas(w)) | ({"NOUN"} if w in _FIELD_NOUNS else set())
    if not pos and "-" in w:
        pos = set(getAllLemmas(w.rsplit("-", 1)[-1]))  # "non-convex" reads as "convex"
    if not pos and w.startswith(("non", "un", "in", "sub", "semi", "multi", "pre", "anti")):
        for prefix in ("non", "un", "in", "sub", "semi", "multi", "pre", "anti"):
            if w.startswith(prefix) and len(w) > len(prefix) + 3:
                pos = set(getAllLemmas(w[len(prefix):]))
                break
    return frozenset(pos)


@lru_cache(maxsize=1 << 16)
def is_common_word(word: str) -> bool:
    """True when ``word`` reads as an ordinary word in lower case ("Stochastic", "Test-time").

    Not names ("Lipschitz", "Fourier") or words made from names ("Bayesian", "Euclidean").

    Examples
    --------
    >>> [is_common_word(w) for w in ("Stochastic", "Test-time", "Lipschitz", "Bayesian")]
    [True, True, False, False]
    """
    first = word.split("-")[0].lower()
    if first.endswith(("ian", "ean")):
        return False
    return bool(getAllLemmas(first))


@lru_cache(maxsize=1 << 16)
def is_name(text: str) -> bool:
    """True for a name rather than a phrase: an acronym, a capitalised word past the first, a digit.

    Examples
    --------
    >>> is_name("CIFAR-10"), is_name("Frank-Wolfe algorithm"), is_name("dynamic regret bound")
    (True, True, False)
    >>> is_name("Stochastic gradient descent"), is_name("Mamba"), is_name("Transformers")
    (False, True, False)
    """
    words = text.split()
    for i, w in enumerate(words):
        core = w.strip("()[],.;:")
        if any(c.isdigit() for c in core) and any(c.isalpha() for c in core):
            return True
        if sum(c.isupper() for c in core) >= 2:
            return True
        if i > 0 and core[:1].isupper():
            return True
        if i == 0 and core[:1].isupper() and len(core) > 1 and (
                len(words) == 1 and not core[1:].islower() or not is_common_word(core)):
            return True  # "Mamba", "Adam", "Rademacher complexity"; not "Transformers", "Stochastic gradient descent"
        if "-" in core and any(part[:1].isupper() for part in core.split("-")[1:]):
            return True
    return False


#: Quotation marks around a name, straight, curly or as LaTeX writes them ("''", "``").
QUOTES = re.compile(r"^(?:[\"\u201c\u201d\u2018`]|'')+|(?:[\"\u201c\u201d\u2019`]|'')+$")


def clean_term(text: str) -> str:
    """The term a phrase is about: evaluative modifiers off the front, generic heads off the end.

    Examples
    --------
    >>> clean_term("confounding-resistant domain generalization methods")
    'confounding-resistant domain generalization'
    >>> clean_term("certain non-causal visual attributes")
    'non-causal visual attributes'
    >>> clean_term("our novel framework")  # what is left is generic: :func:`is_junk` says so
    'framework'
    >>> clean_term("a novel learning framework")
    'learning'
    >>> clean_term("the sharpness S(θ)"), clean_term('"Federated Learning with Individualized Updates"')
    ('sharpness', 'Federated Learning with Individualized Updates')
    >>> clean_term("named OGFormer"), clean_term("MT. CycleDistill")
    ('OGFormer', 'CycleDistill')
    >>> clean_term("ICL-enhanced Vision-Language Models"), clean_term("retrieval-augmented generation")
    ('Vision-Language Models', 'retrieval-augmented generation')
    >>> clean_term("English-Chinese word alignment"), clean_term("Google Billion-Word Corpus The")
    ('word alignment', 'Google Billion-Word Corpus')
    >>> clean_term("the zero-shot Whisper model"), clean_term("Lion (EvoLved Sign Momentum)")
    ('Whisper', 'Lion')
    >>> clean_term("the DLRM recommendation model"), clean_term("the GPT-2 language model")
    ('DLRM', 'GPT-2')
    >>> clean_term("the Mamba deep learning model"), clean_term("a Bayesian deep learning model")
    ('Mamba', 'Bayesian deep learning model')
    >>> clean_term("a 3-layer GCN"), clean_term("vanilla GCN"), clean_term("two-layer networks")
    ('GCN', 'GCN', 'two-layer networks')
    >>> clean_term("test F1 score 99.36"), clean_term("accuracy of 87%"), clean_term("AlpacaEval 2.0")
    ('test F1 score', 'accuracy', 'AlpacaEval 2.0')
    >>> clean_term("an inference-time Sway Sampling strategy"), clean_term("test-time adaptation")
    ('Sway Sampling', 'test-time adaptation')
    >>> clean_term("training diffusion models"), clean_term("scaling laws"), clean_term("near-SOTA")
    ('diffusion models', 'scaling laws', '')
    """
    text = re.split(r"\s+-+\s+", text)[0]  # "Polyak-Lojasiewicz condition - guaranteeing ..."
    text = re.split(r"\s*[=<>\u2264\u2265\u2248]\s*\d", text)[0]  # "AUC=1.0": the metric, not its value
    text = re.sub(r"^(?:m|cm|mm|km|ms|px|dB)\s+(?=[A-Z]{2,}\b)", "", text)  # "0.013 m RMSE": the unit of a value
    text = QUOTES.sub("", text)  # a quoted name: '"Federated ..."'
    text = re.split(r"(?<=[A-Za-z0-9])\.\s+(?=[A-Z])", text)[-1]  # a span across a sentence end: "MT. CycleDistill"
    # a heading run into its sentence: "Google Billion-Word Corpus The corpus used ..." (a title's "The" is
    # followed by a capital: "Lord of The Rings")
    text = re.sub(r"(?<=\S)\s+(?:The|This|These)\s+[a-z].*$", "", text)
    # a name, then what its letters stand for: "Lion (EvoLved Sign Momentum)" is Lion
    named = re.fullmatch(r"([A-Z][\w\-]*)\s+\(((?:[A-Z][\w\-]*\s+){1,5}[A-Z][\w\-]*)\)", text)
    if named:
        text = named.group(1)
    if text.count("(") > text.count(")"):  # a span cut inside a bracket: "texture properties (albedo"
        text = text[: text.rindex("(")].rstrip()
    elif text.count(")") > text.count("("):  # or started inside one: "albedo) estimation"
        text = text[text.index(")") + 1 :].lstrip()
    m = _DESCRIBED_NAME.fullmatch(text)
    if m and _named(m.group(1).split()) and not re.fullmatch(r"[A-Z0-9\-]+s?", m.group(1)):
        # "one medical dataset (Universal Medical)": the name (a short form, "language model (LM)", defines)
        text = m.group(1)
    # (a title keeps its possessive: "Oxford Advanced Learner's Dictionary")
    title = re.search(r"\w's\s+[A-Z]", text) and all(w[:1].isupper() for w in text.split())
    words = (text if title else re.sub(r"'s\b|'$", "", text)).split()
    # "certain", "novel", "manually predefined": off; "fully connected", "strongly convex": kept
    # (a name's first word stays: "Simple Recurrent Units", "Multiple Layer Presentation", a title of three words)
    while words and (words[0].lower() in EVALUATIVE
                     or _is_adverb(words[0]) and len(words) > 1 and words[1].lower() in EVALUATIVE) and not (
            words[0].lower() in _NAMING and words[0][:1].isupper() and len(words) >= 3
            and all(w[:1].isupper() for w in words[1:] if w.lower() not in _FUNCTION)) and not (
            len(words) > 2 and words[0].lower() in _DEGREES and words[1].lower() in _SCALES):
        words.pop(0)
    # "F1 score 99.36", "accuracy of 87%": a result, whose metric is the term
    if len(words) > 1 and re.fullmatch(r"\d+\.\d{2,}%?|\d+(?:\.\d+)?%", words[-1]):
        words.pop()
        if len(words) > 1 and words[-1].lower() == "of":
            words.pop()
    # "a 3-layer GCN": one experiment's depth of a network, which is the network ("two-layer networks", a class
    # theory studies, stay)
    if len(words) > 1 and re.fullmatch(r"\d+-layers?", words[0].lower()):
        words.pop(0)
    # "Czech-English statistical machine translation", "English-Chinese word alignment": the task, in one direction
    if len(words) > 1 and is_language_pair(words[0]):
        words.pop(0)
    # "ICL-enhanced Vision-Language Models", "NSCL-trained representations": what one paper did to a thing, by
    # a named method; the thing is the term ("retrieval-augmented generation", no acronym, stays one)
    if len(words) > 1 and _BY_NAMED_METHOD.fullmatch(words[0]):
        words.pop(0)
    # "Slovene-adapted GaMS3-12B-Instruct": what one paper did to a named model is the model (a class of models
    # stays: "instruction-tuned LLM")
    if ((len(words) == 2 or len(words) == 3 and words[2].lower() in ("model", "models"))
            and _DONE_TO.fullmatch(words[0]) and words[1][:1].isupper()
            and (any(c.isdigit() for c in words[1]) or sum(c.isupper() for c in words[1]) >= 2
                 and any(c.islower() for c in words[1].rstrip("s")))):
        words.pop(0)
    # a model's size or a benchmark's setting: "a 125M-parameter language model", "a 2B parameter SD3 model",
    # "the 9-step PhantomWiki benchmark" (one paper's instance of the term)
    while len(words) > 1 and _SIZE.fullmatch(words[0]):
        words.pop(0)
        if len(words) > 1 and words[0].lower() in ("parameter", "parameters", "params"):
            words.pop(0)
    if ((len(words) == 2 or len(words) == 3 and words[2].lower() in ("model", "models"))
            and words[0].lower() in _SETTINGS and words[1][:1].isupper()
            and (MODEL_NAME.match(words[1]) or DATASET_NAME.match(words[1]))):
        words.pop(0)  # "zero-shot GPT-4", "few-shot MMLU", "the zero-shot Whisper model": the model or benchmark,
        # in one setting
    # "training diffusion models", "scaling language models": an activity on a kind of model is about the models
    # (the activity, where it is a topic, is found in the text: "fine-tuning")
    if (len(words) > 2 and words[0].lower() in _MODEL_ACTIVITIES and words[-1].islower()
            and _singular(words[-1]) in _MODEL_HEADS):
        words.pop(0)
    if (len(words) == 2 and words[0].lower() in _RUN_MODES and words[1][:1].isupper()
            and not words[1].isupper() and _named(words[1:])):
        words.pop(0)  # "stochastic Adam", "full-batch AdamW": the named method, run one way; "mini-batch SGD" stays
    # (and a determiner: "Google Billion-Word Corpus The corpus used ...", a heading run into its sentence;
    # a capital "A" may be a name's letter: "Vitamin A", "Task A")
    while len(words) > 1 and (words[-1].lower() in _FUNCTION or words[-1].lower() in _ENDLESS):
        words.pop()
    # a math symbol after what it stands for: "the sharpness S(θ)", "a graph G"
    if len(words) > 1 and re.fullmatch(r"[A-Z\u0391-\u03c9](?:\([^)]*\))?", words[-1]) and words[-2].islower():
        words.pop()
    # "domain generalization methods", "DOP method": the generic head goes; "gradient methods" keeps it
    # (never down to a mathematician's name: a "Markov model" and a "Bayesian method" are no Markov, no Bayesian)
    while (len(words) > 1 and _singular(words[-1].lower()) in GENERIC_HEADS
           and (_NOMINAL.search(words[-2].lower()) or is_name(words[-2]))
           and not (len(words) == 2 and is_eponym(words[0]))):
        words.pop()
    # "Atari-10 games", "CIFAR-10 images": a named dataset and what it holds are the dataset ("CIFAR-10
    # classification" is a task on it)
    # (and "procedurally generated MiniGrid", "multilingual Common Voice", "hard-exploration Atari games", "Procgen
    # suites": the named dataset, described)
    joined = " ".join(words)
    named = DATASET_IN_TEXT.search(joined) if len(words) >= 2 else None
    if named:
        before, after = joined[:named.start()].split(), joined[named.end():].split()
        if (all(w.islower() and w.replace("-", "").isalpha() and w not in _FUNCTION for w in before)
                and all(_singular(w.lower()) in _HELD for w in after) and (before or after)):
            words = named.group(0).split()
    # "the reasoning process", "a training pipeline", "the Q-value estimation process": the activity is the term
    # (a "decision process" or "diffusion process" is a thing of its own)
    if len(words) > 1 and words[-1].lower() in _ACTIVITY_HEADS and re.search(r"(?:ing|tion|ence)$", words[-2].lower()):
        words.pop()
    # "CLIP models", "NCO model", "Zone of Proximal Development theory": the name is the term (but a head
    # written as part of a title is the name's: "Discourse Representation Theory")
    while (len(words) > 1 and _singular(words[-1].lower()) in NAME_HEADS
           and (_named(words[:-1]) or len(words) == 2 and MODEL_NAME.fullmatch(words[0]))
           and not (len(words) == 2 and is_eponym(words[0])) and not (_singular(words[-1].lower()) == "objective" and _HYPHEN_ADJ.search(words[-2].lower()))
           and not (words[-1][:1].isupper() and not words[-1].isupper()
                    and (len(words) > 2 or all(p[1:].islower() and is_common_word(p)
                                                            for p in words[0].split("-"))))):
        words.pop()  # ("Vision-Language Models": the head of a title of ordinary words)
    # "a graph Transformer model", "the conditional NF models": a kind of the named model, without the head
    # (a model named after people stays: "hidden Markov model", "Bradley-Terry model"; so do "dynamic 3D models"
    # and "word N-gram models", where the capital is no name)
    if (len(words) > 2 and _singular(words[-1].lower()) in ("model", "architecture") and (words[-2][:1].isupper() or is_name(words[-2]))
            and not is_eponym(words[-2]) and not re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)+|\d+D|[A-Z]-[a-z]+", words[-2])
            and words[-3].islower()):
        words.pop()
    # "the Qwen2.5-7B-Instruct foundation model", "a GPT-2 language model": a kind of model after its name
    # (or what it does, a task's head word: "the DLRM recommendation model", "a YOLOv5 detection model"; a
    # family stays: "IBM translation models")
    if (len(words) > 2 and _singular(words[-1].lower()) in NAME_HEADS
            and (words[-2].lower() in _MODEL_KINDS or words[-2].lower() in _TASK_NOUNS and words[-1].lower() == "model")
            and _named(words[:-2]) and any(_CODED_NAME.search(w) for w in words[:-2])):
        words = words[:-2]  # (a coined name: "Multimodal language models", "Non-Euclidean foundation models" stay)
    # "the Mamba deep learning model", "a WaveNet neural network model": a coined name, then what kind it is
    if (len(words) == 4 and " ".join(words[1:3]).lower() in ("deep learning", "neural network")
            and _singular(words[-1].lower()) == "model" and _named(words[:1])
            and (_CODED_NAME.search(words[0]) or not _pos(words[0].lower()))):
        words = words[:1]
    # "our novel agent MEME", "the benchmark PhantomWiki": what it is, then its name
    if (len(words) == 2 and words[0].lower() in _ROLES and is_name(words[1])
            and sum(ch.isupper() for ch in words[1]) >= 2):
        words.pop(0)
    # "the computer program SPRINT", "an intensional logic translator LILT": a description, then the name it gives
    # (a noun phrase naming what it is, no preposition: "the convergence of local SGD" stays)
    if (len(words) > 2 and is_name(words[-1]) and len(words[-1]) >= 3
            and (sum(ch.isupper() for ch in words[-1]) >= 2 or words[-2].lower() in _ROLES)
            and all(w.replace("-", "").isalpha() and w.islower() and w not in _FUNCTION for w in words[:-1])
            and "ADJ" not in _pos(words[-2]) and ("NOUN" in _pos(words[-2]) or not _pos(words[-2]))):
        words = words[-1:]
    if len(words) > 1 and words[0] in _NAMING_VERBS and words[1][:1].isupper():
        words.pop(0)  # "a model named OGFormer", "a method dubbed X": the name
    # "an inference-time Sway Sampling strategy", "test-time MEMO": when a named method is used is no part of it
    if (len(words) > 1 and re.fullmatch(r"(?:inference|test|training|train|run|decoding|sampling)-time", words[0].lower())
            and words[1][:1].isupper() and _named(words[1:])):
        words.pop(0)
    # "unrolling Hidden Markov Model", "expanded Hidden Markov Model": what a paper does to a named model
    if (len(words) > 2 and words[0].islower() and words[0].endswith(("ing", "ed")) and "VERB" in _pos(words[0])
            and "NOUN" not in _pos(words[0]) and all(w[:1].isupper() for w in words[1:])):
        words.pop(0)
    if len(words) == 1 and (words[0].lower() in EVALUATIVE
                            or (near := _NEAR.fullmatch(words[0].lower())) and near.group(1) in EVALUATIVE):
        return ""  # ("near-SOTA")
    return " ".join(words).strip(" ,;:")


#: Praise hedged: "near-SOTA", "almost optimal".
_NEAR = re.compile(r"(?:near|almost|close)-(\w+)")

#: Heads of a kind of model, which an activity on them is about ("training diffusion models").
_MODEL_HEADS = frozenset("model network transformer policy agent classifier".split())

#: Determiners no term ends in.
_ENDLESS = frozenset("the an this these those that our their its".split())

#: A model's size or a benchmark's setting, written before it: "125M-parameter", "2B", "7B-scale", "9-step".
_SIZE = re.compile(r"\d+(?:\.\d+)?(?:[MBT]|K-param\w*)(?:-(?:parameters?|params?|scale|sized?))?|\d+-steps?")

#: What a named dataset holds or is split into: "Atari-10 games", "CIFAR-10 images", "Procgen suites".
_HELD = frozenset("game image partition split suite environment level subset".split())

#: Training verbs in their base form, which begin no term ("fine-tuning", the noun, does).
_TRAINING_VERBS = frozenset("fine-tune finetune pre-train pretrain re-train retrain".split())
_TRAINING_GERUNDS = frozenset("fine-tuning finetuning pre-training pretraining re-training retraining training".split())
#: What is done to a kind of model, written before it: "training diffusion models", "scaling language models".
_MODEL_ACTIVITIES = _TRAINING_GERUNDS | {"scaling"}

#: Heads that add nothing to the activity before them ("reasoning process", "training pipeline").
_ACTIVITY_HEADS = frozenset("process processes pipeline pipelines".split())

#: A named method's short form and a participle, before what it was used on: "ICL-enhanced", "RL-tuned".
_BY_NAMED_METHOD = re.compile(r"[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*-(?:enhanced|trained|tuned|assisted|powered|"
                              r"empowered|equipped|finetuned|fine-tuned|driven|guided)")

#: What was done to a model, as a hyphenated participle: "Slovene-adapted", "domain-tuned", "RL-finetuned".
_DONE_TO = re.compile(r"[\w]+-(?:adapted|tuned|trained|finetuned|fine-tuned|aligned|distilled)")

#: A kind of resource in lower case, then its name in brackets: "medical dataset (Universal Medical)".
_DESCRIBED_NAME = re.compile(r"(?:[a-z][\w\-]*\s+)*(?:datasets?|benchmarks?|corpus|corpora|models?|methods?|"
                             r"frameworks?|algorithms?)\s+\(([A-Z][^()]*)\)")

#: Kinds of model written between a model's name and "model": "Qwen2.5-7B-Instruct foundation model".
#: A coined name's word: a digit, an acronym, or a capital inside a word ("Qwen2.5", "GPT", "LLaMA").
_CODED_NAME = re.compile(r"\d|\b[A-Z]{2,}|[a-z][A-Z]")
_TASK_NOUNS = frozenset("recommendation detection segmentation classification translation recognition generation "
                        "retrieval forecasting".split())
_MODEL_KINDS = frozenset("foundation language base backbone pretrained pre-trained vision teacher student".split())

#: What a name is, written before it: "agent MEME", "benchmark PhantomWiki".
_ROLES = frozenset("agent model framework method algorithm benchmark dataset system tool toolkit library "
                   "package platform architecture network".split())

#: What a model runs on or is called through, written as acronyms: as a term's head no concept of the field
#: ("NVIDIA T4 GPU", "LLM API"), and no name that makes a term one ("GPU parallelization").
COMPUTING = frozenset("GPU GPUs CPU CPUs TPU TPUs FPGA FPGAs API APIs RAM".split())
_COMPUTING_WORDS = frozenset(w.lower() for w in COMPUTING)

#: "high dimensional MDPs", "low rank adapters": a degree written apart from the scale it qualifies (as in
#: "high-dimensional") is part of the term, no rating.
_DEGREES = frozenset("high low large small".split())
_SCALES = frozenset("dimensional dimension order rank resolution resource fidelity frequency degree variance "
                    "precision bandwidth".split())

#: Verbs that introduce a name ("a framework named OGFormer", "a method dubbed X").
_NAMING_VERBS = frozenset("named called dubbed termed coined".split())

#: Evaluative words that also begin names written as titles ("Simple Recurrent Units", "Novel View Synthesis",
#: "Efficient Neural Architecture Search"); "Existing", "Proposed", "Recent" never do.
_NAMING = frozenset("""simple multiple efficient large novel fast small tiny big lightweight single full high low
    dedicated flexible accelerated fine-grained coarse-grained common general standard""".split())


#: How a named method is run, not another method: "stochastic Adam" is Adam ("batch RL", "online Newton" are not
#: listed: each is a setting of its own).
_RUN_MODES = frozenset("stochastic mini-batch minibatch full-batch deterministic vanilla plain".split())
#: The setting a model is run or a benchmark is scored in: "zero-shot GPT-4", "5-shot MMLU".
_SETTINGS = frozenset("zero-shot few-shot one-shot 5-shot 0-shot 1-shot k-shot n-shot".split())

#: Heads that add nothing to a name before them ("CLIP models", "Mamba architecture").
NAME_HEADS = frozenset("model architecture theory framework method approach algorithm variant family objective "
                       "technique scheme module system formalism feature software toolkit encoder decoder "
                       "generator backbone detector head code codebase implementation optimizer".split())


#: Mathematicians' names that the field writes as modifiers of a model or method, never alone: a "Markov model"
#: is no Markov, as "CLIP models" are CLIP ("Bayesian", "Gaussian" and the like say so by their ending).
EPONYMS = frozenset("""Markov Gauss Bayes Lipschitz Hilbert Banach Poisson Bernoulli Dirichlet Wishart Laplace
    Fourier Kalman Lagrange Newton Riemann Wasserstein Boltzmann Langevin Gibbs Nash Pareto Shapley Viterbi Kikuchi
    Bethe Ising Potts Hopfield Hawkes Wiener Gram Cholesky Krylov Nesterov Polyak Sobolev Mahalanobis Chebyshev
    Legendre Hermite Jacobi Frobenius Kullback Jensen Shannon Fisher Cauchy Weibull Zipf Huber Taylor Euler Hamilton
    Metropolis Rademacher Vapnik Hoeffding Bregman Stein Stiefel Grassmann Nystrom Nyström Tikhonov Procrustes
    Hebb Turing Pearson Spearman Kendall Gumbel Student Dirac Heaviside Lyapunov Kolmogorov Levy Lévy""".split())
#: An adjective from a person's name, at the start of a phrase ("Bayesian", "Gaussian image datasets").
EPONYM_ADJECTIVE = re.compile(r"^[A-Z][a-z]+(?:ian|ean)\b")


def is_eponym(word: str) -> bool:
    """True for a mathematician's name or adjective used as a modifier ("Markov", "Gaussian", "Bayesian")."""
    return word in EPONYMS or bool(EPONYM_ADJECTIVE.fullmatch(word))


def _named(words: list[str]) -> bool:
    """A name: an acronym or coined word, or capitalised words ("Zone of Proximal Development")."""
    if len(words) == 1:
        w = words[0]
        return is_name(w) and (not is_common_word(w) or any(sum(c.isupper() for c in p) >= 2 for p in w.split("-"))
                               or "-" in w and any(p[:1].isupper() for p in w.split("-")[1:]))
    content = [w for w in words if w.lower() not in _FUNCTION]
    return bool(content) and all(w[:1].isupper() for w in content)


def _is_adverb(word: str) -> bool:
    w = word.lower()
    return w.endswith("ly") and w.isalpha() and "NOUN" not in _pos(w) and "ADJ" not in _pos(w) and len(w) > 4


def split_coordination(text: str) -> list[str]:
    """The terms of a coordination; other text comes back as it is.

    A modifier joined to a fuller term shares its head ("negative and
    non-monotone functions" is two kinds of function); two full terms stay
    two ("sentiment analysis and question answering"). Names are not split.

    Examples
    --------
    >>> split_coordination("negative and non-monotone functions")
    ['negative functions', 'non-monotone functions']
    >>> split_coordination("sentiment analysis and question answering")
    ['sentiment analysis', 'question answering']
    >>> split_coordination("GLA and GCA losses")
    ['GLA losses', 'GCA losses']
    >>> split_coordination("Alpha and Witness complex constructions")
    ['Alpha complex constructions', 'Witness complex constructions']
    >>> split_coordination("logistic, hyperbolic tangent")
    ['logistic', 'hyperbolic tangent']
    >>> split_coordination("upper- and lower-level objectives")
    ['upper-level objectives', 'lower-level objectives']
    >>> split_coordination("NP - and non-NP-antecedents")
    ['NP-antecedents', 'non-NP-antecedents']
    >>> split_coordination("Open Images & Conceptual Captions datasets")
    ['Open Images', 'Conceptual Captions datasets']
    >>> split_coordination("XGBoost and Random Forests")
    ['XGBoost', 'Random Forests']
    >>> split_coordination("graph neural networks")
    ['graph neural networks']
    """
    if not re.search(r"\b(?:and|or)\b|,|\s&\s", text):
        return [text]
    parts = [re.sub(r"\s+-$", "-", p.strip()) for p in _COORD.split(text) if p and p.strip()]
    if len(parts) < 2:
        return [text]
    last = parts[-1].split()
    if any(p.endswith("-") for p in parts[:-1]) and "-" in last[0]:
        # "upper- and lower-level objectives": each prefix takes the shared suffix, the last hyphen's
        # ("NP- and non-NP-antecedents" are NP-antecedents and non-NP-antecedents)
        suffix = last[0].rsplit("-", 1)[1]
        rest = " ".join(last[1:])
        fixed = [(p + suffix if p.endswith("-") else p) + (" " + rest if rest else "") for p in parts[:-1]]
        return fixed + [parts[-1]]
    if (len(parts) == 2 and len(last) >= 2 and len(parts[0].split()) == 1 and re.search(r"\b(?:and|or)\b", text)
            and not all(w[:1].isupper() for w in last)):  # (two names: "XGBoost and Random Forests")
        # "negative and non-monotone functions", "Alpha and Witness complex constructions"
        return [f"{parts[0]} {' '.join(last[1:])}", parts[-1]]
    return parts


@lru_cache(maxsize=1 << 16)
def _third_person(word: str) -> bool:
    """True for a verb's -s form ("builds", "leverages"), not a word that only ends in s ("process", "bias").

    >>> [_third_person(w) for w in ("builds", "leverages", "process", "bias")]
    [True, True, False, False]
    """
    return (word.endswith("s") and not word.endswith("ss") and "VERB" in _pos(word)
            and ("VERB" in _pos(word[:-1]) or word.endswith("es") and "VERB" in _pos(word[:-2])))


@lru_cache(maxsize=1 << 16)
def is_institution(term: str) -> bool:
    """True for an organisation's name: "European Environment Agency", "ACM", "Occupational Safety and Health
    Administration" (a name of three words or more ending in an institution's word, or one the list knows)."""
    last = term.rsplit(None, 1)[-1].lower() if term.strip() else ""
    if _singular(last) not in INSTITUTION_HEADS and term.lower() not in ORGANIZATIONS:
        return False  # (the usual case, told without splitting the term into words)
    lower = [w.lower() for w in _WORD.findall(term)]
    return bool(lower) and (len(lower) >= 3 and _singular(lower[-1]) in INSTITUTION_HEADS
                            or " ".join(lower) in ORGANIZATIONS)


#: A name with a benchmark's or model's variant suffix: "Arena-Hard", "MMLU-Pro", "SWE-bench-Verified", "ARC-Easy".
_VARIANT_NAME = re.compile(rf"[A-Z][\w\-]*-(?:{'|'.join(VARIANT_SUFFIXES)})")


#: Mathematics written inline: a power or a subscript ("R^n", "e^-f", "P_T", "u_i"), a root, a relation, an arrow.
_NOTATION = re.compile(r"\^|(?<![\w\-])[A-Za-z]_\w|[\u221a\u2211\u220f\u2208\u2264\u2265\u2248\u2192\u221e\u2207\u2202]|\b[\u00d5\u0398\u03a9]\(")
#: A conference and its year: "COLT 2012", "NeurIPS'21".
_VENUE_YEAR = re.compile(r"\b(?:COLT|NeurIPS|NIPS|ICML|ICLR|AISTATS|STOC|FOCS|SODA|ACL|EMNLP|NAACL|CVPR|ICCV|ECCV|AAAI|"
                         r"IJCAI|KDD|UAI)\s?['\u2019]?(?:19|20)?\d\d\b")
#: Words a single capital letter names a kind of: "vitamin D", "type A", "hepatitis B", "plan B".
_LETTERED = frozenset("vitamin type hepatitis plan group class phase category grade stage level".split())


def is_junk(term: str) -> bool:
    """True when ``term`` is not something a researcher would look up.

    Examples
    --------
    >>> [is_junk(t) for t in ("complex", "Learning", "real-world", "UFO-RL leverages",
    ...                       "soft contrastive loss aligned", "models struggle to retain", "fine-tuning DeBERTa-v3")]
    [True, True, True, True, True, True, True]
    >>> [is_junk(t) for t in ("regret", "bandits", "domain generalization", "CIFAR-10", "LEAR", "Arena-Hard")]
    [False, False, False, False, False, False]
    """
    words = _WORD.findall(term)
    if not words or sum(c.isalpha() for c in term) < 2 or term[:1] in "-.,;:" or term[-1:] == "-":
        return True
    lower = [w.lower() for w in words]
    generic = LONE_GENERIC if len(lower) == 1 else WEAK
    if all(w in generic or _singular(w) in generic or w in _FUNCTION or w in EVALUATIVE or w.isdigit()
           for w in lower):
        return True
    if any(w in _VERBAL for w in lower):
        return True  # a sentence piece: "models struggle to retain"
    if any(w.endswith("'") for w in words[:-1]):
        return True  # "MLLMs' attention"
    for i in range(1, len(words) - 1):  # "L2C-Insert builds solutions": a name, a verb, its object
        if _third_person(lower[i]) and is_name(words[i - 1]) and not is_name(words[i]):
            return True  # (not "Gaussian process bandit problem": "process" is no verb's -s form)
    if lower[0] in _FUNCTION or lower[-1] in _FUNCTION:
        return True
    last = words[-1]
    pos = _pos(last)
    acronym = any(sum(c.isupper() for c in part) >= 2 for part in last.split("-")) or any(c.isdigit() for c in last)
    # (a name with a variant's suffix is a name, whatever the suffix's part of speech: the benchmark "Arena-Hard")
    acronym = acronym or _VARIANT_NAME.fullmatch(last) is not None
    if not acronym and pos and "NOUN" not in pos and "PROPN" not in pos and not last.lower().endswith("ing"):
        if len(words) > 1 or "ADJ" in pos or "VERB" in pos or "ADV" in pos:
            return True  # "soft contrastive loss aligned", "UFO-RL leverages", "computational"
    if len(words) == 1 and not acronym and "ADJ" in pos and not last[:1].isupper():
        return True  # "negative", "complex": adjectives read as nouns only in the rare sense
    if len(words) == 1 and last.lower().endswith("ly") and not acronym:
        return True
    if "-" in last and _HYPHEN_ADJ.search(last.lower()):
        return True  # "PH-based", "IRM-free", "Frank-Wolfe-based": a modifier without its head
    if is_language_pair(term):
        return True  # "English-Chinese": the direction of a translation, of a task the sentence names
    if " ".join(lower) in ORGANIZATIONS or " ".join(lower).removeprefix("the ") in countries():
        return True  # "OpenAI", "Deepseek": who made a model; "Germany", "the Netherlands": where data came from
    if is_institution(term):
        return True  # "European Environment Agency": who collected the data
    if "cuda" in lower or any(_GPU.fullmatch(w) for w in words) or len(lower) > 1 and lower[-1] in ("sdk", "runtime"):
        return True  # "custom CUDA kernel", "NVIDIA H100", "ONNX Runtime": what a method was built with or run on
    if " ".join(lower) in SOFTWARE or lower[0] in SOFTWARE and len(lower) > 1:
        return True  # "PostgreSQL", "PyTorch", "LangChain agents": what a system runs on or is written in
    if " ".join(lower).removeprefix("the ") in REGULATIONS:
        return True  # "HIPAA", "GDPR": a law a system complies with
    if len(lower) > 1 and lower[0] in _TRAINING_VERBS:
        return True  # "fine-tune vision transformers": what a paper does, a verb and its object
    if len(words) > 1 and lower[0] in _TRAINING_GERUNDS and is_name(words[1]) and not words[0][:1].isupper():
        return True  # "fine-tuning DeBERTa-v3": the same, in its -ing form, of a named model
    if re.fullmatch(r"non-[A-Za-z]+(?:ian|ean|ic|al|ive|ous)", term):
        return True  # "non-Markovian": a negated adjective alone
    if lower[-1] in _COMPUTING_WORDS:
        return True  # "NVIDIA T4 GPU", "TPUs", "LLM API": what a model ran on or was called through
    if len(words) == 2 and words[0].istitle() and lower[1] in GENERIC_WORDS and _pos(lower[0]) == {"VERB"}:
        return True  # "Combined Model", "Proposed Method": one paper's model, capitalised, and named by no name
    if re.fullmatch(r"non-[A-Z][\w\-]*[A-Z][\w\-]*s", term):
        return True  # "non-USFs": the flows a paper's own class is set against, no class of their own
    if re.search(r"\bO\(", term):
        return True  # "O(B) run": a bound's notation, cut from its sentence
    if _NOTATION.search(term) and not METRIC_IN_TEXT.fullmatch(term) and concept_key(term) not in METRIC_KEYS:
        return True  # "R^n", "e^-f", "P_T", "Õ(√) regret": mathematics written inline, no term (but "R^2")
    if _VENUE_YEAR.search(term):
        return True  # "the COLT 2012 open problem": a pointer to a paper
    if len(words) >= 2 and len(words[-1].rstrip(".")) == 1 and words[-1][0].isalpha() and lower[-2].isalpha() and words[-2].islower() \
            and lower[-2] not in _LETTERED:
        return True  # "episode length H", "dimension d": a quantity by its symbol (but "vitamin D", "type A")
    if len(words) == 2 and _is_adverb(words[0]) and "ADJ" in _pos(lower[1]) and not lower[1].endswith("ing"):
        return True  # "uniformly stable" (algorithms), "strongly convex": a degree of a property, no term alone
    if len(words) > 1 and _is_adverb(words[0]) and "NOUN" not in _pos(lower[1]) and (
            lower[1].endswith("ing") or "VERB" in _pos(lower[1]) and "ADJ" not in _pos(lower[1])
            and not lower[1].endswith(("ed", "en"))):  # ("fully connected", "well known": a participle, no clause)
        return True  # "automatically detecting large language models", "autoregressively reconstruct ...": a clause
    if re.fullmatch(r"\d+(?:\.\d+)?-?D", last):
        return True  # "3D", "2.5D", "interpreting 2D": a dimension, of something the sentence names
    if len(words) == 1 and last.lower() in _MODIFIER_COMPOUNDS:
        return True  # "open-source" (counterparts), "off-the-shelf" (models), "black-box" (optimizers)
    if len(words) == 2 and (lower[0] in _MODIFIER_COMPOUNDS or re.fullmatch(r"[a-z]+-(?:free|agnostic)", lower[0])) \
            and lower[1] in GENERIC_WORDS and lower[1] not in ("model", "models"):
        return True  # "plug-and-play module", "black-box framework", "a training-free method": the modifier of no term
    if len(words) == 1 and _NUMBERED_KIND.fullmatch(last):
        return True  # "type-1" (of "type-1 and type-2 fuzzy clustering"): a kind of something, by number
    if len(words) == 1 and "-" in last and not acronym:
        parts = last.lower().split("-")
        if (parts[-1] in LONE_GENERIC and not parts[-1].endswith("ing")
                or parts[0] in LONE_GENERIC and parts[-1] in EVALUATIVE or parts[0].endswith("ly")):
            return True  # "multi-task", "first-order", "real-world", "Fully-Corrective": modifiers, not terms
    return False


#: A GPU by its model, one word: "H100", "A100", "V100", "RTX4090", "RTX-4090".
_GPU = re.compile(r"[AHVLB]\d{2,3}|H200|GH200|A6000|RTX-?\d{4}", re.I)
#: Compounds the field writes only before a noun, which the lexicon cannot tell from one.
_MODIFIER_COMPOUNDS = frozenset("""open-source closed-source open-weight open-weights state-of-the-art off-the-shelf
end-to-end plug-and-play black-box white-box gray-box grey-box proof-of-concept""".split())
#: A kind or level by its number alone: "type-1" (fuzzy sets), "stage-2" (training), "level-3".
_NUMBERED_KIND = re.compile(r"(?:type|tier|level|stage|phase|class|kind|step)-?\d+", re.I)


@lru_cache(maxsize=1 << 16)
def is_vague(term: str) -> bool:
    """True for a description rather than a term: a generic head with no name in it, or a field-wide term.

    Examples
    --------
    >>> [is_vague(t) for t in ("sparse gating regimes", "reward changes", "neural networks", "frequency",
    ...                        "learning-based method", "labeled data", "low-dimensional data")]
    [True, True, True, True, True, True, True]
    >>> [is_vague(t) for t in ("Vietoris-Rips complex", "reward function", "domain generalization", "point cloud data",
    ...                        "AI-generated data", "word error rate")]
    [False, False, False, False, False, False]
    """
    key = concept_key(term)
    if key in FIELD_GENERIC:
        return True
    words = term.split()
    if len(words) < 2 or is_name(term) or key in METRIC_KEYS:
        return False  # (a standard metric is named by its head: "word error rate", "mean absolute error")
    if words[-1].lower() in VAGUE_HEADS:
        return True
    # "labeled data", "low-dimensional data", "the offline dataset": data described, not named (but "point cloud
    # data", "AI-generated data")
    if words[-1].lower() in ("data", "dataset", "datasets") and not any("NOUN" in _pos(w) or is_name(w) for w in words[:-1]):
        return True
    # "textual corpora", "annotated corpora" (not "Brown corpus", nor "wsj corpus", a key's name the lexicon
    # does not know)
    if words[-1].lower() in ("corpus", "corpora") and not any(
            "NOUN" in _pos(w) or is_name(w) or not _pos(w) and w.lower() not in _FUNCTION for w in words[:-1]):
        return True
    # "learning-based method", "data-driven approaches": a modifier and a generic head
    return _singular(words[-1].lower()) in GENERIC_HEADS and "NOUN" not in _pos(words[-2])


def subterms(text: str) -> list[str]:
    """The keys of the shorter terms contained in a term, longest first: candidates for its broader terms.

    Contiguous runs of its words that neither start nor end with a function
    word and are not lone generic words; a hyphenated word is never split
    ("non-convex losses" contains "losses", not "convex losses"). "X of Y",
    "X with Y", "X based on Y" contribute X and its parts. ``text`` is a term as written or a concept key.

    Examples
    --------
    >>> subterms("dynamic regret bound")
    ['dynamic regret', 'regret bound', 'regret']
    >>> "domain generalization" in subterms("confounding-resistant domain generalization methods based on features")
    True
    >>> subterms("non-convex losses"), subterms("combinatorial semi-bandit problem")
    (['non convex'], ['semi bandit', 'bandit'])
    >>> subterms("Lipschitz bandits")
    ['bandit']
    >>> subterms("stochastic gradient descent with momentum")[0]
    'stochastic gradient descent'
    """
    return list(_subterms(text))


@lru_cache(maxsize=1 << 17)
def _subterms(text: str) -> tuple[str, ...]:
    words = text.split()
    cut = False
    # the head phrase ends where a post-modifier starts: "X methods based on Y", "X of Y"
    for i, w in enumerate(words[1:], 1):
        if w.lower() in _FUNCTION or w.lower() in _POST:
            words, cut = words[:i], True
            break
    while len(words) > 1 and _singular(words[-1].lower()) in GENERIC_HEADS:  # as concept keys drop them
        words.pop()
    low = [w.lower() for w in words]
    out: list[str] = []
    n = len(words)
    if cut:  # the head phrase itself: "stochastic gradient descent [with momentum]"
        head = concept_key(" ".join(words))
        if head and (n > 1 or head not in LONE_GENERIC and "NOUN" in _pos(head)):
            out.append(head)
    for size in range(n - 1, 0, -1):
        for i in range(0, n - size + 1):
            part = low[i : i + size]
            if part[0] in _FUNCTION or part[-1] in _FUNCTION or any(w in _VERBAL for w in part):
                continue
            if "of" in part or "for" in part:
                continue
            single = concept_key(part[0]) if size == 1 else ""
            if size == 1 and (single in LONE_GENERIC or part[0] in LONE_GENERIC or part[0] in EVALUATIVE
                              or len(part[0]) < 3 or "-" in part[0] and _HYPHEN_ADJ.search(part[0])):
                continue
            if i == 0 and size < n and part[-1] in EVALUATIVE:
                continue
            if i + size < n and not all(_singular(w) in LONE_GENERIC or w in LONE_GENERIC for w in low[i + size:]):
                continue  # a modifier is broader only before a generic head: "regret bound", not "Hessian condition number"
            sub = concept_key(" ".join(words[i : i + size]))
            if sub and sub not in out:
                out.append(sub)
    # "combinatorial semi-bandit" is a kind of bandit ("non-convex" is no kind of "convex")
    prefix, _, rest = low[-1].partition("-") if low else ("", "", "")
    if n > 0 and prefix in _KIND_PREFIXES and rest and "-" not in rest and rest not in LONE_GENERIC:
        sub = concept_key(rest)
        if sub and sub not in out:
            out.append(sub)
    return tuple(out)


#: Words that start a post-modifier of the head phrase.
_POST = frozenset("based using trained built driven guided inspired conditioned parameterized parametrized".split())

#: Prefixes that name a kind of what follows ("semi-bandit", "multi-agent"), unlike "non-", "sub-", "self-".
_KIND_PREFIXES = frozenset("semi multi mini meta hyper bi tri".split())
