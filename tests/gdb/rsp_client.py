#!/usr/bin/env python3
"""A raw GDB remote-protocol client for what gdb-multiarch cannot script in
batch mode: Ctrl-C while the firmware runs, a corrupted packet, packets the
stub does not know, a debugger that vanishes.
usage: rsp_client.py PORT [vanish]   (prints ok/FAIL lines)
With "vanish" it sets a breakpoint, continues and closes the connection at
once: the run must go on to its end without it."""
import socket
import sys
import time


def checksum(data):
    return "%02x" % (sum(data.encode()) & 0xFF)


class Rsp:
    def __init__(self, port):
        for _ in range(100):
            try:
                self.s = socket.create_connection(("127.0.0.1", port), timeout=30)
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise SystemExit("FAIL cannot connect")
        self.buf = b""

    def raw(self, b):
        self.s.sendall(b)

    def send(self, data):
        self.raw(("$%s#%s" % (data, checksum(data))).encode())

    def byte(self):
        while not self.buf:
            chunk = self.s.recv(4096)
            if not chunk:
                raise EOFError
            self.buf += chunk
        c, self.buf = self.buf[:1], self.buf[1:]
        return c

    def reply(self):
        """Skip acks, return (acks seen, the next packet's data)."""
        acks = b""
        while True:
            c = self.byte()
            if c in b"+-":
                acks += c
                continue
            if c == b"$":
                break
        data = b""
        while (c := self.byte()) != b"#":
            data += c
        self.byte()
        self.byte()
        self.raw(b"+")
        return acks, data.decode()


def check(cond, what):
    print(("ok " if cond else "FAIL ") + what)


def vanish(r):
    r.send("Z0,0,2")        # a breakpoint at 0: never reached
    _, data = r.reply()
    check(data == "OK", "breakpoint set")
    r.send("c")
    r.s.close()


def main():
    r = Rsp(int(sys.argv[1]))
    if sys.argv[2:] == ["vanish"]:
        vanish(r)
        return
    r.send("qSupported:multiprocess+;swbreak+;hwbreak+")
    acks, data = r.reply()
    check(acks == b"+" and "qXfer:features:read+" in data, "qSupported: acknowledged, target description offered")
    r.raw(b"$?#00")   # wrong checksum
    c = r.byte()
    check(c == b"-", "a packet with a bad checksum is refused ('-')")
    r.send("vMustReplyEmpty")
    _, data = r.reply()
    check(data == "", "unknown packet: empty reply")
    r.send("qXfer:features:read:target.xml:0,3fff")
    _, data = r.reply()
    check(data.startswith("l") and "org.gnu.gdb.arm.m-profile-mve" in data and "org.gnu.gdb.arm.vfp" in data,
          "target.xml: M-profile, FP and MVE features")
    import xml.etree.ElementTree as ET
    try:
        regs = [e.get("name") for e in ET.fromstring(data[1:]).iter("reg")]
    except ET.ParseError:
        regs = []
    check(len(regs) == 43 and regs[:17] == ["r%d" % i for i in range(13)] + ["sp", "lr", "pc", "xpsr"],
          "target.xml parses: 43 registers, r0-r12 sp lr pc xpsr first")
    r.send("m0,4")
    _, data = r.reply()
    check(len(data) == 8, "memory read at 0")
    r.send("mf0000000,4")
    _, data = r.reply()
    check(data.startswith("E"), "memory read outside RAM/flash: error")
    r.send("qRcmd," + b"cycles".hex())
    _, out = r.reply()
    _, ok = r.reply()
    check(out.startswith("O") and bytes.fromhex(out[1:]).startswith(b"cycles 0 ") and ok == "OK",
          "monitor cycles before reset's first instruction: 0")
    r.send("c")
    time.sleep(0.3)
    r.raw(b"\x03")
    _, data = r.reply()
    check(data.startswith("T02"), "Ctrl-C while running stops with SIGINT (%s)" % data)
    r.send("qRcmd," + b"cycles".hex())
    _, out = r.reply()
    r.reply()
    n = int(bytes.fromhex(out[1:]).split()[1])
    check(n > 0, "the core ran before the Ctrl-C (%d cycles)" % n)
    r.send("k")
    r.s.close()


if __name__ == "__main__":
    main()
