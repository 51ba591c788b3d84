package dev.redsink.emulator.fault;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The armed SQL fault rules ("the next 2 statements matching COMMIT drop before their reply") and
 * the log of fired faults. Patterns are found case-insensitively in the statement as the client
 * sent it.
 */
public final class SqlFaults {

  private static final class Rule {
    final Pattern pattern;
    final SqlFault fault;
    int remaining;

    Rule(Pattern pattern, SqlFault fault, int remaining) {
      this.pattern = pattern;
      this.fault = fault;
      this.remaining = remaining;
    }
  }

  private final List<Rule> rules = new ArrayList<>();
  private final List<FiredSqlFault> fired = new ArrayList<>();

  /** Makes the next {@code count} statements matching {@code regex} suffer {@code fault}. */
  public synchronized void failNext(String regex, int count, SqlFault fault) {
    if (count < 0) {
      throw new IllegalArgumentException("Cannot arm fault: count must be >= 0, was " + count);
    }
    rules.add(new Rule(Pattern.compile(regex, Pattern.CASE_INSENSITIVE), fault, count));
  }

  /** How many SQL faults have fired. */
  public synchronized int fired() {
    return fired.size();
  }

  /** Every fault fired so far, in order. */
  public synchronized List<FiredSqlFault> firedFaults() {
    return List.copyOf(fired);
  }

  /** How many faults are armed and have not fired yet. */
  public synchronized int pending() {
    return rules.stream().mapToInt(r -> r.remaining).sum();
  }

  /** Disarms every pending fault and forgets the fired ones. */
  public synchronized void reset() {
    rules.clear();
    fired.clear();
  }

  /** Takes the fault for this statement, if one is armed, and records it as fired. */
  public synchronized Optional<SqlFault> take(String statement) {
    for (Iterator<Rule> it = rules.iterator(); it.hasNext(); ) {
      Rule r = it.next();
      if (r.remaining > 0 && r.pattern.matcher(statement).find()) {
        r.remaining--;
        if (r.remaining == 0) {
          it.remove();
        }
        fired.add(new FiredSqlFault(statement, r.fault));
        return Optional.of(r.fault);
      }
    }
    return Optional.empty();
  }
}
