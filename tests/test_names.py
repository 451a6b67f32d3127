"""Named datasets and standard metrics in running text (kgraph.names): patterns only, no model."""

import pytest

from kgraph.names import DATASET_NAME, METRIC_KEYS, named_spans
from kgraph.canon import concept_key


def _found(text):
    return [(text[s:e], kind) for s, e, kind in named_spans(text)]


@pytest.mark.parametrize("text, expected", [
    ("Results on CIFAR-10, CIFAR-100 and CIFAR-10C.", [("CIFAR-10", "dataset"), ("CIFAR-100", "dataset"),
                                                       ("CIFAR-10C", "dataset")]),
    ("We train on the Penn Treebank and CoNLL-2003.", [("Penn Treebank", "dataset"), ("CoNLL-2003", "dataset")]),
    # a name before a dataset head, the determiner left out; numbers count as names
    ("The Amazon Reviews dataset and the CoNLL 2012 English test set.",
     [("Amazon Reviews dataset", "dataset"), ("CoNLL 2012 English test set", "dataset")]),
    # a capitalised word that only starts a sentence is no name
    ("Benchmark datasets are scarce. Three datasets help.", []),
    ("It is tested on the Foo benchmark.", [("Foo benchmark", "dataset")]),
    # metrics as written: abbreviations case-sensitive, spelt-out names in any case
    ("BLEU-4, ROUGE-L and METEOR; top-1 accuracy and Word Error Rate.",
     [("BLEU-4", "metric"), ("ROUGE-L", "metric"), ("METEOR", "metric"), ("top-1 accuracy", "metric"),
      ("Word Error Rate", "metric")]),
    ("A mean squared error of 0.1 and Hits@10 of 0.5.", [("mean squared error", "metric"), ("Hits@10", "metric")]),
    ("mae and bleu are not names here.", []),
    # precision and recall only beside another metric; "recall that" is a verb
    ("Precision and recall both rise.", [("Precision", "metric"), ("recall", "metric")]),
    ("We recall that mixed precision saves memory.", []),
    # beyond the bundled field: driving and segmentation data, translation benchmarks, as their authors write them
    ("On nuScenes, SYNTHIA and Cityscapes (mIoU) and FLORES-200 (chrF).",
     [("nuScenes", "dataset"), ("SYNTHIA", "dataset"), ("Cityscapes", "dataset"), ("mIoU", "metric"),
      ("FLORES-200", "dataset"), ("chrF", "metric")]),
    # a version written apart: a year, a release, a year's last digits ("PTB 3 times" has none)
    ("Trained on CTB 5.1, tested on PDTB 2.0, COCO 2017 and WMT'14; PTB 3 times.",
     [("CTB 5.1", "dataset"), ("PDTB 2.0", "dataset"), ("COCO 2017", "dataset"), ("WMT'14", "dataset"),
      ("PTB", "dataset")]),
    # NLP's resources and NIST's test sets; ACE only with its year (an ACE is also a causal effect)
    ("Links to Freebase and YAGO on ACE 2005 and TDT4; MT04 as dev set, MT05 and MT06 as test sets.",
     [("Freebase", "dataset"), ("YAGO", "dataset"), ("ACE 2005", "dataset"), ("TDT4", "dataset"),
      ("MT04", "dataset"), ("MT05", "dataset"), ("MT06", "dataset")]),
    ("The ACE of the treatment is small.", []),
    # code, agreement and segmentation metrics, and MT's RIBES
    ("Pass@1 and pass@k rise, a 60% win rate; Cohen's kappa, Dice scores and IoU; BLEU and RIBES.",
     [("Pass@1", "metric"), ("pass@k", "metric"), ("win rate", "metric"), ("Cohen's kappa", "metric"),
      ("Dice scores", "metric"), ("IoU", "metric"), ("BLEU", "metric"), ("RIBES", "metric")]),
    # a model with its version, size and tier is one name (the tagger took "Gemini 2.5" and "Flash", or only
    # "Sonnet"); a family alone, or a number that is no version, is not one of these
    ("We compare Gemini 2.5 Flash, Claude 3.5 Sonnet, GPT-4o mini, Llama 3.1 8B Instruct and Qwen3-30B-A3B.",
     [("Gemini 2.5 Flash", "method"), ("Claude 3.5 Sonnet", "method"), ("GPT-4o mini", "method"),
      ("Llama 3.1 8B Instruct", "method"), ("Qwen3-30B-A3B", "method")]),
    ("Llama-2-7b-chat, GPT-3.5-turbo and Claude Opus 4.1; Llama models and GPT in 2 ways.",
     [("Llama-2-7b-chat", "method"), ("GPT-3.5-turbo", "method"), ("Claude Opus 4.1", "method")]),
    # pose and face metrics, and a score named by a model's short form ("GPT Score" is no GPT)
    ("MPJPE and PA-MPJPE fall, PCKh and NME too; GPT Score rises. Our Score is no name.",
     [("MPJPE", "metric"), ("PA-MPJPE", "metric"), ("PCKh", "metric"), ("NME", "metric"), ("GPT Score", "metric")]),
])
def test_named_spans(text, expected):
    assert _found(text) == expected


def test_named_spans_overlaps_keep_the_longest():
    assert _found("F1 scores on SST-2.") == [("F1 scores", "metric"), ("SST-2", "dataset")]


def test_names_decide_kinds_of_labels():
    assert DATASET_NAME.match("ImageNet-1k") and DATASET_NAME.match("PropBank") and not DATASET_NAME.match("protein")
    # a version or a part is the dataset's; a task on it is not ("ImageNet classification" had been typed dataset)
    assert DATASET_NAME.match("ImageNet 1k") and DATASET_NAME.match("COCO Captions") and DATASET_NAME.match("PDTB 2.0")
    assert not DATASET_NAME.match("ImageNet classification") and not DATASET_NAME.match("MNIST classification")
    # a name's word written in lower case is the word: "musculoskeletal forces (kinetics)" are no Kinetics
    assert DATASET_NAME.match("Kinetics-400") and not DATASET_NAME.match("kinetics")
    assert {concept_key(w) for w in ("F-measure", "word error rate", "MRR")} <= METRIC_KEYS
