from pathlib import Path


def test_help_lists_commands(run):
    out = run("--help")
    assert out.returncode == 0
    for name in ("init", "compile", "check", "lint", "hooks", "demo"):
        assert name in out.stdout


def test_init_compile_check_roundtrip(cli, tmp_path: Path):
    code, out, _ = cli("init", "--root", "mem")
    assert code == 0 and "Created mem/ROOT.md" in out
    code, out, err = cli("check", "--root", "mem")
    assert (code, out, err) == (0, "", "")
