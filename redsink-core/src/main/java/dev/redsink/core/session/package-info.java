/**
 * The parts of a sink session that no runtime owns: the buffer and its flush limits, the positions
 * and committed offsets per partition, and the one load running beside consumption.
 */
package dev.redsink.core.session;
