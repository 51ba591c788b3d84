package dev.redsink.emulator.aws;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The AWS API calls the emulator answers on its S3 endpoint, routed by the service in the request's
 * SigV4 credential scope ({@code sts}, {@code redshift}, {@code redshift-serverless}) or, for STS's
 * unsigned AssumeRoleWithWebIdentity, by its Action. Every answered call is recorded as {@code
 * service:Action} with the caller's ARN, so tests can see which path a client took.
 */
public final class AwsApis {

  /** One answered (or refused) call. */
  public record Call(String service, String action, String caller, int status) {
    @Override
    public String toString() {
      return service + ":" + action + " by " + caller + " -> " + status;
    }
  }

  private static final int MAX_CALLS_KEPT = 10_000;

  private final AccessKeys keys;
  private final DatabaseLogins logins;
  private final Cluster cluster;
  private final Sts sts;
  private final RedshiftApi redshift;
  private final ServerlessApi serverless;
  private final ContainerCredentials containers;
  private final List<Call> calls = new ArrayList<>();

  public AwsApis(AccessKeys keys, Cluster cluster, Clock clock) {
    this.keys = keys;
    this.cluster = cluster;
    this.logins = new DatabaseLogins(clock);
    this.sts = new Sts(keys);
    this.redshift = new RedshiftApi(cluster, logins);
    this.serverless = new ServerlessApi(cluster, logins);
    this.containers = new ContainerCredentials(keys);
  }

  public AccessKeys keys() {
    return keys;
  }

  /** The temporary database logins the calls issued. */
  public DatabaseLogins logins() {
    return logins;
  }

  /** Every call so far (the latest 10,000), in order. */
  public synchronized List<Call> calls() {
    return List.copyOf(calls);
  }

  /** Answers one API request. */
  public AwsResponse answer(AwsRequest request) {
    String requestId = UUID.randomUUID().toString();
    if (request.path().startsWith(ContainerCredentials.PATH)) {
      AwsResponse answer = containers.answer(request);
      return record("container-credentials", "GET", request.path(), answer);
    }
    Optional<String> target = request.header("X-Amz-Target");
    if (target.isPresent() && target.get().startsWith(ServerlessApi.TARGET_PREFIX)) {
      String operation = target.get().substring(ServerlessApi.TARGET_PREFIX.length());
      try {
        SigV4.Signed signer = signed(request, "redshift-serverless");
        AwsResponse ok = AwsResponse.json(serverless.answer(operation, request.body(), signer));
        return record("redshift-serverless", operation, signer.key().principal().arn(), ok);
      } catch (AwsError e) {
        return record("redshift-serverless", operation, "?", ServerlessApi.error(e));
      }
    }
    Map<String, String> params = request.parameters();
    String action = params.getOrDefault("Action", "");
    String service =
        SigV4.service(request).orElse(Sts.isUnsigned(action) ? "sts" : "").toLowerCase(Locale.ROOT);
    String namespace = service.equals("redshift") ? RedshiftApi.NAMESPACE : Sts.NAMESPACE;
    try {
      return switch (service) {
        case "sts" -> {
          Optional<SigV4.Signed> signer =
              Sts.isUnsigned(action) && request.header("Authorization").isEmpty()
                  ? Optional.empty()
                  : Optional.of(SigV4.verify(request, keys));
          String caller = signer.map(s -> s.key().principal().arn()).orElse("web identity");
          yield record(
              "sts",
              action,
              caller,
              AwsResponse.xml(sts.answer(action, params, signer, requestId)));
        }
        case "redshift" -> {
          SigV4.Signed signer = signed(request, "redshift");
          yield record(
              "redshift",
              action,
              signer.key().principal().arn(),
              AwsResponse.xml(redshift.answer(action, params, signer, requestId)));
        }
        default -> throw AwsError.missingAuthentication();
      };
    } catch (AwsError e) {
      return record(service, action, "?", Xml.error(e, namespace, requestId));
    }
  }

  private SigV4.Signed signed(AwsRequest request, String service) throws AwsError {
    SigV4.Signed signer = SigV4.verify(request, keys);
    if (!signer.region().equals(cluster.region())) {
      throw AwsError.signature(
          "Credential should be scoped to a valid region, not '"
              + signer.region()
              + "'. The"
              + " emulated "
              + service
              + " is in "
              + cluster.region()
              + ".");
    }
    return signer;
  }

  private synchronized AwsResponse record(
      String service, String action, String caller, AwsResponse response) {
    if (calls.size() == MAX_CALLS_KEPT) {
      calls.remove(0); // a long-running emulator keeps the latest calls only
    }
    calls.add(new Call(service, action, caller, response.status()));
    return response;
  }
}
