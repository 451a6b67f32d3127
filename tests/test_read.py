import json
import re

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
    # TeX's en dash joins names and numbers; between other words, or before a sentence, it sets off a clause
    ("the Convex--Concave Procedure, Frisch--Waugh--Lovell, pages 1--10, a method--which; Results--We",
     "the Convex-Concave Procedure, Frisch-Waugh-Lovell, pages 1-10, a method - which; Results - We"),
    (r"$\mathrm{D{\small C-PU} }$ works", "DC-PU works"),
    ("50% of cases", "50% of cases"),
    # a word a PDF broke at a line end is one word again; hyphens put there on purpose stay
    ("automatic summa-rization with neu-ral nets and proba-bilistic Seg-mentation in photomet-ric stereo",
     "automatic summarization with neural nets and probabilistic Segmentation in photometric stereo"),
    ("Convolution-al Neural Networks, a computation-al cost and an addition-ally learnt form",
     "Convolutional Neural Networks, a computational cost and an additionally learnt form"),
    ("an ordinal man-ifold after initial-ization, for robust-ness", "an ordinal manifold after initialization, for robustness"),
    ("co-training, pre-trained tf-idf, non-iid non-stationarity, Kullback-Leibler, co-op, $a-b$ math",
     "co-training, pre-trained tf-idf, non-iid non-stationarity, Kullback-Leibler, co-op, $a-b$ math"),
    ("English-centric data, Euro-centric views, layer-wise and Xeno-phobic", "English-centric data, Euro-centric views, layer-wise and Xeno-phobic"),
    # the same break copied with a space after the hyphen; a hyphen that shares a word's second part stays
    ("Syntactic Deriva- tion Trees, er- rors per sentence", "Syntactic Derivation Trees, errors per sentence"),
    ("pre- and post-training, first- or second-order, low- rank, self- supervised",
     "pre- and post-training, first- or second-order, low- rank, self- supervised"),
    # an accent a PDF copied apart from its vowel sits on it again; an acute used as a quote mark is a quote
    ("Na \u00a8 \u0131ve Bayes, G\u00a8odel and Poincar\u00b4e; don\u00b4t", "Na\u00efve Bayes, G\u00f6del and Poincar\u00e9; don't"),
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
    path.write_text("")  # (it said "no 'abstract' column (columns: none)")
    with pytest.raises(InputError, match=r"p.csv: the file is empty \(a CSV needs a header line"):
        read_inputs([path])


def test_read_arxiv_summary_is_the_abstract(tmp_path):
    # arXiv's API and its daily listings name the abstract "summary": a CSV column or a JSON key of that name
    text = "We train graph neural networks on molecules and report their accuracy on two benchmarks."
    csv_path, jsonl_path = tmp_path / "p.csv", tmp_path / "p.jsonl"
    csv_path.write_text(f'id,title,summary\n2510.1,GNNs,"{text}"\n')
    jsonl_path.write_text(json.dumps({"id": "2510.2", "title": "GNNs", "summary": text}) + "\n")
    for path in (csv_path, jsonl_path):
        assert [p.abstract for p in read_inputs([path])] == [text]


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


@pytest.mark.parametrize("raw, expected", [
    # a formula written without $: one formula, never a false "lacks its arguments", never a concept
    (r"We prove that \frac{\partial^{2} f}{\partial x_{2}^{2}} \le \theta_k holds.",
     "We prove that $∂^2 f/∂x_2^2 ≤θ_k$ holds."),
    (r"Let x \in \mathbb{R}^d be a vector.", "Let $x ∈ℝ^d$ be a vector."),
    (r"Display \[ \sum_i x_i \] here.", "Display $∑_i x_i$ here."),
    # a command glued to a word is a word; text commands and plain subscripts stay text
    (r"\epsilon-greedy exploration and \alpha-stable laws", "ϵ-greedy exploration and α-stable laws"),
    (r"a \textbf{D}ual model with x_1 inputs", "a Dual model with x_1 inputs"),
])
def test_read_normalize_bare_math(raw, expected):
    notes = []
    assert normalize_text(raw, warn=notes.append) == expected
    assert notes == []


def test_read_cut_inside_a_formula_drops_its_opened_half():
    text = "We study graph neural networks. " * 100 + "We bound $" + r"\theta_k + " * 5000 + "1$ tightly."
    notes = []
    out = normalize_text(text, warn=notes.append)
    assert out.endswith("We bound") and "θ" not in out and "$" not in out
    assert notes == [f"a text of {len(text):,} characters was cut to 3,209 (the limit is 20,000)"]


def test_bare_math_never_becomes_a_concept():
    import kgraph

    G = kgraph.from_texts(["We study SGD for non-convex objectives. We prove that "
                           r"\frac{\partial^{2} f}{\partial x_{2}^{2}} \le \theta_k holds for \theta_k > 0."]).graph
    labels = [d["label"] for _, d in G.nodes(data=True) if d["kind"] != "paper"]
    assert labels and not any(c in label for label in labels for c in "∂θ{}^_\\")


# --- hostile text: bounded work, nothing lost silently --------------------------

_HOSTILE_NORMALIZE = """
import json, sys, time
from kgraph.read import normalize_text
from kgraph.extract import tokenizer_pipeline
nlp = tokenizer_pipeline()
for text in json.loads(sys.stdin.read()):
    notes = []
    start = time.perf_counter()
    out = normalize_text(text, warn=notes.append)
    nlp(out)
    print(json.dumps({"seconds": time.perf_counter() - start, "out": out, "notes": notes}), flush=True)
"""

HOSTILE_TEXTS = [
    # 30 nested accents: minutes and 20 GB in pylatexenc; read as plain text instead
    ("We study " + "\\'{" * 30 + "e" + "}" * 30 + " graph neural networks for molecules.",
     "We study e graph neural networks for molecules.", ["LaTeX groups nested 30 deep (more than 8); read as plain text"]),
    # 20,000 '{': 29 s in spaCy's tokenizer; a run of one symbol becomes three, and says so
    ("We study " + "{" * 20000 + " graph neural networks.", "We study {{{ graph neural networks.",
     ["1 run of one symbol shortened to three (the longest: 20,000 '{')"]),
    ("We study ====== and ...... graphs.", "We study === and ... graphs.",
     ["2 runs of one symbol shortened to three (the longest: 6 '=')"]),
    ("We study " + "=(" * 10000 + " graph neural networks.", "We study " + "=(" * 100 + " graph neural networks.",
     ["a run of 20,000 characters without a space was cut to 200"]),
    ("We study " + "'s" * 10000 + " graph neural networks.", "We study " + "'s" * 100 + " graph neural networks.",
     ["a run of 20,000 characters without a space was cut to 200"]),
    ("We study graph neural networks. " * 2000, ("We study graph neural networks. " * 625).strip(),
     ["a text of 64,000 characters was cut to 19,999 (the limit is 20,000)"]),
]


def test_read_normalize_hostile_is_bounded():
    from bounded import run_bounded

    result = run_bounded(["-c", _HOSTILE_NORMALIZE], input=json.dumps([t for t, _, _ in HOSTILE_TEXTS]), seconds=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    got = [json.loads(line) for line in result.stdout.splitlines()]
    for (_, out, notes), r in zip(HOSTILE_TEXTS, got, strict=True):
        assert (r["out"], r["notes"]) == (out, notes)
        assert r["seconds"] < 10  # milliseconds here; minutes, or the machine's memory, before the bounds


def test_read_normalize_latex_time_budget(monkeypatch):
    import kgraph.read as read

    monkeypatch.setattr(read, "LATEX_SECONDS", -1.0)
    notes = []
    assert normalize_text(r"a \textbf{D}ual \'{e}t\'{e} model", warn=notes.append) == "a Dual ete model"
    assert notes == ["LaTeX took over -1 s; the rest is read as plain text"]


def test_read_normalize_latex_errors_and_warnings_stay_inside(monkeypatch, capfd):
    import kgraph.read as read

    notes = []
    # pylatexenc raises IndexError on this markup and logs its own "WARNING: Error in configuration" line
    out = normalize_text(r"&\left\]\]\frac$\cite{{~\)\textbf~\verb graph networks", warn=notes.append)
    assert "graph networks" in out and "%s" not in out
    assert "LaTeX: \\frac lacks its arguments; read as plain text" in notes
    assert any("IndexError" in n for n in notes)
    assert capfd.readouterr().err == ""

    def exhausted(_):
        raise MemoryError

    monkeypatch.setattr(read._latex, "latex_to_text", exhausted)
    with pytest.raises(MemoryError):  # never swallowed: the process is out of memory, not the text broken
        normalize_text(r"caf\'e")


def test_read_bounds_leave_real_abstracts_alone():
    import kgraph.read as read
    from conftest import DATA

    warnings = []
    papers = read_inputs([DATA], warn=warnings.append)
    assert warnings == [] and len(papers) == 75
    assert all(read._bound_words(p.abstract) == p.abstract for p in papers)


# --- records that are too deep, too large or oddly split --------------------------

def test_read_jsonl_hostile_records(tmp_path):
    path = tmp_path / "p.jsonl"
    lines = [
        json.dumps({"id": "sep", "abstract": "A line separator\u2028and a next line\u0085inside graph networks."},
                   ensure_ascii=False),
        '{"abstract": ' + "[" * 1000 + "]" * 1000 + "}",
        '{"n": ' + "9" * 5000 + ', "abstract": "Numbers too long to read."}',
        '{"abstract": "unterminated',
        '{"papers": 5}',
        '[1, 2]',
        json.dumps({"id": "last", "abstract": "Transformers for vision tasks at scale."}),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.meta["id"] for p in papers] == ["sep", "last"]
    assert papers[0].abstract == "A line separator and a next line inside graph networks."
    assert warnings == [
        f"{path}:2: skipped, nested too deeply to read",
        f"{path}:3: skipped, holds a number of 5,000 digits (the limit is 4,300)",
        f"{path}:4: skipped, not JSON (Unterminated string starting at column 14)",
        f'{path}:5: skipped, no "abstract" field (fields: "papers")',
        f"{path}:6: skipped, a list where a JSON object was expected",
    ]


def test_read_json_list_skips_unreadable_records(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('[{"abstract": "Diffusion models generate images."},\n {"abstract": ' + "[" * 1000 + "]" * 1000
                    + '},\n {"abstract": "Reinforcement learning from human feedback.", "n": ' + "1" * 5000 + '},\n'
                    + ' {"abstract": "Contrastive learning of visual features."}]')
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.abstract for p in papers] == ["Diffusion models generate images.", "Contrastive learning of visual features."]
    assert papers[1].sources == [f"{path.as_posix()}:4"]
    assert warnings == [f"{path}:2: record 2 skipped, nested too deeply to read",
                        f"{path}:3: record 3 skipped, holds a number of 5,000 digits (the limit is 4,300)"]


@pytest.mark.parametrize("content, message", [
    ('{"papers": 5}', '"papers" holds a number; expected a list of records'),
    ('{"title": "x"}', 'expected a list of records, {"papers": [...]} or one record with an "abstract" (keys found: "title")'),
    ('"text"', "expected a JSON list of records, found a string"),
    ('[{"abstract": "abc', "p.json:1: not valid JSON (Unterminated string starting at column 15)"),
    ('{"abstract": ' + "[" * 1000 + "]" * 1000 + "}", "nested too deeply to read"),
    ('[{"abstract": "fine words here"}, {"abstract": ' + "[" * 1000, "not valid JSON (a value that never ends)"),
])
def test_read_json_unusable_says_why(tmp_path, content, message):
    path = tmp_path / "p.json"
    path.write_text(content)
    with pytest.raises(InputError) as err:
        read_inputs([path])
    assert message in str(err.value) and str(path) in str(err.value)


@pytest.mark.parametrize("record, why", [
    ({"abstract": 5}, '"abstract" is a number, not text'),
    ({"abstract": {"text": "x"}}, '"abstract" is an object, not text'),
    ({"abstract": "  "}, "empty abstract"),
    ({"title": "T"}, 'no "abstract" field (fields: "title")'),
])
def test_read_record_without_usable_abstract(tmp_path, record, why):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(record) + "\n" + json.dumps({"abstract": "Graph neural networks for molecules."}))
    warnings = []
    assert len(read_inputs([path], warn=warnings.append)) == 1
    assert warnings == [f"{path}:1: skipped, {why}"]


def test_read_csv_field_over_the_limit(tmp_path, monkeypatch):
    import csv

    import kgraph.read as read

    saved = csv.field_size_limit()
    monkeypatch.setattr(read, "CSV_FIELD_CHARS", 1000)
    csv.field_size_limit(1000)
    try:
        path = tmp_path / "p.csv"
        path.write_text('id,abstract\n1,"Graph neural networks for molecules."\n2,"' + "x " * 1000 + '"\n'
                        + '3,"Diffusion models generate images."\n', encoding="utf-8")
        warnings = []
        papers = read_inputs([path], warn=warnings.append)
    finally:
        csv.field_size_limit(saved)
    assert [p.meta["id"] for p in papers] == ["1", "3"]
    assert warnings[0].startswith(f"{path}:3: skipped, broken CSV row (field larger than field limit (1000))")


def test_read_csv_unclosed_quote_is_an_error_not_lost_rows(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text('title,abstract\nA,"We propose graph neural networks for molecules.\n'
                    "B,We study non-stationary Lipschitz bandits and prove a regret bound.\n"
                    "C,We propose diffusion models for images.\n", encoding="utf-8")
    # the lenient csv module would read B and C into A's abstract: one paper, two lost without a word
    with pytest.raises(InputError, match=rf"^{re.escape(str(path))}:2: a quoted field opened on this line is never "
                                         "closed"):
        read_inputs([path])
    # a quoted field that spans lines and closes is no error
    path.write_text('title,abstract\nA,"We propose graph neural networks\nfor molecules."\nB,"We study bandits."\n',
                    encoding="utf-8")
    assert [p.abstract for p in read_inputs([path])] == ["We propose graph neural networks for molecules.",
                                                           "We study bandits."]


@pytest.mark.parametrize("sep", [",", ";"])
def test_read_csv_a_quote_closed_by_the_next_rows_quote_is_warned_about(tmp_path, sep):
    # a new user's file: row 1's quote left open was closed by row 2's opening quote, and the lenient csv
    # module read both rows as one abstract (two papers of three, no word)
    path = tmp_path / "p.csv"
    path.write_text(f'id{sep}abstract\n1{sep}"We propose a transformer for translation.\n'
                    f'2{sep}"Graph neural networks are used for molecules."\n'
                    f'3{sep}"Diffusion models generate images."\n', encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert len(papers) == 2
    assert warnings == [f"{path}:2: a quoted field opened on this line is closed on line 3 with text after the quote, "
                        "so lines 2-3 were read as one row; close the quote"]


def test_read_csv_a_row_inside_a_quoted_field_is_warned_about_and_rows_are_placed_where_they_start(tmp_path):
    # a second new user's file: row 1's quote, left open, closed at the end of row 2 ("... CIFAR-10."), and
    # the two rows were one abstract with no word; the paper was placed on its last line
    path = tmp_path / "p.csv"
    path.write_text('id,title,abstract\n1,GNNs,"We propose a graph neural network for molecules. It works on QM9.\n'
                    '2,Diffusion,We study diffusion models for image generation with FID on CIFAR-10."\n'
                    "3,RL,We use reinforcement learning with PPO on Atari games.\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert warnings == [f"{path}:2: a quoted field opened on this line holds line 3, which reads as a row of its own "
                        "(3 fields), so lines 2-3 were read as one row; check the quotes"]
    assert [p.sources for p in papers] == [[f"{path}:2"], [f"{path}:4"]]
    # a field that spans lines on purpose, with commas in it, is no row
    path.write_text('id,title,abstract\n1,GNNs,"We propose a graph network for molecules, proteins,\n'
                    'and crystals, with QM9 results."\n2,RL,We use PPO.\n', encoding="utf-8")
    warnings = []
    assert len(read_inputs([path], warn=warnings.append)) == 2 and warnings == []


def test_read_csv_unquoted_commas_are_never_cut_silently(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("title,year,abstract\nA,2023,We propose FooNet, a graph neural network, for molecules.\n"
                    'B,2024,"We study diffusion models, quoted."\n', encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    # the abstract is the last column: what follows its unquoted commas is its own text
    assert [p.abstract for p in papers] == ["We propose FooNet, a graph neural network, for molecules.",
                                            "We study diffusion models, quoted."]
    assert papers[0].meta == {"title": "A", "year": 2023}
    assert warnings == [f"{path}:2: 1 row had more fields than the header: the abstract is the last column, so the "
                        "text after its unquoted ',' was kept in it"]
    # anywhere else the fields cannot be told apart: the row is skipped, by line, and the others read
    path.write_text("title,abstract,year\nA,We propose FooNet, a graph network.,2023\nB,We study bandits.,2021\n",
                    encoding="utf-8")
    warnings = []
    assert [p.abstract for p in read_inputs([path], warn=warnings.append)] == ["We study bandits."]
    assert warnings == [f"{path}:2: skipped, 4 fields where the header has 3; quote the fields that hold a ','"]


@pytest.mark.parametrize("name, text", [
    ("p.csv", "title\tyear\tabstract\nA\t2023\tWe propose FooNet, a graph neural network.\n"),
    ("p.csv", "title;year;abstract\nA;2023;We propose FooNet, a graph neural network.\n"),
    ("p.tsv", "title\tyear\tabstract\nA\t2023\tWe propose FooNet, a graph neural network.\n"),
])
def test_read_tab_and_semicolon_separated_files(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    papers = read_inputs([path])
    assert [(p.abstract, p.meta) for p in papers] == [("We propose FooNet, a graph neural network.",
                                                        {"title": "A", "year": 2023})]


def test_read_json_keys_in_any_case(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"Title": "A", "Abstract": "We propose FooNet, a graph neural network.", "YEAR": 2023}\n'
                    '{"abstract": "We study bandits.", "Abstract": "ignored: the lower-case key wins"}\n',
                    encoding="utf-8")
    papers = read_inputs([path])
    assert [(p.abstract, p.meta) for p in papers] == [("We propose FooNet, a graph neural network.",
                                                        {"title": "A", "year": 2023}), ("We study bandits.", {})]


# --- text files: encodings, binary files, one abstract per line ---------------------

ABSTRACTS = [f"Paper {i} trains graph neural networks on molecules. It predicts their properties well." for i in range(19)]


@pytest.mark.parametrize("encoding, bom", [
    ("utf-16", b""),  # Windows Notepad's "Unicode": UTF-16 LE with a byte-order mark
    ("utf-16-le", b""), ("utf-16-be", b""), ("utf-32", b""), ("utf-32-be", b""),
    ("utf-8", b"\xef\xbb\xbf"),
])
def test_read_txt_encodings(tmp_path, encoding, bom):
    path = tmp_path / "notepad.txt"
    path.write_bytes(bom + ("Papers\r\n\r\n" + "\r\n\r\n".join(ABSTRACTS) + "\r\n").encode(encoding))
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.abstract for p in papers] == ABSTRACTS and warnings == []


def test_read_binary_file_skipped(tmp_path):
    import random

    rng = random.Random(7)
    (tmp_path / "noise.txt").write_bytes(bytes(rng.randrange(256) for _ in range(5000)))
    (tmp_path / "real.txt").write_text(ABSTRACTS[0], encoding="utf-8")
    warnings = []
    papers = read_inputs([tmp_path], warn=warnings.append)
    assert [p.abstract for p in papers] == [ABSTRACTS[0]]
    assert len(warnings) == 1 and warnings[0].startswith(f"{tmp_path / 'noise.txt'}: skipped, not a text file")
    # named on its own: one line, an error, saying what the file is
    with pytest.raises(InputError, match=r"noise\.txt: not a text file \(\d+% of its first characters"):
        read_inputs([tmp_path / "noise.txt"])
    (tmp_path / "works.jsonl").write_bytes(__import__("gzip").compress(ABSTRACTS[0].encode()))
    with pytest.raises(InputError, match=r"works\.jsonl: gzip-compressed, not text: unpack it first"):
        read_inputs([tmp_path / "works.jsonl"])


LONG = [f"We study graph neural networks for molecule property prediction, variant {i}. " * 4 for i in range(5)]


@pytest.mark.parametrize("header", ["", "NeurIPS 2025 Papers\n"])
def test_read_txt_one_abstract_per_line(tmp_path, header):
    path = tmp_path / "lines.txt"
    path.write_text(header + "\n".join(line.strip() for line in LONG) + "\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    first = 2 if header else 1
    assert [p.abstract for p in papers] == [line.strip() for line in LONG]
    assert papers[1].sources == [f"{path.as_posix()}:{first + 1}"]
    assert warnings == [f"{path}:{first}: 5 long lines with no blank line between them; read as one abstract per line"]


def test_read_txt_wrapped_paragraph_stays_one_abstract(tmp_path):
    import textwrap

    path = tmp_path / "wrapped.txt"
    path.write_text(textwrap.fill(" ".join(LONG), width=78) + "\n\n" + ABSTRACTS[0] + "\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert len(papers) == 2 and warnings == []


def test_read_txt_a_title_line_above_an_abstract_is_its_title(tmp_path):
    import textwrap

    path = tmp_path / "titled.txt"
    wrapped = textwrap.fill(" ".join(LONG[:2]), width=78)  # a wrapped abstract's first line is no title
    path.write_text(f"Graph networks for molecules\n{ABSTRACTS[0]}\n\n{wrapped}\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [(p.meta.get("title"), p.abstract) for p in papers] == [
        ("Graph networks for molecules", ABSTRACTS[0]), (None, " ".join(wrapped.split()))]
    assert warnings == []


@pytest.mark.parametrize("text, what", [("Transformers\n", "a short line"),
                                        ("y" * 5000 + "\n", "a line of 5,000 characters and 1 word")])
def test_read_txt_a_file_of_one_short_line_says_why_it_has_no_abstract(tmp_path, text, what):
    path = tmp_path / "one.txt"
    path.write_text(text, encoding="utf-8")
    warnings = []
    with pytest.raises(InputError, match="no usable abstracts"):
        read_inputs([path], warn=warnings.append)
    assert len(warnings) == 1 and warnings[0].startswith(f"{path}:1: skipped {what} that is not an abstract: ")


def test_read_txt_short_lines_that_end_sentences_are_warned_about(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("Graph neural networks predict molecules.\nDiffusion models generate images.\n"
                    "Transformers learn long contexts.\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert len(papers) == 1  # could be one abstract written a sentence per line: kept whole, but said
    assert warnings == [f"{path}:1: 3 lines that each end a sentence read as one abstract; "
                        "if each is an abstract, put a blank line between them"]


def test_read_messages_stay_on_one_line(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text('id,"multi\nline title"\n1,x\n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_inputs([path])
    assert "\n" not in str(err.value) and "'multi line title'" not in str(err.value) and "multi line title" in str(err.value)
    path = tmp_path / "p.jsonl"
    path.write_text('{"year": [' + ", ".join(['"x\\ny"'] * 50) + '], "abstract": "Graph networks for molecules."}\n')
    warnings = []
    read_inputs([path], warn=warnings.append)
    assert len(warnings) == 1 and "\n" not in warnings[0] and len(warnings[0]) < len(str(path)) + 120


def test_read_folder_skips_what_it_cannot_read_with_a_warning(tmp_path, monkeypatch):
    import os
    from pathlib import Path

    (tmp_path / "good.jsonl").write_text('{"abstract": "We study graph neural networks on molecules."}\n')
    (tmp_path / "locked.csv").write_text("abstract\nWe study transformers.\n")
    os.mkfifo(tmp_path / "pipe.jsonl")
    os.symlink(tmp_path / "gone.jsonl", tmp_path / "dangling.jsonl")
    real = Path.read_bytes

    def read_bytes(self):
        if self.name == "locked.csv":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    notes = []
    papers = read_inputs([tmp_path], warn=notes.append)
    assert [p.abstract for p in papers] == ["We study graph neural networks on molecules."]
    assert any(n.endswith("locked.csv: cannot read (Permission denied); skipped") for n in notes)
    assert any(n.endswith("pipe.jsonl: not a regular file; skipped") for n in notes)
    assert any(n.endswith("dangling.jsonl: a link to nothing; skipped") for n in notes)
    # named on the command line, each is an error that says what it is
    with pytest.raises(InputError, match="locked.csv: cannot read"):
        read_inputs([tmp_path / "locked.csv"])
    with pytest.raises(InputError, match="pipe.jsonl: not a regular file or folder"):
        read_inputs([tmp_path / "pipe.jsonl"])
    with pytest.raises(InputError, match="dangling.jsonl: a link to nothing"):
        read_inputs([tmp_path / "dangling.jsonl"])


def test_read_impossible_years_are_left_out_with_a_warning(tmp_path):
    rows = [{"abstract": f"We study graph neural networks, paper {i}.", "year": y}
            for i, y in enumerate(["-5", 99999, "2023-05-01", 2021, "circa 2018", "1850", "20231", 2023.7])]
    (tmp_path / "a.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    notes = []
    papers = read_inputs([tmp_path / "a.jsonl"], warn=notes.append)
    assert [p.meta.get("year") for p in papers] == [None, None, 2023, 2021, None, None, None, None]
    assert sum("left out" in n for n in notes) == 6  # (2023.7 was read as 2023 without a word)
    assert any("year 99999 is not a year;" in n for n in notes) and any("is not a year of a paper (1900-" in n for n in notes)


def test_read_a_latin1_file_reads_whole_with_a_warning_naming_its_line(tmp_path):
    path = tmp_path / "fr.csv"
    path.write_bytes("title,abstract\nRéseau,Nous proposons un réseau de neurones pour les graphes.\n".encode("latin-1"))
    notes = []
    papers = read_inputs([path], warn=notes.append)
    assert papers[0].meta["title"] == "Réseau" and "réseau" in papers[0].abstract
    assert notes == [f"{path}:2: not valid UTF-8 (byte 16); read as Windows-1252 (Latin-1)"]


def test_read_json_records_saved_as_text_are_read_as_json(tmp_path):
    # a JSONL export saved as .txt was one paper whose abstract was the JSON text, nine of ten papers lost
    records = [{"id": f"p{i}", "abstract": f"We study graph neural networks for task number {i} in depth."}
               for i in range(4)]
    (tmp_path / "lines.txt").write_text("".join(json.dumps(r) + "\n" for r in records))
    (tmp_path / "list.txt").write_text(json.dumps(records, indent=1))
    for name in ("lines.txt", "list.txt"):
        notes = []
        papers = read_inputs([tmp_path / name], warn=notes.append)
        assert [p.abstract for p in papers] == [r["abstract"] for r in records], name
        assert any("holds JSON records" in n for n in notes), notes
    (tmp_path / "plain.txt").write_text("{Braces} open this abstract about graph neural networks, which is text.\n")
    assert read_inputs([tmp_path / "plain.txt"])[0].abstract.startswith("Braces open")  # (text: its braces are TeX's)


def test_read_a_raw_tab_inside_a_json_string_is_text_and_bad_lines_are_counted_past_three(tmp_path):
    # a raw tab (as many exports write them) lost the record: "Invalid control character"
    good = '{"abstract": "We propose graph neural networks\tfor molecular property prediction on benchmarks."}'
    (tmp_path / "a.jsonl").write_text(good + "\n" + "".join(f"{{oops {i}\n" for i in range(50)))
    notes = []
    papers = read_inputs([tmp_path / "a.jsonl"], warn=notes.append)
    assert len(papers) == 1 and "networks for molecular" in papers[0].abstract
    assert len(notes) == 4 and "50 lines skipped, not JSON; 47 not named above" in notes[-1], notes
    (tmp_path / "b.json").write_text('[{"abstract": "A list record\twith a tab about graph neural networks."}]')
    assert [p.abstract for p in read_inputs([tmp_path / "b.json"])] == [
        "A list record with a tab about graph neural networks."]


def test_read_no_inputs_at_all_is_named_as_such():
    # kgraph.build([]) said "no usable abstracts in " and named nothing
    with pytest.raises(InputError, match="no inputs given"):
        read_inputs([])


def test_read_a_csv_row_that_ends_before_its_abstract_says_so(tmp_path):
    # a row with too few fields was reported as "no abstract (id 1)", as if its abstract were empty
    rows = "".join(f"{i},On graphs {i}\n" for i in range(5))
    (tmp_path / "a.csv").write_text("id,title,abstract\n" + rows + '9,On nets,"We study graph neural networks here."\n')
    notes = []
    papers = read_inputs([tmp_path / "a.csv"], warn=notes.append)
    assert len(papers) == 1
    assert notes[0].endswith("a.csv:2: skipped, 2 fields where the header has 3: no abstract"), notes
    assert len(notes) == 4 and "5 rows skipped, fewer fields than the header" in notes[-1], notes
