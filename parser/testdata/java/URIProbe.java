// URIProbe runs java.net.URI over references read from standard input, one
// per line, and prints one line per reference, for the Go package
// internal/javauri (which compiles and runs it; see probe.go there).
//
// Input: raw bytes, split on '\n' (nothing else is stripped). Each line is
// decoded as UTF-8; a line that is not valid UTF-8 is decoded with U+FFFD
// in place of each malformed sequence, as new String(bytes, UTF_8) does, and
// marked so.
//
// Output, one line per input line, fields separated by a tab:
//
//   utf8 "ok" scheme ssp authority userinfo host port path query fragment opaque server
//   utf8 "err" index reason
//   utf8 "exc" exception
//
// utf8 is "u" (the line was valid UTF-8) or "r" (malformed sequences were
// replaced by U+FFFD). A string field is "-" for null or "+" followed by the
// value, escaped; port is getPort() in decimal; opaque is "1" or "0";
// server is "-" when there is no authority, "+" when the authority is
// server-based (getHost() != null), or "!" followed by the escaped
// "index reason" of the URISyntaxException parseServerAuthority() throws
// for a registry-based authority. index is URISyntaxException.getIndex(),
// a UTF-16 index into the decoded line (-1 when unknown). "exc" reports an
// unchecked exception escaping the constructor (JDK 17 lets a
// NumberFormatException out for "http://[::1.2.3.99999999999]/"), as
// Throwable.toString(), escaped.
//
// Escaping: printable ASCII other than '\' stands for itself, '\' is
// written "\\", and every other UTF-16 code unit as "\\uXXXX" (four hex
// digits), so the output is ASCII and holds no tab.
//
// Output is flushed whenever no more input is waiting, so a caller can
// send a batch and read its answers before sending the next.
import java.io.BufferedInputStream;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

public final class URIProbe {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    public static void main(String[] args) throws IOException {
        InputStream in = new BufferedInputStream(System.in, 1 << 16);
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16);
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        StringBuilder sb = new StringBuilder();
        for (;;) {
            if (in.available() == 0) {
                out.flush();
            }
            int b = in.read();
            if (b < 0) {
                break;
            }
            if (b != '\n') {
                line.write(b);
                continue;
            }
            sb.setLength(0);
            probe(sb, line.toByteArray(), strict);
            sb.append('\n');
            out.write(sb.toString());
            line.reset();
        }
        if (line.size() > 0) {
            sb.setLength(0);
            probe(sb, line.toByteArray(), strict);
            sb.append('\n');
            out.write(sb.toString());
        }
        out.flush();
    }

    private static void probe(StringBuilder sb, byte[] bytes, CharsetDecoder strict) {
        String s;
        try {
            s = strict.decode(ByteBuffer.wrap(bytes)).toString();
            sb.append('u');
        } catch (CharacterCodingException e) {
            s = new String(bytes, StandardCharsets.UTF_8);
            sb.append('r');
        }
        URI u;
        try {
            u = new URI(s);
        } catch (URISyntaxException e) {
            sb.append("\terr\t").append(e.getIndex()).append('\t');
            escape(sb, e.getReason());
            return;
        } catch (RuntimeException e) {
            sb.append("\texc\t");
            escape(sb, e.toString());
            return;
        }
        sb.append("\tok");
        field(sb, u.getScheme());
        field(sb, u.getRawSchemeSpecificPart());
        field(sb, u.getRawAuthority());
        field(sb, u.getRawUserInfo());
        field(sb, u.getHost());
        sb.append('\t').append(u.getPort());
        field(sb, u.getRawPath());
        field(sb, u.getRawQuery());
        field(sb, u.getRawFragment());
        sb.append('\t').append(u.isOpaque() ? '1' : '0');
        sb.append('\t');
        if (u.getRawAuthority() == null) {
            sb.append('-');
        } else if (u.getHost() != null) {
            sb.append('+');
        } else {
            // The constructor fell back to a registry-based authority; ask
            // why the server-based reading failed.
            try {
                new URI(s).parseServerAuthority();
                sb.append('+');
            } catch (URISyntaxException e) {
                sb.append('!');
                escape(sb, e.getIndex() + " " + e.getReason());
            }
        }
    }

    private static void field(StringBuilder sb, String v) {
        sb.append('\t');
        if (v == null) {
            sb.append('-');
            return;
        }
        sb.append('+');
        escape(sb, v);
    }

    private static void escape(StringBuilder sb, String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '\\') {
                sb.append(c);
            } else if (c == '\\') {
                sb.append("\\\\");
            } else {
                sb.append("\\u").append(HEX[c >> 12 & 15]).append(HEX[c >> 8 & 15]).append(HEX[c >> 4 & 15]).append(HEX[c & 15]);
            }
        }
    }
}
