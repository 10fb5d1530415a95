/*-------------------------------------------------------------------------
 *
 * wal.c
 *	  The clocks' reservations in the WAL: a custom WAL resource manager, so
 *	  that a standby, a restored backup and a crash restart know how far the
 *	  clocks of the server whose WAL they replay could have issued ids.
 *
 * Every extension of a clock's reservation (clock.c, idclock_reserve()) is
 * one record, "RESERVE": the clock and the value its reservation now
 * reaches.  It is inserted and flushed before any id above the previous
 * reservation is returned, so every WAL record that holds such an id (a
 * row's insert, a commit) comes after it, and so does every id a client has
 * seen, committed or not: whoever replays the WAL up to a row has replayed
 * the reservation that covers the row's ids.  Redo (the startup process)
 * raises the clock in shared memory and in the state file, never lowers it:
 * a promoted standby, a point-in-time restore, a rewound server that follows
 * another and a primary restarted after a crash resume above every id of
 * the WAL they replayed, whatever their system clock says.
 *
 * The resource manager id is 203.  PostgreSQL's wiki keeps the list of the
 * custom ids (https://wiki.postgresql.org/wiki/CustomWALResourceManagers):
 * 128 is for development, and the list is handed out upwards from 129 (the
 * 130s and 140s are taken) with 241 taken at the other end; 203 lies in the
 * free range between them, far from both, so the next entries of the list
 * do not reach it.  A server refuses to start with two libraries that
 * register one id, so a clash shows at once, never as mixed-up records.
 *
 * The other record, "REWIND", is a clock moved back by a superuser
 * (idtypes_rewind_clock(), sql.c): the clock and the word it now
 * stands at.  Its redo brings the clock down to that word, in shared memory
 * and in the state file, so that a standby, a restored backup and a crash
 * restart follow the server that wrote it; the reservations after it raise
 * the clock again as usual.
 *
 * pg_waldump, a client program that cannot load the library, shows the
 * records as "custom203" with their length; in the server, pg_walinspect's
 * pg_get_wal_records_info() shows them as "idtypes" "RESERVE" with the
 * description below.
 *
 * Synchronous replication: a commit waits for the synchronous standbys, but
 * an id is seen before its transaction commits, or in one that writes no
 * commit record at all.  So when synchronous replication is in effect for
 * the session, a value is used only once the standbys have confirmed, at
 * the session's synchronous_commit level, a reservation that covers it
 * (clock.c, idclock_sync_wait(); idclock_wal_wait() below).  For
 * remote_apply, the redo of a record asks the standby's walreceiver to
 * report at once, as the redo of a commit that waits for it does: the
 * standby would otherwise report having applied it only with its next
 * message.
 *
 * Copyright (c) 2026, idtypes developers
 *
 * src/clock/wal.c
 *
 *-------------------------------------------------------------------------
 */
#include "postgres.h"

#include "access/xlog.h"
#include "access/xlog_internal.h"
#include "access/xloginsert.h"
#include "access/xlogreader.h"
#include "access/xlogrecovery.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "replication/syncrep.h"
#include "replication/walsender_private.h"
#include "tcop/tcopprot.h"
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "compat.h"
#include "internal.h"

#define IDCLOCK_RMGR_ID			203
#define IDCLOCK_RMGR_NAME		"idtypes"

/* the kinds of record (the high bits of xl_info) */
#define XLOG_IDCLOCK_RESERVE	0x00
#define XLOG_IDCLOCK_REWIND		0x10

/*
 * A clock's reservation: the clock by its number (scheme.h's order, which
 * the state file's lines follow too) and the clock word it now reaches.  A
 * clock moved back has the same fields: the word it now stands at.
 */
typedef struct xl_idclock_reserve
{
	uint64		reserved;
	uint8		clock;
} xl_idclock_reserve;

#define SizeOfIdclockReserve	(offsetof(xl_idclock_reserve, clock) + sizeof(uint8))

static bool registered = false;

static void
idclock_rm_redo(XLogReaderState *record)
{
	uint8		info = XLogRecGetInfo(record) & ~XLR_INFO_MASK;
	xl_idclock_reserve xlrec;

	if ((info != XLOG_IDCLOCK_RESERVE && info != XLOG_IDCLOCK_REWIND) ||
		XLogRecGetDataLen(record) < SizeOfIdclockReserve)
		elog(PANIC, "idtypes redo: unknown record (info %u, length %u)",
			 info, (unsigned) XLogRecGetDataLen(record));
	/* the record's data need not be aligned for a uint64 */
	memcpy(&xlrec, XLogRecGetData(record), SizeOfIdclockReserve);
	if (info == XLOG_IDCLOCK_REWIND)
		idclock_redo_rewind(xlrec.clock, xlrec.reserved);
	else
		idclock_redo_raise(xlrec.clock, xlrec.reserved);
	/* the primary may wait for this record to be applied (remote_apply) */
	XLogRequestWalReceiverReply();
}

static void
idclock_rm_desc(StringInfo buf, XLogReaderState *record)
{
	uint8		info = XLogRecGetInfo(record) & ~XLR_INFO_MASK;
	xl_idclock_reserve xlrec;

	if ((info != XLOG_IDCLOCK_RESERVE && info != XLOG_IDCLOCK_REWIND) ||
		XLogRecGetDataLen(record) < SizeOfIdclockReserve)
		return;
	memcpy(&xlrec, XLogRecGetData(record), SizeOfIdclockReserve);
	if (xlrec.clock < IDSCHEME_COUNT)
	{
		TimestampTz ts = idscheme_ns_to_timestamptz(idclock_ns_of_word(xlrec.clock, xlrec.reserved));

		appendStringInfo(buf, "%s %s " UINT64_FORMAT " (%s)", idschemes[xlrec.clock].name,
						 info == XLOG_IDCLOCK_REWIND ? "back to" : "up to",
						 xlrec.reserved, timestamptz_to_str(ts));
	}
	else
		appendStringInfo(buf, "clock %u %s " UINT64_FORMAT, xlrec.clock,
						 info == XLOG_IDCLOCK_REWIND ? "back to" : "up to", xlrec.reserved);
}

static const char *
idclock_rm_identify(uint8 info)
{
	if ((info & ~XLR_INFO_MASK) == XLOG_IDCLOCK_RESERVE)
		return "RESERVE";
	if ((info & ~XLR_INFO_MASK) == XLOG_IDCLOCK_REWIND)
		return "REWIND";
	return NULL;
}

/*
 * Records without blocks or transaction: no startup, cleanup, page masking
 * or logical decoding (decoding passes over a record it has no callback for).
 * Not const: RegisterCustomRmgr() takes a const pointer since PostgreSQL 16,
 * a plain one in 15, and both accept this.
 */
static RmgrData idclock_rmgr = {
	.rm_name = IDCLOCK_RMGR_NAME,
	.rm_redo = idclock_rm_redo,
	.rm_desc = idclock_rm_desc,
	.rm_identify = idclock_rm_identify,
};

/*
 * Called by _PG_init() while shared_preload_libraries is being processed:
 * the only time a resource manager can be registered, and the only way the
 * startup process knows it (it replays before any backend could load the
 * library).
 */
void
idclock_wal_register(void)
{
	RegisterCustomRmgr(IDCLOCK_RMGR_ID, &idclock_rmgr);
	registered = true;
}

/*
 * Log a clock's new reservation and flush it.  Not during recovery: a hot
 * standby's backends cannot write WAL, and what they generate is covered by
 * its own state file; the reservations of the primary reach them by redo.
 */
bool
idclock_wal_log(IdSchemeId id, uint64 reserved, XLogRecPtr *lsn)
{
	xl_idclock_reserve xlrec;

	*lsn = InvalidXLogRecPtr;
	if (!registered || !XLogInsertAllowed())
		return false;
	memset(&xlrec, 0, sizeof(xlrec));
	xlrec.reserved = reserved;
	xlrec.clock = (uint8) id;
	XLogBeginInsert();
	XLogRegisterData((char *) &xlrec, SizeOfIdclockReserve);
	*lsn = XLogInsert(IDCLOCK_RMGR_ID, XLOG_IDCLOCK_RESERVE);
	/* durable before an id it covers is returned, as nextval()'s log is */
	XLogFlush(*lsn);
	return true;
}

/*
 * Whether synchronous standbys are defined, as the checkpointer last told
 * the backends that wait for them (under SyncRepLock): flags in the newer
 * minor releases of each major, which also say whether it has told them
 * yet (if not, the setting counts, as for SyncRepWaitForLSN()), a boolean
 * in older ones.
 */
static bool
sync_standbys_defined(void)
{
#ifdef SYNC_STANDBY_DEFINED
	uint8		status = WalSndCtl->sync_standbys_status;

	if (!(status & SYNC_STANDBY_INIT))
		return SyncRepStandbyNames != NULL && SyncRepStandbyNames[0] != '\0';
	return (status & SYNC_STANDBY_DEFINED) != 0;
#else
	return WalSndCtl->sync_standbys_defined;
#endif
}

XLogRecPtr
idclock_wal_confirmed(int level)
{
	XLogRecPtr	lsn;

	LWLockAcquire(SyncRepLock, LW_SHARED);
	lsn = WalSndCtl->lsn[level];
	LWLockRelease(SyncRepLock);
	return lsn;
}

/*
 * Wait until the synchronous standbys have confirmed the WAL up to lsn at a
 * level, with core's wait (SyncRepWaitForLSN(), which a commit uses; for
 * remote_apply as for a commit record, whose application the standby
 * reports at once, as it does for the clocks' records).  The wait ends when
 * the standbys confirm, when synchronous replication stops being in effect
 * (synchronous_standby_names emptied: false, nothing was confirmed), or on
 * a cancel or terminate request.  Core cannot raise an error there at a
 * commit, which has happened locally: it ends the wait with a WARNING whose
 * detail says so, and, on a terminate request, sends the client nothing
 * more.  Here nothing was committed, and the value is not used: a cancel
 * (pg_cancel_backend(), statement_timeout) raises the error of a cancelled
 * query, 57014, and a terminate request ends the session with 57P01, as in
 * any other wait, the client told (the WARNING comes first).
 */
bool
idclock_wal_wait(XLogRecPtr lsn, int level)
{
	CommandDest dest = whereToSendOutput;
	bool		confirmed;
	bool		defined;
	int			nestlevel = -1;

	/* a request that came before the wait is served as usual */
	CHECK_FOR_INTERRUPTS();

	/*
	 * Core's wait takes its level from synchronous_commit: set it to the
	 * level the commit will use where a function's SET clause lowered it
	 * (idclock_commit_level()), until the wait is over (an error undoes it
	 * with the transaction).
	 */
	if (level + SYNCHRONOUS_COMMIT_REMOTE_WRITE != synchronous_commit)
	{
		static const char *const names[IDCLOCK_SYNC_LEVELS] = {"remote_write", "on", "remote_apply"};

		nestlevel = NewGUCNestLevel();
		(void) set_config_option("synchronous_commit", names[level], PGC_USERSET, PGC_S_SESSION,
								 GUC_ACTION_SAVE, true, 0, false);
	}

	/*
	 * As at a commit: the wait handles cancel and terminate requests itself,
	 * and its WARNING must not act on them first.
	 */
	HOLD_INTERRUPTS();
	SyncRepWaitForLSN(lsn, level == SYNC_REP_WAIT_APPLY);
	LWLockAcquire(SyncRepLock, LW_SHARED);
	confirmed = lsn <= WalSndCtl->lsn[level];
	defined = sync_standbys_defined();
	LWLockRelease(SyncRepLock);
	RESUME_INTERRUPTS();
	if (nestlevel >= 0)
		AtEOXact_GUC(true, nestlevel);

	if (ProcDiePending)
	{
		/* terminated (or the postmaster died): the client is told */
		whereToSendOutput = dest;
		CHECK_FOR_INTERRUPTS();
		/* interrupts held by a caller: end the session anyway */
		ereport(FATAL,
				(errcode(ERRCODE_ADMIN_SHUTDOWN),
				 errmsg("terminating connection due to administrator command")));
	}
	if (confirmed)
		return true;
	if (!defined)
		return false;

	/*
	 * Cancelled: the wait consumed the request; raise it again, so that the
	 * error says what a cancelled query's says (statement timeout or user
	 * request).
	 */
	QueryCancelPending = true;
	InterruptPending = true;
	CHECK_FOR_INTERRUPTS();
	/* interrupts held by a caller */
	ereport(ERROR,
			(errcode(ERRCODE_QUERY_CANCELED),
			 errmsg("canceling statement due to user request")));
	pg_unreachable();
}

XLogRecPtr
idclock_wal_log_barrier(void)
{
	XLogRecPtr	lsn = InvalidXLogRecPtr;

	/* redo raises the clock to what it already reserved: nothing */
	if (!idclock_wal_log((IdSchemeId) 0, pg_atomic_read_u64(&idclock_get((IdSchemeId) 0)->reserved), &lsn))
		return InvalidXLogRecPtr;
	return lsn;
}

/*
 * Log a clock moved back and flush it (idtypes_rewind_clock(), which runs
 * only where WAL can be written).
 */
void
idclock_wal_log_rewind(IdSchemeId id, uint64 word)
{
	xl_idclock_reserve xlrec;
	XLogRecPtr	lsn;

	if (!registered || !XLogInsertAllowed())
		return;
	memset(&xlrec, 0, sizeof(xlrec));
	xlrec.reserved = word;
	xlrec.clock = (uint8) id;
	XLogBeginInsert();
	XLogRegisterData((char *) &xlrec, SizeOfIdclockReserve);
	lsn = XLogInsert(IDCLOCK_RMGR_ID, XLOG_IDCLOCK_REWIND);
	XLogFlush(lsn);
}
