"""Shape of the blind SET4 labelled set (tests/dedupe_set4.py); the checks live in
tests/dedupe_set_shape.py.  Never imports the duplicate gate."""

from __future__ import annotations

import dedupe_set4
from dedupe_set_shape import SetShape


class TestSet4Shape(SetShape):
    ROWS = dedupe_set4.SET4
    SOURCE = dedupe_set4.__file__
