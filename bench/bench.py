#!/usr/bin/env python3
# bench/bench.py: the measurements of the idtypes benchmark suite.
#
# Run by bench/run.sh, which builds idtypes and starts the servers
# (--shared: with shared_preload_libraries = 'idtypes'; --local: the same
# without it; --one: preloaded, with one configured uid8 generator id;
# --defpre and --deflocal: default settings, with and without
# shared_preload_libraries).
# Each part below measures a set of alternatives in rounds: every
# alternative once per round, the order rotated from round to round, so
# that a slow spell of a noisy machine spreads over all of them instead of
# landing on one.  The report gives each alternative's median, its min-max
# over the rounds, and the ratios the targets are stated in.
#
# Timings are taken by the client around one statement (a round trip on a
# Unix socket, tens of microseconds, against statements of tens of
# milliseconds or more).

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import threading
import time

import psycopg

# ---------------------------------------------------------------------------
# What is measured

# A UUIDv7 in PL/pgSQL of the kind people paste from blog posts: a random
# (v4) uuid with the Unix milliseconds written over its first six bytes and
# the version nibble changed to 7 (bench/plpgsql_uuidv7.sql, which
# bench/instructions.sh reads too).  Defined here for comparison; idtypes
# does not ship it.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "plpgsql_uuidv7.sql")) as _f:
    PLPGSQL_UUIDV7 = _f.read()

# Fill a table in transactions of `batch` rows, the way an application
# inserts: INSERT ... SELECT with the key from the column's DEFAULT.
FILL_PROCEDURE = """
CREATE OR REPLACE PROCEDURE bench_fill(tbl regclass, n int, batch int)
LANGUAGE plpgsql AS $$
DECLARE
    done int := 0;
BEGIN
    WHILE done < n LOOP
        EXECUTE pg_catalog.format(
            'INSERT INTO %s (v) SELECT g FROM pg_catalog.generate_series(%s, %s) g',
            tbl, done + 1, LEAST(done + batch, n));
        COMMIT;
        done := done + batch;
    END LOOP;
END
$$;
"""

# (name, SQL type, generator expression, what it is): those of core and
# other software, then idtypes' own, one per scheme of idtypes_schemes(), in
# its order (Bench.setup() adds them from the server)
GENERATORS = [
    ("bigint sequence", "bigint", "nextval('bench_seq')", "core"),
    ("gen_random_uuid()", "uuid", "gen_random_uuid()", "core"),
    ("uuid_generate_v1()", "uuid", "uuid_generate_v1()", "uuid-ossp"),
    ("uuid_generate_v4()", "uuid", "uuid_generate_v4()", "uuid-ossp"),
    ("PL/pgSQL UUIDv7", "uuid", "bench_plpgsql_uuidv7()", "blog"),
]
IDTYPES_GENERATORS = []

TARGET_GEN_USEC = 0.15

ALL_PARTS = "gen,uid8rate,pgbench,insert,sort,copy,range,corev7,walres,floor,syncrep,companion"

# The servers the generation and INSERT parts run on, and the settings each
# has that a benchmark chose (named next to their figures).  The tuned
# server's other settings are those of the report's header.
SERVERS = {
    "shared": "tuned (`shared_buffers = 16MB` and the header's settings), "
              "`shared_preload_libraries = 'idtypes'`, `idtypes.uid8_generator_id = 0`, "
              "`idtypes.uid8_generator_count = 2048`",
    "defpre": "default settings but `shared_preload_libraries = 'idtypes'` "
              "(and `fsync = off`, the socket and port, as on every server of the suite)",
    "deflocal": "default settings (`fsync = off`, the socket and port, as on every server "
                "of the suite; no `shared_preload_libraries`)",
}
SERVER_TITLES = {
    "shared": "tuned server",
    "defpre": "default settings, preloaded",
    "deflocal": "default settings, not preloaded",
}

# Statements per pgbench transaction, sent in one pipeline: with one round
# trip per statement, the TPS of SELECT gen_x() on a virtual machine is
# mostly how fast an idle vCPU wakes up (it swung fourfold with the other
# load on the machine); a pipeline keeps the backends busy, so the TPS
# follows the cost of the statements, which is what the modes could change.
PIPELINE = 10


def rotated(items, r):
    k = r % len(items)
    return items[k:] + items[:k]


def med(xs):
    return statistics.median(xs)


def fmt_range(xs, f="{:.2f}"):
    return (f + "–" + f).format(min(xs), max(xs))


def log(msg):
    print("==> " + msg, file=sys.stderr, flush=True)


class Bench:
    def __init__(self, args):
        self.args = args
        self.quick = args.quick
        self.results = {}
        self.sections = []      # Markdown of each part, in order
        self.targets = []       # (target, measured, limit, met)

    # -- connections --------------------------------------------------------

    def connect(self, server, options=None):
        host = {"shared": self.args.shared, "local": self.args.local,
                "one": self.args.one, "defpre": self.args.defpre,
                "deflocal": self.args.deflocal, "before": self.args.before,
                "after": self.args.after, "syncbefore": self.args.sync_before,
                "syncafter": self.args.sync_after}[server]
        extra = {"options": options} if options else {}
        return psycopg.connect(host=host, port=5432, user="postgres",
                               dbname="postgres", autocommit=True, **extra)

    def timed(self, conn, sql, params=None):
        start = time.perf_counter()
        cur = conn.execute(sql, params)
        if cur.description is not None:
            cur.fetchall()
        return time.perf_counter() - start

    def setup(self):
        for server in ("shared", "local", "one", "defpre", "deflocal"):
            with self.connect(server) as c:
                c.execute("CREATE EXTENSION IF NOT EXISTS idtypes")
                c.execute('CREATE EXTENSION IF NOT EXISTS "uuid-ossp"')
                c.execute("CREATE EXTENSION IF NOT EXISTS pgstattuple")
                c.execute("CREATE SEQUENCE IF NOT EXISTS bench_seq")
                c.execute(PLPGSQL_UUIDV7)
                c.execute(FILL_PROCEDURE)
        with self.connect("shared") as c:
            IDTYPES_GENERATORS[:] = [(f"{fn}()", typ, f"{fn}()", "idtypes") for fn, typ in c.execute(
                "SELECT generator_fn, type FROM idtypes_schemes()").fetchall()]
            GENERATORS.extend(IDTYPES_GENERATORS)
            self.server_version = c.execute("SHOW server_version").fetchone()[0]
            self.settings = {
                k: c.execute(f"SHOW {k}").fetchone()[0]
                for k in ("shared_buffers", "work_mem", "max_wal_size", "wal_level",
                          "fsync", "full_page_writes", "idtypes.uid8_mode",
                          "idtypes.uid8_generator_count")
            }

    def nrounds(self, full, quick):
        """A part's rounds: --rounds if given, else its quick or full number."""
        return self.args.rounds or (quick if self.quick else full)

    def nrows(self, full, quick):
        """Calls per generation statement and rows per INSERT: --rows if given."""
        return self.args.rows or (quick if self.quick else full)

    def target(self, what, measured, limit, fmt="{:.2f}×", at_least=False):
        met = measured >= limit if at_least else measured <= limit
        self.targets.append((what, fmt.format(measured),
                             ("≥ " if at_least else "≤ ") + fmt.format(limit), met))
        return met

    # -- generation ---------------------------------------------------------

    def part_gen(self):
        n = self.nrows(1_000_000, 100_000)
        rounds = self.nrounds(7, 2)
        for server in ("shared", "defpre", "deflocal"):
            self.gen_on(server, n, rounds if server == "shared" or self.args.rounds else max(2, rounds - 2))

    def gen_on(self, server, n, rounds):
        log(f"generation ({SERVER_TITLES[server]}): {n} calls per statement, {rounds} rounds")
        alts = [("count(1)", "1")] + [(g[0], g[2]) for g in GENERATORS]
        times = {a[0]: [] for a in alts}
        with self.connect(server) as c:
            # warm up: first calls claim, load, fill buffers
            for name, expr in alts:
                c.execute(f"SELECT count({expr}) FROM generate_series(1, 1000)")
            for r in range(rounds):
                for name, expr in rotated(alts, r):
                    times[name].append(self.timed(
                        c, f"SELECT count({expr}) FROM generate_series(1, {n})"))
        base = times["count(1)"]
        per_call = {}
        for name, _ in alts[1:]:
            per_call[name] = [(t - b) / n * 1e6 for t, b in zip(times[name], base)]
        rand_uuid = med(per_call["gen_random_uuid()"])
        nextval = med(per_call["bigint sequence"])
        rows = []
        for name, expr, kind in [(g[0], g[2], g[3]) for g in GENERATORS]:
            pc = per_call[name]
            rows.append(f"| `{expr}` | {kind} | {med(times[name]) * 1000:.1f} | "
                        f"{med(pc):.3f} | {fmt_range(pc, '{:.3f}')} | "
                        f"{rand_uuid / med(pc):.1f}× | {med(pc) / nextval:.2f} |")
        where = "" if server == "shared" else f" ({SERVER_TITLES[server]})"
        for g in IDTYPES_GENERATORS:
            self.target(f"generation{where}: `{g[2]}` µs per call over count(1)",
                        med(per_call[g[0]]), TARGET_GEN_USEC, "{:.3f} µs")
            self.target(f"generation{where}: `{g[2]}` per call / `nextval()`",
                        med(per_call[g[0]]) / nextval, 1.0)
            self.target(f"generation{where}: `gen_random_uuid()` per call / `{g[2]}`",
                        rand_uuid / med(per_call[g[0]]), 10.0, "{:.1f}×", at_least=True)
        key = "gen" if server == "shared" else f"gen_{server}"
        self.results[key] = {"n": n, "server": server, "times": times, "per_call_usec": per_call}
        if server == "shared":
            intro = f"""## Generation

`SELECT count(f()) FROM generate_series(1, {n})` in one backend of the
{SERVER_TITLES[server]}: {SERVERS[server]} (shared clocks; uid8 with 2048
generator ids, so below its per-generator-id rate), {rounds} rounds."""
        else:
            intro = f"""### Generation: {SERVER_TITLES[server]}

The same on the server with {SERVERS[server]}: uid8 with automatic
generator ids, one at first, more when a millisecond's 64 run out;
time_sequential. {rounds} rounds."""
        self.sections.append(intro + f"""
Per call: the statement's time minus that of `count(1)` in the same round,
divided by {n}. `count(1)` itself: median {med(base) * 1000:.1f} ms.

| generator | from | statement ms (median) | µs per call (median) | min–max | cheaper than gen_random_uuid() | / nextval() |
|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n")

    # -- uid8 sustained rate ------------------------------------------------

    def part_uid8rate(self):
        # (label, server, idtypes.uid8_generator_count or None, backends, ids
        # per backend, idtypes.uid8_generator_count_max); automatic generator
        # ids: the count_max equal to the count keeps a backend to its first
        # claim, the default 512 lets it claim more
        q = 10 if self.quick else 1
        configs = [
            ("automatic generator id (one per backend), `idtypes.uid8_generator_count_max = 1`",
             "local", 1, 1, 200_000 // q, 1),
            ("automatic generator id (one per backend), `idtypes.uid8_generator_count_max = 1`",
             "local", 1, 2, 200_000 // q, 1),
            ("configured generator id (the server's)", "one", None, 1, 200_000 // q, None),
            ("configured generator id (the server's, shared)", "one", None, 2, 100_000 // q, None),
            ("automatic, `idtypes.uid8_generator_count = 16` and `_max = 16` per backend",
             "local", 16, 1, 1_000_000 // q, 16),
            ("automatic, `idtypes.uid8_generator_count = 64` and `_max = 64` per backend",
             "local", 64, 1, 2_000_000 // q, 64),
            ("automatic, `idtypes.uid8_generator_count = 64` and `_max = 64` per backend",
             "local", 64, 2, 2_000_000 // q, 64),
            ("automatic, default settings (one generator id at first, up to 512)",
             "local", 1, 1, 2_000_000 // q, 512),
            ("automatic, default settings (one generator id at first, up to 512)",
             "local", 1, 2, 2_000_000 // q, 512),
            ("configured, `idtypes.uid8_generator_count = 2048`", "shared", None, 1, 2_000_000 // q, None),
        ]
        rounds = self.nrounds(3, 1)
        log(f"uid8 sustained rate: {len(configs)} configurations, {rounds} rounds")
        rates = {i: [] for i in range(len(configs))}
        with self.connect("local") as admin:
            # ALTER SYSTEM knows the settings once the library is loaded
            admin.execute("LOAD 'idtypes'")
            for r in range(rounds):
                for i, (label, server, count, backends, n, most) in rotated(list(enumerate(configs)), r):
                    if count is not None:
                        admin.execute(f"ALTER SYSTEM SET idtypes.uid8_generator_count = {count}")
                        admin.execute(f"ALTER SYSTEM SET idtypes.uid8_generator_count_max = {most}")
                        admin.execute("SELECT pg_reload_conf()")
                        time.sleep(0.2)
                    conns = [self.connect(server) for _ in range(backends)]
                    try:
                        for c in conns:
                            if count is not None:
                                got = c.execute("SHOW idtypes.uid8_generator_count").fetchone()[0]
                                assert int(got) == count, got
                            c.execute("SELECT gen_uid8()")   # claims outside the timing
                        done = []
                        def gen(c):
                            c.execute(f"SELECT count(gen_uid8()) FROM generate_series(1, {n})")
                            done.append(time.perf_counter())
                        threads = [threading.Thread(target=gen, args=(c,)) for c in conns]
                        start = time.perf_counter()
                        for t in threads:
                            t.start()
                        for t in threads:
                            t.join()
                        assert len(done) == backends
                        rates[i].append(backends * n / (max(done) - start))
                    finally:
                        for c in conns:
                            c.close()
            admin.execute("ALTER SYSTEM RESET idtypes.uid8_generator_count")
            admin.execute("ALTER SYSTEM RESET idtypes.uid8_generator_count_max")
            admin.execute("SELECT pg_reload_conf()")
        rows = []
        for i, (label, server, count, backends, n, most) in enumerate(configs):
            ids = 1 if count is None and server == "one" else (2048 if count is None else most)
            limit = 64_000 * ids * (backends if server == "local" else 1)
            rows.append(f"| {label} | {backends} | {n:,} | {med(rates[i]):,.0f} | "
                        f"{fmt_range(rates[i], '{:,.0f}')} | {limit:,} | "
                        f"{med(rates[i]) / limit * 100:.0f}% |")
        self.results["uid8rate"] = {configs[i][0] + f" x{configs[i][3]}": v for i, v in rates.items()}
        self.sections.append(f"""## uid8: sustained rate

The layout allows 64 ids per millisecond per generator id; a generator
that has used up a millisecond sleeps to the next (a backend with automatic
generator ids first claims as many again, up to
`idtypes.uid8_generator_count_max`, which serve from the next millisecond). Each backend runs
`SELECT count(gen_uid8()) FROM generate_series(1, n)`; with two backends
at once, the rate is all their ids over the time from the start to the
last one's end. Automatic generator ids: the server without
`shared_preload_libraries` (each backend claims its own, and
`idtypes.uid8_generator_count` of them at first; the layout limit counts
`idtypes.uid8_generator_count_max`). Configured: a server with
`shared_preload_libraries` and `idtypes.uid8_generator_id = 0` (one
generator shared by all backends), with `idtypes.uid8_generator_count` 1
(a third server) or 2048 (the server of the other parts, where 2048
generator ids allow 131 million ids per second, so that its rate is its
per-call cost). {rounds} rounds.

| generator | backends | ids per backend | ids/s (median) | min–max | layout limit | of the limit |
|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n")

    # -- pgbench: shared against per-backend --------------------------------

    def pgbench(self, server, script, clients, secs, options=None):
        host = self.args.shared if server == "shared" else self.args.local
        env = dict(os.environ, PGOPTIONS=options) if options else None
        out = subprocess.run(
            [os.path.join(self.args.pgbin, "pgbench"), "-h", host, "-p", "5432",
             "-U", "postgres", "-n", "-M", "prepared", "-f", script,
             "-c", str(clients), "-j", str(min(clients, 2)), "-T", str(secs),
             "postgres"],
            capture_output=True, text=True, check=True, env=env).stdout
        m = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", out)
        return float(m.group(1))

    def part_pgbench(self):
        clients_list = [1, 2, 4, 8]
        secs = 1 if self.quick else 2
        rounds = 1 if self.quick else 5
        gens = IDTYPES_GENERATORS
        log(f"pgbench: {len(gens)} generators, clients {clients_list}, {secs} s, {rounds} rounds")
        scripts = {}
        for g in gens:
            path = os.path.join(self.args.workdir, f"pgbench_{g[1]}_{g[2][:-2]}.sql")
            with open(path, "w") as f:
                f.write("\\startpipeline\n" + f"SELECT {g[2]};\n" * PIPELINE + "\\endpipeline\n")
            scripts[g[0]] = path
        # Each (generator, clients) runs on both servers back to back, the
        # server that goes first alternating: the ratio of a pair is taken
        # within a few seconds, and its median over the rounds is reported.
        alts = [(g[0], c) for g in gens for c in clients_list]
        tps = {(a[0], a[1], s): [] for a in alts for s in ("shared", "local")}
        ratio = {a: [] for a in alts}
        for r in range(rounds):
            for i, a in enumerate(rotated(alts, r)):
                order = ("shared", "local") if (r + i) % 2 == 0 else ("local", "shared")
                got = {s: self.pgbench(s, scripts[a[0]], a[1], secs) for s in order}
                for s in order:
                    tps[(a[0], a[1], s)].append(got[s])
                ratio[a].append(got["local"] / got["shared"])
        rows = []
        for g in gens:
            cells = []
            for c in clients_list:
                s, l = med(tps[(g[0], c, "shared")]), med(tps[(g[0], c, "local")])
                q = ratio[(g[0], c)]
                cells.append(f"{s:,.0f} / {l:,.0f} ({med(q):.3f}, {fmt_range(q, '{:.2f}')})")
            rows.append(f"| `{g[2]}` | " + " | ".join(cells) + " |")
        for g in gens:
            for c in clients_list:
                self.target(f"pgbench `{g[2]}`, {c} client{'s' if c > 1 else ''}: "
                            f"per-backend TPS / shared TPS", med(ratio[(g[0], c)]), 1.05)
        self.results["pgbench"] = {"pipeline": PIPELINE,
                                   "tps": {f"{a[0]}|{a[1]}|{a[2]}": v for a, v in tps.items()}}
        self.sections.append(f"""## Shared-memory mode under pgbench

`pgbench -n -M prepared -T {secs} -c N -j min(N,2)` with a script of
{PIPELINE} `SELECT gen_x();` in one pipeline (`\\startpipeline` ...
`\\endpipeline`), against the server with `shared_preload_libraries`
(one clock per scheme in shared memory, advanced with a compare-and-swap)
and the one without (a clock per backend); both otherwise identical.
{rounds} rounds; in each, every (generator, clients) runs on both servers
back to back (which one first alternates), and the ratio per-backend TPS ÷
shared TPS of that pair is one sample. Cells: median TPS shared /
per-backend (median ratio, min–max); a transaction is {PIPELINE}
statements. pgbench runs on the same 2 cores as the servers, so at 4 and
8 clients the cores are oversubscribed. (Without the pipeline, one round
trip per statement, the TPS measures mostly how fast an idle virtual CPU
wakes up, which changes with the other load on the machine.)

| generator | 1 client | 2 clients | 4 clients | 8 clients |
|---|---|---|---|---|
""" + "\n".join(rows) + "\n")

    # -- INSERT past shared_buffers -----------------------------------------

    def insert_once(self, c, typ, expr, n, batch, d):
        """Fill a fresh table of n rows keyed by expr; append to d's lists."""
        c.execute("DROP TABLE IF EXISTS bench_insert")
        c.execute(f"CREATE TABLE bench_insert (id {typ} PRIMARY KEY DEFAULT {expr}, "
                  f"v int NOT NULL)")
        c.execute("CHECKPOINT")
        lsn0 = c.execute("SELECT pg_current_wal_lsn()").fetchone()[0]
        secs = self.timed(c, f"CALL bench_fill('bench_insert', {n}, {batch})")
        wal = c.execute(f"SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '{lsn0}')").fetchone()[0]
        density, = c.execute(
            "SELECT avg_leaf_density FROM pgstatindex('bench_insert_pkey')").fetchone()
        idx, heap, cnt = c.execute(
            "SELECT pg_relation_size('bench_insert_pkey'), "
            "pg_relation_size('bench_insert'), count(*) FROM bench_insert").fetchone()
        assert cnt == n, (expr, cnt)
        d["secs"].append(secs)
        d["wal"].append(float(wal) / n)
        d["density"].append(float(density))
        d["index"].append(idx)
        d["heap"].append(heap)
        # where the fill's WAL starts, for a look at its records before the
        # next checkpoint recycles it (part walres)
        d.setdefault("lsn0", []).append(lsn0)

    def part_insert(self):
        n = self.nrows(1_000_000, 50_000)
        rounds = self.nrounds(5, 1)
        for server in ("shared", "defpre", "deflocal"):
            self.insert_on(server, n, rounds if server == "shared" or self.args.rounds else max(1, rounds - 2))

    def insert_on(self, server, n, rounds):
        batch = 1000
        log(f"insert ({SERVER_TITLES[server]}): {n} rows in transactions of {batch}, {rounds} rounds")
        res = {g[0]: {"secs": [], "wal": [], "density": [], "index": [], "heap": []}
               for g in GENERATORS}
        with self.connect(server) as c:
            for r in range(rounds):
                for name, typ, expr, _ in rotated(GENERATORS, r):
                    self.insert_once(c, typ, expr, n, batch, res[name])
            c.execute("DROP TABLE IF EXISTS bench_insert")
            sb = c.execute("SELECT pg_size_bytes(current_setting('shared_buffers'))").fetchone()[0]
        base = med(res["bigint sequence"]["secs"])
        rows = []
        for name, typ, expr, kind in GENERATORS:
            d = res[name]
            s = med(d["secs"])
            rows.append(f"| `{expr}` | `{typ}` | {s:.2f} | {fmt_range(d['secs'])} | "
                        f"{s / base:.2f}× | {n / s:,.0f} | {med(d['wal']):.0f} | "
                        f"{med(d['index']) / 2**20:.1f} | {med(d['density']):.1f}% | "
                        f"{(med(d['heap']) + med(d['index'])) / sb:.1f}× |")
        where = "" if server == "shared" else f" ({SERVER_TITLES[server]})"
        for name, typ, expr, kind in IDTYPES_GENERATORS:
            # uid8: 1.05 on the tuned server; the 1.1 with default settings
            limit = (1.05 if server == "shared" else 1.10) if typ == "uid8" else 1.25
            self.target(f"INSERT{where}: `{expr}` time / bigint sequence", med(res[name]["secs"]) / base, limit)
        for name, typ, expr, kind in IDTYPES_GENERATORS:
            d = med(res[name]["density"])
            self.target(f"INSERT{where}: `{expr}` B-tree leaf density", d, 85.0, "{:.1f}%", at_least=True)
        key = "insert" if server == "shared" else f"insert_{server}"
        self.results[key] = {"n": n, "batch": batch, "shared_buffers": sb, "server": server, "res": res}
        if server == "shared":
            intro = f"""## INSERT past shared_buffers

A table `(id <type> PRIMARY KEY DEFAULT <generator>, v int NOT NULL)`,
filled with {n:,} rows in transactions of {batch} (`INSERT INTO t (v)
SELECT g FROM generate_series(...)`, from a procedure that commits after
each), on the {SERVER_TITLES[server]}: {SERVERS[server]}; `shared_buffers`
= {sb // 2**20} MB. A `CHECKPOINT` before each fill; WAL is the LSN
difference over the fill divided by the rows (full-page images after the
checkpoint included); leaf density from `pgstatindex()` (pgstattuple).
{rounds} rounds."""
        else:
            intro = f"""### INSERT: {SERVER_TITLES[server]}

The same on the server with {SERVERS[server]} (`shared_buffers` = {sb // 2**20} MB,
so the table and index fit in it). {rounds} rounds."""
        chart = "\n\n![INSERT throughput and index size](insert.png)\n" if server == "shared" else "\n"
        self.sections.append(intro + """

| generator | type | seconds (median) | min–max | time / bigint | rows/s | WAL bytes/row | index MB | leaf density | table + index / shared_buffers |
|---|---|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + chart)

    # -- the parts that compare with the --before build (floor, walres) -----

    def has_before(self, title):
        """Whether --before names a build to compare with; if not, the
        section says it was not run."""
        if not self.args.before:
            self.sections.append(title + "Not run: `bench/run.sh --before REF` names the build to compare with.\n\n")
        return bool(self.args.before)

    def connect_before_after(self):
        """Connections to the servers of --before and --after, each with what
        parts walres and floor use."""
        conns = {sv: self.connect(sv) for sv in ("before", "after")}
        for c in conns.values():
            for stmt in ("CREATE EXTENSION IF NOT EXISTS idtypes", "CREATE EXTENSION IF NOT EXISTS pgstattuple",
                         "CREATE EXTENSION IF NOT EXISTS pg_walinspect", 'CREATE EXTENSION IF NOT EXISTS "uuid-ossp"',
                         "CREATE SEQUENCE IF NOT EXISTS bench_seq", PLPGSQL_UUIDV7, FILL_PROCEDURE):
                c.execute(stmt)
        # a build from before the UUID generators' renames (gen_uuidvN()):
        # the new names, bound to the same C functions, so both builds run
        # the same statements at the same cost
        for n_ in (6, 7, 8):
            if conns["before"].execute(f"SELECT to_regprocedure('uuidv{n_}_next()')").fetchone()[0] is None:
                conns["before"].execute(f"CREATE FUNCTION uuidv{n_}_next() RETURNS uuid "
                                        f"AS '$libdir/idtypes', 'gen_uuidv{n_}' LANGUAGE C VOLATILE")
        return conns

    # -- generators' cost per call: before and after --------------------------

    def part_floor(self):
        """The build of --before against this one, on two servers with the same
        settings: every generator's time per call, and the INSERT time of
        each key's generator against a bigint sequence and gen_random_uuid()
        (and core's uuidv7() where the server has it), so that a change to
        the generators' hot paths shows what it gained, and where the
        alternatives stand, in one run."""
        title = "## Generators per call: before and after\n\n"
        if not self.has_before(title):
            return
        ncall = self.nrows(1_000_000, 100_000)
        n = self.nrows(200_000, 20_000)
        rounds = self.nrounds(5, 2)
        batch = 1000
        servers = ["before", "after"]
        conns = self.connect_before_after()
        gens = list(GENERATORS)
        if int(conns["after"].execute("SHOW server_version_num").fetchone()[0]) >= 180000:
            gens.insert(2, ("uuidv7() (core)", "uuid", "uuidv7()", "core"))
        inserted = [g for g in gens if g[0] not in ("uuid_generate_v1()", "PL/pgSQL UUIDv7")]
        log(f"floor: {ncall} calls, {n} rows in transactions of {batch}, {rounds} rounds, before and after")
        alts = [("count(1)", "1")] + [(g[0], g[2]) for g in gens]
        calls = {(sv, a[0]): [] for sv in servers for a in alts}
        ins = {(sv, g[0]): {"secs": [], "wal": [], "density": [], "index": [], "heap": []}
               for sv in servers for g in inserted}
        for c in conns.values():
            for name, expr in alts:
                c.execute(f"SELECT count({expr}) FROM generate_series(1, 1000)")
        for r in range(rounds):
            for sv in rotated(servers, r):
                c = conns[sv]
                for name, expr in rotated(alts, r):
                    calls[(sv, name)].append(self.timed(
                        c, f"SELECT count({expr}) FROM generate_series(1, {ncall})"))
                for name, typ, expr, _ in rotated(inserted, r):
                    self.insert_once(c, typ, expr, n, batch, ins[(sv, name)])
        for c in conns.values():
            c.execute("DROP TABLE IF EXISTS bench_insert")
            c.close()

        def ns(sv, name):
            return med([(t - b) / ncall * 1e9 for t, b in zip(calls[(sv, name)], calls[(sv, "count(1)")])])

        def secs(sv, name):
            return med(ins[(sv, name)]["secs"])

        rows = []
        for name, typ, expr, kind in gens:
            b, a = ns("before", name), ns("after", name)
            cells = [f"`{expr}`", kind, f"{b:.1f}", f"{a:.1f}", f"{a / b:.2f}" if kind == "idtypes" else ""]
            if any(g[0] == name for g in inserted):
                for sv in servers:
                    cells += [f"{secs(sv, name):.2f}", f"{secs(sv, name) / secs(sv, 'bigint sequence'):.2f}×",
                              f"{secs(sv, name) / secs(sv, 'gen_random_uuid()'):.2f}×"]
            else:
                cells += [""] * 6
            rows.append("| " + " | ".join(cells) + " |")
        self.results["floor"] = {"n": n, "ncall": ncall, "batch": batch, "before_ref": self.args.before_ref,
                                 "calls": {f"{k[0]} {k[1]}": v for k, v in calls.items()},
                                 "insert": {f"{k[0]} {k[1]}": v for k, v in ins.items()}}
        self.sections.append(title + f"""The build of `{self.args.before_ref}` (before) against this one
(after), on two servers with the same settings (those of the tuned server,
but `fsync = on`: the servers of part walres), both in every round, in a
rotating order; the alternatives run on both, so that their columns show
the run's noise. Per call: ns over `count(1)` in
`SELECT count(f()) FROM generate_series(1, {ncall})`, medians of {rounds}
rounds. INSERT: {n:,} rows in transactions of {batch}, as in
[INSERT past shared_buffers](#insert-past-shared_buffers), median seconds,
and their ratios to a bigint sequence and to `gen_random_uuid()` on the
same server.

| generator | from | ns per call before | after | after / before | INSERT s before | × sequence | × gen_random_uuid() | INSERT s after | × sequence | × gen_random_uuid() |
|---|---|---|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n")

    def part_walres(self):
        """The build of --before (bench/run.sh --before REF, a build without
        the clocks' reservations in the WAL) against this one, on two servers
        with the same settings and fsync on (the reservation's flush and the
        state file's fsync are what could cost): per-call cost, INSERT time,
        WAL bytes per row, and the idtypes WAL records an INSERT wrote."""
        title = "## Reservations in the WAL: before and after\n\n"
        if not self.has_before(title):
            return
        n = self.nrows(1_000_000, 50_000)
        ncall = self.nrows(1_000_000, 100_000)
        rounds = self.nrounds(5, 2)
        batch = 1000
        servers = ["before", "after"]
        gens = [GENERATORS[0]] + IDTYPES_GENERATORS
        log(f"walres: {ncall} calls, {n} rows in transactions of {batch}, {rounds} rounds, before and after")
        conns = self.connect_before_after()
        calls = {(sv, a): [] for sv in servers for a in ["count(1)"] + [g[0] for g in gens]}
        ins = {(sv, g[0]): {"secs": [], "wal": [], "density": [], "index": [], "heap": [], "records": [], "lsn0": []}
               for sv in servers for g in gens}
        for r in range(rounds):
            for sv in rotated(servers, r):
                c = conns[sv]
                for name, expr in rotated([("count(1)", "1")] + [(g[0], g[2]) for g in gens], r):
                    calls[(sv, name)].append(self.timed(
                        c, f"SELECT count({expr}) FROM generate_series(1, {ncall})"))
                for name, typ, expr, _ in rotated(gens, r):
                    d = ins[(sv, name)]
                    self.insert_once(c, typ, expr, n, batch, d)
                    lsn0 = d["lsn0"][-1]
                    lsn1 = c.execute("SELECT pg_current_wal_flush_lsn()").fetchone()[0]
                    if r == 0:
                        recs, = c.execute(
                            "SELECT coalesce(sum(count), 0) FROM pg_get_wal_stats(%s, %s) "
                            "WHERE \"resource_manager/record_type\" = 'idtypes'", (lsn0, lsn1)).fetchone()
                        d["records"].append(int(recs))
        for c in conns.values():
            c.execute("DROP TABLE IF EXISTS bench_insert")
            c.close()

        def per_call(sv, name):
            return [(t - b) / ncall * 1e6 for t, b in zip(calls[(sv, name)], calls[(sv, "count(1)")])]

        rows = []
        for name, typ, expr, _ in gens:
            b, a = ins[("before", name)], ins[("after", name)]
            pb, pa = med(per_call("before", name)), med(per_call("after", name))
            rows.append(f"| `{expr}` | {pb:.3f} | {pa:.3f} | {med(b['secs']):.2f} ({fmt_range(b['secs'])}) | "
                        f"{med(a['secs']):.2f} ({fmt_range(a['secs'])}) | {med(a['secs']) / med(b['secs']):.3f} | "
                        f"{med(b['wal']):.1f} | {med(a['wal']):.1f} | {b['records'][0]} | {a['records'][0]} | "
                        f"{a['secs'][0]:.1f} |")
            if name != "bigint sequence":
                # the run's noise: the spread of the before build's own rounds
                noise = max(b["secs"]) / min(b["secs"])
                self.target(f"WAL reservations: `{expr}` INSERT time after / before (limit: the before rounds' max / min)",
                            med(a["secs"]) / med(b["secs"]), max(noise, 1.0))
                # one record per busy clock per half window (2.5 s), plus the first
                self.target(f"WAL reservations: `{expr}` idtypes records in the first fill ({a['secs'][0]:.1f} s)",
                            a["records"][0], a["secs"][0] / 2.5 + 2, "{:.0f}")
        self.results["walres"] = {"n": n, "ncall": ncall, "batch": batch, "before_ref": self.args.before_ref,
                                  "calls": {f"{k[0]} {k[1]}": v for k, v in calls.items()},
                                  "insert": {f"{k[0]} {k[1]}": v for k, v in ins.items()}}
        self.sections.append(title + f"""The build of `{self.args.before_ref}` (before: the clocks' reservations
in the state file only) against this one (after: also in the WAL, one
`idtypes` record per extension of a clock's reservation, flushed), on two
servers with the same settings as the tuned server but `fsync = on`, so that
the flush and the state file's fsync cost what they cost; both servers in
every round, in a rotating order. Per call: µs over `count(1)` in
`SELECT count(f()) FROM generate_series(1, {ncall:,})`. INSERT: {n:,} rows
in transactions of {batch}, as in [INSERT past shared_buffers](#insert-past-shared_buffers),
seconds as median (min–max) of {rounds} rounds; WAL bytes per row; the
`idtypes` WAL records the first fill wrote (`pg_get_wal_stats()` of
pg_walinspect), next to that fill's seconds: at most one per busy clock
every 2.5 seconds (half the 5-second window).

| generator | µs per call before | after | INSERT s before | after | after / before | WAL B/row before | after | idtypes records before | after | first fill s |
|---|---|---|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n")

    # -- synchronous replication: before and after ---------------------------

    def part_syncrep(self):
        """The build of --before against this one, each a primary with a
        synchronous standby of its own (synchronous_commit = on): generators
        per call in long statements, one id per statement (autocommit, as a
        client that asks for an id), and INSERT, whose commits wait for the
        standby.  Before, a generator did not wait for the standby; after, it
        returns an id only once the standby has confirmed its reservation,
        which the early extension of the reservations makes happen ahead of
        need."""
        title = "## Synchronous replication: before and after\n\n"
        if not self.has_before(title):
            return
        servers = ["syncbefore", "syncafter"]
        conns = {sv: self.connect(sv) for sv in servers}
        for sv, c in conns.items():
            for stmt in ("CREATE EXTENSION IF NOT EXISTS idtypes", "CREATE EXTENSION IF NOT EXISTS pgstattuple",
                         "CREATE SEQUENCE IF NOT EXISTS bench_seq", FILL_PROCEDURE):
                c.execute(stmt)
            # the standby becomes synchronous once the walsender has read the
            # reloaded setting
            for _ in range(300):
                state = c.execute("SELECT string_agg(sync_state, ',') FROM pg_stat_replication").fetchone()[0]
                if state == "sync":
                    break
                time.sleep(0.1)
            assert state == "sync", (sv, state)
        ncall = self.nrows(1_000_000, 100_000)
        n = self.nrows(200_000, 20_000)
        nstmt = 2000 if not self.quick else 200
        rounds = self.nrounds(5, 2)
        batch = 1000
        gens = [GENERATORS[0], GENERATORS[1]] + IDTYPES_GENERATORS
        log(f"syncrep: {ncall} calls, {nstmt} one-id statements, {n} rows in transactions of {batch}, "
            f"{rounds} rounds, before and after")
        alts = [("count(1)", "1")] + [(g[0], g[2]) for g in gens]
        calls = {(sv, a[0]): [] for sv in servers for a in alts}
        single = {(sv, g[0]): [] for sv in servers for g in gens}
        ins = {(sv, g[0]): {"secs": [], "wal": [], "density": [], "index": [], "heap": []}
               for sv in servers for g in gens}
        for c in conns.values():
            for name, expr in alts:
                c.execute(f"SELECT count({expr}) FROM generate_series(1, 1000)")
        for r in range(rounds):
            for sv in rotated(servers, r):
                c = conns[sv]
                for name, expr in rotated(alts, r):
                    calls[(sv, name)].append(self.timed(
                        c, f"SELECT count({expr}) FROM generate_series(1, {ncall})"))
                for name, typ, expr, _ in rotated(gens, r):
                    start = time.perf_counter()
                    for _ in range(nstmt):
                        c.execute(f"SELECT {expr}").fetchone()
                    single[(sv, name)].append((time.perf_counter() - start) / nstmt)
                for name, typ, expr, _ in rotated(gens, r):
                    self.insert_once(c, typ, expr, n, batch, ins[(sv, name)])
        for c in conns.values():
            c.execute("DROP TABLE IF EXISTS bench_insert")
            c.close()

        def ns(sv, name):
            return med([(t - b) / ncall * 1e9 for t, b in zip(calls[(sv, name)], calls[(sv, "count(1)")])])

        rows = []
        for name, typ, expr, kind in gens:
            b, a = ns("syncbefore", name), ns("syncafter", name)
            sb, sa = med(single[("syncbefore", name)]) * 1e6, med(single[("syncafter", name)]) * 1e6
            ib, ia = ins[("syncbefore", name)]["secs"], ins[("syncafter", name)]["secs"]
            rows.append(f"| `{expr}` | {kind} | {b:.1f} | {a:.1f} | {a / b:.2f} | {sb:.0f} | {sa:.0f} | {sa / sb:.2f} | "
                        f"{med(ib):.2f} ({fmt_range(ib)}) | {med(ia):.2f} ({fmt_range(ia)}) | {med(ia) / med(ib):.3f} | "
                        f"{med(ia) / med(ins[('syncafter', 'bigint sequence')]['secs']):.2f}× |")
            if kind == "idtypes":
                noise = max(ib) / min(ib)
                self.target(f"synchronous replication: `{expr}` INSERT time after / before "
                            f"(limit: the before rounds' max / min)", med(ia) / med(ib), max(noise, 1.0))
        self.results["syncrep"] = {"n": n, "ncall": ncall, "nstmt": nstmt, "batch": batch,
                                   "before_ref": self.args.before_ref,
                                   "calls": {f"{k[0]} {k[1]}": v for k, v in calls.items()},
                                   "single": {f"{k[0]} {k[1]}": v for k, v in single.items()},
                                   "insert": {f"{k[0]} {k[1]}": v for k, v in ins.items()}}
        self.sections.append(title + f"""The build of `{self.args.before_ref}` (before: generators that do not
wait for the synchronous standby) against this one (after: an id is
returned only once the standby has confirmed its reservation), each a
primary with the settings of part walres (tuned, `fsync = on`) and a
synchronous standby of its own on this machine (`synchronous_standby_names`,
`synchronous_commit = on`); both in every round, in a rotating order.
Per call: ns over `count(1)` in `SELECT count(f()) FROM generate_series(1,
{ncall:,})`. One id per statement: µs per `SELECT f()` over {nstmt:,}
statements in autocommit, one after the other (a read-only statement: its
commit waits for nothing; `nextval()` does write, and waits at the commit
of each statement that logs the sequence, one in 32). INSERT: {n:,} rows
in transactions of {batch}, each commit waiting for the standby, seconds as
median (min–max) of {rounds} rounds, and its ratio to a bigint sequence on
the server after.

| generator | from | ns per call before | after | after / before | µs per one-id statement before | after | after / before | INSERT s before | after | after / before | INSERT after × sequence |
|---|---|---|---|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n")

    # -- sort ---------------------------------------------------------------

    def make_id_tables(self, c, n):
        """1M generated ids of each idtypes type, each next to the same bytes
        as core uuid (uid8: as bigint), in random order."""
        pairs = [
            ("muid", "gen_muid()", "x::uuid", "uuid"),
            ("hlculid", "gen_hlculid()", "x::uuid", "uuid"),
            ("tid62", "gen_tid62()", "encode(x::bytea || '\\x00000000'::bytea, 'hex')::uuid", "uuid"),
            ("uid8", "gen_uid8()", "x::bigint", "bigint"),
        ]
        c.execute("SET work_mem = '1GB'")
        for typ, gen, conv, ctyp in pairs:
            c.execute(f"DROP TABLE IF EXISTS bench_gen_{typ}, bench_ids_{typ}")
            c.execute(f"CREATE TABLE bench_gen_{typ} (id {typ} DEFAULT {gen}, v int)")
            c.execute(f"CALL bench_fill('bench_gen_{typ}', {n}, 1000)")
            c.execute(f"CREATE TABLE bench_ids_{typ} AS SELECT x, {conv} AS y FROM "
                      f"(SELECT id AS x FROM bench_gen_{typ} ORDER BY random()) s")
            c.execute(f"DROP TABLE bench_gen_{typ}")
            c.execute(f"VACUUM ANALYZE bench_ids_{typ}")
        c.execute("DROP TABLE IF EXISTS bench_gen_uuid, bench_ids_uuid")
        c.execute("CREATE TABLE bench_gen_uuid (id uuid DEFAULT uuidv7_next(), v int)")
        c.execute(f"CALL bench_fill('bench_gen_uuid', {n}, 1000)")
        c.execute("CREATE TABLE bench_ids_uuid AS SELECT id AS x FROM bench_gen_uuid ORDER BY random()")
        c.execute("DROP TABLE bench_gen_uuid")
        c.execute("VACUUM ANALYZE bench_ids_uuid")
        c.execute("RESET work_mem")
        return pairs

    def ensure_id_tables(self, c):
        n = 100_000 if self.quick else 1_000_000
        if getattr(self, "id_tables_n", None) != n:
            log(f"generating {n} ids of each type for sort and COPY")
            self.id_pairs = self.make_id_tables(c, n)
            self.id_tables_n = n
        return n

    def part_sort(self):
        rounds = 2 if self.quick else 7
        with self.connect("shared") as c:
            n = self.ensure_id_tables(c)
            log(f"sort: {n} rows, {rounds} rounds")
            c.execute("SET work_mem = '1GB'")
            alts = []
            for typ, _, _, ctyp in self.id_pairs:
                alts.append((typ, typ, "x"))
                alts.append((typ, ctyp, "y"))
            # the plan must be an in-memory quicksort of every row
            for typ, label, col in alts:
                plan = "\n".join(r[0] for r in c.execute(
                    f"EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) "
                    f"SELECT {col} FROM bench_ids_{typ} ORDER BY {col} OFFSET {n}").fetchall())
                assert "Sort Method: quicksort" in plan, plan
            # Each timed sort follows an untimed run of the same statement:
            # the first sort after one of another size pays about 10 ms for
            # the backend's memory (page faults as the heap grows again),
            # which would land on whichever alternative comes first.
            times = {(a[0], a[1]): [] for a in alts}
            for r in range(rounds):
                for typ, label, col in rotated(alts, r):
                    sql = f"SELECT {col} FROM bench_ids_{typ} ORDER BY {col} OFFSET {n}"
                    self.timed(c, sql)
                    times[(typ, label)].append(self.timed(c, sql))
        rows = []
        for typ, _, _, ctyp in self.id_pairs:
            a, b = times[(typ, typ)], times[(typ, ctyp)]
            ratio = med(a) / med(b)
            rows.append(f"| `{typ}` | {med(a) * 1000:.0f} ({fmt_range([x * 1000 for x in a], '{:.0f}')}) | "
                        f"`{ctyp}` | {med(b) * 1000:.0f} ({fmt_range([x * 1000 for x in b], '{:.0f}')}) | "
                        f"{ratio:.3f} |")
            self.target(f"sort: `{typ}` / the same bytes as `{ctyp}`", ratio, 1.10)
        self.results["sort"] = {f"{k[0]}|{k[1]}": v for k, v in times.items()}
        self.sections.append(f"""## Sort in memory

{n:,} generated ids of each type (in transactions of 1000, like the INSERT
part), stored in random order next to the same bytes as core `uuid`
(tid62: its 12 bytes and 4 zero bytes; uid8: as `bigint`, its `uid8::bigint`
cast). `SELECT x FROM t ORDER BY x OFFSET {n}` with `work_mem = 1GB` (an
in-memory quicksort of every row, checked with `EXPLAIN ANALYZE`), {rounds}
rounds; each timed run follows an untimed run of the same statement, so that
no alternative pays for the backend's memory growing again after a sort of
another size. Milliseconds, median (min–max).

| type | ms | same bytes as | ms | ratio |
|---|---|---|---|---|
""" + "\n".join(rows) + "\n")

    # -- COPY ---------------------------------------------------------------

    def part_copy(self):
        rounds = 2 if self.quick else 7
        with self.connect("shared") as c:
            n = self.ensure_id_tables(c)
            log(f"copy: {n} rows, {rounds} rounds")
            types = ["uuid"] + [p[0] for p in self.id_pairs]
            for typ in types:
                c.execute(f"DROP TABLE IF EXISTS bench_copy_{typ}, bench_copyin_{typ}")
                c.execute(f"CREATE UNLOGGED TABLE bench_copy_{typ} AS SELECT x FROM bench_ids_{typ}")
                c.execute(f"CREATE UNLOGGED TABLE bench_copyin_{typ} (x {typ})")
                c.execute(f"CREATE UNLOGGED TABLE bench_text_{typ} AS SELECT x::text AS s FROM bench_copy_{typ}")
                c.execute(f"VACUUM ANALYZE bench_copy_{typ}, bench_text_{typ}")
                c.execute(f"COPY bench_copy_{typ} TO '{self.args.workdir}/copy_{typ}.txt'")
            to = {t: [] for t in types}
            fr = {t: [] for t in types}
            out = {t: [] for t in types}
            inp = {t: [] for t in types}
            for r in range(rounds):
                # the output and input functions alone, over a scan
                for typ in rotated(types, r):
                    out[typ].append(self.timed(c, f"SELECT count(x::text) FROM bench_copy_{typ}"))
                for typ in rotated(types, r):
                    inp[typ].append(self.timed(c, f"SELECT count(s::{typ}) FROM bench_text_{typ}"))
                for typ in rotated(types, r):
                    to[typ].append(self.timed(c, f"COPY bench_copy_{typ} TO '/dev/null'"))
                for typ in rotated(types, r):
                    c.execute(f"TRUNCATE bench_copyin_{typ}")
                    fr[typ].append(self.timed(
                        c, f"COPY bench_copyin_{typ} FROM '{self.args.workdir}/copy_{typ}.txt'"))
            for typ in types:
                cnt, = c.execute(f"SELECT count(*) FROM bench_copyin_{typ}").fetchone()
                assert cnt == n
                c.execute(f"DROP TABLE bench_copy_{typ}, bench_copyin_{typ}, bench_text_{typ}")
                os.unlink(f"{self.args.workdir}/copy_{typ}.txt")
        rows = []
        for typ in types:
            cells = []
            for d in (to, fr, out, inp):
                cells.append(f"{med(d[typ]) * 1000:.0f} ({fmt_range([x * 1000 for x in d[typ]], '{:.0f}')}) | "
                             f"{med(d[typ]) / med(d['uuid']):.2f}")
            rows.append(f"| `{typ}` | " + " | ".join(cells) + " |")
        for typ in types[1:]:
            self.target(f"COPY TO: `{typ}` / `uuid`", med(to[typ]) / med(to["uuid"]), 1.2)
            self.target(f"COPY FROM: `{typ}` / `uuid`", med(fr[typ]) / med(fr["uuid"]), 1.2)
        self.results["copy"] = {"to": to, "from": fr, "out": out, "in": inp}
        self.sections.append(f"""## COPY TO and FROM text

A one-column unlogged table of {n:,} generated ids of each type (`uuid`:
`uuidv7_next()`), `COPY t TO '/dev/null'`, and `COPY t FROM` a file of its
text into an emptied unlogged table; and the output and input functions
alone: `SELECT count(x::text) FROM t` and `SELECT count(s::type)` over a
table of the texts. {rounds} rounds. Milliseconds, median (min–max), and
the ratio to `uuid`.

| type | COPY TO | / uuid | COPY FROM | / uuid | count(x::text) | / uuid | count(s::type) | / uuid |
|---|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n")

    # -- time-range query ---------------------------------------------------

    def part_range(self):
        n = 1_000_000 if self.quick else 10_000_000
        rounds = 10 if self.quick else 60
        # one row per millisecond from t0; a range is 1% of the rows
        t0 = "2025-07-22 00:00:00+00"
        span = n // 100
        # (type, key expression of row g at time ts, WHERE for [t1, t2))
        keys = [
            ("bigint", "g::bigint", "id >= %(g1)s AND id < %(g2)s"),
            ("muid", "muid_from_parts(ts, 42, 1)", "id >= %(t1)s::timestamptz AND id < %(t2)s::timestamptz"),
            ("hlculid", "hlculid_from_parts(ts, 0, 10, g)", "id >= %(t1)s::timestamptz AND id < %(t2)s::timestamptz"),
            ("tid62", "tid62_from_parts(ts, int8send(g))", "id >= %(t1)s::timestamptz AND id < %(t2)s::timestamptz"),
            ("uuid", "uuidv7_at(ts)", "id >= uuidv7_floor(%(t1)s) AND id < uuidv7_floor(%(t2)s)"),
            ("uid8", "uid8_from_parts(ts, 0, 1, 0, 'time_sequential')", "id >= uid8_floor(%(t1)s) AND id < uid8_floor(%(t2)s)"),
        ]
        log(f"range: {n} rows per table, 1% ranges, {rounds} rounds")
        with self.connect("shared") as c:
            for typ, expr, _ in keys:
                c.execute(f"DROP TABLE IF EXISTS bench_range_{typ}")
                c.execute(f"CREATE TABLE bench_range_{typ} AS SELECT {expr} AS id, g::int AS v "
                          f"FROM (SELECT g, '{t0}'::timestamptz + g * interval '1 ms' AS ts "
                          f"FROM generate_series(0, {n - 1}) g) s")
                c.execute("SET maintenance_work_mem = '1GB'")
                c.execute(f"ALTER TABLE bench_range_{typ} ADD PRIMARY KEY (id)")
                c.execute(f"VACUUM ANALYZE bench_range_{typ}")
            c.execute("CHECKPOINT")     # not during the queries
            c.execute("SET enable_bitmapscan = off")
            c.execute("SET enable_seqscan = off")
            # tid62 counts whole seconds: ranges start and end on a second
            def bounds(r):
                step = max(1, (n - span) // 1000 // rounds) * 1000
                g1 = (r * step) % (n - span)
                g1 -= g1 % 1000
                base = datetime.datetime(2025, 7, 22, tzinfo=datetime.timezone.utc)
                t1 = base + datetime.timedelta(milliseconds=g1)
                t2 = base + datetime.timedelta(milliseconds=g1 + span)
                return {"g1": g1, "g2": g1 + span, "t1": t1, "t2": t2}
            for typ, _, where in keys:
                plan = "\n".join(x[0] for x in c.execute(
                    f"EXPLAIN (COSTS OFF) SELECT count(v) FROM bench_range_{typ} WHERE {where}",
                    bounds(0)).fetchall())
                assert "Index Scan" in plan and "Index Cond" in plan, plan
                cnt, = c.execute(f"SELECT count(v) FROM bench_range_{typ} WHERE {where}",
                                 bounds(0)).fetchone()
                assert cnt == span, (typ, cnt, span)
            times = {k[0]: [] for k in keys}
            for r in range(rounds):
                b = bounds(r)
                for typ, _, where in rotated(keys, r):
                    times[typ].append(self.timed(
                        c, f"SELECT count(v) FROM bench_range_{typ} WHERE {where}", b))
            sizes = {k[0]: c.execute(
                f"SELECT pg_relation_size('bench_range_{k[0]}'), "
                f"pg_relation_size('bench_range_{k[0]}_pkey')").fetchone() for k in keys}
            for typ, _, _ in keys:
                c.execute(f"DROP TABLE bench_range_{typ}")
        base = med(times["bigint"])
        rows = []
        for typ, expr, where in keys:
            t = times[typ]
            rows.append(f"| `{typ}` | `{where % {'g1': 'a', 'g2': 'b', 't1': 't1', 't2': 't2'}}` | "
                        f"{med(t) * 1000:.1f} | {fmt_range([x * 1000 for x in t], '{:.1f}')} | "
                        f"{med(t) / base:.2f} | {sizes[typ][1] / 2**20:.0f} |")
        for typ, _, _ in keys[1:]:
            self.target(f"time range: `{typ}` key / bigint key", med(times[typ]) / base, 1.2)
        self.results["range"] = {"n": n, "times": times}
        self.sections.append(f"""## Time-range query on an indexed key

A table `(id <type> PRIMARY KEY, v int)` of {n:,} rows, one per
millisecond from {t0} (keys built from their parts: muid medallion 42,
hlculid publisher 10, tid62 and hlculid entropy the row number, uid8
time_sequential generator 1, uuid `uuidv7_at(ts)`); the bigint key is the
row number. `SELECT count(v) FROM t WHERE <range>` over 1% of the rows
({span:,}, checked), each round at another place, as an index range scan
(bitmap and sequential scans disabled so that every type runs the same
plan; checked with `EXPLAIN`), {rounds} rounds. Milliseconds.

| key | range | ms (median) | min–max | / bigint | index MB |
|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n")

    # -- PostgreSQL 18's uuidv7() beside uuidv7_next() -----------------------

    def part_corev7(self):
        title = "## PostgreSQL 18's `uuidv7()` against `uuidv7_next()`"
        with self.connect("shared") as c:
            vnum = int(c.execute("SHOW server_version_num").fetchone()[0])
        if vnum < 180000:
            log("core uuidv7(): skipped, this server has none (PostgreSQL 18 added it)")
            self.sections.append(f"{title}\n\nSkipped: PostgreSQL {self.server_version} "
                                 "has no core `uuidv7()` (PostgreSQL 18 added it).\n")
            return
        # smaller than the other parts: core's uuidv7() costs a strong random
        # number per call, and the whole part should take minutes
        n = 50_000 if self.quick else 200_000
        rounds = 2 if self.quick else 7
        log(f"core uuidv7(): generation, {n} calls per statement, {rounds} rounds")
        # (label, server, expression); count(1) on each server is the base
        gens = [("uuidv7()", "shared", "uuidv7()"),
                ("uuidv7_next()", "shared", "uuidv7_next()"),
                ("uuidv7_next() without shared_preload_libraries", "local", "uuidv7_next()"),
                ("gen_random_uuid()", "shared", "gen_random_uuid()")]
        alts = [("count(1) shared", "shared", "1"), ("count(1) local", "local", "1")] + gens
        times = {a[0]: [] for a in alts}
        conns = {s: self.connect(s) for s in ("shared", "local")}
        try:
            for name, server, expr in alts:
                conns[server].execute(f"SELECT count({expr}) FROM generate_series(1, 1000)")
            for r in range(rounds):
                for name, server, expr in rotated(alts, r):
                    times[name].append(self.timed(
                        conns[server], f"SELECT count({expr}) FROM generate_series(1, {n})"))
        finally:
            for c in conns.values():
                c.close()
        per_call = {name: [(t - b) / n * 1e6 for t, b in zip(times[name], times["count(1) " + server])]
                    for name, server, _ in gens}
        core = med(per_call["uuidv7()"])
        gen_rows = [f"| `{expr}` | {'with' if server == 'shared' else 'without'} | "
                    f"{med(per_call[name]):.3f} | {fmt_range(per_call[name], '{:.3f}')} | "
                    f"{med(per_call[name]) / core:.2f} |"
                    for name, server, expr in gens]

        n_ins = 50_000 if self.quick else 200_000
        ins_rounds = 1 if self.quick else 3
        batch = 1000
        log(f"core uuidv7(): insert, {n_ins} rows in transactions of {batch}, {ins_rounds} rounds")
        ins = [("uuidv7()", "uuid", "uuidv7()"), ("uuidv7_next()", "uuid", "uuidv7_next()"),
               ("gen_random_uuid()", "uuid", "gen_random_uuid()"),
               ("bigint sequence", "bigint", "nextval('bench_seq')")]
        res = {i[0]: {"secs": [], "wal": [], "density": [], "index": [], "heap": []} for i in ins}
        with self.connect("shared") as c:
            for r in range(ins_rounds):
                for name, typ, expr in rotated(ins, r):
                    self.insert_once(c, typ, expr, n_ins, batch, res[name])
            c.execute("DROP TABLE IF EXISTS bench_insert")
        core_secs = med(res["uuidv7()"]["secs"])
        ins_rows = []
        for name, typ, expr in ins:
            d = res[name]
            s = med(d["secs"])
            ins_rows.append(f"| `{expr}` | {n_ins / s:,.0f} | {fmt_range(d['secs'])} | "
                            f"{core_secs / s:.2f} | {med(d['wal']):.0f} | "
                            f"{med(d['index']) / 2**20:.1f} | {med(d['density']):.1f}% |")

        clients_list = [1, 2, 4]
        secs = 1 if self.quick else 2
        pg_rounds = 1 if self.quick else 3
        log(f"core uuidv7(): pgbench, clients {clients_list}, {secs} s, {pg_rounds} rounds")
        scripts = {}
        for name, expr in (("core", "uuidv7()"), ("idtypes", "uuidv7_next()")):
            path = os.path.join(self.args.workdir, f"pgbench_corev7_{name}.sql")
            with open(path, "w") as f:
                f.write("\\startpipeline\n" + f"SELECT {expr};\n" * PIPELINE + "\\endpipeline\n")
            scripts[expr] = path
        pg_alts = [(expr, cl) for expr in scripts for cl in clients_list]
        tps = {a: [] for a in pg_alts}
        for r in range(pg_rounds):
            for expr, cl in rotated(pg_alts, r):
                tps[(expr, cl)].append(self.pgbench("shared", scripts[expr], cl, secs))
        pg_cells = []
        for cl in clients_list:
            a, b = med(tps[("uuidv7()", cl)]), med(tps[("uuidv7_next()", cl)])
            pg_cells.append(f"| {cl} | {a:,.0f} | {b:,.0f} | {b / a:.2f} |")

        self.results["corev7"] = {
            "n": n, "times": times, "per_call_usec": per_call, "insert_n": n_ins,
            "insert": res, "pgbench": {f"{a[0]}|{a[1]}": v for a, v in tps.items()}}
        self.sections.append(f"""{title}

Side by side in one run, each part in interleaved rounds as above.

Generation: `SELECT count(f()) FROM generate_series(1, {n})`, per call
the statement's time minus that of `count(1)` on the same server in the
same round, {rounds} rounds. Core's `uuidv7()` keeps its state per backend,
so it does not depend on `shared_preload_libraries`; `uuidv7_next()` with it
advances one clock in shared memory with a compare-and-swap, without it a
clock of the backend's own.

| generator | `shared_preload_libraries` | µs per call (median) | min–max | / `uuidv7()` |
|---|---|---|---|---|
""" + "\n".join(gen_rows) + f"""

INSERT: a table `(id <type> PRIMARY KEY DEFAULT <generator>, v int NOT
NULL)` filled with {n_ins:,} rows in transactions of {batch}, as in
[INSERT past shared_buffers](#insert-past-shared_buffers) but fewer rows
(table and index about the size of `shared_buffers`), {ins_rounds}
rounds.

| generator | rows/s (median) | seconds min–max | rate / `uuidv7()`'s | WAL bytes/row | index MB | leaf density |
|---|---|---|---|---|---|---|
""" + "\n".join(ins_rows) + f"""

Concurrency: `pgbench -n -M prepared -T {secs} -c N` with {PIPELINE}
`SELECT f();` in one pipeline per transaction, on the server with
`shared_preload_libraries`, {pg_rounds} rounds (median TPS).

| clients | `uuidv7()` TPS | `uuidv7_next()` TPS | `uuidv7_next()` / `uuidv7()` |
|---|---|---|---|
""" + "\n".join(pg_cells) + "\n")

    # -- the pure-SQL companion ---------------------------------------------

    def part_companion(self):
        """The companion (companion/, on core types) next to the C
        generators, gen_random_uuid() and the PL/pgSQL recipe, in one
        database of the tuned server, installed once (its session
        parameters are the database's): the session mode on one
        connection, the sequence mode on another, which sets it for itself
        (idtypes_sql.clock, read at a session's first id)."""
        title = "## The pure-SQL companion"
        with self.connect("shared") as c:
            c.execute("CREATE SCHEMA IF NOT EXISTS idtypes_sql")
            c.execute("CREATE EXTENSION IF NOT EXISTS idtypes_sql SCHEMA idtypes_sql")
            # uid8 with all 2048 generator ids, as on the C server: its
            # cost, not the layout's 64 ids per millisecond per id
            c.execute("UPDATE idtypes_sql.idtypes_sql_settings SET clock = 'session', "
                      "uid8_generator_id = 0, uid8_generator_count = 2048")
            # the floor's parts (below): a function of each kind the
            # database's clock calls, doing only that
            c.execute("""
CREATE OR REPLACE FUNCTION bench_floor_plpgsql() RETURNS int8 LANGUAGE plpgsql AS $$BEGIN RETURN 1; END$$;
CREATE OR REPLACE FUNCTION bench_floor_definer() RETURNS int8 LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$BEGIN RETURN 1; END$$;
CREATE TABLE IF NOT EXISTS bench_floor_lock ();
CREATE OR REPLACE FUNCTION bench_floor_locked() RETURNS int8 LANGUAGE plpgsql AS $$
BEGIN
    BEGIN
        LOCK TABLE public.bench_floor_lock IN SHARE UPDATE EXCLUSIVE MODE;
        RAISE SQLSTATE 'BENCH';
    EXCEPTION WHEN SQLSTATE 'BENCH' THEN
        NULL;
    END;
    RETURN 1;
END$$;
CREATE SEQUENCE IF NOT EXISTS bench_floor_seq;
CREATE OR REPLACE FUNCTION bench_floor_seq_rw() RETURNS int8 LANGUAGE plpgsql AS $$
DECLARE
    v int8 := pg_catalog.pg_sequence_last_value('public.bench_floor_seq'::regclass);
BEGIN
    RETURN pg_catalog.setval('public.bench_floor_seq'::regclass, COALESCE(v, 0) + 2);
END$$;""")
        seq_options = "-c idtypes_sql.clock=sequence"
        # (label, SQL type, expression, kind); the companion's schemes in
        # the canonical order, each in both modes after the C generator
        comp = [("muid", "uuid", "gen_muid()", "muid"), ("hlculid", "uuid", "gen_hlculid()", "hlculid"),
                ("uid8", "bigint", "gen_uid8()", "uid8"), ("uuidv6", "uuid", "uuidv6_next()", "uuid"),
                ("uuidv7", "uuid", "uuidv7_next()", "uuid"), ("uuidv8", "uuid", "uuidv8_next()", "uuid"),
                ("tid62", "bytea", "gen_tid62()", "tid62")]
        alts = [("bigint sequence", "bigint", "nextval('bench_seq')", "core"),
                ("gen_random_uuid()", "uuid", "gen_random_uuid()", "core"),
                ("PL/pgSQL UUIDv7", "uuid", "bench_plpgsql_uuidv7()", "recipe")]
        for scheme, typ, expr, ctype in comp:
            alts.append((f"C {expr}", ctype, f"public.{expr}", "C"))
            alts.append((f"companion {expr}", typ, f"idtypes_sql.{expr}", "session"))
            alts.append((f"companion {expr} (sequence)", typ, f"idtypes_sql.{expr}", "sequence"))
        # the sequence mode costs tens of microseconds a call: fewer calls
        n = self.nrows(1_000_000, 100_000)
        n_seq = max(n // 20, 1000)
        rounds = self.nrounds(5, 2)
        log(f"companion: generation, {n} calls per statement ({n_seq} in the sequence mode), {rounds} rounds")
        base_alts = [("count(1)", "1", n), ("count(1) seq", "1", n_seq)]
        # (uid8 always takes the sequence clock)
        slow = {a[0] for a in alts if a[3] == "sequence" or (a[3] == "session" and "uid8" in a[2])}
        gen_alts = base_alts + [(a[0], a[2], n_seq if a[0] in slow else n) for a in alts]
        # The floor: what a UUIDv7 ordered within a session cannot avoid in
        # SQL, each part on its own: the system clock, the session's last
        # tick read from and written to a parameter, 62 random bits
        # (gen_random_uuid(), above: core's only strong random source), and
        # a uuid made of computed bits (from text: core has no other
        # way).  The database's clock adds one call of a SECURITY DEFINER
        # function with its search_path pinned, a lock only its owner may
        # take, released in a subtransaction rolled back, and the sequence
        # read and set (each part's function less a bare PL/pgSQL call).
        floor_parts = [
            ("floor: the clock", "(pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) * 4096000)::int8"),
            ("floor: a parameter read", "pg_catalog.current_setting('bench.floor', true)"),
            ("floor: a parameter written", "pg_catalog.set_config('bench.floor', generate_series::text, false)"),
            ("floor: a uuid from text", "('00000000-0000-7000-8000-' || pg_catalog.lpad(pg_catalog.to_hex(generate_series), 12, '0'))::uuid"),
            ("floor: a PL/pgSQL call", "public.bench_floor_plpgsql()"),
            ("floor: a SECURITY DEFINER call, search_path pinned", "public.bench_floor_definer()"),
            ("floor: a lock released in a subtransaction", "public.bench_floor_locked()"),
            ("floor: the sequence read and set", "public.bench_floor_seq_rw()")]
        gen_alts += [(name, expr, n_seq if "PL/pgSQL" in name or "SECURITY" in name or "lock" in name
                      or "sequence" in name else n) for name, expr in floor_parts]
        slow |= {name for name, expr, k in gen_alts if k == n_seq and name.startswith("floor:")}
        times = {a[0]: [] for a in gen_alts}
        seq_names = {"count(1) seq"} | {a[0] for a in alts if a[3] == "sequence"}
        with self.connect("shared") as c, self.connect("shared", seq_options) as cs:
            c.execute("SET bench.floor = '1'")
            for name, expr, k in gen_alts:
                (cs if name in seq_names else c).execute(f"SELECT count({expr}) FROM generate_series(1, 1000)")
            for r in range(rounds):
                for name, expr, k in rotated(gen_alts, r):
                    times[name].append(self.timed(cs if name in seq_names else c,
                                                  f"SELECT count({expr}) FROM generate_series(1, {k})"))
        per_call = {}
        for name, expr, k in gen_alts[2:]:
            base = times["count(1) seq" if name in slow else "count(1)"]
            per_call[name] = [(t - b) / k * 1e6 for t, b in zip(times[name], base)]
        pc = {k: med(v) for k, v in per_call.items()}
        recipe = pc["PL/pgSQL UUIDv7"]
        rand = pc["gen_random_uuid()"]
        session_floor = (rand + pc["floor: the clock"] + pc["floor: a parameter read"]
                         + pc["floor: a parameter written"] + pc["floor: a uuid from text"])
        bare = pc["floor: a PL/pgSQL call"]
        sequence_floor = (rand + pc["floor: the clock"] + pc["floor: a parameter read"] + pc["floor: a uuid from text"]
                          + pc["floor: a SECURITY DEFINER call, search_path pinned"]
                          + pc["floor: a lock released in a subtransaction"] - bare
                          + pc["floor: the sequence read and set"] - bare)

        n_ins = self.nrows(200_000, 20_000)
        n_ins_seq = max(n_ins // 4, 1000)
        ins_rounds = self.nrounds(3, 1)
        batch = 1000
        log(f"companion: insert, {n_ins} rows ({n_ins_seq} in the sequence mode) in transactions of {batch}, "
            f"{ins_rounds} rounds")
        res = {a[0]: {"secs": [], "wal": [], "density": [], "index": [], "heap": []} for a in alts}
        with self.connect("shared") as c, self.connect("shared", seq_options) as cs:
            for r in range(ins_rounds):
                for name, typ, expr, kind in rotated(alts, r):
                    rows = n_ins_seq if kind == "sequence" else n_ins
                    self.insert_once(cs if kind == "sequence" else c, typ, expr, rows, batch, res[name])
            c.execute("DROP TABLE IF EXISTS bench_insert")
        rate = {a[0]: (n_ins_seq if a[3] == "sequence" else n_ins) / med(res[a[0]]["secs"]) for a in alts}
        recipe_rate = rate["PL/pgSQL UUIDv7"]

        # concurrency: the sequence mode serialises each scheme's clock
        clients_list = [1, 2, 4]
        secs = 1 if self.quick else 2
        pg_rounds = self.nrounds(3, 1)
        pg = [("C", "public.uuidv7_next()"), ("companion", "idtypes_sql.uuidv7_next()"),
              ("companion (sequence)", "idtypes_sql.uuidv7_next()"), ("recipe", "bench_plpgsql_uuidv7()")]
        log(f"companion: pgbench, clients {clients_list}, {secs} s, {pg_rounds} rounds")
        scripts = {}
        for label, expr in pg:
            path = os.path.join(self.args.workdir, f"pgbench_companion_{len(scripts)}.sql")
            with open(path, "w") as f:
                f.write("\\startpipeline\n" + f"SELECT {expr};\n" * PIPELINE + "\\endpipeline\n")
            scripts[label] = path
        pg_alts = [(label, cl) for label, _ in pg for cl in clients_list]
        tps = {a: [] for a in pg_alts}
        for r in range(pg_rounds):
            for label, cl in rotated(pg_alts, r):
                tps[(label, cl)].append(self.pgbench("shared", scripts[label], cl, secs,
                                                     seq_options if "sequence" in label else None))

        self.target("companion: `uuidv7_next()` µs per call / the PL/pgSQL recipe's",
                    pc["companion uuidv7_next()"] / recipe, 0.7)
        self.target("companion: `uuidv7_next()` µs per call, sequence mode / session mode",
                    pc["companion uuidv7_next() (sequence)"] / pc["companion uuidv7_next()"], 2.0)
        self.target("companion: `uuidv7_next()` INSERT rows/s / the PL/pgSQL recipe's",
                    rate["companion uuidv7_next()"] / recipe_rate, 1.0, at_least=True)

        gen_rows = []
        for name, typ, expr, kind in alts:
            p = per_call[name]
            gen_rows.append(f"| `{expr}` | {kind} | {med(p):.3f} | {fmt_range(p, '{:.3f}')} | "
                            f"{pc[name] / recipe:.2f}× | {pc[name] / rand:.2f}× |")
        floor_rows = [f"| {name[len('floor: '):]} | {pc[name]:.3f} | {fmt_range(per_call[name], '{:.3f}')} |"
                      for name, expr in floor_parts]
        ins_rows = []
        for name, typ, expr, kind in alts:
            d = res[name]
            rows = n_ins_seq if kind == "sequence" else n_ins
            c_name = "C " + name.split(" ", 1)[1].replace(" (sequence)", "") if kind in ("session", "sequence") else None
            vs_c = f"{rate[c_name] / rate[name]:.2f}×" if c_name else ""
            ins_rows.append(f"| `{expr}` | `{typ}` | {kind} | {rows:,} | {rate[name]:,.0f} | "
                            f"{fmt_range([rows / x for x in d['secs']], '{:,.0f}')} | "
                            f"{rate[name] / recipe_rate:.2f}× | {vs_c} | {med(d['wal']):.0f} | {med(d['density']):.1f}% |")
        pg_rows = []
        for cl in clients_list:
            cells = " | ".join(f"{med(tps[(label, cl)]):,.0f}" for label, _ in pg)
            pg_rows.append(f"| {cl} | {cells} |")
        self.results["companion"] = {
            "n": n, "n_seq": n_seq, "times": times, "per_call_usec": per_call,
            "insert_n": n_ins, "insert_n_seq": n_ins_seq, "insert": res,
            "floor_usec": {"session": session_floor, "sequence": sequence_floor},
            "pgbench": {f"{a[0]}|{a[1]}": v for a, v in tps.items()}}
        self.sections.append(f"""{title}

The companion (`companion/`, SQL and PL/pgSQL on core types) on the tuned
server, next to the C extension's generators, `gen_random_uuid()` and the
PL/pgSQL UUIDv7 recipe, in one database, the extension in schema
`idtypes_sql`: in the session mode (a clock per session, in parameters)
on one connection, in the sequence mode (one clock per scheme in a
sequence, under an advisory lock) on another, which sets
`idtypes_sql.clock = 'sequence'` for itself. muid and uid8 always take the
sequence clock. uid8 with 2048 generator ids, as on the C server. The C
generators cost tens of nanoseconds a call: at these sizes their figures
are mostly noise.

Generation: `SELECT count(f()) FROM generate_series(1, n)`, n = {n:,}
({n_seq:,} in the sequence mode and for uid8), per call the time over `count(1)` of
the same n, {rounds} rounds. Ratios of medians.

| generator | kind | µs per call (median) | min–max | / recipe | / gen_random_uuid() |
|---|---|---|---|---|---|
""" + "\n".join(gen_rows) + f"""

The floor: what a UUIDv7 that a session's clock orders cannot avoid in
SQL, each part measured on its own in the same rounds (the calls of
functions less a bare PL/pgSQL call's {bare:.3f} µs). Its sum is the
least such a generator can cost; the PL/pgSQL recipe keeps no order and
pays for none of the parameter's read and write.

| part | µs per call (median) | min–max |
|---|---|---|
""" + "\n".join(floor_rows) + f"""

| | floor, µs per call | / recipe | measured `uuidv7_next()` | / recipe |
|---|---|---|---|---|
| session mode: the clock, a parameter read and written, gen_random_uuid(), a uuid from text | {session_floor:.3f} | {session_floor / recipe:.2f}× | {pc["companion uuidv7_next()"]:.3f} | {pc["companion uuidv7_next()"] / recipe:.2f}× |
| sequence mode: the same but the write, a SECURITY DEFINER call, a lock in a subtransaction, the sequence read and set | {sequence_floor:.3f} | {sequence_floor / recipe:.2f}× | {pc["companion uuidv7_next() (sequence)"]:.3f} | {pc["companion uuidv7_next() (sequence)"] / recipe:.2f}× |

The sequence mode's floor is {sequence_floor / session_floor:.2f}× the session mode's.

INSERT: a table `(id <type> PRIMARY KEY DEFAULT <generator>, v int NOT
NULL)` filled in transactions of {batch}, as in
[INSERT past shared_buffers](#insert-past-shared_buffers): {n_ins:,} rows
({n_ins_seq:,} in the sequence mode), {ins_rounds} rounds.

| generator | type | kind | rows | rows/s (median) | min–max | / recipe's | C's / this | WAL bytes/row | leaf density |
|---|---|---|---|---|---|---|---|---|---|
""" + "\n".join(ins_rows) + f"""

Concurrency: `pgbench -n -M prepared -T {secs} -c N` with {PIPELINE}
`SELECT f();` in one pipeline per transaction, {pg_rounds} rounds
(median TPS). The sequence mode takes each scheme's clock under one
advisory lock: its TPS does not grow with the clients.

| clients | C `uuidv7_next()` | companion | companion, sequence mode | PL/pgSQL recipe |
|---|---|---|---|---|
""" + "\n".join(pg_rows) + "\n")

    # -- report -------------------------------------------------------------

    def chart(self):
        if "insert" not in self.results:
            return
        res = self.results["insert"]["res"]
        n = self.results["insert"]["n"]
        dat = os.path.join(self.args.workdir, "insert.dat")
        with open(dat, "w") as f:
            for name, typ, expr, kind in GENERATORS:
                d = res[name]
                # idtypes in blue, the rest in grey
                color = 0x3B75AF if kind == "idtypes" else 0x9A9A9A
                f.write(f'"{name}" {n / med(d["secs"]) / 1000:.1f} '
                        f'{med(d["index"]) / 2**20:.1f} {color}\n')
        png = os.path.join(self.args.out, "insert.png")
        script = f"""
set terminal pngcairo size 1100,720 font "DejaVu Sans,10" noenhanced
set output "{png}"
set multiplot layout 2,1 title "INSERT of {n:,} rows in transactions of 1000, past shared_buffers (PostgreSQL {self.server_version.split()[0]}, {os.cpu_count()} cores); idtypes in blue"
set style fill solid 0.85 border -1
set grid ytics
set xtics rotate by -25 nomirror
set xrange [-0.6:{len(GENERATORS) - 0.4}]
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
unset key
set ylabel "thousand rows/s (higher is better)"
plot "{dat}" using 0:2:(0.7):4:xtic(1) with boxes lc rgb variable, \\
     "" using 0:2:(sprintf("%.0f", $2)) with labels offset 0,0.7
set ylabel "primary key MB (lower is better)"
plot "{dat}" using 0:3:(0.7):4:xtic(1) with boxes lc rgb variable, \\
     "" using 0:3:(sprintf("%.1f", $3)) with labels offset 0,0.7
unset multiplot
"""
        subprocess.run(["gnuplot"], input=script, text=True, check=True)

    def headline(self):
        """One row per generator: the headline table of doc/performance.md."""
        gen = self.results.get("gen")
        ins = self.results.get("insert")
        if gen is None or ins is None:
            return self.defaults_headline()
        pc = {k: med(v) for k, v in gen["per_call_usec"].items()}
        res = ins["res"]
        base = med(res["bigint sequence"]["secs"])
        rows = []
        for name, typ, expr, kind in GENERATORS:
            d = res[name]
            s = med(d["secs"])
            rows.append(f"| `{expr}` | `{typ}` | {pc[name]:.3f} | "
                        f"{ins['n'] / s:,.0f} | {s / base:.2f}× | {med(d['wal']):.0f} | "
                        f"{med(d['index']) / 2**20:.1f} | {med(d['density']):.0f}% |")
        return self.defaults_headline() + f"""## Headline

Generation: µs per call over `count(1)` in one backend. INSERT:
{ins['n']:,} rows in transactions of {ins['batch']} into a primary-key table
several times `shared_buffers`; time relative to a bigint sequence; WAL
bytes per row; size and leaf density of the primary key (medians).

| generator | type | µs per call | INSERT rows/s | time / bigint | WAL bytes/row | index MB | leaf density |
|---|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n"

    def defaults_headline(self):
        """What a new user gets: uid8 with default settings against a bigint
        sequence and gen_random_uuid() on the same server."""
        rows = []
        for server in ("defpre", "deflocal"):
            gen = self.results.get(f"gen_{server}")
            ins = self.results.get(f"insert_{server}")
            if gen is None or ins is None:
                continue
            pc = {k: med(v) for k, v in gen["per_call_usec"].items()}
            res = ins["res"]
            base = med(res["bigint sequence"]["secs"])
            for name, typ, expr, kind in GENERATORS:
                if name not in ("bigint sequence", "gen_random_uuid()", "uuidv7_next()", "gen_uid8()"):
                    continue
                s = med(res[name]["secs"])
                rows.append(f"| {SERVER_TITLES[server]} | `{expr}` | {s:.2f} | {s / base:.2f}× | "
                            f"{med(res[name]['density']):.0f}% | {pc[name]:.3f} | "
                            f"{pc[name] / pc['gen_random_uuid()']:.3f} |")
        if not rows:
            return ""
        return f"""## Default settings

What `id uid8 PRIMARY KEY DEFAULT gen_uid8()` gets with no setting changed,
on a server with nothing but `shared_preload_libraries` set and on one
without even that (both: `fsync = off`, as on every server of the suite).
INSERT of {self.results['insert_defpre']['n']:,} rows in transactions of 1000
(medians; time relative to a bigint sequence on the same server); per call:
µs over `count(1)` in `SELECT count(f()) FROM generate_series(1, n)`, and
its ratio to `gen_random_uuid()`'s. Targets for uid8: time ≤ 1.1×, leaf
density ≥ 85%, per call ≤ 0.1× `gen_random_uuid()`.

| server | generator | INSERT seconds | × bigint sequence | leaf density | µs per call | × gen_random_uuid() per call |
|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n"

    def command(self):
        a = self.args
        return ("bash bench/run.sh" + (" --quick" if a.quick else "")
                + (f" --only {a.only}" if a.only != ALL_PARTS else "")
                + (f" --rounds {a.rounds}" if a.rounds else "")
                + (f" --rows {a.rows}" if a.rows else "")
                + (f" --before {a.before_ref}" if a.before_ref else ""))

    def report(self, started, load_start, elapsed):
        load_end = open("/proc/loadavg").read().strip()
        cpu = "unknown"
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        mem = 0
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = int(line.split()[1]) / 2**20
        met = sum(1 for t in self.targets if t[3])
        targets = "\n".join(f"| {t[0]} | {t[1]} | {t[2]} | {'met' if t[3] else '**missed**'} |"
                            for t in self.targets)
        quick = ("**Quick run (smoke test: small sizes, few rounds; not for comparison).**\n\n"
                 if self.quick else "")
        head = f"""# idtypes benchmark report

{quick}- Run: {started:%Y-%m-%d %H:%M} UTC, {elapsed / 60:.1f} minutes, `{self.command()}`
- Machine: {os.cpu_count()} CPUs (`nproc`), {cpu} (`/proc/cpuinfo`), {mem:.0f} GiB of memory, {platform.system()} {platform.release()}
- PostgreSQL {self.server_version}; settings of the server with `shared_preload_libraries` (the others differ as `bench/run.sh` says): {", ".join(f"`{k}` = {v}" for k, v in self.settings.items())}, `autovacuum` off, `jit` off, `max_parallel_workers_per_gather` = 0
- `/proc/loadavg` at the start: `{load_start}`; at the end: `{load_end}` (the machine is shared: other work may have run during the measurements)

## Targets

{met} of {len(self.targets)} met. Each ratio is of medians measured in this run, on the same server.

| target | measured | limit | |
|---|---|---|---|
{targets}

"""
        with open(os.path.join(self.args.out, "report.md"), "w") as f:
            f.write(head + self.headline() + "\n".join(self.sections))
        with open(os.path.join(self.args.out, "results.json"), "w") as f:
            json.dump({"started": started.isoformat(), "elapsed_s": elapsed,
                       "loadavg": [load_start, load_end], "results": self.results,
                       "targets": self.targets}, f, indent=1, default=str)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--quick", action="store_true")
    p.add_argument("--only", default=ALL_PARTS)
    p.add_argument("--rounds", type=int, default=0)
    p.add_argument("--rows", type=int, default=0)
    p.add_argument("--shared", required=True)
    p.add_argument("--local", required=True)
    p.add_argument("--one", required=True)
    p.add_argument("--defpre", required=True)
    p.add_argument("--deflocal", required=True)
    p.add_argument("--pgbin", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--before", default="")
    p.add_argument("--after", default="")
    p.add_argument("--before-ref", default="")
    p.add_argument("--sync-before", default="")
    p.add_argument("--sync-after", default="")
    args = p.parse_args()
    started = datetime.datetime.now(datetime.timezone.utc)
    load_start = open("/proc/loadavg").read().strip()
    t0 = time.monotonic()
    b = Bench(args)
    b.setup()
    for part in args.only.split(","):
        getattr(b, "part_" + part)()
    b.chart()
    b.report(started, load_start, time.monotonic() - t0)
    log(f"report: {os.path.join(args.out, 'report.md')} ({(time.monotonic() - t0) / 60:.1f} minutes)")


if __name__ == "__main__":
    main()
