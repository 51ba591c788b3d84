/**
 * {@code redsink verify}: reading a topic's log (or a file) once, streamed, into what the table
 * must hold, and reporting the engine's audit per table and partition.
 */
package dev.redsink.cli.verify;
