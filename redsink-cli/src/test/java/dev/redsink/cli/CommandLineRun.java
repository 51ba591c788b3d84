package dev.redsink.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One redsink command line run in this JVM, as {@code main} runs it, with its output captured. */
record CommandLineRun(int exitCode, String out, String err) {

  static CommandLineRun of(StopSignal stop, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Redsink.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), stop);
    return new CommandLineRun(code, out.toString(), err.toString());
  }

  static CommandLineRun of(String... args) {
    return of(StopSignal.manual(), args);
  }
}
