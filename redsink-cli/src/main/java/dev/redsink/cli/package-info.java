/** The redsink command. */
package dev.redsink.cli;
