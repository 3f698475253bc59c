"""Writing the hosts' settings: MCP server entries and context hooks for Claude Code,
OpenCode and Cursor (``memsync setup``, ``memsync hooks install --claude-code``).

``jsonc`` reads JSON with comments keeping positions and edits it in place;
``configfile`` plans and applies a change to one file (backup, atomic replace,
refusals); ``common`` says how a host starts memsync and where the project is;
``claude``, ``opencode`` and ``cursor`` say which files and entries each host reads.
"""
