/*
 * IdtypesJdbc: binds and reads the idtypes PostgreSQL extension's ids with
 * JDBC (pgjdbc 42.x) in Java's own forms.
 *
 *   SQL type  write (bind)                     read
 *   uid8      long, byte[8], String (16 hex)   long (the same 64 bits: ids
 *                                              with the top bit set are
 *                                              negative), byte[8], String
 *   muid      java.util.UUID, String           java.util.UUID (the same 16 bytes)
 *   hlculid   java.util.UUID, String (ULID)    java.util.UUID (the same 16 bytes)
 *   tid62     String (17 base62), byte[12]     String, byte[12]
 *   uuid      setObject(UUID), as pgjdbc does  getObject(i, UUID.class)
 *
 * Every set method binds the id as the type's text with no declared type
 * (Types.OTHER), so that the server reads it as whatever the statement needs
 * there: a column, a comparison (WHERE id = ?), a function argument.  Plain
 * setLong, setBytes and setObject(UUID) send a bigint, a bytea and a uuid,
 * which the server reads as an id only where the statement casts them
 * (VALUES (?::uid8), WHERE id = ?::muid): stored into an id column as they
 * are, they are refused.
 *
 * The ids arrive as text (pgjdbc asks for binary results only for the types
 * it knows), so the get methods parse the text form, which is canonical.
 */

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.UUID;

public final class IdtypesJdbc {
    private static final String B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    private static final String B62 =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private IdtypesJdbc() {
    }

    /* ---- uid8 ---- */

    public static void setUid8(PreparedStatement ps, int i, long id) throws SQLException {
        ps.setObject(i, uid8Text(id), Types.OTHER);
    }

    public static void setUid8(PreparedStatement ps, int i, byte[] id) throws SQLException {
        ps.setObject(i, uid8Text(uid8Long(id)), Types.OTHER);
    }

    /** The uid8 as a long, or null for SQL NULL. */
    public static Long getUid8(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : Long.parseUnsignedLong(s, 16);
    }

    public static byte[] getUid8Bytes(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : uid8Bytes(Long.parseUnsignedLong(s, 16));
    }

    /** The text of a uid8: 16 lowercase hex digits. */
    public static String uid8Text(long id) {
        return String.format("%016x", id);
    }

    /** The 8 bytes of a uid8, big-endian (java-uniqueid's byte[]). */
    public static byte[] uid8Bytes(long id) {
        byte[] b = new byte[8];
        for (int k = 7; k >= 0; k--) {
            b[k] = (byte) id;
            id >>>= 8;
        }
        return b;
    }

    public static long uid8Long(byte[] b) {
        if (b.length != 8) {
            throw new IllegalArgumentException("a uid8 is 8 bytes, not " + b.length);
        }
        long v = 0;
        for (byte x : b) {
            v = v << 8 | (x & 0xFF);
        }
        return v;
    }

    /* ---- muid and hlculid: java.util.UUID of the same 16 bytes ---- */

    public static void setMuid(PreparedStatement ps, int i, UUID id) throws SQLException {
        ps.setObject(i, hex32(id), Types.OTHER);
    }

    public static void setHlcUlid(PreparedStatement ps, int i, UUID id) throws SQLException {
        ps.setObject(i, hex32(id), Types.OTHER);
    }

    /** Binds text as it is, for the server to read (a ULID, a tid62, ...). */
    public static void setText(PreparedStatement ps, int i, String id) throws SQLException {
        ps.setObject(i, id, Types.OTHER);
    }

    public static UUID getMuid(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : uuidOfHex(s);
    }

    public static UUID getHlcUlid(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : uuidOfUlid(s);
    }

    static String hex32(UUID id) {
        return String.format("%016x%016x", id.getMostSignificantBits(), id.getLeastSignificantBits());
    }

    static UUID uuidOfHex(String s) {
        if (s.length() != 32) {
            throw new IllegalArgumentException("not 32 hex digits: " + s);
        }
        return new UUID(Long.parseUnsignedLong(s.substring(0, 16), 16),
                        Long.parseUnsignedLong(s.substring(16), 16));
    }

    /** The UUID of the 16 bytes that a 26-character ULID text holds. */
    public static UUID uuidOfUlid(String s) {
        if (s.length() != 26) {
            throw new IllegalArgumentException("not a ULID: " + s);
        }
        long hi = 0;
        long lo = 0;
        for (int k = 0; k < 26; k++) {
            int v = B32.indexOf(Character.toUpperCase(s.charAt(k)));
            if (v < 0) {
                throw new IllegalArgumentException("not a ULID: " + s);
            }
            hi = hi << 5 | lo >>> 59;
            lo = lo << 5 | v;
        }
        return new UUID(hi, lo);
    }

    /** The ULID text of 16 bytes (the hlculid's text form). */
    public static String ulidOfUuid(UUID id) {
        long hi = id.getMostSignificantBits();
        long lo = id.getLeastSignificantBits();
        char[] c = new char[26];
        for (int k = 25; k >= 0; k--) {
            c[k] = B32.charAt((int) (lo & 31));
            lo = lo >>> 5 | hi << 59;
            hi >>>= 5;
        }
        return new String(c);
    }

    /* ---- tid62: the 17 base62 digits, or its 12 bytes ---- */

    public static void setTid62(PreparedStatement ps, int i, byte[] id) throws SQLException {
        ps.setObject(i, tid62Text(id), Types.OTHER);
    }

    public static byte[] getTid62Bytes(ResultSet rs, int column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? null : tid62Bytes(s);
    }

    public static String tid62Text(byte[] b) {
        if (b.length != 12) {
            throw new IllegalArgumentException("a tid62 is 12 bytes, not " + b.length);
        }
        java.math.BigInteger n = new java.math.BigInteger(1, b);
        java.math.BigInteger base = java.math.BigInteger.valueOf(62);
        char[] c = new char[17];
        for (int k = 16; k >= 0; k--) {
            java.math.BigInteger[] qr = n.divideAndRemainder(base);
            c[k] = B62.charAt(qr[1].intValue());
            n = qr[0];
        }
        return new String(c);
    }

    public static byte[] tid62Bytes(String s) {
        java.math.BigInteger n = java.math.BigInteger.ZERO;
        java.math.BigInteger base = java.math.BigInteger.valueOf(62);
        for (int k = 0; k < s.length(); k++) {
            n = n.multiply(base).add(java.math.BigInteger.valueOf(B62.indexOf(s.charAt(k))));
        }
        byte[] raw = n.toByteArray();
        byte[] b = new byte[12];
        int len = Math.min(raw.length, 12);
        System.arraycopy(raw, raw.length - len, b, 12 - len, len);
        return b;
    }
}
