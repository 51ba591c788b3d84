package dev.redsink.cli;

import dev.redsink.core.error.InvalidConfigException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Prints a command's failure as one readable message (the cause chain's messages, never a stack
 * trace unless {@code REDSINK_DEBUG} is set) and maps it to exit code 1.
 */
public final class FailureReport implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception e, CommandLine line, ParseResult parsed) {
    line.getErr().println("redsink: " + describe(e));
    if (System.getenv("REDSINK_DEBUG") != null) {
      e.printStackTrace(line.getErr());
    }
    line.getErr().flush();
    return ExitCodes.FAILED;
  }

  /** The exception's message followed by its causes' messages that add something. */
  public static String describe(Throwable e) {
    if (e instanceof InvalidConfigException) {
      return e.getMessage();
    }
    StringBuilder text = new StringBuilder(message(e));
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      String message = message(cause);
      if (message != null && !text.toString().contains(message)) {
        text.append(": ").append(message);
      }
    }
    return text.toString();
  }

  /**
   * A message that says what is wrong: the JDK's file exceptions carry only the path ("redsink:
   * missing.ndjson" would name the file but not the problem).
   */
  private static String message(Throwable e) {
    if (e instanceof NoSuchFileException f) {
      return "Cannot read " + f.getFile() + ": no such file";
    }
    if (e instanceof AccessDeniedException f) {
      return "Cannot read " + f.getFile() + ": permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() == null) {
      return "Cannot read " + f.getFile();
    }
    return String.valueOf(e.getMessage());
  }
}
