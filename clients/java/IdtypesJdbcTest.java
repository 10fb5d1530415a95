/*
 * Client test of idtypes with pgjdbc and the helper IdtypesJdbc.
 *
 * Usage: java -cp postgresql.jar:. IdtypesJdbcTest JDBC_URL
 *
 * Runs every check twice: with binaryTransfer=false (results as text,
 * unnamed statements) and with prepareThreshold=-1 (server-prepared
 * statements from the first execution, binary transfer for the types pgjdbc
 * knows: bigint, bytea, uuid, timestamptz).  (preferQueryMode=simple is not
 * among them: pgjdbc 42.5 cannot inline a setBytes parameter there.)  For every type (uid8, muid, hlculid, tid62, UUIDv6/v7/
 * v8 on uuid): what a user writes with plain JDBC (setLong, setBytes,
 * setObject(UUID)) into an id column, refused without a cast in the
 * statement and stored with one or with IdtypesJdbc, ids generated in SQL read in Java's
 * forms and written back unchanged, and uid8 ids in java-uniqueid's layout
 * built in Java, stored and read back with the same parts.  Prints "ok -
 * what" or "not ok - what: details" per check (t/022_jdbc.pl turns them into
 * TAP assertions).
 */

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Objects;
import java.util.UUID;

public class IdtypesJdbcTest {
    static int failures;
    static int checks;

    static void check(String what, boolean ok, Object details) {
        checks++;
        if (ok) {
            System.out.println("ok - " + what);
        } else {
            failures++;
            System.out.println("not ok - " + what + ": " + details);
        }
    }

    static void same(String what, Object got, Object want) {
        boolean eq = got instanceof byte[] && want instanceof byte[]
            ? Arrays.equals((byte[]) got, (byte[]) want) : Objects.equals(got, want);
        check(what, eq, "got " + show(got) + ", want " + show(want));
    }

    static String show(Object o) {
        return o instanceof byte[] ? Arrays.toString((byte[]) o) : String.valueOf(o);
    }

    interface Sql {
        void run() throws SQLException;
    }

    static void fails(String what, Sql body, String message) {
        try {
            body.run();
            check(what, false, "no error");
        } catch (SQLException e) {
            check(what, e.getMessage().contains(message), e.getMessage());
        }
    }

    /*
     * java-uniqueid's eight-byte id as its IDBuilder.parse reads it, from the
     * layout idtypes documents for uid8:
     * V = T | seq << 16 | ((gen >> 8) & 7) << 13 | mode << 12 | (gen & 0xFF) << 4 | cluster,
     * T = Long.reverse(ts) in spread mode, ts << 22 in time_sequential mode.
     */
    record Blueprint(long timestamp, int sequence, int generatorId, int clusterId, String mode) {
        static Blueprint parse(byte[] id) {
            long v = IdtypesJdbc.uid8Long(id);
            boolean timeSequential = (v >>> 12 & 1) == 1;
            long ts = timeSequential ? v >>> 22 : Long.reverse(v & ~0x3FFFFFL);
            int gen = (int) ((v >>> 13 & 7) << 8 | (v >>> 4 & 0xFF));
            return new Blueprint(ts, (int) (v >>> 16 & 63), gen, (int) (v & 15),
                                 timeSequential ? "time_sequential" : "spread");
        }

        byte[] build() {
            boolean timeSequential = mode.equals("time_sequential");
            long t = timeSequential ? timestamp << 22 : Long.reverse(timestamp);
            long v = t | (long) sequence << 16 | (long) (generatorId >> 8 & 7) << 13
                | (timeSequential ? 1L : 0L) << 12 | (long) (generatorId & 0xFF) << 4 | clusterId;
            return IdtypesJdbc.uid8Bytes(v);
        }
    }

    static Blueprint sqlParts(Connection c, String uid8Text) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT uid8_timestamp(x), uid8_sequence(x), uid8_generator(x), uid8_cluster(x), uid8_mode(x)"
                + " FROM (SELECT ?::uid8 AS x) s")) {
            ps.setString(1, uid8Text);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Blueprint(rs.getTimestamp(1).getTime(), rs.getInt(2), rs.getInt(3), rs.getInt(4),
                                     rs.getString(5));
            }
        }
    }

    static ResultSet one(PreparedStatement ps) throws SQLException {
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs;
    }

    static void run(Connection c, String mode) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS ids");
            st.execute("CREATE TABLE ids (n serial, u8 uid8, m muid, h hlculid, t62 tid62, v uuid)");
        }

        // ---- what a user writes with plain JDBC: a long, bytes and a UUID
        // are ids only where the statement casts them (or bound by IdtypesJdbc) ----
        long javaLong = 0xd5e8489045800000L;  // negative as a long
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO ids (u8) VALUES (?) RETURNING u8::text")) {
            ps.setLong(1, javaLong);
            fails(mode + ": setLong into a uid8 column is refused without a cast", () -> one(ps),
                  "bigint is not converted to uid8 without an explicit cast");
            ps.setBytes(1, IdtypesJdbc.uid8Bytes(0x0123456789abcdefL));
            fails(mode + ": setBytes(byte[8]) into a uid8 column is refused without a cast", () -> one(ps),
                  "bytea is not converted to uid8 without an explicit cast");
            IdtypesJdbc.setUid8(ps, 1, javaLong);
            same(mode + ": IdtypesJdbc.setUid8(long) into a uid8 column stores the same 64 bits",
                 one(ps).getString(1), "d5e8489045800000");
            IdtypesJdbc.setUid8(ps, 1, IdtypesJdbc.uid8Bytes(0x0123456789abcdefL));
            same(mode + ": IdtypesJdbc.setUid8(byte[8]) into a uid8 column", one(ps).getString(1), "0123456789abcdef");
            ps.setString(1, "0123456789abcdee");
            fails(mode + ": setString is a varchar, which a uid8 column refuses", () -> one(ps),
                  "is of type uid8 but expression is of type character varying");
            IdtypesJdbc.setText(ps, 1, "0123456789abcdee");
            same(mode + ": text bound as Types.OTHER", one(ps).getString(1), "0123456789abcdee");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO ids (u8) VALUES (?::uid8) RETURNING u8::text")) {
            ps.setLong(1, javaLong);
            same(mode + ": setLong with ?::uid8 stores the same 64 bits", one(ps).getString(1), "d5e8489045800000");
            ps.setBytes(1, IdtypesJdbc.uid8Bytes(0x0123456789abcdedL));
            same(mode + ": setBytes(byte[8]) with ?::uid8", one(ps).getString(1), "0123456789abcded");
            ps.setBytes(1, new byte[7]);
            fails(mode + ": setBytes of 7 bytes is refused", () -> one(ps), "invalid length for type uid8");
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM ids WHERE u8 = ?")) {
            ps.setLong(1, javaLong);
            fails(mode + ": comparing a uid8 with a long stays explicit", () -> one(ps),
                  "operator does not exist: uid8 = bigint");
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM ids WHERE u8 = ?::uid8")) {
            ps.setLong(1, javaLong);
            same(mode + ": a long compared through an explicit cast (both rows)", one(ps).getInt(1), 2);
            IdtypesJdbc.setUid8(ps, 1, javaLong);
            same(mode + ": IdtypesJdbc.setUid8(long) in a comparison", one(ps).getInt(1), 2);
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT u8 FROM ids WHERE u8 = 'd5e8489045800000'")) {
            fails(mode + ": getLong of a uid8 is the driver's parse of its text", () -> one(ps).getLong(1),
                  "Bad value for type long");
            ResultSet rs = one(ps);
            same(mode + ": IdtypesJdbc.getUid8 gives the long", IdtypesJdbc.getUid8(rs, 1), javaLong);
            same(mode + ": IdtypesJdbc.getUid8Bytes gives the 8 bytes", IdtypesJdbc.getUid8Bytes(rs, 1),
                 IdtypesJdbc.uid8Bytes(javaLong));
        }
        UUID u = UUID.fromString("05d5eac7-93e6-1f17-b9f5-b9479df94ac0");
        byte[] b16 = new byte[16];
        b16[15] = 1;
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO ids (m, h) VALUES (?, ?) RETURNING m::text, h::text")) {
            ps.setObject(1, u);
            IdtypesJdbc.setHlcUlid(ps, 2, u);
            fails(mode + ": setObject(UUID) into a muid column is refused without a cast", () -> one(ps),
                  "column \"m\" is of type muid but expression is of type uuid");
            IdtypesJdbc.setMuid(ps, 1, u);
            ps.setObject(2, u);
            fails(mode + ": setObject(UUID) into an hlculid column is refused without a cast", () -> one(ps),
                  "column \"h\" is of type hlculid but expression is of type uuid");
            ps.setBytes(1, b16);
            IdtypesJdbc.setHlcUlid(ps, 2, u);
            fails(mode + ": setBytes(byte[16]) into a muid column is refused without a cast", () -> one(ps),
                  "bytea is not converted to muid without an explicit cast");
            IdtypesJdbc.setMuid(ps, 1, u);
            ResultSet rs = one(ps);
            same(mode + ": IdtypesJdbc.setMuid(UUID) into a muid column", rs.getString(1), "05D5EAC793E61F17B9F5B9479DF94AC0");
            same(mode + ": IdtypesJdbc.setHlcUlid(UUID) into an hlculid column", IdtypesJdbc.uuidOfUlid(rs.getString(2)), u);
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO ids (m, h) VALUES (?::muid, ?::hlculid) RETURNING m::text, h::text")) {
            ps.setObject(1, u);
            ps.setObject(2, u);
            ResultSet rs = one(ps);
            same(mode + ": setObject(UUID) with ?::muid", rs.getString(1), "05D5EAC793E61F17B9F5B9479DF94AC0");
            same(mode + ": setObject(UUID) with ?::hlculid", IdtypesJdbc.uuidOfUlid(rs.getString(2)), u);
            ps.setBytes(1, b16);
            ps.setBytes(2, b16);
            rs = one(ps);
            same(mode + ": setBytes(byte[16]) with ?::muid", rs.getString(1), "00000000000000000000000000000001");
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM ids WHERE m = ?")) {
            ps.setObject(1, u);
            fails(mode + ": comparing a muid with a UUID stays explicit", () -> one(ps),
                  "operator does not exist: muid = uuid");
            IdtypesJdbc.setMuid(ps, 1, u);
            same(mode + ": IdtypesJdbc.setMuid(UUID) in a comparison (both rows)", one(ps).getInt(1), 2);
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO ids (t62) VALUES (?) RETURNING t62::text")) {
            byte[] b12 = {0, 0, 0, 0, 0x01, 0x23, 0x45, 0x67, (byte) 0x89, (byte) 0xab, (byte) 0xcd, (byte) 0xef};
            ps.setBytes(1, b12);
            fails(mode + ": setBytes(byte[12]) into a tid62 column is refused without a cast", () -> one(ps),
                  "bytea is not converted to tid62 without an explicit cast");
            IdtypesJdbc.setTid62(ps, 1, b12);
            String t = one(ps).getString(1);
            same(mode + ": IdtypesJdbc.setTid62(byte[12]) into a tid62 column", IdtypesJdbc.tid62Bytes(t), b12);
            same(mode + ": tid62Text is the SQL text", IdtypesJdbc.tid62Text(b12), t);
        }

        // ---- ids generated in SQL, read in Java's forms and written back ----
        try (ResultSet rs = c.createStatement().executeQuery(
                "SELECT gen_uid8(), gen_muid(), gen_hlculid(), gen_tid62(), uuidv6_next(), uuidv7_next(), uuidv8_next()")) {
            rs.next();
            long id8 = IdtypesJdbc.getUid8(rs, 1);
            byte[] id8b = IdtypesJdbc.getUid8Bytes(rs, 1);
            UUID m = IdtypesJdbc.getMuid(rs, 2);
            UUID h = IdtypesJdbc.getHlcUlid(rs, 3);
            byte[] t62 = IdtypesJdbc.getTid62Bytes(rs, 4);
            String t62s = rs.getString(4);
            UUID[] v = {rs.getObject(5, UUID.class), rs.getObject(6, UUID.class), rs.getObject(7, UUID.class)};
            String[] texts = {rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)};

            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT ?::uid8 = x8 AND ?::uid8 = x8, ?::muid = xm, ?::hlculid = xh, ?::tid62 = xt, ?::tid62 = xt,"
                    + " ? = v6 AND ? = v7 AND ? = v8"
                    + " FROM (SELECT ?::uid8 x8, ?::muid xm, ?::hlculid xh, ?::tid62 xt, ?::uuid v6, ?::uuid v7, ?::uuid v8) s")) {
                IdtypesJdbc.setUid8(ps, 1, id8);
                IdtypesJdbc.setUid8(ps, 2, id8b);
                IdtypesJdbc.setMuid(ps, 3, m);
                IdtypesJdbc.setHlcUlid(ps, 4, h);
                IdtypesJdbc.setTid62(ps, 5, t62);
                IdtypesJdbc.setText(ps, 6, t62s);
                for (int k = 0; k < 3; k++) {
                    ps.setObject(7 + k, v[k]);
                }
                for (int k = 0; k < 4; k++) {
                    ps.setString(10 + k, texts[k]);
                }
                for (int k = 0; k < 3; k++) {
                    ps.setString(14 + k, v[k].toString());
                }
                ResultSet back = one(ps);
                String[] names = {"uid8 (long and byte[8])", "muid (UUID)", "hlculid (UUID)", "tid62 (byte[12])",
                                  "tid62 (String)", "UUIDv6, v7, v8 (UUID)"};
                for (int k = 0; k < names.length; k++) {
                    check(mode + ": " + names[k] + " from SQL written back unchanged", back.getBoolean(k + 1),
                          Arrays.toString(texts));
                }
            }
            // the same ids stored into columns with IdtypesJdbc, and plain JDBC types cast in the statement
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ids (u8, m, h, t62, v) VALUES (?, ?, ?, ?, ?)"
                    + " RETURNING u8::text, m::text, h::text, t62::text, v")) {
                IdtypesJdbc.setUid8(ps, 1, id8);
                IdtypesJdbc.setMuid(ps, 2, m);
                IdtypesJdbc.setHlcUlid(ps, 3, h);
                IdtypesJdbc.setTid62(ps, 4, t62);
                ps.setObject(5, v[1]);
                ResultSet back = one(ps);
                same(mode + ": IdtypesJdbc's set methods store the SQL ids unchanged",
                     back.getString(1) + back.getString(2) + back.getString(3) + back.getString(4)
                     + back.getObject(5, UUID.class), texts[0] + texts[1] + texts[2] + texts[3] + v[1]);
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ids (u8, m, h, t62, v) VALUES (?::uid8, ?::muid, ?::hlculid, ?::tid62, ?)"
                    + " RETURNING u8::text, m::text, h::text, t62::text, v")) {
                ps.setLong(1, id8);
                ps.setObject(2, m);
                ps.setObject(3, h);
                ps.setBytes(4, t62);
                ps.setObject(5, v[1]);
                ResultSet back = one(ps);
                same(mode + ": plain setLong/setObject/setBytes cast in the statement store the SQL ids unchanged",
                     back.getString(1) + back.getString(2) + back.getString(3) + back.getString(4)
                     + back.getObject(5, UUID.class), texts[0] + texts[1] + texts[2] + texts[3] + v[1]);
            }
            same(mode + ": IDBuilder.parse of a gen_uid8() has the SQL parts", Blueprint.parse(id8b),
                 sqlParts(c, texts[0]));
            // the UUIDv7's time is its first 48 bits, as uuidv_timestamp() says
            try (PreparedStatement ps = c.prepareStatement("SELECT uuidv_timestamp(?)")) {
                ps.setObject(1, v[1]);
                same(mode + ": UUIDv7 time from its bits is the SQL time", one(ps).getTimestamp(1).getTime(),
                     v[1].getMostSignificantBits() >>> 16);
            }
        }

        // ---- uid8 in java-uniqueid's layout built in Java, stored and read back ----
        for (String idMode : new String[] {"spread", "time_sequential"}) {
            Blueprint bp = new Blueprint(1753178400123L, 17, 1234, 9, idMode);
            byte[] idBytes = bp.build();
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ids (u8) VALUES (?) RETURNING u8,"
                    + " u8 = uid8_from_parts('2025-07-22 10:00:00.123+00', 17, 1234, 9, ?)")) {
                IdtypesJdbc.setUid8(ps, 1, idBytes);
                ps.setString(2, idMode);
                ResultSet rs = one(ps);
                byte[] back = IdtypesJdbc.getUid8Bytes(rs, 1);
                same(mode + ": java-uniqueid bytes (" + idMode + ") read back", back, idBytes);
                check(mode + ": java-uniqueid bytes (" + idMode + ") are SQL's uid8_from_parts", rs.getBoolean(2), "");
                same(mode + ": IDBuilder.parse (" + idMode + ") of the id read back", Blueprint.parse(back), bp);
                same(mode + ": SQL parts (" + idMode + ") are the blueprint's", sqlParts(c, rs.getString(1)), bp);
            }
        }

        // ---- hlculid from a Java-made UUID (ULID layout: 48-bit ms first) ----
        long now = System.currentTimeMillis();
        UUID made = new UUID(now << 16 | 0x0001, 0x000A_1234_5678_9ABCL);
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO ids (h) VALUES (?) RETURNING h, hlculid_timestamp(h), hlculid_counter(h), hlculid_publisher(h)")) {
            IdtypesJdbc.setHlcUlid(ps, 1, made);
            ResultSet rs = one(ps);
            same(mode + ": a Java UUID into hlculid read back", IdtypesJdbc.getHlcUlid(rs, 1), made);
            same(mode + ": its ULID text", rs.getString(1), IdtypesJdbc.ulidOfUuid(made));
            same(mode + ": its time, counter and publisher", rs.getTimestamp(2).getTime() + "/" + rs.getInt(3) + "/" + rs.getInt(4),
                 now + "/1/10");
        }
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        for (String[] m : new String[][] {{"text", "binaryTransfer=false&prepareThreshold=0"},
                                          {"binary", "prepareThreshold=-1&binaryTransfer=true"}}) {
            String sep = url.contains("?") ? "&" : "?";
            try (Connection c = DriverManager.getConnection(url + sep + m[1])) {
                run(c, m[0]);
            } catch (Exception e) {
                check(m[0] + ": the checks against the server ran to the end", false, e);
                e.printStackTrace();
            }
        }
        // the last line: a client cut short prints none (client_checks of t/IdtypesTest/Clients.pm)
        System.out.println("ran " + checks + " checks");
        System.exit(failures == 0 ? 0 : 1);
    }
}
