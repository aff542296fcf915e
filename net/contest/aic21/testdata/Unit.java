import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * An AIC21 unit in Java, as the official Java template connects: the
 * server's address from AICHostIP and AICHostPort, the token first, then
 * NUL-ended JSON frames; it answers each GAME_STATUS with a move and
 * END_TURN. It never exits by itself.
 */
public class Unit {
    public static void main(String[] args) throws Exception {
        String ip = System.getenv().getOrDefault("AICHostIP", "127.0.0.1");
        int port = Integer.parseInt(System.getenv().getOrDefault("AICHostPort", "7099"));
        String token = System.getenv().getOrDefault("AICToken", "00000000000000000000000000000000");
        Socket s = null;
        for (int i = 0; i < 10 && s == null; i++) {
            try {
                s = new Socket(ip, port);
            } catch (Exception e) {
                Thread.sleep(2000);
            }
        }
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        send(out, "{\"type\":\"token\",\"turn\":0,\"info\":{\"token\":\"" + token + "\"}}");
        Random rng = new Random();
        while (true) {
            ByteArrayOutputStream frame = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) > 0) {
                frame.write(c);
            }
            String msg = frame.toString(StandardCharsets.UTF_8);
            if (msg.startsWith("{\"type\":\"4\"")) {
                send(out, "{\"type\":1,\"info\":{\"direction\":" + (1 + rng.nextInt(4)) + "}}");
                send(out, "{\"type\":6,\"info\":{}}");
            }
        }
    }

    static void send(OutputStream out, String json) throws Exception {
        out.write(json.getBytes(StandardCharsets.UTF_8));
        out.write(0);
        out.flush();
    }
}
