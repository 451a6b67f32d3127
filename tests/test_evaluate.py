import json

import pytest

from conftest import SHARED
import kgraph
from kgraph.evaluate import evaluate, prf
from kgraph.scierc import detokenize, read_scierc


def test_evaluate_prf():
    assert prf(5, 10, 20) == {"p": 50.0, "r": 25.0, "f1": 33.33, "tp": 5, "pred": 10, "gold": 20}
    assert prf(0, 0, 3)["f1"] == 0.0


def test_scierc_detokenize_offsets():
    tokens = ["We", "use", "-LRB-", "GNNs", "-RRB-", ",", "it", "'s", "fast", "."]
    text, offsets = detokenize(tokens)
    assert text == "We use (GNNs), it's fast."
    assert [text[s:e] for s, e in offsets] == ["We", "use", "(", "GNNs", ")", ",", "it", "'s", "fast", "."]


def test_scierc_reader_maps_kinds_and_drops_generic(tmp_path):
    doc = {"doc_key": "d", "sentences": [["Our", "method", "improves", "BLEU", "on", "WMT", "data", "."]],
           "ner": [[[0, 1, "Generic"], [3, 3, "Metric"], [5, 6, "Material"]]]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc) + "\n{broken\n")
    with pytest.raises(kgraph.InputError, match=r"g.json:2"):
        read_scierc(path)
    path.write_text(json.dumps(doc) + "\n")
    gold = read_scierc(path)[0]
    assert [(gold.text[s:e], k) for s, e, k in gold.spans] == [("BLEU", "metric"), ("WMT data", "dataset")]


@pytest.mark.skipif(not (SHARED / "scierc" / "dev.json").exists(), reason="SciERC is not beside this clone")
def test_evaluate_scierc_dev_reaches_the_quality_bar():
    result = evaluate(SHARED / "scierc" / "dev.json")
    assert result["abstracts"] == 50
    assert result["typed"]["f1"] >= 58.0
    assert result["untyped_overlap"]["f1"] >= result["untyped_exact"]["f1"] >= result["typed"]["f1"]
