package dev.redsink.core.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redsink.core.config.ConfigParser;
import dev.redsink.core.config.RedsinkConfig;
import dev.redsink.core.error.InvalidConfigException;
import dev.redsink.core.error.TransientException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The S3 client bounds each request: a server that answers one byte at a time (which the socket
 * timeout never catches) makes a PUT fail as transient after the attempt timeout instead of
 * hanging.
 */
class S3ClientsTest {

  @Test
  void everyRequestIsBoundedByS3Timeout() {
    try (S3Client s3 = S3Clients.create(config(9, null))) {
      var o = s3.serviceClientConfiguration().overrideConfiguration();
      assertThat(o.apiCallAttemptTimeout()).contains(Duration.ofMinutes(2));
      assertThat(o.apiCallTimeout()).contains(Duration.ofMinutes(2));
    }
    try (S3Client s3 = S3Clients.create(config(9, "750ms"))) {
      assertThat(s3.serviceClientConfiguration().overrideConfiguration().apiCallAttemptTimeout())
          .contains(Duration.ofMillis(750));
    }
  }

  @Test
  void aZeroS3TimeoutIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> config(9, "0s"))
        .isInstanceOf(InvalidConfigException.class)
        .hasMessageContaining("s3_timeout")
        .hasMessageContaining("above zero");
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS) // without the attempt timeout this PUT never ends
  void aPutAnsweredOneByteAtATimeFailsAsTransientAfterTheAttemptTimeout() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
      Thread trickle = new Thread(() -> trickle(server), "trickling-s3");
      trickle.setDaemon(true);
      trickle.start();
      RedsinkConfig config = config(server.getLocalPort(), "1s");
      try (S3ObjectStore store = new S3ObjectStore(S3Clients.create(config), "bucket")) {
        byte[] body = "parquet".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> store.put("p/a.parquet", body, Crc32c.base64(body)))
            .isInstanceOf(TransientException.class)
            .hasMessageContaining("Cannot upload s3://bucket/p/a.parquet")
            .hasMessageContaining("1000 millis")
            .hasMessageNotContaining("SECRETKEY");
      }
    }
  }

  /** Reads a request head, then sends a status line and a header one byte every 100 ms. */
  private static void trickle(ServerSocket server) {
    while (!server.isClosed()) {
      try (Socket s = server.accept()) {
        InputStream in = s.getInputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
          int b = in.read();
          if (b < 0) {
            break;
          }
          matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        OutputStream out = s.getOutputStream();
        out.write("HTTP/1.1 200 OK\r\nx-slow: ".getBytes(StandardCharsets.US_ASCII));
        while (true) {
          out.write('a');
          out.flush();
          Thread.sleep(100);
        }
      } catch (IOException e) {
        // the client gave up; wait for the next one
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private static RedsinkConfig config(int port, String s3Timeout) {
    Map<String, Object> raw = new HashMap<>();
    raw.put("connection_string", "postgres://loader:pw@127.0.0.1:5439/dev");
    raw.put("target_table", "t");
    raw.put("aws_iam_role", "arn:aws:iam::123456789012:role/RedshiftCopy");
    raw.put("s3_bucket", "bucket");
    raw.put("s3_prefix", "p");
    raw.put("aws_region", "us-east-1");
    raw.put("s3_endpoint", "http://127.0.0.1:" + port);
    raw.put("aws_access_key_id", "AKIDEXAMPLE");
    raw.put("aws_secret_access_key", "SECRETKEY");
    raw.put("s3_timeout", s3Timeout);
    return ConfigParser.parse(raw).config();
  }
}
