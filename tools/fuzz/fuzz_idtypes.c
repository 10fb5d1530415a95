/*-------------------------------------------------------------------------
 *
 * fuzz_idtypes.c
 *	  libFuzzer harness for the parsers of idtypes, compiled outside the
 *	  server: the codecs of src/codec.c and the input paths of the schemes
 *	  (the text input and output functions, the binary receive functions,
 *	  the casts from bytea, uuid464_decode()), the real code of src/, with
 *	  AddressSanitizer and UndefinedBehaviorSanitizer.
 *
 * The first byte of an input chooses the target; for the targets of a type
 * (text input, binary receive, cast from bytea) the second byte chooses the
 * type, and the rest is the input.  The types are those of the schemes of
 * src/scheme.h with a type of their own, and their functions the ones the
 * install script binds to them: tools/fuzz.sh writes both into the header
 * fuzz_types.h that this file includes, so that a new scheme is fuzzed
 * without a change here.
 * Besides memory errors and undefined behaviour, the harness aborts when a
 * property fails:
 * - an accepted text prints, through the type's output function, a text
 *   that reads back as the same value and prints the same again;
 * - a rejected text fails with SQLSTATE 22P02 and the message that names
 *   the type and quotes the input exactly;
 * - binary input and casts from bytea accept exactly the type's length,
 *   keep the bytes, and otherwise fail with 22P03;
 * - every codec decodes what it encodes, and what it accepts is the
 *   canonical text of what it decodes to (modulo case and Crockford's
 *   look-alikes where those are allowed).
 *
 * The server functions these paths call are replaced by small stand-ins
 * below: palloc() is malloc() (so that AddressSanitizer sees every
 * allocation's bounds, which it cannot inside the server's memory
 * contexts), ereport(ERROR) records the error and jumps back to the
 * harness, and the message, detail and hint are formatted for real.  The
 * objects are linked with --gc-sections, so that the rest of src/ (the
 * generators, shared memory) needs no stand-ins.  tools/fuzz.sh builds and
 * runs it; with IDTYPES_FUZZ_SEEDS set to a directory, the harness first
 * writes a valid input of each type's targets there.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * tools/fuzz/fuzz_idtypes.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fmgr.h"
#include "lib/stringinfo.h"
#include "port/pg_bswap.h"
#include "utils/elog.h"

#include "codec.h"
#include "compat.h"

/* the C library's, not libpgport's (port.h renames them) */
#undef fprintf
#undef vsnprintf
#undef snprintf

/* ---------- the functions under test (src/) ---------- */

extern Datum idtypes_uuid464_decode(PG_FUNCTION_ARGS);

/*
 * A type of the extension's own: its name, its text input and output, its
 * binary receive and its cast from bytea, its width and whether it is
 * passed by value (uid8).
 */
typedef struct FuzzType
{
	const char *name;
	PGFunction	in;
	PGFunction	out;
	PGFunction	recv;
	PGFunction	from_bytea;
	int			len;
	bool		byval;
} FuzzType;

/* the externs of those functions and fuzz_types[], made by tools/fuzz.sh */
#include "fuzz_types.h"

#define NTYPES	((int) lengthof(fuzz_types))

/* the targets, by the first byte of an input (tools/fuzz.sh's seeds) */
enum
{
	FUZZ_TEXT_IN,
	FUZZ_RECV,
	FUZZ_FROM_BYTEA,
	FUZZ_UUID464,
	FUZZ_BASE62,
	FUZZ_BASE32,
	FUZZ_BASE64URL,
	FUZZ_ROUNDTRIPS,
	FUZZ_TARGETS
};

/* ---------- stand-ins for the server ---------- */

/* every allocation of one input, freed when it is done */
#define MAX_ALLOCS 4096
static void *allocs[MAX_ALLOCS];
static int	nallocs = 0;

static void *
track(void *p)
{
	if (p == NULL || nallocs >= MAX_ALLOCS)
		abort();
	allocs[nallocs++] = p;
	return p;
}

static void
free_all(void)
{
	while (nallocs > 0)
		free(allocs[--nallocs]);
}

void *
palloc(Size size)
{
	return track(malloc(size > 0 ? size : 1));
}

void *
palloc0(Size size)
{
	return track(calloc(1, size > 0 ? size : 1));
}

void
pfree(void *pointer)
{
	/* freed with the rest at the end of the input */
}

char *
pstrdup(const char *in)
{
	size_t		len = strlen(in);
	char	   *out = palloc(len + 1);

	memcpy(out, in, len + 1);
	return out;
}

/* the error being raised */
static sigjmp_buf *error_return = NULL;
static int	error_elevel;
static int	error_sqlstate;
static char *error_message;

static char *
format_message(const char *fmt, va_list args)
{
	va_list		copy;
	int			len;
	char	   *buf;

	va_copy(copy, args);
	len = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (len < 0)
		abort();
	buf = palloc(len + 1);
	vsnprintf(buf, len + 1, fmt, args);
	return buf;
}

bool
errstart(int elevel, const char *domain)
{
	error_elevel = elevel;
	error_sqlstate = 0;
	error_message = NULL;
	return true;
}

bool
errstart_cold(int elevel, const char *domain)
{
	return errstart(elevel, domain);
}

void
errfinish(const char *filename, int lineno, const char *funcname)
{
	if (error_elevel >= ERROR)
	{
		if (error_return == NULL)
			abort();
		siglongjmp(*error_return, 1);
	}
}

#ifdef IDTYPES_HAVE_SOFT_ERRORS
/*
 * Soft errors (ereturn, PostgreSQL 16 and later): the harness calls with no
 * error context, where the server raises them as hard errors, and so does
 * this.
 */
bool
errsave_start(struct Node *context, const char *domain)
{
	return errstart(ERROR, domain);
}

void
errsave_finish(struct Node *context, const char *filename, int lineno, const char *funcname)
{
	errfinish(filename, lineno, funcname);
}
#endif

int
errcode(int sqlerrcode)
{
	error_sqlstate = sqlerrcode;
	return 0;
}

int
errmsg(const char *fmt,...)
{
	va_list		args;

	va_start(args, fmt);
	error_message = format_message(fmt, args);
	va_end(args);
	return 0;
}

/* the detail and hint are formatted (their arguments must be sound) */
int
errdetail(const char *fmt,...)
{
	va_list		args;

	va_start(args, fmt);
	(void) format_message(fmt, args);
	va_end(args);
	return 0;
}

int
errdetail_internal(const char *fmt,...)
{
	va_list		args;

	va_start(args, fmt);
	(void) format_message(fmt, args);
	va_end(args);
	return 0;
}

int
errhint(const char *fmt,...)
{
	va_list		args;

	va_start(args, fmt);
	(void) format_message(fmt, args);
	va_end(args);
	return 0;
}

char *
text_to_cstring(const text *t)
{
	int			len = VARSIZE_ANY_EXHDR(t);
	char	   *result = palloc(len + 1);

	memcpy(result, VARDATA_ANY(t), len);
	result[len] = '\0';
	return result;
}

/* the harness builds plain 4-byte-header varlenas: nothing to detoast */
struct varlena *
pg_detoast_datum_packed(struct varlena *datum)
{
	return datum;
}

char *
format_type_be(Oid type_oid)
{
	return pstrdup("a type");
}

Oid
get_fn_expr_rettype(FmgrInfo *flinfo)
{
	return InvalidOid;
}

Oid
get_fn_expr_argtype(FmgrInfo *flinfo, int argnum)
{
	return InvalidOid;
}

/* as in the server's libpq/pqformat.c */
const char *
pq_getmsgbytes(StringInfo msg, int datalen)
{
	const char *result;

	if (datalen < 0 || datalen > (msg->len - msg->cursor))
		ereport(ERROR,
				(errcode(ERRCODE_PROTOCOL_VIOLATION),
				 errmsg("insufficient data left in message")));
	result = &msg->data[msg->cursor];
	msg->cursor += datalen;
	return result;
}

int64
pq_getmsgint64(StringInfo msg)
{
	uint64		n64;

	memcpy(&n64, pq_getmsgbytes(msg, sizeof(n64)), sizeof(n64));
	return pg_ntoh64(n64);
}

/* a formatted string, freed with the input */
static char *
message_of(const char *fmt,...)
{
	va_list		args;
	char	   *result;

	va_start(args, fmt);
	result = format_message(fmt, args);
	va_end(args);
	return result;
}

/* ---------- calling the functions ---------- */

#define CHECK(cond) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "property failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
			abort(); \
		} \
	} while (0)

/*
 * Call a function of up to 3 arguments; false (with error_sqlstate and
 * error_message set) if it raised an error.
 */
static bool
call(PGFunction fn, Datum *result, int nargs, Datum a0, Datum a1, Datum a2)
{
	LOCAL_FCINFO(fcinfo, 3);
	FmgrInfo	flinfo;
	sigjmp_buf	jmp;

	memset(&flinfo, 0, sizeof(flinfo));
	flinfo.fn_addr = fn;
	flinfo.fn_nargs = nargs;
	InitFunctionCallInfoData(*fcinfo, &flinfo, nargs, InvalidOid, NULL, NULL);
	fcinfo->args[0].value = a0;
	fcinfo->args[0].isnull = false;
	fcinfo->args[1].value = a1;
	fcinfo->args[1].isnull = false;
	fcinfo->args[2].value = a2;
	fcinfo->args[2].isnull = false;

	if (sigsetjmp(jmp, 0) != 0)
	{
		error_return = NULL;
		CHECK(error_message != NULL);
		return false;
	}
	error_return = &jmp;
	*result = fn(fcinfo);
	error_return = NULL;
	CHECK(!fcinfo->isnull);
	return true;
}

static bool
same_value(const FuzzType *t, Datum a, Datum b)
{
	if (t->byval)
		return a == b;
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), t->len) == 0;
}

/*
 * The length of a type's canonical text: that of its all-zeros value (every
 * type's text is of fixed width).
 */
static size_t
text_len(const FuzzType *t)
{
	static size_t lens[NTYPES];
	int			i = t - fuzz_types;
	static const uint8 zeros[16];
	StringInfoData buf;
	Datum		value;
	Datum		printed;

	if (lens[i] == 0)
	{
		buf.data = (char *) zeros;
		buf.len = t->len;
		buf.maxlen = t->len;
		buf.cursor = 0;
		CHECK(t->len <= (int) sizeof(zeros));
		CHECK(call(t->recv, &value, 3, PointerGetDatum(&buf), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)));
		CHECK(call(t->out, &printed, 1, value, 0, 0));
		lens[i] = strlen(DatumGetCString(printed));
	}
	return lens[i];
}

/* a text input function on a C string */
static void
fuzz_text_in(const FuzzType *t, const char *s)
{
	Datum		value,
				again;
	Datum		printed;
	Datum		reprinted;

	if (call(t->in, &value, 1, CStringGetDatum(s), 0, 0))
	{
		/* the output reads back as the same value, and is canonical */
		CHECK(call(t->out, &printed, 1, value, 0, 0));
		CHECK(strlen(DatumGetCString(printed)) == text_len(t));
		CHECK(call(t->in, &again, 1, printed, 0, 0));
		CHECK(same_value(t, value, again));
		CHECK(call(t->out, &reprinted, 1, again, 0, 0));
		CHECK(strcmp(DatumGetCString(printed), DatumGetCString(reprinted)) == 0);
	}
	else
	{
		char	   *expected = message_of("invalid input syntax for type %s: \"%s\"", t->name, s);

		CHECK(error_sqlstate == ERRCODE_INVALID_TEXT_REPRESENTATION);
		CHECK(strcmp(error_message, expected) == 0);
	}
}

/* a binary receive function on a StringInfo of the bytes, as the server calls it */
static void
fuzz_recv(const FuzzType *t, const uint8 *data, size_t size)
{
	int			len = t->len;
	StringInfoData buf;
	Datum		value;

	buf.data = palloc(size + 1);
	memcpy(buf.data, data, size);
	buf.data[size] = '\0';
	buf.len = (int) size;
	buf.maxlen = (int) size + 1;
	buf.cursor = 0;
	if (call(t->recv, &value, 3, PointerGetDatum(&buf), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)))
	{
		uint8		bytes[16];

		CHECK(size == (size_t) len);
		CHECK(buf.cursor == buf.len);
		if (t->byval)
			codec_put_be(bytes, DatumGetUInt64(value), len);
		else
			memcpy(bytes, DatumGetPointer(value), len);
		CHECK(memcmp(bytes, data, len) == 0);
	}
	else
	{
		CHECK(size != (size_t) len);
		CHECK(error_sqlstate == ERRCODE_INVALID_BINARY_REPRESENTATION);
	}
}

static bytea *
make_varlena(const uint8 *data, size_t size)
{
	bytea	   *b = palloc(VARHDRSZ + size);

	SET_VARSIZE(b, VARHDRSZ + size);
	memcpy(VARDATA(b), data, size);
	return b;
}

/* a cast from bytea */
static void
fuzz_from_bytea(const FuzzType *t, const uint8 *data, size_t size)
{
	int			len = t->len;
	Datum		value;

	if (call(t->from_bytea, &value, 1, PointerGetDatum(make_varlena(data, size)), 0, 0))
	{
		uint8		bytes[16];

		CHECK(size == (size_t) len);
		if (t->byval)
			codec_put_be(bytes, DatumGetUInt64(value), len);
		else
			memcpy(bytes, DatumGetPointer(value), len);
		CHECK(memcmp(bytes, data, len) == 0);
	}
	else
	{
		CHECK(size != (size_t) len);
		CHECK(error_sqlstate == ERRCODE_INVALID_BINARY_REPRESENTATION);
	}
}

/* uuid464_decode(): accepted only as the canonical base64url of its uuid */
static void
fuzz_uuid464(const char *s)
{
	Datum		value;

	if (call(idtypes_uuid464_decode, &value, 1,
			 PointerGetDatum(make_varlena((const uint8 *) s, strlen(s))), 0, 0))
	{
		char		chars[CODEC_BASE64URL_LEN(16)];

		codec_base64url_encode(chars, (const uint8 *) DatumGetPointer(value), 16);
		CHECK(strlen(s) == sizeof(chars) && memcmp(s, chars, sizeof(chars)) == 0);
	}
	else
	{
		CHECK(error_sqlstate == ERRCODE_INVALID_TEXT_REPRESENTATION);
		CHECK(strcmp(error_message, message_of("invalid input syntax for uuid464: \"%s\"", s)) == 0);
	}
}

/* ---------- the codecs directly ---------- */

static const char base62_digits[] =
"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* base62: against a reference on 128-bit integers (62^17 < 2^102) */
static void
fuzz_base62(const char *s, size_t len)
{
	uint8		bytes[12];
	CodecBase62Result r = codec_base62_decode96(bytes, s, len);
	bool		syntax = len == CODEC_BASE62_96_LEN;
	unsigned	__int128 v = 0;

	for (size_t i = 0; syntax && i < len; i++)
	{
		const char *d = s[i] ? strchr(base62_digits, s[i]) : NULL;

		if (d == NULL)
			syntax = false;
		else
			v = v * 62 + (d - base62_digits);
	}
	if (!syntax)
		CHECK(r == CODEC_BASE62_BAD_SYNTAX);
	else if (v >> 96)
		CHECK(r == CODEC_BASE62_OVERFLOW);
	else
	{
		char		chars[CODEC_BASE62_96_LEN];

		CHECK(r == CODEC_BASE62_OK);
		for (int i = 11; i >= 0; i--, v >>= 8)
			CHECK(bytes[i] == (uint8) v);
		codec_base62_encode96(chars, bytes);
		CHECK(memcmp(chars, s, len) == 0);
	}
}

/* Crockford base32 of nbytes: what decodes encodes back to its canonical form */
static void
fuzz_base32(int nbytes, const char *s, size_t len)
{
	uint8		bytes[32];
	char		chars[CODEC_BASE32_CHARS(32)];

	if (codec_base32_decode(bytes, nbytes, s, len))
	{
		CHECK(len == (size_t) CODEC_BASE32_CHARS(nbytes));
		codec_base32_encode(chars, bytes, nbytes);
		for (size_t i = 0; i < len; i++)
		{
			char		c = s[i] >= 'a' && s[i] <= 'z' ? s[i] - 'a' + 'A' : s[i];

			if (c == 'I' || c == 'L')
				c = '1';
			else if (c == 'O')
				c = '0';
			CHECK(chars[i] == c);
		}
	}
}

static void
fuzz_base64url(int nbytes, const char *s, size_t len)
{
	uint8		bytes[48];
	char		chars[CODEC_BASE64URL_LEN(48)];

	if (codec_base64url_decode(bytes, nbytes, s, (int) len))
	{
		CHECK(len == (size_t) CODEC_BASE64URL_LEN(nbytes));
		codec_base64url_encode(chars, bytes, nbytes);
		CHECK(memcmp(chars, s, len) == 0);
	}
}

/* encode any bytes, decode them back */
static void
fuzz_roundtrips(const uint8 *data, size_t size)
{
	uint8		in[48] = {0};
	uint8		out[48];
	char		chars[128];
	int			n = size > 0 ? data[0] % 33 : 0;

	memcpy(in, size > 1 ? data + 1 : in, Min(size > 1 ? size - 1 : 0, sizeof(in)));

	codec_base32_encode(chars, in, n);
	CHECK(codec_base32_decode(out, n, chars, CODEC_BASE32_CHARS(n)));
	CHECK(memcmp(in, out, n) == 0);

	codec_base64url_encode(chars, in, n);
	CHECK(codec_base64url_decode(out, n, chars, CODEC_BASE64URL_LEN(n)));
	CHECK(memcmp(in, out, n) == 0);

	codec_base62_encode96(chars, in);
	CHECK(codec_base62_decode96(out, chars, CODEC_BASE62_96_LEN) == CODEC_BASE62_OK);
	CHECK(memcmp(in, out, 12) == 0);

	{
		static const int groups[] = {32};

		codec_hex_encode(chars, in, 16, n % 2 == 0);
		chars[32] = '\0';
		CHECK(codec_hex_decode_groups(out, 16, chars, groups, 1));
		CHECK(memcmp(in, out, 16) == 0);
	}

	/* zero-padded integers: fit exactly when below base^width */
	{
		uint64		v = codec_get_be(in, 8);
		int			base = in[8] % 2 ? 36 : 10;
		int			width = 1 + in[9] % 20;
		unsigned	__int128 limit = 1;

		for (int i = 0; i < width; i++)
			limit *= base;
		if (codec_uint_encode(chars, v, base, width))
		{
			chars[width] = '\0';
			CHECK(v < limit);
			CHECK(strtoull(chars, NULL, base) == v);
		}
		else
			CHECK(v >= limit);
	}
}

/* ---------- seeds ---------- */

/* Write an input (target byte, type byte, then data) into dir. */
static void
write_seed(const char *dir, const char *name, int target, int type, const void *data, size_t size)
{
	char		path[4096];
	FILE	   *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	CHECK(f != NULL);
	fputc(target, f);
	fputc(type, f);
	CHECK(fwrite(data, 1, size, f) == size);
	CHECK(fclose(f) == 0);
}

/*
 * With IDTYPES_FUZZ_SEEDS, a valid input of each type's targets there: the
 * text of a value (its bytes 0x01, 0x02, ...), and those bytes for the
 * receive function and the cast.  Also names the types on stderr, for
 * t/015_libfuzzer.pl.
 */
int			LLVMFuzzerInitialize(int *argc, char ***argv);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *dir = getenv("IDTYPES_FUZZ_SEEDS");

	fprintf(stderr, "fuzz_idtypes types:");
	for (int i = 0; i < NTYPES; i++)
		fprintf(stderr, " %s", fuzz_types[i].name);
	fprintf(stderr, "\n");
	if (dir == NULL)
		return 0;
	for (int i = 0; i < NTYPES; i++)
	{
		const FuzzType *t = &fuzz_types[i];
		uint8		bytes[16];
		StringInfoData buf;
		Datum		value;
		Datum		printed;
		char		name[256];

		for (int b = 0; b < t->len; b++)
			bytes[b] = (uint8) (b + 1);
		buf.data = (char *) bytes;
		buf.len = t->len;
		buf.maxlen = t->len;
		buf.cursor = 0;
		CHECK(call(t->recv, &value, 3, PointerGetDatum(&buf), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)));
		CHECK(call(t->out, &printed, 1, value, 0, 0));
		snprintf(name, sizeof(name), "text-%s", t->name);
		write_seed(dir, name, FUZZ_TEXT_IN, i, DatumGetCString(printed), strlen(DatumGetCString(printed)));
		snprintf(name, sizeof(name), "recv-%s", t->name);
		write_seed(dir, name, FUZZ_RECV, i, bytes, t->len);
		snprintf(name, sizeof(name), "bytea-%s", t->name);
		write_seed(dir, name, FUZZ_FROM_BYTEA, i, bytes, t->len);
		free_all();
	}
	return 0;
}

/* ---------- the entry point ---------- */

int			LLVMFuzzerTestOneInput(const uint8 *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8 *data, size_t size)
{
	int			target = size > 0 ? data[0] % FUZZ_TARGETS : 0;
	bool		typed = target == FUZZ_TEXT_IN || target == FUZZ_RECV || target == FUZZ_FROM_BYTEA;
	size_t		skip = typed ? 2 : 1;
	const uint8 *in = data + skip;
	size_t		n = size > skip ? size - skip : 0;
	const FuzzType *t = &fuzz_types[size > 1 ? data[1] % NTYPES : 0];
	char	   *s;
	size_t		slen;

	if (size < skip)
		return 0;

	/* as a C string, the way the server passes text: up to a NUL */
	s = palloc(n + 1);
	memcpy(s, in, n);
	s[n] = '\0';
	slen = strlen(s);

	switch (target)
	{
		case FUZZ_TEXT_IN:
			fuzz_text_in(t, s);
			break;
		case FUZZ_RECV:
			fuzz_recv(t, in, n);
			break;
		case FUZZ_FROM_BYTEA:
			fuzz_from_bytea(t, in, n);
			break;
		case FUZZ_UUID464:
			fuzz_uuid464(s);
			break;
		case FUZZ_BASE62:
			fuzz_base62(s, slen);
			break;
		case FUZZ_BASE32:
			/* the byte count from the input's first character */
			if (slen > 0)
				fuzz_base32(1 + (uint8) s[0] % 32, s + 1, slen - 1);
			break;
		case FUZZ_BASE64URL:
			if (slen > 0)
				fuzz_base64url((uint8) s[0] % 49, s + 1, slen - 1);
			break;
		default:
			fuzz_roundtrips(in, n);
			break;
	}
	free_all();
	return 0;
}
