package dev.redsink.demo;

/** The demo artifact as the tests start it: target/redsink-demo.jar, or its main class. */
final class DemoJar {
  static final String NAME = "redsink-demo.jar";
  static final String MAIN = RedsinkDemo.class.getName();

  private DemoJar() {}
}
