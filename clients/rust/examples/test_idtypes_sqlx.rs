//! Client test of idtypes with sqlx (PostgreSQL, tokio) and the Type,
//! Encode and Decode of the idtypes crate (feature "sqlx").
//!
//! clients/rust/examples/test_idtypes_sqlx.rs
//!
//! Connects to the server of the PG* environment variables and checks, for
//! every type (muid, hlculid, uid8, tid62): ids generated in SQL read in
//! binary (sqlx's prepared statements) with the same text as SQL gives,
//! written back unchanged as parameters and compared in WHERE; the same ids
//! read in text (an unprepared query, raw_sql) and decoded; Option for NULL,
//! Vec for arrays, in both directions.  Prints one line per check, "ok -
//! what" or "not ok - what: details" (t/027_rust.pl turns them into TAP
//! assertions), then "ran N checks", and exits non-zero if any check failed.

mod checks;

use std::fmt::{Debug, Display};

use idtypes::{HlcUlid, Muid, Tid62, Uid8};
use sqlx::postgres::{PgConnectOptions, PgHasArrayType, PgRow};
use sqlx::{Connection, Decode, Encode, PgConnection, Postgres, Row, Type};

use checks::Checks;

async fn one_type<T>(c: &mut Checks, conn: &mut PgConnection, name: &str, col: &str) -> Result<(), sqlx::Error>
where
    T: for<'r> Decode<'r, Postgres> + for<'q> Encode<'q, Postgres> + Type<Postgres> + PgHasArrayType
        + Send + Sync + Unpin + Copy + PartialEq + Debug + Display + 'static,
{
    let row: PgRow = sqlx::query(&format!("SELECT x, x::text FROM (SELECT gen_{}() AS x) s", name))
        .fetch_one(&mut *conn).await?;
    let x: T = row.try_get(0)?;
    let text: String = row.try_get(1)?;
    c.same(&format!("binary: {} Display is the SQL text", name), x.to_string(), text.clone());

    let back: PgRow = sqlx::query(&format!("INSERT INTO ids ({col}) VALUES ($1) RETURNING {col}, {col}::text", col = col))
        .bind(x).fetch_one(&mut *conn).await?;
    c.same(&format!("binary: {} written back unchanged", name), back.try_get::<T, _>(0)?, x);
    c.same(&format!("binary: {} written back has the same text", name), back.try_get::<String, _>(1)?, text.clone());
    let n: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM ids WHERE {} = $1", col))
        .bind(x).fetch_one(&mut *conn).await?;
    c.same(&format!("binary: {} in a comparison", name), n, 1);
    let arr: Vec<Option<T>> = sqlx::query_scalar(&format!("SELECT ARRAY[$1, NULL, $1]::{}[]", name))
        .bind(x).fetch_one(&mut *conn).await?;
    c.same(&format!("binary: {}[] is a Vec<Option<_>>", name), arr, vec![Some(x), None, Some(x)]);
    let n: i64 = sqlx::query_scalar(&format!("SELECT count(*) FROM ids WHERE {} = ANY($1)", col))
        .bind(vec![x, x]).fetch_one(&mut *conn).await?;
    c.same(&format!("binary: a Vec as a {}[] parameter", name), n, 1);
    let null: Option<T> = sqlx::query_scalar(&format!("SELECT NULL::{}", name)).fetch_one(&mut *conn).await?;
    c.same(&format!("binary: NULL {} is None", name), null, None);

    // an unprepared query: the results come as text
    let row: PgRow = sqlx::raw_sql(&format!("SELECT {col}, ARRAY[{col}] FROM ids WHERE {col} = '{x}'", col = col, x = x))
        .fetch_one(&mut *conn).await?;
    c.same(&format!("text: {} decoded from its SQL text", name), row.try_get::<T, _>(0)?, x);
    c.same(&format!("text: {}[] decoded from its SQL text", name), row.try_get::<Vec<T>, _>(1)?, vec![x]);
    Ok(())
}

async fn run(c: &mut Checks, conn: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::raw_sql("CREATE EXTENSION IF NOT EXISTS idtypes; DROP TABLE IF EXISTS ids;
        CREATE TABLE ids (u8 uid8, m muid, h hlculid, t62 tid62)").execute(&mut *conn).await?;
    one_type::<Muid>(c, conn, "muid", "m").await?;
    one_type::<HlcUlid>(c, conn, "hlculid", "h").await?;
    one_type::<Uid8>(c, conn, "uid8", "u8").await?;
    one_type::<Tid62>(c, conn, "tid62", "t62").await?;
    // a Rust value of another id type for a column is refused by the server
    let err = sqlx::query("INSERT INTO ids (m) VALUES ($1)").bind(Uid8(1)).execute(&mut *conn).await;
    c.check("a Uid8 for a muid column is refused", err.is_err(), &format!("{:?}", err));
    Ok(())
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a tokio runtime");
    let mut c = Checks::new();
    rt.block_on(async {
        // PGHOST, PGPORT, PGUSER, PGDATABASE from the environment
        match PgConnection::connect_with(&PgConnectOptions::new()).await {
            Ok(mut conn) => {
                if let Err(e) = run(&mut c, &mut conn).await {
                    c.check("the checks against the server ran to the end", false, &format!("{:?}", e));
                }
                let _ = conn.close().await;
            }
            Err(e) => c.check("connects", false, &format!("{:?}", e)),
        }
    });
    c.finish();
}
