// Client test of idtypes with pgx v5 and the codecs of package idtypespgx.
//
// clients/go/test_idtypes_pgx/main.go
//
// Connects to the server of the PG* environment variables (database
// postgres, where the idtypes extension can be created) and checks, in the
// binary protocol (pgx's default), in text (QueryExecModeExec: text
// parameters and results) and with the simple protocol, for every type
// (muid, hlculid, uid8, tid62, and UUIDv6/v7/v8 on uuid): ids generated in
// SQL read as Go values with the same text, time and parts as SQL gives,
// written back unchanged, compared in WHERE; the plain Go forms each type
// takes ([16]byte, [12]byte, []byte, int64, uint64, string); arrays, NULLs
// and pgx's own decoding into any; ids made in Go (uid8 in java-uniqueid's
// layout, an hlculid of a time) stored and read back with the same parts;
// bad input refused.  Prints one line per check, "ok - what" or "not ok -
// what: details" (t/026_pgx.pl turns them into TAP assertions), then "ran N
// checks", and exits non-zero if any check failed.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"idtypespgx"
)

var checks, failures int

func check(what string, ok bool, details string) {
	checks++
	if ok {
		fmt.Printf("ok - %s\n", what)
		return
	}
	failures++
	if len(details) > 700 {
		details = details[len(details)-700:]
	}
	fmt.Printf("not ok - %s: %s\n", what, strings.ReplaceAll(details, "\n", " "))
}

func same(what string, got, want any) {
	check(what, reflect.DeepEqual(got, want), fmt.Sprintf("got %#v, want %#v", got, want))
}

func noError(what string, err error) bool {
	if err != nil {
		check(what, false, err.Error())
		return false
	}
	return true
}

// mode: a name and the query execution mode that makes it
type mode struct {
	name string
	exec pgx.QueryExecMode
}

var modes = []mode{
	{"binary", pgx.QueryExecModeCacheStatement},
	{"text", pgx.QueryExecModeExec},
	{"simple protocol", pgx.QueryExecModeSimpleProtocol},
}

func run(ctx context.Context, conn *pgx.Conn, md mode) {
	q := func(sql string, args ...any) pgx.Row {
		return conn.QueryRow(ctx, sql, append([]any{md.exec}, args...)...)
	}
	f := md.name
	_, err := conn.Exec(ctx, "DROP TABLE IF EXISTS ids; CREATE TABLE ids (u8 uid8, m muid, h hlculid, t62 tid62, v uuid)")
	if !noError(f+": the table is made", err) {
		return
	}

	// muid: time and parts as SQL has them
	{
		var m idtypespgx.Muid
		var text string
		var ts time.Time
		var med int64
		var off int32
		err := q("SELECT x, x::text, muid_timestamp(x), muid_medallion(x), muid_offset(x) FROM (SELECT gen_muid() AS x) s").
			Scan(&m, &text, &ts, &med, &off)
		if noError(f+": muid arrives as Muid", err) {
			same(f+": muid String() is the SQL text", m.String(), text)
			same(f+": muid time and parts are SQL's", []any{m.Time(), m.Medallion(), m.Offset()},
				[]any{ts.UTC(), uint64(med), uint32(off)})
			roundTrip(q, f, "muid", "m", m, text, [16]byte(m), m.UUID()+"'s bytes")
		}
	}
	// hlculid
	{
		var h idtypespgx.HlcUlid
		var text string
		var ts time.Time
		var counter, publisher int32
		err := q("SELECT x, x::text, hlculid_timestamp(x), hlculid_counter(x), hlculid_publisher(x) FROM (SELECT gen_hlculid() AS x) s").
			Scan(&h, &text, &ts, &counter, &publisher)
		if noError(f+": hlculid arrives as HlcUlid", err) {
			same(f+": hlculid String() is the SQL text (the ULID)", h.String(), text)
			same(f+": hlculid time and parts are SQL's", []any{h.Time(), h.Counter(), h.Publisher()},
				[]any{ts.UTC(), uint16(counter), uint16(publisher)})
			roundTrip(q, f, "hlculid", "h", h, text, [16]byte(h), "[16]byte")
		}
	}
	// uid8
	{
		var u idtypespgx.Uid8
		var text, umode string
		var ts time.Time
		var seq, gen, cluster int32
		err := q("SELECT x, x::text, uid8_timestamp(x), uid8_sequence(x), uid8_generator(x), uid8_cluster(x), uid8_mode(x) FROM (SELECT gen_uid8() AS x) s").
			Scan(&u, &text, &ts, &seq, &gen, &cluster, &umode)
		if noError(f+": uid8 arrives as Uid8", err) {
			same(f+": uid8 String() is the SQL text", u.String(), text)
			same(f+": uid8 Parts() are SQL's", u.Parts(), idtypespgx.Uid8Parts{
				Time: ts.UTC(), Sequence: int(seq), Generator: int(gen), Cluster: int(cluster), Mode: umode})
			roundTrip(q, f, "uid8", "u8", u, text, uint64(u), "uint64")
			var back int64
			if f == "binary" {
				err = q("SELECT u8 FROM ids WHERE u8 = $1", int64(u)).Scan(&back)
			} else {
				err = q("SELECT u8 FROM ids WHERE u8 = $1", u).Scan(&back)
			}
			if noError(f+": uid8 in a comparison, read into an int64", err) {
				same(f+": uid8 in a comparison, read into an int64", back, int64(u))
			}
		}
	}
	// tid62
	{
		var t idtypespgx.Tid62
		var text, entropy string
		var ts time.Time
		err := q("SELECT x, x::text, tid62_timestamp(x), encode(tid62_entropy(x), 'hex') FROM (SELECT gen_tid62() AS x) s").
			Scan(&t, &text, &ts, &entropy)
		if noError(f+": tid62 arrives as Tid62", err) {
			same(f+": tid62 String() is the SQL text", t.String(), text)
			same(f+": tid62 time and entropy are SQL's", []any{t.Time(), fmt.Sprintf("%x", t.Entropy())},
				[]any{ts.UTC(), entropy})
			roundTrip(q, f, "tid62", "t62", t, text, [12]byte(t), "[12]byte")
		}
	}

	// uid8: Go order is SQL order; ids in java-uniqueid's layout built in Go
	{
		var big idtypespgx.Uid8
		err := q("INSERT INTO ids (u8) VALUES ($1) RETURNING u8", idtypespgx.Uid8(1<<64-2)).Scan(&big)
		if noError(f+": a Uid8 above 2^63 stores into uid8", err) {
			same(f+": a Uid8 above 2^63 stores into uid8", big.String(), "fffffffffffffffe")
		}
		var ordered []idtypespgx.Uid8
		err = q("SELECT array_agg(u8 ORDER BY u8) FROM ids WHERE u8 IS NOT NULL").Scan(&ordered)
		if noError(f+": uid8[] arrives as []Uid8 in SQL order", err) {
			sorted := len(ordered) >= 2
			for i := 1; i < len(ordered); i++ {
				sorted = sorted && ordered[i-1] < ordered[i]
			}
			check(f+": uid8[] arrives as []Uid8 in SQL order", sorted, fmt.Sprint(ordered))
		}
		at := time.Date(2025, 7, 22, 10, 0, 0, 123000000, time.UTC)
		for _, um := range []string{"spread", "time_sequential"} {
			parts := idtypespgx.Uid8Parts{Time: at, Sequence: 17, Generator: 1234, Cluster: 9, Mode: um}
			made := idtypespgx.Uid8FromParts(parts)
			var got idtypespgx.Uid8
			var ts time.Time
			var seq, gen, cluster int32
			var gotMode string
			err := q("INSERT INTO ids (u8) VALUES ($1) RETURNING u8, uid8_timestamp(u8), uid8_sequence(u8),"+
				" uid8_generator(u8), uid8_cluster(u8), uid8_mode(u8)", made).Scan(&got, &ts, &seq, &gen, &cluster, &gotMode)
			if noError(f+": uid8 built in Go ("+um+")", err) {
				same(f+": uid8 built in Go ("+um+") read back", got, made)
				same(f+": uid8 built in Go ("+um+") has its parts in SQL",
					idtypespgx.Uid8Parts{Time: ts.UTC(), Sequence: int(seq), Generator: int(gen), Cluster: int(cluster), Mode: gotMode}, parts)
			}
			var fromSQL idtypespgx.Uid8
			err = q("SELECT uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9, $1)", um).Scan(&fromSQL)
			if noError(f+": uid8_from_parts() ("+um+") is Uid8FromParts()", err) {
				same(f+": uid8_from_parts() ("+um+") is Uid8FromParts()", fromSQL, made)
			}
		}
	}

	// hlculid of a time made in Go: the ULID layout, 48-bit milliseconds first
	{
		at := time.Date(2025, 7, 22, 10, 0, 0, 123000000, time.UTC)
		var made idtypespgx.HlcUlid
		ms := uint64(at.UnixMilli())
		for i := 0; i < 6; i++ {
			made[i] = byte(ms >> (40 - 8*i))
		}
		made[7], made[9], made[15] = 3, 10, 0xef
		var got idtypespgx.HlcUlid
		var ts time.Time
		var counter, publisher int32
		err := q("INSERT INTO ids (h) VALUES ($1) RETURNING h, hlculid_timestamp(h), hlculid_counter(h), hlculid_publisher(h)", made).
			Scan(&got, &ts, &counter, &publisher)
		if noError(f+": hlculid made in Go", err) {
			same(f+": hlculid made in Go read back", got, made)
			same(f+": hlculid made in Go has its time and parts in SQL", []any{ts.UTC(), counter, publisher}, []any{at, int32(3), int32(10)})
		}
		var fromULID idtypespgx.HlcUlid
		err = q("SELECT $1::hlculid", made.String()).Scan(&fromULID)
		if noError(f+": hlculid of its ULID text", err) {
			same(f+": hlculid of its ULID text", fromULID, made)
		}
	}

	// UUIDv6/v7/v8 on uuid: pgx's own codec; UUIDTime reads v6 and v7
	{
		at := time.Date(2025, 7, 22, 10, 0, 0, 123000000, time.UTC)
		var v6, v7, v8 [16]byte
		err := q("SELECT uuidv6_floor($1), uuidv7_at($1), uuidv8_next()", at).Scan(&v6, &v7, &v8)
		if noError(f+": UUIDv6, v7, v8 arrive as [16]byte", err) {
			same(f+": UUID versions", []byte{v6[6] >> 4, v7[6] >> 4, v8[6] >> 4}, []byte{6, 7, 8})
			t6, ok6 := idtypespgx.UUIDTime(v6)
			t7, ok7 := idtypespgx.UUIDTime(v7)
			_, ok8 := idtypespgx.UUIDTime(v8)
			same(f+": UUIDTime() of v6 and v7 is their SQL time, none for v8", []any{t6, ok6, t7, ok7, ok8},
				[]any{at, true, at, true, false})
			var back [16]byte
			err := q("INSERT INTO ids (v) VALUES ($1) RETURNING v", pgtype.UUID{Bytes: v7, Valid: true}).Scan(&back)
			if noError(f+": UUIDv7 written back unchanged", err) {
				same(f+": UUIDv7 written back unchanged", back, v7)
			}
		}
	}

	// NULLs, pgx's decoding into any, arrays of each type
	{
		var m *idtypespgx.Muid
		var u *idtypespgx.Uid8
		err := q("SELECT NULL::muid, NULL::uid8").Scan(&m, &u)
		if noError(f+": NULL into *Muid and *Uid8", err) {
			check(f+": NULL into *Muid and *Uid8 is nil", m == nil && u == nil, fmt.Sprint(m, u))
		}
		rows, err := conn.Query(ctx, "SELECT '05D5EAC793E61F17B9F5B9479DF94AC0'::muid, '01K0RS6SB4000002NAM48H248H'::hlculid,"+
			" 'cb54ecf2840a0015'::uid8, '04XVaYIJisigHzUpr'::tid62", md.exec)
		if noError(f+": the ids into any", err) {
			var values []any
			if rows.Next() {
				values, err = rows.Values()
			}
			rows.Close()
			if err == nil {
				err = rows.Err()
			}
			if noError(f+": the ids into any", err) {
				same(f+": the ids into any are idtypespgx values", fmt.Sprintf("%T %v", values, values),
					"[]interface {} [05D5EAC793E61F17B9F5B9479DF94AC0 01K0RS6SB4000002NAM48H248H cb54ecf2840a0015 04XVaYIJisigHzUpr]")
				same(f+": their Go types", fmt.Sprintf("%T %T %T %T", values...),
					"idtypespgx.Muid idtypespgx.HlcUlid idtypespgx.Uid8 idtypespgx.Tid62")
			}
		}
		var ms []idtypespgx.Muid
		var hs []*idtypespgx.HlcUlid
		var ts []idtypespgx.Tid62
		err = q("SELECT ARRAY[gen_muid(), gen_muid()], ARRAY[gen_hlculid(), NULL], ARRAY[$1::tid62]", idtypespgx.Tid62{1, 2, 3}).
			Scan(&ms, &hs, &ts)
		if noError(f+": arrays of the ids", err) {
			check(f+": arrays of the ids", len(ms) == 2 && ms[0] != ms[1] && len(hs) == 2 && hs[0] != nil && hs[1] == nil &&
				len(ts) == 1 && ts[0] == idtypespgx.Tid62{1, 2, 3}, fmt.Sprint(ms, hs, ts))
		}
	}

	// bad input: the server's SQLSTATE for bad text, the codec's error for a bad size
	{
		var u idtypespgx.Uid8
		err := q("SELECT $1::uid8", "123").Scan(&u)
		var pgErr *pgconn.PgError
		check(f+": bad uid8 text is refused by the server (22P02)", errors.As(err, &pgErr) && pgErr.Code == "22P02", fmt.Sprint(err))
		err = q("SELECT $1::muid", []byte{1, 2, 3}).Scan(new(idtypespgx.Muid))
		if f == "binary" {
			check(f+": 3 bytes for a muid are refused", err != nil && strings.Contains(err.Error(), "a muid is 16 bytes, not 3"), fmt.Sprint(err))
		} else {
			// pgx sends a []byte as bytea text, which no muid reads
			check(f+": 3 bytes for a muid are refused by the server (22P02)", errors.As(err, &pgErr) && pgErr.Code == "22P02", fmt.Sprint(err))
		}
	}
}

// roundTrip: an id read from SQL (x, with SQL text text) is written back
// unchanged, compared, and read and written in the plain Go form plain.
func roundTrip(q func(string, ...any) pgx.Row, f, name, col string, x any, text string, plain any, plainName string) {
	back := reflect.New(reflect.TypeOf(x))
	var backText string
	err := q(fmt.Sprintf("INSERT INTO ids (%s) VALUES ($1) RETURNING %s, %s::text", col, col, col), x).Scan(back.Interface(), &backText)
	if noError(f+": "+name+" written back", err) {
		same(f+": "+name+" written back unchanged", back.Elem().Interface(), x)
		same(f+": "+name+" written back has the same text", backText, text)
	}
	var n int
	err = q(fmt.Sprintf("SELECT count(*) FROM ids WHERE %s = $1", col), x).Scan(&n)
	if noError(f+": "+name+" in a comparison", err) {
		same(f+": "+name+" in a comparison", n, 1)
	}
	if f == "binary" {
		// the server names the parameter's type; the other modes name it
		// by the Go type, and plain Go types are pgx's own
		err = q(fmt.Sprintf("SELECT count(*) FROM ids WHERE %s = $1", col), plain).Scan(&n)
		if noError(f+": "+name+" of a "+plainName+" in a comparison", err) {
			same(f+": "+name+" of a "+plainName+" in a comparison", n, 1)
		}
	}
	var s string
	err = q(fmt.Sprintf("SELECT count(*), min(%s::text) FROM ids WHERE %s = $1", col, col), text).Scan(&n, &s)
	if noError(f+": "+name+" of its text (a string) in a comparison", err) {
		same(f+": "+name+" of its text (a string) in a comparison", []any{n, s}, []any{1, text})
	}
	plainBack := reflect.New(reflect.TypeOf(plain))
	var bs []byte
	err = q(fmt.Sprintf("SELECT %s, %s, %s FROM ids WHERE %s = $1", col, col, col, col), x).Scan(plainBack.Interface(), &bs, &s)
	if noError(f+": "+name+" read into a "+plainName+", []byte and string", err) {
		same(f+": "+name+" read into a "+plainName, plainBack.Elem().Interface(), plain)
		var b []byte
		if u, ok := plain.(uint64); ok {
			b = []byte{byte(u >> 56), byte(u >> 48), byte(u >> 40), byte(u >> 32), byte(u >> 24), byte(u >> 16), byte(u >> 8), byte(u)}
		} else {
			v := reflect.ValueOf(plain)
			b = make([]byte, v.Len())
			reflect.Copy(reflect.ValueOf(b), v)
		}
		if f != "binary" {
			// pgx's rule: in text, a []byte gets the text of any type but bytea
			b = []byte(text)
		}
		same(f+": "+name+" read into []byte and string", []any{bs, s}, []any{b, text})
	}
}

func main() {
	ctx := context.Background()
	for _, md := range modes {
		conn, err := pgx.Connect(ctx, "dbname=postgres")
		if !noError(md.name+": connects", err) {
			continue
		}
		_, err = conn.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS idtypes")
		if noError(md.name+": the extension is there", err) {
			err = idtypespgx.Register(ctx, conn)
			if noError(md.name+": Register() finds the types", err) {
				run(ctx, conn, md)
			}
		}
		conn.Close(ctx)
	}
	// a database without the extension: Register says so
	conn, err := pgx.Connect(ctx, "dbname=template1")
	if noError("a database without idtypes", err) {
		err = idtypespgx.Register(ctx, conn)
		check("Register() in a database without idtypes says so", err != nil &&
			strings.Contains(err.Error(), "type muid not found: is the idtypes extension installed?"), fmt.Sprint(err))
		conn.Close(ctx)
	}
	// the last line: a client cut short prints none (client_checks of t/IdtypesTest/Clients.pm)
	fmt.Printf("ran %d checks\n", checks)
	if failures > 0 {
		os.Exit(1)
	}
}
