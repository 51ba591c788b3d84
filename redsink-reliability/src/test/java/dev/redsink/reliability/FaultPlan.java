package dev.redsink.reliability;

import dev.redsink.emulator.RedshiftEmulator;

/**
 * Which faults a scenario arms before which of its writes, and how many it armed; the scenario
 * fails unless exactly that many fired.
 */
final class FaultPlan {

  /** Arms faults on the emulator and says how many. */
  @FunctionalInterface
  interface Arming {
    int arm(RedshiftEmulator emulator);
  }

  private final String description;
  private final int period;
  private final int first;
  private final int last;
  private final Arming arming;
  private int armed;

  private FaultPlan(String description, int period, int first, int last, Arming arming) {
    this.description = description;
    this.period = period;
    this.first = first;
    this.last = last;
    this.arming = arming;
  }

  static FaultPlan none() {
    return new FaultPlan("none", 1, Integer.MAX_VALUE, Integer.MAX_VALUE, e -> 0);
  }

  /** Arms before write {@code first} and every {@code period}-th write after it. */
  static FaultPlan every(String description, int period, int first, Arming arming) {
    return new FaultPlan(description, period, first, Integer.MAX_VALUE, arming);
  }

  /** Arms once, before write {@code at}. */
  static FaultPlan once(String description, int at, Arming arming) {
    return new FaultPlan(description, 1, at, at, arming);
  }

  /** Called by the loader before each write (0-based), while records remain. */
  void beforeWrite(int index, RedshiftEmulator emulator) {
    if (index >= first && index <= last && (index - first) % period == 0) {
      armed += arming.arm(emulator);
    }
  }

  int armed() {
    return armed;
  }

  String description() {
    return description;
  }
}
