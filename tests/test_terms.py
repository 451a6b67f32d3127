"""The concept layer's word rules (kgraph.terms): no model needed."""

import pytest

from kgraph.canon import concept_key
from kgraph.terms import clean_term, is_junk, is_name, is_vague, split_coordination, subterms


@pytest.mark.parametrize("phrase, term", [
    ("confounding-resistant domain generalization methods", "confounding-resistant domain generalization"),
    ("domain generalization approaches", "domain generalization"),
    ("certain non-causal visual attributes", "non-causal visual attributes"),
    ("our novel Mixture-of-Experts architecture", "Mixture-of-Experts"),
    ("existing continual learning paradigm", "continual learning"),
    ("significant improvements", "improvements"),
    ("manually predefined instruments", "instruments"),
    ("fully connected networks", "fully connected networks"),   # an adverb that is part of the name stays
    ("strongly convex functions", "strongly convex functions"),
    ("unregularized gradient methods", "unregularized gradient methods"),  # "gradient methods" is a term
    ("CLIP models", "CLIP"),
    ("Zone of Proximal Development theory", "Zone of Proximal Development"),
    ("Polyak-Lojasiewicz condition - guaranteeing", "Polyak-Lojasiewicz condition"),
    ("Fujishige-Wolfe's algorithm", "Fujishige-Wolfe"),
    ("stochastic Adam", "Adam"),  # a named method run one way is that method
    ("full-batch AdamW", "AdamW"),
    ("stochastic gradient descent", "stochastic gradient descent"),  # not a name: a method of its own
    ("batch RL", "batch RL"),  # a setting of its own
    ("mini-batch SGD", "mini-batch SGD"),  # the baseline local SGD is weighed against: an acronym keeps its mode
    ("Markov model", "Markov model"),  # a mathematician's name modifies its head: no "Markov" alone
    ("Bayesian methods", "Bayesian methods"),
    ("Mamba models", "Mamba"),  # a coined name is the term
    ("MFCC features", "MFCC"),  # and a coined name's features, or formalism, are the name's
    ("CCR formalism", "CCR"),
    ("Fourier features", "Fourier features"),
    ("texture properties (albedo", "texture properties"),  # a span the tagger cut inside a bracket
    ("albedo) estimation", "estimation"),
    ("Discourse Representation Theory", "Discourse Representation Theory"),  # a head written in the name's title
    ("computer program SPRINT", "SPRINT"),  # a description, then the name it gives
    ("convergence of local SGD", "convergence of local SGD"),
    ("unrolling Hidden Markov Model", "Hidden Markov Model"),  # what one paper does to a named model
    ("Simple Recurrent Units", "Simple Recurrent Units"),  # a title's first word is the name's
    ("Existing Graph Neural Networks", "Graph Neural Networks"),  # "existing" never begins a name
    ("Common Answer Specification", "Common Answer Specification"),
    ("Comparator software", "Comparator"),
    ("ResNet-50 backbone", "ResNet-50"),  # a named model's part is the model
    ("frozen CLIP encoder", "CLIP"),
    ("named OGFormer", "OGFormer"),  # the verb that gives a name is no part of it
    ("Named Entity corpora", "Named Entity corpora"),  # (a capital: no verb)
    ("MT. CycleDistill", "CycleDistill"),  # a span across a sentence end
    # a model's size or a benchmark's setting is one paper's instance of the term
    ("a 125M-parameter language model", "language model"),
    ("a 2B parameter SD3 model", "SD3"),
    ("the 9-step PhantomWiki", "PhantomWiki"),
    ("1-Lipschitz neural networks", "1-Lipschitz neural networks"),  # (a property, no size)
    ("two-layer CNNs", "two-layer CNNs"),
    ("3D Gaussians", "3D Gaussians"),
    # what a name is, written beside it, is no part of it
    ("our novel agent MEME", "MEME"),
    ("Our DuoGNN code", "DuoGNN"),
    ("the Qwen2.5-7B-Instruct foundation model", "Qwen2.5-7B-Instruct"),
    ("Multimodal language models", "Multimodal language models"),  # (no coined name: a sentence's capital)
    ("linear complexity state-space model Mamba", "Mamba"),
    ("the Adam optimizer", "Adam"),
    ("open-source vision-language models", "vision-language models"),  # who may use it rates nothing
    ("Non-Euclidean foundation models", "Non-Euclidean foundation models"),
    ("one medical dataset (Universal Medical)", "Universal Medical"),
    ("a language model (LM)", "(LM)"),  # (a short form is a definition's, read elsewhere)
    ("a graph Transformer model", "graph Transformer"),
    ("the conditional NF models", "conditional NF"),
    ("hidden Markov model", "hidden Markov model"),  # a model named after people keeps its head
    ("dynamic 3D models", "dynamic 3D models"),
    ("word N-gram models", "word N-gram models"),
    ("public T2I models", "T2I"),  # who may use it, or that it is frozen, rates nothing
    ("representative graph Transformers", "graph Transformers"),
    ("locked T2I model", "T2I"),
    ("high dimensional MDPs", "high dimensional MDPs"),  # a degree of a scale, written apart, is no rating
    ("low rank adapters", "low rank adapters"),
    # a teacher's role, or the objective a named method trains, is the named method
    ("the CLIP teacher model", "CLIP"),
    ("a Deep SVDD objective", "Deep SVDD"),
    ("an InfoNCE-based objective", "InfoNCE-based objective"),  # (no name before the head: what it builds on)
    # what one paper did to a thing by a named method: the thing
    ("ICL-enhanced Vision-Language Models", "Vision-Language Models"),
    ("LLM-driven code generation", "code generation"), ("LLM-guided hierarchy restructuring", "hierarchy restructuring"),
    ("LLM-assisted demonstration reinforcement learning", "demonstration reinforcement learning"),
    ("retrieval-augmented generation", "retrieval-augmented generation"),  # (no acronym: a term of its own)
    ("Vision-Language Models", "Vision-Language Models"),  # a title of ordinary words keeps its head
    # the activity is the term, not its process or pipeline ("decision processes" and "diffusion processes" are
    # things of their own)
    ("the Q-value estimation process", "Q-value estimation"),
    ("a training pipeline", "training"),
    ("semi-AR inference process", "semi-AR inference"),
    ("Markov decision processes", "Markov decision processes"),
    ("forward diffusion process", "forward diffusion process"),
    # a named dataset and what it holds or is used for is the dataset; a metric without its value
    ("CIFAR-10 images", "CIFAR-10"), ("Atari-10 games", "Atari-10"), ("FEMNIST partitions", "FEMNIST"), ("ImageNet classification", "ImageNet classification"),
    ("procedurally generated MiniGrid", "MiniGrid"), ("multilingual Common Voice", "Common Voice"),
    ("hard-exploration Atari games", "Atari"), ("Procgen suites", "Procgen"),  # a named dataset, described
    ("MD17", "MD17"), ("CheXpert", "CheXpert"),
    ("AUC=1.0", "AUC"),
    # a rating of how new a model is: "frontier LLMs" are LLMs
    ("frontier LLMs", "LLMs"), ("cutting-edge language models", "language models"),
    ("Deeper Vision Transformers", "Vision Transformers"),  # (a comparison of depth, no name)
    ("All benchmark data", "benchmark data"), ("both tasks", "tasks"),  # a determiner, whatever its case
    ("m RMSE", "RMSE"), ("dB PSNR", "PSNR"), ("m-estimators", "m-estimators"),  # a value's unit is no part
    # a model or benchmark in one setting is the model or benchmark; a setting's task stays one
    ("zero-shot GPT-4", "GPT-4"), ("5-shot MMLU", "MMLU"), ("zero-shot classification", "zero-shot classification"),
    ("''camouflage-aware image-text retrieval''", "camouflage-aware image-text retrieval"),  # LaTeX's quotes
    # what one paper did to a named model is the model; a class of models stays one
    ("the Slovene-adapted GaMS3-12B-Instruct model", "GaMS3-12B-Instruct"), ("instruction-tuned LLMs", "instruction-tuned LLMs"),
])
def test_terms_clean_term(phrase, term):
    assert clean_term(phrase) == term


@pytest.mark.parametrize("phrase, terms", [
    ("negative and non-monotone functions", ["negative functions", "non-monotone functions"]),
    ("sentiment analysis and question answering", ["sentiment analysis", "question answering"]),
    ("upper- and lower-level objectives", ["upper-level objectives", "lower-level objectives"]),
    ("logistic, hyperbolic tangent", ["logistic", "hyperbolic tangent"]),
    ("stochastic gradient descent", ["stochastic gradient descent"]),
])
def test_terms_split_coordination(phrase, terms):
    assert split_coordination(phrase) == terms


@pytest.mark.parametrize("phrase", [
    "complex", "large", "computational", "Learning", "real-world", "time", "negative",  # lone generic words
    "UFO-RL leverages", "soft contrastive loss aligned",                                # ending in a verb
    "models struggle to retain", "that the model",                                       # sentence pieces
    "PH-based", "IRM-free", "multi-task", "first-order", "Fully-Corrective",           # modifiers without a head
    "- value associations", "upper-", "model training",
    "L2C-Insert builds solutions",                                                      # a name, a verb, its object
    "Germany", "the Netherlands", "Japan",                                              # where data came from
    "O(B) run", "automatically detecting large language models",                        # a bound, a clause
    "RL-ready", "non-RL-ready", "SGD-trained",                                          # adjectives alone
    "NVIDIA T4 GPU", "TPUs", "LLM API",                                                 # what a model runs on
    "PostgreSQL", "MySQL", "PyTorch",                                                   # software it runs on
    "non-USFs", "non-LLMs",                                                             # a class negated
    "RL-tuned", "T1-weighted", "LLM-assisted",                                          # adjectives alone
    "Combined Model", "Proposed Method",                                                # a model capitalised, unnamed
    "LangChain agents", "Database Management Systems",                                  # software
    "non-Markovian", "LM-elicited", "noise-induced",                                    # adjectives alone
    "fine-tune vision transformers",                                                    # a verb and its object
    "black-box", "white-box",                                                           # modifiers alone
    "type-1", "Stage-2",                                                                # a kind by its number
    "HIPAA", "GDPR",                                                                    # laws
    "ADMM-type", "Chambolle-Pock-type", "AI-generated",                                 # modifiers alone
    "3D", "2.5D",                                                                       # a dimension alone
    "All", "Both",                                                                      # a determiner alone
    "RL-only", "decoder-only",                                                          # "X-only": a modifier
    "plug-and-play module", "black-box framework", "training-free method",              # a modifier's generic head
    "proof-of-concept",                                                                 # a modifier compound
    "autoregressively reconstruct complete 3D indoor scene meshes",                     # a clause
])
def test_terms_junk(phrase):
    assert is_junk(phrase)


@pytest.mark.parametrize("phrase", [
    "regret", "bandits", "domain generalization", "CIFAR-10", "LEAR", "pre-training", "fine-tuning",
    "reinforcement learning", "Rademacher complexity", "denoising score matching",
    # a name before a noun that ends in s: no verb's -s form
    "Gaussian process regression", "noise-free Gaussian Process bandit problem", "Softmax bias correction",
    "non-IID", "non-IID data",  # a negated property, no class
    "Generative Model", "Graph Model", "Gated Model",  # (a kind of model, capitalised)
    "fully connected linear networks", "3D point clouds",  # (a participle after an adverb; a dimension named)
])
def test_terms_not_junk(phrase):
    assert not is_junk(phrase)


@pytest.mark.parametrize("phrase, vague", [
    ("sparse gating regimes", True), ("reward changes", True), ("learning-based method", True),
    ("neural networks", True), ("deep learning", True), ("loss function", True),
    ("reward function", False), ("Vietoris-Rips complex", False), ("gradient methods", False),
    ("domain generalization", False), ("top-1 accuracy", False), ("accuracy", False),
])
def test_terms_vague(phrase, vague):
    assert is_vague(phrase) is vague


def test_terms_subterms_are_contiguous_and_skip_function_words():
    subs = subterms(concept_key("minimax optimal dynamic regret bound"))
    assert "dynamic regret bound" in subs and "regret bound" in subs and "regret" in subs
    assert all(not s.startswith(("of ", "for ")) for s in subterms("convergence of local sgd"))
    assert subterms("bandit") == []


@pytest.mark.parametrize("text, name", [
    ("Mamba", True), ("Adam", True), ("CIFAR-100", True), ("Frank-Wolfe algorithm", True),
    ("Lipschitz bandits", True), ("Transformers", False), ("Stochastic gradient descent", False),
    ("dynamic regret bound", False),
])
def test_terms_is_name(text, name):
    assert is_name(text) is name


@pytest.mark.parametrize("phrase", ["sequence length", "computation cost", "online interactions", "local region",
                                    "the offline dataset", "numerical layouts", "AI/ML", "ML"])
def test_a_quantity_or_a_described_dataset_is_vague(phrase):
    assert is_vague(clean_term(phrase))


@pytest.mark.parametrize("term", ["context window", "transport cost function", "point cloud data", "CIFAR-10 dataset",
                                  "regret bound"])
def test_terms_with_those_heads_elsewhere_are_not_vague(term):
    assert not is_vague(term)


def test_modifier_compounds_alone_are_junk_and_irregular_plurals_keep_their_words():
    from kgraph.canon import concept_key

    assert is_junk("open-source") and is_junk("off-the-shelf") and not is_junk("open-source LLMs")
    assert concept_key("time series") == concept_key("time-series") == "time series"
    assert concept_key("inductive biases") == concept_key("inductive bias")
    assert concept_key("hypotheses") == "hypothesis"


def test_a_routine_is_a_generic_head():
    # "a custom preconditioned conjugate gradient (PCG) routine" is the method its definition names
    assert concept_key("preconditioned conjugate gradient routine") == concept_key("preconditioned conjugate gradient")


def test_inline_mathematics_citations_symbols_and_degrees_of_a_property_are_junk():
    # a set of 40 theory abstracts (read blind): "R^n", "e^-f", "P_T", "Õ(√) regret", "episode length H.",
    # "the COLT 2012 open problem", "uniformly stable" (algorithms) were nodes
    for term in ("R^n", "e^-f", "P_T", "\u00d5(\u221a) regret", "episode length H.", "dimension d",
                 "COLT 2012 open problem", "NeurIPS'21 paper", "uniformly stable", "strongly convex"):
        assert is_junk(term), term
    for term in ("vitamin D", "type A", "strong convexity", "uniform stability", "log-Sobolev inequality",
                 "COLT", "stochastic convex optimization", "ResNet-50"):
        assert not is_junk(term), term


def test_rating_words_before_a_bound_are_dropped():
    assert clean_term("asymptotically tight bounds") == "bounds"
    assert clean_term("sharper generalization bounds") == "generalization bounds"
    assert clean_term("sharp minima") == "sharp minima"  # (a kind of minimum, not a rating)
