"""Reads its first question, then computes forever without answering (a loop that never ends).

Started directly, through ``sh -c`` or through a shell script that does not ``exec`` it, it must
be too slow by the processor-time clock: the clock counts the whole process tree."""

from botio import read_init, read_turn

read_init()
read_turn()
while True:
    pass
