"""Graph stage: a concept's kind (method, task, dataset, metric, concept). The tagger's vote, unless
its name or head word decides ("... complexity" a concept, "... classification" a task, a metric's
name a metric), or what its definition introduces it as ("a ... benchmark").
"""

from __future__ import annotations

import re

from .canon import _singular, concept_key
from .concept import _Concept
from .names import (
    DATASET_HEADS,
    DATASET_NAME,
    METRIC_HEADS,
    METRIC_IN_TEXT,
    METRIC_KEYS,
    MODEL_NAME,
    SPLIT_SUFFIXES,
    is_language,
)
from .terms import EPONYM_ADJECTIVE, _named, is_name

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
_INTRODUCING_HEADS = "|".join(" ".join(_INTRODUCING.values()).split())
_INTRODUCED_BEFORE = re.compile(r"\b(" + _INTRODUCING_HEADS + r")(?:e?s)?"
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


#: "Our method, ", "a new framework for language model inference, ": a paper's own thing, named next between commas.
_OURS_BEFORE = re.compile(r"\b(?:our|the\s+proposed|an?\s+(?:new|novel))\s+(?:[\w\-]+\s+){0,9}?(" + _INTRODUCING_HEADS
                          + r")s?(?:\s+(?:for|of)\s+[^,.;()]{1,60})?,\s*$", re.I)


#: A head word used as a verb: "We benchmark Diffusion Policy", "to model X".
_VERB_BEFORE = re.compile(r"\b(?:we|to|and|then|also)\s+$", re.I)


#: A coined name just before a head word ("the QM9 benchmark"): the head is that name's, not the next word's.
_NAMED_BEFORE = re.compile(r"(?<![\w\-])[A-Za-z][\w\-]*(?:[A-Z]|\d)[\w\-]*\s+$")


#: Right after a name: its short form in brackets, if any (then the words that say what it is).
_AFTER_NAME = r"^\s*(?:\([^()]{1,20}\))?\s*"
# (a word may hold a bracket: "an E(3)-equivariant message passing network")
_INTRODUCED_AFTER = re.compile(_AFTER_NAME + r"(?:,|\s+being|\s+is)\s*(?:a|an|the|our)\s+"
                               r"(?:[\w\-]+(?:\(\w+\)[\w\-]*)?,?\s+){0,4}?("
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
    if before is not None and not before.group(0)[len(before.group(1)):].strip(" s") and (
            _NAMED_BEFORE.search(window, 0, before.start(1)) or _VERB_BEFORE.search(window, 0, before.start(1))):
        before = None  # "On the QM9 benchmark E3-MP lowers the error": the benchmark has its name, QM9, already;
        # "We benchmark Diffusion Policy across 12 tasks": a verb
    found = after or before
    return _INTRODUCED_KIND[_singular(found.group(1).lower())] if found else _named_ours(abstract, start, end)


def _named_ours(abstract: str, start: int, end: int) -> str | None:
    """The kind of a paper's own thing named between commas after what it is: "Our method, Consistency Matching,
    trains ..." is a method; else None."""
    if abstract[end:end + 1] not in (",", "."):  # (or ending its sentence: "... learning architecture, TabNet.")
        return None
    found = _OURS_BEFORE.search(abstract[max(0, start - 100):start])
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
    if kind == "task" and (_singular(front[-1]) if front else head) == "system":
        return "method"  # "Global Navigation Satellite System", "dialog systems": a system, which does a task
        # (a system named by its task alone is the task: "machine translation systems", kgraph.mentions)
    if (len(front) >= 2 and (front[-1] == "loss" or " ".join(front[-2:]) == "loss function")
            and _QUANTITY_OF_LOSS.intersection(front[:-1])):
        return "concept"  # "excess empirical loss", "convex loss functions": a quantity or a class of functions,
        # not a loss one trains with ("focal loss", "cross-entropy loss" are methods)
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


#: Words before "loss" that make it a quantity or a class of functions, no loss of a method's own.
_QUANTITY_OF_LOSS = frozenset("""empirical excess population expected training test validation convex nonconvex
non-convex lipschitz smooth bounded""".split())


#: Heads that decide a term's kind ("Rademacher complexity" is a concept, "Mamba models" a method).
_HEAD_KINDS = (
    ("concept", frozenset("""complexity space process circuit theory bound dimension distribution property inequality
    theorem lemma formula identity representation view stationarity optimality convexity smoothness manifold variable game equation landscape geometry algebra connectivity condition phenomenon
    regret risk divergence norm point minimum minima maximum optimum solution set class function kernel law
    principle assumption hypothesis bias gap rate entropy topology symmetry invariance equivariance
    identifiability expressivity expressiveness learnability stability privacy graph chain
    disease disorder syndrome pain cancer osteoarthritis diabetes infection tumor tumour depression dementia
    schizophrenia autism epilepsy sepsis pneumonia
    ai intelligence interaction""".split())),  # (fields: "trustworthy AI", "human-computer interaction")
    ("method", frozenset("""network model lm llm mllm vlm slm gnn cnn rnn lstm vae gan transformer algorithm optimizer descent method framework estimator predictor classifier encoder
    decoder autoencoder sampler solver extractor regularization regularizer sgd adam architecture mechanism layer
    attention embedding distillation pruning quantization augmentation policy loss unit block adapter module search
    acceleration momentum propagation forest""".split())
     | {"loss function", "neural process"}),
    ("task", frozenset("""classification detection segmentation recognition generation translation answering
    forecasting prediction retrieval summarization parsing tracking captioning colorization inpainting
    localization reconstruction recommendation navigation planning control imputation clustering ranking synthesis
    seriation allocation scheduling routing problem generalization minimization quantification grounding geolocation
    discovery editing understanding disambiguation identification tagging labeling labelling completion
    verification docking""".split()) | {"try on"}),  # (keys write "virtual try-on" as "virtual try on")
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
