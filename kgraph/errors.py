"""kgraph's exceptions: one root, :class:`KGraphError`, for everything kgraph reports on purpose.

Catch :class:`KGraphError` to handle any of them; a bug in kgraph raises
something else. Each message names the file, line or value at fault.
Imports nothing from kgraph.
"""

from __future__ import annotations

__all__ = ["KGraphError", "InputError", "OutputError", "SettingError", "ConceptNotFound", "PaperNotFound", "ModelNotFound",
           "MissingExtra"]


class KGraphError(Exception):
    """Root of the errors kgraph raises on purpose."""


class InputError(KGraphError):
    """Input kgraph cannot use at all (a file, a record, a saved graph); the message names it."""


class OutputError(KGraphError, OSError):
    """An output folder kgraph cannot write to (a file stands where the folder would be); the message names it."""


class SettingError(KGraphError, ValueError):
    """A setting kgraph cannot use ("jobs=0"); the message names it and what it must be."""


class _NotFound(KGraphError, KeyError):
    # KeyError's str() quotes its argument; these messages are sentences
    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class ConceptNotFound(_NotFound):
    """No concept of that name; ``candidates`` holds the closest labels (none: no name is close).

    Examples
    --------
    >>> err = ConceptNotFound("quantum toasters", ["quantum computing"])
    >>> str(err), isinstance(err, KeyError)
    ("no concept 'quantum toasters'; closest: quantum computing", True)
    >>> str(ConceptNotFound("quantum toasters", []))
    "no concept 'quantum toasters'; no concept's name is close"
    """

    def __init__(self, name: str, candidates: list[str], hint: str = ""):
        self.name = name
        self.candidates = candidates
        hint = hint or (f"; closest: {', '.join(candidates)}" if candidates else "; no concept's name is close")
        super().__init__(f"no concept {name!r}{hint}")


class PaperNotFound(_NotFound):
    """No paper, or more than one, matches; ``candidates`` lists the matches when ambiguous."""

    def __init__(self, message: str, candidates: list[str] | None = None):
        self.candidates = candidates or []
        super().__init__(message)


class ModelNotFound(KGraphError):
    """The tagger model folder is missing or incomplete (``kgraph train`` writes it)."""


class MissingExtra(KGraphError, ImportError):
    """An optional feature needs packages that are not installed; the message gives the install command."""
