/**
 * A one-node Kafka broker for the demo and for tests; needs the Kafka broker jars, which the
 * emulator declares optional so that only modules asking for them get them.
 */
package dev.redsink.emulator.kafka;
