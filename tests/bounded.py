"""Hostile input runs in a child process with a memory and a time bound: a runaway must not take the machine down."""

import resource
import subprocess
import sys

#: Address space of the child (spaCy, onnxruntime and the model fit in well under this).
MEMORY_MB = 1536


def run_bounded(argv: list[str], *, seconds: float = 60, memory_mb: int = MEMORY_MB, cwd=None,
                env=None, input: str | None = None) -> subprocess.CompletedProcess:
    """Run ``python argv...`` with at most ``memory_mb`` of address space and ``seconds`` of wall time.

    A child past its time is killed and the test fails with ``subprocess.TimeoutExpired``;
    past its memory it fails with MemoryError in the child (a non-zero exit and a traceback).
    """

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))

    return subprocess.run([sys.executable, *argv], capture_output=True, text=True, timeout=seconds,
                          preexec_fn=limit, cwd=cwd, env=env, input=input)
