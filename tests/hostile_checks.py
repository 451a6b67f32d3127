"""Seeded generated-input checks, run by test_hostile.py in a child process bounded in memory and time.

``python tests/hostile_checks.py readers|graph|cli`` runs one group and exits 0, or
fails with Hypothesis's falsifying example. Every property asserts: success or a
clean handled one-line error, output files that parse, earlier outputs untouched
on failure, and each example within a deadline (the child as a whole is bounded
by the caller with RLIMIT_AS and a timeout).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

#: Per group: examples tried. Seeded (derandomize), so every run tries the same inputs.
EXAMPLES = {"readers": 150, "graph": 40, "cli": 8}


def _settings(group: str, seconds: float):
    return settings(max_examples=EXAMPLES[group], derandomize=True, database=None,
                    deadline=timedelta(seconds=seconds), suppress_health_check=list(HealthCheck),
                    print_blob=False)


# --- inputs -------------------------------------------------------------------------

ABSTRACTS = [
    "We propose graph neural networks (GNNs) for molecule property prediction. GNNs work well.",
    "Diffusion models generate images; we improve their sampling speed on ImageNet with fewer steps.",
    "This paper studies model collapse when generative models are trained on synthetic data.",
]
HOSTILE = [
    "\\'{" * 30 + "e" + "}" * 30, "{" * 5000, "'s" * 3000, "=(" * 2000, "_a " * 400, "*a " * 400,
    "\\frac", "\\verb", "\\href{a}{", "\\url{", "$", "$$", "\\(", "\\[", "%", "\\", "{", "}", "**", "_",
    "[x](http://a.org/b_c)", "\u2028", "\u2029", "\u0085", "\ufeff", "\x00", "\x0b", "\r\n", "\n", "\n\n",
    "\t", "é", "論文", "\U0001f642", "\u202e", "e\u0301", "--", "\u2013", "&amp;", "<script>", '"', "'",
]
fragment = st.one_of(st.sampled_from(ABSTRACTS), st.sampled_from(HOSTILE), st.text(max_size=40))
text = st.lists(fragment, max_size=12).map("".join)
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), text)
json_value = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                          max_leaves=8)
record = st.fixed_dictionaries(
    {"abstract": st.one_of(text, text, text, json_value)},
    optional={"id": st.one_of(st.text(max_size=10), st.integers()), "title": text, "year": json_value,
              "authors": st.one_of(st.lists(st.text(max_size=12), max_size=3), json_value), "venue": json_value},
)
raw_line = st.sampled_from([
    "[" * 1200 + "]" * 1200, '{"abstract": ' + "[" * 1200 + "]" * 1200 + "}", '{"n": ' + "9" * 5000 + "}",
    '{"papers": 5}', '{"abstract": "unterminated', "not json", "", "[1, 2]", "null", '"\\ud800"',
])
encoding = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "utf-32", "latin-1"])


@st.composite
def input_file(draw) -> tuple[str, bytes]:
    """One input file: a suffix and its bytes, from plausible to hostile."""
    suffix = draw(st.sampled_from([".txt", ".jsonl", ".json", ".csv"]))
    if draw(st.integers(0, 9)) == 0:
        return suffix, draw(st.binary(max_size=3000))
    if suffix == ".txt":
        content = draw(st.sampled_from(["\n\n", "\n", "\r\n\r\n"])).join(draw(st.lists(text, max_size=6)))
    elif suffix == ".jsonl":
        lines = draw(st.lists(st.one_of(record.map(lambda r: json.dumps(r, ensure_ascii=draw(st.booleans()))), raw_line),
                              max_size=6))
        content = "\n".join(lines)
    elif suffix == ".json":
        content = draw(st.one_of(st.lists(record, max_size=5).map(json.dumps),
                                 st.lists(record, max_size=5).map(lambda rs: json.dumps({"papers": rs})),
                                 json_value.map(json.dumps), raw_line))
    else:
        buf = io.StringIO()
        rows = draw(st.lists(record, max_size=5))
        writer = csv.DictWriter(buf, fieldnames=["id", "title", "abstract", "year"], extrasaction="ignore")
        if draw(st.booleans()):
            writer.writeheader()
        for r in rows:
            writer.writerow({k: json.dumps(v) if not isinstance(v, str) else v for k, v in r.items()})
        content = buf.getvalue()
    return suffix, content.encode(draw(encoding), errors="replace")


def write_inputs(folder: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    paths = []
    for i, (suffix, data) in enumerate(files):
        path = folder / f"in{i}{suffix}"
        path.write_bytes(data)
        paths.append(path)
    return paths


def one_line_error(message: str) -> None:
    assert message and "\n" not in message.strip(), message
    assert "Traceback" not in message, message


# --- readers ------------------------------------------------------------------------


def check_readers() -> None:
    from kgraph.errors import InputError
    from kgraph.read import MAX_CHARS, MAX_WORD_CHARS, read_inputs

    @_settings("readers", seconds=10)
    @given(st.lists(input_file(), min_size=1, max_size=3))
    def readers(files):
        with tempfile.TemporaryDirectory() as tmp:
            paths = write_inputs(Path(tmp), files)
            warnings: list[str] = []
            try:
                papers = read_inputs(paths, warn=warnings.append)
            except InputError as err:
                one_line_error(str(err))
                assert tmp in str(err) or str(err).startswith("no usable abstracts"), err
                return
            for w in warnings:
                one_line_error(w)
                assert w.startswith(tmp), w
            assert len({p.id for p in papers}) == len(papers)
            for p in papers:
                assert isinstance(p.abstract, str) and len(p.abstract.split()) >= 3
                assert len(p.abstract) <= MAX_CHARS
                assert not re.search(r"\S{%d,}" % (MAX_WORD_CHARS + 1), p.abstract)
                assert not re.search("[\x00-\x1f\x7f\ud800-\udfff]", p.abstract)
                p.abstract.encode("utf-8")
                assert p.sources and all(s.startswith(Path(tmp).as_posix()) for s in p.sources)

    readers()


# --- graph and exporters, with a fake extractor -------------------------------------


@st.composite
def fake_mentions(draw, abstract: str):
    """Mentions as an extractor could return them: spans of the abstract with kinds and roles."""
    from kgraph import KINDS, Mention

    roles = ["proposes", "addresses", "evaluates_on", "uses", "mentions"]
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", abstract)]
    mentions = []
    for _ in range(draw(st.integers(0, min(6, len(words))))):
        i = draw(st.integers(0, len(words) - 1))
        j = draw(st.integers(i, min(len(words) - 1, i + 3)))
        start, end = words[i][0], words[j][1]
        mention_text = abstract[start:end]
        short = draw(st.one_of(st.none(), st.sampled_from(["GNN", "DM", "X", ""]), st.text(max_size=5)))
        mentions.append(Mention(text=mention_text, start_char=start, end_char=end, kind=draw(st.sampled_from(KINDS)),
                                long_form=draw(st.one_of(st.none(), st.just(mention_text + " long"))),
                                short_form=short or None, role=draw(st.sampled_from(roles))))
    return mentions


def parse_outputs(out: Path, G: nx.Graph) -> None:
    import xml.etree.ElementTree as ET

    assert nx.read_graphml(out / "graph.graphml").number_of_nodes() == G.number_of_nodes()
    ET.parse(out / "graph.gexf")
    data = json.loads((out / "graph.json").read_text(encoding="utf-8"))
    assert len(data["nodes"]) == G.number_of_nodes()
    page = (out / "graph.html").read_text(encoding="utf-8")
    assert page.lstrip().lower().startswith("<!doctype html") and "</html>" in page


def check_graph() -> None:
    import kgraph.export as export
    from kgraph.graph import build_graph
    from kgraph.errors import InputError
    from kgraph.read import read_inputs

    from kgraph import KGraphError, KnowledgeGraph

    @_settings("graph", seconds=20)
    @given(st.data())
    def graph_and_exports(data):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            files = data.draw(st.lists(input_file(), min_size=1, max_size=2))
            files.append((".txt", "\n\n".join(data.draw(st.lists(st.sampled_from(ABSTRACTS), min_size=1))).encode()))
            paths = write_inputs(tmp, files)
            try:
                papers = read_inputs(paths)
            except InputError:  # a generated file unusable as a whole (checked by the readers group)
                papers = read_inputs(paths[-1:])
            mentions = [data.draw(fake_mentions(p.abstract)) for p in papers]
            G = build_graph(papers, mentions)
            assert sum(1 for _, k in G.nodes(data="kind") if k == "paper") == len(papers)
            out = tmp / "out"
            out.mkdir()
            for name in export.FILES:
                (out / name).write_text("previous")
            fail = data.draw(st.booleans())
            if fail:  # a write that fails half-way leaves the previous outputs as they were
                real = export.write_html

                def broken(G, path, **kw):
                    Path(path).write_text("half")
                    raise OSError(28, "No space left on device", str(path))

                export.write_html = broken
                try:
                    export.write_all(G, out)
                    raise AssertionError("write_all did not fail")
                except OSError:
                    pass
                finally:
                    export.write_html = real
                assert sorted(p.name for p in out.iterdir()) == sorted(export.FILES)
                assert all((out / name).read_text() == "previous" for name in export.FILES)
                return
            export.write_all(G, out)
            parse_outputs(out, G)
            kg = KnowledgeGraph(G)
            query = data.draw(text)
            if query.strip():
                kg.search(query)
            else:  # (nothing to search for is said, not answered with nothing)
                try:
                    kg.search(query)
                    raise AssertionError("an empty search was answered")
                except KGraphError:
                    pass
            kg.top_concepts()

    graph_and_exports()


# --- the command line, with the real model on tiny inputs -----------------------------


def check_cli() -> None:
    from kgraph.cli import main

    def run(argv: list[str]) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        return code, out.getvalue(), err.getvalue()

    def handled(code: int, err: str) -> None:
        assert code in (0, 2), (code, err)
        assert "Traceback" not in err, err
        assert all(line.startswith("kgraph: ") for line in err.splitlines()), err  # log lines only, one each
        if code == 2:
            assert err.splitlines()[-1].startswith("kgraph: error: "), err

    small = st.lists(st.one_of(st.sampled_from(ABSTRACTS), text), min_size=1, max_size=3)

    @_settings("cli", seconds=60)
    @given(st.data())
    def cli(data):
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            suffix = data.draw(st.sampled_from([".txt", ".jsonl"]))
            texts = data.draw(small)
            if suffix == ".txt":
                content = "\n\n".join(texts)
            else:
                content = "\n".join(json.dumps({"abstract": t}) for t in texts)
            inputs = write_inputs(tmp, [(suffix, content.encode("utf-8"))] + data.draw(st.lists(input_file(), max_size=1)))
            out = tmp / data.draw(st.sampled_from(["out", "out/deeper", "in0" + suffix + "/sub"]))
            previous = {}
            if out.parent.is_dir() or out.parent == tmp:
                out.mkdir(parents=True, exist_ok=True)
                for name in ("graph.graphml", "graph.gexf", "graph.json", "graph.html"):
                    (out / name).write_text("previous")
                    previous[name] = "previous"
            code, stdout, err = run(["build", *map(str, inputs), "--out", str(out), "--no-cache"])
            handled(code, err)
            if code != 0:
                assert all((out / n).read_text() == v for n, v in previous.items())
                return
            import kgraph

            kg = kgraph.load(out)
            parse_outputs(out, kg.graph)
            words = data.draw(st.lists(st.one_of(text, st.sampled_from(["graph neural networks", "GNN", "diffusion"])),
                                       min_size=2, max_size=2))
            for argv in (["query", "search", words[0]], ["query", "neighbours", words[0] + "\n" + words[1]], ["query", "related", words[1]],
                         ["query", "path", words[0], words[1], "--html", str(tmp / "p.html")], ["stats", "--json"]):
                code, stdout, err = run([*argv, "--graph", str(out)])
                handled(code, err)
                if argv[-1] == "--json" and code == 0:
                    json.loads(stdout)

    cli()


if __name__ == "__main__":
    {"readers": check_readers, "graph": check_graph, "cli": check_cli}[sys.argv[1]]()
    print("ok")
