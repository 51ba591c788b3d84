package dev.redsink.emulator.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Accepts PostgreSQL-protocol clients on 127.0.0.1 and runs a {@link ClientSession} for each. */
public final class ProtocolServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ProtocolServer.class);

  private final ServerSocket server;
  private final SessionEnvironment env;
  private final AtomicInteger sessions = new AtomicInteger();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean closed;

  private ProtocolServer(ServerSocket server, SessionEnvironment env) {
    this.server = server;
    this.env = env;
    this.acceptor = new Thread(this::accept, "redsink-emulator-accept-" + server.getLocalPort());
    acceptor.setDaemon(true);
  }

  /** Listens on 127.0.0.1:{@code port} (0 for a random free port). */
  public static ProtocolServer start(int port, SessionEnvironment env) throws IOException {
    ServerSocket socket = new ServerSocket();
    socket.setReuseAddress(true);
    socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
    ProtocolServer server = new ProtocolServer(socket, env);
    server.acceptor.start();
    return server;
  }

  public int port() {
    return server.getLocalPort();
  }

  /** Closes every client connection now, as a server restart or network failure would. */
  public void dropAllConnections() {
    for (Socket s : open) {
      try {
        s.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }

  private void accept() {
    while (!closed) {
      try {
        Socket s = server.accept();
        int id = sessions.incrementAndGet();
        open.add(s);
        env.statistics().connections(open.size());
        Thread t =
            new Thread(
                () -> {
                  try {
                    new ClientSession(s, env, id).run();
                  } finally {
                    open.remove(s);
                  }
                },
                "redsink-emulator-session-" + id);
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        if (!closed) {
          LOG.warn("Cannot accept a client connection: {}", e.toString());
        }
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // closing
    }
    dropAllConnections();
  }
}
