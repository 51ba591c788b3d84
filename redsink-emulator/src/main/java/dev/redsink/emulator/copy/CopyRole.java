package dev.redsink.emulator.copy;

import java.util.Optional;

/** The IAM role a COPY names: an ARN, or the cluster's default role ({@code IAM_ROLE default}). */
public record CopyRole(Optional<String> arn) {
  /** {@code IAM_ROLE default}. */
  public static final CopyRole CLUSTER_DEFAULT = new CopyRole(Optional.empty());

  public static CopyRole of(String arn) {
    return new CopyRole(Optional.of(arn));
  }

  public boolean isClusterDefault() {
    return arn.isEmpty();
  }
}
