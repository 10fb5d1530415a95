//! Client test of idtypes with tokio-postgres and the FromSql/ToSql of the
//! idtypes crate.
//!
//! clients/rust/examples/test_idtypes_tokio_postgres.rs
//!
//! Connects to the server of PGHOST, PGPORT and PGUSER (database postgres,
//! where the idtypes extension can be created) and checks, for every type
//! (muid, hlculid, uid8, tid62, and UUIDv6/v7/v8 on uuid): ids generated in
//! SQL read in binary (tokio-postgres' protocol for every parameter and
//! result) with the same text, time and parts as SQL gives, written back
//! unchanged and compared in WHERE; the same ids read in text
//! (simple_query) and parsed; Option for NULL, Vec for arrays; ids made in
//! Rust (uid8 in java-uniqueid's layout, an hlculid of a time) stored and
//! read back with the same parts; a Rust value of the wrong type refused.
//! Prints one line per check, "ok - what" or "not ok - what: details"
//! (t/027_rust.pl turns them into TAP assertions), then "ran N checks", and
//! exits non-zero if any check failed.

mod checks;

use std::fmt::Debug;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use idtypes::{uuid_time, HlcUlid, Muid, Tid62, Uid8, Uid8Parts};
use tokio_postgres::{Client, NoTls, SimpleQueryMessage};

use checks::Checks;

fn micros(t: SystemTime) -> i128 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_micros() as i128,
        Err(e) => -(e.duration().as_micros() as i128),
    }
}

/// The text of the first row's columns of a simple query (text protocol).
async fn text_row(client: &Client, sql: &str) -> Result<Vec<Option<String>>, tokio_postgres::Error> {
    for m in client.simple_query(sql).await? {
        if let SimpleQueryMessage::Row(r) = m {
            return Ok((0..r.len()).map(|i| r.get(i).map(str::to_owned)).collect());
        }
    }
    Ok(vec![])
}

/// One id type: read from its generator in binary and in text, its parts
/// compared with SQL's, written back and compared.
async fn one_type<T>(c: &mut Checks, client: &Client, name: &str, col: &str, parts_sql: &str, parts: fn(&T) -> Vec<String>)
where
    T: for<'a> tokio_postgres::types::FromSql<'a> + tokio_postgres::types::ToSql + Sync + PartialEq + Debug
        + std::fmt::Display + std::str::FromStr + Copy,
    <T as std::str::FromStr>::Err: Debug,
{
    let sql = format!("SELECT x, x::text, {} FROM (SELECT gen_{}() AS x) s", parts_sql, name);
    let Some(row) = c.ok(&format!("binary: {} arrives", name), client.query_one(&sql, &[]).await) else { return };
    let x: T = row.get(0);
    let text: String = row.get(1);
    c.same(&format!("binary: {} Display is the SQL text", name), x.to_string(), text.clone());
    let sql_parts: Vec<String> = (2..row.len()).map(|i| row.get::<_, String>(i)).collect();
    c.same(&format!("binary: {} time and parts are SQL's", name), parts(&x), sql_parts);

    let ins = format!("INSERT INTO ids ({col}) VALUES ($1) RETURNING {col}, {col}::text", col = col);
    if let Some(back) = c.ok(&format!("binary: {} written back", name), client.query_one(&ins, &[&x]).await) {
        c.same(&format!("binary: {} written back unchanged", name), back.get::<_, T>(0), x);
        c.same(&format!("binary: {} written back has the same text", name), back.get::<_, String>(1), text.clone());
    }
    let cmp = format!("SELECT count(*) FROM ids WHERE {} = $1", col);
    if let Some(n) = c.ok(&format!("binary: {} in a comparison", name), client.query_one(&cmp, &[&x]).await) {
        c.same(&format!("binary: {} in a comparison", name), n.get::<_, i64>(0), 1);
    }
    let null = format!("SELECT NULL::{name}, ARRAY[$1::{name}, NULL, $1]", name = name);
    if let Some(r) = c.ok(&format!("binary: NULL {} and {}[]", name, name), client.query_one(&null, &[&x]).await) {
        c.same(&format!("binary: NULL {} is None", name), r.get::<_, Option<T>>(0), None);
        c.same(&format!("binary: {}[] is a Vec<Option<_>>", name), r.get::<_, Vec<Option<T>>>(1), vec![Some(x), None, Some(x)]);
    }
    let arr = format!("SELECT count(*) FROM ids WHERE {} = ANY($1)", col);
    if let Some(n) = c.ok(&format!("binary: a Vec as a {}[] parameter", name), client.query_one(&arr, &[&vec![x, x]]).await) {
        c.same(&format!("binary: a Vec as a {}[] parameter", name), n.get::<_, i64>(0), 1);
    }

    // the text protocol: the SQL text, parsed
    let txt = format!("SELECT {col}, {col}::text FROM ids WHERE {col} = '{x}'", col = col, x = x);
    if let Some(r) = c.ok(&format!("text: {} arrives", name), text_row(client, &txt).await) {
        let got = r.first().cloned().flatten().unwrap_or_default();
        c.same(&format!("text: {} is its SQL text", name), got.clone(), text.clone());
        c.same(&format!("text: {} parses to the same value", name), got.parse::<T>().ok(), Some(x));
    }
}

async fn run(c: &mut Checks, client: &Client) -> Result<(), tokio_postgres::Error> {
    client.batch_execute("CREATE EXTENSION IF NOT EXISTS idtypes; DROP TABLE IF EXISTS ids;
        CREATE TABLE ids (u8 uid8, m muid, h hlculid, t62 tid62, v uuid)").await?;

    one_type::<Muid>(c, client, "muid", "m",
        "to_char(muid_timestamp(x) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), muid_medallion(x)::text, muid_offset(x)::text",
        |m| vec![utc(m.time()), m.medallion().to_string(), m.offset().to_string()]).await;
    one_type::<HlcUlid>(c, client, "hlculid", "h",
        "to_char(hlculid_timestamp(x) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), hlculid_counter(x)::text, hlculid_publisher(x)::text",
        |h| vec![utc(h.time()), h.counter().to_string(), h.publisher().to_string()]).await;
    one_type::<Uid8>(c, client, "uid8", "u8",
        "to_char(uid8_timestamp(x) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), uid8_sequence(x)::text, uid8_generator(x)::text, uid8_cluster(x)::text, uid8_mode(x)",
        |u| {
            let p = u.parts();
            vec![utc(p.time()), p.sequence.to_string(), p.generator.to_string(), p.cluster.to_string(), p.mode().to_string()]
        }).await;
    one_type::<Tid62>(c, client, "tid62", "t62",
        "to_char(tid62_timestamp(x) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), encode(tid62_entropy(x), 'hex')",
        |t| vec![utc(t.time()), t.entropy().iter().map(|b| format!("{:02x}", b)).collect()]).await;

    // uid8: Rust order is SQL order; ids in java-uniqueid's layout built in Rust
    let big = client.query_one("INSERT INTO ids (u8) VALUES ($1) RETURNING u8", &[&Uid8(u64::MAX - 1)]).await?;
    c.same("binary: a Uid8 above 2^63 stores into uid8", big.get::<_, Uid8>(0).to_string(), "fffffffffffffffe".to_string());
    let ordered: Vec<Uid8> = client.query_one("SELECT array_agg(u8 ORDER BY u8) FROM ids WHERE u8 IS NOT NULL", &[]).await?.get(0);
    let mut sorted = ordered.clone();
    sorted.sort();
    c.check("binary: uid8[] arrives in SQL order, Rust's order", ordered.len() >= 2 && sorted == ordered, &format!("{:?}", ordered));
    let at = UNIX_EPOCH + Duration::from_millis(1_753_178_400_123); // 2025-07-22 10:00:00.123 UTC
    for time_sequential in [false, true] {
        let p = Uid8Parts { millis: 1_753_178_400_123, sequence: 17, generator: 1234, cluster: 9, time_sequential };
        let made = Uid8::from_parts(&p);
        let r = client.query_one("INSERT INTO ids (u8) VALUES ($1) RETURNING u8, uid8_timestamp(u8) = to_timestamp(1753178400.123),
            uid8_sequence(u8), uid8_generator(u8), uid8_cluster(u8), uid8_mode(u8),
            uid8_from_parts(to_timestamp(1753178400.123), 17, 1234, 9, $2)", &[&made, &p.mode()]).await?;
        c.same(&format!("binary: uid8 built in Rust ({}) read back", p.mode()), r.get::<_, Uid8>(0), made);
        c.same(&format!("binary: uid8 built in Rust ({}) has its parts in SQL", p.mode()),
            (r.get::<_, bool>(1), r.get::<_, i32>(2), r.get::<_, i32>(3), r.get::<_, i32>(4), r.get::<_, String>(5)),
            (true, 17, 1234, 9, p.mode().to_string()));
        c.same(&format!("binary: uid8_from_parts() ({}) is Uid8::from_parts()", p.mode()), r.get::<_, Uid8>(6), made);
        c.same(&format!("binary: parts() of it ({})", p.mode()), made.parts(), p);
    }
    c.same("binary: Uid8 of an i64 is Java's signed view", Uid8::from(-3795148059624996843i64).to_string(), "cb54ecf2840a0015".to_string());

    // hlculid of a time made in Rust: the ULID layout, 48-bit milliseconds first
    let mut b = [0u8; 16];
    b[0..6].copy_from_slice(&1_753_178_400_123u64.to_be_bytes()[2..8]);
    b[7] = 3;
    b[9] = 10;
    b[15] = 0xef;
    let made = HlcUlid(b);
    let r = client.query_one("INSERT INTO ids (h) VALUES ($1) RETURNING h, hlculid_timestamp(h) = to_timestamp(1753178400.123),
        hlculid_counter(h), hlculid_publisher(h), $2::text::hlculid", &[&made, &made.to_string()]).await?;
    c.same("binary: hlculid made in Rust read back", r.get::<_, HlcUlid>(0), made);
    c.same("binary: hlculid made in Rust has its time and parts in SQL",
        (r.get::<_, bool>(1), r.get::<_, i32>(2), r.get::<_, i32>(3)), (true, 3, 10));
    c.same("binary: hlculid of its ULID text", r.get::<_, HlcUlid>(4), made);
    c.same("hlculid time() of the parts", micros(made.time()), micros(at));

    // UUIDv6/v7/v8 on uuid: read as their 16 bytes (bytea), uuid_time() reads v6 and v7
    let r = client.query_one("SELECT uuid_send(uuidv6_floor(to_timestamp(1753178400.123))), uuid_send(uuidv7_at(to_timestamp(1753178400.123))),
        uuid_send(uuidv8_next())", &[]).await?;
    let v: Vec<[u8; 16]> = (0..3).map(|i| r.get::<_, Vec<u8>>(i).try_into().unwrap()).collect();
    c.same("binary: UUID versions", v.iter().map(|u| u[6] >> 4).collect::<Vec<_>>(), vec![6, 7, 8]);
    c.same("uuid_time() of v6 and v7 is their SQL time, none for v8",
        (uuid_time(&v[0]).map(micros), uuid_time(&v[1]).map(micros), uuid_time(&v[2])),
        (Some(micros(at)), Some(micros(at)), None));

    // bad input: the wrong Rust type for a column; bad text (the server's SQLSTATE); parse errors
    match client.query_one("SELECT $1::muid", &[&Uid8(1)]).await {
        Err(e) => c.check("a Uid8 for a muid parameter is refused", format!("{:?}", e).contains("WrongType"), &format!("{:?}", e)),
        Ok(_) => c.check("a Uid8 for a muid parameter is refused", false, "no error"),
    }
    match client.query_one("SELECT '123'::text::uid8", &[]).await {
        Err(e) => c.same("bad uid8 text is refused by the server (22P02)", e.code().map(|s| s.code().to_string()), Some("22P02".to_string())),
        Ok(_) => c.check("bad uid8 text is refused by the server (22P02)", false, "no error"),
    }
    c.same("bad texts do not parse",
        ("123".parse::<Uid8>().is_err(), "8ZZZZZZZZZZZZZZZZZZZZZZZZZ".parse::<HlcUlid>().is_err(),
         "zzzzzzzzzzzzzzzzz".parse::<Tid62>().is_err(), "05D5EAC793E61F17B9F5B9479DF94AC".parse::<Muid>().is_err()),
        (true, true, true, true));
    Ok(())
}

fn utc(t: SystemTime) -> String {
    // the timestamp as to_char(... AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') prints it
    let us = micros(t);
    let (secs, micros) = (us.div_euclid(1_000_000) as i64, us.rem_euclid(1_000_000));
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // civil from days (proleptic Gregorian)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:06}", y, m, d, rem / 3600, rem / 60 % 60, rem % 60, micros)
}

fn main() {
    let env = |k: &str| std::env::var(k).unwrap_or_default();
    let config = format!("host='{}' port='{}' user='{}' dbname=postgres", env("PGHOST"), env("PGPORT"), env("PGUSER"));
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a tokio runtime");
    let mut c = Checks::new();
    rt.block_on(async {
        match tokio_postgres::connect(&config, NoTls).await {
            Ok((client, connection)) => {
                tokio::spawn(connection);
                if let Err(e) = run(&mut c, &client).await {
                    c.check("the checks against the server ran to the end", false, &format!("{:?}", e));
                }
            }
            Err(e) => c.check("connects", false, &format!("{:?}", e)),
        }
    });
    c.finish();
}
