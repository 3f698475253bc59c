"""Named points in a sync where a test can make it wait, to kill it there or act meanwhile.

``MEMSYNC_SYNC_PAUSE=phase[:seconds]`` makes the sync print ``memsync: pausing at
phase`` to stderr and sleep at that point; unset (always, outside tests) it costs
one environment lookup.
"""
from __future__ import annotations

import os
import sys
import time

PAUSE_ENV = "MEMSYNC_SYNC_PAUSE"


def pause(phase: str) -> None:
    wanted = os.environ.get(PAUSE_ENV, "")
    name, _, seconds = wanted.partition(":")
    if name == phase:
        sys.stderr.write(f"memsync: pausing at {phase}\n")
        sys.stderr.flush()
        time.sleep(float(seconds or 30))
