"""Never reads its input and never answers."""

import sys
import time

print("not listening", file=sys.stderr, flush=True)
time.sleep(60)
