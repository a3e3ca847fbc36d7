"""Reads its input on a thread of its own; the main thread waits for each question, computes
for ``--ms`` milliseconds of processor time (default 25), then answers.

Between two questions every thread sleeps and one reads the input: to the referee it waits for
input, as it does - until it is asked.  Its answers come while the referee may be looking."""

import queue
import sys
import threading
import time

from botio import answer, read_init, read_turn, say

milliseconds = float(sys.argv[sys.argv.index("--ms") + 1]) if "--ms" in sys.argv else 25.0
questions = queue.Queue()


def reader():
    read_init()
    while True:
        questions.put(read_turn())


threading.Thread(target=reader, daemon=True).start()
while True:
    phase, hand, rows, lines = questions.get()
    end = time.process_time() + milliseconds / 1000
    while time.process_time() < end:
        pass
    say(answer(phase, hand))
