package dev.redsink.emulator;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/** psql against an emulator: the connection options, the password in the environment. */
final class Psql {

  private static final String PATH = "/usr/bin/psql";

  private Psql() {}

  static boolean installed() {
    return new File(PATH).canExecute();
  }

  /** psql, without the user's psqlrc or pager, connected to the emulator, then {@code options}. */
  static ProcessBuilder command(RedshiftEmulator emulator, List<String> options) {
    List<String> args =
        new ArrayList<>(
            List.of(
                PATH,
                "-X",
                "-h",
                emulator.host(),
                "-p",
                String.valueOf(emulator.port()),
                "-U",
                emulator.user(),
                "-d",
                emulator.database()));
    args.addAll(options);
    ProcessBuilder pb = new ProcessBuilder(args);
    pb.environment().put("PGPASSWORD", emulator.password());
    pb.environment().put("PAGER", "");
    return pb;
  }
}
