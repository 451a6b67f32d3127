"""The thesaurus of topics (kgraph.thesaurus) and what the graph does with it: built inputs, no model."""

import pytest

from kgraph.graph import build_graph
from kgraph.thesaurus import parse_thesaurus, thesaurus
from kgraph.types import Mention, Paper


def _paper(text, terms, kind="method"):
    ms = []
    for term in terms:
        start = text.index(term)
        ms.append(Mention(term, start, start + len(term), kind))
    return Paper(text, sources=["x.txt:1"]), ms


def _graph(items):
    papers, mentions = zip(*items)
    return build_graph(list(papers), list(mentions))


def _broader(G, node):
    return sorted(d["broader"] for u, v, d in G.edges(node, data=True) if d.get("kind") == "broader"
                  and d["narrower"] == node)


def test_thesaurus_shipped_file_reads_and_its_kinds_are_kinds():
    t = thesaurus()
    assert len(t.topics) > 300
    assert t.topic("uncertainty estimation") == t.topic("Uncertainty Quantification") == "uncertainty quantification"
    assert t.ancestors(t.topic("GP-UCB"))[:2] == ["upper confidence bound", "multi armed bandit"]
    assert {topic.kind for topic in t.topics.values()} <= {"method", "task", "dataset", "metric", "concept", "area"}
    assert t.topics[t.topic("CIFAR-100")].kind == "dataset"
    assert t.topic("MT") == t.topic("machine translation") and t.topic("dimension reduction") == "dimensionality reduction"


@pytest.mark.parametrize("text, error", [
    ("a\n   b\n", "line 2: not a topic line"),
    ("a\n    b\n", "line 2: indented more than one level"),
    ("a [thing]\n", "line 1: kind 'thing'"),
    ("a | b\nc | B\n", "line 2: 'B' already names 'a'"),
    ("a\nb\na\n", "line 3: 'a': it is listed twice"),
    ("a\n\tb\n", "line 2: indented with a tab"),
    ("a" + " " * 100_000 + "x [task]\n", "line 1: a topic line of over 1000 characters"),
])
def test_thesaurus_malformed_lines_are_named(text, error):
    with pytest.raises(ValueError, match=error):
        parse_thesaurus(text, "t.txt")


def test_graph_terms_of_one_topic_meet_at_it():
    t1 = "We study conformal prediction for regression."
    t2 = "Evidential deep learning estimates uncertainty."
    t3 = "A conformal prediction method for graphs."
    G = _graph([_paper(t1, ["conformal prediction"]), _paper(t2, ["Evidential deep learning"]),
                _paper(t3, ["conformal prediction"])])
    uq = "concept:uncertainty_quantification"
    assert G.nodes[uq]["label"] == "uncertainty quantification" and G.nodes[uq]["kind"] == "task"
    assert _broader(G, "concept:conformal_prediction") == [uq]
    assert _broader(G, "concept:evidential_deep_learning") == [uq]
    assert G.nodes[uq]["papers_total"] == 3


def test_graph_a_topic_under_one_term_only_is_no_node():
    t1 = "We study conformal prediction for regression."
    t2 = "A conformal prediction method for graphs."
    G = _graph([_paper(t1, ["conformal prediction"]), _paper(t2, ["conformal prediction"])])
    assert "concept:uncertainty_quantification" not in G
    assert _broader(G, "concept:conformal_prediction") == []


def test_graph_areas_join_nothing():
    # "optimization" is an area: bilevel and minimax optimization papers need share nothing more
    t1 = "We study bilevel optimization with lower-level constraints."
    t2 = "Minimax optimization of smooth games is hard."
    G = _graph([_paper(t1, ["bilevel optimization"], "task"), _paper(t2, ["Minimax optimization"], "task"),
                _paper(t1 + " Again.", ["bilevel optimization"], "task")])
    assert "concept:optimization" not in G
    assert _broader(G, "concept:bilevel_optimization") == []


def test_graph_an_areas_name_and_the_phrases_inside_it_join_nothing():
    # papers of natural language processing (NLP) share no "natural language" or "language processing" node
    items = [(f"Natural language processing (NLP) of {x} uses natural language {y}; language processing is hard.",
              ["Natural language processing", "NLP", f"natural language {y}", "language processing"])
             for x, y in (("tweets", "interfaces"), ("news", "queries"), ("laws", "questions"))]
    G = _graph([_paper(text, terms, "task") for text, terms in items])
    labels = {d["label"].lower() for _, d in G.nodes(data=True) if d["kind"] != "paper"}
    assert not labels & {"natural language processing", "natural language", "language processing", "nlp"}


def test_graph_an_ordinary_word_alone_is_a_node_only_as_a_topic_or_a_name():
    # SciERC tags "corpus", "grammar" and "recognition" alone; several papers' phrases end in them too
    texts = [f"The {m} corpus and a corpus. A {m} grammar and grammar. {m.title()} recognition and recognition. "
             f"Regret, bandits and the Mamba model." for m in ("Chinese", "spoken", "parallel", "legal")]
    items = [_paper(t, ["corpus", "grammar", "recognition", "Regret", "bandits", "Mamba"], "concept") for t in texts]
    t = "Word error rates fall on the Switchboard task."  # a named dataset that is an ordinary word too
    G = _graph(items + [_paper(t, ["Switchboard"], "dataset")])
    labels = {d["label"].lower() for _, d in G.nodes(data=True) if d["kind"] != "paper"}
    assert not labels & {"corpus", "grammar", "recognition"}
    assert {"multi-armed bandits", "mamba", "switchboard"} <= labels  # a topic of the thesaurus ("bandits"), names


def test_graph_synonyms_are_one_concept_and_found_in_the_text():
    t1 = "Uncertainty estimation for deep networks is cheap."
    t2 = "We improve uncertainty quantification of regressors."
    t3 = "Ensembles give reliable uncertainty estimation in practice."
    G = _graph([_paper(t1, ["Uncertainty estimation"], "task"), _paper(t2, ["uncertainty quantification"], "task"),
                _paper(t3, ["Ensembles"])])
    node = G.nodes["concept:uncertainty_quantification"]
    assert node["papers"] == 3  # the third paper's text says it, though the tagger did not
    assert set(node["aliases"].split("|")) == {"Uncertainty estimation", "uncertainty quantification"}


def test_graph_a_term_narrows_a_topic_by_its_last_words_only_after_a_space():
    t1 = "Split conformal prediction is valid. Evidential deep learning is fast."
    t2 = "Multi-gradient descent balances objectives; stochastic gradient descent does not."
    G = _graph([_paper(t1, ["Split conformal prediction", "Evidential deep learning"]),
                _paper(t1 + " Again.", ["Split conformal prediction", "Evidential deep learning"]),
                _paper(t2, ["Multi-gradient descent", "stochastic gradient descent"]),
                _paper(t2 + " Again.", ["Multi-gradient descent", "stochastic gradient descent"])])
    # (the text names conformal prediction in two papers: a term, and the topic between)
    assert _broader(G, "concept:split_conformal_prediction") == ["concept:conformal_prediction"]
    assert _broader(G, "concept:conformal_prediction") == ["concept:uncertainty_quantification"]
    # a hyphenated word is never split: multi-gradient descent is no kind of gradient descent
    assert "concept:gradient_descent" not in _broader(G, "concept:multi_gradient_descent")


def test_graph_a_topic_has_the_thesaurus_kind_and_an_area_is_no_node():
    t1 = "We apply conformal prediction to natural language processing tasks."
    t2 = "Conformal prediction for natural language processing models is studied."
    G = _graph([_paper(t1, ["conformal prediction", "natural language processing"], "task"),
                _paper(t2, ["Conformal prediction", "natural language processing"], "task")])
    assert G.nodes["concept:conformal_prediction"]["kind"] == "method"  # whatever the tagger said
    assert "concept:natural_language_processing" not in G  # an area: it would join any two NLP papers


def test_graph_text_matches_never_start_inside_a_hyphenated_word():
    t1 = "Convex optimization is well understood."
    t2 = "We study non-convex optimization of deep networks."
    t3 = "Convex optimization gives the bound."
    G = _graph([_paper(t1, ["Convex optimization"], "task"), _paper(t2, ["deep networks"]),
                _paper(t3, ["Convex optimization"], "task")])
    assert G.nodes["concept:convex_optimization"]["papers"] == 2  # not the non-convex paper


def test_graph_a_short_form_the_corpus_defines_is_not_the_thesaurus_synonym():
    t1 = "We study object tracking (OT) in videos. OT is hard."
    t2 = "We use optimal transport (OT) between measures. OT is costly."
    t3 = "OT fails in clutter."
    mention = lambda text, surface, **kw: Mention(surface, text.index(surface), text.index(surface) + len(surface),
                                                  "task", **kw)
    G = _graph([
        (Paper(t1, sources=["x:1"]), [mention(t1, "object tracking", short_form="OT"),
                                      mention(t1, "OT", long_form="object tracking")]),
        (Paper(t2, sources=["x:2"]), [mention(t2, "optimal transport", short_form="OT"),
                                      mention(t2, "OT", long_form="optimal transport")]),
        (Paper(t3, sources=["x:3"]), [mention(t3, "OT")]),
    ])
    # "OT" is defined two ways here: the third paper's undefined "OT" is neither, least of all the thesaurus's
    assert G.nodes["concept:optimal_transport"]["papers"] == 1


def test_graph_a_topic_more_than_two_levels_up_is_no_broader_term():
    # Direct Preference Optimization -> preference optimization -> LLM alignment -> large language models
    t1 = "Direct Preference Optimization aligns large language models."
    t2 = "Large language models hallucinate; Direct Preference Optimization helps."
    t3 = "We probe large language models."
    G = _graph([_paper(t1, ["Direct Preference Optimization", "large language models"]),
                _paper(t2, ["Large language models", "Direct Preference Optimization"]),
                _paper(t3, ["large language models"])])
    assert "concept:large_language_model" in G
    assert _broader(G, "concept:direct_preference_optimization") == []


def test_from_texts_takes_the_users_thesaurus(tmp_path):
    import kgraph

    (tmp_path / "topics.txt").write_text("protein design [task]\n  inverse folding [task]\n"
                                         "  protein language models [method]\n", encoding="utf-8")
    texts = ["We study inverse folding with graph neural networks for backbones.",
             "Protein language models capture evolutionary statistics of sequences.",
             "We benchmark inverse folding models and report sequence recovery."]
    G = kgraph.from_texts(texts, thesaurus=tmp_path / "topics.txt").graph
    assert G.nodes["concept:protein_design"]["papers_total"] == 3
    assert "concept:protein_design" not in kgraph.from_texts(texts).graph


def test_thesaurus_a_topic_may_sit_under_more_than_one():
    t = parse_thesaurus("continual learning [task]\nmodel merging [method]\n"
                        "  continual model merging [method] < Continual Learning\n", "t.txt")
    assert t.parents("continual model merging") == ("model merging", "continual learning")
    assert t.above("continual model merging", 2) == ["model merging", "continual learning"]
    assert t.ancestors("continual model merging") == ["model merging"]  # the tree alone


@pytest.mark.parametrize("text, error", [
    ("a\nb < c\n", "line 2: 'c' after '<' is no topic"),
    ("a < b\nb < a\n", "line 2: 'a' is narrower than 'b'"),
    ("x\na < x; b\n  b\n", "line 2: 'b' is narrower than 'a'"),
    ("a < a\n", "line 1: 'a' is narrower than 'a'"),
])
def test_thesaurus_a_second_broader_topic_must_be_one_and_above(text, error):
    with pytest.raises(ValueError, match=error):
        parse_thesaurus(text, "t.txt")


def _papers(G):
    """The graph's paper nodes, in the order the papers were given."""
    return [n for n, d in G.nodes(data=True) if d["kind"] == "paper"]


def _reach(G, paper):
    """The concepts a paper links to and every term above them (broader edges, followed up)."""
    seen, stack = set(), [n for n in G[paper] if G.nodes[n]["kind"] != "paper"]
    while stack:
        n = stack.pop()
        if n not in seen:
            seen.add(n)
            stack += [d["broader"] for _, _, d in G.edges(n, data=True)
                      if d.get("kind") == "broader" and d["narrower"] == n]
    return {G.nodes[n]["label"] for n in seen}


def test_graph_a_term_narrows_a_topic_by_a_modifier_and_its_last_words():
    t1 = "Decentralized bilevel optimization over networks is hard."
    t2 = "Distributed optimization with compressed messages converges."
    t3 = "We revisit distributed optimization under delays."
    t4 = "Non-convex bilevel optimization needs new stationarity notions."
    t5 = "Convex optimization is well understood; convex optimization solvers are fast."
    G = _graph([_paper(t1, ["Decentralized bilevel optimization"], "task"),
                _paper(t2, ["Distributed optimization"], "task"), _paper(t3, ["distributed optimization"], "task"),
                _paper(t4, ["Non-convex bilevel optimization"], "task"),
                _paper(t5, ["Convex optimization"], "task"), _paper(t5 + " Again.", ["Convex optimization"], "task")])
    papers = _papers(G)
    # decentralized bilevel optimization is decentralized (distributed) optimization as much as bilevel
    assert "distributed optimization" in _reach(G, papers[0])
    # a hyphenated modifier stays whole: non-convex bilevel optimization is no convex optimization
    assert "Convex optimization" not in _reach(G, papers[3])


def test_graph_a_topic_one_abstract_writes_links_it_to_the_topic_above():
    t1 = "Graph few-shot learning methods struggle when the support set is small."
    t2 = "Meta-learning prepares a model for adaptation to new tasks."
    t3 = "We study domain adaptation under label shift."
    G = _graph([_paper(t1, ["support set"]), _paper(t2, ["Meta-learning"], "task"),
                _paper(t3, ["domain adaptation"], "task")])
    few_shot = _papers(G)[0]
    # few-shot learning (one paper) is no node; its paper meets the others at transfer learning, saying how
    assert "concept:few_shot_learning" not in G
    edge = G.edges[few_shot, "concept:transfer_learning"]
    assert edge["kind"] == "mention" and edge["via"] == "few-shot learning"


def test_graph_a_topic_one_paper_names_is_a_node_under_the_topic_above():
    # (each paper has three terms of two papers: a paper short of terms keeps its one-paper ones anyway)
    t1 = "This review covers variational autoencoders and normalizing flows: FID, mode collapse and CelebA."
    t2 = "We train generative adversarial networks on faces, with FID, mode collapse and CelebA."
    t3 = "Generative adversarial networks collapse; we add a second critic."
    t4 = "Catastrophic forgetting is our subject here."
    t5 = "Continual learning with replay; we study continual learning in vision."
    shared = ["FID", "mode collapse", "CelebA"]
    G = _graph([_paper(t1, ["variational autoencoders", "normalizing flows", *shared]),
                _paper(t2, ["generative adversarial networks", *shared]),
                _paper(t3, ["Generative adversarial networks"]), _paper(t4, ["Catastrophic forgetting"], "concept"),
                _paper(t5, ["Continual learning", "continual learning"], "task")])
    review, *_, forgetting, _ = _papers(G)
    # the survey's topics are nodes of their own, under the generative models its paper reaches through them
    assert {"concept:variational_autoencoder", "concept:normalizing_flow"} <= set(G[review])
    assert _broader(G, "concept:variational_autoencoder") == ["concept:generative_model"]
    assert G.nodes["concept:variational_autoencoder"]["papers"] == 1
    assert _broader(G, "concept:catastrophic_forgetting") == ["concept:continual_learning"]
    assert "concept:catastrophic_forgetting" in G[forgetting]


def test_graph_a_one_word_synonym_heading_its_phrase_names_the_term():
    t1 = "Disentangled representation learning separates factors."
    t2 = "We study disentangled representation learning with weak labels."
    t3 = "A novel semantic disentanglement loss improves domain generalization."
    G = _graph([_paper(t1, ["Disentangled representation learning"], "task"),
                _paper(t2, ["disentangled representation learning"], "task"), _paper(t3, ["domain generalization"])])
    assert G.nodes["concept:disentangled_representation_learning"]["papers"] == 3


def test_graph_a_lone_term_after_a_possessive_is_someones_property():
    t1 = "The attention mechanism costs quadratic time."
    t2 = "Linear attention mechanism variants are cheaper."
    t3 = "We increase the model's attention to visual inputs with preference optimization."
    t4 = "Our analysis shows attention fails at long lengths for transformers."
    G = _graph([_paper(t1, ["attention mechanism"]), _paper(t2, ["Linear attention mechanism"]),
                _paper(t3, ["preference optimization"]), _paper(t4, ["transformers"])])
    papers = _papers(G)
    assert "concept:attention" not in G[papers[2]] and "concept:attention" in G[papers[3]]


@pytest.mark.parametrize("idiom", [
    "Graph few-shot learning has attracted considerable attention in recent years.",
    "Image composition has attracted a growing attention in recent years.",
    "Special attention is given to the part of the parser that checks constraints.",
    "Hashtag recommendation has been receiving much attention lately.",
])
def test_graph_attention_in_an_everyday_idiom_is_no_attention_mechanism(idiom):
    t1 = "The attention mechanism costs quadratic time."
    t2 = "Linear attention mechanism variants are cheaper."
    t4 = "We focus on attention in transformers and draw on attention at long lengths."
    G = _graph([_paper(t1, ["attention mechanism"]), _paper(t2, ["Linear attention mechanism"]),
                _paper(idiom + " We propose GRAFT.", ["GRAFT"]), _paper(t4, ["transformers"])])
    papers = _papers(G)
    assert "concept:attention" not in G[papers[2]] and "concept:attention" in G[papers[3]]


def test_graph_a_hyphenated_modifier_of_another_noun_is_not_the_method_it_modifies():
    t1 = "Second-order methods precondition the gradient with curvature."
    t2 = "Unlike first-order methods, second-order methods converge in few steps."
    t3 = "A low second-order heterogeneity assumption explains local SGD."
    G = _graph([_paper(t1, ["Second-order methods"]), _paper(t2, ["first-order methods", "second-order methods"]),
                _paper(t3, ["second-order heterogeneity assumption", "local SGD"])])
    papers = _papers(G)
    method = [n for n, d in G.nodes(data=True) if d.get("label", "").lower() == "second-order methods"]
    assert len(method) == 1 and method[0] in G[papers[0]] and method[0] in G[papers[1]]
    assert method[0] not in G[papers[2]]


def test_graph_a_named_narrowing_of_a_topic_takes_its_kind_through_a_synonym():
    t1 = "Blended Conditional Gradients converge fast on polytopes."
    t2 = "The Frank-Wolfe algorithm is projection-free."
    t3 = "We revisit the Frank-Wolfe algorithm with away steps."
    G = _graph([_paper(t1, ["Blended Conditional Gradients"], "concept"), _paper(t2, ["Frank-Wolfe algorithm"]),
                _paper(t3, ["Frank-Wolfe algorithm"])])
    kinds = {d["label"]: d["kind"] for _, d in G.nodes(data=True) if d["kind"] != "paper"}
    # "conditional gradient" names Frank-Wolfe, a method: so is this one paper's named variant, whatever the tagger said
    assert kinds["Blended Conditional Gradients"] == "method"


def test_graph_a_modifier_that_makes_a_topic_with_the_words_it_skips_is_theirs():
    t1 = "Random linear attention networks are learnable in polynomial time."
    t2 = "Deep linear networks learn greedily."
    t3 = "Linear networks trained from small initialization learn saddle to saddle."
    G = _graph([_paper(t1, ["Random linear attention networks"]), _paper(t2, ["Deep linear networks"]),
                _paper(t3, ["Linear networks"])])
    papers = _papers(G)
    # "linear attention" is a topic: the networks are attention networks, not linear networks
    assert "linear neural networks" in _reach(G, papers[1])
    assert "linear neural networks" not in _reach(G, papers[0])


#: A thesaurus with an area under a topic (the shipped one has none).
_AREA_UNDER_TOPIC = parse_thesaurus("""transfer learning [task]
  domain adaptation [task]
  adapting models [area]
    RL fine-tuning [method]
    parameter-efficient fine-tuning | PEFT [method]
  meta-learning [task]
""", "t.txt")


def test_graph_a_term_under_an_area_links_no_paper_above_the_area():
    t1 = "Scaling RL fine-tuning of language models is costly."
    t2 = "We study domain adaptation under label shift."
    t3 = "Few-shot methods use meta-learning."
    items = [_paper(t1, ["RL fine-tuning"]), _paper(t2, ["domain adaptation"], "task"),
             _paper(t3, ["meta-learning"], "task")]
    papers, mentions = zip(*items)
    G = build_graph(list(papers), list(mentions), topics=_AREA_UNDER_TOPIC)
    papers = _papers(G)
    assert "transfer learning" in _reach(G, papers[1])
    assert "transfer learning" not in _reach(G, papers[0])


def test_graph_fine_tuning_joins_papers_and_is_no_transfer_learning():
    t1 = "Scaling RL fine-tuning of language models is costly."
    t2 = "Parameter-efficient fine-tuning (PEFT) adapts foundation models cheaply."
    t3 = "This asymmetry disappears upon targeted fine-tuning."
    t4 = "We study domain adaptation under label shift."
    t5 = "Few-shot learning methods use meta-learning."
    G = _graph([_paper(t1, ["RL fine-tuning"]), _paper(t2, ["Parameter-efficient fine-tuning (PEFT)"]),
                _paper(t3, ["targeted fine-tuning"]), _paper(t4, ["domain adaptation"], "task"),
                _paper(t5, ["Few-shot learning", "meta-learning"], "task")])
    papers = _papers(G)
    assert all("fine-tuning" in _reach(G, p) for p in papers[:3])
    assert not any("transfer learning" in _reach(G, p) for p in papers[:3])


@pytest.mark.parametrize("variant, no_variant", [
    # "quantifies the uncertainty" and "estimates uncertainty" name uncertainty quantification (its synonym
    # "uncertainty estimation"); a verb whose object lies past the end of its clause does not
    (("We propose a framework that quantifies the uncertainty of online SGD iterates.", "online SGD"),
     ("We quantify the error; uncertainty remains high.", "error")),
    # "models ... uncertainty" is uncertainty modeling (the verb of the gerund, then its object); the noun
    # "models" before a verb is not
    (("KOALA++ explicitly models structured gradient uncertainty in network training.", "KOALA++"),
     ("Diffusion models exhibit uncertainty about their samples.", "Diffusion models")),
    # nor a singular noun after an article: "a model to reduce uncertainty" models nothing
    (("KOALA++ explicitly models structured gradient uncertainty in network training.", "KOALA++"),
     ("We train a model to reduce uncertainty in labels.", "labels")),
])
def test_graph_a_topic_written_as_a_verb_and_its_object_is_that_topic(variant, no_variant):
    t2 = "Conformal prediction is a popular framework for uncertainty quantification."
    t3 = "Evidential deep learning estimates uncertainty in one pass."
    G = _graph([_paper(variant[0], [variant[1]]), _paper(t2, ["Conformal prediction"]),
                _paper(t3, ["Evidential deep learning"]), _paper(no_variant[0], [no_variant[1]])])
    papers = _papers(G)
    assert all("uncertainty quantification" in _reach(G, p) for p in papers[:3])
    assert "uncertainty quantification" not in _reach(G, papers[3])


def test_graph_a_property_a_method_only_preserves_is_not_its_subject():
    t1 = "We study the expressive power of transformers on Boolean circuits."
    t2 = "Universal approximation results bound the expressive power of deep networks."
    t3 = "A dimensionality-lowering encoding cuts the cost while preserving expressive power."
    G = _graph([_paper(t1, ["expressive power"], "concept"), _paper(t2, ["Universal approximation"], "concept"),
                _paper(t3, ["encoding"], "method")])
    papers = _papers(G)
    assert "expressivity" in _reach(G, papers[0]) and "expressivity" in _reach(G, papers[1])
    assert "expressivity" not in _reach(G, papers[2])


def test_thesaurus_above_stops_at_an_area_when_asked():
    t = _AREA_UNDER_TOPIC
    fine = t.topic("parameter-efficient fine-tuning")
    assert "transfer learning" in t.above(fine, 2)
    assert t.above(fine, 2, past_areas=False) == ["adapting model"] and t.is_area("adapting model")


def test_graph_learning_an_object_is_that_objects_learning():
    t1 = "We propose Learning Expandable and Adaptable Representations for continual tasks."
    t2 = "Metric learning and representation learning share contrastive losses."
    t3 = "Disentangled representation learning separates factors of variation."
    t4 = "The learned representations of our model are robust."
    G = _graph([_paper(t1, ["continual tasks"]), _paper(t2, ["Metric learning", "representation learning"], "task"),
                _paper(t3, ["Disentangled representation learning"], "task"), _paper(t4, ["model"])])
    papers = _papers(G)
    # "learning ... representations" (past a coordination of modifiers) names representation learning (FASTR's
    # verb-object variant of a gerund); "learned representations", a participle modifying a noun, does not
    assert "representation learning" in _reach(G, papers[0])
    assert "representation learning" not in _reach(G, papers[3])


def test_graph_a_part_built_on_a_topic_narrows_that_topic():
    t1 = "Our method adds an InfoNCE-based objective to a reconstruction loss."
    t2 = "SimCLR popularised contrastive learning for images."
    t3 = "We study contrastive learning with hard negatives."
    t4 = "A reconstruction-based mechanism captures variation."
    G = _graph([_paper(t1, ["InfoNCE-based objective"], "concept"), _paper(t2, ["SimCLR"]),
                _paper(t3, ["contrastive learning"]), _paper(t4, ["reconstruction-based mechanism"])])
    papers = _papers(G)
    # "InfoNCE-based objective" is one paper's part, no node; built on InfoNCE, it links its paper to contrastive
    # learning, InfoNCE's topic
    assert "contrastive learning" in _reach(G, papers[0])
    assert not any("InfoNCE" in G.nodes[c]["label"] for c in G[papers[0]])


def test_thesaurus_linear_mode_connectivity_is_a_property_of_loss_landscapes_not_a_kind_of_merging():
    # merging builds on it, but it is no kind or part of merging (a blind reader's wrong broader link)
    t = thesaurus()
    assert t.parents(t.topic("linear mode connectivity")) == ("loss landscape",)


def test_thesaurus_latent_variables_are_part_of_latent_variable_models_not_above_them():
    # a blind reader: the models have latent variables; they are no kind of latent variable
    t = thesaurus()
    assert t.topic("latent variable models") in t.parents(t.topic("latent variables"))
    assert t.topic("latent variables") not in t.parents(t.topic("latent variable models"))


def test_graph_the_setting_a_learning_modifier_names_is_that_topic():
    t1 = "While previous work mostly deals with the binary case, we focus on the multiclass setting with k classes."
    t2 = "We study multi-class classification under class imbalance."
    t3 = "Sampled softmax trains models with many classes."
    t4 = "Optimisation is easy in a natural setting, and the adversarial setting is harder."
    G = _graph([_paper(t1, ["k classes"], "concept"), _paper(t2, ["class imbalance"], "concept"),
                _paper(t3, ["Sampled softmax"]), _paper(t4, ["Optimisation"])])
    papers = _papers(G)
    # "the multiclass setting" is multiclass classification, which sampled softmax serves; "the binary case" (a
    # case, here prior work's) names nothing, nor "a natural setting" (natural gradient is no learning setting) or
    # "the adversarial setting" (adversarial attacks, training, bandits: which?)
    assert all("multiclass classification" in _reach(G, p) for p in papers[:3])
    assert "binary classification" not in _reach(G, papers[0])
    assert _reach(G, papers[3]) <= {"Optimisation"}


@pytest.mark.parametrize("positives, negatives, topic", [
    # "the online ... problem" is an online learning problem, and bandits are online learning with partial feedback
    pytest.param([("We study the online multi-class selection problem with group fairness guarantees.",
                   ["group fairness guarantees"], "concept"),
                  ("Lipschitz bandits are studied with zooming algorithms.", ["Lipschitz bandits"], "task"),
                  ("We study online learning with transductive feedback.", ["online learning"], "task")],
                 [("The learning problem is hard; the combinatorial problem too.", ["learning problem"], "method")],
                 "online learning", id="an online problem meets the bandits"),
    # FASTR's permutation variant: "imbalance between ... classes" is class imbalance; "imbalance of the load" is not
    pytest.param([("We study the imbalance between positive and negative classes in PU learning.", ["PU learning"],
                   "task"),
                  ("The balanced loss targets class imbalance.", ["balanced loss"], "method"),
                  ("Long-tailed recognition suffers from class imbalance.", ["Long-tailed recognition"], "task")],
                 [("The imbalance of the load across experts slows routing.", ["experts"], "method")],
                 "class imbalance", id="a topic as its head, a preposition and its modifier"),
    pytest.param([("Analyses for unsupervised models such as variational autoencoders remain incomplete.",
                   ["variational autoencoders"], "method"),
                  ("Models trained with unsupervised learning techniques such as self-supervised learning generalize.",
                   ["self-supervised learning"], "method")],
                 [("We propose a novel dimensionality reduction encoding scheme that lowers computational complexity.",
                   ["dimensionality reduction encoding scheme"], "method")],
                 "unsupervised learning", id="a dimensionality reduction step is no unsupervised learning"),
    pytest.param([("Previous research explored the expressivity of Transformer models.", ["Transformer models"],
                   "method"),
                  ("We give the first universal approximation guarantees for ResNets.", ["ResNets"], "method"),
                  ("Transformers have theoretical limitations in modeling certain sequence-to-sequence tasks.",
                   ["Transformers"], "method")],
                 [("We overcome the limitations of existing methods in federated settings.", ["federated settings"],
                   "task")],
                 "expressivity", id="the limitations of a method are no expressivity"),
    # a verb and its object name the topic, but not after "capacity to": what something can do, not what the paper does
    pytest.param([("We propose learning expandable and adaptable representations for continual learning.",
                   ["continual learning"], "task"),
                  ("Disentangled representation learning methods recover latent factors.",
                   ["Disentangled representation learning"], "task")],
                 [("The power of foundation models lies in their capacity to learn highly expressive representations.",
                   ["foundation models"], "method")],
                 "representation learning", id="a capacity to learn representations is no representation learning"),
    # synthetic algorithmic tasks, however written (emphasis marks are text), are algorithmic reasoning's; an
    # "algorithmic framework" is none (a name keyed "algorithmic tasks" would have taken it: "tasks" is a generic head)
    pytest.param([("We study a family of *retrieval* and *copying* tasks after pretraining.", ["*copying* tasks"], "task"),
                  ("Quadratic networks are trained to perform modular addition.", ["modular addition"], "method"),
                  ("Energy-based models solve continuous algorithmic reasoning benchmarks.",
                   ["continuous algorithmic reasoning"], "task")],
                 [("We introduce an algorithmic framework for feature learning dynamics.", ["algorithmic framework"],
                   "method")],
                 "algorithmic reasoning", id="copying tasks and modular addition; no algorithmic framework"),
    pytest.param([("Model collapse is a degradation caused by repeated training on synthetic data.", ["Model collapse"],
                   "concept"),
                  ("Replaying on such synthetic data can contaminate old knowledge in continual learning.",
                   ["continual learning"], "task")],
                 [("Extensive experiments on synthetic data and public benchmarks demonstrate gains of MIStar.",
                   ["MIStar"], "method")],
                 "training on synthetic data", id="training on synthetic data, not testing on it"),
    pytest.param([("We provide guarantees on the number of observations required for successful recovery.",
                   ["successful recovery"], "concept"),
                  ("We give rigorous sample complexity bounds for learning branch-and-cut policies.",
                   ["branch-and-cut policies"], "method")],
                 [("Inversion of a single layer cuts the number of iterations required for convergence.",
                   ["single layer"], "concept")],
                 "sample complexity", id="the number of observations required is a sample complexity"),
    pytest.param([("We train regression trees with linear predictors in the leaves.", ["regression trees"], "method"),
                  ("We study regression with interval targets.", ["interval targets"], "task"),
                  ("Local SGD is analysed on a distributed linear regression task.", ["distributed linear regression"],
                   "task")],
                 [("Logistic regression is a linear classifier.", ["Logistic regression"], "method")],
                 "regression", id="regression trees, interval targets and linear regression; logistic regression no"),
])
def test_graph_papers_reach_the_topic_and_the_counterexample_does_not(positives, negatives, topic):
    G = _graph([_paper(text, terms, kind) for text, terms, kind in positives + negatives])
    papers = _papers(G)
    assert all(topic in _reach(G, p) for p in papers[:len(positives)])
    assert not any(topic in _reach(G, p) for p in papers[len(positives):])


def test_graph_minimizing_a_kind_of_function_is_that_kind_of_optimization():
    t1 = "We study the problem of minimizing non-convex functionals on the space of probability measures."
    t2 = "Nonconvex optimization finds stationary points."
    t3 = "We revisit non-convex optimization with momentum."
    t4 = "We minimize a cost function, then maximize a utility function."
    G = _graph([_paper(t1, ["probability measures"], "concept"), _paper(t2, ["Nonconvex optimization"], "task"),
                _paper(t3, ["non-convex optimization"], "task"), _paper(t4, ["cost function"], "concept")])
    papers = _papers(G)
    assert all("nonconvex optimization" in _reach(G, p) for p in papers[:3])
    assert not any("optimization" in label for label in _reach(G, papers[3]))


def test_graph_benchmarks_of_a_task_and_critical_points_sit_under_their_topics():
    t1 = "We improve robustness across CIFAR-10, CIFAR-100, and CIFAR-10C."
    t2 = "Domain generalization methods for image classification use instruments."
    t3 = "We prove that the gradient flow converges to a critical point."
    t4 = "Nonconvex optimization finds stationary points."
    t5 = "A difference-of-convex programming approach guarantees descent."
    G = _graph([_paper(t1, ["robustness"], "task"), _paper(t2, ["image classification"], "task"),
                _paper(t3, ["gradient flow"], "concept"), _paper(t4, ["Nonconvex optimization"], "task"),
                _paper(t5, ["difference-of-convex programming approach"])])
    papers = _papers(G)
    assert "image classification" in _reach(G, papers[0])
    assert all("nonconvex optimization" in {label.lower() for label in _reach(G, p)} for p in papers[2:])


def test_graph_online_sgd_pretraining_and_language_modeling_sit_under_their_topics():
    t1 = "We quantify the uncertainty of online SGD iterates."
    t2 = "We study online learning with transductive feedback."
    t3 = "We apply spectrum scaling to pre-trained Mamba models after pretraining, on language modeling tasks."
    t4 = "The power of foundation models lies in their representations; language models dominate."
    G = _graph([_paper(t1, ["online SGD"]), _paper(t2, ["online learning"], "task"),
                _paper(t3, ["Mamba", "pretraining"]), _paper(t4, ["foundation models", "language models"])])
    papers = _papers(G)
    assert all("online learning" in _reach(G, p) for p in papers[:2])
    assert {"foundation models", "language models"} <= _reach(G, papers[2])


def test_thesaurus_reward_models_serve_reinforcement_learning_not_only_llm_alignment():
    # a blind reader: reward models of driving agents are no LLM alignment
    t = thesaurus()
    assert {t.topic("reinforcement learning"), t.topic("LLM alignment")} <= set(t.parents(t.topic("reward models")))


@pytest.mark.parametrize("items, topic", [
    pytest.param([("The power of foundation models (FMs) lies in their representations.", ["foundation models"], "method"),
                  ("Large language models (LLMs) fail at length generalization.", ["Large language models"], "method"),
                  ("These problems are more severe with large pre-trained models such as CLIP.", ["CLIP"], "method"),
                  ("Large language models are fine-tuned with preference data.", ["Large language models"], "method")],
                 "foundation models", id="foundation models over language and vision-language models"),
    pytest.param([("Unlike second-order methods, our Kalman-based optimizer tracks gradient covariance in network "
                   "training.", ["second-order methods"], "method"),
                  ("Adam is a popular adaptive gradient method.", ["Adam"], "method"),
                  ("Adafactor factorizes the second-moment estimate.", ["Adafactor"], "method")],
                 "deep learning optimizers", id="an optimizer compared with second-order ones meets Adam"),
    pytest.param([("We consider active seriation, where the learner selects which pairs to query.", ["active seriation"],
                   "task"),
                  ("We study the noise-free GP bandit problem; GP bandits query points adaptively.", ["GP bandits"],
                   "task"),
                  ("Active search samples unobserved regions under a budget.", ["Active search"], "task")],
                 "adaptive sampling", id="adaptive sampling over active learning and GP bandits"),
    pytest.param([("Transformers are studied for learning to execute finite automata.", ["Transformers"], "method"),
                  ("Length generalization matters in tasks requiring algorithmic reasoning.", ["algorithmic reasoning"],
                   "task"),
                  ("Energy-based models solve continuous algorithmic reasoning benchmarks.",
                   ["Energy-based models", "continuous algorithmic reasoning"], "method")],
                 "algorithmic reasoning", id="learning to execute automata"),
    pytest.param([("We introduce a general framework for transferability across dimensions for graph models.",
                   ["graph models"], "method"),
                  ("Length generalization is hard for transformers.", ["Length generalization"], "concept"),
                  ("Domain generalization methods learn invariant features.", ["Domain generalization methods"], "task")],
                 "out-of-distribution generalization", id="transferability across dimensions"),
    pytest.param([("In the zero-shot policy transfer setting, an agent must generalise to unseen testing environments.",
                   ["agent"], "method"),
                  ("Domain generalization methods learn invariant features.", ["Domain generalization methods"], "task"),
                  ("Out-of-distribution generalization under distribution shift is hard for GNNs.",
                   ["Out-of-distribution generalization"], "task")],
                 "out-of-distribution generalization", id="zero-shot policy transfer"),
    pytest.param([("A continual learner preserves information with CLIP as its contrastive model.", ["CLIP"], "method"),
                  ("SymMPO adds vision-oriented contrastive objectives to preference optimization.",
                   ["vision-oriented contrastive objectives"], "concept"),
                  ("An InfoNCE-based objective achieves sufficiency.", ["InfoNCE-based objective"], "concept")],
                 "contrastive learning", id="CLIP and contrastive objectives"),
    # (the modifier is read as written: keyed, "multi-task" would lose its generic "task")
    pytest.param([("In the multi-task setting, meta-learning prepares a model for adaptation.", ["meta-learning"], "task"),
                  ("Model merging integrates multiple expert models into one.", ["Model merging"], "method"),
                  ("This motivates a multi-task training procedure for transformers.", ["transformers"], "method")],
                 "multi-task learning", id="the multi-task setting meets model merging"),
    pytest.param([("Linear convolutional networks converge along Fourier modes.", ["Fourier modes"], "concept"),
                  ("Equivariant layers go into standard convolutional neural networks (CNNs).",
                   ["convolutional neural networks"], "method"),
                  ("We analyze two-layer CNNs on image data.", ["CNNs"], "method")],
                 "convolutional neural networks", id="convolutional networks are CNNs"),
    pytest.param([("Analyses for unsupervised models such as variational autoencoders remain incomplete.",
                   ["variational autoencoders"], "method"),
                  ("Models trained with unsupervised learning techniques such as self-supervised learning.",
                   ["self-supervised learning"], "method"),
                  ("We propose Compressibility-inspired Unsupervised Learning via Parallel Imaging Fidelity (CUPID).",
                   ["CUPID"], "method")],
                 "unsupervised learning", id="unsupervised learning is a topic, not an area"),
    pytest.param([("We consider a block coordinate descent (BCD) algorithm for training deep neural networks.",
                   ["block coordinate descent"], "method"),
                  ("Adam is a popular adaptive gradient method.", ["Adam"], "method")],
                 "deep learning optimizers", id="an algorithm for training deep neural networks"),
    pytest.param([("We consider the combinatorial semi-bandit problem with m arms.", ["combinatorial semi-bandit"],
                   "task"),
                  ("Neural combinatorial optimization solves routing problems.", ["Neural combinatorial optimization"],
                   "method"),
                  ("The traveling salesman problem is NP-hard.", ["traveling salesman problem"], "task")],
                 "combinatorial optimization", id="combinatorial bandits are combinatorial optimization too"),
    pytest.param([("We investigate this compositional structure in linear layers.", ["linear layers"], "concept"),
                  ("We propose a compositional bias, a modular inductive bias.", ["compositional bias"], "method")],
                 "compositionality", id="a compositional structure and a compositional bias"),
    pytest.param([("Transformers have theoretical limitations in modeling certain sequence-to-sequence tasks.",
                   ["Transformers"], "method"),
                  ("Previous research explored the expressivity of Transformer models.", ["Transformer models"],
                   "method"),
                  ("We give the first universal approximation guarantees for ResNets.", ["ResNets"], "method")],
                 "expressivity", id="limitations in modeling are limits of expressivity"),
    pytest.param([("SGD with cyclical learning rates and linear decay to zero is studied.", ["SGD"], "method"),
                  ("Adafactor uses a new proxy step-size to approximate the adaptive step-size.", ["Adafactor"],
                   "method"),
                  ("AdaSDBO leverages adaptive stepsizes based on cumulative gradient norms.", ["AdaSDBO"], "method")],
                 "learning rates", id="learning rates and step sizes are one topic"),
    pytest.param([("We train regression trees with linear predictors in the leaves.", ["linear predictors"], "method"),
                  ("Linear networks converge along principal components.", ["Linear networks"], "method"),
                  ("For linear models using LoRA, retraining is suboptimal.", ["linear models"], "method")],
                 "linear models", id="linear networks and linear predictors are linear models"),
    # (a head word of the thesaurus, "... latents": the lexicon knows "latent" only as an adjective)
    pytest.param([("A compositional consistency loss keeps the composite latent valid.", ["composite latent"], "concept"),
                  ("Latent variables (LVs) play a crucial role in encoder-decoder models.", ["Latent variables"],
                   "concept"),
                  ("We disentangle latent variable models with stochastic mixing.", ["latent variable models"],
                   "method")],
                 "latent variables", id="a composite latent is a latent variable"),
    # (the generic head goes, and the word before it is the head: "functions approach" is the function)
    pytest.param([("We propose an algorithm based on a difference-of-convex (DC) functions approach.",
                   ["difference-of-convex (DC) functions approach"], "method"),
                  ("Nonconvex optimization finds stationary points.", ["Nonconvex optimization"], "task")],
                 "nonconvex optimization", id="a difference-of-convex functions approach"),
    # ReLU is a piecewise linear function, and ReLU networks compute them
    pytest.param([("These networks exactly represent scalar piecewise affine 1-Lipschitz functions.",
                   ["scalar piecewise affine 1-Lipschitz functions"], "concept"),
                  ("We extend our convergence guarantees to ReLU activation.", ["ReLU activation"], "concept"),
                  ("GD with deep ReLU networks attains optimal rates.", ["deep ReLU networks"], "method")],
                 "piecewise linear functions", id="ReLU networks and piecewise affine functions"),
    # FASTR's permutation with "on": "bounds on the regret" are regret bounds
    pytest.param([("We prove tight bounds on the regret of Follow-the-Perturbed-Leader.", ["Follow-the-Perturbed-Leader"],
                   "method"),
                  ("Lipschitz bandits admit a dynamic regret bound.", ["dynamic regret bound"], "concept")],
                 "regret bounds", id="bounds on the regret are regret bounds"),
    pytest.param([("Our convergence guarantee extends to networks with skip connections.", ["skip connections"],
                   "concept"),
                  ("We study 1-Lipschitz residual networks (ResNets) for certified robustness.", ["ResNets"], "method")],
                 "ResNets", id="skip connections make residual networks"),
    # "diffusion-based" keys as an adjective with no term of its own; the topic is the word and its head
    pytest.param([("CUPID performs on par with diffusion-based generative methods.",
                   ["diffusion-based generative methods"], "method"),
                  ("The widespread use of diffusion models has led to synthetic data.", ["diffusion models"], "method"),
                  ("Score-based models learn disentangled representations.", ["Score-based models"], "method")],
                 "diffusion models", id="diffusion-based generative methods are diffusion models"),
    # a measure the lists group papers by, in all its spellings (field-wide words like "entropy" are no node)
    pytest.param([("We derive the generated distribution and its KL-divergence through training.", ["KL-divergence"],
                   "concept"),
                  ("We propose a Kullback-Leibler (KL) Divergence-Based Feature Alignment approach.",
                   ["Kullback-Leibler (KL) Divergence-Based Feature Alignment approach"], "method"),
                  ("Functionals regularized by the relative entropy (KL divergence) have a unique minimizer.",
                   ["relative entropy"], "concept")],
                 "KL divergence", id="KL divergence joins its papers"),
    # "an ensemble of distilled policies" is written as a phrase, not a term the tagger finds
    pytest.param([("For improved generalisation, train an ensemble of distilled policies.", ["generalisation"],
                   "concept"),
                  ("This has implications for model ensembling and neural loss geometry.", ["model ensembling"],
                   "method")],
                 "ensemble learning", id="an ensemble of policies and model ensembling"),
    # a tuned symbol is a hyperparameter; "momentum hyperparameters" are hyperparameters
    pytest.param([("We explain why Adam requires more sensitive $\\lambda$ tuning than AdamW.", ["Adam"], "method"),
                  ("DANA improves these exponents by scaling momentum hyperparameters with model size.",
                   ["momentum hyperparameters"], "concept"),
                  ("GNNs perform well across datasets with proper hyperparameter tuning.", ["GNNs"], "method")],
                 "hyperparameters", id="lambda tuning and momentum hyperparameters"),
    # the adjective predicated of the problem, past adjectives, adverbs and "but"
    pytest.param([("The maximization problem in the latter is non-convex, but smoothness helps.", ["smoothness"],
                   "concept"),
                  ("Both the upper- and lower-level objectives are smooth but potentially nonconvex.",
                   ["lower-level objectives"], "concept"),
                  ("Adafactor converges in non-convex smooth optimization.", ["non-convex smooth optimization"],
                   "task")],
                 "nonconvex optimization", id="a problem said to be non-convex"),
    # a vision network on images judged by its test error classifies them
    pytest.param([("We analyze two-layer over-parameterized CNNs on image data. Adam converges to poor test error.",
                   ["Adam"], "method"),
                  ("We address image classification with a new loss.", ["image classification"], "task")],
                 "image classification", id="CNNs on image data judged by test error"),
    # a paradigm of algorithm design, however each paper names its greedy algorithm
    pytest.param([("We give SuperGreedy++ for the densest supermodular set.", ["SuperGreedy++"], "method"),
                  ("Insertions are chosen by a parallel greedy search strategy.", ["parallel greedy search strategy"],
                   "method"),
                  ("Unlike recursive partitioning algorithms such as CART, TAO trains trees.", ["CART"], "method")],
                 "greedy algorithms", id="greedy algorithms over SuperGreedy++ and CART"),
])
def test_graph_papers_meet_at_the_topic_the_thesaurus_puts_over_their_terms(items, topic):
    G = _graph([_paper(text, terms, kind) for text, terms, kind in items])
    assert all(topic.lower() in {label.lower() for label in _reach(G, p)} for p in _papers(G))


def test_thesaurus_head_word_a_term_ending_with_it_narrows_the_topic_unless_it_is_a_person():
    t = parse_thesaurus("mixture of experts | MoE | ... experts [method]\n")
    assert t.heads == {"expert": "mixture of expert"} and "expert" not in t.names
    with pytest.raises(ValueError, match="line 1: '... neural networks' names a head word"):
        parse_thesaurus("neural networks | ... neural networks\n")
    with pytest.raises(ValueError, match="line 2: '... experts' already heads 'mixture of experts'"):
        parse_thesaurus("mixture of experts | ... experts\nexpert systems | ... experts\n")
    G = _graph([_paper("GRACE integrates adaptive spectrum experts with calibration.", ["adaptive spectrum experts"],
                       "concept"),
                _paper("Mixture-of-Experts (MoE) architectures are merged.", ["Mixture-of-Experts"]),
                _paper("Labels come from domain experts and annotators.", ["domain experts"] * 2, "concept")])
    papers = _papers(G)
    reach = [{label.lower().replace("-", " ") for label in _reach(G, p)} for p in papers]
    assert "mixture of experts" in reach[0] and "mixture of experts" in reach[1]
    assert reach[2] == {"domain experts"}


def test_graph_imbalanced_classes_samples_and_populations_meet_at_class_imbalance():
    t1 = "Early stopping results in imbalanced error rates between positive and negative classes."
    t2 = "The balanced loss targets class imbalance."
    t3 = "Evaluation is biased due to the numerical imbalance of samples."
    t4 = "Assuming population and variance imbalance, we study bias amplification."
    t5 = "Imbalanced routing decisions across many experts slow training."
    G = _graph([_paper(t1, ["Early stopping"]), _paper(t2, ["balanced loss"]),
                _paper(t3, ["numerical imbalance of samples"], "concept"),
                _paper(t4, ["population and variance imbalance", "bias amplification"], "concept"),
                _paper(t5, ["routing decisions"], "concept")])
    reach = [{label.lower() for label in _reach(G, p)} for p in _papers(G)]
    # the adjective with a noun inserted before the preposition (FASTR): "imbalanced error rates between ... classes"
    assert all("class imbalance" in r for r in reach[:4])
    assert not any("imbalance" in label for label in reach[4])
    assert "imbalance" not in reach[2] | reach[3]  # the lone word is no node


def test_graph_a_topic_one_paper_writes_is_a_node_over_its_named_term():
    t1 = ("Alternatives with sub-quadratic scaling exist, such as state-space models. Among these, Mamba leads, "
          "ahead of RWKV, S4D and H3.")
    t2 = "We study graph neural networks on heterophilic graphs."
    G = _graph([_paper(t1, ["state-space models", "Mamba", "RWKV", "S4D", "H3"]), _paper(t2, ["graph neural networks"])])
    mamba = next(n for n, d in G.nodes(data=True) if d["label"] == "Mamba")
    # the paper writes the topic and a node under it: the hierarchy shows where its name belongs
    assert _broader(G, mamba) == [next(n for n, d in G.nodes(data=True) if d["label"] == "state space models")]


def test_graph_a_physicists_ensemble_is_no_ensemble_learning():
    t1 = "Samples from the canonical ensemble train Boltzmann generators."
    t2 = "This has implications for model ensembling and neural loss geometry."
    t3 = "Deep ensembles estimate uncertainty."
    G = _graph([_paper(t1, ["Boltzmann generators"]), _paper(t2, ["model ensembling"]), _paper(t3, ["Deep ensembles"])])
    papers = _papers(G)
    assert "ensemble learning" in _reach(G, papers[1]) and "ensemble learning" in _reach(G, papers[2])
    assert not any("ensemble" in label for label in _reach(G, papers[0]))


def test_graph_a_topic_node_is_labelled_as_the_thesaurus_spells_it():
    t1 = "Neural solvers for Combinatorial Optimization learn heuristics; we use a large language model (LLM)."
    t2 = "Combinatorial Optimization problems such as routing are hard for every large language model."
    t3 = "We propose Outlier Contrastive Exposure for Combinatorial Optimization."
    G = _graph([_paper(t1, ["Combinatorial Optimization", "large language model (LLM)"], "task"),
                _paper(t2, ["Combinatorial Optimization", "large language model"], "task"),
                _paper(t3, ["Outlier Contrastive Exposure", "Combinatorial Optimization"])])
    labels = {d["label"] for _, d in G.nodes(data=True) if d["kind"] != "paper"}
    assert {"combinatorial optimization", "large language models"} <= labels
    assert "Outlier Contrastive Exposure" in labels  # a paper's own name keeps its spelling


def test_graph_a_problem_is_of_a_kind_only_when_the_adjective_says_so():
    t1 = "The problem is that convex methods fail on large graphs."
    t2 = "The problem is hard, and we give a polynomial algorithm."
    t3 = "We study convex optimization over graphs."
    t4 = "We study nonconvex optimization in deep learning."
    G = _graph([_paper(t1, ["large graphs"], "concept"), _paper(t2, ["polynomial algorithm"]),
                _paper(t3, ["convex optimization"], "task"), _paper(t4, ["nonconvex optimization"], "task")])
    papers = _papers(G)
    assert not any("optimization" in label for p in papers[:2] for label in _reach(G, p))


def test_graph_a_network_on_images_judged_by_no_error_classifies_nothing():
    t1 = "We train convolutional networks on images to generate samples, and report FID."
    t2 = "We address image classification with a new loss."
    t3 = "Image classification benchmarks saturate."
    G = _graph([_paper(t1, ["FID"], "metric"), _paper(t2, ["image classification"], "task"),
                _paper(t3, ["Image classification"], "task")])
    assert "image classification" not in _reach(G, _papers(G)[0])


def test_graph_an_objective_of_a_kind_is_that_kinds_optimization():
    t1 = "We propose corrective steps for convex quadratic objectives."
    t2 = "Convex-programming methods outperform task-specific baselines."
    t3 = "Unlike strategies based on semidefinite programming algorithms, our dual is solved by gradient methods."
    t4 = "We maximize a black-box objective function with Gaussian process bandits."
    t5 = "Gradient-free methods train the network."
    t6 = "We replace the activation functions and the loss function of the network."
    G = _graph([_paper(t1, ["convex quadratic objectives"], "task"), _paper(t2, ["Convex-programming methods"]),
                _paper(t3, ["semidefinite programming algorithms"]),
                _paper(t4, ["black-box objective function"], "concept"), _paper(t5, ["Gradient-free methods"]),
                _paper(t6, ["activation functions", "loss function"], "concept")])
    reach = [{label.lower() for label in _reach(G, p)} for p in _papers(G)]
    # the adjective of the objective, a topic's name before a generic head, and a kind of convex program
    assert all("convex optimization" in r for r in reach[:3])
    assert "zeroth-order optimization" in reach[3] and "zeroth-order optimization" in reach[4]
    assert not any("optimization" in label for label in reach[5])


def test_thesaurus_a_marking_word_anywhere_in_a_term_narrows_the_topic():
    t = parse_thesaurus("Lipschitz continuity | Lipschitz ... [concept]\n")
    assert t.marks == {"lipschitz": "lipschitz continuity"} and "lipschitz" not in t.names
    with pytest.raises(ValueError, match="line 1: 'Lipschitz constant ...' names a word of the topic's terms: one word"):
        parse_thesaurus("Lipschitz continuity | Lipschitz constant ... [concept]\n")
    t1 = "We study non-stationary Lipschitz bandits with a dynamic regret bound."
    t2 = "We prove that 1-Lipschitz ResNets are dense among scalar functions."
    t3 = "Bounds hold under CLEVER (Cross Lipschitz Extreme Value for nEtwork Robustness) scores."
    t4 = "A Lipschitz assumption on the reward makes it learnable."
    G = _graph([_paper(t1, ["non-stationary Lipschitz bandits"], "task"), _paper(t2, ["1-Lipschitz ResNets"]),
                _paper(t3, ["Cross Lipschitz Extreme Value for nEtwork Robustness"], "concept"),
                _paper(t4, ["Lipschitz assumption"], "concept")])
    reach = [_reach(G, p) for p in _papers(G)]
    # a term with the word anywhere in it, and the topic labelled as the thesaurus spells it, not "Lipschitz assumption"
    assert all("Lipschitz continuity" in r for r in reach)
    assert not any(d["label"] == "Lipschitz assumption" for _, d in G.nodes(data=True))


def test_graph_statistical_consistency_is_said_of_estimators_not_of_results():
    t1 = "Under assumptions long used for proving asymptotic consistency of MLE, model collapse is avoided."
    t2 = "We show that GLA losses are Bayes-consistent for complete hypothesis sets."
    t3 = "Risk estimators such as nnPU are unbiased and consistent with the expected risk."
    t4 = "Our method consistently outperforms baselines; a weak consistency oracle answers queries."
    G = _graph([_paper(t1, ["model collapse"], "task"), _paper(t2, ["GLA losses"]), _paper(t3, ["nnPU"]),
                _paper(t4, ["weak consistency oracle"], "concept")])
    reach = [_reach(G, p) for p in _papers(G)]
    assert all("statistical consistency" in r for r in reach[:3])
    assert "statistical consistency" not in reach[3]


def test_graph_a_recurrent_model_trained_on_text_models_language():
    t1 = "Large-scale text experiments with LSTMs show the improved loss exponents hold."
    t2 = "We evaluate on image classification and language modeling."
    t3 = "LSTMs trained on video frames predict motion; text-to-image generation is another matter."
    t4 = "Large language models are trained on web text."
    G = _graph([_paper(t1, ["loss exponents"], "concept"), _paper(t2, ["image classification", "language modeling"], "task"),
                _paper(t3, ["LSTMs", "text-to-image generation"]), _paper(t4, ["Large language models"])])
    reach = [{label.lower() for label in _reach(G, p)} for p in _papers(G)]
    assert "language models" in reach[0] and "language models" in reach[1]
    assert "language models" not in reach[2]


def test_graph_a_learning_rate_is_a_hyperparameter():
    t1 = "We analyse cyclical learning rates and linear decay to zero for SGD."
    t2 = "A new proxy step-size makes Adafactor stable."
    t3 = "We introduce a new hyperparameter tuning strategy for conformal prediction."
    G = _graph([_paper(t1, ["cyclical learning rates"], "concept"), _paper(t2, ["proxy step-size"], "concept"),
                _paper(t3, ["hyperparameter tuning strategy"])])
    reach = [{label.lower() for label in _reach(G, p)} for p in _papers(G)]
    assert all("hyperparameters" in r for r in reach)  # (a learning rate is one; tuning them sits under them)


def test_graph_a_topic_one_paper_writes_stays_a_node_when_nothing_above_it_is_one():
    t1 = "Vision transformers (ViTs) produce artifacts in attention maps on ADE20K."
    t2 = "We formulate routing as an optimal transport problem and propose OT-Route."
    t3 = "Split conformal prediction gives coverage; conformal prediction needs exchangeability."
    t4 = "We study Graph Networks on Cora."
    G = _graph([_paper(t1, ["Vision transformers (ViTs)", "ADE20K"]), _paper(t2, ["optimal transport problem", "OT-Route"]),
                _paper(t3, ["Split conformal prediction", "conformal prediction"]), _paper(t4, ["Graph Networks", "Cora"])])
    for i, wanted in enumerate(["vision transformers", "optimal transport", "conformal prediction"]):
        assert wanted in {label.lower() for label in _reach(G, _papers(G)[i])}


def test_graph_a_topic_two_papers_write_is_a_node_though_its_head_is_vague():
    # "rates" and "points" are vague heads ("convergence rates" of one method), yet these are topics by name
    t1 = "We prove minimax optimal rates for kernel ridge regression."
    t2 = "Our bandit algorithm matches the minimax lower bounds on regret."
    t3 = "We study learning rates for kernel ridge regression."
    G = _graph([_paper(t1, ["minimax optimal rates", "kernel ridge regression"]),
                _paper(t2, ["minimax lower bounds", "bandit algorithm"]), _paper(t3, ["learning rates"])])
    assert G.nodes["concept:minimax_rate"]["label"] == "minimax rates"
    assert len([p for p in G["concept:minimax_rate"] if p.startswith("paper:")]) == 2
    assert "concept:learning_rate" not in G  # one paper's topic with a vague head: no node


def _papers_reaching(G, node):
    """Papers that mention a node or a term below it."""
    from kgraph.query import broader_terms

    return sorted(G.nodes[p]["abstract"][:12] for p in G if p.startswith("paper:")
                  and any(c == node or node in broader_terms(G, c) for c in G[p]))


def test_graph_merged_and_ensembled_models_meet_at_model_fusion():
    t1 = "Model merging combines fine-tuned models without data."
    t2 = "Ensemble learning improves calibration under shift."
    G = _graph([_paper(t1, ["Model merging"]), _paper(t2, ["Ensemble learning"])])
    assert _papers_reaching(G, "concept:model_fusion") == ["Ensemble lea", "Model mergin"]


def test_graph_a_zero_shot_setting_or_ability_is_zero_shot_learning():
    t1 = "CLIP shows strong zero-shot capabilities on images."
    t2 = "We study the zero-shot policy transfer setting in reinforcement learning."
    t3 = "We distil a zero-shot model into CLIP."  # "zero-shot" before another word names no setting
    G = _graph([_paper(t1, ["CLIP"]), _paper(t2, ["zero-shot policy transfer setting"]), _paper(t3, ["CLIP"])])
    assert _papers_reaching(G, "concept:zero_shot_learning") == ["CLIP shows s", "We study the"]
    assert "concept:transfer_learning" in _broader(G, "concept:zero_shot_learning")
    # the link says the words it was found by, for a person to check
    clip = next(p for p in G if p.startswith("paper:") and G.nodes[p]["abstract"].startswith("CLIP shows"))
    assert G.edges[clip, "concept:zero_shot_learning"]["via"] == "zero-shot capabilities"


def test_graph_a_term_with_softmax_in_it_is_about_the_softmax():
    t1 = "We analyse softmax parametrized policies in Markov games."
    t2 = "Sampled softmax speeds up training of recommenders."
    G = _graph([_paper(t1, ["softmax parametrized policies"]), _paper(t2, ["Sampled softmax"])])
    assert _papers_reaching(G, "concept:softmax") == ["Sampled soft", "We analyse s"]


def test_graph_groups_algebras_and_manifolds_meet_at_geometric_deep_learning():
    t1 = "We propose a Neural Lie Transport Operator for shifting domains."
    t2 = "Using Clifford algebra we rewrite linear layers."
    t3 = "Point clouds on Riemannian manifolds need curved convolutions."
    t4 = "The patient may lie about symptoms; we model transport costs."  # the verb "lie" is no group
    # optimization over a manifold is no learning on one: no part of geometric deep learning
    t5 = "Riemannian gradient descent on fixed-rank matrices converges fast."
    G = _graph([_paper(t1, ["Neural Lie Transport Operator"]), _paper(t2, ["Clifford algebra"]),
                _paper(t3, ["Riemannian manifolds"]), _paper(t4, ["transport costs"]),
                _paper(t5, ["Riemannian gradient descent"])])
    assert _papers_reaching(G, "concept:geometric_deep_learning") == ["Point clouds", "Using Cliffo", "We propose a"]


def test_graph_losses_studied_as_a_family_are_loss_function_design():
    t1 = "We propose unbiased loss functions for sampled classes."
    t2 = "Several risk estimators of PU learning overfit."
    t3 = "We bound the Hessian of the loss function for low-rank training."  # a model's one objective
    t4 = "We study surrogate losses for imbalanced classification."
    G = _graph([_paper(t1, ["sampled classes"]), _paper(t2, ["PU learning"]), _paper(t3, ["low-rank training"]),
                _paper(t4, ["surrogate losses"])])
    assert _papers_reaching(G, "concept:loss_function_design") == ["Several risk", "We propose u", "We study sur"]
    assert G.nodes["concept:loss_function_design"]["label"] == "loss function design"


def test_graph_entropy_criteria_meet_at_entropy_not_at_cross_entropy():
    t1 = "Test-time adaptation by entropy minimization drifts."
    t2 = "Low-entropy label distributions are underfit."
    t3 = "The cross-entropy loss is calibrated."  # a loss of its own
    G = _graph([_paper(t1, ["entropy minimization"]), _paper(t2, ["Low-entropy label distributions"]),
                _paper(t3, ["cross-entropy loss"])])
    assert _papers_reaching(G, "concept:entropy") == ["Low-entropy ", "Test-time ad"]


def test_graph_spectra_and_fourier_modes_meet_at_spectral_methods():
    t1 = "Mamba fails as the spectrum of the transition matrix shrinks."
    t2 = "Linear denoisers converge along Fourier modes."
    t3 = "HeroFilter learns adaptive graph filters for heterophily."
    G = _graph([_paper(t1, ["spectrum of the transition matrix"]), _paper(t2, ["Fourier modes"]),
                _paper(t3, ["adaptive graph filters"])])
    assert _papers_reaching(G, "concept:spectral") == ["HeroFilter l", "Linear denoi", "Mamba fails "]


def test_graph_an_acronym_the_thesaurus_knows_is_labelled_spelt_out():
    t1 = "Our solver beats MNP on large graphs."
    t2 = "We speed up the Fujishige-Wolfe algorithm on polytopes."
    G = _graph([_paper(t1, ["MNP"]), _paper(t2, ["Fujishige-Wolfe algorithm"])])
    node = G.nodes["concept:minimum_norm_point"]
    assert node["label"] == "minimum-norm point algorithm" and "MNP" in node["aliases"].split("|")


def test_graph_a_link_found_by_patterns_that_must_all_hold_says_the_telling_words():
    t1 = "We analyze two-layer over-parameterized CNNs on image data. Adam converges to poor test error."
    t2 = "We address image classification with a new loss."
    G = _graph([_paper(t1, ["Adam"]), _paper(t2, ["image classification"])])
    adam = next(p for p in G if p.startswith("paper:") and G.nodes[p]["abstract"].startswith("We analyze"))
    assert G.edges[adam, "concept:image_classification"]["via"] == "CNNs on image data"



def test_graph_reasoning_alone_is_no_llm_reasoning():
    # "reasoning" is every field's word (diagram, commonsense, spatial reasoning); LLM reasoning is one topic
    t1 = "We study diagram interpretation and reasoning in vision systems."
    t2 = "LLM reasoning fails on long arithmetic."
    t3 = "Chain-of-thought prompting improves LLM reasoning on math."
    G = _graph([_paper(t1, ["diagram interpretation and reasoning"], "task"), _paper(t2, ["LLM reasoning"], "task"),
                _paper(t3, ["Chain-of-thought prompting", "LLM reasoning"])])
    papers = _papers(G)
    assert "LLM reasoning" in _reach(G, papers[1]) and "LLM reasoning" in _reach(G, papers[2])
    assert not {"LLM reasoning", "large language models", "foundation models"} & _reach(G, papers[0])


def test_graph_fedavg_is_federated_learning_softmax_attention_attention_and_multi_modal_no_node():
    t1 = "Federated Averaging trains models across clients; FedAvg drifts on non-IID data."
    t2 = "We study federated learning with personalization."
    t3 = "Softmax attention is costly; linear attention is cheaper."
    t4 = "Multi-modal problems need multi-modal problems solved by multimodal models."
    t5 = "We study multi-modal problems in robotics with transformers."
    t6 = "The softmax function normalizes logits; a temperature softmax sharpens them."
    G = _graph([_paper(t1, ["Federated Averaging", "FedAvg"]), _paper(t2, ["federated learning"], "task"),
                _paper(t3, ["Softmax attention", "linear attention"]), _paper(t4, ["Multi-modal problems"], "task"),
                _paper(t5, ["multi-modal problems", "transformers"], "task"),
                _paper(t6, ["softmax function", "temperature softmax"], "concept")])
    fedavg = next(n for n, d in G.nodes(data=True) if "FedAvg" in d.get("aliases", "").split("|"))
    assert "concept:federated_learning" in _broader(G, fedavg)
    softmax = next(n for n, d in G.nodes(data=True) if d.get("label", "").lower() == "softmax attention")
    assert "concept:softmax" in G and "concept:softmax" not in _broader(G, softmax)
    assert not any(d["label"].lower().startswith("multi") for _, d in G.nodes(data=True) if d["kind"] != "paper")


def test_thesaurus_mirror_descent_is_no_kind_of_gradient_descent():
    t = thesaurus()
    assert "gradient descent" not in t.above("mirror descent", 2)


def test_thesaurus_tasks_vision_language_models_are_tested_on_are_no_kind_of_them():
    t = thesaurus()
    for task in ("image captioning", "visual question answering"):
        assert "vision-language models" not in t.above(task, 2)
    assert "question answering" in t.parents("visual question answering")


def test_graph_spellings_of_a_topic_meet_and_take_its_label():
    t1 = "Posttraining shapes what a model says. Reasoning improves."
    t2 = "We measure KL distances between policies, and the SGD-trained networks drift."
    t3 = "We bound the KL divergence of the posterior."
    G = _graph([_paper(t1, ["Posttraining"]), _paper(t2, ["KL distances", "SGD-trained"], "concept"),
                _paper(t3, ["KL divergence"], "concept")])
    labels = {d["label"] for _, d in G.nodes(data=True) if d["kind"] != "paper"}
    # a sentence's capital is no name; "KL distance" is a loose name of the divergence; "SGD-trained" is an
    # adjective, no second SGD
    assert "post-training" in labels and "Posttraining" not in labels
    assert "KL distances" not in labels and all("KL divergence" in _reach(G, p) for p in _papers(G)[1:])
    assert "SGD-trained" not in labels


def test_graph_pac_bayes_bounds_are_one_topic_however_written():
    t1 = "We derive PAC-Bayes bounds for deep networks."
    t2 = "Our PAC-Bayesian generalization bounds are tight."
    G = _graph([_paper(t1, ["PAC-Bayes bounds"], "concept"), _paper(t2, ["PAC-Bayesian generalization bounds"], "concept")])
    nodes = [n for n, d in G.nodes(data=True) if d["kind"] != "paper" and "PAC" in d["label"]]
    # (one paper's abstract had made three nodes of them: the bounds, the generalization bounds, PAC-Bayes)
    assert len(nodes) == 1 and len([p for p in G[nodes[0]] if G.nodes[p]["kind"] == "paper"]) == 2


def test_graph_spectral_bias_is_an_implicit_bias_no_spectral_method():
    t1 = "These analytical results expose a pronounced spectral bias of diffusion models."
    t2 = "We apply spectrum scaling to the state matrices of Mamba."
    t3 = "We study the implicit bias of flat minima."
    G = _graph([_paper(t1, ["spectral bias"], "concept"), _paper(t2, ["spectrum scaling"]),
                _paper(t3, ["implicit bias"], "concept")])
    p1, p2, _ = _papers(G)
    # (the thesaurus's "spectral ..." mark had put the learning phenomenon under spectral methods, joining the two)
    assert "implicit bias" in _reach(G, p1) and "spectral methods" not in _reach(G, p1)


def test_a_hierarchy_edge_says_whether_the_narrower_term_is_a_kind_or_within():
    # conformal prediction is a way to quantify uncertainty (a kind of it); hallucination is no kind of a large
    # language model, nor CIFAR-10 a kind of image classification: they are within them. Attention is a method as
    # transformers are, and within them as the thesaurus marks it ("[method, part]")
    t1 = "We study conformal prediction and hallucination of large language models on CIFAR-10 image classification."
    t2 = "Evidential deep learning estimates uncertainty; large language models hallucinate, and hallucination hurts."
    t3 = "Attention layers make transformers expressive; transformers scale."
    t4 = "Linear attention in transformers; CIFAR-10 image classification."
    G = _graph([_paper(t1, ["conformal prediction", "hallucination", "large language models", "CIFAR-10",
                            "image classification"]),
                _paper(t2, ["Evidential deep learning", "large language models", "hallucination"]),
                _paper(t3, ["Attention layers", "transformers"]), _paper(t4, ["Linear attention", "transformers",
                                                                              "CIFAR-10", "image classification"])])
    sense = {(G.nodes[d["narrower"]]["label"], G.nodes[d["broader"]]["label"]): d.get("sense")
             for *_, d in G.edges(data=True) if d.get("broader")}
    assert sense[("conformal prediction", "uncertainty quantification")] == "kind"
    assert sense[("hallucination", "large language models")] == "within"
    assert sense[("CIFAR-10", "image classification")] == "within"
    assert sense[("attention", "transformers")] == "within"
    assert sense[("linear attention", "attention")] == "kind"
    t = parse_thesaurus("transformers [method]\n  attention [method, part]\n  vision transformers [method]\n", "t.txt")
    assert t.topics["attention"].part and not t.topics["vision transformer"].part


def test_cli_paths_and_links_say_within(tmp_path, capsys):
    import json

    from kgraph import KnowledgeGraph
    from kgraph.cli import main

    t1, t2, t3 = ("Large language models hallucinate; we measure hallucination.",
                  "Hallucination detection for large language models.", "Large language models follow instructions.")
    KnowledgeGraph(_graph([_paper(t1, ["Large language models", "hallucination"]),
                           _paper(t2, ["Hallucination", "large language models"]),
                           _paper(t3, ["Large language models"])])).save(tmp_path)
    assert main(["query", "neighbours", "hallucination", "--graph", str(tmp_path), "--json"]) == 0
    link = {d["label"]: d["link"] for d in json.loads(capsys.readouterr().out)["nodes"]}
    assert link["large language models"] == "holds it"
    assert main(["query", "neighbours", "hallucination", "--graph", str(tmp_path)]) == 0
    assert "holds it / within it: the broader term holds it as a part" in capsys.readouterr().out  # (a legend)
    assert main(["query", "path", "hallucination", "Large language models follow", "--graph", str(tmp_path)]) == 0
    assert "hallucination --within--> large language models" in capsys.readouterr().out


def test_knowledge_graphs_are_no_part_of_graph_learning():
    # a blind reader rejected knowledge graphs under graph learning, even as within it: a kind of data
    t = thesaurus()
    assert t.parents(t.topic("knowledge graphs")) == () and t.topic("KGs") == t.topic("knowledge graph")


def test_a_file_of_abstracts_or_bytes_given_as_a_thesaurus_is_refused_naming_its_line():
    # a CSV of abstracts and a binary file both built with rc 0 as if they were thesauri
    csv_text = 'id,title,abstract\np1,On graphs,"We study graph neural networks on many benchmarks, and they are good."\n'
    with pytest.raises(ValueError, match=r"abstracts.csv, line 2: .* is no topic's name"):
        parse_thesaurus(csv_text, "abstracts.csv")
    with pytest.raises(ValueError, match=r"bin, line 1: .* is no topic's name"):
        parse_thesaurus("\x00\x01\x02binary", "bin")
    assert parse_thesaurus("non-negative Positive and Unlabeled learning | nnPU [method]").topic("nnPU")
