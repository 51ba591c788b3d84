package dev.redsink.emulator.fault;

import dev.redsink.emulator.aws.AwsApis;
import dev.redsink.emulator.aws.AwsError;
import dev.redsink.emulator.aws.AwsRequest;
import dev.redsink.emulator.aws.S3Credentials;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A small HTTP/1.1 front on 127.0.0.1 that forwards S3 requests byte-for-byte to the real local S3
 * (so SigV4 signatures stay valid), enforces the {@link BucketPolicy} and applies the faults armed
 * in {@link S3Faults}. AWS API calls (STS, Redshift, Redshift Serverless) sent to the same endpoint
 * are answered by {@link AwsApis}, and an S3 request signed with a temporary key must carry its
 * session token ({@link S3Credentials}).
 */
public final class FaultingFront implements AutoCloseable {
  private final ServerSocket server;
  private final InetSocketAddress backend;
  private final S3Faults faults;
  private final BucketPolicy policy;
  private final Consumer<String> bucketSeen;
  private final AwsApis apis;
  private final S3Credentials credentials;
  private final ExecutorService threads;

  private FaultingFront(
      ServerSocket server,
      InetSocketAddress backend,
      S3Faults faults,
      BucketPolicy policy,
      Consumer<String> bucketSeen,
      AwsApis apis) {
    this.server = server;
    this.apis = apis;
    this.credentials = new S3Credentials(apis.keys());
    this.backend = backend;
    this.faults = faults;
    this.policy = policy;
    this.bucketSeen = bucketSeen;
    AtomicInteger n = new AtomicInteger();
    this.threads =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "s3-front-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Listens on {@code port} (0 = any free port) and forwards to {@code backend}; {@code bucketSeen}
   * is called with the bucket of each object-level request before it is forwarded.
   */
  public static FaultingFront start(
      int port,
      InetSocketAddress backend,
      S3Faults faults,
      BucketPolicy policy,
      Consumer<String> bucketSeen,
      AwsApis apis)
      throws IOException {
    ServerSocket server = new ServerSocket(port, 128, InetAddress.getLoopbackAddress());
    FaultingFront front = new FaultingFront(server, backend, faults, policy, bucketSeen, apis);
    front.threads.execute(front::acceptLoop);
    return front;
  }

  /** The port clients connect to. */
  public int port() {
    return server.getLocalPort();
  }

  @Override
  public void close() throws IOException {
    server.close();
    threads.shutdownNow();
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        threads.execute(() -> serve(client));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    Socket upstream = null;
    try (client) {
      client.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(client.getInputStream(), 64 * 1024);
      OutputStream out = client.getOutputStream();
      OutputStream upstreamOut = null;
      while (true) {
        Optional<HttpRequestHead> next = HttpRequestHead.read(in);
        if (next.isEmpty()) {
          return;
        }
        HttpRequestHead head = next.get();
        if (AwsRequest.isApiCall(head.method(), head.path(), head.query())) {
          answerApiCall(head, in, out);
          continue;
        }
        Optional<AwsError> badCredentials = credentials.refusal(head.query(), head.headers());
        if (badCredentials.isPresent()) {
          AwsError e = badCredentials.get();
          answerWithFault(
              client, head, in, out, new Fault.ErrorResponse(e.status(), e.code(), e.getMessage()));
          return;
        }
        S3RequestKind kind = head.kind();
        Optional<Fault> denied = policy.check(head);
        if (denied.isPresent()) {
          answerWithFault(client, head, in, out, denied.get());
          return;
        }
        Optional<Fault> fault = faults.take(kind, head.method(), head.path());
        if (fault.isPresent() && !(fault.get() instanceof Fault.Delay)) {
          answerWithFault(client, head, in, out, fault.get());
          return;
        }
        if (fault.isPresent()) {
          Thread.sleep(((Fault.Delay) fault.get()).duration().toMillis());
        }
        if (head.isObjectRequest()) {
          head.bucket().ifPresent(bucketSeen);
        }
        if (upstream == null) {
          upstream = new Socket(backend.getAddress(), backend.getPort());
          upstream.setTcpNoDelay(true);
          upstreamOut = new BufferedOutputStream(upstream.getOutputStream(), 64 * 1024);
          Socket source = upstream;
          threads.execute(() -> pump(source, client));
        }
        upstreamOut.write(head.raw());
        if (head.expectsContinue()) {
          upstreamOut.flush(); // the 100 Continue comes back through the pump
        }
        HttpBodies.transfer(head, in, upstreamOut);
        upstreamOut.flush();
      }
    } catch (IOException | RuntimeException e) {
      // the client or the backend went away; nothing to answer
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      closeQuietly(upstream);
    }
  }

  private void answerApiCall(HttpRequestHead head, InputStream in, OutputStream out)
      throws IOException {
    if (head.expectsContinue()) {
      out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    }
    byte[] body = HttpBodies.read(head, in);
    out.write(
        apis.answer(new AwsRequest(head.method(), head.path(), head.query(), head.headers(), body))
            .toHttp());
    out.flush();
  }

  private static void answerWithFault(
      Socket client, HttpRequestHead head, InputStream in, OutputStream out, Fault fault)
      throws IOException {
    if (fault instanceof Fault.ResetConnection) {
      client.setSoLinger(true, 0); // close() now sends RST instead of FIN
      return;
    }
    Fault.ErrorResponse error = (Fault.ErrorResponse) fault;
    if (!head.expectsContinue()) {
      HttpBodies.transfer(head, in, null); // read the body so the client sees our answer
    }
    String requestId = UUID.randomUUID().toString().replace("-", "").substring(0, 16).toUpperCase();
    String xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>"
            + error.code()
            + "</Code><Message>"
            + error.message()
            + "</Message><Resource>"
            + head.path()
            + "</Resource><RequestId>"
            + requestId
            + "</RequestId><HostId>redsink-emulator</HostId></Error>";
    byte[] body = xml.getBytes(StandardCharsets.UTF_8);
    boolean headRequest = head.method().equalsIgnoreCase("HEAD");
    String response =
        "HTTP/1.1 "
            + error.status()
            + " "
            + error.code()
            + "\r\nContent-Type: application/xml\r\nContent-Length: "
            + (headRequest ? 0 : body.length)
            + "\r\nx-amz-request-id: "
            + requestId
            + "\r\nConnection: close\r\n\r\n";
    out.write(response.getBytes(StandardCharsets.ISO_8859_1));
    if (!headRequest) {
      out.write(body);
    }
    out.flush();
  }

  private static void pump(Socket from, Socket to) {
    try {
      from.getInputStream().transferTo(to.getOutputStream());
    } catch (IOException e) {
      // one side closed
    } finally {
      closeQuietly(to);
      closeQuietly(from);
    }
  }

  private static void closeQuietly(Socket socket) {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }
}
