import pytest

from kgraph.abbrev import best_long_form, find_abbreviations
from kgraph.extract import tokenizer_pipeline


@pytest.fixture(scope="module")
def nlp():
    return tokenizer_pipeline()


@pytest.mark.parametrize("text, pairs", [
    ("We train graph neural networks (GNNs) on molecules. GNNs are fast.", [("graph neural networks", "GNNs")]),
    ("Recent work introduces instrumental variables (IVs) to help.", [("instrumental variables", "IVs")]),
    ("a novel dynamic expansion approach called Learning Expandable and Adaptable Representations (LEAR).",
     [("Learning Expandable and Adaptable Representations", "LEAR")]),
    ("we propose a Kullback-Leibler (KL) Divergence-Based Feature Alignment.", [("Kullback-Leibler", "KL")]),
    ("We compare against GNNs (graph neural networks) here.", [("graph neural networks", "GNNs")]),
    ("The results (see Table 2) and the cases (ii) hold.", []),
    ("Accuracy improves (by 3%) on average.", []),
    # a dash sets the name off at the end of its clause (the reader writes an em dash as " - ")
    ("this paper proposes a Memory-enhanced Improvement Search framework with heterogeneous graph "
     "representation - MIStar. It employs a graph.",
     [("Memory-enhanced Improvement Search framework with heterogeneous graph representation", "MIStar")]),
    ("We train graph neural networks\u2014GNNs, on molecules.", [("graph neural networks", "GNNs")]),
    ("We keep state-of-the-art results - SOTA. We train models here - GNNs.", [("state-of-the-art results", "SOTA")]),
    ("Accuracy is high - Fig. 2 shows it - and the time - CPU.", []),
    # the capitals are the words' initials: letter by letter, "object proposals" would match OOPs too
    ("we propose a new approach to generate oriented object proposals (OOPs) to reduce errors.",
     [("oriented object proposals", "OOPs")]),
    ("We extend the Category Cooccurrence Restrictions (CCR) formalism.", [("Category Cooccurrence Restrictions", "CCR")]),
    # a word is no short form of the name explained after it
    ("the morphological component of an NLP-system for Dutch (Dutch Medical Language Processor - DMLP)",
     [("Dutch Medical Language Processor", "DMLP")]),
])
def test_abbrev_definitions(nlp, text, pairs):
    found = [(a.long.text, a.short.text) for a in find_abbreviations(nlp(text))]
    assert found == pairs


def test_abbrev_best_long_form_needs_word_start():
    assert best_long_form("CL", "we study continual learning") == "continual learning"
    assert best_long_form("QZ", "we study continual learning") is None


def test_abbrev_a_digit_between_letters_stands_for_a_word():
    assert best_long_form("T2I", "advances in Text-to-Image") == "Text-to-Image"
    assert best_long_form("Seq2Seq", "a sequence-to-sequence") == "sequence-to-sequence"
    assert best_long_form("P4P", "schemes of pay-for-performance") == "pay-for-performance"
    assert best_long_form("H2O", "water") is None


@pytest.mark.parametrize("text, pair", [
    ("Continual learning (CL) aims to train a model on a sequence of tasks.", ("Continual learning", "CL")),
    ("We use the Minimum Description Length (MDL) principle.", ("Minimum Description Length", "MDL")),
])
def test_abbrev_short_forms_made_of_roman_letters(nlp, text, pair):
    assert [(a.long.text, a.short.text) for a in find_abbreviations(nlp(text))] == [pair]
