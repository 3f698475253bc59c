from memsync.cli import run

run()
