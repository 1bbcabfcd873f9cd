#!/usr/bin/env python3
"""A "browser" for $BROWSER in tests: visits the URL and follows every redirect, like a person who is
already signed in and approves at once. Exits non-zero if the last page is not a success."""

import sys
import urllib.request

with urllib.request.urlopen(sys.argv[1], timeout=10) as page:
    sys.exit(0 if page.status == 200 else 1)
