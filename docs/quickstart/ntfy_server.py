# A tiny loopback stand-in for ntfy: logs each POST (path, headers, body) and answers 200 JSON.
import http.server, sys, json
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get('Content-Length') or 0))
        print(f"POST {self.path}\n{self.headers}{body.decode('utf-8', 'replace')}\n----", flush=True)
        out = json.dumps({"id": "test1", "event": "message", "topic": self.path.strip('/')}).encode()
        self.send_response(200); self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(out))); self.end_headers(); self.wfile.write(out)
    def log_message(self, *a): pass
http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
