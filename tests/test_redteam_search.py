"""Red team 5: search as an oracle. An entry written past the secret gate (by hand, or received
by a sync) may hold a token; every answer masks it, and search must not confirm it piece by piece."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from searchkit import write_entry

TAIL = "Vx7Kp2Lq9Zt4Wm8Nc3Rb6Yh1Jd5Gf0Su2Ea9"
TOKEN = "ghp_" + TAIL


@pytest.fixture
def mem(tmp_path: Path) -> Path:
    root = tmp_path / "mem"
    write_entry(root, "facts/ci-token.md", "the CI deploy credentials", f"The deploy token is {TOKEN} for now.\n")
    write_entry(root, "facts/other.md", "deploy steps", "Run the deploy script.\n")
    return root


@pytest.mark.parametrize("guess", [TAIL[:4], TAIL[:12], TAIL, TOKEN, f"token {TAIL[:6]}"],
                         ids=["prefix-4", "prefix-12", "tail", "whole", "with-a-word"])
def test_search_does_not_confirm_a_secret_by_its_prefix(cli, mem: Path, guess: str) -> None:
    """Before: the index held the token's words, and a query word of 3+ characters also matches as
    the start of a longer one: 'vx7k' found the entry, 'vx7kp' too… — the secret could be read one
    character at a time by anyone (or any model, through memory_recall) who can search."""
    code, out, err = cli("search", "--root", str(mem), "--json", "--", guess)
    hits = json.loads(out)["hits"] if out.strip() else []
    if guess.startswith("token"):  # found by its other word, and nothing says the guess matched
        assert [h["id"] for h in hits] == ["facts/ci-token"], err
        assert list(hits[0]["matched"]) == ["token"]
    else:
        assert code == 1 and hits == [], out
    assert TAIL[:6] not in json.dumps(hits) + err  # the query itself is quoted back: it is the user's


def test_an_entry_holding_a_secret_is_still_found_by_its_words(cli, mem: Path) -> None:
    code, out, err = cli("search", "--root", str(mem), "--json", "--", "credentials")
    [hit] = json.loads(out)["hits"]
    assert code == 0 and hit["id"] == "facts/ci-token" and TAIL[:8] not in out
