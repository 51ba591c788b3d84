package dev.redsink.emulator.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * The emulator's own S3 reads retry a request sent on a connection the server had already closed
 * (what a keep-alive connection closed while idle looks like), and nothing else: an armed reset
 * must still fail the COPY that hit it.
 */
class ReadRetriesIT {

  @Test
  void aConnectionClosedWithoutAnAnswerIsRetried() throws Exception {
    try (OneShotServer server = new OneShotServer(false)) {
      try (S3Client s3 = clientOf(server)) {
        assertThatThrownBy(() -> s3.headObject(b -> b.bucket("staging").key("k")))
            .isInstanceOf(NoSuchKeyException.class);
      }
      assertThat(server.connections.get()).isEqualTo(2);
    }
  }

  @Test
  void aResetConnectionIsNotRetried() throws Exception {
    try (OneShotServer server = new OneShotServer(true)) {
      try (S3Client s3 = clientOf(server)) {
        assertThatThrownBy(() -> s3.headObject(b -> b.bucket("staging").key("k")))
            .isInstanceOf(SdkClientException.class);
      }
      assertThat(server.connections.get()).isEqualTo(1);
    }
  }

  private static S3Client clientOf(OneShotServer server) {
    return S3Client.builder()
        .endpointOverride(URI.create("http://127.0.0.1:" + server.socket.getLocalPort()))
        .forcePathStyle(true)
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("key", "secret")))
        .overrideConfiguration(o -> o.retryStrategy(LocalS3.readRetries()))
        .build();
  }

  /**
   * Its first connection reads the request and closes (FIN, or RST when resetting); later ones
   * answer 404.
   */
  private static final class OneShotServer implements AutoCloseable {
    final ServerSocket socket;
    final AtomicInteger connections = new AtomicInteger();
    private final Thread thread;

    OneShotServer(boolean reset) throws IOException {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      thread = new Thread(() -> serve(reset), "one-shot-s3");
      thread.setDaemon(true);
      thread.start();
    }

    private void serve(boolean reset) {
      while (!socket.isClosed()) {
        try (Socket client = socket.accept()) {
          int n = connections.incrementAndGet();
          readHead(client.getInputStream());
          if (n == 1 || reset) {
            client.setSoLinger(reset, 0);
            continue;
          }
          client
              .getOutputStream()
              .write(
                  ("HTTP/1.1 404 Not Found\r\nx-amz-request-id: R\r\nContent-Length: 0\r\n"
                          + "Connection: close\r\n\r\n")
                      .getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
          return;
        }
      }
    }

    private static void readHead(InputStream in) throws IOException {
      int matched = 0;
      byte[] end = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
      for (int b = in.read(); b >= 0 && matched < end.length; b = in.read()) {
        matched = b == end[matched] ? matched + 1 : (b == end[0] ? 1 : 0);
        if (matched == end.length) {
          return;
        }
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
