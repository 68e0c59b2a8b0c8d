# Render what a terminal would finally show: drop ANSI/OSC sequences, apply \r (keep what overwrote the line), drop \x1b[K etc.
import sys, re
data = sys.stdin.buffer.read().decode('utf-8', 'replace').replace('\r\n', '\n')
data = re.sub(r'\x1b\][^\x07]*(\x07|\x1b\\)', '', data)
# apt's bottom-line progress bar (save cursor, draw, restore) is gone when apt ends
data = re.sub(r'\x1b7.*?\x1b8', '', data, flags=re.S)
data = re.sub(r'\x1b[78]', '', data)
out = []
for line in data.split('\n'):
    # cursor-up + erase sequences from a progress bar: keep only the last segment after \r or erase
    segs = re.split(r'\r|\x1b\[[0-9;]*[AK]|\x1b\[2K', line)
    segs = [re.sub(r'\x1b\[[0-9;?]*[a-zA-Z]', '', s) for s in segs]
    keep = [s for s in segs if s.strip()]
    out.append(keep[-1] if keep else '')
text = '\n'.join(out).rstrip('\n')
print(text)
