"""Shape of the blind SET5 labelled set (tests/dedupe_set5.py); the checks live in
tests/dedupe_set_shape.py.  Never imports the duplicate gate."""

from __future__ import annotations

import dedupe_set5
from dedupe_set_shape import SetShape


class TestSet5Shape(SetShape):
    ROWS = dedupe_set5.SET5
    SOURCE = dedupe_set5.__file__
