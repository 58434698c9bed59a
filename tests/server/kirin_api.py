"""Kirin's HTTP API and WebSocket push (docs/API.md) from Python's standard library, for the
tests that drive a real `kirin serve`."""

import base64
import hashlib
import json
import os
import socket
import struct
import time
import urllib.error
import urllib.request


class Failure(Exception):
    pass


def call(port, method, path, body=None, token=None, text=None, headers=None):
    """One API request to the server on 127.0.0.1:port: (HTTP status, JSON body), or with
    `text` (a text/plain body, as /api/command takes) the answer's text. The answer's headers
    are added to `headers` if given."""
    data = text.encode() if text is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=data)
    req.add_header("Content-Type", "text/plain" if text is not None else "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        r = urllib.request.urlopen(req, timeout=20)
    except urllib.error.HTTPError as e:
        r = e
    with r:
        got = r.read().decode()
        if headers is not None:
            headers.update(r.headers)
        return r.status if hasattr(r, "status") else r.code, got if text is not None else json.loads(got)


class WebSocket:
    """A WebSocket client, as much of RFC 6455 as the test needs (text frames, ping, close)."""

    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, port, sock=None):
        """To 127.0.0.1:port, or over `sock`, a connection made already (TLS to a proxy)."""
        self.sock = sock or socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._read_some()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        accept = base64.b64encode(hashlib.sha1((key + self.GUID).encode()).digest()).decode()
        if b" 101 " not in head.split(b"\r\n")[0] or accept.encode() not in head:
            raise Failure(f"WebSocket upgrade on port {port} refused: {head.decode()!r}")

    def _read_some(self):
        data = self.sock.recv(65536)
        if not data:
            raise Failure("the server closed the WebSocket connection")
        return data

    def _take(self, n):
        while len(self.buf) < n:
            self.buf += self._read_some()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        else:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def send(self, message):
        self._send_frame(0x1, json.dumps(message).encode())

    def receive(self, deadline):
        """The next JSON message, or Failure once `deadline` (time.monotonic()) passes."""
        data = b""
        while True:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                b0, b1 = self._take(2)
                n = b1 & 0x7F
                if n == 126:
                    n = struct.unpack("!H", self._take(2))[0]
                elif n == 127:
                    n = struct.unpack("!Q", self._take(8))[0]
                payload = self._take(n)
            except socket.timeout:
                raise Failure("no WebSocket message in time") from None
            opcode = b0 & 0x0F
            if opcode == 0x9:
                self._send_frame(0xA, payload)
            elif opcode == 0x8:
                raise Failure(f"the server closed the WebSocket: {payload!r}")
            elif opcode in (0x0, 0x1):
                data += payload
                if b0 & 0x80:
                    return json.loads(data)

    def close(self):
        self.sock.close()
