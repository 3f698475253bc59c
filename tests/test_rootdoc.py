"""rootdoc: reading ROOT.md's hand-written sections and compiled tables, and index.md lines,
checked against what compile itself renders."""
from __future__ import annotations

from pathlib import Path

import pytest
from memtree import write_entry

from memsync import rootdoc
from memsync.build import compile_root, init_root
from memsync.roots import Root

ROOT_MD = """# Memory

## Current goal

<!-- a comment -->
Ship the agent layer.

## Iron rules

<!-- Hard requirements only a person writes. -->
- Never force-push.
- 发布前必须跑完整测试。

### A sub-heading stays in the section
- nested rule

## Directory
"""


@pytest.mark.parametrize("text, names, expected", [
    (ROOT_MD, rootdoc.IRON_RULES, "- Never force-push.\n- 发布前必须跑完整测试。\n\n### A sub-heading stays in the section\n- nested rule"),
    (ROOT_MD, rootdoc.GOAL, "Ship the agent layer."),
    ("# M\n## 铁规则\n- 不许删库\n## 其他\nx\n", rootdoc.IRON_RULES, "- 不许删库"),
    ("# M\n## IRON RULES ##\r\n- shout\r\n", rootdoc.IRON_RULES, "- shout"),
    ("# M\n## Iron rules\n<!-- only a comment -->\n\n## Next\n", rootdoc.IRON_RULES, ""),
    ("# M\nno sections at all\n", rootdoc.IRON_RULES, ""),
])
def test_sections(text: str, names: tuple[str, ...], expected: str) -> None:
    assert rootdoc.section(text, names) == expected


def test_tables_and_index_lines_read_back_what_compile_writes(tmp_path: Path) -> None:
    root = tmp_path / "m"
    init_root(Root.at(root), ["facts", "pitfalls"])
    write_entry(root, "facts/a", "pipe | and back\\slash <tag>", load_when=["x|y", "Ünïcode", "部署"], pinned=True)
    write_entry(root, "facts/b", "plain", load_when=["部署"])
    write_entry(root, "pitfalls/c", "old", superseded_by="facts/b")
    write_entry(root, "facts/b--conflict-1234567", "other device", conflict_of="facts/b")
    (root / "facts" / "b.md").write_text((root / "facts" / "b.md").read_text().replace(
        "load_when:", "supersedes:\n  - pitfalls/c\nload_when:"))
    compile_root(Root.at(root))
    root_md = (root / "ROOT.md").read_text()
    assert [t for t, _ in rootdoc.routing(root_md)] == ["x|y", "Ünïcode", "部署"]
    assert rootdoc.routing(root_md, links=True)[2] == ("部署", ["facts/a", "facts/b"])  # compile's order: by folded key
    lines = rootdoc.index_lines("facts", (root / "facts" / "index.md").read_text())
    assert lines[0] == rootdoc.Line("facts/a", "pipe | and back\\slash <tag>", True, False)
    assert [(ln.id, ln.conflict) for ln in lines] == [("facts/a", False), ("facts/b--conflict-1234567", True),
                                                     ("facts/b", False)]
    assert rootdoc.index_lines("pitfalls", (root / "pitfalls" / "index.md").read_text()) == []  # superseded only


def test_malformed_regions_read_as_empty() -> None:
    broken = "<!-- memsync:begin routing -->\n| When | Load |\n"
    assert rootdoc.routing(broken) == []
