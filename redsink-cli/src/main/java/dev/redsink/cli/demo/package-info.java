/** {@code redsink demo}: an embedded Kafka broker and sample order events. */
package dev.redsink.cli.demo;
