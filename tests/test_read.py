import json

import pytest

from kgraph import InputError
from kgraph.read import normalize_text, read_inputs


@pytest.mark.parametrize("raw, expected", [
    (r"\textbf{D}ual \textbf{O}rthogonal", "Dual Orthogonal"),
    (r"an \emph{x} here", "an x here"),
    ("_Length generalization_, the", "Length generalization, the"),
    ("use *retrieval* and **copying**", "use retrieval and copying"),
    ("\u201cquoted\u201d \u2018x\u2019 Kullback\u2013Leibler", "\"quoted\" 'x' Kullback-Leibler"),
    ("a  b\t\n c\x0b d\x00e", "a b c de"),
    ("(CMM)--which", "(CMM) - which"),
    (r"$\mathrm{D{\small C-PU} }$ works", "DC-PU works"),
    ("50% of cases", "50% of cases"),
])
def test_read_normalize(raw, expected):
    assert normalize_text(raw) == expected


def test_read_normalize_keeps_math_delimited():
    text = normalize_text(r"in $\mathcal{O}(\log^2 d)$ time")
    assert text.startswith("in $") and text.endswith("$ time")
    assert "\\" not in text


def test_read_txt_header_and_duplicates(tmp_path):
    a = "We study graph neural networks for molecules. They work well."
    b = "Diffusion models generate images. We improve their sampling speed."
    (tmp_path / "one.txt").write_text(f"NeurIPS 2025 Papers\n\n{a}\n\n{b}\n", encoding="utf-8")
    (tmp_path / "two.txt").write_text(f"NeurIPS 2025 论文列表\n\n{b}\n", encoding="utf-8")
    papers = read_inputs([tmp_path])
    assert [p.abstract for p in papers] == [a, b]
    assert papers[1].sources == [f"{(tmp_path / 'one.txt').as_posix()}:5", f"{(tmp_path / 'two.txt').as_posix()}:3"]
    assert papers[0].id.startswith("paper:") and papers[0].id != papers[1].id


def test_read_jsonl_skips_broken_lines(tmp_path):
    path = tmp_path / "papers.jsonl"
    path.write_text("\n".join([
        json.dumps({"id": "p1", "title": "On GNNs", "year": "2024", "abstract": "We study graph neural networks here."}),
        "{not json",
        json.dumps({"id": "p2", "abstract": ""}),
        json.dumps({"id": "p3", "authors": ["A. B", "C. D"], "abstract": "Transformers scale with data and compute."}),
    ]), encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.meta["id"] for p in papers] == ["p1", "p3"]
    assert papers[0].meta["year"] == 2024 and papers[0].meta["title"] == "On GNNs"
    assert papers[1].meta["authors"] == "A. B; C. D"
    assert any(f"{path}:2" in w for w in warnings)
    assert any(f"{path}:3" in w and "abstract" in w for w in warnings)


def test_read_csv_and_json(tmp_path):
    csv_path = tmp_path / "p.csv"
    csv_path.write_text('id,Title,abstract\nx1,A title,"Contrastive learning of visual features, at scale."\n', encoding="utf-8")
    json_path = tmp_path / "p.json"
    json_path.write_text(json.dumps([{"abstract": "Reinforcement learning from human feedback aligns models."}]))
    papers = read_inputs([csv_path, json_path])
    assert papers[0].meta == {"id": "x1", "title": "A title"}
    assert len(papers) == 2


@pytest.mark.parametrize("setup, message", [
    (lambda d: d / "empty", "no .txt"),
    (lambda d: d / "missing.txt", "no such file"),
])
def test_read_unusable_inputs(tmp_path, setup, message):
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match=message):
        read_inputs([setup(tmp_path)])


def test_read_csv_without_abstract_column(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("id,title\n1,x\n")
    with pytest.raises(InputError, match="no 'abstract' column"):
        read_inputs([path])


def test_read_undecodable_bytes(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"Header\n\nWe train \xff\xfe graph networks\x00 on \x0b molecules.\n")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert len(papers) == 1 and "\x00" not in papers[0].abstract and "\x0b" not in papers[0].abstract
    assert any("UTF-8" in w for w in warnings)


@pytest.mark.parametrize("raw, expected", [
    (r"Code: \href{https://github.com/a/IGNN}{https://github.com/a/IGNN}.", "Code: https://github.com/a/IGNN."),
    (r"See \url{https://x.org/a_b_c} now", "See https://x.org/a_b_c now"),
    ("at [https://github.com/C/L2C_Insert](https://github.com/C/L2C_Insert).", "at https://github.com/C/L2C_Insert."),
])
def test_read_normalize_links(raw, expected):
    assert normalize_text(raw) == expected
