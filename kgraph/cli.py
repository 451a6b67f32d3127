"""The ``kgraph`` command line: a thin layer over the library."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from . import __version__

log = logging.getLogger("kgraph")


class _Formatter(logging.Formatter):
    def format(self, record):
        return f"kgraph: {record.levelname.lower()}: {record.getMessage()}"


def _setup_logging(quiet: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Formatter())
    log.handlers[:] = [handler]
    log.setLevel(logging.ERROR if quiet else logging.INFO)
    log.propagate = False


def _cmd_build(args) -> int:
    from .build import build

    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(f"{out}: output path exists and is not a folder")
    progress = not args.quiet and sys.stderr.isatty()
    kg = build(args.inputs or ["data"], progress=progress)
    files = kg.save(out)
    if not args.quiet:
        s = kg.summary()
        concepts = ", ".join(f"{n} {k}" for k, n in s["concepts"].items())
        print(f"papers: {s['papers']}")
        print(f"concepts: {sum(s['concepts'].values())} ({concepts})")
        print(f"edges: {s['edges']} ({', '.join(f'{n} {k}' for k, n in sorted(s['edge_kinds'].items()))})")
        print("files: " + ", ".join(str(f) for f in files))
    return 0


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
    return 0


def _cmd_train(args) -> int:
    from .train import train

    result = train(args.train, args.dev, out_dir=args.out, epochs=args.epochs, lr=args.lr,
                   batch_size=args.batch_size, seed=args.seed)
    for entry in result["history"]:
        print(json.dumps(entry))
    print(f"model written to {args.out} in {result['seconds']} s")
    return 0


def make_parser() -> argparse.ArgumentParser:
    from .tagger import MODEL_DIR

    parser = argparse.ArgumentParser(prog="kgraph", description="Build a knowledge graph from paper abstracts.")
    parser.add_argument("--version", action="version", version=f"kgraph {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("build", help="read abstracts, extract concepts, write the graph files")
    p.add_argument("inputs", nargs="*", metavar="INPUT", help="files or folders (default: data/)")
    p.add_argument("--out", default="outputs", metavar="DIR", help="output folder (default: outputs/)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar, warnings or summary")
    p.set_defaults(func=_cmd_build)

    p = sub.add_parser("evaluate", help="score extraction on SciERC-format gold")
    p.add_argument("gold", metavar="GOLD.json")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    p.set_defaults(func=_cmd_evaluate)

    p = sub.add_parser("train", help="train the tagger on SciERC-format files (needs the train extra)")
    p.add_argument("train", nargs="+", metavar="TRAIN.json")
    p.add_argument("--dev", metavar="DEV.json", help="score on this file after each epoch")
    p.add_argument("--out", default=str(MODEL_DIR), metavar="DIR", help="where to write the model (default: the package)")
    p.add_argument("--epochs", type=int, default=12)
    p.add_argument("--lr", type=float, default=2e-4)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--seed", type=int, default=13)
    p.set_defaults(func=_cmd_train)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    _setup_logging(getattr(args, "quiet", False))
    from .read import InputError

    try:
        return args.func(args)
    except (InputError, NotADirectoryError, FileNotFoundError, PermissionError, ValueError, RuntimeError) as err:
        print(f"kgraph: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"kgraph: error: {err.filename or ''}: {err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("kgraph: interrupted; previous outputs left as they were", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
