"""Secrets split by terminal control (memsync/secrets/encoded.py, encoding "control"): C0
control characters, DEL, a carriage return alone, and ANSI CSI / OSC sequences inside a
token (``grep --color`` output, a pasted terminal transcript, a stray NUL) are dropped when
scanning, the way invisible characters are; the finding sits at the token's first character
with the plain finding's rule, mask and fingerprint, and ``redact`` masks the whole span.
Coloured logs, CRLF text and transcripts without a secret stay silent, and text without a
control byte never reaches the control pass."""
from __future__ import annotations

import json
import random

import pytest

from bench.secrets_corpus import FAKES
from memsync.secrets import encoded, scan_bytes, scan_text
from memsync.secrets.gate import redact
from memsync.secrets.scanner import find_hits

RED, OFF = "\x1b[01;31m\x1b[K", "\x1b[m\x1b[K"  # what grep --color=always writes around a match
KINDS = ("github-pat", "aws-access-key-id", "slack-bot-token", "openai-api-key", "anthropic-api-key",
         "stripe-secret-key", "google-api-key", "npm-token", "gitlab-pat", "jwt")
PASSWORD = "Xq7ZkP2mW9vR4tL8sN"
# (name, what goes in at the cut: a function of the text before and after it)
SPLITS = (
    ("nul", lambda a, b: a + "\x00" + b),
    ("backspace", lambda a, b: a + "\x08" + b),
    ("del", lambda a, b: a + "\x7f" + b),
    ("lone-cr", lambda a, b: a + "\r" + b),
    ("bel-vt-ff", lambda a, b: a + "\x07\x0b\x0c" + b),
    ("esc", lambda a, b: a + "\x1b" + b),
    ("grep-color", lambda a, b: RED + a + OFF + b),
    ("colour-inside", lambda a, b: a + "\x1b[1;32m" + b + "\x1b[0m"),
    ("sgr0", lambda a, b: a + "\x1b(B\x1b[m" + b),
    ("osc-title", lambda a, b: a + "\x1b]0;build: ok\x07" + b),
    ("osc-hyperlink", lambda a, b: a + "\x1b]8;;https://example.com/x\x1b\\" + b),
)


def token(kind: str, seed: int = 7) -> str:
    return FAKES[kind](random.Random(seed))


def cuts(secret: str) -> tuple[int, ...]:
    """Where a control goes: just after the first character, after a vendor prefix, in the
    middle, before the last character."""
    return tuple(sorted({1, 4, len(secret) // 2, len(secret) - 1}))


def no_long_piece(secret: str, shown: str) -> bool:
    """No 8-character run of ``secret`` is in ``shown`` (computed so a failure names no secret)."""
    return not any(secret[i:i + 8] in shown for i in range(len(secret) - 7))


def check(text: str, secret: str, line: int, col: int, rule: str | None = None) -> None:
    [plain] = scan_text(secret if rule is None else f"password = {secret}")
    found = scan_text(text)
    assert [(f.line, f.col, f.rule, f.encoding) for f in found] == [(line, col, plain.rule, "control")]
    assert (found[0].masked, found[0].fingerprint) == (plain.masked, plain.fingerprint)
    shown = redact(text)
    assert no_long_piece(secret, shown)
    assert plain.masked in shown
    assert no_long_piece(secret, "\n".join(f.format() for f in found))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("split", SPLITS, ids=[name for name, _ in SPLITS])
def test_a_vendor_token_split_by_a_control_is_found_and_masked(kind: str, split) -> None:
    secret = token(kind)
    for cut in cuts(secret):
        body = split[1](secret[:cut], secret[cut:])
        text = f"$ grep -rn TOKEN .\n.env:3:TOKEN={body}\nexit 0\n"
        start = text.index(body) + body.index(secret[:cut])
        check(text, secret, 2, start - text.rindex("\n", 0, start))


@pytest.mark.parametrize("split", SPLITS, ids=[name for name, _ in SPLITS])
def test_a_password_assignment_split_by_a_control_is_found_and_masked(split) -> None:
    for cut in (1, 5, 9, len(PASSWORD) - 1):
        body = split[1](PASSWORD[:cut], PASSWORD[cut:])
        text = f"notes\n\tDB_PASSWORD = {body}\n"
        check(text, PASSWORD, 2, text.index(body) + body.index(PASSWORD[:cut]) - text.index("\t") + 1, rule="password")


def test_the_reviewers_case_grep_color_in_a_tool_result() -> None:
    secret = token("github-pat", 3)
    text = f".env:3:GITHUB_TOKEN={RED}{secret[:8]}{OFF}{secret[8:]}"
    [found] = scan_text(text)
    assert (found.line, found.col, found.rule, found.encoding) == (1, len(".env:3:GITHUB_TOKEN=" + RED) + 1,
                                                                   "github-pat", "control")
    assert redact(text) == f".env:3:GITHUB_TOKEN={RED}ghp_*** (40 chars)"


def test_controls_in_several_places_of_one_token_and_several_tokens_on_a_line() -> None:
    a, b = token("github-pat", 1), token("stripe-secret-key", 2)
    text = f"{a[:6]}\x00{a[6:12]}\x08{a[12:30]}\x1b[31m{a[30:]}\x1b[0m and {b[:10]}\x7f{b[10:]}!"
    found = scan_text(text)
    assert [(f.col, f.rule, f.encoding) for f in found] == [(1, "github-pat", "control"),
                                                            (text.index(b[:10]) + 1, "stripe-secret-key", "control")]
    shown = redact(text)
    assert no_long_piece(a, shown) and no_long_piece(b, shown) and shown.endswith("!")


def test_line_and_column_in_a_file_and_through_find_hits() -> None:
    secret = token("github-pat", 5)
    data = ("# log\n\x1b[32mINFO\x1b[0m ok\n\tconfig: " + secret[:10] + "\x00" + secret[10:] + "\n").encode()
    [found] = scan_bytes(data, "log.txt")
    assert (found.line, found.col, found.encoding) == (3, 10, "control")
    [hit] = find_hits(data)
    assert data[hit[0]:hit[1]] == (secret[:10] + "\x00" + secret[10:]).encode() and hit[4] == "control"


def test_a_control_beside_a_whole_token_leaves_the_plain_finding() -> None:
    """A control next to a token, not inside it: the plain finding stands (its span, no
    encoding), but for a control sequence ending in a letter glued to the token's first."""
    secret = token("github-pat", 4)
    for text in (f"\x1b[1mkey:\x1b[0m {secret}\x1b[0m", f"\x00{secret}\x07", f"{secret}\r", f"x\x08 {secret}"):
        [found] = scan_text(text)
        assert (found.rule, found.encoding, found.col) == ("github-pat", "", text.index(secret) + 1)
        assert no_long_piece(secret, redact(text))
    # a colour (ESC[1m) or grep's ESC[K glues a letter to the token's left, so the plain rule
    # reads past the token; read without the sequence, it is found
    for before in (RED, "\x1b[1m"):
        text = f"{before}{secret}{OFF}"
        [found] = scan_text(text)
        assert (found.rule, found.encoding, found.col) == ("github-pat", "control", len(before) + 1)
        assert redact(text) == f"{before}ghp_*** (40 chars){OFF}"


LOOK_ALIKES = (
    "\x1b[32mINFO\x1b[0m 2024-05-01 12:00:01 server started on port 8080\n"
    "\x1b[33mWARN\x1b[0m 2024-05-01 12:00:02 cache miss for key user:4821\n"
    "\x1b[1;31mERROR\x1b[0m connection refused: retrying in 5s\n",
    "the \x1b[1mtoken\x1b[0m is kept in the \x1b[4mkeychain\x1b[0m, the \x1b[1mpassword\x1b[0m in 1Password\n",
    "export DB_PASSWORD=\x1b[33m${DB_PASSWORD}\x1b[0m\napi_key: \x1b[2m<your-api-key>\x1b[0m\n",
    "\x1b[0m\x1b[01;34msrc\x1b[0m  \x1b[01;32mbuild.sh\x1b[0m  \x1b[01;34mtests\x1b[0m  README.md\n",
    "\x1b[33mcommit 3f2a9c1e4b5d6a7f8e9d0c1b2a3f4e5d6c7b8a9f\x1b[m\nAuthor: Dev <dev@example.com>\n\n"
    "\x1b[32m+def main() -> None:\x1b[m\n\x1b[31m-    print('hello')\x1b[m\n",
    "line one\r\nsecond line, with a tab\there\r\nPASSWORD=changeme\r\ntoken: ${GITHUB_TOKEN}\r\n\r\n",
    "Downloading 10%\rDownloading 50%\rDownloading 100%\nDone in 3.2s\n",
    "$ pytest -q\r\n\x1b[32m.\x1b[0m\x1b[32m.\x1b[0m\x1b[31mF\x1b[0m\r\n\x1b[1m\x1b[31mFAILED\x1b[0m "
    "tests/test_auth.py::test_login_with_expired_session\r\n\x1b]0;user@host: ~/repo\x07$ exit\r\n",
    "Name\tValue\nalpha\t1\nbeta\t2\n\nA paragraph that goes on\nover several lines\nwith ordinary words.\n",
    "pager output: b\x08bo\x08ol\x08ld\x08d and _\x08u_\x08n_\x08d_\x08e_\x08r\n",
    "bytes: \x00\x01\x02\x03 header\x7f\x1b[?25l\x1b[2J\x1b[H screen cleared\x1b[?25h\n",
)


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_coloured_logs_crlf_and_transcripts_without_a_secret_are_silent(text: str) -> None:
    assert scan_text(text) == []
    assert redact(text) == text


def test_a_token_split_across_a_real_line_break_is_not_read_as_one() -> None:
    secret = token("github-pat", 6)
    for text in (f"{secret[:20]}\n{secret[20:]}\n", f"{secret[:20]}\r\n{secret[20:]}\r\n"):
        assert scan_text(text) == []


def test_a_batch_separator_is_not_a_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text without a control byte, CRLF text and files joined by NUL lines (a batch) never reach
    the control pass; a NUL alone on its line joins nothing."""
    calls: list[bytes] = []
    real = encoded._character_lines
    monkeypatch.setattr(encoded, "_character_lines", lambda buf, *a, **k: calls.append(buf) or real(buf, *a, **k))
    secret = token("github-pat", 8)
    plain = "note\tone\n" * 50 + f"value {secret}\n"
    for text in (plain, plain.replace("\n", "\r\n"), "\n\0\n".join([plain] * 3)):
        found = scan_text(text)
        assert found and {f.encoding for f in found} == {""}
    assert calls == []
    assert scan_text(f"{secret[:20]}\n\0\n{secret[20:]}") == []
    scan_text(f"a {secret[:20]}\x00{secret[20:]}")
    assert len(calls) == 1


def test_a_value_cut_by_an_invisible_character_is_masked_whole_too() -> None:
    """The keyword rule read only the part before the cut; the decoded finding of the same rule
    over the whole value replaces it (as for a control)."""
    text = f"\tDB_PASSWORD = {PASSWORD[:9]}\u200b{PASSWORD[9:]}\n"
    [found] = scan_text(text)
    assert (found.col, found.rule, found.encoding) == (16, "password-assignment", "invisible")
    assert found.masked == scan_text(f"password = {PASSWORD}")[0].masked
    assert no_long_piece(PASSWORD, redact(text))


ESCAPED = (  # a control written as an escape inside a string: a JSON tool call, printf, echo -e
    ("json-backspace", lambda a, b: json.dumps({"command": f"export X={a}\b{b}"})),
    ("json-nul", lambda a, b: json.dumps(f"token {a}\x00{b}")),
    ("json-lone-cr", lambda a, b: json.dumps(f"token {a}\r{b}")),
    ("json-grep-color", lambda a, b: json.dumps(f".env:3:TOKEN={RED}{a}{OFF}{b}")),
    ("c-octal", lambda a, b: f'printf "{a}\\033[0m{b}"'),
    ("c-hex", lambda a, b: f"s = b'{a}\\x1b[1m\\x00{b}'"),
    ("bash-e", lambda a, b: f'echo -e "\\e[1m{a}\\e[0m{b}"'),
    # YAML's short escapes, as a one-line value holding a control is written (summary: "a\0b")
    # (before an octal digit "\\0" reads as C's "\\0N": that cut gets YAML's other escape for it)
    ("yaml-nul", lambda a, b: f'summary: "ci token {a}\\{"0" if b[:1] not in "01234567" else "x00"}{b}"'),
    ("yaml-bel", lambda a, b: f'summary: "{a}\\a{b}"'),
    ("yaml-vt", lambda a, b: f'highlight: "{a}\\v{b}"'),
    ("yaml-esc", lambda a, b: f'load_when: ["{a}\\e{b}"]'),
)


@pytest.mark.parametrize("kind", ("github-pat", "stripe-secret-key", "slack-bot-token"))
@pytest.mark.parametrize("form", ESCAPED, ids=[name for name, _ in ESCAPED])
def test_a_token_split_by_an_escaped_control_is_found_and_masked(kind: str, form) -> None:
    secret = token(kind)
    for cut in cuts(secret):
        text = form[1](secret[:cut], secret[cut:])
        [plain] = scan_text(secret)
        found = scan_text(text)
        assert [(f.col, f.rule, f.encoding, f.masked) for f in found] == [
            (form[1]("@@@@", "####").index("@@@@") + 1, plain.rule, "control", plain.masked)]
        assert no_long_piece(secret, redact(text))


@pytest.mark.parametrize("text", (
    json.dumps({"out": "\x1b[32mok\x1b[0m 12 passed\r\nline two\r\n", "cmd": "grep -E '\\bfoo\\b' src/"}),
    r'pattern = re.compile(r"\bpassword\b\s*=\s*(\S+)")  # \f and \b here are regex syntax',
    r'printf "\033[1;32m%s\033[0m\n" "build ok"; echo -e "\e[31merror\e[0m: exit 1"',
    r'C:\example\bin\run.exe \r\n done',
    r'path C:\apps\vendor\bin and C:\data\0\x, printf "a\0b", echo -e "\a\v"',
))
def test_escaped_controls_without_a_secret_are_silent(text: str) -> None:
    assert scan_text(text) == []
