"""Runs a command on a pseudo-terminal, as a user at a terminal would, and reports what it wrote.

usage: pty_run.py [--interrupt-after BYTES] [--columns N --rows N] -- COMMAND...

With --interrupt-after, Ctrl-C is typed (the terminal's interrupt character, so the kernel
sends SIGINT) once the command has written that many bytes, which lands in the middle of the
frames it is drawing. Prints one JSON object: the output (UTF-8 text of the raw bytes), how
the command ended ("exit" or "signal") and its code, and the byte count at the interrupt.
"""
import argparse, fcntl, json, os, pty, select, signal, struct, sys, termios, time

parser = argparse.ArgumentParser()
parser.add_argument("--interrupt-after", type=int, default=None)
parser.add_argument("--columns", type=int, default=100)
parser.add_argument("--rows", type=int, default=40)
parser.add_argument("--timeout", type=float, default=60)
parser.add_argument("command", nargs="+")
args = parser.parse_args()

pid, fd = pty.fork()
if pid == 0:
    # A user's shell starts commands with the default signal handling, whatever the test
    # runner that started this script ignores or blocks.
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    os.execvp(args.command[0], args.command)

fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.columns, 0, 0))
os.kill(pid, signal.SIGWINCH)
output = bytearray()
interrupted_at = None
status = None
deadline = time.time() + args.timeout


def drain(wait):
    """Reads what the command wrote; False once the terminal is closed."""
    ready, _, _ = select.select([fd], [], [], wait)
    if not ready:
        return True
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        return False
    output.extend(chunk)
    return bool(chunk)


while time.time() < deadline:
    open_ = drain(0.05)
    if args.interrupt_after is not None and interrupted_at is None and len(output) >= args.interrupt_after and open_:
        interrupted_at = len(output)
        os.write(fd, termios.tcgetattr(fd)[6][termios.VINTR])
    done, code = os.waitpid(pid, os.WNOHANG)
    if done:
        status = code
        while drain(0.2) and select.select([fd], [], [], 0)[0]:
            pass
        break
    if not open_:
        _, status = os.waitpid(pid, 0)
        break
if status is None:
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)

if os.WIFSIGNALED(status):
    ending, code = "signal", os.WTERMSIG(status)
else:
    ending, code = "exit", os.WEXITSTATUS(status)
json.dump({"output": output.decode("utf-8", errors="replace"), "ending": ending, "code": code, "interruptedAt": interrupted_at}, sys.stdout)
