"""One module per subcommand; see memsync.cli."""
