//! Rust values of the idtypes PostgreSQL extension's ids, for tokio-postgres
//! (and the synchronous `postgres` crate, which shares its `postgres-types`).
//!
//! clients/rust/src/lib.rs
//!
//! | SQL type  | Rust      | value |
//! |-----------|-----------|-------|
//! | `uid8`    | `Uid8`    | a `u64` (unsigned: Rust order is SQL order); `parts()` gives java-uniqueid's time and parts; `Display` is the 16 hex digits of the SQL text |
//! | `muid`    | `Muid`    | `[u8; 16]`: `time()`, `micros()`, `medallion()`, `offset()`; `Display` is the 32 hex digits of the SQL text, `uuid()` the same bytes as a UUID string |
//! | `hlculid` | `HlcUlid` | `[u8; 16]`: `time()`, `counter()`, `publisher()`, `entropy()`; `Display` is the 26-character ULID |
//! | `tid62`   | `Tid62`   | `[u8; 12]`: `time()`, `entropy()`; `Display` is the 17 base62 digits |
//!
//! Each implements `FromSql` and `ToSql` for its SQL type (found by name:
//! the OIDs differ between databases, and tokio-postgres looks each one up
//! by itself), in the binary protocol that tokio-postgres uses for every
//! parameter and result; `Option<T>` is NULL, `Vec<T>` an array.  Each
//! parses its SQL text with `FromStr` (the text protocol: `simple_query`).
//! `uuid_time()` gives the time of a UUIDv6 or v7 on core `uuid`.

use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::BytesMut;
use postgres_types::{to_sql_checked, FromSql, IsNull, ToSql, Type};

/// A muid: 16 bytes, ts:56 (microseconds since 1970) | medallion:52 | offset:20.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Muid(pub [u8; 16]);

/// An hlculid: 16 bytes, ts:48 (milliseconds since 1970) | counter:16 |
/// publisher:16 | entropy:48, whose text is a ULID.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HlcUlid(pub [u8; 16]);

/// A uid8: one unsigned 64-bit value in java-uniqueid's layout.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Uid8(pub u64);

/// A tid62: 12 bytes, seconds since 2020-01-01:32 | entropy:64, whose text is
/// 17 base62 digits.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tid62(pub [u8; 12]);

/// The text of an id that its type does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseIdError {
    type_name: &'static str,
    text: String,
}

impl fmt::Display for ParseIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: {:?}", self.type_name, self.text)
    }
}

impl Error for ParseIdError {}

fn parse_error(type_name: &'static str, text: &str) -> ParseIdError {
    ParseIdError { type_name, text: text.to_owned() }
}

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// the tid62 epoch, 2020-01-01 00:00:00 UTC, in Unix seconds
const TID62_EPOCH: u64 = 1_577_836_800;

fn be_uint(b: &[u8]) -> u128 {
    b.iter().fold(0u128, |n, &x| n << 8 | x as u128)
}

fn hex_bytes<const N: usize>(s: &str) -> Option<[u8; N]> {
    if s.len() != 2 * N || !s.bytes().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let mut b = [0u8; N];
    for (i, x) in b.iter_mut().enumerate() {
        *x = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(b)
}

/// hex digits in groups of the given lengths joined by '-'
fn dashed_hex<const N: usize>(s: &str, groups: &[usize]) -> Option<[u8; N]> {
    let parts: Vec<&str> = s.split('-').collect();
    if parts.iter().map(|p| p.len()).collect::<Vec<_>>() != groups {
        return None;
    }
    hex_bytes(&parts.concat())
}

fn upper_hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{:02X}", x)).collect()
}

fn uuid_string(b: &[u8; 16]) -> String {
    let h: String = b.iter().map(|x| format!("{:02x}", x)).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

fn unix_micros(us: i64) -> SystemTime {
    if us >= 0 {
        UNIX_EPOCH + Duration::from_micros(us as u64)
    } else {
        UNIX_EPOCH - Duration::from_micros(us.unsigned_abs())
    }
}

impl Muid {
    /// The muid's time, in microseconds since 1970.
    pub fn micros(&self) -> i64 {
        (be_uint(&self.0[0..7]) as u64) as i64
    }

    /// The muid's time (to the microsecond).
    pub fn time(&self) -> SystemTime {
        unix_micros(self.micros())
    }

    /// The 52-bit medallion of the node that made the muid.
    pub fn medallion(&self) -> u64 {
        (be_uint(&self.0) >> 20) as u64 & ((1 << 52) - 1)
    }

    /// The muid's 20-bit offset.
    pub fn offset(&self) -> u32 {
        be_uint(&self.0[13..16]) as u32 & 0xfffff
    }

    /// The same 16 bytes as a UUID string (8-4-4-4-12, lowercase).
    pub fn uuid(&self) -> String {
        uuid_string(&self.0)
    }
}

impl fmt::Display for Muid {
    /// The SQL text: 32 uppercase hex digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&upper_hex(&self.0))
    }
}

impl FromStr for Muid {
    type Err = ParseIdError;

    /// 32 hex digits (either case) or the dashed 14-13-5 form.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        hex_bytes(s)
            .or_else(|| dashed_hex(s, &[14, 13, 5]))
            .map(Muid)
            .ok_or_else(|| parse_error("muid", s))
    }
}

impl HlcUlid {
    /// The hlculid's time (to the millisecond).
    pub fn time(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(be_uint(&self.0[0..6]) as u64)
    }

    /// The hlculid's 16-bit logical counter.
    pub fn counter(&self) -> u16 {
        u16::from_be_bytes([self.0[6], self.0[7]])
    }

    /// The 16-bit publisher id of the node that made the hlculid.
    pub fn publisher(&self) -> u16 {
        u16::from_be_bytes([self.0[8], self.0[9]])
    }

    /// The hlculid's last 6 bytes.
    pub fn entropy(&self) -> [u8; 6] {
        self.0[10..16].try_into().unwrap()
    }

    /// The same 16 bytes as a UUID string (8-4-4-4-12, lowercase).
    pub fn uuid(&self) -> String {
        uuid_string(&self.0)
    }
}

impl fmt::Display for HlcUlid {
    /// The SQL text: the 26-character ULID (Crockford base32).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = be_uint(&self.0);
        let s: String = (0..26).rev().map(|i| CROCKFORD[(n >> (5 * i)) as usize & 31] as char).collect();
        f.write_str(&s)
    }
}

impl FromStr for HlcUlid {
    type Err = ParseIdError;

    /// The ULID (Crockford base32, either case, I and L read as 1, O as 0),
    /// 32 hex digits, or the dashed hex 12-4-4-12.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() == 26 {
            let mut n: u128 = 0;
            for (i, c) in s.bytes().enumerate() {
                let v = match c.to_ascii_uppercase() {
                    b'I' | b'L' => 1,
                    b'O' => 0,
                    u => CROCKFORD.iter().position(|&x| x == u).ok_or_else(|| parse_error("hlculid", s))? as u128,
                };
                if i == 0 && v > 7 {
                    return Err(parse_error("hlculid", s));
                }
                n = n << 5 | v;
            }
            return Ok(HlcUlid(n.to_be_bytes()));
        }
        hex_bytes(s)
            .or_else(|| dashed_hex(s, &[12, 4, 4, 12]))
            .map(HlcUlid)
            .ok_or_else(|| parse_error("hlculid", s))
    }
}

/// The parts of a uid8 in java-uniqueid 4.x's layout:
/// V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12 | (gen & 0xFF) << 4 | cluster,
/// T = ts << 22 (time_sequential) or the bit reversal of ts (spread).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uid8Parts {
    /// milliseconds since 1970
    pub millis: u64,
    /// 0..63
    pub sequence: u8,
    /// 0..2047
    pub generator: u16,
    /// 0..15
    pub cluster: u8,
    /// `time_sequential` (else spread, java-uniqueid's default)
    pub time_sequential: bool,
}

impl Uid8Parts {
    /// The time, to the millisecond.
    pub fn time(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(self.millis)
    }

    /// The mode's name, as `uid8_mode()` gives it.
    pub fn mode(&self) -> &'static str {
        if self.time_sequential {
            "time_sequential"
        } else {
            "spread"
        }
    }
}

impl Uid8 {
    /// The uid8's time and parts, as `uid8_timestamp()`, `uid8_sequence()`,
    /// `uid8_generator()`, `uid8_cluster()` and `uid8_mode()` read them.
    pub fn parts(&self) -> Uid8Parts {
        let v = self.0;
        let low = v & 0x3fffff;
        let time_sequential = low >> 12 & 1 == 1;
        Uid8Parts {
            millis: if time_sequential { v >> 22 } else { (v & !0x3fffff).reverse_bits() },
            sequence: (low >> 16 & 63) as u8,
            generator: ((low >> 13 & 7) << 8 | low >> 4 & 0xff) as u16,
            cluster: (low & 15) as u8,
            time_sequential,
        }
    }

    /// The uid8 of the given parts: the inverse of `parts()`.
    pub fn from_parts(p: &Uid8Parts) -> Uid8 {
        let t = if p.time_sequential { p.millis << 22 } else { p.millis.reverse_bits() };
        let g = p.generator as u64;
        Uid8(t | (p.sequence as u64) << 16 | (g >> 8 & 7) << 13 | (p.time_sequential as u64) << 12
            | (g & 0xff) << 4 | p.cluster as u64)
    }

    /// The same 64 bits as a signed integer (Java's long).
    pub fn as_i64(&self) -> i64 {
        self.0 as i64
    }
}

impl From<i64> for Uid8 {
    /// Java's signed view of the same 64 bits.
    fn from(v: i64) -> Self {
        Uid8(v as u64)
    }
}

impl fmt::Display for Uid8 {
    /// The SQL text: 16 lowercase hex digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl FromStr for Uid8 {
    type Err = ParseIdError;

    /// 16 hex digits (either case), nothing else.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        hex_bytes::<8>(s).map(|b| Uid8(u64::from_be_bytes(b))).ok_or_else(|| parse_error("uid8", s))
    }
}

impl Tid62 {
    /// The tid62's time (to the second).
    pub fn time(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(TID62_EPOCH + be_uint(&self.0[0..4]) as u64)
    }

    /// The tid62's last 8 bytes.
    pub fn entropy(&self) -> [u8; 8] {
        self.0[4..12].try_into().unwrap()
    }
}

impl fmt::Display for Tid62 {
    /// The SQL text: 17 base62 digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut n = be_uint(&self.0);
        let mut s = [0u8; 17];
        for c in s.iter_mut().rev() {
            *c = BASE62[(n % 62) as usize];
            n /= 62;
        }
        f.write_str(std::str::from_utf8(&s).unwrap())
    }
}

impl FromStr for Tid62 {
    type Err = ParseIdError;

    /// 17 base62 digits below 2^96.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() != 17 {
            return Err(parse_error("tid62", s));
        }
        let mut n: u128 = 0;
        for c in s.bytes() {
            let v = BASE62.iter().position(|&x| x == c).ok_or_else(|| parse_error("tid62", s))?;
            n = n * 62 + v as u128;
        }
        if n >> 96 != 0 {
            return Err(parse_error("tid62", s));
        }
        Ok(Tid62(n.to_be_bytes()[4..16].try_into().unwrap()))
    }
}

/// The time of a UUIDv7 (milliseconds) or v6 (100 ns since 1582-10-15),
/// and None for other versions (a v8 layout belongs to its producer).
pub fn uuid_time(u: &[u8; 16]) -> Option<SystemTime> {
    let n = be_uint(&u[0..8]) as u64;
    match u[6] >> 4 {
        7 => Some(UNIX_EPOCH + Duration::from_millis(n >> 16)),
        6 => {
            let ticks = (n >> 16) << 12 | (n & 0xfff);
            // 12219292800 s from 1582-10-15 to 1970-01-01
            let since_1582 = Duration::from_nanos(ticks * 100);
            let gregorian = Duration::from_secs(12_219_292_800);
            Some(if since_1582 >= gregorian {
                UNIX_EPOCH + (since_1582 - gregorian)
            } else {
                UNIX_EPOCH - (gregorian - since_1582)
            })
        }
        _ => None,
    }
}

macro_rules! debug_as_text {
    ($t:ident) => {
        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($t), "(\"{}\")"), self)
            }
        }
    };
}
debug_as_text!(Muid);
debug_as_text!(HlcUlid);
debug_as_text!(Uid8);
debug_as_text!(Tid62);

type BoxError = Box<dyn Error + Sync + Send>;

/// FromSql and ToSql of an id whose binary form is its N bytes (uid8's: its
/// 64 bits big-endian); the SQL type is matched by name.
macro_rules! postgres_types_impl {
    ($t:ident, $sql:literal, $n:literal, $of:expr, $to:expr) => {
        impl<'a> FromSql<'a> for $t {
            fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, BoxError> {
                let b: [u8; $n] = raw
                    .try_into()
                    .map_err(|_| format!(concat!("a binary ", $sql, " is ", $n, " bytes, not {}"), raw.len()))?;
                Ok($of(b))
            }

            fn accepts(ty: &Type) -> bool {
                ty.name() == $sql
            }
        }

        impl ToSql for $t {
            fn to_sql(&self, _: &Type, out: &mut BytesMut) -> Result<IsNull, BoxError> {
                let b: [u8; $n] = $to(self);
                out.extend_from_slice(&b);
                Ok(IsNull::No)
            }

            fn accepts(ty: &Type) -> bool {
                ty.name() == $sql
            }

            to_sql_checked!();
        }
    };
}

postgres_types_impl!(Muid, "muid", 16, Muid, |m: &Muid| m.0);
postgres_types_impl!(HlcUlid, "hlculid", 16, HlcUlid, |h: &HlcUlid| h.0);
postgres_types_impl!(Uid8, "uid8", 8, |b| Uid8(u64::from_be_bytes(b)), |u: &Uid8| u.0.to_be_bytes());
postgres_types_impl!(Tid62, "tid62", 12, Tid62, |t: &Tid62| t.0);

/// sqlx's Type, Encode and Decode (and arrays) for each id, with the
/// feature `sqlx`: binary like tokio-postgres (sqlx's prepared statements),
/// and the SQL text in the results of unprepared queries (`raw_sql`, a
/// query string without arguments), which sqlx gets as text.
#[cfg(feature = "sqlx")]
mod sqlx_impl {
    use super::*;
    use sqlx::encode::IsNull as SqlxIsNull;
    use sqlx::error::BoxDynError;
    use sqlx::postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef};
    use sqlx::{Decode, Encode, Postgres};

    macro_rules! sqlx_impl {
        ($t:ident, $sql:literal, $array:literal, $n:literal, $of:expr, $to:expr) => {
            impl sqlx::Type<Postgres> for $t {
                fn type_info() -> PgTypeInfo {
                    PgTypeInfo::with_name($sql)
                }
            }

            impl PgHasArrayType for $t {
                fn array_type_info() -> PgTypeInfo {
                    PgTypeInfo::with_name($array)
                }
            }

            impl Encode<'_, Postgres> for $t {
                fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<SqlxIsNull, BoxDynError> {
                    let b: [u8; $n] = $to(self);
                    buf.extend_from_slice(&b);
                    Ok(SqlxIsNull::No)
                }
            }

            impl<'r> Decode<'r, Postgres> for $t {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    match value.format() {
                        PgValueFormat::Binary => {
                            let raw = value.as_bytes()?;
                            let b: [u8; $n] = raw.try_into().map_err(|_| {
                                format!(concat!("a binary ", $sql, " is ", $n, " bytes, not {}"), raw.len())
                            })?;
                            Ok($of(b))
                        }
                        PgValueFormat::Text => Ok(value.as_str()?.parse()?),
                    }
                }
            }
        };
    }

    sqlx_impl!(Muid, "muid", "_muid", 16, Muid, |m: &Muid| m.0);
    sqlx_impl!(HlcUlid, "hlculid", "_hlculid", 16, HlcUlid, |h: &HlcUlid| h.0);
    sqlx_impl!(Uid8, "uid8", "_uid8", 8, |b| Uid8(u64::from_be_bytes(b)), |u: &Uid8| u.0.to_be_bytes());
    sqlx_impl!(Tid62, "tid62", "_tid62", 12, Tid62, |t: &Tid62| t.0);
}
