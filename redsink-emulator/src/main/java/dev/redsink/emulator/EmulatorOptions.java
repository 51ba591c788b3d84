package dev.redsink.emulator;

import dev.redsink.emulator.copy.IamRoles;
import dev.redsink.emulator.cost.CostProfile;
import dev.redsink.emulator.wire.SessionEnvironment.AuthMethod;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How to start the emulator: ports, users and passwords, and how clients authenticate. The defaults
 * give a random port and one superuser, "redsink" with password "Redsink1".
 */
public final class EmulatorOptions {

  /** The default user, a superuser like a cluster's admin user. */
  public static final String DEFAULT_USER = "redsink";

  /** The default user's password. */
  public static final String DEFAULT_PASSWORD = "Redsink1";

  /** A user of the emulated cluster. */
  public record User(String name, String password, boolean superuser) {
    @Override
    public String toString() {
      return "User[" + name + (superuser ? ", superuser" : "") + "]";
    }
  }

  private int port;
  private int s3Port;
  private AuthMethod authMethod = AuthMethod.MD5;
  private final Map<String, User> users = new LinkedHashMap<>();
  private IamRoles iamRoles = IamRoles.defaults();
  private String bucket = DEFAULT_BUCKET;
  private CostProfile costProfile = CostProfile.NONE;

  /** The bucket created at start. */
  public static final String DEFAULT_BUCKET = "redsink-staging";

  public static EmulatorOptions defaults() {
    return new EmulatorOptions();
  }

  /** The PostgreSQL-protocol port on 127.0.0.1; 0 (the default) picks a free one. */
  public EmulatorOptions port(int port) {
    this.port = port;
    return this;
  }

  /** The S3 endpoint's port on 127.0.0.1; 0 (the default) picks a free one. */
  public EmulatorOptions s3Port(int port) {
    this.s3Port = port;
    return this;
  }

  public EmulatorOptions authMethod(AuthMethod method) {
    this.authMethod = method;
    return this;
  }

  /** Adds a non-superuser login (privileges are granted with SQL as in Redshift). */
  public EmulatorOptions user(String name, String password) {
    users.put(name, new User(name, password, false));
    return this;
  }

  /** Replaces the default superuser's name and password. */
  public EmulatorOptions superuser(String name, String password) {
    users.remove(DEFAULT_USER);
    users.put(name, new User(name, password, true));
    return this;
  }

  /** The IAM roles attached to the emulated cluster (default: one role, also the default). */
  public EmulatorOptions iamRoles(IamRoles roles) {
    this.iamRoles = roles;
    return this;
  }

  /** The bucket created at start (default {@value #DEFAULT_BUCKET}). */
  public EmulatorOptions bucket(String name) {
    this.bucket = name;
    return this;
  }

  /**
   * The latencies the emulator adds per statement, commit, COPY and megabyte loaded (default {@link
   * CostProfile#NONE}: none); see docs/emulator.md.
   */
  public EmulatorOptions costProfile(CostProfile profile) {
    this.costProfile = profile;
    return this;
  }

  CostProfile costProfile() {
    return costProfile;
  }

  IamRoles iamRoles() {
    return iamRoles;
  }

  String bucket() {
    return bucket;
  }

  int port() {
    return port;
  }

  int s3Port() {
    return s3Port;
  }

  AuthMethod authMethod() {
    return authMethod;
  }

  /** Every user, the superuser first. */
  Map<String, User> users() {
    Map<String, User> all = new LinkedHashMap<>();
    if (users.values().stream().noneMatch(User::superuser)) {
      all.put(DEFAULT_USER, new User(DEFAULT_USER, DEFAULT_PASSWORD, true));
    }
    users.values().stream().filter(User::superuser).forEach(u -> all.put(u.name(), u));
    users.values().stream().filter(u -> !u.superuser()).forEach(u -> all.put(u.name(), u));
    return all;
  }
}
