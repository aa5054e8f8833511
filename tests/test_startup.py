"""Start-up: no token, and the offline sandbox."""
from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _env(tmp_path, **extra):
    env = dict(os.environ)
    env.update({"DISCORD_TOKEN": "", "DATABASE_PATH": str(tmp_path / "bot.db"), "LOG_LEVEL": "WARNING"})
    env.update(extra)
    return env


def test_no_token_prints_one_sentence_and_exits_nonzero(tmp_path):
    proc = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0
    out = (proc.stdout + proc.stderr).strip()
    assert "Traceback" not in out
    assert len(out.splitlines()) == 1
    assert "DISCORD_TOKEN" in out and "--sandbox" in out


def test_sandbox_serves_the_preview_page_and_the_dm_page(tmp_path):
    proc = subprocess.Popen([sys.executable, "bot.py", "--sandbox"], cwd=ROOT, env=_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()
    try:
        url, dm_url, seen = None, None, []
        while url is None or dm_url is None:
            line = lines.get(timeout=120)  # bounded wait for the start-up lines, not a sleep
            seen.append(line)
            if "Sandbox ready: open " in line:
                url = line.split("open ", 1)[1].split()[0]
            if line.startswith("Direct messages") and "http://" in line:
                dm_url = "http://" + line.split("http://", 1)[1].split()[0]
        output = "".join(seen)
        # no warnings about features the bot does not use (voice), nor about simcord's stand-in state
        assert "voice will NOT be supported" not in output, output
        assert "Guilds intent" not in output, output
        assert "Traceback" not in output, output
        for address in (url, dm_url):
            assert address.startswith("http://127.0.0.1:"), address
            with urllib.request.urlopen(address, timeout=60) as response:
                body = response.read().decode("utf-8", "replace")
                assert response.status == 200
            assert "<html" in body.lower()
        assert "Direct messages from the bot" in body and "alice" in body  # the DM page, alice's tab
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
