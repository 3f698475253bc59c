"""The merge policy sync applies to a path changed on both sides (SPEC §6).

Pure: bytes in, the bytes to write out. Nothing here touches git or the disk,
and nothing here ever writes a conflict marker: a line merge either succeeds
or the two versions are kept whole, one at the path and one in a sibling entry.

Every function is symmetric by construction: the two sides are first put in a
canonical order (entries by ``updated`` then content hash, plain text by
content), so the device that runs the merge never changes the result.
See docs/merge.md for the policy case by case.
"""
from memsync.merge.entries import (
    Conflict,
    FileMerge,
    blob_id,
    is_conflict_sibling,
    merge_entry,
    sibling_path,
)
from memsync.merge.lines import merge_lines
from memsync.merge.rootmd import merge_root_md

__all__ = [
    "Conflict",
    "FileMerge",
    "blob_id",
    "is_conflict_sibling",
    "merge_entry",
    "merge_lines",
    "merge_root_md",
    "sibling_path",
]
