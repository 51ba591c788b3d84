package dev.redsink.emulator.wire;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * TLS on the PostgreSQL-protocol port, as Redshift offers it (the Amazon Redshift JDBC driver
 * requires it for IAM authentication). The certificate is the emulator's own self-signed one for
 * localhost and 127.0.0.1, the same for every emulator; it protects nothing and is not a secret.
 * Clients either skip verification ({@code sslmode=require}) or trust {@code emulator-tls.pem}.
 */
final class Tls {
  private static final String KEYSTORE = "emulator-tls.p12";
  private static final char[] PASSWORD = "redsink-emulator".toCharArray();
  private static volatile SSLContext context;

  private Tls() {}

  /** Turns an accepted plain socket into the server side of a TLS connection. */
  static Socket accept(Socket plain) throws IOException {
    SSLSocket tls =
        (SSLSocket)
            context()
                .getSocketFactory()
                .createSocket(
                    plain, plain.getInetAddress().getHostAddress(), plain.getPort(), true);
    tls.setUseClientMode(false);
    tls.startHandshake();
    return tls;
  }

  private static SSLContext context() throws IOException {
    if (context == null) {
      synchronized (Tls.class) {
        if (context == null) {
          context = load();
        }
      }
    }
    return context;
  }

  private static SSLContext load() throws IOException {
    try (InputStream in = Tls.class.getResourceAsStream(KEYSTORE)) {
      if (in == null) {
        throw new IOException("The emulator's TLS key store " + KEYSTORE + " is missing");
      }
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, PASSWORD);
      KeyManagerFactory keys =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      keys.init(store, PASSWORD);
      SSLContext tls = SSLContext.getInstance("TLS");
      tls.init(keys.getKeyManagers(), null, null);
      return tls;
    } catch (GeneralSecurityException e) {
      throw new IOException("Cannot load the emulator's TLS key store: " + e.getMessage(), e);
    }
  }
}
