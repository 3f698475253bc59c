"""PyYAML for frontmatter: the loader for what ``simpleyaml`` cannot read, and the writer.

Kept apart from ``entry`` so that importing PyYAML (about 20 ms) is paid only
when an entry needs it: plain frontmatter, which is nearly all of it, is read
by ``simpleyaml`` alone.
"""
from __future__ import annotations

from typing import Any

import yaml

from memsync.problems import EntryError

YAMLError = yaml.YAMLError
_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class Dumper(yaml.SafeDumper):
    """Indents list items under their key, as people write frontmatter by hand."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


class _AliasError(yaml.YAMLError):
    def __init__(self, mark: Any) -> None:
        super().__init__("YAML anchors and aliases are not allowed")
        self.problem_mark = mark


class EntryLoader(_Loader):  # type: ignore[misc, valid-type]
    """Safe loader that refuses aliases and records where top-level keys sit.

    A node constructed a second time can only be reached through an alias, so
    refusing that stops "billion laughs" documents before anything expands.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.key_lines: dict[str, int] = {}
        self.duplicate_keys: list[tuple[str, int]] = []
        self.flattened: set[int] = set()  # ids of the mapping nodes flattened (nodes live as long as the loader)

    def flatten_mapping(self, node: Any) -> None:
        # A merge key (``<<: [*a, *a]``) copies the pairs of the mappings it names while
        # flattening, before any of them is constructed: through aliases that doubles per
        # level. Without aliases each mapping is flattened once, so a second time is one.
        if id(node) in self.flattened:
            raise _AliasError(node.start_mark)
        self.flattened.add(id(node))
        super().flatten_mapping(node)

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        if node in self.constructed_objects:
            raise _AliasError(node.start_mark)
        return super().construct_object(node, deep)

    def construct_document(self, node: Any) -> Any:
        if isinstance(node, yaml.MappingNode):
            for key_node, _ in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    line = key_node.start_mark.line
                    if key_node.value in self.key_lines:
                        self.duplicate_keys.append((key_node.value, line))
                    else:
                        self.key_lines[key_node.value] = line
        return super().construct_document(node)


def load(fm: str) -> tuple[Any, dict[str, int], list[tuple[str, int]]]:
    """(value, key -> 0-based line, duplicate keys) of frontmatter text; EntryError if it is not YAML."""
    loader = EntryLoader(fm)
    try:
        value = loader.get_single_data()
    except _AliasError as exc:
        raise EntryError(exc.problem_mark.line + 2, "E007", "YAML anchors and aliases are not allowed") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 2 if mark is not None else 2
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise EntryError(line, "E006", f"invalid YAML: {problem}") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise EntryError(2, "E006", f"invalid YAML value: {str(exc)[:120]}") from None
    finally:
        loader.dispose()
    return value, loader.key_lines, loader.duplicate_keys
