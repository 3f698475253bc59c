"""``memsync mcp``: the stdio MCP server (optional extra ``memsync[mcp]``; nothing else imports it).

``texts`` holds what the model reads (instructions, descriptions), ``project`` finds the
project the server serves, ``render`` shapes results under hosts' caps, ``server``
defines the tools over ``memsync.service``, ``wire`` screens each stdin line before the
SDK reads it (so every request gets a reply).
"""
