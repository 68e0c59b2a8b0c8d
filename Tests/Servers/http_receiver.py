#!/usr/bin/env python3
"""A loopback HTTP receiver for the notification channels' tests (webhook, ntfy, Apprise API,
Discord, Slack): records every request and answers as its mode says.

    http_receiver.py --folder DIR

Writes DIR/port once listening, appends one JSON line per request to DIR/requests.jsonl
({"method", "path", "headers": {name: value}, "body": base64}), and reads DIR/mode before each
answer: "accept" (200), "status N" (N, a small JSON body), "slow N" (answers 200 after N
seconds: past a client's deadline), "redirect PATH" (302 to PATH on this server; a request
for PATH itself is accepted) or "limit HEADER BODY" (431 when the request's header lines pass
HEADER bytes, 413 when its body passes BODY bytes, else 200: a server's size limits). Started and stopped by
Tests/DeepCutTestKit/HTTPReceiver.swift.
"""
import argparse
import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()


def read_mode(folder):
    try:
        with open(os.path.join(folder, "mode")) as handle:
            return handle.read().split()
    except FileNotFoundError:
        return ["accept"]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        record = {
            "method": self.command,
            "path": self.path,
            "headers": {name: value for name, value in self.headers.items()},
            "body": base64.b64encode(body).decode("ascii"),
        }
        with lock:
            with open(os.path.join(self.server.folder, "requests.jsonl"), "a") as handle:
                handle.write(json.dumps(record) + "\n")
        mode = read_mode(self.server.folder)
        status = 200
        location = None
        if mode[0] == "redirect" and self.path != mode[1]:
            status, location = 302, mode[1]
        elif mode[0] == "status":
            status = int(mode[1])
        elif mode[0] == "limit":
            header_bytes = sum(len(name) + len(value) + 4 for name, value in self.headers.items())
            if header_bytes > int(mode[1]):
                status = 431
            elif len(body) > int(mode[2]):
                status = 413
        elif mode[0] == "slow":
            time.sleep(float(mode[1]))
        answer = b'{"ok":true}' if status < 300 else b'{"error":"injected"}'
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_PUT = handle_any

    def log_message(self, format, *args):
        pass


def exit_with_parent():
    """Ends the server when the test runner that started it is gone (crashed, killed), so none is left behind."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def main():
    exit_with_parent()
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", required=True)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.folder = arguments.folder
    open(os.path.join(arguments.folder, "requests.jsonl"), "a").close()
    temporary = os.path.join(arguments.folder, "port.tmp")
    with open(temporary, "w") as handle:
        handle.write(str(server.server_address[1]))
    os.rename(temporary, os.path.join(arguments.folder, "port"))
    server.serve_forever()


if __name__ == "__main__":
    main()
