package dev.redsink.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * A web identity token file as EKS projects one into a pod for IRSA: a JWT whose subject is the
 * service account. The emulator's STS reads its claims; nothing checks its signature.
 */
public final class WebIdentityToken {
  private WebIdentityToken() {}

  /** Writes a token for {@code subject}, valid for an hour, to {@code file}. */
  public static Path write(Path file, String subject) {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String claims =
        "{\"sub\":\""
            + subject
            + "\",\"aud\":\"sts.amazonaws.com\",\"iss\":\"https://oidc.eks.example\",\"exp\":"
            + (System.currentTimeMillis() / 1000 + 3600)
            + "}";
    String jwt =
        b64.encodeToString("{\"alg\":\"RS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + b64.encodeToString(claims.getBytes(StandardCharsets.UTF_8))
            + "."
            + b64.encodeToString("signature".getBytes(StandardCharsets.UTF_8));
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      return Files.writeString(file, jwt);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the web identity token " + file, e);
    }
  }
}
