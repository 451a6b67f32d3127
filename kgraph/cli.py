"""The ``kgraph`` command line: a thin layer over the library."""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
import textwrap
from pathlib import Path

from . import __version__
from .errors import InputError, KGraphError
from .types import KINDS, MODEL_DIR

log = logging.getLogger("kgraph")


class _Formatter(logging.Formatter):
    def format(self, record):
        return f"kgraph: {record.levelname.lower()}: {record.getMessage()}"


def _setup_logging(quiet: bool):
    """Send kgraph's log to stderr as ``kgraph: level: message``; return a function that undoes it."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Formatter())
    saved = (log.handlers[:], log.level, log.propagate)
    log.handlers[:] = [handler]
    log.setLevel(logging.ERROR if quiet else logging.INFO)
    log.propagate = False

    def restore():
        log.handlers[:], level, log.propagate = saved
        log.setLevel(level)

    return restore


def _cmd_build(args) -> int:
    from .build import build
    from .export import FILES
    from .progress import BuildProgress

    out = Path(args.out)
    _check_out_dir(out)
    if not args.inputs and not Path("data").exists():
        raise InputError("data: no such file or folder (with no INPUT, kgraph build reads ./data: "
                         "kgraph build FILE_OR_FOLDER ...)")
    progress = BuildProgress() if not args.quiet and sys.stderr.isatty() else None
    cache = False if args.no_cache else (args.cache or True)
    try:
        kg = build(args.inputs or ["data"], progress=progress or False, cache=cache, jobs=args.jobs,
                   scheduler=args.scheduler, reuse=None if args.no_cache else out, thesaurus=args.thesaurus)
        if progress:
            progress.stage("exports")
        files = [out / name for name in FILES] if kg.reused_from == out else kg.save(out)
    finally:
        if progress:
            progress.close()
    if not args.quiet:
        s = kg.summary()
        concepts = ", ".join(f"{n} {k}" for k, n in s["concepts"].items())
        print(f"papers: {s['papers']}")
        print(f"concepts: {sum(s['concepts'].values())} ({concepts})")
        print(f"edges: {s['edges']} ({', '.join(f'{n} {k}' for k, n in sorted(s['edge_kinds'].items()))})")
        if kg.graph.graph.get("years"):
            from .years import parse_years

            years = parse_years(kg.graph.graph["years"])
            span = f"{min(years)}-{max(years)}" if min(years) != max(years) else f"{min(years)}"
            print(f"years: {span} ({sum(years.values())} of {s['papers']} papers dated)")
        print("files: " + ", ".join(str(f) for f in files))
    return 0


def _check_out_dir(out: Path) -> None:
    """Fail before any work when ``out`` cannot be (or become) a writable folder."""
    for folder in (out, *out.parents):
        if folder.exists():
            if not folder.is_dir():
                what = "is a file" if folder == out else f"has a file as parent ({folder})"
                raise NotADirectoryError(f"{out}: cannot be the output folder: it {what}")
            if not os.access(folder, os.W_OK | os.X_OK):
                raise PermissionError(f"{out}: cannot write there ({folder} is not writable)")
            return


def _check_out_file(path: Path) -> None:
    """Fail before any work when ``path`` cannot be written as a file."""
    if path.is_dir():
        raise IsADirectoryError(f"{path}: is a folder; give a file name")
    _check_out_dir(path.parent)


def _cmd_evaluate(args) -> int:
    from .evaluate import evaluate

    result = evaluate(args.gold)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['file']}: {result['abstracts']} abstracts, {result['abstracts_per_second']} abstracts/s")
    print(f"{'':18}{'P':>7}{'R':>7}{'F1':>7}{'gold':>7}")
    rows = [("typed exact", result["typed"]), ("untyped exact", result["untyped_exact"]),
            ("untyped overlap", result["untyped_overlap"])]
    rows += [(f"  {k}", v) for k, v in result["per_kind"].items()]
    for name, s in rows:
        print(f"{name:18}{s['p']:7.1f}{s['r']:7.1f}{s['f1']:7.1f}{s['gold']:7d}")
    if result.get("relations"):
        print(f"relations ({result['relations']['all arguments']['boundaries']['gold']} gold)"
              f"{'':6}{'P':>7}{'R':>7}{'F1':>7}")
        for setting, scores in result["relations"].items():
            for measure, s in scores.items():
                print(f"  {measure + ', ' + setting:30}{s['p']:7.1f}{s['r']:7.1f}{s['f1']:7.1f}")
    return 0


def _cmd_train(args) -> int:
    from .train import train

    _check_out_dir(Path(args.out))
    if args.keep_fp32:
        _check_out_file(Path(args.keep_fp32))
    result = train(args.train, args.dev, out_dir=args.out, epochs=args.epochs, lr=args.lr,
                   batch_size=args.batch_size, seed=args.seed, keep_fp32=args.keep_fp32,
                   relation_weight=args.relation_weight, tdmsci=args.tdmsci, teacher=args.teacher)
    for entry in result["history"]:
        print(json.dumps(entry))
    print(f"model written to {args.out} in {result['seconds']} s")
    return 0


def _cmd_train_relations(args) -> int:
    from .train_relations import train_relations

    result = train_relations(args.train, args.dev, model_dir=args.model, out_dir=args.out, epochs=args.epochs,
                             members=args.members, seed=args.seed, type_thresholds=args.type_thresholds)
    for entry in result["history"]:
        print(json.dumps(entry))
    print(json.dumps({k: result[k] for k in ("threshold", "thresholds", "dev")}, indent=2))
    print(f"relation classifier written to {args.out or args.model} in {result['seconds']} s")
    return 0


def _load(args):
    from .build import load

    return load(args.graph)


def _node_label(kg, n: str) -> str:
    return str(kg.graph.nodes[n].get("label", n))


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters; a cut ends in an ellipsis."""
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _wrote_html(path: str, G) -> None:
    log.info("wrote %s (%d nodes, %d edges)", path, G.number_of_nodes(), G.number_of_edges())


def _table(rows: list[tuple], headers: tuple) -> str:
    rows = [tuple(str(c) for c in r) for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    widths[-1] = 0
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(lines)


def _emit(args, data, rows, headers) -> int:
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif rows:
        print(_table(rows, headers))
    else:
        print("(nothing found)")
    return 0


def _cmd_neighbours(args) -> int:
    from .export import write_html

    if args.html:
        _check_out_file(Path(args.html))
    kg = _load(args)
    center = kg.find_concept(args.concept)
    sub = kg.neighbourhood(center, depth=args.depth, kinds=args.kind)
    if args.html:
        write_html(sub, args.html, title=f"kgraph: {_node_label(kg, center)}", highlight=[center], focus=center,
                   note=f"neighbourhood of {_node_label(kg, center)} (depth {args.depth})", context=kg.graph)
        _wrote_html(args.html, sub)
    nodes = sorted((n for n in sub if n != center),
                   key=lambda n: (sub.nodes[n].get("kind") == "paper", -int(sub.nodes[n].get("papers", 0)), n))
    reached = _reached_from_below(kg, center)
    data = {"concept": center, "label": _node_label(kg, center),
            "nodes": [{"id": n, "kind": sub.nodes[n].get("kind"), "label": _node_label(kg, n),
                       "papers": sub.nodes[n].get("papers", 0),
                       "papers_total": sub.nodes[n].get("papers_total", sub.nodes[n].get("papers", 0)),
                       "link": reached.get(n) or _link(kg.graph, center, n)}
                      for n in nodes]}
    # a paper's row has no paper count (its own node counts itself)
    rows = [(d["kind"], *(("", "") if d["kind"] == "paper" else (d["papers"], d["papers_total"])), d["link"],
             d["label"]) for d in data["nodes"]]
    data["relations"] = kg.relations(center)
    if not args.json:
        print(f"{_concept_line(kg, center)}; {_plural(len(nodes), 'node')} within depth {args.depth}")
        for r in data["relations"]:
            print(f"  {r['text']}")
        if not nodes and args.kind and "paper" not in args.kind and args.depth == 1:
            print("(concepts meet through the papers that mention them: try --depth 2)")
    code = _emit(args, data, rows, ("kind", "papers", "with narrower", "link", "label"))
    if not args.json and any(d["link"] in ("within it", "holds it") for d in data["nodes"]):
        print("(broader / narrower: a kind of it or one of its kinds; holds it / within it: the broader term holds "
              "it as a part, aspect or subject, no kind of it)")
    return code


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _concept_line(kg, concept: str) -> str:
    """The line above a concept's table: "bandits (concept:bandit): 2 papers, 3 with its narrower terms"."""
    c = kg.graph.nodes[concept]
    return (f"{_node_label(kg, concept)} ({concept}): {_plural(c.get('papers', 0), 'paper')}, "
            f"{c.get('papers_total', c.get('papers', 0))} with its narrower terms")


def _reached_from_below(kg, center: str) -> dict[str, str]:
    """How the nodes a concept's neighbourhood holds for its narrower terms are joined to it, as ``papers`` says:
    a paper "through" the narrower term it mentions (``kg.papers_about``), a term further down "narrower, under"
    the term above it on the way (not "through" whatever else it shares with the concept)."""
    G = kg.graph
    out = {p: f"through {_node_label(kg, term)}" for p, _, _, term in kg.papers_about(center)
           if term != center and not G.has_edge(center, p)}
    below = {center, *kg.narrower_terms(center)}
    for n in below - {center}:
        if not G.has_edge(center, n):
            up = next((b for b in kg.broader_terms(n) if b in below), center)
            out[n] = f"narrower, under {_node_label(kg, up)}"
    return out


def _link(G, center: str, node: str) -> str:
    """How ``node`` is joined to ``center``, in words: "broader", "narrower" ("holds it", "within it" where the
    narrower term is a part, aspect or subject of the broader, no kind of it), a relation's type and direction
    ("--used_for-->": the centre is used for it), "co-occurs", "mentions it" (a paper; "mentions it in passing"
    for a test bed or a yardstick); past a paper, "in N
    papers with it" (the papers that mention both), else "through" the node before it on the shortest way;
    "" when nothing joins them."""
    if not G.has_edge(center, node):
        both = sum(1 for p in G[center] if G.nodes[p].get("kind") == "paper" and G.has_edge(p, node))
        if both:
            return f"in {_plural(both, 'paper')} with it"
        between = sorted((m for m in G[center] if G.has_edge(m, node)), key=lambda m: (-int(G.nodes[m].get("papers", 0)), m))
        if not between:  # further out: the node the shortest way reaches it from
            import networkx as nx

            try:
                between = nx.bidirectional_shortest_path(G, center, node)[-2:-1]
            except nx.NetworkXNoPath:
                return ""
        return f"through {G.nodes[between[0]].get('label', between[0])}"
    d = G.edges[center, node]
    if d.get("kind") == "mention":
        return "mentions it in passing" if d.get("passing") else "mentions it"
    if d.get("broader") is not None:  # ("within": a part, aspect or subject of the broader term, no kind of it)
        if d.get("sense") == "within":
            return "holds it" if d["broader"] == node else "within it"
        return "broader" if d["broader"] == node else "narrower"
    if d.get("kind") == "relation":  # as the relations above the table write it: "A --used_for--> B"
        kind = str(d.get("relation", "relation"))
        return f"--{kind}-->" if d.get("head") == center else f"<--{kind}--"
    return "co-occurs"


def _relation(d: dict) -> str:
    """A link's role as a table shows it: "mentions", or "mentions, in passing" for a test bed or a yardstick."""
    return d["relation"] + (", in passing" if d["in_passing"] else "")


def _cmd_papers(args) -> int:
    kg = _load(args)
    center = kg.find_concept(args.concept)
    about = kg.papers_about(center)[: args.limit]
    data = {"concept": center, "label": _node_label(kg, center),
            "papers": [{"paper": p, "label": _node_label(kg, p), "mentions": count, "relation": relation,
                        "in_passing": kg.in_passing(p, term), "through": _node_label(kg, term),
                        "written": kg.written(p, term)}
                       for p, count, relation, term in about]}
    if not args.json:
        print(_concept_line(kg, center))
    # "through" names the narrower term a paper reaches the concept by ("Lipschitz bandits" for bandits), and
    # "as written" the abstract's words the link came by, where they are not the term's own
    rows = [(_relation(d), d["mentions"], _cut("" if d["through"] == data["label"] else d["through"], 40),
             _cut("; ".join(d["written"]), 40), _cut(d["label"], 70)) for d in data["papers"]]
    return _emit(args, data, rows, ("relation", "mentions", "through", "as written", "paper"))


def _cmd_relations(args) -> int:
    kg = _load(args)
    center = kg.find_concept(args.concept)
    rels = kg.relations(center, type=args.type)
    data = {"concept": center, "label": _node_label(kg, center), "relations": rels}
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    if not rels:
        print(f"{data['label']}: no relations stated" + (f" of type {args.type}" if args.type else ""))
        return 0
    for r in rels:
        print(r["text"])
        for e in r["evidence"]:
            paper = _node_label(kg, e["paper"]) if e["paper"] in kg.graph else e["paper"]
            print(f"    {e['sentence']}  [{paper}]")
    return 0


def _cmd_paper(args) -> int:
    kg = _load(args)
    paper = kg.find_paper(args.paper)
    d = kg.graph.nodes[paper]
    meta = {k: d[k] for k in ("year", "venue", "authors", "doi", "arxiv_id", "url", "record_id", "sources")
            if d.get(k) not in (None, "")}  # (sources: the file and line each copy was read from)
    data = {"paper": paper, "label": _node_label(kg, paper), "meta": meta, "abstract": d.get("abstract", ""),
            "concepts": [{"concept": c, "label": _node_label(kg, c), "kind": kg.graph.nodes[c].get("kind"),
                          "relation": relation, "in_passing": kg.in_passing(paper, c), "mentions": count,
                          "papers": kg.graph.nodes[c].get("papers", 0), "written": written}
                         for c, count, relation, written in kg.concepts_of(paper)]}
    if not args.json:
        print(f"{data['label']} ({paper})" + "".join(f"\n  {k}: {v}" for k, v in meta.items()))
        print(textwrap.fill(data["abstract"], 100, initial_indent="  ", subsequent_indent="  "))
        print(f"{_plural(len(data['concepts']), 'concept')}:")
    rows = [(_relation(c), c["kind"], c["mentions"], c["papers"], _cut("; ".join(c["written"]), 40),
             _cut(c["label"], 60)) for c in data["concepts"]]
    return _emit(args, data, rows, ("relation", "kind", "mentions", "papers", "as written", "concept"))


def _cmd_related(args) -> int:
    kg = _load(args)
    paper = kg.find_paper(args.paper)
    related = kg.related_papers(paper, limit=args.limit, weights=True)
    data = {"paper": paper, "label": _node_label(kg, paper),
            "related": [{"paper": p, "label": _node_label(kg, p), "score": s,
                         "shared": [_node_label(kg, c) for c, _ in shared], "adds": [w for _, w in shared]}
                        for p, s, shared in related]}
    if not args.json:
        print(f"related to {data['label']} ({paper}): each shared concept adds 1/ln(1 + its papers) "
              "x (1 + 0.5 ln of the fewer mentions), half when one of the two papers names it only in passing, "
              "nothing when both do, half when it is broader than another shared concept")
    rows = [(f"{d['score']:.3f}", _cut(d["label"], 60), _shares(d["shared"], d["adds"])) for d in data["related"]]
    return _emit(args, data, rows, ("score", "paper", "shared concepts"))


def _shares(concepts: list[str], adds: list[float], shown: int = 5) -> str:
    """The shared concepts and what each adds, the first ``shown`` by name and the rest summed, so the parts add
    up to the score.

    >>> _shares(["a", "b", "c"], [0.5, 0.25, 0.1], shown=2)
    'a +0.50, b +0.25, and 1 more +0.10'
    """
    named = [f"{c} +{w:.2f}" for c, w in zip(concepts[:shown], adds)]
    if len(concepts) > shown:
        named.append(f"and {len(concepts) - shown} more +{sum(adds[shown:]):.2f}")
    return ", ".join(named)


def _cmd_path(args) -> int:
    from .export import write_path_html

    if args.html:
        _check_out_file(Path(args.html))
    kg = _load(args)
    paths = kg.paths(args.a, args.b, limit=args.limit)
    if args.html and paths:
        sub = kg.graph.subgraph({n for p in paths for n in p})
        write_path_html(kg.graph, paths, args.html,
                        note=f"{len(paths)} shortest paths from {_node_label(kg, paths[0][0])} to {_node_label(kg, paths[0][-1])}")
        _wrote_html(args.html, sub)
    elif args.html:
        log.warning("no path, so %s was not written", args.html)
    # each node after the first says whether the step to it is a link a paper names only in passing
    data = {"paths": [[{"id": n, "label": _node_label(kg, n), "kind": kg.graph.nodes[n].get("kind"),
                        **({"in_passing": bool(kg.graph.edges[p[i - 1], n].get("passing"))} if i else {})}
                       for i, n in enumerate(p)] for p in paths]}
    rows = [(i + 1, len(p) - 1, _path_text(kg, p)) for i, p in enumerate(paths)]
    if not paths and not args.json:  # say what was looked for: the two ends the names were read as
        print(f"no path between {_node_label(kg, kg.find(args.a))} and {_node_label(kg, kg.find(args.b))}: "
              "nothing in the graph joins them")
        return 0
    if not args.json:  # what each name was read as: a name that is no concept may have matched a paper's words
        ends = [_end_text(kg, kg.find(name)) for name in (args.a, args.b)]
        print(f"{_plural(len(paths), 'shortest path')} from {ends[0]} to {ends[1]}")
    code = _emit(args, data, rows, ("#", "hops", "path"))
    if not args.json and any(" --holds--> " in text or " --within--> " in text for _, _, text in rows):
        print("(A --holds--> B: B is a part, aspect or subject of the broader term A, no kind of it; "
              "--within-->: the other way)")
    return code


def _end_text(kg, node: str) -> str:
    """A path's end as read, with its kind: "bandits (task)", "LogitScope: A Framework for Analyzing L… (paper)"."""
    kind = kg.graph.nodes[node].get("kind")
    return f"{_cut(_node_label(kg, node), 60)} ({'paper' if kind == 'paper' else kind})"


def _path_text(kg, path: list[str]) -> str:
    """A path in words: papers say they are papers, and a step along a relation or up or down the hierarchy
    says which ("Mamba --used_for--> language modeling", "conformal prediction --broader--> uncertainty
    quantification", "UFO-RL (paper)"), as does a link a paper names only in passing ("-(in passing)->")."""

    def name(n: str) -> str:
        label = _cut(_node_label(kg, n), 40)
        return f"{label} (paper)" if kg.graph.nodes[n].get("kind") == "paper" else label

    out = name(path[0])
    for u, v in zip(path, path[1:]):
        d = kg.graph.edges[u, v]
        if d.get("kind") == "relation":
            out += f" --{d['relation']}--> " if d.get("head") == u else f" <--{d['relation']}-- "
        elif d.get("kind") == "broader" and d.get("sense") == "within":
            out += " --within--> " if d.get("broader") == v else " --holds--> "
        elif d.get("kind") == "broader":
            out += " --broader--> " if d.get("broader") == v else " --narrower--> "
        elif d.get("passing"):  # a paper's link to what it names only in passing (a test bed, a yardstick)
            out += " -(in passing)-> "
        else:
            out += " -> "
        out += name(v)
    return out


def _cmd_search(args) -> int:
    kg = _load(args)
    hits = kg.search(args.text, limit=args.limit)
    data = [{"id": n, "kind": kg.graph.nodes[n].get("kind"), "label": _node_label(kg, n), "score": s} for n, s in hits]
    rows = [(d["kind"], f"{d['score']:.0f}", _cut(d["label"], 70), d["id"]) for d in data]
    return _emit(args, data, rows, ("kind", "score", "label", "id"))


def _cmd_stats(args) -> int:
    kg = _load(args)
    summary = kg.summary()
    top = {k: [(_node_label(kg, c), int(v)) for c, v in kg.top_concepts(kind=k, limit=args.limit)] for k in KINDS}
    comms = kg.community_labels()
    sizes = {}
    for _, d in kg.graph.nodes(data=True):
        if "community" in d:
            sizes[int(d["community"])] = sizes.get(int(d["community"]), 0) + 1
    data = {**summary, "top": top,
            "communities": [{"community": c, "nodes": sizes.get(c, 0), "label": label} for c, label in comms.items()]}
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    print(f"papers: {summary['papers']}   concepts: {sum(summary['concepts'].values())}   edges: {summary['edges']}")
    for k in KINDS:
        names = ", ".join(f"{_cut(label, 40)} ({n})" for label, n in top[k])
        print(f"{k:8} {summary['concepts'][k]:5}  {names}")
    shown = min(len(comms), args.limit)
    print(f"communities: {len(comms)}" + (f" (the {shown} largest; --limit N shows more)" if shown < len(comms) else ""))
    for c in data["communities"][: args.limit]:
        print(f"  {c['community']:3}  {c['nodes']:4} nodes  {_cut(c['label'], 100)}")
    return 0


def _number(kind: type, *, minimum: float, name: str):
    """An argparse type: ``kind`` (int or float) at least ``minimum``, with a message that names the value."""

    def parse(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {name}") from None
        if not value >= minimum:  # also rejects nan
            raise argparse.ArgumentTypeError(f"{text} is invalid; it must be at least {minimum:g}")
        return value

    parse.__name__ = name
    return parse


_count = _number(int, minimum=1, name="a whole number")
_seed = _number(int, minimum=0, name="a whole number")
_rate = _number(float, minimum=1e-12, name="a number")
_weight = _number(float, minimum=0, name="a number")


def _cmd_trends(args) -> int:
    from dataclasses import asdict

    kg = _load(args)
    result = kg.trends(kind=args.kind, since=args.since, limit=args.limit, min_papers=args.min_papers)
    if args.json:
        print(json.dumps(asdict(result), indent=2, ensure_ascii=False))
        return 0
    print(f"trend = {result.measure}")
    print("papers per year: " + "  ".join(f"{y}:{c}" for y, c in result.years.items()))
    for name, items in (("rising", result.rising), ("fading", result.fading)):
        print(f"\n{name}:")
        rows = [(f"{t.slope:+.1f}", t.papers, t.first_year, f"{t.mean_year:.1f}", t.kind, t.label,
                 " ".join(f"{y}:{c}" for y, c in t.years.items())) for t in items]
        print(_table(rows, ("pp/yr", "papers", "first", "mean", "kind", "label", "papers per year"))
              if rows else "(none)")
    return 0


def make_parser() -> argparse.ArgumentParser:
    """The ``kgraph`` argument parser: every argument has help, numbers are checked here."""
    parser = argparse.ArgumentParser(prog="kgraph", description="Build a knowledge graph from paper abstracts.")
    parser.add_argument("--version", action="version", version=f"kgraph {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", help="one of:")

    p = sub.add_parser("build", help="read abstracts, extract concepts, write the graph files")
    p.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="files (.txt, .jsonl, .json, .csv, .tsv, .bib, .ris, .xml, .atom) or folders of them (default: data/)")
    p.add_argument("--out", default="outputs", metavar="DIR", help="output folder (default: outputs/)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar, warnings or summary")
    p.add_argument("--jobs", type=_count, default=1, metavar="N", help="extract in N processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="extract on the Dask cluster at ADDRESS (tcp://host:8786)")
    p.add_argument("--cache", metavar="FILE", help="extraction cache (default: ~/.cache/kgraph/mentions.sqlite)")
    p.add_argument("--no-cache", action="store_true", help="extract everything again, without reading or writing the cache")
    p.add_argument("--thesaurus", action="append", default=[], metavar="FILE",
                   help="topics to add to kgraph's thesaurus (the format of kgraph/thesaurus.txt; repeatable)")
    p.set_defaults(func=_cmd_build)

    p = sub.add_parser("train-relations", help="train the relation classifier on SciERC-format files (train extra)")
    p.add_argument("train", nargs="+", metavar="TRAIN.json", help="SciERC-format training files")
    p.add_argument("--dev", required=True, metavar="DEV.json", help="chooses the decision thresholds")
    p.add_argument("--model", default=str(MODEL_DIR), metavar="DIR",
                   help="the tagger whose hidden states are the features (default: the package's)")
    p.add_argument("--out", metavar="DIR", help="where to write relations.onnx (default: the --model folder)")
    p.add_argument("--epochs", type=int, default=10, help="epochs per network (default 10)")
    p.add_argument("--members", type=int, default=3, help="networks averaged (default 3)")
    p.add_argument("--seed", type=int, default=13, help="seed of the first network (default 13)")
    p.add_argument("--type-thresholds", action="store_true",
                   help="a threshold per relation type, chosen on dev (fits dev: not the default)")
    p.set_defaults(func=_cmd_train_relations)

    p = sub.add_parser("evaluate", help="score extraction on SciERC-format gold")
    p.add_argument("gold", metavar="GOLD.json", help="SciERC-format file: one JSON document per line")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    p.set_defaults(func=_cmd_evaluate)

    p = sub.add_parser("train", help="train the tagger on SciERC-format files (needs the train extra)")
    p.add_argument("train", nargs="+", metavar="TRAIN.json", help="SciERC-format training files")
    p.add_argument("--dev", metavar="DEV.json", help="score on this file after each epoch")
    p.add_argument("--out", default=str(MODEL_DIR), metavar="DIR", help="where to write the model (default: the package)")
    p.add_argument("--epochs", type=_count, default=6, metavar="N", help="passes over the training data (default 6)")
    p.add_argument("--lr", type=_rate, default=2e-4, metavar="RATE", help="peak learning rate of AdamW (default 2e-4)")
    p.add_argument("--batch-size", type=_count, default=8, metavar="N", help="text windows per step (default 8)")
    p.add_argument("--seed", type=_seed, default=13, metavar="N", help="random seed (default 13)")
    p.add_argument("--keep-fp32", metavar="FILE", help="also keep the unquantised ONNX network here")
    p.add_argument("--relation-weight", type=_weight, default=1.0, metavar="W",
                   help="weight of the relation loss the encoder also learns (default 1; 0: entities only)")
    p.add_argument("--tdmsci", metavar="TRAIN.conll",
                   help="also train on TDMSci's even-numbered sentences (named tasks, datasets, metrics)")
    p.add_argument("--teacher", metavar="DIR",
                   help="with --tdmsci: a SciERC-only tagger that labels the words TDMSci leaves untagged")
    p.set_defaults(func=_cmd_train)

    def graph_opts(q):
        q.add_argument("--graph", default="outputs", metavar="PATH",
                       help="saved graph: an output folder (its fast store is read first), a .graphml or a .json "
                            "(default: outputs)")
        q.add_argument("--json", action="store_true", help="print JSON instead of a table")

    query = sub.add_parser("query", help="ask a saved graph (no extraction)")
    qsub = query.add_subparsers(dest="query", required=True, metavar="QUERY", help="one of:")
    q = qsub.add_parser("neighbours", aliases=["neighbors"], help="concepts and papers around a concept")
    q.add_argument("concept", help="a concept's name, alias, abbreviation or near spelling")
    q.add_argument("--depth", type=_count, default=1, metavar="N", help="hops from the concept (default 1)")
    q.add_argument("--kind", action="append", choices=["paper", *KINDS],
                   help="keep only nodes of this kind (repeatable)")
    q.add_argument("--html", metavar="FILE", help="also write a focused page of the neighbourhood")
    graph_opts(q)
    q.set_defaults(func=_cmd_neighbours)
    q = qsub.add_parser("papers", help="papers about a concept, and through which narrower term")
    q.add_argument("concept", help="a concept's name, alias, abbreviation or near spelling")
    q.add_argument("--limit", "-k", type=_count, default=20, metavar="N", help="at most N papers (default 20)")
    graph_opts(q)
    q.set_defaults(func=_cmd_papers)
    q = qsub.add_parser("relations", help="typed relations of a concept, with the sentences that state them")
    q.add_argument("concept", help="a concept's name, alias or abbreviation")
    q.add_argument("--type", choices=["used_for", "feature_of", "hyponym_of", "part_of", "compare", "conjunction",
                                      "evaluate_for"], help="only relations of this type")
    graph_opts(q)
    q.set_defaults(func=_cmd_relations)
    q = qsub.add_parser("paper", help="a paper: its abstract and its concepts by role, with the words they came by")
    q.add_argument("paper", help="paper id, record id, DOI, arXiv id, or a fragment of its label or abstract")
    graph_opts(q)
    q.set_defaults(func=_cmd_paper)
    q = qsub.add_parser("related", help="papers closest to a paper, with the concepts they share")
    q.add_argument("paper", help="paper id, record id, DOI, arXiv id, or a fragment of its label or abstract")
    q.add_argument("--limit", "-k", type=_count, default=10, metavar="N", help="at most N papers (default 10)")
    graph_opts(q)
    q.set_defaults(func=_cmd_related)
    q = qsub.add_parser("path", help="shortest paths between two papers or concepts")
    q.add_argument("a", help="where the paths start: a concept or a paper (id or fragment)")
    q.add_argument("b", help="where the paths end: a concept or a paper (id or fragment)")
    q.add_argument("--limit", "-k", type=_count, default=3, metavar="N", help="at most N paths (default 3)")
    q.add_argument("--html", metavar="FILE", help="also write a page of the paths")
    graph_opts(q)
    q.set_defaults(func=_cmd_path)
    q = qsub.add_parser("search", help="concepts and papers matching a text")
    q.add_argument("text", help="words to look for in labels, aliases and abstracts")
    q.add_argument("--limit", "-k", type=_count, default=10, metavar="N", help="at most N results (default 10)")
    graph_opts(q)
    q.set_defaults(func=_cmd_search)
    q = qsub.add_parser("trends", help="rising and fading concepts (needs papers with years)")
    q.add_argument("--kind", choices=KINDS, help="only concepts of this kind")
    q.add_argument("--since", type=_seed, metavar="YEAR", help="only papers from YEAR on")
    q.add_argument("--limit", "-k", "-n", type=_count, default=10, metavar="N",
                   help="at most N rising and N fading concepts (default 10)")
    q.add_argument("--min-papers", type=_count, default=3, metavar="N",
                   help="rank only concepts with N or more dated papers (default 3)")
    graph_opts(q)
    q.set_defaults(func=_cmd_trends)

    p = sub.add_parser("stats", help="counts, top concepts per kind, communities of a saved graph")
    p.add_argument("--limit", "--top", "-k", type=_count, default=5, metavar="N",
                   help="top N concepts per kind and N largest communities (default 5)")
    graph_opts(p)
    p.set_defaults(func=_cmd_stats)
    return parser


def _error(message: str) -> None:
    """One ``kgraph: error:`` line, whatever the message quotes (a query with a line break, say)."""
    print(f"kgraph: error: {' '.join(message.split())}", file=sys.stderr)


def _quiet_stdout() -> int:
    """The reader of stdout went away (``kgraph stats | head -1``): stop quietly, as Unix tools do."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # Python's own flush at exit would fail again otherwise
    return 128 + signal.SIGPIPE


def main(argv: list[str] | None = None) -> int:
    """Run the ``kgraph`` command; returns the exit code (2 for a user error, 130 when interrupted)."""
    args = make_parser().parse_args(argv)
    restore_logging = _setup_logging(getattr(args, "quiet", False))
    try:
        code = args.func(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        return _quiet_stdout()
    except KGraphError as err:
        _error(str(err))
        return 2
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        _error(f"{where}{err.strerror or err}")
        return 2
    except KeyboardInterrupt:
        print("kgraph: interrupted; previous outputs left as they were", file=sys.stderr)
        return 130
    except MemoryError:
        _error(f"out of memory while running 'kgraph {args.command}'; previous outputs left as they were "
               "(build fewer abstracts at a time, or on a machine with more memory)")
        return 2
    finally:
        restore_logging()


if __name__ == "__main__":
    sys.exit(main())
