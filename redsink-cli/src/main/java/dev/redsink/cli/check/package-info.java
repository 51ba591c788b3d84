/** {@code redsink check}: the advice printed for each kind of failed preflight check. */
package dev.redsink.cli.check;
