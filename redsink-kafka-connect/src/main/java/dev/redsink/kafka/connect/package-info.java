/** The Kafka Connect sink plugin over redsink-core. */
package dev.redsink.kafka.connect;
