/**
 * A Redshift cost profile: latency per statement, per commit (commits queue one at a time across
 * sessions), per COPY and per megabyte loaded, so clients see the emulator take time where a
 * cluster does. Off by default.
 */
package dev.redsink.emulator.cost;
