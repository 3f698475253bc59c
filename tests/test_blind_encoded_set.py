"""The blind encoded-secrets set (bench/secrets_blind_encoded.py) is well formed.

These check the set, not the scanner: a wrong label would make the bench's figures lie.
"""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "secrets_blind_encoded.py"


def load():
    spec = importlib.util.spec_from_file_location("secrets_blind_encoded", BENCH)
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_the_set_is_deterministic_and_large_enough() -> None:
    m = load()
    a, b = m.build(), m.build()
    assert [(c.name, c.text) for c in a] == [(c.name, c.text) for c in b]
    pos = [c for c in a if c.group == "pos"]
    neg = [c for c in a if c.group == "neg"]
    assert len(neg) >= len(pos) >= 100
    assert len({c.name for c in a}) == len(a)


def test_every_positive_hides_its_token_and_marks_the_encoded_line() -> None:
    m = load()
    for c in m.build():
        if c.group != "pos":
            continue
        lines = c.text.split("\n")
        assert c.lines and all(1 <= n <= len(lines) and lines[n - 1].strip() for n in c.lines), c.name
        if c.context == "json-escaped-cn-key":      # the *name* is the encoded part there
            continue
        token = c.sensitive[0]
        # the token never appears unencoded, so a finding can only come from decoding
        assert token not in c.text, c.name
        # ... and an encoded form of it sits on a marked line
        encoded = c.sensitive[1:] or [token]
        marked = "\n".join(lines[n - 1] for n in sorted(c.lines))
        if c.encoding.startswith("invisible"):
            invisible = "".join(map(chr, [*range(0x200B, 0x2010), *range(0x2060, 0x2065), 0xFEFF, 0x00AD, 0x180E]))
            assert any(ch in marked for ch in invisible), c.name
        else:
            assert any(e in marked or e[:40] in marked for e in encoded), c.name


def test_the_generator_source_holds_no_token() -> None:
    # our own gate (and so the pre-commit hook) must stay quiet on the file: tokens are built at run time
    p = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", str(BENCH)], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


def test_a_written_set_is_labelled(tmp_path: Path) -> None:
    m = load()
    cases = m.build()
    notes = m.write(cases, tmp_path / "set")
    files = sorted(p.name for p in notes.iterdir())
    assert files == sorted(f"{c.name}.md" for c in cases)
    assert all(f.split("-", 1)[0] in {"pos", "neg", "ctl", "amb", "unc"} for f in files)
    assert (tmp_path / "set" / "labels.json").is_file()
