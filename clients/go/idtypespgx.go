// Package idtypespgx registers the types of the idtypes PostgreSQL
// extension on a pgx v5 connection.
//
// clients/go/idtypespgx.go
//
// After Register(ctx, conn), the extension's ids are Go values, in the text
// and in the binary protocol, as parameters and as results:
//
//	SQL type  Go        value
//	uid8      Uid8      a uint64 (unsigned: Go order is SQL order); also
//	                    scans into and writes from uint64 and int64 (Java's
//	                    signed view of the same 64 bits); Parts() gives
//	                    java-uniqueid's time and parts; String() is the 16
//	                    hex digits of the SQL text
//	muid      Muid      [16]byte: Time(), Micros(), Medallion(), Offset();
//	                    String() is the 32 hex digits of the SQL text,
//	                    UUID() the same bytes as a UUID string
//	hlculid   HlcUlid   [16]byte: Time(), Counter(), Publisher(), Entropy();
//	                    String() is the 26-character ULID text
//	tid62     Tid62     [12]byte: Time(), Entropy(); String() is the 17
//	                    base62 digits
//	uuid      pgx's own (pgtype.UUID, [16]byte); UUIDTime() reads the time
//	                    of a v6 or v7
//
// muid and hlculid also scan into and write from any [16]byte type (pgx's
// pgtype.UUID bytes, github.com/google/uuid's UUID), tid62 any [12]byte, all
// of them []byte of their size and string (their SQL text).  pgx sends a
// string parameter as text, which the server reads with the type's input
// function: every text form the type takes.  Arrays of the id types are
// registered too (scan into []Muid, []Uid8, ...).
//
// The types' OIDs differ from one database to the next, so Register looks
// them up on the connection; with a pool, call it in the pool's
// AfterConnect.
package idtypespgx

import (
	"context"
	"database/sql/driver"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/bits"
	"reflect"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// Muid is a muid: 16 bytes, ts:56 (microseconds since 1970) | medallion:52
// | offset:20.
type Muid [16]byte

// HlcUlid is an hlculid: 16 bytes, ts:48 (milliseconds since 1970) |
// counter:16 | publisher:16 | entropy:48, whose text is a ULID.
type HlcUlid [16]byte

// Uid8 is a uid8: one unsigned 64-bit value in java-uniqueid's layout.
type Uid8 uint64

// Tid62 is a tid62: 12 bytes, seconds since 2020-01-01:32 | entropy:64,
// whose text is 17 base62 digits.
type Tid62 [12]byte

const (
	crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	base62    = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	// the tid62 epoch, 2020-01-01 00:00:00 UTC, in Unix seconds
	tid62Epoch = 1577836800
)

// Micros is the muid's time, in microseconds since 1970.
func (m Muid) Micros() int64 {
	return int64(binary.BigEndian.Uint64(m[0:8]) >> 8)
}

// Time is the muid's time (to the microsecond, UTC).
func (m Muid) Time() time.Time { return time.UnixMicro(m.Micros()).UTC() }

// Medallion is the 52-bit medallion of the node that made the muid.
func (m Muid) Medallion() uint64 {
	return uint64(m[7])<<44 | binary.BigEndian.Uint64(m[8:16])>>20
}

// Offset is the muid's 20-bit offset.
func (m Muid) Offset() uint32 { return uint32(binary.BigEndian.Uint64(m[8:16]) & 0xfffff) }

// String is the SQL text: 32 uppercase hex digits.
func (m Muid) String() string { return strings.ToUpper(hex.EncodeToString(m[:])) }

// UUID is the same 16 bytes as a UUID string (8-4-4-4-12, lowercase).
func (m Muid) UUID() string { return uuidString(m) }

// Time is the hlculid's time (to the millisecond, UTC).
func (h HlcUlid) Time() time.Time {
	return time.UnixMilli(int64(binary.BigEndian.Uint64(h[0:8]) >> 16)).UTC()
}

// Counter is the hlculid's 16-bit logical counter.
func (h HlcUlid) Counter() uint16 { return binary.BigEndian.Uint16(h[6:8]) }

// Publisher is the 16-bit publisher id of the node that made the hlculid.
func (h HlcUlid) Publisher() uint16 { return binary.BigEndian.Uint16(h[8:10]) }

// Entropy is the hlculid's last 6 bytes.
func (h HlcUlid) Entropy() []byte { return append([]byte(nil), h[10:16]...) }

// String is the SQL text: the 26-character ULID (Crockford base32).
func (h HlcUlid) String() string {
	var s [26]byte
	hi, lo := binary.BigEndian.Uint64(h[0:8]), binary.BigEndian.Uint64(h[8:16])
	for i := 25; i >= 0; i-- {
		s[i] = crockford[lo&31]
		lo = lo>>5 | hi<<59
		hi >>= 5
	}
	return string(s[:])
}

// UUID is the same 16 bytes as a UUID string (8-4-4-4-12, lowercase).
func (h HlcUlid) UUID() string { return uuidString(h) }

// String is the SQL text: 16 lowercase hex digits.
func (u Uid8) String() string { return fmt.Sprintf("%016x", uint64(u)) }

// Int64 is the same 64 bits as a signed integer (Java's long).
func (u Uid8) Int64() int64 { return int64(u) }

// Bytes is the uid8's 8 bytes, big-endian (what java-uniqueid parses).
func (u Uid8) Bytes() [8]byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(u))
	return b
}

// Uid8Parts are the parts of a uid8 in java-uniqueid 4.x's layout:
// V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12 | (gen & 0xFF) << 4 | cluster,
// T = ts << 22 (time_sequential) or the bit reversal of ts (spread).
type Uid8Parts struct {
	Time      time.Time // to the millisecond
	Sequence  int       // 0..63
	Generator int       // 0..2047
	Cluster   int       // 0..15
	Mode      string    // "spread" or "time_sequential"
}

// Parts reads the uid8's time and parts, as uid8_timestamp(),
// uid8_sequence(), uid8_generator(), uid8_cluster() and uid8_mode() do.
func (u Uid8) Parts() Uid8Parts {
	v := uint64(u)
	low := int(v & 0x3fffff)
	p := Uid8Parts{
		Sequence:  low >> 16 & 63,
		Generator: (low>>13&7)<<8 | low>>4&0xff,
		Cluster:   low & 15,
		Mode:      "spread",
	}
	var ms uint64
	if low>>12&1 == 1 {
		p.Mode = "time_sequential"
		ms = v >> 22
	} else {
		ms = bits.Reverse64(v &^ 0x3fffff)
	}
	p.Time = time.UnixMilli(int64(ms)).UTC()
	return p
}

// Uid8FromParts builds the uid8 of the given parts: the inverse of Parts
// (an empty Mode is spread, java-uniqueid's default).
func Uid8FromParts(p Uid8Parts) Uid8 {
	ms := uint64(p.Time.UnixMilli())
	t, mode := bits.Reverse64(ms), uint64(0)
	if p.Mode == "time_sequential" {
		t, mode = ms<<22, 1
	}
	g := uint64(p.Generator)
	return Uid8(t | uint64(p.Sequence)<<16 | (g>>8&7)<<13 | mode<<12 | (g&0xff)<<4 | uint64(p.Cluster))
}

// Time is the tid62's time (to the second, UTC).
func (t Tid62) Time() time.Time {
	return time.Unix(tid62Epoch+int64(binary.BigEndian.Uint32(t[0:4])), 0).UTC()
}

// Entropy is the tid62's last 8 bytes.
func (t Tid62) Entropy() []byte { return append([]byte(nil), t[4:12]...) }

// String is the SQL text: 17 base62 digits.
func (t Tid62) String() string {
	n := new(big.Int).SetBytes(t[:])
	var s [17]byte
	d := new(big.Int)
	sixtyTwo := big.NewInt(62)
	for i := 16; i >= 0; i-- {
		n.DivMod(n, sixtyTwo, d)
		s[i] = base62[d.Int64()]
	}
	return string(s[:])
}

// ParseMuid reads a muid's text: 32 hex digits (either case) or the dashed
// 14-13-5 form.
func ParseMuid(s string) (Muid, error) {
	var m Muid
	if len(s) == 32+2 && s[14] == '-' && s[28] == '-' {
		s = s[:14] + s[15:28] + s[29:]
	}
	if len(s) != 32 || !decodeHex(m[:], s) {
		return m, fmt.Errorf("invalid muid: %q", s)
	}
	return m, nil
}

// ParseHlcUlid reads an hlculid's text: the ULID (Crockford base32, either
// case, I and L read as 1, O as 0), 32 hex digits, or the dashed hex
// 12-4-4-12.
func ParseHlcUlid(s string) (HlcUlid, error) {
	var h HlcUlid
	switch {
	case len(s) == 26:
		var hi, lo uint64
		for i := 0; i < 26; i++ {
			v := crockfordValue(s[i])
			if v < 0 || (i == 0 && v > 7) {
				return h, fmt.Errorf("invalid hlculid: %q", s)
			}
			hi = hi<<5 | lo>>59
			lo = lo<<5 | uint64(v)
		}
		binary.BigEndian.PutUint64(h[0:8], hi)
		binary.BigEndian.PutUint64(h[8:16], lo)
		return h, nil
	case len(s) == 32+3 && s[12] == '-' && s[17] == '-' && s[22] == '-':
		s = s[:12] + s[13:17] + s[18:22] + s[23:]
	}
	if len(s) != 32 || !decodeHex(h[:], s) {
		return h, fmt.Errorf("invalid hlculid: %q", s)
	}
	return h, nil
}

// ParseUid8 reads a uid8's text: 16 hex digits (either case), nothing else.
func ParseUid8(s string) (Uid8, error) {
	var b [8]byte
	if len(s) != 16 || !decodeHex(b[:], s) {
		return 0, fmt.Errorf("invalid uid8: %q (16 hex digits)", s)
	}
	return Uid8(binary.BigEndian.Uint64(b[:])), nil
}

// ParseTid62 reads a tid62's text: 17 base62 digits below 2^96.
func ParseTid62(s string) (Tid62, error) {
	var t Tid62
	if len(s) != 17 {
		return t, fmt.Errorf("invalid tid62: %q", s)
	}
	n := new(big.Int)
	sixtyTwo := big.NewInt(62)
	for i := 0; i < len(s); i++ {
		v := strings.IndexByte(base62, s[i])
		if v < 0 {
			return t, fmt.Errorf("invalid tid62: %q", s)
		}
		n.Mul(n, sixtyTwo).Add(n, big.NewInt(int64(v)))
	}
	if n.BitLen() > 96 {
		return t, fmt.Errorf("invalid tid62: %q", s)
	}
	n.FillBytes(t[:])
	return t, nil
}

// UUIDTime is the time of a UUIDv7 (milliseconds) or v6 (100 ns since
// 1582-10-15), and false for other versions (a v8 layout belongs to its
// producer).
func UUIDTime(u [16]byte) (time.Time, bool) {
	switch u[6] >> 4 {
	case 7:
		return time.UnixMilli(int64(binary.BigEndian.Uint64(u[0:8]) >> 16)).UTC(), true
	case 6:
		n := binary.BigEndian.Uint64(u[0:8])
		ticks := int64(n>>16<<12 | n&0xfff)
		// 12219292800 s from 1582-10-15 to 1970-01-01
		return time.Unix(ticks/10000000-12219292800, ticks%10000000*100).UTC(), true
	}
	return time.Time{}, false
}

func uuidString(b [16]byte) string {
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

func decodeHex(dst []byte, s string) bool {
	_, err := hex.Decode(dst, []byte(s))
	return err == nil
}

func crockfordValue(c byte) int {
	switch c {
	case 'I', 'i', 'L', 'l':
		return 1
	case 'O', 'o':
		return 0
	}
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	return strings.IndexByte(crockford, c)
}

// idType describes one id type for the codec: its SQL name, its size, its
// Go type, and its text.
type idType struct {
	name   string
	size   int
	goType reflect.Type
	// the text of the id's bytes, and the bytes of its text
	format func(b []byte) string
	parse  func(s string) ([]byte, error)
	// the Go value of its bytes
	value func(b []byte) any
}

var types = []*idType{
	{
		name: "muid", size: 16, goType: reflect.TypeOf(Muid{}),
		format: func(b []byte) string { return Muid(b).String() },
		parse:  func(s string) ([]byte, error) { m, err := ParseMuid(s); return m[:], err },
		value:  func(b []byte) any { return Muid(b) },
	},
	{
		name: "hlculid", size: 16, goType: reflect.TypeOf(HlcUlid{}),
		format: func(b []byte) string { return HlcUlid(b).String() },
		parse:  func(s string) ([]byte, error) { h, err := ParseHlcUlid(s); return h[:], err },
		value:  func(b []byte) any { return HlcUlid(b) },
	},
	{
		name: "uid8", size: 8, goType: reflect.TypeOf(Uid8(0)),
		format: func(b []byte) string { return Uid8(binary.BigEndian.Uint64(b)).String() },
		parse: func(s string) ([]byte, error) {
			u, err := ParseUid8(s)
			b := u.Bytes()
			return b[:], err
		},
		value: func(b []byte) any { return Uid8(binary.BigEndian.Uint64(b)) },
	},
	{
		name: "tid62", size: 12, goType: reflect.TypeOf(Tid62{}),
		format: func(b []byte) string { return Tid62(b).String() },
		parse:  func(s string) ([]byte, error) { t, err := ParseTid62(s); return t[:], err },
		value:  func(b []byte) any { return Tid62(b) },
	},
}

// Register looks up the idtypes types (and their array types) in the
// connection's database, through its search_path, and registers them on the
// connection's type map.
func Register(ctx context.Context, conn *pgx.Conn) error {
	return RegisterSchema(ctx, conn, "")
}

// RegisterSchema is Register for an extension installed in a schema that is
// not on the search_path.
func RegisterSchema(ctx context.Context, conn *pgx.Conn, schema string) error {
	names := make([]string, len(types))
	for i, t := range types {
		names[i] = t.name
		if schema != "" {
			names[i] = pgx.Identifier{schema, t.name}.Sanitize()
		}
	}
	rows, err := conn.Query(ctx, `SELECT to_regtype(n)::oid, t.typarray
		FROM unnest($1::text[]) WITH ORDINALITY AS u(n, i) LEFT JOIN pg_type t ON t.oid = to_regtype(n)
		ORDER BY i`, names)
	if err != nil {
		return err
	}
	oids, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) ([2]*uint32, error) {
		var o [2]*uint32
		err := row.Scan(&o[0], &o[1])
		return o, err
	})
	if err != nil {
		return err
	}
	m := conn.TypeMap()
	for i, t := range types {
		if oids[i][0] == nil {
			return fmt.Errorf("type %s not found: is the idtypes extension installed?", names[i])
		}
		pt := &pgtype.Type{Name: t.name, OID: *oids[i][0], Codec: &codec{t}}
		m.RegisterType(pt)
		if oids[i][1] != nil && *oids[i][1] != 0 {
			m.RegisterType(&pgtype.Type{Name: "_" + t.name, OID: *oids[i][1],
				Codec: &pgtype.ArrayCodec{ElementType: pt}})
		}
		// the type of the Go values in the protocols that name parameter
		// types by the Go value (QueryExecModeExec, the simple protocol)
		m.RegisterDefaultPgType(reflect.Zero(t.goType).Interface(), t.name)
	}
	return nil
}

// codec is the pgtype.Codec of one id type, text and binary: the binary
// form is the id's bytes (uid8's 64 bits big-endian), the text its SQL text.
type codec struct{ t *idType }

func (c *codec) FormatSupported(format int16) bool {
	return format == pgtype.TextFormatCode || format == pgtype.BinaryFormatCode
}

func (c *codec) PreferredFormat() int16 { return pgtype.BinaryFormatCode }

// bytesOf is the id's bytes of a Go value, or ok false if the codec does not
// take values of its type.
func (c *codec) bytesOf(value any) (b []byte, ok bool, err error) {
	v := reflect.ValueOf(value)
	switch {
	case v.Kind() == reflect.Array && v.Type().Elem().Kind() == reflect.Uint8 && v.Len() == c.t.size:
		b = make([]byte, c.t.size)
		reflect.Copy(reflect.ValueOf(b), v)
		return b, true, nil
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8:
		if v.Len() != c.t.size {
			return nil, true, fmt.Errorf("a %s is %d bytes, not %d", c.t.name, c.t.size, v.Len())
		}
		return v.Bytes(), true, nil
	case v.Kind() == reflect.String:
		b, err = c.t.parse(v.String())
		return b, true, err
	case c.t.size == 8 && (v.Kind() == reflect.Uint64 || v.Kind() == reflect.Int64):
		b = make([]byte, 8)
		if v.Kind() == reflect.Uint64 {
			binary.BigEndian.PutUint64(b, v.Uint())
		} else {
			binary.BigEndian.PutUint64(b, uint64(v.Int()))
		}
		return b, true, nil
	}
	return nil, false, nil
}

type encodePlan struct {
	c      *codec
	format int16
}

func (p encodePlan) Encode(value any, buf []byte) ([]byte, error) {
	if s, ok := value.(string); ok && p.format == pgtype.TextFormatCode {
		// the server's input function reads it, in every form it takes
		return append(buf, s...), nil
	}
	b, _, err := p.c.bytesOf(value)
	if err != nil {
		return nil, err
	}
	if p.format == pgtype.TextFormatCode {
		return append(buf, p.c.t.format(b)...), nil
	}
	return append(buf, b...), nil
}

func (c *codec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	if _, ok, _ := c.bytesOf(zeroOf(value)); !ok {
		return nil
	}
	return encodePlan{c, format}
}

// zeroOf is a value of value's type that bytesOf can judge without
// failing on its contents.
func zeroOf(value any) any {
	v := reflect.ValueOf(value)
	if v.Kind() == reflect.String {
		return ""
	}
	return value
}

type scanPlan struct {
	c      *codec
	format int16
}

// bytesFrom is the id's bytes of what the server sent.
func (p scanPlan) bytesFrom(src []byte) ([]byte, error) {
	if p.format == pgtype.TextFormatCode {
		return p.c.t.parse(string(src))
	}
	if len(src) != p.c.t.size {
		return nil, fmt.Errorf("a binary %s is %d bytes, not %d", p.c.t.name, p.c.t.size, len(src))
	}
	return src, nil
}

func (p scanPlan) Scan(src []byte, target any) error {
	if src == nil {
		return fmt.Errorf("cannot scan NULL into %T", target)
	}
	if s, ok := target.(*string); ok && p.format == pgtype.TextFormatCode {
		*s = string(src)
		return nil
	}
	b, err := p.bytesFrom(src)
	if err != nil {
		return err
	}
	v := reflect.ValueOf(target).Elem()
	switch v.Kind() {
	case reflect.Array:
		reflect.Copy(v, reflect.ValueOf(b))
	case reflect.Slice:
		v.SetBytes(append([]byte(nil), b...))
	case reflect.String:
		v.SetString(p.c.t.format(b))
	case reflect.Uint64:
		v.SetUint(binary.BigEndian.Uint64(b))
	case reflect.Int64:
		v.SetInt(int64(binary.BigEndian.Uint64(b)))
	case reflect.Interface:
		v.Set(reflect.ValueOf(p.c.t.value(b)))
	}
	return nil
}

func (c *codec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	// planned by the target's type: pgx plans with nil pointers too
	v := reflect.ValueOf(target)
	if v.Kind() != reflect.Pointer {
		return nil
	}
	e := v.Type().Elem()
	switch {
	case e.Kind() == reflect.Array && e.Elem().Kind() == reflect.Uint8 && e.Len() == c.t.size,
		e.Kind() == reflect.Slice && e.Elem().Kind() == reflect.Uint8,
		e.Kind() == reflect.String,
		c.t.size == 8 && (e.Kind() == reflect.Uint64 || e.Kind() == reflect.Int64):
		return scanPlan{c, format}
	}
	return nil
}

func (c *codec) DecodeDatabaseSQLValue(m *pgtype.Map, oid uint32, format int16, src []byte) (driver.Value, error) {
	if src == nil {
		return nil, nil
	}
	var s string
	err := scanPlan{c, format}.Scan(src, &s)
	return s, err
}

func (c *codec) DecodeValue(m *pgtype.Map, oid uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	b, err := scanPlan{c, format}.bytesFrom(src)
	if err != nil {
		return nil, err
	}
	return c.t.value(b), nil
}
