"""kgraph.build: a warm rebuild of unchanged input reuses the saved graph."""

import sys
from pathlib import Path

import pytest

import kgraph

build_module = sys.modules["kgraph.build"]


def _write(tmp_path, texts):
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    (data / "a.txt").write_text("\n\n".join(texts), encoding="utf-8")
    return data


TEXTS = ["We propose graph neural networks (GNNs) for molecular property prediction on QM9.",
         "GNNs over-smooth on heterophilic graphs; we propose a spectral fix."]


def test_build_reuses_a_saved_graph_of_the_same_inputs(tmp_path, monkeypatch):
    data, out = _write(tmp_path, TEXTS), tmp_path / "out"
    first = kgraph.build(data, reuse=out)
    first.save(out)

    def no_extraction(*args, **kwargs):
        raise AssertionError("extracted again")

    monkeypatch.setattr(build_module, "_build", no_extraction)
    again = kgraph.build(data, reuse=out)
    assert sorted(again.graph.nodes) == sorted(first.graph.nodes)
    assert again.graph.graph["inputs"] == first.graph.graph["inputs"]


@pytest.mark.parametrize("change", ["text", "setting"])
def test_build_rebuilds_when_inputs_or_settings_change(tmp_path, change):
    data, out = _write(tmp_path, TEXTS), tmp_path / "out"
    kgraph.build(data, reuse=out).save(out)
    if change == "text":
        _write(tmp_path, TEXTS + ["Transformers need positional encodings for length generalization."])
        kg = kgraph.build(data, reuse=out)
        assert kg.summary()["papers"] == 3
    else:
        kg = kgraph.build(data, reuse=out, min_cooccurrence=3)
        assert kg.graph.graph["min_cooccurrence"] == 3


def test_build_code_version_covers_package_data_not_the_model(tmp_path):
    import shutil
    from kgraph.build import _tree_hash
    import kgraph as package

    root = tmp_path / "kgraph"
    shutil.copytree(Path(package.__file__).parent, root, ignore=shutil.ignore_patterns("__pycache__", "*.onnx"))
    before = _tree_hash(root)
    (root / "model" / "config.json").write_text("{}", encoding="utf-8")  # the extractor's version covers it
    assert _tree_hash(root) == before
    with open(root / "thesaurus.txt", "a", encoding="utf-8") as f:  # a warm build must not keep a stale graph
        f.write("a new topic\n")
    assert _tree_hash(root) != before


@pytest.mark.parametrize("texts", ["We propose graph neural networks (GNNs) for molecules.", b"GNNs scale."])
def test_build_from_texts_refuses_one_string(texts):
    # iterated, one string made a paper of each of its characters (23 papers, no concepts)
    with pytest.raises(TypeError, match="not one string"):
        kgraph.from_texts(texts)


def test_build_refuses_a_bad_jobs_setting_before_reading(tmp_path):
    # kgraph.build("mixed", jobs=0) raised a bare ValueError, and only after reading every input
    import kgraph
    with pytest.raises(kgraph.SettingError, match="jobs = 0 is invalid"):
        kgraph.build(tmp_path / "no such folder", jobs=0)  # (no InputError: nothing is read first)
    with pytest.raises(kgraph.KGraphError, match="jobs = 1.5"):
        kgraph.build(tmp_path / "no such folder", jobs=1.5)
