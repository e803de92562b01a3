#!/usr/bin/env python3
"""Times sprague against the dedicated solvers on the same tasks, and prints the ratios.

Run from the repository's root:

    python3 scripts/peers/compare.py [--full] [--only NAME...] [--runs K]

Peers: ogsolve 0.0.7 and igsolve 0.1.2 (with its default method), installed with `cargo
install` from crates.io into a cache on first use, and a bottom-up C++ table for the cutting
game of POJ 2311 (`poj2311.cpp`, compiled with g++ -O2). `driver/` is a downstream program of
the crate, built against this checkout. Each task runs ours and the peer alternately K times
(3 by default); the figure is the median wall time of the whole process, and the ratio is ours
over the peer's (below 1, sprague is faster). Answers are compared: a task whose answers
differ is marked WRONG. Peak memory: run a driver line under `/usr/bin/time -v`.
"""
import os, re, shutil, statistics, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CACHE = os.environ.get('SPRAGUE_BENCH_CACHE', os.path.expanduser('~/.cache/sprague-bench'))
WORK = os.environ.get('SPRAGUE_BENCH_DIR', os.path.join(os.environ.get('TMPDIR', '/tmp'), 'sprague-peers'))
VERSIONS = {'ogsolve': '0.0.7', 'igsolve': '0.1.2'}

def ig_cram(r, c):
    return ['cram', '-r', str(r), '-c', str(c), '--edb-cols', '0']

def og(code, n):
    return [code, '-m', 'rc2', '-n', str(n)]

# name, our arguments, peer, peer arguments, how to read the answer
QUICK = [
    ('octal-0.16-600k', ['octal', '0.16', '600000'], 'ogsolve', og('0.16', 600000), 'last'),
    ('octal-0.106-1M', ['octal', '0.106', '1000000'], 'ogsolve', og('0.106', 1000000), 'last'),
    ('octal-0.6-200k', ['octal', '0.6', '200000'], 'ogsolve', og('0.6', 200000), 'last'),
    ('octal-0.007-100k', ['octal', '0.007', '100000'], 'ogsolve', ['0.007', '-m', 'naive', '-n', '100000'], 'last'),
    ('octal-0.77-200k', ['octal', '0.77', '200000'], 'ogsolve', og('0.77', 200000), 'last'),
    ('period-0.16', ['period', '0.16', '1000000'], 'ogsolve', og('0.16', 600000), 'period'),
    ('period-0.56', ['period', '0.56', '1000000'], 'ogsolve', og('0.56', 700000), 'period'),
    ('grid-200', ['grid', '200'], 'poj2311', ['200'], 'grid'),
    ('cram-5x5', ['cram', '5', '5'], 'igsolve', ig_cram(5, 5), 'nimber'),
    ('cram-7x4', ['cram', '7', '4'], 'igsolve', ig_cram(7, 4), 'nimber'),
    ('cramx-7x5', ['cramx', '7', '5'], 'igsolve', ig_cram(7, 5), 'nimber'),
    ('chomp-10x10', ['chomp', '10', '10'], 'igsolve', ['chomp', '-r', '10', '-c', '10'], 'nimber'),
    ('grundys-30000', ['grundys', '30000'], 'igsolve', ['grundy', '-p', '30000'], 'nimber'),
]
FULL = QUICK + [
    ('octal-0.6-1M', ['octal', '0.6', '1000000'], 'ogsolve', og('0.6', 1000000), 'last'),
    ('octal-0.16-10M', ['octal', '0.16', '10000000'], 'ogsolve', og('0.16', 10000000), 'last'),
    ('period-0.354', ['period', '0.354', '20200000'], 'ogsolve', og('0.354', 20200000), 'period'),
    ('grid-1000', ['grid', '1000'], 'poj2311', ['1000'], 'grid'),
    ('cram-7x5', ['cram', '7', '5'], 'igsolve', ig_cram(7, 5), 'nimber'),
    ('cram-9x4', ['cram', '9', '4'], 'igsolve', ig_cram(9, 4), 'nimber'),
    ('cramx-9x4', ['cramx', '9', '4'], 'igsolve', ig_cram(9, 4), 'nimber'),
    ('cramx-5x8', ['cramx', '5', '8'], 'igsolve', ig_cram(5, 8), 'nimber'),
    ('chomp-12x12', ['chomp', '12', '12'], 'igsolve', ['chomp', '-r', '12', '-c', '12'], 'nimber'),
    ('grundys-60000', ['grundys', '60000'], 'igsolve', ['grundy', '-p', '60000'], 'nimber'),
]

def build_driver():
    d = os.path.join(WORK, 'driver')
    os.makedirs(os.path.join(d, 'src'), exist_ok=True)
    shutil.copy(os.path.join(HERE, 'driver', 'src', 'main.rs'), os.path.join(d, 'src', 'main.rs'))
    with open(os.path.join(d, 'Cargo.toml'), 'w') as f:
        f.write(f'''[package]
name = "sprague-peers-driver"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
sprague = {{ path = "{ROOT}" }}

[workspace]
''')
    subprocess.run(['cargo', 'build', '--quiet', '--release'], cwd=d, check=True)
    return os.path.join(d, 'target', 'release', 'sprague-peers-driver')

def peer(name):
    if name == 'poj2311':
        exe = os.path.join(WORK, 'poj2311')
        subprocess.run(['g++', '-O2', '-o', exe, os.path.join(HERE, 'poj2311.cpp')], check=True)
        return exe
    exe = os.path.join(CACHE, 'bin', name)
    if not os.path.exists(exe):
        print(f'installing {name} {VERSIONS[name]} into {CACHE} ...', file=sys.stderr)
        subprocess.run(['cargo', 'install', '--quiet', '--locked', name, '--version', VERSIONS[name],
                        '--root', CACHE], check=True)
    return exe

def timed(cmd):
    start = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {r.stderr.strip()[-300:]}")
    return time.perf_counter() - start, r.stdout

def answer(kind, out, ours):
    if kind == 'last':
        m = re.search(r'g\(\d+\) = (\d+)', out) if ours else re.search(r'nimber of \d+: (\d+)', out)
        return m and m.group(1)
    if kind == 'period':
        if ours:
            m = re.search(r'preperiod (\d+) period (\d+)', out)
            return m and (m.group(1), m.group(2))
        m = re.search(r'period of length (\d+) and pre-period (\d+)', out)
        return m and (m.group(2), m.group(1))
    if kind == 'grid':
        return out.split()[:2] or None
    m = re.search(r'Nimber of (?:\d+x\d+|initial position): (\d+)', out)
    return m and m.group(1)

def main():
    args = sys.argv[1:]
    tasks = FULL if '--full' in args else QUICK
    runs = int(args[args.index('--runs') + 1]) if '--runs' in args else 3
    if '--only' in args:
        names = [n for n in args[args.index('--only') + 1:] if not n.startswith('--')]
        tasks = [t for t in FULL if any(t[0].startswith(n) for n in names)]
    os.makedirs(WORK, exist_ok=True)
    ours = build_driver()
    peers = {}
    print(f"{'task':18} {'sprague s':>10} {'peer':>8} {'peer s':>10} {'ratio':>7}  answers")
    for name, a, p, b, kind in tasks:
        if p not in peers:
            peers[p] = peer(p)
        ta, tb, oa, ob = [], [], '', ''
        for _ in range(runs):
            x, oa = timed([ours] + a)
            y, ob = timed([peers[p]] + b)
            ta.append(x)
            tb.append(y)
        same = answer(kind, oa, True) is not None and answer(kind, oa, True) == answer(kind, ob, False)
        ma, mb = statistics.median(ta), statistics.median(tb)
        print(f"{name:18} {ma:10.3f} {p:>8} {mb:10.3f} {ma / mb:7.2f}  {'same' if same else 'WRONG'}")

if __name__ == '__main__':
    main()
