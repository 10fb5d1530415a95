#!/usr/bin/python3
# -------------------------------------------------------------------------
#
# fuzz_input.py
#	  Fuzz every input path of the idtypes types inside a running server:
#	  the text input functions of the types it is given (--type NAME:BYTES,
#	  from the tests' list of schemes), their binary receive functions,
#	  their casts from bytea, and the text parsers uuid464_decode() and
#	  tid62_split().
#
# Each input is sent as a parameter of a prepared statement, in text or in
# binary format, so that the server calls the type's input or receive
# function on exactly those bytes; the statements are pipelined, each in its
# own implicit transaction, so an error ends only its own.  Inputs are
# random strings over several alphabets, valid ids in every accepted form,
# those with one to three mutations (replaced, inserted, deleted, doubled
# or swapped characters, cuts, blanks, case changes), near-valid forms,
# huge strings, the empty string, bytes from 1 to 255 (in a SQL_ASCII
# database, where any byte but NUL is text) and multibyte characters (in a
# UTF8 database).
#
# Every answer is checked against reference decoders written here from the
# specifications: an accepted input must decode to the reference's bytes
# (read back in binary), a rejected one must be invalid for the reference
# and fail with SQLSTATE 22P02 (text) or 22P03 (binary) and the message that
# names the type and quotes the input (text) or gives its length (binary).
# A type without a reference decoder here (a new scheme: it may add one to
# TEXT_TARGETS) is fuzzed from its own output: its valid texts are those the
# server prints for random values, every one of them must be accepted as its
# value, and every accepted input must be a value whose printed text reads
# back as the same value; the errors are checked as for the others.  A lost
# connection is a crash.
#
# Usage: fuzz_input.py --utf8 CONNINFO --ascii CONNINFO --type NAME:BYTES...
#		 [--count N] [--seed S]
# Each --type is a type of the extension and the length of its binary form
# (t/014_fuzz_input.pl passes every scheme's with a type of its own).
# Prints one summary line per type and path; exits 1 on any failure.
#
# Copyright (c) 2026, idtypes developers
#
# t/fuzz_input.py
#
# -------------------------------------------------------------------------
import argparse
import random
import sys

from psycopg import pq

HEX = b'0123456789abcdefABCDEF'
B32 = b'0123456789ABCDEFGHJKMNPQRSTVWXYZ'
B62 = b'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
B64URL = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
# characters just outside the alphabets, and look-alikes
NEAR = b'GgZz/:@[`{|~-_ .,+xXIiLlOoUu\t\n\r\\\'"%$#'
PRINTABLE = bytes(range(32, 127))
MULTIBYTE = ['\u00e9', '\u00df', '\u0416', '\u4e2d', '\u20ac', '\U0001f600', '\u0660', '\uff11',
             '\u2010', '\u00a0', '\u0130', '\u0131', '\u212a']


# ---------- reference decoders: bytes or None ----------

def all_in(s, alphabet):
    return all(c in alphabet for c in s)


def hex_groups(s, groups):
    """hex digits in groups separated by single dashes"""
    if len(s) != sum(groups) + len(groups) - 1:
        return None
    pos = 0
    digits = b''
    for i, g in enumerate(groups):
        if i > 0:
            if s[pos:pos + 1] != b'-':
                return None
            pos += 1
        part = s[pos:pos + g]
        if not all_in(part, HEX):
            return None
        digits += part
        pos += g
    return bytes.fromhex(digits.decode())


def ref_muid(s):
    return hex_groups(s, [32]) or hex_groups(s, [14, 13, 5])


B32_VALUE = {c: i for i, c in enumerate(B32)}
for c, v in ((b'I', 1), (b'L', 1), (b'O', 0)):
    B32_VALUE[c[0]] = v


def ref_hlculid(s):
    if len(s) == 26:
        v = 0
        for c in s.upper():                 # bytes.upper() changes a-z only
            if c not in B32_VALUE:
                return None
            v = v * 32 + B32_VALUE[c]
        if v >= 1 << 128:
            return None
        return v.to_bytes(16, 'big')
    return hex_groups(s, [32]) or hex_groups(s, [12, 4, 4, 12])


def ref_uid8(s):
    return hex_groups(s, [16])


B62_VALUE = {c: i for i, c in enumerate(B62)}


def ref_tid62(s):
    if len(s) != 17 or not all_in(s, B62):
        return None
    v = 0
    for c in s:
        v = v * 62 + B62_VALUE[c]
    if v >= 1 << 96:
        return None
    return v.to_bytes(12, 'big')


B64_VALUE = {c: i for i, c in enumerate(B64URL)}


def ref_uuid464(s):
    if len(s) != 22 or not all_in(s, B64URL):
        return None
    v = 0
    for c in s:
        v = v * 64 + B64_VALUE[c]
    if v & 0xF:                      # 132 bits: the last 4 must be zero
        return None
    return (v >> 4).to_bytes(16, 'big')


PREFIX_CHARS = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_'


def ref_tid62_split(s):
    """(prefix or None, tid62 bytes) or None"""
    if len(s) < 17:
        return None
    t = ref_tid62(s[-17:])
    if t is None:
        return None
    if len(s) == 17:
        return (None, t)
    prefix = s[:-18]
    if s[-18:-17] != b'-' or not prefix:
        return None
    if any(not seg or not all_in(seg, PREFIX_CHARS) for seg in prefix.split(b'-')):
        return None
    return (prefix, t)


# ---------- encoders of valid inputs ----------

def enc_b32(b):
    v = int.from_bytes(b, 'big')
    return bytes(B32[(v >> (5 * i)) & 31] for i in reversed(range(26)))


def enc_b62(b):
    v = int.from_bytes(b, 'big')
    out = []
    for _ in range(17):
        v, r = divmod(v, 62)
        out.append(B62[r])
    return bytes(reversed(out))


def dashed(h, groups):
    out, pos = [], 0
    for g in groups:
        out.append(h[pos:pos + g])
        pos += g
    return b'-'.join(out)


def valid_muid(rng):
    h = rng.randbytes(16).hex().encode()
    h = rng.choice([h.upper(), h, h.swapcase()])
    return dashed(h, [14, 13, 5]) if rng.random() < 0.3 else h


def valid_hlculid(rng):
    b = rng.randbytes(16)
    r = rng.random()
    if r < 0.6:
        s = enc_b32(b)
        if rng.random() < 0.3:
            s = s.lower()
        if rng.random() < 0.3:          # Crockford's look-alikes
            s = s.replace(b'1', rng.choice([b'I', b'i', b'L', b'l'])).replace(b'0', rng.choice([b'O', b'o']))
        return s
    h = b.hex().encode()
    return dashed(h, [12, 4, 4, 12]) if r < 0.8 else h.upper()


def valid_uid8(rng):
    h = rng.randbytes(8).hex().encode()
    return rng.choice([h, h.upper()])


def valid_tid62(rng):
    # the top of the range too, where 17 digits can exceed 96 bits
    b = rng.randbytes(12) if rng.random() < 0.8 else b'\xff' * rng.randint(1, 12) + rng.randbytes(12)
    return enc_b62(b[:12])


def valid_uuid464(rng):
    import base64
    return base64.urlsafe_b64encode(rng.randbytes(16)).rstrip(b'=')


def valid_tid62_split(rng):
    t = valid_tid62(rng)
    if rng.random() < 0.2:
        return t
    segs = [bytes(rng.choice(PREFIX_CHARS) for _ in range(rng.randint(1, 6))) for _ in range(rng.randint(1, 3))]
    return b'-'.join(segs) + b'-' + t


# ---------- mutations and random strings ----------

def random_char(rng, ascii_db):
    r = rng.random()
    if r < 0.35:
        return bytes([rng.choice(NEAR)])
    if r < 0.7:
        return bytes([rng.choice(PRINTABLE)])
    if ascii_db:
        return bytes([rng.randint(1, 255)])
    return rng.choice(MULTIBYTE).encode()


def mutate(rng, s, alphabet, ascii_db):
    s = bytearray(s)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(10)
        at = rng.randint(0, len(s))
        if op == 0 and at < len(s):                  # replace by a near character
            s[at:at + 1] = random_char(rng, ascii_db)
        elif op == 1 and at < len(s):                # replace by an alphabet character
            s[at] = rng.choice(alphabet)
        elif op == 2:                                # insert
            s[at:at] = random_char(rng, ascii_db) if rng.random() < 0.5 else bytes([rng.choice(alphabet)])
        elif op == 3 and at < len(s):                # delete
            del s[at]
        elif op == 4 and len(s) > 1:                 # swap neighbours
            i = rng.randrange(len(s) - 1)
            s[i], s[i + 1] = s[i + 1], s[i]
        elif op == 5:                                # cut
            s = s[:at] if rng.random() < 0.5 else s[at:]
        elif op == 6:                                # double a piece
            s[at:at] = s[at:at + rng.randint(1, 8)]
        elif op == 7:                                # blanks around
            s = bytearray(rng.choice([b' ', b'\t', b'\n', b'']) + bytes(s) + rng.choice([b' ', b'\n', b'', b'\x0b']))
        elif op == 8:                                # a dash somewhere
            s[at:at] = b'-'
        else:                                        # case of everything
            s = bytearray(bytes(s).swapcase())
    return bytes(s)


def random_string(rng, alphabet, ascii_db, maxlen=70):
    n = rng.choice([rng.randint(0, maxlen), rng.randint(15, 36)])
    r = rng.random()
    if r < 0.4:
        return bytes(rng.choice(alphabet) for _ in range(n))
    if r < 0.7:
        return bytes(rng.choice(PRINTABLE) for _ in range(n))
    return b''.join(random_char(rng, ascii_db) for _ in range(n))


def huge_strings(rng, valid):
    v = valid(rng)
    return [b'', b' ', v * 100, v[:1] * 65536, v * (65536 // len(v)), (b'f' * 1000000), v + b' ' * 100000,
            bytes(rng.choice(PRINTABLE) for _ in range(200000))]


# ---------- the server side ----------

class Session:
    """A pipelined connection; run() returns (ok, value or (sqlstate, message))."""

    def __init__(self, conninfo):
        self.conn = pq.PGconn.connect(conninfo.encode())
        if self.conn.status != pq.ConnStatus.OK:
            sys.exit('could not connect: ' + self.conn.error_message.decode(errors='replace'))
        self.prepared = set()

    def oid(self, typname):
        r = self.conn.exec_(b"SELECT '" + typname + b"'::regtype::oid")
        return int(r.get_value(0, 0))

    def prepare(self, name, sql, types):
        if name not in self.prepared:
            r = self.conn.prepare(name, sql, types)
            if r.status != pq.ExecStatus.COMMAND_OK:
                sys.exit('prepare failed: ' + r.error_message.decode(errors='replace'))
            self.prepared.add(name)

    def run(self, name, values, fmt, batch):
        """Run prepared statement name on each value (parameter format fmt),
        results in binary, batch statements at a time."""
        out = []
        for start in range(0, len(values), batch):
            chunk = values[start:start + batch]
            self.conn.enter_pipeline_mode()
            for v in chunk:
                self.conn.send_query_prepared(name, [v], param_formats=[fmt], result_format=1)
                self.conn.pipeline_sync()
            self.conn.flush()
            for _ in chunk:
                res = self.conn.get_result()
                if res is None:
                    raise ConnectionError(self.conn.error_message.decode(errors='replace'))
                if res.status == pq.ExecStatus.TUPLES_OK:
                    out.append((True, res.get_value(0, 0)))
                elif res.status == pq.ExecStatus.FATAL_ERROR:
                    out.append((False, (res.error_field(pq.DiagnosticField.SQLSTATE),
                                        res.error_field(pq.DiagnosticField.MESSAGE_PRIMARY))))
                else:
                    raise ConnectionError('unexpected result %s: %s' % (
                        res.status, self.conn.error_message.decode(errors='replace')))
                if self.conn.get_result() is not None:
                    raise ConnectionError('more than one result')
                sync = self.conn.get_result()
                if sync is None or sync.status != pq.ExecStatus.PIPELINE_SYNC:
                    raise ConnectionError('no pipeline sync: ' + self.conn.error_message.decode(errors='replace'))
            self.conn.exit_pipeline_mode()
            if self.conn.status != pq.ConnStatus.OK:
                raise ConnectionError('connection lost')
        return out


# ---------- the fuzz targets ----------

TEXT_TARGETS = {
    # name: (type, reference, valid generator, alphabet); which of them run,
    # and the length of each one's binary form, is given by --type
    'muid': (b'muid', ref_muid, valid_muid, HEX + b'-'),
    'hlculid': (b'hlculid', ref_hlculid, valid_hlculid, B32 + b'iloILOabcdefghjkmnpqrstvwxyz-'),
    'uid8': (b'uid8', ref_uid8, valid_uid8, HEX),
    'tid62': (b'tid62', ref_tid62, valid_tid62, B62),
}


class OwnOutput:
    """The oracle of a type without a reference decoder: the texts the
    server prints for random values (valid()), the characters they use
    (alphabet), and the values it printed them for (ref(): the value of a
    text it printed, else None, which the check takes for 'no reference')."""

    def __init__(self, sess, typ, n, rng):
        sess.prepare(b'out_' + typ, b'SELECT $1::' + typ + b'::text', [17])
        values = [rng.randbytes(n) for _ in range(500)]
        res = sess.run(b'out_' + typ, values, 1, 200)
        bad = [r for r in res if not r[0]]
        if bad:
            sys.exit('%s: random values do not print: %r' % (typ.decode(), bad[0]))
        self.printed = {text: v for (ok, text), v in zip(res, values)}
        self.texts = list(self.printed)
        self.alphabet = bytes(sorted(set(b''.join(self.texts))))

    def valid(self, rng):
        return rng.choice(self.texts)

    def ref(self, s):
        return self.printed.get(s)


def check_own_output(sess, typ, inputs, results, failures):
    """What a type without a reference decoder must do besides the errors:
    its own output is accepted as the value it printed, and every value
    accepted prints a text that reads back as the same value."""
    accepted = sorted({v for (ok, v) in results if ok})[:5000]
    sess.prepare(b'again_' + typ, b'SELECT $1::' + typ + b'::text::' + typ, [17])
    for v, (ok, again) in zip(accepted, sess.run(b'again_' + typ, accepted, 1, 200)):
        if not ok or again != v:
            failures.append('%s %s: its printed text reads back as %r' % (typ.decode(), v.hex(), again))


def text_inputs(rng, count, valid, alphabet, ascii_db):
    inputs = huge_strings(rng, valid)
    while len(inputs) < count:
        r = rng.random()
        if r < 0.2:
            s = valid(rng)
        elif r < 0.35:
            # near-valid: one digit changed to another digit, at an end most
            # often, where the range limits are (the first digit of a value
            # that must fit in so many bits, the unused bits of the last)
            s = bytearray(valid(rng))
            at = rng.choice([0, len(s) - 1, rng.randrange(len(s))])
            s[at] = rng.choice(alphabet)
            s = bytes(s)
        elif r < 0.7:
            s = mutate(rng, valid(rng), alphabet, ascii_db)
        else:
            s = random_string(rng, alphabet, ascii_db)
        # a UTF8 database takes only UTF-8 text (a cut or a swap can split a
        # character): drop the broken bytes
        if not ascii_db:
            s = s.decode('utf-8', 'ignore').encode()
        inputs.append(s)
    return inputs


def check_text(typ, ref, inputs, results, failures, exact=True):
    """exact: ref decodes every text; else it knows only some valid ones."""
    valid = 0
    for s, (ok, v) in zip(inputs, results):
        want = ref(s)
        if ok:
            if (exact or want is not None) and (want is None or v != want):
                failures.append('%s %r: accepted as %s, reference %s' % (
                    typ.decode(), s[:80], v.hex(), want.hex() if want else 'invalid'))
            valid += 1
        else:
            sqlstate, msg = v
            expect = b'invalid input syntax for type ' + typ + b': "' + s + b'"'
            if want is not None:
                failures.append('%s %r: rejected (%s), reference %s' % (typ.decode(), s[:80], sqlstate, want.hex()))
            elif sqlstate != b'22P02' or msg != expect:
                failures.append('%s %r: %s %r' % (typ.decode(), s[:80], sqlstate, (msg or b'')[:200]))
    return valid


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--utf8', required=True, help='conninfo of a UTF8 database with idtypes')
    ap.add_argument('--ascii', required=True, help='conninfo of a SQL_ASCII database with idtypes')
    ap.add_argument('--count', type=int, default=100000,
                    help='text inputs per type; half as many binary ones, a tenth for the other paths')
    ap.add_argument('--seed', type=int, default=20260722)
    ap.add_argument('--type', action='append', required=True, metavar='NAME:BYTES',
                    help='a type to fuzz and the length of its binary form (repeated)')
    args = ap.parse_args()
    types = []
    for t in args.type:
        name, _, n = t.partition(':')
        if not n.isdigit():
            sys.exit('--type %s: no length' % t)
        types.append((name, int(n)))

    rng = random.Random(args.seed)
    failures = []
    sessions = {'utf8': Session(args.utf8), 'ascii': Session(args.ascii)}
    print('seed %d' % args.seed)

    try:
        for name, n in types:
            if name in TEXT_TARGETS:
                typ, ref, valid, alphabet = TEXT_TARGETS[name]
                exact = True
            else:
                typ = name.encode()
                own = OwnOutput(sessions['utf8'], typ, n, rng)
                ref, valid, alphabet, exact = own.ref, own.valid, own.alphabet + b'-', False
            # text: half in each database
            total = valid_n = 0
            for db, sess in sessions.items():
                ascii_db = db == 'ascii'
                oid = sess.oid(typ)
                inputs = text_inputs(rng, args.count // 2, valid, alphabet, ascii_db)
                sess.prepare(b'in_' + typ, b'SELECT $1', [oid])
                small = [s for s in inputs if len(s) < 4096]
                big = [s for s in inputs if len(s) >= 4096]
                results = sess.run(b'in_' + typ, small, 0, 200) + sess.run(b'in_' + typ, big, 0, 1)
                valid_n += check_text(typ, ref, small + big, results, failures, exact)
                if not exact:
                    check_own_output(sessions['utf8'], typ, small + big, results, failures)
                total += len(inputs)
            print('%s text input%s: %d inputs, %d valid, %d rejected' % (
                name, '' if exact else ' (checked by its own output)', total, valid_n, total - valid_n))

            # binary: the receive function, and the cast from bytea
            sess = sessions['utf8']
            oid = sess.oid(typ)
            sess.prepare(b'recv_' + typ, b'SELECT $1', [oid])
            sess.prepare(b'bytea_' + typ, b'SELECT $1::' + typ, [17])
            lengths = [rng.choice([n, n, n - 1, n + 1, 0, rng.randint(0, 64), rng.randint(n - 3, n + 3)])
                       for _ in range(args.count // 2)]
            inputs = [rng.randbytes(max(k, 0)) for k in lengths] + [rng.randbytes(65536), rng.randbytes(1 << 20)]
            for path, stmt, message in (
                    ('binary receive', b'recv_' + typ, b'invalid binary value for type %s: %d bytes, expected %d'),
                    ('cast from bytea', b'bytea_' + typ, b'invalid length for type %s: %d bytes, expected %d')):
                use = inputs if path == 'binary receive' else inputs[:args.count // 10] + inputs[-2:]
                small = [s for s in use if len(s) < 4096]
                big = [s for s in use if len(s) >= 4096]
                results = sess.run(stmt, small, 1, 200) + sess.run(stmt, big, 1, 1)
                ok_n = 0
                for s, (ok, v) in zip(small + big, results):
                    if ok:
                        ok_n += 1
                        if len(s) != n or v != s:
                            failures.append('%s %s %s: accepted as %s' % (name, path, s[:40].hex(), v.hex()))
                    else:
                        sqlstate, msg = v
                        if len(s) == n:
                            failures.append('%s %s %s: rejected (%s)' % (name, path, s.hex(), sqlstate))
                        elif sqlstate != b'22P03' or msg != message % (typ, len(s), n):
                            failures.append('%s %s of %d bytes: %s %r' % (name, path, len(s), sqlstate, msg))
                print('%s %s: %d inputs, %d valid, %d rejected' % (name, path, len(use), ok_n, len(use) - ok_n))

        # the text parsers that are functions
        for fname, ref, valid, alphabet, sql in (
                ('uuid464', ref_uuid464, valid_uuid464, B64URL, b'SELECT uuid464_decode($1)'),
                ('a prefixed tid62', ref_tid62_split, valid_tid62_split, B62 + b'-_',
                 b'SELECT row(s.prefix, s.id::bytea)::text FROM tid62_split($1) s')):
            total = valid_n = 0
            for db, sess in sessions.items():
                ascii_db = db == 'ascii'
                stmt = b'fn_' + fname.replace(' ', '_').encode()
                sess.prepare(stmt, sql, [25])
                inputs = text_inputs(rng, args.count // 10, valid, alphabet, ascii_db)
                small = [s for s in inputs if len(s) < 4096]
                big = [s for s in inputs if len(s) >= 4096]
                results = sess.run(stmt, small, 0, 200) + sess.run(stmt, big, 0, 1)
                for s, (ok, v) in zip(small + big, results):
                    want = ref(s)
                    if ok:
                        valid_n += 1
                        if fname == 'uuid464':
                            good = want is not None and v == want
                        else:
                            # the record (prefix, id::bytea) as text
                            good = want is not None and \
                                v == b'(' + (want[0] or b'') + b',"\\\\x' + want[1].hex().encode() + b'")'
                        if not good:
                            failures.append('%s %r: accepted as %r, reference %r' % (fname, s[:80], v[:80], want))
                    else:
                        sqlstate, msg = v
                        expect = b'invalid input syntax for ' + fname.encode() + b': "' + s + b'"'
                        if want is not None:
                            failures.append('%s %r: rejected (%s), reference %r' % (fname, s[:80], sqlstate, want))
                        elif sqlstate != b'22P02' or msg != expect:
                            failures.append('%s %r: %s %r' % (fname, s[:80], sqlstate, (msg or b'')[:200]))
                total += len(inputs)
            print('%s text input: %d inputs, %d valid, %d rejected' % (fname, total, valid_n, total - valid_n))
    except ConnectionError as e:
        failures.append('the connection was lost (a crash?): %s' % e)

    print('%d failures' % len(failures))
    for f in failures[:20]:
        print('FAILURE: ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
