//! The checks of the Rust client test programs (test_idtypes_tokio_postgres,
//! test_idtypes_sqlx), which include this module.
//!
//! clients/rust/examples/checks/mod.rs
//!
//! Each check prints one line, "ok - what" or "not ok - what: details",
//! which t/027_rust.pl turns into a TAP assertion (client_checks of
//! t/IdtypesTest/Clients.pm); finish() prints "ran N checks" and exits
//! non-zero if any check failed.  (In a directory of its own: Cargo takes
//! every file directly in examples/ for an example program.)

// not every program uses every helper
#![allow(dead_code)]

use std::fmt::Debug;

pub struct Checks {
    checks: usize,
    failures: usize,
}

impl Checks {
    pub fn new() -> Checks {
        Checks { checks: 0, failures: 0 }
    }

    pub fn check(&mut self, what: &str, ok: bool, details: &str) {
        self.checks += 1;
        if ok {
            println!("ok - {}", what);
        } else {
            self.failures += 1;
            println!("not ok - {}: {}", what, details.replace('\n', " "));
        }
    }

    pub fn same<T: PartialEq + Debug>(&mut self, what: &str, got: T, want: T) {
        let details = format!("got {:?}, want {:?}", got, want);
        self.check(what, got == want, &details);
    }

    /// the value of a result, or a failed check
    pub fn ok<T, E: Debug>(&mut self, what: &str, r: Result<T, E>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                self.check(what, false, &format!("{:?}", e));
                None
            }
        }
    }

    /// The last line, and the exit status: a client cut short prints no
    /// "ran" line (client_checks).
    pub fn finish(&self) -> ! {
        println!("ran {} checks", self.checks);
        std::process::exit(if self.failures > 0 { 1 } else { 0 });
    }
}
