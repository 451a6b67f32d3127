"""The rules (kgraph.rules) on a blank spaCy pipeline, with the tagger's spans set by hand: no model."""

import pytest
import spacy
from spacy.tokens import Span

from kgraph.rules import MentionRules, _role
from kgraph.types import MIN_CONFIDENCE, SPANS_KEY


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    return nlp


def _rules(nlp, text, spans, *, min_confidence=MIN_CONFIDENCE):
    """Run the rules on ``text`` as if the tagger had found ``spans``: (surface, kind[, confidence[, nth]])."""
    doc = nlp(text)
    group, confidence = [], []
    for surface, kind, *rest in spans:
        score = rest[0] if rest else 1.0
        nth = rest[1] if len(rest) > 1 else 0
        start = -1
        for _ in range(nth + 1):
            start = text.index(surface, start + 1)
        span = doc.char_span(start, start + len(surface), alignment_mode="strict")
        assert span is not None, surface
        group.append(Span(doc, span.start, span.end, label=kind))
        confidence.append(score)
    doc.spans[SPANS_KEY] = group
    doc.spans[SPANS_KEY].attrs["confidence"] = confidence
    rules = MentionRules(nlp, "kgraph_mentions", min_confidence=min_confidence)
    mentions = rules(doc)._.kgraph_mentions
    for m in mentions:
        assert text[m.start_char:m.end_char] == m.text
    return mentions


def test_rules_split_definition_gives_long_and_short_forms_and_later_uses(nlp):
    text = "We train graph neural networks (GNNs) on molecules. Our GNNs are fast."
    ms = _rules(nlp, text, [("graph neural networks", "method"), ("GNNs", "method"), ("molecules", "dataset")])
    by_start = {m.start_char: m for m in ms}
    long = by_start[text.index("graph")]
    assert (long.text, long.short_form, long.long_form) == ("graph neural networks", "GNNs", None)
    first, later = [m for m in ms if m.text == "GNNs"]
    assert first.long_form == later.long_form == "graph neural networks"
    assert later.kind == "method"  # the tagger missed it; the definition gives it
    assert [m.text for m in ms if m.kind == "dataset"] == ["molecules"]


def test_rules_whole_definition_stays_one_mention(nlp):
    text = "We study convolutional neural networks (CNNs) for vision."
    ms = _rules(nlp, text, [("convolutional neural networks (CNNs)", "method")])
    assert [(m.text, m.long_form, m.short_form) for m in ms] == [
        ("convolutional neural networks (CNNs)", "convolutional neural networks", "CNNs")]


def test_rules_definition_with_a_named_tail_is_widened_to_its_long_form(nlp):
    text = "Drawing on the Zone of Proximal Development (ZPD) theory, we select data. ZPD guides it."
    ms = _rules(nlp, text, [("Proximal Development (ZPD) theory", "concept")])
    # the tagger missed "Zone of"; "theory" makes the whole another name, so no definition is recorded on it
    assert [(m.text, m.long_form, m.short_form) for m in ms] == [
        ("Zone of Proximal Development (ZPD) theory", None, None), ("ZPD", "Zone of Proximal Development", None)]


def test_rules_a_span_cut_at_the_bracket_of_a_name_spelt_out_gives_way_to_the_definition(nlp):
    text = "Bounds hold under the CLEVER (Cross Lipschitz Extreme Value for nEtwork Robustness) framework."
    ms = _rules(nlp, text, [("CLEVER (Cross Lipschitz Extreme Value", "concept"),
                            ("nEtwork Robustness) framework", "method")])
    assert [(m.text, m.long_form, m.short_form) for m in ms] == [
        ("CLEVER", "Cross Lipschitz Extreme Value for nEtwork Robustness", None),
        ("Cross Lipschitz Extreme Value for nEtwork Robustness", None, "CLEVER")]
    # and a name spelt out that the tagger missed altogether is still a definition; "(see Table 2)" is none
    text = "We build CCLINC (Common Coalition Language System at Lincoln Laboratory) and test it (see Table Two Below)."
    ms = _rules(nlp, text, [])
    assert [(m.text, m.short_form) for m in ms] == [
        ("CCLINC", None), ("Common Coalition Language System at Lincoln Laboratory", "CCLINC")]


def test_rules_acronym_definitions_read_whole_though_the_tagger_stops_short_or_adds_a_model_head(nlp):
    text = "Vision transformers (ViTs) produce artifacts. Sparse mixture-of-experts (MoE) models route tokens."
    ms = _rules(nlp, text, [("Vision transformers (ViTs", "method"), ("Sparse mixture-of-experts (MoE) models", "method")])
    assert [(m.text, m.long_form, m.short_form) for m in ms] == [
        ("Vision transformers (ViTs)", "Vision transformers", "ViTs"),
        ("Sparse mixture-of-experts (MoE) models", "mixture-of-experts", "MoE")]
    # an acronym whose capitals are its long form's initials is a definition though the tagger saw nothing
    ms = _rules(nlp, "Graph neural networks (GNNs) pass messages.", [])
    assert [(m.text, m.short_form) for m in ms] == [("Graph neural networks", "GNNs"), ("GNNs", None)]


def test_rules_unsure_spans_go_unless_the_text_defines_them(nlp):
    text = "Stochastic gradient descent trains mixture of experts (MoE) models on protein folding."
    ms = _rules(nlp, text, [("Stochastic gradient descent", "method", 0.3), ("mixture of experts", "method", 0.3),
                            ("protein folding", "task", 0.9)])
    assert [m.text for m in ms] == ["mixture of experts", "MoE", "protein folding"]
    kept = _rules(nlp, text, [("Stochastic gradient descent", "method", 0.3)], min_confidence=0.2)
    # (the definition is the text's own: an acronym of its long form's initials)
    assert [m.text for m in kept] == ["Stochastic gradient descent", "mixture of experts", "MoE"]


def test_rules_mark_what_the_paper_proposes(nlp):
    text = "We propose a contrastive loss for image retrieval. Experiments on ImageNet show gains."
    ms = _rules(nlp, text, [("contrastive loss", "method"), ("image retrieval", "task"), ("ImageNet", "dataset")])
    roles = {m.text: m.role for m in ms}
    assert roles == {"contrastive loss": "proposes", "image retrieval": "mentions", "ImageNet": "evaluates_on"}
    assert [m.text for m in ms if m.proposed] == ["contrastive loss"]


def test_rules_a_tool_named_in_a_proposal_is_not_proposed(nlp):
    # a defined name after "we introduce" is preferred to the first name, unless "by", "using", ... comes first
    text = "We introduce a learning framework driven by large language models (LLMs)."
    ms = _rules(nlp, text, [("learning framework", "method"), ("large language models", "method"), ("LLMs", "method")])
    assert [m.text for m in ms if m.proposed] == ["learning framework"]
    text = "We introduce a learning framework named ExpandNet (EN)."
    ms = _rules(nlp, text, [("learning framework", "method"), ("ExpandNet", "method"), ("EN", "method")])
    assert [m.text for m in ms if m.proposed] == ["ExpandNet", "EN"]


def test_rules_named_after_called(nlp):
    text = "A method called Expandable Representations learns tasks in sequence."
    ms = _rules(nlp, text, [("Expandable Representations", "method")])
    assert [(m.text, m.role) for m in ms] == [("Expandable Representations", "proposes")]


def test_rules_drop_generic_words_math_links_and_malformed_spans(nlp):
    text = "Our approach bounds $O(n)$ error at https://x.org/code with BERT (base and the Transformer decoder."
    ms = _rules(nlp, text, [("Our approach", "method"), ("$O(n)$", "concept"), ("https://x.org/code", "concept"),
                            ("BERT (base", "method"), ("the Transformer decoder", "method")])
    assert [m.text for m in ms] == ["Transformer decoder"]  # the determiner is trimmed


def test_rules_roles_follow_the_sentence(nlp):
    doc = nlp("We address image classification with a new loss. Experiments on CIFAR-10 show gains. "
              "We use stochastic gradient descent.")
    sents = list(doc.sents)
    text = doc.text
    assert _role("task", False, sents[0], text.index("image")) == "addresses"
    assert _role("dataset", False, sents[1], text.index("CIFAR")) == "evaluates_on"
    assert _role("method", False, sents[2], text.index("stochastic")) == "uses"
    assert _role("method", True, sents[2], text.index("stochastic")) == "proposes"
    assert _role("concept", False, sents[2], text.index("stochastic")) == "mentions"
    # the field's use of a method is no use by the paper
    doc = nlp("The widespread use of diffusion models has led to synthetic data. We use diffusion models too.")
    sents, text = list(doc.sents), doc.text
    assert _role("method", False, sents[0], text.index("diffusion")) == "mentions"
    assert _role("method", False, sents[1], text.rindex("diffusion")) == "uses"


def test_rules_without_tagger_spans_find_nothing_but_definitions(nlp):
    doc = nlp("Graph neural networks are popular (see Table 2).")
    assert MentionRules(nlp, "kgraph_mentions")(doc)._.kgraph_mentions == []
    doc = nlp("Graph neural networks (GNNs) are popular.")
    assert [m.text for m in MentionRules(nlp, "kgraph_mentions")(doc)._.kgraph_mentions] == ["Graph neural networks", "GNNs"]


def test_rules_named_datasets_and_metrics_the_tagger_missed_become_mentions(nlp):
    text = "We report BLEU and F1 on CIFAR-10 and the Amazon Reviews dataset. We recall that precision matters."
    got = {(m.text, m.kind) for m in _rules(nlp, text, [("Amazon", "concept")])}
    # the tagger took "Amazon" alone; "recall that" is a verb and "precision" has no other metric beside it
    assert got == {("BLEU", "metric"), ("F1", "metric"), ("CIFAR-10", "dataset"), ("Amazon Reviews dataset", "dataset")}


def test_rules_a_mention_of_a_name_and_its_head_takes_the_names_kind(nlp):
    text = "BLEU scores rise on ImageNet classification and on the KITTI benchmark."
    got = {(m.text, m.kind) for m in _rules(nlp, text, [("BLEU scores", "concept", 0.2),
                                                         ("ImageNet classification", "task"),
                                                         ("KITTI benchmark", "method")])}
    # unsure of "BLEU scores", the tagger is overruled by the name; a task around a dataset's name stays a task
    assert got == {("BLEU scores", "metric"), ("ImageNet classification", "task"), ("KITTI benchmark", "dataset")}


def test_rules_an_unsure_longer_mention_around_a_name_gives_way_to_it(nlp):
    text = "The tag set is larger than the Penn Treebank POS tag set."
    got = {(m.text, m.kind) for m in _rules(nlp, text, [("Penn Treebank POS tag set", "concept", 0.2)])}
    assert got == {("Penn Treebank", "dataset")}
