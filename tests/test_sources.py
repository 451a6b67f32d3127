import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from kgraph.cli import main
from kgraph.read import InputError, read_inputs
from kgraph.sources import norm_arxiv_id, norm_doi
from kgraph.years import parse_years

SAMPLES = Path(__file__).resolve().parent / "data"


def _read(*names, warnings=None):
    return read_inputs([SAMPLES / n for n in names], warn=(warnings.append if warnings is not None else None))


def _by(papers, key, value):
    (paper,) = [p for p in papers if p.meta.get(key) == value]
    return paper


def test_sources_bibtex_sample():
    warnings = []
    papers = _read("refs.bib", warnings=warnings)
    assert [p.meta["id"] for p in papers] == ["hartmann2019lstm", "ibarra2020transformer", "novak2022fewshot",
                                              "zhou2024agents"]
    first = papers[0]
    assert first.meta == {
        "id": "hartmann2019lstm", "title": "Deep LSTM Acoustic Models for Low-Resource Speech Recognition",
        "authors": "Lena Hartmann; Chidi Okafor; Jonas Müller", "year": 2019, "venue": "Proceedings of Interspeech",
        "doi": "10.5555/kg.2019.001", "url": "https://doi.org/10.5555/kg.2019.001"}
    assert "by 12% relative" in first.abstract and first.sources == [f"{(SAMPLES / 'refs.bib').as_posix()}:4"]
    second = papers[1]
    assert second.meta["authors"] == "Sofía Ibarra; Wei Chen"
    assert second.meta["doi"] == "10.5555/kg.2020.005" and second.meta["url"] == "https://example.org/papers/shallow-decoders"
    assert papers[3].meta["arxiv_id"] == "2402.07777" and papers[3].meta["url"] == "https://arxiv.org/abs/2402.07777"
    assert warnings == [f"{SAMPLES / 'refs.bib'}:46: skipped, no abstract (id goodfellow-style-2016)"]


def test_sources_ris_sample():
    warnings = []
    papers = _read("export.ris", warnings=warnings)
    assert len(papers) == 4
    rnn = papers[0]
    assert rnn.meta["authors"] == "Tobias Brandt; Marta Silva" and rnn.meta["year"] == 2019
    assert rnn.meta["venue"] == "Journal of Language Modelling" and rnn.meta["doi"] == "10.5555/kg.2019.002"
    seq = papers[1]
    assert "a copy mechanism and coverage attention produces" in seq.abstract  # continuation line joined
    assert seq.meta["venue"].startswith("Proceedings of the Conference on Empirical")
    assert seq.meta["url"] == "https://example.org/papers/seq2seq-copy"
    gnn = papers[2]
    assert gnn.abstract.startswith("Deep graph neural networks (GNNs)")  # from N2
    assert gnn.meta["year"] == 2022 and gnn.meta["doi"] == "10.5555/kg.2022.015"
    assert warnings == [f"{SAMPLES / 'export.ris'}:48: skipped, no abstract"]


def test_sources_arxiv_atom_sample():
    papers = _read("arxiv.xml")
    assert [p.meta["arxiv_id"] for p in papers] == ["1905.01010", "2103.04321", "2206.05555", "2305.01234", "2401.09876"]
    gnn = papers[0]
    assert gnn.meta["title"] == "Message Passing Graph Neural Networks for Molecular Property Prediction"
    assert gnn.meta["year"] == 2019 and gnn.meta["authors"] == "Amara Nwosu; Henrik Dahl" and gnn.meta["venue"] == "arXiv"
    assert gnn.meta["url"] == "https://arxiv.org/abs/1905.01010"
    assert gnn.sources == [f"{(SAMPLES / 'arxiv.xml').as_posix()}:11"]  # the line of its <entry>
    assert gnn.abstract.startswith("We predict quantum-chemical properties") and "\n" not in gnn.abstract
    vit = papers[1]
    assert vit.meta["doi"] == "10.5555/kg.2021.009" and vit.meta["venue"] == "International Conference on Computer Vision 2021"


def test_sources_arxiv_snapshot_sample():
    papers = _read("arxiv-snapshot.jsonl")
    lstm = papers[0]
    assert lstm.meta["arxiv_id"] == "1908.02468" and lstm.meta["year"] == 2019  # first version, not update_date
    assert lstm.meta["authors"] == "Priya Raman; Diego Fernández; Kofi Mensah"
    contrastive = _by(papers, "arxiv_id", "2104.07070")
    assert contrastive.meta["doi"] == "10.5555/kg.2021.012"
    assert contrastive.meta["venue"] == "Transactions of the Association for Computational Linguistics 9 (2021)"


def test_sources_openalex_sample():
    warnings = []
    papers = _read("openalex.jsonl", warnings=warnings)
    assert len(papers) == 6
    work = papers[0]
    assert work.abstract.startswith("Aspect-level sentiment analysis decides whether a review praises")
    assert work.abstract.endswith("laptop review datasets by 2 points.")
    assert work.meta["id"] == "W3000000006" and work.meta["year"] == 2020
    assert work.meta["doi"] == "10.5555/kg.2020.006" and work.meta["venue"] == "Journal of Sentiment Studies"
    assert work.meta["authors"] == "Giulia Conti; Mateus Oliveira"
    assert _by(papers, "id", "W3000000016").meta["arxiv_id"] == "2211.01122"  # from its arXiv location
    assert warnings == [f"{SAMPLES / 'openalex.jsonl'}:7: skipped, no abstract (id W3000000099)"]


def test_sources_openalex_api_page_and_semantic_scholar_sample(tmp_path):
    lines = (SAMPLES / "openalex.jsonl").read_text(encoding="utf-8").splitlines()
    page = tmp_path / "works.json"
    page.write_text(json.dumps({"meta": {"count": 2, "page": 1}, "results": [json.loads(x) for x in lines[:2]]}))
    assert [p.meta["id"] for p in read_inputs([page])] == ["W3000000006", "W3000000010"]

    warnings = []
    papers = _read("semantic-scholar.json", warnings=warnings)
    assert len(papers) == 5
    adapters = _by(papers, "id", "6a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b")
    assert adapters.meta["doi"] == "10.5555/kg.2021.011" and adapters.meta["arxiv_id"] == "2106.02020"
    assert adapters.meta["year"] == 2021 and adapters.meta["venue"] == "Annual Meeting of the Association for Computational Linguistics"
    assert adapters.meta["url"].startswith("https://www.semanticscholar.org/paper/")
    assert warnings == [f"{SAMPLES / 'semantic-scholar.json'}: record 6: skipped, no abstract "
                        "(id ad6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e)"]


def test_sources_semantic_scholar_citations_are_unwrapped(tmp_path):
    paper = json.loads((SAMPLES / "semantic-scholar.json").read_text(encoding="utf-8"))["data"][0]
    path = tmp_path / "citations.json"
    path.write_text(json.dumps({"offset": 0, "data": [{"citingPaper": paper}]}))
    (read,) = read_inputs([path])
    assert read.meta["title"] == "Inductive Node Classification with Sampled Neighbourhoods"


def test_sources_same_paper_from_several_sources_is_one():
    papers = read_inputs([SAMPLES])
    assert len(papers) == 25
    # same DOI, differently worded abstracts (OpenAlex and BibTeX)
    fewshot = _by(papers, "doi", "10.5555/kg.2022.013")
    assert sorted(Path(s.split(":")[0]).name for s in fewshot.sources) == ["openalex.jsonl", "refs.bib"]
    # same arXiv id (arXiv API and Semantic Scholar): metadata from both
    cot = _by(papers, "arxiv_id", "2305.01234")
    assert sorted(Path(s.split(":")[0]).name for s in cot.sources) == ["arxiv.xml", "semantic-scholar.json"]
    assert cot.meta["doi"] == "10.5555/kg.2023.018"
    # no shared id, same abstract up to punctuation and line breaks (RIS and arXiv snapshot)
    seq = _by(papers, "title", "Sequence-to-Sequence Summarization with Copy Attention")
    assert sorted(Path(s.split(":")[0]).name for s in seq.sources) == ["arxiv-snapshot.jsonl", "export.ris"]
    assert seq.meta["arxiv_id"] == "2011.11223"


def test_sources_a_record_joining_two_papers_merges_them(tmp_path):
    a = "Spiking neural networks run on neuromorphic chips at low power."
    b = "We train spiking networks with surrogate gradients on event cameras."
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"abstract": a, "doi": "10.5555/x.1"},
        {"abstract": b, "arxiv_id": "2301.00001"},
        {"abstract": "A third wording of the same work on spiking networks.", "doi": "10.5555/X.1", "arxiv_id": "arXiv:2301.00001v2"},
    ]))
    (paper,) = read_inputs([path])
    assert paper.abstract == a and paper.meta == {"doi": "10.5555/x.1", "arxiv_id": "2301.00001",
                                                  "url": "https://doi.org/10.5555/x.1"}
    assert [s.rsplit(":", 1)[1] for s in paper.sources] == ["1", "2", "3"]


@pytest.mark.parametrize("name, content", [
    ("zotero.txt", (SAMPLES / "export.ris").read_text(encoding="utf-8")),
    ("library.txt", (SAMPLES / "refs.bib").read_text(encoding="utf-8")),
    ("mislabelled.bib", (SAMPLES / "export.ris").read_text(encoding="utf-8")),
])
def test_sources_format_is_recognised_by_content(tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    papers = read_inputs([path])
    assert len(papers) == 4 and all(p.meta.get("year") for p in papers)


def test_sources_identifiers():
    assert norm_doi("DOI: 10.1000/ABC_def.") == "10.1000/abc_def"
    assert norm_arxiv_id("https://arxiv.org/pdf/2106.09685v3.pdf") == "2106.09685"
    assert norm_arxiv_id("2106.9685") is None  # five digits after the dot since 2015
    assert norm_arxiv_id("0704.0001") == "0704.0001"


# --- bad records and bad files ------------------------------------------------------


def test_sources_bad_bibtex_records_warn_with_line(tmp_path):
    path = tmp_path / "bad.bib"
    path.write_text("@article{good1, title={Fine}, year={2021}, abstract={Graph transformers model long-range interactions.}}\n"
                    "@inproceedings{broken,\n  title = {Unclosed,\n}\n"
                    "@article{twice, title={A}, title={B}, year={2022}, abstract={Sparse attention lowers the cost of transformers.}}\n",
                    encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.meta["id"] for p in papers] == ["good1", "twice"] and papers[1].meta["title"] == "A"
    assert any(f"{path}:2: skipped a BibTeX block" in w for w in warnings)
    assert any(f"{path}:5: entry 'twice' repeats a field" in w for w in warnings)


def test_sources_bad_ris_records_warn_with_line(tmp_path):
    path = tmp_path / "bad.ris"
    path.write_text("Provider: Example\n\nTY  - JOUR\nTI  - One\nAB  - Normalising flows model densities exactly.\nER  - \n\n"
                    "TY  - JOUR\nTI  - Two\nAB  - Energy-based models need sampling during training.\n", encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.meta["title"] for p in papers] == ["One", "Two"]
    assert any(f"{path}:8: record has no closing" in w for w in warnings)
    assert any(f"{path}:1: text outside a RIS record" in w for w in warnings)


def test_sources_bad_json_records_warn(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in [
        {"id": "https://openalex.org/W1", "abstract_inverted_index": {"Graphs": [0], "are": "everywhere"}},
        {"id": "https://openalex.org/W2", "abstract_inverted_index": {"Kernels": [0], "still": [1], "work.": [2]},
         "doi": "not-a-doi", "publication_year": 2020},
        {"abstract": "Bandits balance exploration and exploitation online.", "url": "javascript:alert(1)"},
    ]), encoding="utf-8")
    warnings = []
    papers = read_inputs([path], warn=warnings.append)
    assert [p.abstract for p in papers] == ["Kernels still work.", "Bandits balance exploration and exploitation online."]
    assert "doi" not in papers[0].meta and "url" not in papers[1].meta
    assert any(w.startswith(f"{path}:1: skipped, abstract_inverted_index entry 'are'") for w in warnings)
    assert any(f"{path}:2: doi 'not-a-doi' is not a DOI" in w for w in warnings)
    assert any(f"{path}:3: url 'javascript:alert(1)' is not an http(s) address" in w for w in warnings)


@pytest.mark.parametrize("name, content, message", [
    ("broken.xml", "<feed xmlns='http://www.w3.org/2005/Atom'>\n<entry>\n<title>x</title>\n</feed>\n", r"broken\.xml:4: not well-formed XML"),
    ("other.xml", "<?xml version='1.0'?><PubmedArticleSet/>", "not an Atom feed (root element <PubmedArticleSet>)"),
    ("error.atom", "<feed xmlns='http://www.w3.org/2005/Atom'><entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id>"
                   "<title>Error</title><summary>incorrect id format for 1234</summary></entry></feed>",
     "the arXiv API answered with an error: incorrect id format for 1234"),
    ("laughs.xml", "<?xml version='1.0'?><!DOCTYPE feed [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;'>]>"
                   "<feed xmlns='http://www.w3.org/2005/Atom'><entry><summary>&b;</summary></entry></feed>",
     "XML with entity declarations is not read"),
    ("empty.bib", "% nothing here\n", "no BibTeX entries"),
    ("empty.ris", "nothing here\n", "no RIS records"),
])
def test_sources_unreadable_files_are_one_error(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message if "\\" in message else message.replace("(", r"\(").replace(")", r"\)")):
        read_inputs([path])


# --- the whole path on the samples -------------------------------------------------------


def _kgraph(*args, cwd=None):
    """Run the command line in this process (the model loads once per test session)."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(cwd or here)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def samples_out(tmp_path_factory):
    work = tmp_path_factory.mktemp("samples")
    for f in SAMPLES.iterdir():
        shutil.copy(f, work / f.name)
    result = _kgraph("build", "refs.bib", "export.ris", "arxiv.xml", "openalex.jsonl", "arxiv-snapshot.jsonl",
                     "semantic-scholar.json", "--out", "out", cwd=work)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "papers: 25" in result.stdout
    assert "refs.bib:46: skipped, no abstract (id goodfellow-style-2016)" in result.stderr
    return work / "out"


def test_sources_build_exports_typed_paper_and_year_attributes(samples_out):
    G = nx.read_graphml(samples_out / "graph.graphml")
    papers = {d["record_id"]: d for _, d in G.nodes(data=True) if d["kind"] == "paper" and "record_id" in d}
    vit = papers["2103.04321"]
    assert vit["label"] == "Vision Transformers Need Less Data Than You Think"
    assert vit["year"] == 2021 and vit["doi"] == "10.5555/kg.2021.009" and vit["arxiv_id"] == "2103.04321"
    assert vit["url"] == "https://arxiv.org/abs/2103.04321" and vit["venue"].startswith("International Conference")
    assert all(isinstance(d.get("year"), int) for _, d in G.nodes(data=True) if d["kind"] == "paper")
    llm = [d for _, d in G.nodes(data=True) if d.get("label", "").lower() == "large language models"]
    assert llm and llm[0]["first_year"] == 2022 and 2022 < llm[0]["mean_year"] < 2025
    assert isinstance(llm[0]["mean_year"], float) and llm[0]["years"].startswith("2022:")
    for _, d in G.nodes(data=True):  # every concept is dated by the papers counted in papers_total
        if d["kind"] != "paper":
            assert sum(parse_years(d["years"]).values()) == d["papers_total"]
    gexf = (samples_out / "graph.gexf").read_text(encoding="utf-8")
    assert 'title="mean_year" type="double"' in gexf and 'title="url" type="string"' in gexf


def test_sources_cli_trends_on_the_samples(samples_out):
    graph = samples_out / "graph.graphml"
    result = _kgraph("query", "trends", "--graph", graph, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["years"] == {"2019": 4, "2020": 4, "2021": 4, "2022": 4, "2023": 4, "2024": 5}
    # (foundation models, above large language models, rise with the same papers here)
    assert "large language models" in [t["label"].lower() for t in data["rising"][:2]]
    assert data["rising"][0]["slope"] > 0
    assert "recurrent neural networks" in [t["label"].lower() for t in data["fading"]]
    table = _kgraph("query", "trends", "--graph", graph, "--kind", "method", "--since", "2020")
    assert table.returncode == 0 and "pp/yr" in table.stdout and "2019:" not in table.stdout
    late = _kgraph("query", "trends", "--graph", graph, "--since", "2024")
    assert late.returncode == 2 and late.stderr.startswith("kgraph: error: trends need papers from at least two years")


def test_sources_cli_unreadable_file_is_one_error_line(tmp_path):
    bad = tmp_path / "arxiv.xml"
    bad.write_text("<feed xmlns='http://www.w3.org/2005/Atom'><entry>", encoding="utf-8")
    result = _kgraph("build", bad, "--out", tmp_path / "out")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [f"kgraph: error: {bad}:1: not well-formed XML (no element found)"]


_HOSTILE = r'''
import json, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from kgraph.cli import main
from kgraph.read import InputError, read_inputs
d = Path(sys.argv[1])
files = {
    "laughs.xml": "<?xml version='1.0'?><!DOCTYPE feed [<!ENTITY a0 'ha'>"
                  + "".join(f"<!ENTITY a{i} '" + f"&a{i - 1};" * 10 + "'>" for i in range(1, 10))
                  + "]><feed xmlns='http://www.w3.org/2005/Atom'><entry><summary>&a9;</summary></entry></feed>",
    "deep.xml": "<feed xmlns='http://www.w3.org/2005/Atom'>" + "<a>" * 100000 + "</a>" * 100000 + "</feed>",
    "open.bib": "@article{a, title={" + "{" * 100000 + "\n",
    "far.jsonl": json.dumps({"id": "https://openalex.org/W1",
                             "abstract_inverted_index": {"last.": [10 ** 15], "Words": [0], "far": [1], "apart": [2]}}),
}
for name, text in files.items():
    (d / name).write_text(text)
    try:
        papers = read_inputs([d / name])
        print(name, "read", json.dumps([p.abstract for p in papers]))
    except InputError as err:
        print(name, "error", str(err).splitlines()[0])
'''


def test_sources_hostile_files_stay_bounded(tmp_path):
    result = subprocess.run([sys.executable, "-c", _HOSTILE, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert out["laughs.xml"].startswith("error") and "entity declarations" in out["laughs.xml"]
    assert out["deep.xml"].startswith("error no usable abstracts")
    assert out["open.bib"].startswith("error no usable abstracts")
    assert out["far.jsonl"] == 'read ["Words far apart last."]'


def test_sources_zotero_style_arxiv_preprint_in_bibtex(tmp_path):
    path = tmp_path / "zotero.bib"
    path.write_text("@misc{lee_sparse_2023,\n\ttitle = {Sparse Mixtures of Experts Route Tokens Poorly},\n"
                    "\turl = {http://arxiv.org/abs/2309.01234},\n\tdoi = {10.48550/arXiv.2309.01234},\n"
                    "\tabstract = {Mixture-of-experts layers route each token to a few experts. We show the router collapses.},\n"
                    "\tpublisher = {arXiv},\n\tauthor = {Lee, Kim and Park, Jo},\n\tmonth = sep,\n\tyear = {2023},\n"
                    "\tnote = {arXiv:2309.01234 [cs]},\n}\n"
                    "@article{lee_sparse_2023, title={Other}, eprint={hal-01234}, abstract={A different paper with the same key here.}}\n",
                    encoding="utf-8")
    warnings = []
    first, second = read_inputs([path], warn=warnings.append)
    assert first.meta["arxiv_id"] == "2309.01234" and first.meta["doi"] == "10.48550/arxiv.2309.01234"
    assert first.meta["venue"] == "arXiv" and first.meta["authors"] == "Kim Lee; Jo Park"
    assert "arxiv_id" not in second.meta  # an eprint that is not an arXiv id
    assert warnings == [f"{path}:12: entry 'lee_sparse_2023' repeats the citation key of an earlier entry; "
                        "read as a record of its own"]


def test_sources_unusable_file_in_a_folder_is_skipped(tmp_path):
    (tmp_path / "pom.xml").write_text("<project><modelVersion>4.0.0</modelVersion></project>", encoding="utf-8")
    shutil.copy(SAMPLES / "arxiv.xml", tmp_path / "arxiv.xml")
    warnings = []
    assert len(read_inputs([tmp_path], warn=warnings.append)) == 5
    assert warnings == [f"{tmp_path / 'pom.xml'}: not an Atom feed (root element <project>); an arXiv API answer "
                        "starts with <feed xmlns=\"http://www.w3.org/2005/Atom\">; file skipped"]
    with pytest.raises(InputError, match="not an Atom feed"):  # named on its own, it is an error
        read_inputs([tmp_path / "pom.xml"])


def test_sources_papers_are_found_by_doi_and_arxiv_id(samples_out):
    import kgraph

    kg = kgraph.load(samples_out)
    by_doi = kg.find_paper("https://doi.org/10.5555/KG.2022.013")
    assert kg.graph.nodes[by_doi]["title"] == "How Few Is Few? Prompt Sensitivity of Large Language Models"  # refs.bib read first
    by_arxiv = kg.find_paper("arXiv:2305.01234v1")
    assert kg.graph.nodes[by_arxiv]["label"] == "Verifying Chain-of-Thought Reasoning in Large Language Models"
    result = _kgraph("query", "related", "2305.01234", "--graph", samples_out / "graph.graphml")
    assert result.returncode == 0 and "Verifying Chain-of-Thought" in result.stdout


def test_sources_readme_trends_example_is_what_kgraph_prints(samples_out):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command = "$ kgraph query trends --limit 3 --min-papers 2\n"
    shown = readme[readme.index(command) + len(command):]
    shown = shown[:shown.index("```")]
    result = _kgraph("query", "trends", "--limit", "3", "--min-papers", "2", "--graph", samples_out / "graph.graphml")
    assert result.stdout == shown
    import re

    import kgraph

    (call,) = re.findall(r"`(kg\.trends\([^`]*\))`", readme)  # the API table's row, on the dated samples
    found = eval(call, {"kg": kgraph.load(samples_out)})
    assert found.rising and found.fading


def test_sources_records_without_abstracts_are_counted(tmp_path):
    path = tmp_path / "works.jsonl"
    work = {"id": "https://openalex.org/W{}", "publication_year": 2021, "abstract_inverted_index": None}
    lines = [json.dumps({**work, "id": work["id"].format(i)}) for i in range(1, 1201)]
    lines.append(json.dumps({"id": "https://openalex.org/W9", "abstract_inverted_index": {"Sparse": [0], "models": [1], "win.": [2]}}))
    path.write_text("\n".join(lines), encoding="utf-8")
    warnings = []
    assert len(read_inputs([path], warn=warnings.append)) == 1
    assert warnings == [f"{path}:1: skipped, no abstract (id W1)", f"{path}:2: skipped, no abstract (id W2)",
                        f"{path}:3: skipped, no abstract (id W3)",
                        f"{path}: 1,200 records without a usable abstract skipped; 1,197 not named above"]


def test_sources_map_page_has_year_colours_and_links(samples_out):
    html = (samples_out / "graph.html").read_text(encoding="utf-8")
    raw = html[html.index('id="kg-data">') + len('id="kg-data">'):]
    data = json.loads(raw[:raw.index("</script>")])
    assert data["years"][0] >= 2019 and data["years"][1] <= 2024 and data["years"][0] < data["years"][1]
    dated = [n for n in data["nodes"] if "yr" in n]
    assert dated and all(data["years"][0] <= n["yr"] <= data["years"][1] for n in dated)
    llm = next(r for r in data["records"].values() if r["k"] != "paper" and r["l"].lower() == "large language models")
    assert llm["y"]["first"] == 2022 and llm["y"]["per"].startswith("2022:")
    vit = next(r for r in data["records"].values() if r["k"] == "paper" and r["l"].startswith("Vision Transformers"))
    assert vit["m"]["doi"] == "10.5555/kg.2021.009" and vit["m"]["arxiv_id"] == "2103.04321"
    assert "colourBy === \"year\"" in html and "https://doi.org/" in html  # the page's year scale and DOI links


def test_sources_map_colours_by_mean_year_and_links_out_in_a_browser(samples_out, chromium, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    from test_map_browser import ARGS, Page

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS)
        try:
            page = Page(browser, samples_out / "graph.html")
            assert page.page.is_hidden("#yearlegend")
            before = page.js("() => window.kgraph.network.body.data.nodes.get().map(n => n.color)")
            page.page.select_option("#colourby", "year")
            assert page.page.is_visible("#yearlegend") and "2019" in page.page.inner_text("#yearlegend")
            after = page.js("() => window.kgraph.network.body.data.nodes.get().map(n => n.color)")
            assert after != before
            page.page.screenshot(path=str(tmp_path / "by-year.png"))
            page.find("Vision Transformers Need")
            page.page.keyboard.press("Enter")
            hrefs = page.js("() => [...document.querySelectorAll('#panel a')].map(a => a.href)")
            assert "https://doi.org/10.5555/kg.2021.009" in hrefs and "https://arxiv.org/abs/2103.04321" in hrefs
            page.close()
        finally:
            browser.close()
