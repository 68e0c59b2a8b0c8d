#!/usr/bin/env python3
"""A loopback SMTP relay for the email channel's tests: STARTTLS or implicit TLS with a
self-signed certificate made by openssl at start, AUTH PLAIN and LOGIN, and failure injection.

    smtp_server.py --folder DIR --security starttls|implicit|plain [--user U --password P]

Writes DIR/cert.pem (the CA file a client verifies against), then DIR/port once listening;
appends one JSON line per accepted message to DIR/messages.jsonl ({"mailFrom", "recipients",
"data", "user", "tls"}). "plain" offers no STARTTLS (a client that requires it must refuse).
Reads DIR/mode before each session: "accept", "reject-recipient" (550 to RCPT),
"reject-message" (554 after DATA), "slow N" (waits N seconds before the greeting) or
"stall-after-data" (records the message, then never answers DATA's end nor anything after it,
QUIT included: a relay that hangs once it holds the mail).
Standard library only (Python 3.11; smtpd is deprecated). Started and stopped by
Tests/DeepCutTestKit/SMTPReceiver.swift.
"""
import argparse
import base64
import json
import os
import socketserver
import ssl
import subprocess
import threading
import time

lock = threading.Lock()


def read_mode(folder):
    try:
        with open(os.path.join(folder, "mode")) as handle:
            return handle.read().split()
    except FileNotFoundError:
        return ["accept"]


class Session(socketserver.StreamRequestHandler):
    def setup(self):
        self.options = self.server.options
        self.tls = False
        if self.options.security == "implicit":
            self.request = self.server.context.wrap_socket(self.request, server_side=True)
            self.tls = True
        super().setup()

    def send(self, line):
        self.wfile.write((line + "\r\n").encode())
        self.wfile.flush()

    def line(self):
        raw = self.rfile.readline(65536)
        if not raw:
            raise ConnectionError("closed")
        return raw.decode("utf-8", "replace").rstrip("\r\n")

    def start_tls(self):
        self.send("220 2.0.0 ready to start TLS")
        self.wfile.flush()
        self.connection = self.server.context.wrap_socket(self.request, server_side=True)
        self.request = self.connection
        self.rfile = self.connection.makefile("rb")
        self.wfile = self.connection.makefile("wb")
        self.tls = True

    def check(self, user, password):
        return self.options.user is not None and user == self.options.user and password == self.options.password

    def authenticate(self, arguments):
        mechanism = arguments[0].upper() if arguments else ""
        if mechanism == "PLAIN":
            response = arguments[1] if len(arguments) > 1 else None
            if response is None:
                self.send("334 ")
                response = self.line()
            parts = base64.b64decode(response).split(b"\0")
            user, password = parts[1].decode(), parts[2].decode()
        elif mechanism == "LOGIN":
            if len(arguments) > 1:
                user = base64.b64decode(arguments[1]).decode()
            else:
                self.send("334 VXNlcm5hbWU6")
                user = base64.b64decode(self.line()).decode()
            self.send("334 UGFzc3dvcmQ6")
            password = base64.b64decode(self.line()).decode()
        else:
            self.send("504 5.5.4 mechanism not supported")
            return None
        if self.check(user, password):
            self.send("235 2.7.0 authenticated")
            return user
        self.send("535 5.7.8 authentication credentials invalid")
        return None

    def handle(self):
        mode = read_mode(self.options.folder)
        if mode[0] == "slow":
            time.sleep(float(mode[1]))
        self.send("220 localhost ESMTP deepcut-test")
        user, sender, recipients = None, None, []
        try:
            while True:
                command = self.line()
                verb = command.split(" ", 1)[0].upper()
                arguments = command.split()[1:]
                if verb in ("EHLO", "HELO"):
                    lines = ["localhost"]
                    if self.options.security == "starttls" and not self.tls:
                        lines.append("STARTTLS")
                    if self.tls or self.options.security == "plain":
                        lines.append("AUTH PLAIN LOGIN")
                    lines.append("8BITMIME")
                    for extension in lines[:-1]:
                        self.send("250-" + extension)
                    self.send("250 " + lines[-1])
                elif verb == "STARTTLS" and self.options.security == "starttls" and not self.tls:
                    self.start_tls()
                elif verb == "AUTH":
                    user = self.authenticate(arguments)
                elif verb == "MAIL":
                    if self.options.user is not None and user is None:
                        self.send("530 5.7.0 authentication required")
                        continue
                    sender = command.split(":", 1)[1].split()[0].strip("<>")
                    recipients = []
                    self.send("250 2.1.0 ok")
                elif verb == "RCPT":
                    if mode[0] == "reject-recipient":
                        self.send("550 5.1.1 no such mailbox")
                        continue
                    recipients.append(command.split(":", 1)[1].strip().strip("<>"))
                    self.send("250 2.1.5 ok")
                elif verb == "DATA":
                    self.send("354 end data with <CR><LF>.<CR><LF>")
                    lines = []
                    while True:
                        raw = self.rfile.readline(1 << 20).decode("utf-8", "replace")
                        if raw in (".\r\n", ".\n", ""):
                            break
                        lines.append(raw[1:] if raw.startswith(".") else raw)
                    if mode[0] == "reject-message":
                        self.send("554 5.7.1 message refused")
                        continue
                    record = {"mailFrom": sender, "recipients": recipients, "data": "".join(lines), "user": user, "tls": self.tls}
                    with lock:
                        with open(os.path.join(self.options.folder, "messages.jsonl"), "a") as handle:
                            handle.write(json.dumps(record) + "\n")
                    if mode[0] == "stall-after-data":
                        # Reads (and ignores) whatever comes, QUIT included, until the client hangs up.
                        while self.rfile.readline(65536):
                            pass
                        return
                    self.send("250 2.0.0 queued")
                elif verb == "RSET":
                    sender, recipients = None, []
                    self.send("250 2.0.0 ok")
                elif verb == "NOOP":
                    self.send("250 2.0.0 ok")
                elif verb == "QUIT":
                    self.send("221 2.0.0 bye")
                    return
                else:
                    self.send("502 5.5.2 command not recognised")
        except (ConnectionError, ssl.SSLError, OSError):
            return


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


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
    parser.add_argument("--security", choices=["starttls", "implicit", "plain"], default="starttls")
    parser.add_argument("--user")
    parser.add_argument("--password")
    options = parser.parse_args()
    cert = os.path.join(options.folder, "cert.pem")
    key = os.path.join(options.folder, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = Server(("127.0.0.1", 0), Session)
    server.options = options
    server.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.context.load_cert_chain(cert, key)
    open(os.path.join(options.folder, "messages.jsonl"), "a").close()
    temporary = os.path.join(options.folder, "port.tmp")
    with open(temporary, "w") as handle:
        handle.write(str(server.server_address[1]))
    os.rename(temporary, os.path.join(options.folder, "port"))
    server.serve_forever()


if __name__ == "__main__":
    main()
