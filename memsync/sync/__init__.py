"""Sync a memory root with a git remote through dulwich (SPEC §6); see docs/sync.md.

Modules: ``engine`` (the loop), ``treemerge`` (per-path policy over trees),
``compiled`` (regenerating index.md / ROOT.md from merged entries),
``worktree`` and ``gitindex`` (the checkout and git's index file),
``accept`` (what sync commits or takes from a remote, and how a path is shown),
``transport`` (fetch, push, credentials) over ``clients`` bounded by a
``deadline``, ``urls`` (which parts of a URL are credentials), ``ignores``
(ignore rules, read without dulwich for lint), ``lock``, ``pause`` (test
hooks), ``repo`` (dulwich wrappers), ``status`` and ``setup`` (``sync init``).
Nothing here is imported by ``memsync compile`` or the hooks.
"""
