"""The `odsgen` console script: what runs before the command line's modules load.

Importing `generator.cli` loads the runtime and the dialects, which takes a moment.
A Ctrl-C in that moment would otherwise end in a traceback through the import
machinery; here it ends with the same one line and exit status as a Ctrl-C
anywhere later (`odsgen opt: interrupted`, 130).
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

_COMMANDS = ("opt", "generate", "records", "convert", "import", "run")


def _interrupted_while_starting(signum: int, frame: FrameType | None) -> None:
    command = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] in _COMMANDS else ""
    name = f"odsgen {command}" if command else "odsgen"
    os.write(2, f"{name}: interrupted\n".encode())
    os._exit(128 + signal.SIGINT)


def main() -> int:
    """Load the command line with interrupts handled, then run it."""
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        # Started with interrupts ignored (a background job of a shell without job
        # control, `nohup`): they stay ignored, as for any program.
        from generator.cli import main as cli_main

        return cli_main()
    signal.signal(signal.SIGINT, _interrupted_while_starting)
    from generator.cli import main as cli_main

    # From here on Ctrl-C raises `KeyboardInterrupt`, which each command handles
    # where it can clean up.
    signal.signal(signal.SIGINT, previous)
    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
