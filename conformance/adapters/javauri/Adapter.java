import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

/**
 * Conformance adapter for java.net.URI (docs/conformance.md). Parse mode:
 * new URI(s) and its raw accessors; resolve mode: base.resolve(ref);
 * normalize mode: normalize().
 */
public class Adapter {
    public static void main(String[] args) throws Exception {
        String mode = System.getenv().getOrDefault("RFC2396_CONFORMANCE_MODE", "parse");
        if (!mode.equals("parse") && !mode.equals("resolve") && !mode.equals("normalize")) {
            System.exit(3);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.ISO_8859_1));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        String line;
        while ((line = in.readLine()) != null) {
            // Bytes were read one a char; re-read them as UTF-8, as the suite's strings are.
            line = new String(line.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
            StringBuilder b = new StringBuilder("{");
            try {
                if (mode.equals("parse")) {
                    URI u = new URI(line);
                    b.append("\"valid\":true");
                    field(b, "scheme", u.getScheme());
                    field(b, "authority", u.getRawAuthority());
                    field(b, "userinfo", u.getRawUserInfo());
                    field(b, "host", u.getHost());
                    field(b, "port", u.getPort() < 0 ? null : Integer.toString(u.getPort()));
                    field(b, "path", u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath());
                    field(b, "query", u.getRawQuery());
                    field(b, "fragment", u.getRawFragment());
                } else if (mode.equals("resolve")) {
                    int tab = line.indexOf('\t');
                    URI base = new URI(line.substring(0, tab));
                    b.append("\"ok\":true");
                    field(b, "result", base.resolve(new URI(line.substring(tab + 1))).toString());
                } else {
                    b.append("\"ok\":true");
                    field(b, "result", new URI(line).normalize().toString());
                }
            } catch (URISyntaxException | IllegalArgumentException e) {
                b.setLength(1);
                b.append(mode.equals("parse") ? "\"valid\":false" : "\"result\":null");
            }
            out.print(b.append("}\n"));
        }
        out.flush();
    }

    static void field(StringBuilder b, String name, String v) {
        b.append(",\"").append(name).append("\":");
        if (v == null) {
            b.append("null");
            return;
        }
        b.append('"');
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        b.append('"');
    }
}
