#!/usr/bin/env python3
"""`kirin serve --trusted-proxy 127.0.0.1` behind Debian's nginx, configured as
docs/OPERATIONS.md says (tests/server/nginx-kirin.conf), over HTTPS with a throwaway
certificate: a request works, a WebSocket upgrades through the proxy and receives a game's
move, and the login throttle counts each real client apart. Two clients are told apart by
their loopback source addresses (127.0.0.2 and 127.0.0.3: the whole 127/8 is loopback), which
nginx appends to X-Forwarded-For; one exhausts its failures, the other still logs in, and a
client that forges X-Forwarded-For gains nothing. /metrics is not served through the proxy.

Usage: proxy_test.py PATH/TO/kirin
Without nginx the test skips (exit 77), or fails under KIRIN_REQUIRE_ORACLES (tests/oracle.sh;
scripts/install-deps.sh installs nginx-light).
"""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time

import kirin_api
from kirin_api import Failure, WebSocket

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
ADDRESS_FREE_FAILURES = 3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_nginx():
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None)


class Client:
    """HTTPS to the proxy from one loopback source address."""

    def __init__(self, port, cafile, source):
        self.port, self.source = port, source
        self.context = ssl.create_default_context(cafile=cafile)
        self.context.check_hostname = False  # the certificate names localhost, we dial 127.0.0.1

    def call(self, method, path, body=None, token=None, headers=None):
        conn = http.client.HTTPSConnection("127.0.0.1", self.port, timeout=20,
                                           source_address=(self.source, 0), context=self.context)
        h = {"Content-Type": "application/json", **(headers or {})}
        if token:
            h["Authorization"] = f"Bearer {token}"
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=h)
        r = conn.getresponse()
        text = r.read().decode()
        conn.close()
        try:
            return r.status, json.loads(text)
        except ValueError:
            return r.status, text

    def websocket(self):
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=10,
                                       source_address=(self.source, 0))
        return WebSocket(self.port, sock=self.context.wrap_socket(raw, server_hostname="localhost"))


def expect(what, got, want):
    if got != want:
        raise Failure(f"{what}: got {got!r}, want {want!r}")


def run(kirin, nginx, tmp):
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-keyout", f"{tmp}/key.pem", "-out",
                    f"{tmp}/cert.pem"], check=True, capture_output=True)
    log_path = f"{tmp}/kirin.log"
    server = subprocess.Popen(
        [kirin, "serve", "--listen", "127.0.0.1:0", "--db", f"sqlite:{tmp}/kirin.db",
         "--trusted-proxy", "127.0.0.1", "--computer", "none", "--analysis-threads", "0",
         "--web-root", f"{tmp}/no-web-ui", "--login-address-free-failures",
         str(ADDRESS_FREE_FAILURES)],
        stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
    proxy = None
    try:
        deadline = time.monotonic() + 30
        kirin_port = None
        while kirin_port is None and time.monotonic() < deadline and server.poll() is None:
            m = re.search(r"listening on http://127\.0\.0\.1:(\d+) ", open(log_path).read())
            kirin_port = int(m.group(1)) if m else time.sleep(0.05)
        if kirin_port is None:
            raise Failure("kirin serve did not start: " + open(log_path).read())

        listen = free_port()
        with open(os.path.join(HERE, "nginx-kirin.conf")) as f:
            conf = (f.read().replace("@DIR@", tmp).replace("@LISTEN@", f"127.0.0.1:{listen}")
                    .replace("@KIRIN@", f"127.0.0.1:{kirin_port}"))
        with open(f"{tmp}/nginx.conf", "w") as f:
            f.write(conf)
        proxy = subprocess.Popen([nginx, "-e", f"{tmp}/error.log", "-p", tmp, "-c",
                                  f"{tmp}/nginx.conf"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.STDOUT)
        while True:
            try:
                socket.create_connection(("127.0.0.1", listen), timeout=1).close()
                break
            except OSError:
                if proxy.poll() is not None or time.monotonic() > deadline:
                    raise Failure("nginx did not start: " +
                                  open(f"{tmp}/error.log").read()) from None
                time.sleep(0.05)

        one = Client(listen, f"{tmp}/cert.pem", "127.0.0.2")
        two = Client(listen, f"{tmp}/cert.pem", "127.0.0.3")
        # A request through the proxy, over HTTPS.
        expect("GET /healthz through nginx", one.call("GET", "/healthz"), (200, {"status": "ok"}))
        tokens = {}
        for name, client in (("alice", one), ("bob", two)):
            status, body = client.call("POST", "/api/signup", {
                "name": name, "email": f"{name}@example.org", "password": f"pw-{name}-123"})
            expect(f"signing up {name}", status, 201)
            tokens[name] = body["token"]
        status, body = one.call("POST", "/api/challenges", {"opponent": "bob", "game": "shogi"},
                                tokens["alice"])
        expect("the challenge", status, 201)
        status, body = two.call("POST", f"/api/challenges/{body['id']}/accept", None, tokens["bob"])
        expect("accepting it", status, 200)
        game = body["game"]

        # The WebSocket through the proxy: subscribe, and receive the move played over HTTPS.
        ws = two.websocket()
        ws.send({"op": "subscribe", "topic": f"game:{game}"})
        expect("subscribing", ws.receive(time.monotonic() + 10).get("type"), "subscribed")
        status, _ = one.call("POST", f"/api/games/{game}/moves", {"move": "7g7f"}, tokens["alice"])
        expect("the move", status, 200)
        while True:
            message = ws.receive(time.monotonic() + 10)
            if message.get("type") == "event" and message["event"].get("kind") == "move":
                expect("the move's event", message["event"].get("text"), "7g7f")
                break
        ws.close()

        # The login throttle per real client: 127.0.0.3 runs out of free failures (forging
        # X-Forwarded-For changes nothing: nginx appends the address it saw, Kirin takes that).
        # The free failures, and one more: it waits from the failure past them.
        for attempt in range(ADDRESS_FREE_FAILURES + 1):
            status, _ = two.call("POST", "/api/login", {"name": "alice", "password": "wrong"},
                                 headers={"X-Forwarded-For": f"198.51.100.{attempt}"})
            expect(f"wrong password {attempt + 1}", status, 401)
        status, body = two.call("POST", "/api/login", {"name": "bob", "password": "pw-bob-123"},
                                headers={"X-Forwarded-For": "198.51.100.77"})
        expect("a right password from the throttled client", status, 429)
        status, _ = one.call("POST", "/api/login", {"name": "bob", "password": "pw-bob-123"})
        expect("the other client's login", status, 200)

        status, _ = one.call("GET", "/metrics")
        expect("/metrics through the proxy", status, 404)
        print("ok: HTTPS, a WebSocket and the per-client login throttle through nginx")
    finally:
        if proxy:
            proxy.send_signal(signal.SIGQUIT)
            proxy.wait(timeout=10)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: proxy_test.py PATH/TO/kirin")
    nginx = find_nginx()
    if not nginx:
        if os.environ.get("KIRIN_REQUIRE_ORACLES"):
            sys.exit("FAIL: nginx is not installed "
                     "(KIRIN_REQUIRE_ORACLES is set: this test may not be skipped)")
        print("skipped: nginx is not installed (scripts/install-deps.sh installs nginx-light)")
        sys.exit(SKIP)
    tmp = tempfile.mkdtemp(prefix="kirin-proxy-")
    try:
        run(os.path.abspath(sys.argv[1]), nginx, tmp)
    except Failure as e:
        sys.exit(f"FAIL: {e}\nnginx: {open(os.path.join(tmp, 'error.log')).read() if os.path.exists(os.path.join(tmp, 'error.log')) else ''}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
