'use strict'
// The checks of the JavaScript client test programs (test_idtypes_pg.js,
// test_idtypes_orm.js).
//
// clients/js/client_checks.js
//
// Each check prints one line, "ok - what" or "not ok - what: details",
// which the TAP test that runs the program turns into an assertion
// (client_checks of t/IdtypesTest/Clients.pm); run(main) ends with "ran N
// checks" when main() settled, reports a crash as a failed check instead,
// and exits non-zero on any failure: a program cut short prints no "ran"
// line, which the TAP test sees.

let failures = 0
let checks = 0

function check(what, ok, details = '') {
  checks++
  if (ok) {
    console.log(`ok - ${what}`)
  } else {
    failures++
    // one line per check: the TAP test reads them line by line
    console.log(`not ok - ${what}: ${String(details).split('\n').join(' | ').slice(0, 500)}`)
  }
}

// a value as the messages show it: bigints with their n, dates in ISO 8601
function show(v) {
  return JSON.stringify(v, function (k, x) {
    const raw = this[k]
    return typeof x === 'bigint' ? `${x}n` : raw instanceof Date ? raw.toISOString() : x
  })
}

// got equals want: dates by their time, values with equals() by it, the
// rest (arrays, plain objects, bigints) by their shown form
function same(what, got, want) {
  const eq = got instanceof Date && want instanceof Date
    ? got.getTime() === want.getTime()
    : typeof got === 'object' && got !== null && typeof got.equals === 'function'
      ? got.equals(want)
      : show(got) === show(want)
  check(what, eq, `got ${show(got)}, want ${show(want)}`)
}

// fn() fails with an error whose message matches pattern
async function rejects(what, fn, pattern) {
  try {
    await fn()
    check(what, false, 'no error')
  } catch (e) {
    check(what, pattern.test(String(e && e.message)), e && e.message)
  }
}

function run(main) {
  main().then(() => {
    console.log(`ran ${checks} checks`)
    process.exit(failures ? 1 : 0)
  }, (e) => {
    check('the client test ran to its end', false,
      [e && e.message, e && e.sql, e && e.stack].filter(Boolean).join(' | '))
    process.exit(1)
  })
}

module.exports = { check, same, rejects, run, show }
