package dev.redsink.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An AWS shared config file as a host that assumes a role has one: a profile with {@code role_arn}
 * whose source profile holds an IAM user's long-term keys.
 */
public final class AwsConfigFile {
  private AwsConfigFile() {}

  /** Writes the file with {@code profile} assuming {@code roleArn} from the profile "base". */
  public static Path withRole(
      Path file,
      String profile,
      String roleArn,
      String sessionName,
      String accessKeyId,
      String secretAccessKey) {
    String text =
        "[profile "
            + profile
            + "]\nrole_arn = "
            + roleArn
            + "\nrole_session_name = "
            + sessionName
            + "\nsource_profile = base\n\n[profile base]\naws_access_key_id = "
            + accessKeyId
            + "\naws_secret_access_key = "
            + secretAccessKey
            + "\n";
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      return Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the AWS config file " + file, e);
    }
  }
}
