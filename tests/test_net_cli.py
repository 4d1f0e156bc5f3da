"""`buyword host` and `buyword join` on the command line: arguments, and a hosted game played
to the end by a real client against a real host process (loopback only)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys

import pytest
from net_helpers import HOST, play_seat
from words_helpers import index_cache, share_index_cache

from buyword.cli import main
from buyword.net.client import TableClient
from buyword.net.commands import HostOptions
from buyword.store import Store
from buyword.store.setup import GameSetup, Seat
from buyword.table import Services, TableSession
from buyword.table.autosave import Autosave


def test_join_needs_host_and_port(capsys) -> None:
    assert main(["join", "localhost", "ABC123"]) == 2
    assert "is not HOST:PORT" in capsys.readouterr().err


def test_host_needs_a_person_two_to_four_seats_and_known_computers(capsys, tmp_path,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    assert main(["host", "--people", "", "--computers", "easy,hard"]) == 2
    assert main(["host", "--people", "Ann"]) == 2
    assert main(["host", "--computers", "genius"]) == 2
    err = capsys.readouterr().err
    assert "no computer level 'genius'" in err and err.count("2 to 4 seats") == 2


def free_port() -> int:
    """A port nothing listens on now (loopback)."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@pytest.mark.slow
async def test_a_hosted_game_is_played_to_the_end_saved_as_it_goes_and_recorded(tmp_path) -> None:
    port = free_port()
    env = {**os.environ, "BUYWORD_HOME": str(share_index_cache(tmp_path))}
    host = subprocess.Popen(
        [sys.executable, "-m", "buyword", "host", "--text", "--port", str(port), "--people", "Ann",
         "--computers", "easy", "--seed", "9"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = [await asyncio.to_thread(host.stdout.readline) for _ in range(2)]
        assert lines[0].startswith(f"Table open on {HOST}:{port}")
        code = lines[1].split()[-1]
        client = await TableClient.connect(HOST, port)
        await client.join(code=code)
        await client.act("roll 3")
        await client.next_view()
        assert (tmp_path / "current.json").exists()  # saved as it goes
        await asyncio.wait_for(play_seat(client), 60)
        assert client.view.outcome is not None
        out, err = await asyncio.to_thread(host.communicate, timeout=60)
        assert host.returncode == 0, err
        assert "1. " in out and not (tmp_path / "current.json").exists()
        assert list((tmp_path / "games").glob("*.json"))  # the finished game's record
        await client.close()
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


@pytest.mark.slow  # a real host process
@pytest.mark.parametrize("resume", [False, True], ids=["new table", "--continue"])
def test_a_host_that_cannot_listen_leaves_the_saved_game_byte_for_byte(
        tmp_path, monkeypatch, capsys, resume: bool) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(share_index_cache(tmp_path)))
    setup = GameSetup(seats=(Seat("Ann"), Seat("Cy", "easy")), seed=9)
    services = Services(cache_dir=index_cache())
    lexicon = services.dictionary_for(setup)
    session = TableSession.new(setup, lexicon, services.finder(lexicon, setup.rules().tiles))
    session.act(0, "roll 3")
    Autosave.start(Store(), session, setup, hosted=True)  # a hosted game in progress
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        saves = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
        args = ["host", "--text", "--port", str(port)]
        args += ["--continue"] if resume else ["--people", "Bob", "--computers", "hard"]
        assert main(args) == 2
    assert f"cannot listen on {HOST}:{port}: the port is in use" in capsys.readouterr().err
    after = {path: path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    assert after == saves


def test_joining_where_no_table_listens_says_so_in_a_players_words(capsys) -> None:
    port = free_port()
    assert main(["join", f"{HOST}:{port}", "K7M2QX", "--text"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"buyword join: no table is listening at {HOST}:{port}"


@pytest.mark.slow
async def test_ctrl_c_on_a_text_host_closes_every_connection_saves_and_exits_0(tmp_path) -> None:
    import signal

    port = free_port()
    # faulthandler: a host that hangs on its way out dumps where, instead of just timing out
    env = {**os.environ, "BUYWORD_HOME": str(share_index_cache(tmp_path)),
           "PYTHONFAULTHANDLER": "1"}
    host = subprocess.Popen(
        [sys.executable, "-m", "buyword", "host", "--text", "--port", str(port), "--people",
         "Ann,Bob", "--seed", "9"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        lines = [await asyncio.to_thread(host.stdout.readline) for _ in range(3)]
        code = lines[1].split()[-1]
        ann = await TableClient.connect(HOST, port)
        await ann.join(code=code)
        await ann.act("roll 3")
        await ann.next_view()
        host.send_signal(signal.SIGINT)
        try:
            out, err = await asyncio.to_thread(host.communicate, timeout=60)
        except subprocess.TimeoutExpired:
            host.send_signal(signal.SIGABRT)
            pytest.fail("the host did not stop: " + host.communicate(timeout=10)[1][-4000:])
        await ann.wait_for(lambda: not ann.connected, 60)
        assert host.returncode == 0, err
        assert ann.ws.close_reason == "the table has closed"
        assert "the table has closed" in out and "Traceback" not in err
        assert "roll 3" in (tmp_path / "current.json").read_text()  # saved as it stood
    finally:
        host.kill()


def test_hand_over_after_needs_seconds_above_zero(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    assert main(["host", "--text", "--hand-over-after", "0"]) == 2
    assert "--hand-over-after needs a number of seconds above 0" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())  # refused before anything was saved


def test_host_refuses_the_coach_with_the_crossword_and_says_why(capsys, tmp_path,
                                                                monkeypatch) -> None:
    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    assert main(["host", "--people", "Ann,Bob", "--coach", "--crossword", "--text"]) == 2
    err = capsys.readouterr().err
    assert "--coach: the coach cannot weigh a game with the crossword variant" in err


def test_host_plays_family_words_unless_told_every_word(monkeypatch) -> None:
    import buyword.net.commands
    from buyword.net.commands import host_setup

    given: list[HostOptions] = []
    monkeypatch.setattr(buyword.net.commands, "host_main",
                        lambda options, screen: given.append(options) or 0)
    assert main(["host"]) == main(["host", "--every-word"]) == 0
    assert [host_setup(options).family_words for options in given] == [True, False]


async def test_a_seat_joined_in_plain_text_sees_its_table_and_plays_in_notation(
        capsys, monkeypatch) -> None:
    """`buyword join --text`: each view is printed from the seat's TableView (its money and
    hand, the others' money and tiles, whose turn), a typed action is played, and the end of
    the input leaves the seat, exit status 0 and no traceback."""
    from net_helpers import table

    from buyword.net.commands import JoinOptions, join_main
    from buyword.net.server import TableServer

    typed = iter(["roll 3"])

    def typing(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    monkeypatch.setattr("builtins.input", typing)
    session = table(Seat("Ann"), Seat("Bob"), seed=11)
    async with TableServer(session) as server:
        options = JoinOptions(f"{HOST}:{server.port}", server.codes[0], text=True)
        # In a thread of its own, as `buyword join --text` runs: its own event loop.
        assert await asyncio.wait_for(asyncio.to_thread(join_main, options), 60) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    before, after_roll, after_draw = out.split("Your turn: ")  # asked twice, then it left
    assert "You: $200, hand -, 4 wild | Bob $200 (0 tiles, 4 wild) | bag 108" in before
    assert after_roll.startswith("Ann is to roll the die\n  Round 1: Ann rolled 3\n")
    assert "  Bob drew ▪▪▪\n" in after_roll  # Bob's draw stays hidden from Ann
    assert "You: $200, hand -, 4 wild, draw " in after_roll
    assert after_draw.startswith("Ann is to buy or discard")
    assert session.game.die == 3
