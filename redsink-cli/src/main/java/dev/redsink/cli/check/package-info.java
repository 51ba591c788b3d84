/** {@code redsink check}: the preflight a user runs before going live. */
package dev.redsink.cli.check;
