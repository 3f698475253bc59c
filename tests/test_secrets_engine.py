"""The scanning engine and library gate: API contract, opt-outs, streaming, encodings, bad inputs."""
from __future__ import annotations

import codecs
import dataclasses
import os
import random
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from bench.secrets_corpus import FAKES, pem
from memsync.cli import exit_code
from memsync.errors import EXIT_USAGE, MemsyncError
from memsync.secrets import (
    ALLOW_FILE,
    Finding,
    load_allowlist,
    scan_bytes,
    scan_file,
    scan_text,
)
from memsync.secrets.batch import scan_files
from memsync.secrets.finding import mask
from memsync.secrets.scanner import CHUNK, CONTEXT, OVERLAP, scan_stream

REPO = Path(__file__).resolve().parent.parent


def token(kind: str = "github-pat", seed: int = 0) -> str:
    return FAKES[kind](random.Random(seed))


def test_library_contract() -> None:
    secret = token()
    findings = scan_text(f"first line\nCI uses {secret} nightly\n", "facts/ci.md")
    assert findings == [Finding("facts/ci.md", 2, 9, "github-pat", "ghp_*** (40 chars)", findings[0].fingerprint)]
    f = findings[0]
    assert f.format() == "facts/ci.md:2:9: github-pat: ghp_*** (40 chars)"
    assert len(f.fingerprint) == 32 and int(f.fingerprint, 16) >= 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.line = 3  # type: ignore[misc]
    assert scan_bytes(f"x {secret}".encode(), "a.md")[0].fingerprint == f.fingerprint  # same secret, same hash
    assert scan_text("nothing to see") == []


def test_importing_the_package_loads_no_rules_or_heavy_modules() -> None:
    code = ("import sys, memsync.secrets; "
            "print(sorted(m for m in ('memsync.secrets.rules', 'memsync.secrets.keywords', 'dulwich', 'sqlite3', "
            "'yaml', 'hashlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(REPO)), check=True)
    assert out.stdout.strip() == "[]"


def test_mask_shows_a_short_prefix_and_the_length_only() -> None:
    assert mask(b"ghp_" + b"a" * 36) == "ghp_*** (40 chars)"
    assert mask(b"Xy7!pQ2zLm") == "Xy*** (10 chars)"
    assert mask(b"abcdefg") == "a*** (7 chars)"
    assert mask(b"\xff\xfe" + b"z" * 30).endswith("(32 chars)")


def test_fingerprint_depends_on_rule_and_secret_not_on_place() -> None:
    a, b = token(seed=1), token(seed=2)
    fa = scan_text(f"x {a}")[0].fingerprint
    assert scan_text(f"\n\n   y {a}", "elsewhere.md")[0].fingerprint == fa
    assert scan_text(f"x {b}")[0].fingerprint != fa
    leaked = a in fa or a[4:12] in fa
    assert not leaked


def test_inline_marker_opts_out_one_line_only() -> None:
    a, b = token(seed=1), token(seed=2)
    text = f"fixture {a}  <!-- memsync: allow-secret -->\nreal {b}\n"
    assert [(f.line, f.rule) for f in scan_text(text)] == [(2, "github-pat")]
    block = pem(random.Random(3), "rsa").replace("-----\n", "----- # memsync: allow-secret\n", 1)
    assert scan_text(block) == []


def test_allowlist_file_and_parameter(tmp_path: Path) -> None:
    a, b = token(seed=1), token(seed=2)
    fa = scan_text(a)[0].fingerprint
    (tmp_path / ALLOW_FILE).write_text(f"# test fixtures\n\n{fa}  # github-pat in fixtures.md\n", encoding="utf-8")
    allowed = load_allowlist(tmp_path)
    assert allowed == frozenset({fa})
    assert [f.line for f in scan_text(f"{a}\n{b}\n", allowlist=allowed)] == [2]
    assert load_allowlist(tmp_path / "missing") == frozenset()


def test_malformed_allowlist_is_an_error_that_never_echoes_the_line(tmp_path: Path) -> None:
    secret = token()
    (tmp_path / ALLOW_FILE).write_text(f"# ok\n{secret}\n", encoding="utf-8")
    with pytest.raises(MemsyncError) as info:
        load_allowlist(tmp_path)
    assert info.value.line == 2 and exit_code(info.value) == EXIT_USAGE
    leaked = secret in str(info.value)
    assert "fingerprint" in str(info.value) and not leaked


def _png(chunk: bytes) -> bytes:
    """A small PNG-like file: signature, an IHDR chunk, a tEXt chunk holding ``chunk``, IEND."""
    return (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0" + bytes(range(256))
            + b"\0\0\0\x30tEXtComment\0" + chunk + b"\0\0\0\0IEND\xaeB`\x82")


# (name, bytes with the token at "{t}", line and column of the finding or None for "anywhere")
BINARY_CASES = [
    ("one-nul-byte", lambda t: f"first line\nCI uses {t}\0 and more\n".encode(), (2, 9)),
    ("nul-before-8000", lambda t: b"\0" + f"\nnote {t}\n".encode(), (2, 6)),
    ("nul-after-8000", lambda t: b"x" * 9000 + f"\nnote {t}\n".encode() + b"\0", (2, 6)),
    ("utf16-le-no-bom", lambda t: f"第一行\n令牌：{t}\n".encode("utf-16-le"), (2, 4)),
    ("utf16-be-no-bom", lambda t: f"line one\ntoken {t}\n".encode("utf-16-be"), (2, 7)),
    ("utf16-le-bom", lambda t: codecs.BOM_UTF16_LE + f"x\n令牌：{t}\n".encode("utf-16-le"), (2, 4)),
    ("utf16-be-bom", lambda t: codecs.BOM_UTF16_BE + f"x\ntoken {t}\n".encode("utf-16-be"), (2, 7)),
    ("png-text-chunk", lambda t: _png(t.encode()), None),
    ("binary-with-utf16-run", lambda t: random.Random(5).randbytes(3000) + f" key={t} ".encode("utf-16-le")
     + bytes(64), None),
    ("binary-with-ascii-run", lambda t: random.Random(6).randbytes(5000) + b"\0" + t.encode() + b"\0"
     + random.Random(7).randbytes(5000), None),
]


@pytest.mark.parametrize("name,make,where", BINARY_CASES, ids=[c[0] for c in BINARY_CASES])
def test_nothing_escapes_the_scanner_as_binary(tmp_path: Path, name: str, make, where) -> None:
    secret = token()
    data = make(secret)
    path = tmp_path / "entry.md"
    path.write_bytes(data)
    whole = scan_bytes(data, "entry.md")
    streamed = scan_file(path, "entry.md")
    batched, scanned, errors = scan_files([(str(path), "entry.md", frozenset())])
    for findings in (whole, streamed, batched):
        assert [f.rule for f in findings] == ["github-pat"], (name, [f.format() for f in findings])
        leaked = secret in findings[0].format() or secret[4:20] in findings[0].masked
        assert not leaked
        if where is not None:
            assert (findings[0].line, findings[0].col) == where
    assert whole == streamed == batched and scanned == 1 and errors == []


def test_invalid_utf8_is_scanned_and_random_binary_raises_nothing() -> None:
    secret = token().encode()
    findings = scan_bytes(b"\xc3( " + secret + b" \xe9\x80\n\xa0", "latin.md")  # broken sequences around it
    assert [(f.rule, f.line, f.col) for f in findings] == [("github-pat", 1, 4)]
    noise = random.Random(8).randbytes(1 << 20)
    assert scan_bytes(noise, "noise.bin") == []
    assert scan_bytes(_png(b"no secret in here, only a comment"), "logo.png") == []


def test_utf16_without_bom_streams_across_chunk_edges(tmp_path: Path) -> None:
    """A UTF-16 file longer than a read window: tokens placed across the window edges are
    found once each, as in the decoded text."""
    secrets = [token(seed=i) for i in range(3)]
    text = ("部署说明 note line\n" * (CHUNK // 40)).join(f"token {s}\n" for s in secrets)
    data = text.encode("utf-16-le")
    path = tmp_path / "wide.md"
    path.write_bytes(data)
    expected = scan_text(text, "wide.md")
    assert len(expected) == 3
    assert scan_file(path, "wide.md") == expected == scan_bytes(data, "wide.md")


def test_lone_surrogates_in_text_do_not_crash() -> None:
    secret = token()
    assert [f.rule for f in scan_text(f"\ud800 {secret} \udfff")] == ["github-pat"]


def _edges() -> list[int]:
    """Offsets where the streamer cuts: reads (k * CHUNK), report limits (k * CHUNK - OVERLAP)
    and window starts (k * CHUNK - OVERLAP - CONTEXT)."""
    return [k * CHUNK - back for k in (1, 2) for back in (0, OVERLAP, OVERLAP + CONTEXT)]


@pytest.mark.parametrize("newlines", [True, False], ids=["lines", "one-giant-line"])
def test_streamed_file_matches_whole_buffer_across_chunk_edges(tmp_path: Path, newlines: bool) -> None:
    unit = b"ab \xe9\x83\xa8" + (b"\n" if newlines else b" ")  # 7 bytes, one of them a CJK character
    data = bytearray((unit * (3 * CHUNK // len(unit) + 1))[: 3 * CHUNK])
    starts = []
    for i, edge in enumerate(_edges()):
        at = edge - 20 - (edge - 20) % len(unit)  # whole units are replaced: no UTF-8 sequence is cut
        secret = token(seed=i).encode()
        data[at:at + 49] = (b" " + secret).ljust(49)
        assert at + 1 < edge < at + 1 + len(secret)  # the token straddles the edge
        starts.append(at + 1)
    starts.sort()
    path = tmp_path / "big.md"
    path.write_bytes(bytes(data))
    streamed = scan_file(path, "big.md")
    assert streamed == scan_bytes(bytes(data), "big.md")
    assert len(streamed) == len(starts)
    for f, at in zip(streamed, starts):
        assert f.line == bytes(data[:at]).count(b"\n") + 1
        line_start = bytes(data).rfind(b"\n", 0, at) + 1
        assert f.col == len(bytes(data[line_start:at]).decode("utf-8")) + 1


def test_streaming_holds_a_bounded_amount_in_memory(tmp_path: Path) -> None:
    line = "The deploy uses pnpm because the lockfile is shared. 部署脚本用pnpm。\n".encode()
    path = tmp_path / "huge.md"
    with path.open("wb") as out:
        for _ in range(8):
            out.write(line * (CHUNK // len(line)))
        out.write(f"token {token()}\n".encode())
    size = path.stat().st_size
    scan_text("warm up")  # build the rules before measuring
    tracemalloc.start()
    try:
        findings = scan_file(path, "huge.md")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [f.rule for f in findings] == ["github-pat"]
    assert peak < 5 * CHUNK < size


def test_pipe_reader_with_short_reads_gives_the_same_findings() -> None:
    data = ("\n".join(f"line {i} {token(seed=i)}" for i in range(50))).encode()
    pieces = [data[i:i + 1000] for i in range(0, len(data), 1000)]

    def read(_: int) -> bytes:
        return pieces.pop(0) if pieces else b""

    assert scan_stream(read, "pipe") == scan_bytes(data, "pipe")


@pytest.mark.parametrize("kind", ["missing", "directory", "symlink", "fifo"])
def test_scan_file_refuses_what_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "secret.md"
    target.write_text(f"token {token()}\n", encoding="utf-8")
    path = tmp_path / "x.md"
    if kind == "directory":
        path.mkdir()
    elif kind == "symlink":
        path.symlink_to(target)
    elif kind == "fifo":
        os.mkfifo(path)
    with pytest.raises(MemsyncError) as info:
        scan_file(path, "x.md")
    expected = {"missing": "no such file", "directory": "is a directory", "symlink": "is a symlink; not followed",
                "fifo": "is not a regular file"}[kind]
    assert expected in str(info.value) and str(info.value).startswith("x.md: ")
    assert exit_code(info.value) == EXIT_USAGE


def test_parallel_scan_equals_serial_scan(tmp_path: Path) -> None:
    items = []
    for i in range(40):
        path = tmp_path / f"n{i:02d}.md"
        body = f"note {i}\n" + (f"key: {token(seed=i)}\n" if i % 3 == 0 else "plain\n")
        path.write_text(body, encoding="utf-8")
        items.append((str(path), f"n{i:02d}.md", frozenset()))
    (tmp_path / "big.md").write_bytes(b"x\n" * CHUNK + f"{token(seed=99)}\n".encode())
    (tmp_path / "bin.png").write_bytes(b"\0PNG" + token(seed=98).encode())
    items += [(str(tmp_path / "big.md"), "big.md", frozenset()), (str(tmp_path / "bin.png"), "bin.png", frozenset()),
              (str(tmp_path / "gone.md"), "gone.md", frozenset())]
    serial = scan_files(items)
    assert serial == scan_files(items, workers=2) == scan_files(items, workers=3)
    findings, scanned, errors = serial
    assert [f.path for f in findings] == [f"n{i:02d}.md" for i in range(0, 40, 3)] + ["big.md"]
    assert scanned == 42 and errors == ["gone.md: no such file or directory"]


@pytest.mark.parametrize("unit", [
    "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3f ",  # one character short
    "AKIAQRST", "password: pass token= key: secret:",
    "eyJ" + "a" * 300 + ".eyJ" + "b" * 30 + " ", "postgres://" + "u" * 60 + ":" + "p" * 250 + " ",
    "-----BEGIN RSA PRIVATE KEY----- ", "." + "a" * 6 + "." + "b" * 26 + " ", "_-.:~Q~:AA-----",
    "密码：密钥：令牌：口令是凭据为", "sk-ant-!glpat-!xoxb-1!AIza!AKIA!hf_!npm_!dop_v1_!hvs.!SG.!eyJ!",
    # the readers for assignment syntaxes and credential shapes
    'var apiToken string = "x" <password>\n <add key="Password" value=" $token .= "a" - name: X_TOKEN\n ',
    "curl -u a:b docker login -p x mysql -p --password x -a x -P x --token ", "kind: Secret\ndata:\n  password: cGFzcw==\n",
    "machine h login u password p //h/:_authToken=x ENV X_TOKEN y ", "Authorization: Token x PuTTY-User-Key-File-3: ",
    "sgp_ squ_ ntn_ pat-na1- dckr_pat_ gsk_ xai- r8_ pplx- whsec_ EAA AKID AKLT ya29. sl. LS0tLS1CRUdJTi IBAzCC ",
])
def test_near_match_storms_find_nothing(unit: str) -> None:
    data = (unit * (65536 // len(unit) + 1)).encode()[:65536]
    assert scan_bytes(data, "storm.md") == []


def test_every_rule_id_is_documented() -> None:
    from memsync.secrets.scanner import rule_ids

    doc = (REPO / "docs" / "secrets.md").read_text(encoding="utf-8")
    missing = [rule for rule in rule_ids() if f"`{rule}`" not in doc]
    assert missing == [] and len(rule_ids()) > 40


def test_the_quick_alternation_finds_what_the_passes_find(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short texts are first searched with one alternation of every pass (scanner.QUICK): it may
    only say "nothing here" where the passes find nothing."""
    from test_secrets_gaps import DOTTED_SECRETS, LOOK_ALIKE_TOKENS
    from test_secrets_rules import ASSIGNMENTS, FALSE_ALARMS, NEAR_MISSES, SECRET_ASSIGNMENTS, VENDOR, fake, password

    from memsync.secrets import scanner

    rng = random.Random(7)
    texts = [f"the key is {fake(kind)} ok" for kind, _ in VENDOR]
    texts += [t.format(v=password(rng), h="0123456789abcdef0123456789abcdef") for t in ASSIGNMENTS + SECRET_ASSIGNMENTS]
    texts += [template.format(password(rng)) for template, _rule in DOTTED_SECRETS]
    texts += [f"GITHUB_TOKEN={token}" for _id, token, _encoding in LOOK_ALIKE_TOKENS]
    texts += list(NEAR_MISSES) + list(FALSE_ALARMS) + ["", "deploy with pnpm", "密码策略：至少 12 位"]
    texts = [t.upper() if i % 7 == 3 else t for i, t in enumerate(texts)]  # the lower-cased passes too
    texts = [t for t in texts if len(t.encode("utf-8", "surrogatepass")) <= scanner.QUICK]  # a few fakes are long
    monkeypatch.setattr(scanner, "QUICK", -1)
    without = [scanner.find_hits(t.encode("utf-8", "surrogatepass")) for t in texts]
    monkeypatch.setattr(scanner, "QUICK", 1 << 10)
    monkeypatch.setattr(scanner, "_quick_state", [scanner.CHECKS + 1, None])
    with_quick = [scanner.find_hits(t.encode("utf-8", "surrogatepass")) for t in texts]
    assert scanner._quick_state[1] is not None  # the alternation was used
    assert with_quick == without
    assert sum(bool(h) for h in without) >= len(VENDOR) + len(ASSIGNMENTS)  # the table holds real findings


# A note saved in a legacy CJK encoding: the key word (密码, パスワード, 비밀번호) is not UTF-8 there.
PASSWORD = "Xq7#kLp2Vw9!zR"
LEGACY_CASES = [
    ("gbk", "数据库\n数据库密码：{}\n", (2, 7), "password-assignment"),
    ("gbk", "登录账号 admin，密码 {}\n", (1, 15), "password-assignment"),
    ("gb18030", "备注\n密钥：{}\n", (2, 4), "secret-assignment"),
    ("big5", "資料庫\n口令：{}\n", (2, 4), "password-assignment"),
    ("shift_jis", "メモ\nパスワード：{}\n", (2, 7), "password-assignment"),
    ("euc_jp", "メモ\nパスワード：{}\n", (2, 7), "password-assignment"),
    ("euc_kr", "메모\n비밀번호: {}\n", (2, 7), "password-assignment"),
]


@pytest.mark.parametrize("encoding,template,where,rule", LEGACY_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(LEGACY_CASES)])
def test_a_note_in_a_legacy_cjk_encoding_is_decoded(tmp_path: Path, encoding: str, template: str,
                                                    where: tuple[int, int], rule: str) -> None:
    data = template.format(PASSWORD).encode(encoding)
    assert scan_text(data.decode("utf-8", "replace")) == []  # read as UTF-8 the key is gone
    path = tmp_path / "note.txt"
    path.write_bytes(data)
    whole = scan_bytes(data, "note.txt")
    streamed = scan_file(path, "note.txt")
    batched, scanned, errors = scan_files([(str(path), "note.txt", frozenset())])
    assert whole == streamed == batched and scanned == 1 and errors == []
    assert [(f.rule, f.line, f.col, f.masked) for f in whole] == [(rule, *where, f"Xq*** ({len(PASSWORD)} chars)")]


def test_a_legacy_encoded_file_keeps_its_ascii_findings_once_and_grows_past_a_window(tmp_path: Path) -> None:
    secret = token()
    text = "说明\n" * (CHUNK // 4) + f"令牌 {secret}\n密码：{PASSWORD}\n"
    data = text.encode("gbk")
    assert len(data) > CHUNK
    path = tmp_path / "big.txt"
    path.write_bytes(data)
    lines = CHUNK // 4
    found = scan_file(path, "big.txt")
    assert [(f.rule, f.line) for f in found] == [("github-pat", lines + 1), ("password-assignment", lines + 2)]
    assert found == scan_bytes(data, "big.txt")


@pytest.mark.parametrize("data", [
    "普通的说明文字，没有任何凭据。\n部署用 pnpm。\n".encode("gbk"),
    "設定ファイルの説明です。\n".encode("shift_jis"),
    "café crème, naïve façade\n".encode("latin-1"),  # not CJK: no decoding tried that finds anything
    "密码在 vault 里，不写在这里\n".encode("gbk"),
])
def test_legacy_encoded_text_without_a_secret_stays_clean(data: bytes) -> None:
    assert scan_bytes(data, "note.txt") == []


def test_the_cli_reports_a_gbk_note_masked(tmp_path: Path) -> None:
    note = tmp_path / "运维笔记.txt"
    note.write_bytes(f"生产库\n数据库密码：{PASSWORD}\n".encode("gbk"))
    done = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", str(note)], capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stdout == f"{note}:2:7: password-assignment: Xq*** ({len(PASSWORD)} chars)\n"
    assert PASSWORD not in done.stdout + done.stderr and PASSWORD[2:10] not in done.stdout + done.stderr


# A file whose name says key and whose whole content is one random token (Rails' master.key).
MASTER_KEY = "8f3a9c2e7b1d4f6a0e5c8b2d9a7f3e1c"
MONGO_KEYFILE = "\n".join(MASTER_KEY[i % 32:] + MASTER_KEY[:i % 32] for i in range(12)) + "\n"


@pytest.mark.parametrize("name,content,where,masked", [
    ("config/master.key", MASTER_KEY + "\n", (1, 1), "8f3a*** (32 chars)"),
    ("config/credentials/production.key", MASTER_KEY, (1, 1), "8f3a*** (32 chars)"),
    ("keys/App.KEY", "  " + MASTER_KEY + "\n", (1, 3), "8f3a*** (32 chars)"),
    ("mongodb-keyfile", MONGO_KEYFILE, (1, 1), "8f3a*** (384 chars)"),
])
def test_a_key_file_holding_one_token_is_a_finding_whole_streamed_batched_and_staged(
        tmp_path: Path, name: str, content: str, where: tuple[int, int], masked: str) -> None:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    whole = scan_bytes(content.encode(), name)
    batched, scanned, errors = scan_files([(str(path), name, frozenset())])
    assert whole == scan_file(path, name) == batched and errors == []
    assert [(f.rule, f.line, f.col, f.masked) for f in whole] == [("key-file", *where, masked)]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", name], check=True)
    done = subprocess.run([sys.executable, "-m", "memsync", "secrets", "scan", "--staged"], capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (1, f"{name}:{where[0]}:{where[1]}: key-file: {masked}\n"), done.stderr
    assert MASTER_KEY[4:20] not in done.stdout + done.stderr


@pytest.mark.parametrize("name,content", [
    ("config/master.key", "0" * 32),  # a filler
    ("config/master.key", "your-master-key-here\n"),  # a placeholder
    ("config/master.key", "12345678901234567890123456789012"),  # digits only: a number
    ("config/master.key", "abcdefghijklmnopqrstuvwxyzabcdef"),  # letters only: a word run
    ("config/master.key", "# the key lives in 1Password, not here\n"),  # prose
    ("config/master.key", "8f3a9c2e"),  # too short for a key
    ("notes.md", MASTER_KEY),  # another name: a hex digest in a note is no secret
    ("commit.sha", MASTER_KEY + "abcd1234"),
    ("config/jwt/public.key", "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1Lf\n"
                              "-----END PUBLIC KEY-----\n"),  # a public key is no secret
    ("release.key", "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBGXfQk8BEAC7x9Qw2vL\n=AbCd\n"
                    "-----END PGP PUBLIC KEY BLOCK-----\n"),
])
def test_key_files_without_a_key_and_hex_elsewhere_stay_clean(tmp_path: Path, name: str, content: str) -> None:
    path = tmp_path / "f"
    path.write_text(content)
    assert scan_bytes(content.encode(), name) == [] == scan_file(path, name)
