"""Every bad ``--cluster`` address is one line and exit code 2 - never a traceback, not even as
the interpreter exits: malformed addresses, protocols that cannot reach another process, a closed
port, and whatever else answers (fake servers on this machine: silent, a web server, an SSH
server, random bytes), and a scheduler whose workers lack the project.

The 30 s bound is the program's own (it gives a silent port 15 s); a test waits for the
program to end, with a deadline only a hang reaches."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Callable, Iterator

import pytest

from tests.conftest import PROJECT, needs

pytestmark = [needs("distributed"), needs("psutil"), pytest.mark.slow]

SILENT_WAIT = 300.0
"""How long a fake server holds a connection open without a word (longer than any run here)."""


def silent(connection: socket.socket) -> None:
    while connection.recv(4096):  # reads whatever comes, says nothing, until the client gives up
        pass


def web(connection: socket.socket) -> None:
    connection.recv(4096)
    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    silent(connection)


def ssh(connection: socket.socket) -> None:
    connection.sendall(b"SSH-2.0-OpenSSH_9.6p1 Debian-4\r\n")
    silent(connection)


def noise(connection: socket.socket) -> None:
    connection.sendall(os.urandom(65536))
    silent(connection)


SERVERS: dict[str, Callable[[socket.socket], None]] = {"silent": silent, "web": web, "ssh": ssh, "noise": noise}


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, int]]:
    """Each fake server's port on this machine."""
    ports: dict[str, int] = {}
    listeners = []
    for name, behaviour in SERVERS.items():
        listener = socket.create_server(("127.0.0.1", 0))
        listener.settimeout(SILENT_WAIT)
        ports[name] = listener.getsockname()[1]
        listeners.append(listener)
        threading.Thread(target=_serve, args=(listener, behaviour), daemon=True).start()
    yield ports
    for listener in listeners:
        listener.close()


def _serve(listener: socket.socket, behaviour: Callable[[socket.socket], None]) -> None:
    while True:
        try:
            connection, _ = listener.accept()
        except OSError:  # closed: the module's tests are done
            return
        connection.settimeout(SILENT_WAIT)
        threading.Thread(target=_answer, args=(connection, behaviour), daemon=True).start()


def _answer(connection: socket.socket, behaviour: Callable[[socket.socket], None]) -> None:
    with connection:
        try:
            behaviour(connection)
        except OSError:
            pass


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def simulate_with(address: str, cwd: Path = PROJECT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(PROJECT / "main.py"), "simulate", "--games", "10", "--no-progress",
                           "--cluster", address], cwd=cwd, capture_output=True, text=True, timeout=600)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    return lines[0]


@pytest.mark.parametrize(("address", "says"), [
    ("", "simulate: --cluster needs the address of a Dask scheduler, such as tcp://lab-server:8786"),
    ("tcp://", "simulate: --cluster tcp://: not the address of a Dask scheduler; give tcp://HOST:PORT"),
    ("127.0.0.1", "simulate: --cluster 127.0.0.1: no port; give tcp://127.0.0.1:PORT"),
    ("inproc://", "simulate: --cluster inproc://: the inproc:// protocol cannot reach a Dask scheduler here"),
    ("http://x", "simulate: --cluster http://x: the http:// protocol cannot reach a Dask scheduler here"),
    ("!!!", "simulate: --cluster !!!: not the address of a Dask scheduler"),
    ("ucx://127.0.0.1:8786", "simulate: --cluster ucx://127.0.0.1:8786: the ucx:// protocol cannot reach"),
    ("tls://127.0.0.1:8786", "simulate: --cluster tls://127.0.0.1:8786: tls:// needs Dask's TLS settings"),
])
def test_a_malformed_or_unreachable_kind_of_address_is_one_line(address: str, says: str) -> None:
    assert one_line(simulate_with(address)).startswith(says)


@pytest.mark.parametrize("server", list(SERVERS))
def test_an_address_where_something_else_answers_is_one_line(server: str, servers: dict[str, int]) -> None:
    address = f"tcp://127.0.0.1:{servers[server]}"
    line = one_line(simulate_with(address))
    assert line.startswith(f"simulate: no Dask scheduler answers at {address}"), line


def test_tls_to_a_server_speaking_noise_is_one_line(servers: dict[str, int]) -> None:
    line = one_line(simulate_with(f"tls://127.0.0.1:{servers['noise']}"))
    assert "tls:// needs Dask's TLS settings" in line


def test_a_closed_port_is_one_line() -> None:
    address = f"tcp://127.0.0.1:{closed_port()}"
    assert one_line(simulate_with(address)).startswith(f"simulate: cannot reach the Dask scheduler at {address}: ")


def test_a_scheduler_whose_workers_lack_the_project_is_one_line(tmp_path: Path) -> None:
    """A stock scheduler and a nanny worker, both started outside the project with nothing on
    PYTHONPATH: the worker cannot open a shard, and says so."""
    from tests.tournament.test_cluster import LocalCluster

    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    running = LocalCluster(tmp_path, env=env)
    try:
        running.add_worker("w1", env=env, nanny=True)
        running.wait_for_workers(1)
        line = one_line(simulate_with(running.address))
        league = one_line(subprocess.run(
            [sys.executable, str(PROJECT / "main.py"), "tournament", "--include", "random,heuristic,mc", "--rollouts", "5",
             "--bot", f"mine={sys.executable} {PROJECT / 'examples' / 'heuristic_bot.py'}", "--games", "8",
             "--no-progress", "--out", str(tmp_path / "league"), "--cluster", running.address],
            cwd=PROJECT, capture_output=True, text=True, timeout=600))
    finally:
        running.close()
    assert line.startswith("simulate: worker w1 cannot import this project (No module named 'lab'): start each "
                           "worker in a copy of the project's folder"), line
    assert league.startswith("tournament: worker w1 cannot import this project"), league
