"""Sync a memory root with a git remote through dulwich (SPEC §6); see docs/sync.md.

Modules: ``engine`` (the loop), ``treemerge`` (per-path policy over trees),
``compiled`` (regenerating index.md / ROOT.md from merged entries),
``worktree`` and ``gitindex`` (the checkout and git's index file),
``transport`` (remotes and credentials), ``lock``, ``repo`` (dulwich wrappers),
``status`` and ``setup`` (``sync init``).
Nothing here is imported by ``memsync compile`` or the hooks.
"""
