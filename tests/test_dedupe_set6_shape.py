"""Shape of the blind SET6 labelled set (tests/dedupe_set6.py); the checks live in
tests/dedupe_set_shape.py.  Never imports the duplicate gate."""

from __future__ import annotations

import dedupe_set6
from dedupe_set_shape import SetShape


class TestSet6Shape(SetShape):
    ROWS = dedupe_set6.SET6
    SOURCE = dedupe_set6.__file__
