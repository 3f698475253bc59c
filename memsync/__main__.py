from memsync.cli import main

raise SystemExit(main())
