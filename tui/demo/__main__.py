import sys

from tui.demo.main import main

raise SystemExit(main(sys.argv[1:]))
